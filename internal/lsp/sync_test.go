package lsp

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/splicedev/splice/internal/playground/hostileplans"
	"github.com/splicedev/splice/internal/playground/state"
)

// Positions count UTF-16 code units, and a line ends at \n, \r\n or \r.
func TestPositionsInUTF16AndCRLF(t *testing.T) {
	d := &document{text: "a😀b\r\nçd\re\n"}
	for _, tt := range []struct {
		off int
		pos Position
	}{
		{0, Position{0, 0}}, {1, Position{0, 1}}, {5, Position{0, 3}}, {6, Position{0, 4}},
		{8, Position{1, 0}}, {10, Position{1, 1}}, {11, Position{1, 2}}, {12, Position{2, 0}}, {14, Position{3, 0}},
	} {
		if got := d.position(tt.off); got != tt.pos {
			t.Errorf("position(%d) = %+v, want %+v", tt.off, got, tt.pos)
		}
		if got := d.offset(tt.pos); got != tt.off {
			t.Errorf("offset(%+v) = %d, want %d", tt.pos, got, tt.off)
		}
	}
	// Inside the surrogate pair is its start; past a line's end its end
	// (before \r\n); past the last line the text's end.
	for _, tt := range []struct {
		pos Position
		off int
	}{{Position{0, 2}, 1}, {Position{0, 40}, 6}, {Position{1, 9}, 11}, {Position{9, 0}, 14}, {Position{-1, 3}, 0}} {
		if got := d.offset(tt.pos); got != tt.off {
			t.Errorf("offset(%+v) = %d, want %d", tt.pos, got, tt.off)
		}
	}
}

// Incremental changes in a CRLF plan with astral characters before the
// edit land where the client says, and the diagnostics follow.
func TestIncrementalChangesWithAstralCharactersAndCRLF(t *testing.T) {
	cl := startServer(t)
	text := strings.ReplaceAll("input: {title: \"𝄞 😀 notes\"}\nsteps:\n  - id: a\n    tool_name: builtin__reshape\n    input: {shape: {t: \"😀😀 {{input.titel}}\"}}\n", "\n", "\r\n")
	diags := cl.open(planURI, text)
	// Line 4: `    input: {shape: {t: "😀😀 {{input.titel}}"}}`: titel starts
	// after 24 ASCII characters, two emoji (4 units), a space and
	// "{{input." (8): at 24+4+1+8 = 37.
	if len(diags) != 1 || diags[0].Range != (Range{Position{4, 37}, Position{4, 42}}) {
		t.Fatalf("diagnostics %+v", diags)
	}
	// Replace titel by title, in UTF-16 positions.
	diags = cl.change(planURI, 2, Range{Position{4, 37}, Position{4, 42}}, "title")
	if len(diags) != 0 {
		t.Fatalf("after the fix: %+v", diags)
	}
	// An edit across the CRLF of line 0 and into line 1: the document
	// must be exactly what the client has.
	diags = cl.change(planURI, 3, Range{Position{0, 29}, Position{1, 0}}, "\r\n")
	if len(diags) != 0 {
		t.Fatalf("after an edit over a line break: %+v", diags)
	}
	var h Hover
	cl.must("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": planURI}, "position": Position{4, 32}}, &h)
	if !strings.Contains(h.Contents.Value, `"𝄞 😀 notes"`) {
		t.Errorf("hover after the edits: %q", h.Contents.Value)
	}
	// Typing an astral character inside a leaf, then deleting it by its
	// two units.
	cl.change(planURI, 4, Range{Position{4, 29}, Position{4, 29}}, "😀")
	diags = cl.change(planURI, 5, Range{Position{4, 29}, Position{4, 31}}, "")
	if len(diags) != 0 {
		t.Fatalf("after typing and deleting an emoji: %+v", diags)
	}
	cl.must("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": planURI}, "position": Position{4, 32}}, &h)
	if !strings.Contains(h.Contents.Value, `{{input.title}}`) {
		t.Errorf("hover after the emoji: %q", h.Contents.Value)
	}
}

