//go:build !splice_lite

package reshape

import (
	"testing"

	"github.com/splicedev/splice/template"
)

// TestShapeRenderTrace checks that one traced render gives Render's value
// (or, where Render fails, the partial result with the failing leaf null)
// and each leaf's template trace.
func TestShapeRenderTrace(t *testing.T) {
	roots := template.Roots{{Name: "E0", Value: mustJSON(t, `{"x": true, "y": [1, 2]}`)}}
	shape, err := ParseShape(`{"a": "{{E0.x}}", "b": [1, "n={{#E0.y}}{{.}}{{/E0.y}}"], "c": {"d": "plain", "e": "{{E0.none}}"}}`)
	if err != nil {
		t.Fatal(err)
	}
	want, wantErr := shape.Render(roots)
	got, traces, err := shape.RenderTrace(roots)
	partial := `{"a":true,"b":[1,"n=12"],"c":{"d":"plain","e":null}}`
	if err == nil || wantErr == nil || err.Error() != wantErr.Error() || !want.IsNull() || got.JSON() != partial {
		t.Fatalf("RenderTrace = %s, %v; Render = %s, %v", got.JSON(), err, want.JSON(), wantErr)
	}
	if len(traces) != len(shape.Leaves()) {
		t.Fatalf("%d traces for %d leaves", len(traces), len(shape.Leaves()))
	}
	for i, l := range shape.Leaves() {
		alone := l.Template.Trace(roots)
		if traces[i].At != l.At || len(traces[i].Entries) != len(alone) {
			t.Fatalf("leaf %s: trace %+v, want %+v", l.At, traces[i], alone)
		}
		for j := range alone {
			g, w := traces[i].Entries[j], alone[j]
			if g.Path != w.Path || g.Count != w.Count || g.Found != w.Found || g.Value.JSON() != w.Value.JSON() {
				t.Errorf("leaf %s entry %d: %+v, want %+v", l.At, j, g, w)
			}
		}
	}
}

// TestParseShapeLenient keeps the leaves that parse beside the errors of
// those that do not.
func TestParseShapeLenient(t *testing.T) {
	text := `{"a": "{{E0.x}}", "b": "{{E0.", "c": ["{{#E0.y}}"]}`
	_, strictErr := ParseShape(text)
	shape, err := ParseShapeLenient(text)
	if err == nil || template.Format(err) != template.Format(strictErr) {
		t.Fatalf("errors %v, want those of ParseShape: %v", err, strictErr)
	}
	if shape == nil || len(shape.Leaves()) != 1 || shape.Leaves()[0].At != "/a" {
		t.Fatalf("lenient shape %+v, want the leaf /a alone", shape)
	}
	if _, traces, _ := shape.RenderTrace(template.Roots{{Name: "E0", Value: mustJSON(t, `{"x": 1}`)}}); len(traces) != 1 || traces[0].Entries[0].Value.JSON() != "1" {
		t.Errorf("traces %+v", traces)
	}
	if s, err := ParseShapeLenient(`[1]`); s != nil || err == nil {
		t.Errorf("an array: %v, %v", s, err)
	}
}

// TestToolCallTrace gives the call's result and its shape's trace in one
// render, and the trace still when the input fails input_schema.
func TestToolCallTrace(t *testing.T) {
	tool, err := LoadTool([]byte("name: card\nkind: reshape\ninput_schema:\n  type: object\n  required: [pr]\nshape:\n  title: \"#{{input.pr.number}}\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	v, traces, err := tool.CallTrace(mustJSON(t, `{"pr": {"number": 7}}`))
	if err != nil || v.JSON() != `{"title":"#7"}` || len(traces) != 1 || traces[0].At != "/title" || traces[0].Entries[0].Count != 1 {
		t.Fatalf("CallTrace = %s, %+v, %v", v.JSON(), traces, err)
	}
	_, traces, err = tool.CallTrace(mustJSON(t, `{}`))
	if template.Errors(err) == nil || template.Errors(err)[0].Kind != template.InputError || len(traces) != 1 {
		t.Errorf("a bad call: %+v, %v", traces, err)
	}
}

// TestSchemaCompiledOnce: loading a tool again reuses the compiled schema
// of the same text.
func TestSchemaCompiledOnce(t *testing.T) {
	doc := mustJSON(t, `{"type": "object", "required": ["only-in-this-test"]}`)
	a, issue := compileSchema(doc)
	if issue != nil {
		t.Fatal(issue.msg)
	}
	b, _ := compileSchema(mustJSON(t, `{"type":"object","required":["only-in-this-test"]}`))
	if a != b {
		t.Error("the same schema text was compiled twice")
	}
	c, _ := compileSchema(mustJSON(t, `{"type": "object"}`))
	if c == a {
		t.Error("another schema text got the cached schema")
	}
}
