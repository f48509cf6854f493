package plan

import (
	"fmt"
	"strings"
	"testing"

	"github.com/splicedev/splice/reshape"
	"github.com/splicedev/splice/template"
)

// stepWithTag is a YAML plan whose one step's input holds {{nope}}, its
// lines broken by br.
func stepWithTag(br string) string {
	return strings.Join([]string{"steps:", "  - id: A", "    tool_name: github__pr_view", `    input: {n: "x {{nope}}"}`, "    result: 1", ""}, br)
}

// TestLineBreaksPlaceAsTemplatesDo: a plan's lines may break at "\n",
// "\r\n" or a lone "\r"; its errors are placed as a template's are
// (DIALECT §2: lines break at "\n" alone), whatever YAML reads as a line.
func TestLineBreaksPlaceAsTemplatesDo(t *testing.T) {
	for _, br := range []string{"\n", "\r\n", "\r"} {
		text := stepWithTag(br)
		p := Load(text)
		if len(p.Errors) != 1 {
			t.Fatalf("%q: want one error, got %v", br, p.Errors)
		}
		want := template.PosOf(text, strings.Index(text, "{{nope}}"))
		if got := p.Errors[0].Doc; got != want || br == "\r" && got.Line != 1 {
			t.Errorf("%q: error at %v (offset %d), want %v (offset %d)", br, got, got.Offset, want, want.Offset)
		}
	}
}

// TestByteOrderMarkIgnored: a leading byte-order mark changes nothing in
// how a JSON or YAML plan reads, and is no column of its first line.
func TestByteOrderMarkIgnored(t *testing.T) {
	for _, text := range []string{
		`{"steps": [{"id": "A", "tool_name": "github__pr_view", "input": {"n": "{{nope}}"}, "result": 1}]}`,
		stepWithTag("\n"),
	} {
		plain, marked := Load(text), Load("\uFEFF"+text)
		if len(plain.Errors) != 1 || len(marked.Errors) != 1 {
			t.Fatalf("%.20q: errors %v, with a byte-order mark %v", text, plain.Errors, marked.Errors)
		}
		e, m := plain.Errors[0], marked.Errors[0]
		if m.Msg != e.Msg || m.Doc.Line != e.Doc.Line || m.Doc.Column != e.Doc.Column || m.Doc.Offset != e.Doc.Offset+len("\uFEFF") {
			t.Errorf("%.20q: with a byte-order mark %v at %v (offset %d), without %v at %v (offset %d)", text, m, m.Doc, m.Doc.Offset, e, e.Doc, e.Doc.Offset)
		}
	}
}

// TestRepeatedKeyIsAnError: a key given twice in one mapping is an error at
// the second, in the same words in JSON and in YAML.
func TestRepeatedKeyIsAnError(t *testing.T) {
	json := `{"steps": [{"id": "A", "id": "B", "tool_name": "github__pr_view", "input": {}, "result": 1}]}`
	yaml := "steps:\n  - id: A\n    id: B\n    tool_name: github__pr_view\n    input: {}\n    result: 1\n"
	var msgs []string
	for _, c := range []struct {
		text         string
		line, column int
	}{{json, 1, 24}, {yaml, 3, 5}} {
		p := Load(c.text)
		if len(p.Errors) != 1 || p.Errors[0].Kind != template.ToolError || p.Errors[0].Doc.Line != c.line || p.Errors[0].Doc.Column != c.column {
			t.Fatalf("%.20q: errors %v, want one ToolError at %d:%d", c.text, p.Errors, c.line, c.column)
		}
		msgs = append(msgs, p.Errors[0].Msg)
	}
	if !strings.HasPrefix(msgs[0], `duplicate key "id": first given at column `) || !strings.HasPrefix(msgs[1], `duplicate key "id": first given on line 2`) {
		t.Errorf("JSON says %q, YAML %q", msgs[0], msgs[1])
	}
}

