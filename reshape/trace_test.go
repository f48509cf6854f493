//go:build !splice_lite

package reshape

import (
	"testing"

	"github.com/splicedev/splice/template"
)

// traced runs subj through the engine's runner, tracing.
func traced(subj template.Subject, roots template.Roots) template.Result {
	return template.Run(subj, roots.Scope(nil, nil, false), roots, &template.Env{Tracing: true})
}

// TestShapeTrace checks that one traced run gives Render's errors, the
// partial result with the failing leaf null, and each leaf's template
// trace, named by its leaf.
func TestShapeTrace(t *testing.T) {
	roots := template.Roots{{Name: "E0", Value: mustJSON(t, `{"x": true, "y": [1, 2]}`)}}.WithInput()
	shape, err := ParseShape(`{"a": "{{E0.x}}", "b": [1, "n={{#E0.y}}{{.}}{{/E0.y}}"], "c": {"d": "plain", "e": "{{E0.none}}"}}`)
	if err != nil {
		t.Fatal(err)
	}
	want, wantErr := shape.Render(roots)
	res := traced(shape, roots)
	partial := `{"a":true,"b":[1,"n=12"],"c":{"d":"plain","e":null}}`
	if res.OK() || wantErr == nil || res.Err.Error() != wantErr.Error() || !want.IsNull() || res.Value.JSON() != partial {
		t.Fatalf("traced run = %s, %v; Render = %s, %v", res.Value.JSON(), res.Err, want.JSON(), wantErr)
	}
	var entries []template.TraceEntry
	for _, l := range shape.Leaves() {
		entries = append(entries, l.Template.Trace(roots)...)
	}
	if len(res.Trace) != len(entries) {
		t.Fatalf("%d entries, want %d", len(res.Trace), len(entries))
	}
	leaves := []string{"/a", "/b/1", "/b/1", "/c/e"}
	for i, w := range entries {
		g := res.Trace[i]
		if g.At != leaves[i] || g.Path != w.Path || g.Count != w.Count || g.Found != w.Found || g.Value.JSON() != w.Value.JSON() {
			t.Errorf("entry %d: %+v, want %+v at %s", i, g, w, leaves[i])
		}
	}
}

// TestParseShapeLenient keeps the leaves that parse beside the errors of
// those that do not.
func TestParseShapeLenient(t *testing.T) {
	text := `{"a": "{{E0.x}}", "b": "{{E0.", "c": ["{{#E0.y}}"]}`
	_, strictErr := ParseShape(text)
	shape, err := ParseShapeLenient(text)
	if err == nil || FormatIn(err, "") != FormatIn(strictErr, "") {
		t.Fatalf("errors %v, want those of ParseShape: %v", err, strictErr)
	}
	if shape == nil || len(shape.Leaves()) != 1 || shape.Leaves()[0].At != "/a" {
		t.Fatalf("lenient shape %+v, want the leaf /a alone", shape)
	}
	if res := traced(shape, template.Roots{{Name: "E0", Value: mustJSON(t, `{"x": 1}`)}}); len(res.Trace) != 1 || res.Trace[0].Value.JSON() != "1" {
		t.Errorf("trace %+v", res.Trace)
	}
	if s, err := ParseShapeLenient(`[1]`); s != nil || err == nil {
		t.Errorf("an array: %v, %v", s, err)
	}
}

// TestToolCallTrace gives the call's result and its shape's trace in one
// run, and the trace still when the input fails input_schema.
func TestToolCallTrace(t *testing.T) {
	tool, err := LoadTool([]byte("name: card\nkind: reshape\ninput_schema:\n  type: object\n  required: [pr]\nshape:\n  title: \"#{{input.pr.number}}\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	res := traced(Call{tool, mustJSON(t, `{"pr": {"number": 7}}`)}, nil)
	if !res.OK() || res.Value.JSON() != `{"title":"#7"}` || len(res.Trace) != 1 || res.Trace[0].At != "/title" || res.Trace[0].Count != 1 {
		t.Fatalf("traced call = %s, %+v, %v", res.Value.JSON(), res.Trace, res.Err)
	}
	res = traced(Call{tool, mustJSON(t, `{}`)}, nil)
	if len(Errors(res.Err)) == 0 || Errors(res.Err)[0].Kind != template.InputError || len(res.Trace) != 1 {
		t.Errorf("a bad call: %+v, %v", res.Trace, res.Err)
	}
}