// A template file alone is checked for what its text decides: syntax and
// scope, not the steps, which it does not know.
func TestTemplateAndToolFiles(t *testing.T) {
	cl := startServer(t)
	diags := cl.open("file:///w/card.splice", "PR {{E1.number}} {{#E1.labels}}{{.}}{{/E1.labels}} {{@index}} {{#x}")
	var kinds []string
	for _, d := range diags {
		kinds = append(kinds, d.Code)
	}
	if strings.Join(kinds, " ") != "ParseError" {
		t.Errorf("template diagnostics %+v", diags)
	}
	tool := "name: card\nkind: reshape\ninput_schema: {type: object, properties: {number: {type: integer}}}\nshape: {n: \"{{input.number}}\", e: \"{{E1.x}}\"}\n"
	diags = cl.open("file:///w/.graph/tools/card.yaml", tool)
	if len(diags) != 1 || diags[0].Code != "MissingStep" {
		t.Errorf("tool diagnostics %+v", diags)
	}
	// A shape by its name; a data file that is none of Splice's is left
	// alone, whatever its strings hold, until it becomes a plan.
	if diags := cl.open("file:///w/card.shape.yaml", "pr: \"{{E1.number}\"\n"); len(diags) != 1 || diags[0].Code != "ParseError" {
		t.Errorf("shape diagnostics %+v", diags)
	}
	chart := "image: \"{{ .Values.image }}\"\n"
	if diags := cl.open("file:///w/chart.yaml", chart); len(diags) != 0 {
		t.Errorf("a chart's diagnostics %+v", diags)
	}
	end := Position{1, 0}
	if diags := cl.change("file:///w/chart.yaml", 2, Range{end, end}, "steps: [{id: a, tool_name: builtin__reshape, input: {shape: {x: \"{{a.b}}\"}}}]\n"); len(diags) != 2 {
		t.Errorf("the chart become a plan: %+v", diags)
	}
	var list CompletionList
	cl.must("textDocument/completion", map[string]any{"textDocument": map[string]any{"uri": "file:///w/.graph/tools/card.yaml"}, "position": at(t, tool, "{{input.", len("{{input."))}, &list)
	if got := labels(list); len(got) == 0 || got[0] != "number:number" {
		t.Errorf("completion from the input schema: %q", got)
	}
}

// Hostile documents get diagnostics, never a dead server: the
// playground's own hostile plans, text that is no YAML, a document past
// the size the playground opens.
func TestHostileDocumentsKeepTheServerUp(t *testing.T) {
	cl := startServer(t)
	hostile := map[string]string{
		"nested.yaml":   hostileplans.NestedDecides(40, 10_000, 5),
		"iter.yaml":     hostileplans.LargeIterations(10, 200_000),
		"hidden.yaml":   hostileplans.HiddenTags(500),
		"brackets.yaml": strings.Repeat("[", 100_000),
		"tabs.yaml":     "steps:\n\t- id: x\n" + strings.Repeat("\x00\xff{{", 1000),
		"deep.json":     `{"steps": ` + strings.Repeat(`{"a":`, 50_000),
		"big.yaml":      "steps: []\nsolver: \"" + strings.Repeat("x", maxDocument) + "\"\n",
	}
	for name, text := range hostile {
		uri := "file:///h/" + name
		diags := cl.open(uri, text)
		if name == "big.yaml" && (len(diags) != 1 || diags[0].Code != "LimitError") {
			t.Errorf("%s: %+v", name, diags)
		}
		for _, method := range []string{"textDocument/documentSymbol", "textDocument/inlayHint", "textDocument/codeAction"} {
			if err := cl.request(method, map[string]any{"textDocument": map[string]any{"uri": uri}, "range": Range{End: Position{1 << 20, 0}}}, nil); err != nil {
				t.Errorf("%s %s: %v", name, method, err)
			}
		}
		for _, method := range []string{"textDocument/completion", "textDocument/hover", "textDocument/definition", "textDocument/prepareRename"} {
			if err := cl.request(method, map[string]any{"textDocument": map[string]any{"uri": uri}, "position": Position{1, 3}}, nil); err != nil {
				t.Errorf("%s %s: %v", name, method, err)
			}
		}
		// An edit whose range is past the end is clamped to it.
		cl.change(uri, 2, Range{Position{1 << 30, 5}, Position{1 << 30, 9}}, "\n")
	}
}