// A document that does not parse keeps its error's fix and the segment
// it replaces, placed in the document: an editor offers it.
func TestDocumentErrorKeepsItsFix(t *testing.T) {
	text := "steps:\n  - id: a\n    tool_name: builtin__reshape\n    input: {shape: {x: {{input.n}}}}\n"
	p := Load(text)
	if len(p.Errors) != 1 {
		t.Fatalf("errors %v", p.Errors)
	}
	e, at := p.Errors[0], strings.Index(text, "{{")
	if e.Fix != `"{{input.n}}"` || e.DocSegStart != at || e.DocSegEnd != at+len("{{input.n}}") {
		t.Errorf("fix %q at [%d, %d), want [%d, %d)", e.Fix, e.DocSegStart, e.DocSegEnd, at, at+len("{{input.n}}"))
	}
}

// A name that is not one of those on offer (a key, a user tool, a
// branch, builtin__reshape misspelt) suggests the nearest, and its text,
// bare or quoted, is the segment a chosen name replaces.
func TestUnknownNameIsTheSegmentToReplace(t *testing.T) {
	for _, tt := range []struct{ text, name, want string }{
		{"steps:\n  - id: a\n    tool_name: builtin__reshape\n    inptu: {shape: {x: 1}}\n", "inptu", "input"},
		{`{"steps": [{"id": "a", "tool_name": "builtin__reshape", "inptu": {"shape": {"x": 1}}}]}`, "inptu", "input"},
		{"steps:\n  - id: a\n    tool_name: \"user__shot\"\n    input: {}\ntools:\n  - {name: shout, kind: reshape, shape: {x: 1}}\n", "user__shot", "user__shout"},
		{"steps:\n  - id: d\n    decide:\n      big: [{id: x, tool_name: builtin__reshape, input: {shape: {v: 1}}}]\n    branch: bgi\n", "bgi", "big"},
		{"steps:\n  - id: a\n    tool_name: builtin_reshape\n    input: {shape: {x: 1}}\n", "builtin_reshape", "builtin__reshape"},
		// Names other formats use, too far for an edit distance.
		{"steps:\n  - id: a\n    tool: github__pr_view\n    input: {}\n    result: {n: 1}\n", "tool", "tool_name"},
		{"steps:\n  - id: a\n    tool_name: github__pr_view\n    args: {}\n    result: {n: 1}\n", "args", "input"},
		{"steps:\n  - id: a\n    tool_name: search\n    input: {}\n    result: {hits: [1]}\n  - id: b\n    foreach: \"{{a.hits}}\"\n    tool_name: builtin__reshape\n    input: {shape: {n: \"{{item}}\"}}\n", "foreach", "over"},
	} {
		var e *Error
		for _, err := range Load(tt.text).Errors {
			if strings.Contains(err.Msg, tt.name) {
				e = err
			}
		}
		if e == nil {
			t.Fatalf("%q: no error names %s", tt.text, tt.name)
		}
		at := strings.Index(tt.text, tt.name)
		if e.Suggestion != tt.want || e.DocSegStart != at || e.DocSegEnd != at+len(tt.name) {
			t.Errorf("%q: suggestion %q, segment [%d, %d), want %q at [%d, %d)", tt.text, e.Suggestion, e.DocSegStart, e.DocSegEnd, tt.want, at, at+len(tt.name))
		}
		if fixed := Load(tt.text[:at] + e.Suggestion + tt.text[e.DocSegEnd:]); len(fixed.Errors) != 0 {
			t.Errorf("%q: the suggestion put in place leaves %v", tt.text, fixed.Errors)
		}
	}
}

// An alias is no suggestion when the step has the key it stands for: the
// two would be one key twice.
func TestAliasOfAKeyPresentIsNotSuggested(t *testing.T) {
	p := Load("steps:\n  - id: a\n    tool_name: github__pr_view\n    tool: x\n    input: {}\n    result: {n: 1}\n")
	if len(p.Errors) != 1 || p.Errors[0].Suggestion != "" {
		t.Errorf("errors %v, suggestion %q", p.Errors, p.Errors[0].Suggestion)
	}
}

