package reshape

import (
	"slices"
	"strings"
	"testing"

	"github.com/splicedev/splice/template"
)

func mustJSON(t testing.TB, s string) template.Value {
	t.Helper()
	v, err := template.ParseJSONString(s)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// sampleRoots are the roots the shape tests render against.
func sampleRoots(t testing.TB) template.Roots {
	return template.Roots{
		{Name: "input", Value: mustJSON(t, `{"repo":"splice"}`)},
		{Name: "E1", Value: mustJSON(t, `{"number":7,"price":1.50,"baseRefOid":"abc","labels":[{"name":"bug"},{"name":"ui"}],"chart":"{{ .Values.x }}","draft":false,"none":null}`)},
	}
}

// errorSummary lists kind, leaf and position of every error.
func errorSummary(err error) []string {
	var out []string
	for _, e := range Errors(err) {
		out = append(out, e.Kind.String()+" "+e.At+" "+e.Pos.String())
	}
	return out
}

// TestShapeReportsEveryLeaf: each pass reports all failing leaves in
// document order, every one of their errors, not only the first.
func TestShapeReportsEveryLeaf(t *testing.T) {
	roots := sampleRoots(t)
	scope := template.Scope{Roots: roots.Names()}

	_, err := ParseShape(`{"z": "{{E1.}}", "a": ["ok", "{{! c }} {{}}"], "m": "{{#x}}"}`)
	want := []string{"ParseError /z 1:1", "ParseError /a/1 1:1", "ParseError /a/1 1:10", "ParseError /m 1:1"}
	if got := errorSummary(err); !slices.Equal(got, want) {
		t.Errorf("parse errors:\ngot  %q\nwant %q", got, want)
	}

	s, err := ParseShape(`{"z": "{{E9.a}}", "a": {"b": "{{.}} {{E8.x}}"}, "ok": "{{E1.number}}"}`)
	if err != nil {
		t.Fatal(err)
	}
	want = []string{"MissingStep /z 1:1", "ScopeError /a/b 1:1", "MissingStep /a/b 1:7"}
	if got := errorSummary(s.Check(scope)); !slices.Equal(got, want) {
		t.Errorf("check errors:\ngot  %q\nwant %q", got, want)
	}

	s, err = ParseShape(`{"z": "{{E1.nope}}", "a": [{"b": "{{E1.labels.5}} and {{E1.none.x}}"}], "ok": "{{E1.number}}"}`)
	if err != nil {
		t.Fatal(err)
	}
	want = []string{"BadPath /z 1:1", "EmptyData /a/0/b 1:1", "EmptyData /a/0/b 1:21"}
	if _, err := s.Render(roots); !slices.Equal(errorSummary(err), want) {
		t.Errorf("render errors:\ngot  %q\nwant %q", errorSummary(err), want)
	}
}

// TestShapeScopeErrorOnce: a reserved step id is the scope's fault, so it
// is reported once, not once per leaf.
func TestShapeScopeErrorOnce(t *testing.T) {
	s, err := ParseShape(`{"a": "{{E0.x}}", "b": "{{E0.y}}"}`)
	if err != nil {
		t.Fatal(err)
	}
	errs := Errors(s.Check(template.Scope{Roots: []string{"input", "index", "E0"}}))
	if len(errs) != 1 || errs[0].Kind != template.ScopeError || errs[0].At != "" {
		t.Errorf("want one ScopeError without a leaf, got %v", errs)
	}
}

// TestShapeErrorsLeaveTemplatesAlone: marking errors with At must not
// change the errors a leaf's template returns on its own.
func TestShapeErrorsLeaveTemplatesAlone(t *testing.T) {
	s, err := ParseShape(`{"a": {"b": "{{E1.nope}}"}}`)
	if err != nil {
		t.Fatal(err)
	}
	roots := sampleRoots(t)
	if _, err := s.Render(roots); Errors(err)[0].At != "/a/b" {
		t.Fatalf("render error not at /a/b: %v", err)
	}
	if _, err := s.Leaves()[0].Template.Render(roots); Errors(err)[0].At != "" {
		t.Errorf("the template's own error was marked: %v", err)
	}
}

// TestShapeDuplicateKey: JSON allows a repeated key, a shape does not.
func TestShapeDuplicateKey(t *testing.T) {
	_, err := ShapeFromValue(mustJSON(t, `{"a": {"k": 1, "k": 2}}`))
	errs := Errors(err)
	if len(errs) != 1 || errs[0].Kind != template.ToolError || errs[0].At != "/a/k" {
		t.Errorf("want a ToolError at /a/k, got %v", err)
	}
}

// TestShapeLeaves: leaves come in document order with their pointers, and
// render output shares constant subtrees with the shape.
func TestShapeLeaves(t *testing.T) {
	s, err := ParseShape(`{"b": ["{{E1.number}}", 2, {"c/d": "x"}], "a": "{{input.repo}}", "k": {"n": [1]}}`)
	if err != nil {
		t.Fatal(err)
	}
	var ats []string
	for _, l := range s.Leaves() {
		ats = append(ats, l.At)
	}
	if want := []string{"/b/0", "/b/2/c~1d", "/a"}; !slices.Equal(ats, want) {
		t.Errorf("leaves %q, want %q", ats, want)
	}
	v, err := s.Render(sampleRoots(t))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := v.JSON(), `{"b":[7,2,{"c/d":"x"}],"a":"splice","k":{"n":[1]}}`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

// TestRepeatedKeyAtTheKey: a key repeated in a JSON shape is a ToolError
// at the repeat, with or without YAML in the build (the docs pages'
// engine reads JSON alone).
func TestRepeatedKeyAtTheKey(t *testing.T) {
	_, err := ParseShape(`{"a": {"k": "{{E0.x}}", "k": 2}}`)
	list := Errors(err)
	if len(list) != 1 || list[0].Kind != template.ToolError || list[0].At != "/a/k" || !strings.Contains(list[0].Msg, "duplicate key") {
		t.Errorf("ParseShape: %v, want a ToolError at /a/k naming the duplicate key", err)
	}
}