// In a template file a root is renamed across the template, and its
// references found; input is the dialect's and stays.
func TestRenameARootAcrossATemplate(t *testing.T) {
	cl := startServer(t)
	uri := "file:///w/card.splice"
	text := "{{#E1.labels}}{{name}} of {{E1.number}}{{/E1.labels}} for {{input.repo}}\n"
	cl.open(uri, text)
	pos := at(t, text, "{{E1.number", 3)
	var refs []Location
	cl.must("textDocument/references", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": pos, "context": map[string]any{"includeDeclaration": true}}, &refs)
	if len(refs) != 3 {
		t.Errorf("references of E1: %+v", refs)
	}
	var edit WorkspaceEdit
	cl.must("textDocument/rename", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": pos, "newName": "pr"}, &edit)
	if got := apply(t, text, edit.Changes[uri]); got != strings.ReplaceAll(text, "E1", "pr") {
		t.Errorf("renamed: %q", got)
	}
	if err := cl.request("textDocument/rename", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": at(t, text, "{{input", 3), "newName": "x"}, nil); err == nil {
		t.Error("input renamed")
	}
}

// Any sequence of changes leaves the document and its session holding
// the same text, and positions and offsets converting back and forth.
func FuzzChanges(f *testing.F) {
	f.Add(prPlan, 8, 33, 8, 38, "title", 2, 0, 2, 0, "😀\r\n")
	f.Add("a😀b\r\nçd\re\n", 0, 2, 1, 1, "{{x", 3, 0, 0, 0, "")
	f.Fuzz(func(t *testing.T, text string, l1, c1, l2, c2 int, insert string, l3, c3, l4, c4 int, insert2 string) {
		if len(text) > 1<<12 || len(insert)+len(insert2) > 1<<10 {
			return
		}
		d := openDocument("file:///f/plan.yaml", 1, text)
		for _, c := range []contentChange{
			{Range: &Range{Position{l1, c1}, Position{l2, c2}}, Text: insert},
			{Range: &Range{Position{l3, c3}, Position{l4, c4}}, Text: insert2},
		} {
			before := d.text
			from, to := d.offset(c.Range.Start), d.offset(c.Range.End)
			if err := d.change(c); err != nil {
				if from <= to {
					t.Fatalf("change %+v refused: %v", c, err)
				}
				continue
			}
			if want := before[:from] + c.Text + before[to:]; d.text != want {
				t.Fatalf("after %+v: %q, want %q", c, d.text, want)
			}
			if d.ss != nil && d.ss.State.Text(state.Target{}) != d.text {
				t.Fatalf("the session holds %q, the document %q", d.ss.State.Text(state.Target{}), d.text)
			}
		}
		for off := 0; off <= len(d.text); off++ {
			if off < len(d.text) && !utf8.RuneStart(d.text[off]) {
				continue
			}
			if off > 0 && off < len(d.text) && d.text[off-1] == '\r' && d.text[off] == '\n' {
				continue // between \r and \n: no position
			}
			if got := d.offset(d.position(off)); got != off {
				t.Fatalf("offset(position(%d)) = %d in %q", off, got, d.text)
			}
		}
	})
}

// No document and no request, however made, makes the server fail: every
// method at any place of any text is answered without an internal error.
func FuzzRequests(f *testing.F) {
	f.Add(prPlan, 8, 35, "fetch_pr")
	f.Add("steps:\n  - id: a\n    over: \"{{input.x}}\"\n    tool_name: t\n", 2, 9, "{{")
	f.Add("{{#a}}{{.}}{{/a}}", 0, 3, "b")
	f.Fuzz(func(t *testing.T, text string, line, char int, name string) {
		if len(text) > 1<<12 || len(name) > 64 {
			return
		}
		var out strings.Builder
		s := &server{c: newConn(strings.NewReader(""), &out), docs: map[string]*document{}, pending: map[string]bool{}}
		call := func(method string, params any) {
			raw, _ := json.Marshal(params)
			s.handle(&message{ID: json.RawMessage(`1`), Method: method, Params: raw}, nil)
		}
		call("initialize", map[string]any{})
		uri := "file:///f/plan.yaml"
		s.handle(&message{Method: "textDocument/didOpen", Params: mustJSON(map[string]any{"textDocument": map[string]any{"uri": uri, "version": 1, "text": text}})}, nil)
		doc := map[string]any{"uri": uri}
		pos := Position{line, char}
		for _, method := range []string{"textDocument/completion", "textDocument/hover", "textDocument/definition", "textDocument/prepareRename"} {
			call(method, map[string]any{"textDocument": doc, "position": pos})
		}
		call("textDocument/references", map[string]any{"textDocument": doc, "position": pos, "context": map[string]any{"includeDeclaration": true}})
		call("textDocument/rename", map[string]any{"textDocument": doc, "position": pos, "newName": name})
		whole := Range{End: Position{1 << 20, 0}}
		for _, method := range []string{"textDocument/documentSymbol", "textDocument/codeAction", "textDocument/inlayHint"} {
			call(method, map[string]any{"textDocument": doc, "range": whole})
		}
		s.handle(&message{Method: "textDocument/didChange", Params: mustJSON(map[string]any{"textDocument": map[string]any{"uri": uri, "version": 2},
			"contentChanges": []any{map[string]any{"range": Range{pos, pos}, "text": name}}})}, nil)
		s.publishStale()
		if strings.Contains(out.String(), `"code":-32603`) || strings.Contains(out.String(), "failed:") {
			t.Fatalf("an internal error: %s", out.String())
		}
	})
}

func mustJSON(v any) json.RawMessage {
	raw, _ := json.Marshal(v)
	return raw
}