// Steps written as one step's mapping, its dash forgotten, come with the
// line that makes them a list; a flow mapping, whose line holds more, none.
func TestStepsAsAMappingGetTheirDash(t *testing.T) {
	for _, tt := range []struct{ text, line, fix string }{
		{"steps:\n  id: a\n  tool_name: builtin__reshape\n  input: {shape: {x: 1}}\n", "  id: a", "- id: a"},
		{"input: {}\nsteps:\n    id: a\r\n    tool_name: builtin__reshape\n    input: {shape: {x: 1}}\nsolver: \"{{a.x}}\"\n", "    id: a", "  - id: a"},
		{"steps: {id: a, tool_name: builtin__reshape, input: {shape: {x: 1}}}\n", "", ""},
	} {
		p := Load(tt.text)
		if len(p.Errors) == 0 {
			t.Fatalf("%q: no error", tt.text)
		}
		e := p.Errors[0]
		if e.Fix != tt.fix {
			t.Errorf("%q: fix %q, want %q", tt.text, e.Fix, tt.fix)
		}
		if tt.fix == "" {
			continue
		}
		if at := strings.Index(tt.text, tt.line); e.SegStart != at || e.SegEnd != at+len(tt.line) || e.DocSegStart != at || e.DocSegEnd != at+len(tt.line) {
			t.Errorf("%q: replaces [%d, %d) (in the document [%d, %d)), want [%d, %d)", tt.text, e.SegStart, e.SegEnd, e.DocSegStart, e.DocSegEnd, at, at+len(tt.line))
		}
		if fixed := Load(tt.text[:e.SegStart] + e.Fix + tt.text[e.SegEnd:]); len(fixed.Errors) != 0 {
			t.Errorf("%q: the fix leaves %v", tt.text, fixed.Errors)
		}
	}
}

// A shape written as a key of its step offers the line as the step's
// input, when it fits on its line.
func TestShapeOutsideItsInputIsMended(t *testing.T) {
	text := "steps:\n  - id: a\n    tool_name: builtin__reshape\n    shape: {x: \"{{input}}\"}\n"
	var e *Error
	for _, err := range Load(text).Errors {
		if strings.Contains(err.Msg, `unknown key "shape"`) {
			e = err
		}
	}
	if e == nil || e.Fix != `input: {shape: {x: "{{input}}"}}` || !strings.Contains(e.Msg, "input: {shape: …}") {
		t.Fatalf("error %v, fix %q", e, e.Fix)
	}
	if fixed := Load(text[:e.DocSegStart] + e.Fix + text[e.DocSegEnd:]); len(fixed.Errors) != 0 {
		t.Errorf("the fix leaves %v", fixed.Errors)
	}
	block := Load("steps:\n  - id: a\n    tool_name: builtin__reshape\n    shape:\n      x: 1\n")
	for _, err := range block.Errors {
		if err.Fix != "" {
			t.Errorf("a shape over several lines got a one-line fix: %v", err)
		}
	}
}

// The dash fix's trial reads the steps' lines alone: what follows them
// costs it nothing.
func TestDashFixReadsTheStepsAlone(t *testing.T) {
	allocs := func(n int) float64 {
		var b strings.Builder
		b.WriteString("steps:\n  id: a\n  tool_name: builtin__reshape\n  input: {shape: {x: 1}}\ninput:\n")
		for i := 0; b.Len() < n; i++ {
			fmt.Fprintf(&b, "  k%d: {title: some text, n: %d}\n", i, i)
		}
		doc, err := reshape.ParseDocument(b.String())
		if err != nil {
			t.Fatal(err)
		}
		l := loader{p: newPlan(), doc: doc}
		l.load()
		if len(l.errs) == 0 || l.errs[0].Fix != "- id: a" {
			t.Fatalf("errors %v, want the dash fix first", l.errs)
		}
		e := *l.errs[0]
		return testing.AllocsPerRun(5, func() { f := e; l.dashFix(&f) })
	}
	if small, large := allocs(20_000), allocs(80_000); large > small*1.1 {
		t.Errorf("the dash fix allocates %.0f times after 20 KB of input and %.0f after 80 KB", small, large)
	}
}
