package reshape

import (
	"strings"
	"testing"

	"github.com/splicedev/splice/template"
)

// FuzzShape parses, checks and renders arbitrary shape text against
// arbitrary roots. It must never panic; every error must name, by At, a
// place that exists in the shape (a string leaf, for template errors) and
// be positioned within its source.
func FuzzShape(f *testing.F) {
	seeds := []struct{ shape, roots string }{
		{`{"a":"{{E0.x}}","b":["PR #{{E0.n}}",{"c":"{{#E0.l}}{{.}}{{/E0.l}}"}]}`, `{"E0":{"x":1,"n":2,"l":["a"]}}`},
		{"a: \"{{E0.x}}\"\nb:\n  - \"{{input.y}}\"\n  - {c: 0x1F}\n", `{"input":{"y":[1]},"E0":{}}`},
		{`{"a/b":{"~":"{{E0.nope}}"},"":"{{E9.x}}"}`, `{"E0":{"k":null}}`},
		{`{"x":"{{! c}}","y":"{{.}}","z":"{{#a}}"}`, `{}`},
		{"a: &x \"{{E0.v}}\"\nb: *x\n", `{"E0":{"v":"{{E0.v}}"}}`},
		{`[1]`, `{}`},
		{"a: .inf\n", `{}`},
		{`{"a":`, `{}`},
	}
	for _, s := range seeds {
		f.Add(s.shape, s.roots)
	}
	f.Fuzz(func(t *testing.T, text, rootsJSON string) {
		roots := template.Roots{{Name: "input", Value: template.ObjectValue(nil)}}
		if given, err := template.ParseJSONString(rootsJSON); err == nil {
			for _, m := range given.Members() {
				if m.Key == "input" {
					roots[0].Value = m.Value
				} else if template.ValidateStepID(m.Key) == "" {
					roots = append(roots, template.Root{Name: m.Key, Value: m.Value})
				}
			}
		}
		doc, _ := ParseData(text)
		s, err := ParseShape(text)
		checkFuzzErrors(t, doc, err)
		checkDocPositions(t, text, err)
		if err != nil {
			return
		}
		err = s.Check(template.Scope{Roots: roots.Names()})
		checkFuzzErrors(t, doc, err)
		if err != nil {
			return
		}
		v, err := s.Render(roots)
		checkFuzzErrors(t, doc, err)
		checkDocPositions(t, text, err)
		if err == nil {
			if _, perr := template.ParseJSONString(v.JSON()); perr != nil {
				t.Fatalf("rendered invalid JSON %s: %v", v.JSON(), perr)
			}
		}
	})
}

func checkFuzzErrors(t *testing.T, doc template.Value, err error) {
	t.Helper()
	errs := Errors(err)
	if err != nil && len(errs) == 0 {
		t.Fatalf("untyped error %v", err)
	}
	for _, e := range errs {
		if e.Pos.Line < 1 || e.Pos.Column < 1 {
			t.Fatalf("error without a position: %v", e)
		}
		if e.Source != "" && template.PosOf(e.Source, e.Pos.Offset) != e.Pos {
			t.Fatalf("position %v is not offset %d of its source %q", e.Pos, e.Pos.Offset, e.Source)
		}
		if e.At == "" {
			continue
		}
		leaf, ok := template.ResolvePointer(doc, e.At)
		if !ok {
			t.Fatalf("error at %q names nothing in the shape %s: %v", e.At, doc.JSON(), e)
		}
		if e.Kind != template.ToolError && (leaf.Kind() != template.String || leaf.Str() != e.Source) {
			t.Fatalf("error at %q is not in its leaf %s: %v (source %q)", e.At, leaf.JSON(), e, e.Source)
		}
	}
}

// checkDocPositions asserts that an error placed in the document points at
// its tag there: the "{{" (or an escape standing for it) at a position
// that is the offset's own.
func checkDocPositions(t *testing.T, text string, err error) {
	t.Helper()
	for _, e := range Errors(err) {
		if e.Doc.Line == 0 {
			continue
		}
		if template.PosOf(text, e.Doc.Offset) != e.Doc || e.DocEnd < e.Doc.Offset || e.DocEnd > len(text) {
			t.Fatalf("document position %+v (end %d) of %v is not its offset's", e.Doc, e.DocEnd, e)
		}
		if strings.HasPrefix(e.Source[e.Pos.Offset:], "{{") && text[e.Doc.Offset] != '{' && text[e.Doc.Offset] != '\\' {
			t.Fatalf("%v: the document has %q at %v, not its tag", e, text[e.Doc.Offset:min(e.Doc.Offset+8, len(text))], e.Doc)
		}
	}
}

// FuzzTool loads arbitrary tool files and calls them: no panic, and every
// error is typed and positioned within its source.
func FuzzTool(f *testing.F) {
	f.Add("name: card\nkind: reshape\nshape:\n  id: \"{{input.pr.number}}\"\n", `{"pr":{"number":1}}`)
	f.Add("name: g\nkind: reshape\ncaller_shape: true\ninput_schema: {type: object, required: [shape]}\n", `{"shape":{"a":1}}`)
	f.Add("name: x\nkind: exec\ncommand: [a, \"{{input.b}}\"]\ntimeout: 3s\n", `{}`)
	f.Add("name: x\nkind: reshape\nshape: {a: 1}\noutput_schema: {properties: {a: {type: string}}}\n", `{}`)
	f.Fuzz(func(t *testing.T, text, inputJSON string) {
		tool, err := LoadTool([]byte(text))
		if err != nil {
			checkFuzzErrors(t, template.Value{}, withoutAt(err))
			return
		}
		input, err := template.ParseJSONString(inputJSON)
		if err != nil {
			return
		}
		if _, err := tool.Call(input); err != nil {
			checkFuzzErrors(t, template.Value{}, withoutAt(err))
		}
	})
}

// withoutAt drops the leaf pointers (tool leaves are checked by FuzzShape)
// so that only typing and positions are checked.
func withoutAt(err error) error {
	var list ErrorList
	for _, e := range Errors(err) {
		c := *e
		c.At = ""
		list = append(list, &c)
	}
	if err != nil && list == nil {
		return err
	}
	return list
}
