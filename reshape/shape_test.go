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

// TestShapeYAMLAndJSON: the same shape written as YAML and as JSON renders
// to the same value.
func TestShapeYAMLAndJSON(t *testing.T) {
	tests := []struct{ name, yaml, json string }{
		{"flat", "pr: \"{{E1.number}}\"\nsha: '{{E1.baseRefOid}}'\ntitle: PR no. {{E1.number}}\n",
			`{"pr":"{{E1.number}}","sha":"{{E1.baseRefOid}}","title":"PR no. {{E1.number}}"}`},
		{"nested and arrays", "a:\n  b:\n    - \"{{E1.labels.0}}\"\n    - [\"{{E1.price}}\", 1.50]\n  c: {d: \"{{E1.draft}}\"}\n",
			`{"a":{"b":["{{E1.labels.0}}",["{{E1.price}}",1.50]],"c":{"d":"{{E1.draft}}"}}}`},
		{"constants", "n: 12\nf: 1.50\nt: true\nz: null\ne: []\no: {}\n",
			`{"n":12,"f":1.50,"t":true,"z":null,"e":[],"o":{}}`},
		{"sections and verbatim", "labels: \"{{#E1.labels}}{{name}};{{/E1.labels}}\"\nchart: \"{{E1.chart}}\"\n",
			`{"labels":"{{#E1.labels}}{{name}};{{/E1.labels}}","chart":"{{E1.chart}}"}`},
		{"key order and odd keys", "z: 1\n\"a/b\": \"{{input.repo}}\"\n\"~\": 2\n\"\": 3\n",
			`{"z":1,"a/b":"{{input.repo}}","~":2,"":3}`},
		{"block scalar against an escaped string", "body: |\n  Hi {{input.repo}}\n  #{{E1.number}}\n",
			`{"body":"Hi {{input.repo}}\n#{{E1.number}}\n"}`},
	}
	roots := sampleRoots(t)
	scope := template.Scope{Roots: roots.Names()}
	render := func(text string) string {
		s, err := ParseShape(text)
		if err != nil {
			t.Fatalf("ParseShape(%q): %v", text, err)
		}
		if err := s.Check(scope); err != nil {
			t.Fatalf("Check: %v", err)
		}
		v, err := s.Render(roots)
		if err != nil {
			t.Fatalf("Render: %v", err)
		}
		return v.JSON()
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fromYAML, fromJSON := render(tt.yaml), render(tt.json)
			if fromYAML != fromJSON {
				t.Errorf("YAML gives %s\nJSON gives %s", fromYAML, fromJSON)
			}
		})
	}
}

// TestParseShapeText: how the text is recognised and what is reported when
// it is wrong.
func TestParseShapeText(t *testing.T) {
	tests := []struct {
		name, text   string
		json         string // the shape's value, when it parses
		line, column int    // the error's position otherwise
		contains     string
	}{
		{"JSON", `{"a": "{{input.x}}"}`, `{"a":"{{input.x}}"}`, 0, 0, ""},
		{"JSON keeps number text", `{"a": 1.50}`, `{"a":1.50}`, 0, 0, ""},
		{"a YAML flow mapping", `{a: 1, b: yes}`, `{"a":1,"b":"yes"}`, 0, 0, ""},
		{"YAML", "a: 1\n", `{"a":1}`, 0, 0, ""},
		{"leading space before JSON", "\n  {\"a\": 1}", `{"a":1}`, 0, 0, ""},
		{"broken JSON reports the JSON error", "{\n  \"a\": 1,\n  \"b\" 2\n}", "", 3, 7, "JSON syntax"},
		{"broken YAML", "a: 1\n b: 2\n", "", 1, 4, "YAML syntax"},
		{"a JSON array", "\n[1, 2]", "", 2, 1, "must be an object, not an array"},
		{"a YAML sequence", "# list\n- a\n", "", 2, 1, "not an array"},
		{"a YAML scalar", "hello", "", 1, 1, "not a string"},
		{"empty text", "", "", 1, 1, "not a null"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := ParseShape(tt.text)
			if tt.json != "" {
				if err != nil {
					t.Fatal(err)
				}
				if got := s.Value().JSON(); got != tt.json {
					t.Errorf("got %s, want %s", got, tt.json)
				}
				return
			}
			errs := template.Errors(err)
			if len(errs) != 1 {
				t.Fatalf("want one error, got %v", err)
			}
			e := errs[0]
			if e.Kind != template.ToolError || e.Pos.Line != tt.line || e.Pos.Column != tt.column || !strings.Contains(e.Msg, tt.contains) {
				t.Errorf("got %v at %d:%d, want ToolError at %d:%d containing %q", e, e.Pos.Line, e.Pos.Column, tt.line, tt.column, tt.contains)
			}
		})
	}
}

// errorSummary lists kind, leaf and position of every error.
func errorSummary(err error) []string {
	var out []string
	for _, e := range template.Errors(err) {
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
	errs := template.Errors(s.Check(template.Scope{Roots: []string{"input", "index", "E0"}}))
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
	if _, err := s.Render(roots); template.Errors(err)[0].At != "/a/b" {
		t.Fatalf("render error not at /a/b: %v", err)
	}
	if _, err := s.Leaves()[0].Template.Render(roots); template.Errors(err)[0].At != "" {
		t.Errorf("the template's own error was marked: %v", err)
	}
}

// TestShapeDuplicateKey: JSON allows a repeated key, a shape does not.
func TestShapeDuplicateKey(t *testing.T) {
	_, err := ShapeFromValue(mustJSON(t, `{"a": {"k": 1, "k": 2}}`))
	errs := template.Errors(err)
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
