//go:build !splice_lite

package reshape

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/splicedev/splice/template"
)

// TestBuiltinAsPlanStep: the pipeline renders the step input (a shape like
// any other) and builtin__reshape returns its shape verbatim, so values
// holding "{{ … }}" are not rendered a second time.
func TestBuiltinAsPlanStep(t *testing.T) {
	stepInput, err := ParseShape(`shape:
  base_sha: "{{E1.baseRefOid}}"
  pr: "{{E1.number}}"
  title: "PR #{{E1.number}}"
  chart: "{{E1.chart}}"
`)
	if err != nil {
		t.Fatal(err)
	}
	roots := sampleRoots(t)
	if err := stepInput.Check(template.Scope{Roots: roots.Names()}); err != nil {
		t.Fatal(err)
	}
	rendered, err := stepInput.Render(roots)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Builtin().Call(rendered)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"base_sha":"abc","pr":7,"title":"PR #7","chart":"{{ .Values.x }}"}`; got.JSON() != want {
		t.Errorf("got %s, want %s", got.JSON(), want)
	}
}

// TestBuiltinCalledDirectly: a shape nobody rendered comes back as given;
// a missing or non-object shape is an InputError naming the field.
func TestBuiltinCalledDirectly(t *testing.T) {
	if Builtin().QualifiedName() != "builtin__reshape" || !Builtin().ReadOnly || !Builtin().CallerShape {
		t.Fatalf("builtin__reshape is %s read_only=%v caller_shape=%v", Builtin().QualifiedName(), Builtin().ReadOnly, Builtin().CallerShape)
	}
	got, err := Builtin().Call(mustJSON(t, `{"shape":{"k":"{{E0.x}}","n":1.50}}`))
	if err != nil || got.JSON() != `{"k":"{{E0.x}}","n":1.50}` {
		t.Errorf("got %s, %v", got.JSON(), err)
	}
	for input, want := range map[string]string{
		`{}`:             `missing required field "shape"`,
		`{"shape":"x"}`:  "field /shape: want object, got string",
		`{"shape":null}`: "field /shape: want object, got null",
		`[1]`:            "the input: want object, got array",
	} {
		_, err := Builtin().Call(mustJSON(t, input))
		errs := Errors(err)
		if len(errs) == 0 || errs[0].Kind != template.InputError || errs[0].Phase != template.PhaseRender || !strings.Contains(errs[0].Msg, want) {
			t.Errorf("Call(%s): got %v, want an InputError with %q", input, err, want)
		}
	}
}

func TestToolDefaults(t *testing.T) {
	tests := []struct {
		yaml     string
		readOnly bool
	}{
		{"name: a\nkind: reshape\ncaller_shape: true\n", true},
		{"name: a\nkind: reshape\ncaller_shape: true\nread_only: false\n", false},
		{"name: a\nkind: prompt\nprompt: hi\n", true},
		{"name: a\nkind: exec\ncommand: ls\n", false},
		{"name: a\nkind: exec\ncommand: ls\nread_only: true\n", true},
	}
	for _, tt := range tests {
		tool, err := LoadTool([]byte(tt.yaml))
		if err != nil {
			t.Fatalf("%q: %v", tt.yaml, err)
		}
		if tool.ReadOnly != tt.readOnly || tool.QualifiedName() != "user__a" {
			t.Errorf("%q: read_only %v name %s, want %v user__a", tt.yaml, tool.ReadOnly, tool.QualifiedName(), tt.readOnly)
		}
	}
}

// TestToolReportsAllDocumentErrors: every problem of the document at once,
// in document order, then what it lacks.
func TestToolReportsAllDocumentErrors(t *testing.T) {
	_, err := LoadTool([]byte("name: a b\nkind: reshape\nread_only: 1\nextra: x\n"))
	var got []string
	for _, e := range Errors(err) {
		got = append(got, e.Pos.String()+" "+e.Msg)
	}
	want := []string{
		`1:7 name "a b" must match [a-zA-Z0-9_-]+`,
		"3:12 read_only must be true or false, not a number",
		`4:1 unknown field "extra"`,
		"1:1 a reshape tool needs a fixed shape or caller_shape: true",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestLoadDir(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"card.yaml":   "name: card\nkind: reshape\nshape:\n  id: \"{{input.id}}\"\n",
		"lint.yml":    "name: lint\nkind: exec\ncommand: [lint]\n",
		"broken.yaml": "name: broken\nkind: reshape\nshape: [1]\n",
		"one.yaml":    "name: twin\nkind: reshape\ncaller_shape: true\n",
		"two.yaml":    "kind: reshape\nname: twin\ncaller_shape: true\n",
		"notes.txt":   "not a tool",
	})
	if err := os.Mkdir(filepath.Join(dir, "sub.yaml"), 0o755); err != nil {
		t.Fatal(err)
	}
	c, err := LoadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	for _, f := range c.Files {
		status := "ok"
		if f.Err != nil {
			status = Errors(f.Err)[0].Pos.String() + " " + Errors(f.Err)[0].Msg
		}
		files = append(files, filepath.Base(f.Path)+": "+status)
	}
	want := []string{
		"broken.yaml: 3:8 shape must be an object (a JSON tree whose string leaves are templates), not an array",
		"card.yaml: ok",
		"lint.yml: ok",
		`one.yaml: 1:7 duplicate tool name "twin": also defined in ` + filepath.Join(dir, "two.yaml"),
		`two.yaml: 2:7 duplicate tool name "twin": also defined in ` + filepath.Join(dir, "one.yaml"),
	}
	if !slices.Equal(files, want) {
		t.Errorf("files:\ngot  %q\nwant %q", files, want)
	}
	if names := c.Names(); !slices.Equal(names, []string{"user__card", "user__lint"}) {
		t.Errorf("names %q", names)
	}
	card, ok := c.Lookup("user__card")
	if !ok || card.File != filepath.Join(dir, "card.yaml") {
		t.Fatalf("user__card: %v %v", card, ok)
	}
	if got, err := card.Call(mustJSON(t, `{"id":5}`)); err != nil || got.JSON() != `{"id":5}` {
		t.Errorf("user__card: %s %v", got.JSON(), err)
	}
	if b, ok := c.Lookup("builtin__reshape"); !ok || b != Builtin() {
		t.Error("builtin__reshape is not in the catalog")
	}
	if _, err := LoadDir(filepath.Join(dir, "missing")); err == nil {
		t.Error("a missing directory loaded")
	}
}

// TestLoadDirs: missing directories are skipped and earlier directories
// win over later ones.
func TestLoadDirs(t *testing.T) {
	project, home := t.TempDir(), t.TempDir()
	writeFiles(t, project, map[string]string{"a.yaml": "name: same\nkind: reshape\nshape: {from: project}\n"})
	writeFiles(t, home, map[string]string{
		"a.yaml": "name: same\nkind: reshape\nshape: {from: home}\n",
		"b.yaml": "name: other\nkind: reshape\ncaller_shape: true\n",
	})
	c, err := LoadDirs(filepath.Join(project, "nope"), project, home)
	if err != nil {
		t.Fatal(err)
	}
	if names := c.Names(); !slices.Equal(names, []string{"user__other", "user__same"}) {
		t.Errorf("names %q", names)
	}
	same, _ := c.Lookup("user__same")
	if got, _ := same.Call(template.ObjectValue(nil)); got.JSON() != `{"from":"project"}` {
		t.Errorf("user__same comes from the wrong directory: %s", got.JSON())
	}
	if dirs := DefaultDirs(); len(dirs) == 0 || dirs[0] != filepath.Join(".graph", "tools") {
		t.Errorf("DefaultDirs() = %q", dirs)
	}
}

// TestSchemaRuleMessages: a call that fails input_schema names the field
// and says, for each rule, how the value fails it.
func TestSchemaRuleMessages(t *testing.T) {
	tests := []struct {
		schema, input string
		path, msg     string
	}{
		{`{properties: {n: {minimum: 1}}}`, `{"n":0}`, "/n", "field /n: 0 is less than the minimum 1"},
		{`{properties: {n: {maximum: 1.5}}}`, `{"n":2}`, "/n", "field /n: 2 is more than the maximum 1.5"},
		{`{properties: {n: {exclusiveMinimum: 0}}}`, `{"n":0}`, "/n", "field /n: 0 is not more than the exclusiveMinimum 0"},
		{`{properties: {n: {exclusiveMaximum: 0.25}}}`, `{"n":1}`, "/n", "field /n: 1 is not less than the exclusiveMaximum 0.25"},
		{`{properties: {n: {multipleOf: 3}}}`, `{"n":10}`, "/n", "field /n: 10 is not a multiple of 3 (multipleOf)"},
		{`{properties: {s: {minLength: 3}}}`, `{"s":"é"}`, "/s", "field /s: has 1 character, fewer than the minLength 3"},
		{`{properties: {s: {maxLength: 1}}}`, `{"s":"ab"}`, "/s", "field /s: has 2 characters, more than the maxLength 1"},
		{`{properties: {s: {pattern: "^[a-z]+$"}}}`, `{"s":"AB"}`, "/s", `field /s: "AB" does not match the pattern "^[a-z]+$"`},
		{`{properties: {s: {enum: [a, 1, null]}}}`, `{"s":"c"}`, "/s", `field /s: "c" is not one of "a", 1, null (enum)`},
		{`{properties: {s: {const: {b: [1], a: true}}}}`, `{"s":"c"}`, "/s", `field /s: "c" is not {"a":true,"b":[1]} (const)`},
		{`{properties: {l: {minItems: 2}}}`, `{"l":[1]}`, "/l", "field /l: has 1 item, fewer than the minItems 2"},
		{`{properties: {l: {maxItems: 0}}}`, `{"l":[1]}`, "/l", "field /l: has 1 item, more than the maxItems 0"},
		{`{properties: {l: {uniqueItems: true}}}`, `{"l":[1,2,1]}`, "/l", "field /l: items 0 and 2 are equal (uniqueItems)"},
		{`{properties: {l: {contains: {const: 5}}}}`, `{"l":[1]}`, "/l", "field /l has no item that matches the contains schema"},
		{`{properties: {l: {contains: {const: 5}, minContains: 2}}}`, `{"l":[5]}`, "/l", "field /l has 1 item matching the contains schema, fewer than the minContains 2"},
		{`{properties: {l: {contains: {const: 5}, maxContains: 1}}}`, `{"l":[5,5]}`, "/l", "field /l: has 2 items matching the contains schema, more than the maxContains 1"},
		{`{minProperties: 2}`, `{"a":1}`, "", "the input: has 1 field, fewer than the minProperties 2"},
		{`{maxProperties: 0}`, `{"a":1}`, "", "the input: has 1 field, more than the maxProperties 0"},
		{`{properties: {e: false}}`, `{"e":1}`, "/e", "field /e: is not allowed: its schema is false"},
		{`{properties: {e: {not: {type: integer}}}}`, `{"e":1}`, "/e", "field /e: matches the schema under not"},
		{`{propertyNames: {pattern: "^a"}}`, `{"b":1}`, "", `field name "b" fails propertyNames: "b" does not match the pattern "^a"`},
		{`{dependentRequired: {a: [b]}}`, `{"a":1}`, "/b", `missing required field "b", needed with "a"`},
		{`{properties: {x: {anyOf: [{type: integer}, {type: string}]}}}`, `{"x":true}`, "/x", "field /x matches none of the alternatives anyOf allows"},
		{`{properties: {x: {oneOf: [{type: integer}, {minimum: 0}]}}}`, `{"x":1}`, "/x", "field /x matches alternatives 0 and 1 of oneOf, which allows exactly one"},
		{`{properties: {x: {$ref: "#/$defs/pos"}}, $defs: {pos: {minimum: 0}}}`, `{"x":-1}`, "/x", "field /x: -1 is less than the minimum 0"},
		{`{properties: {x: {allOf: [{type: integer}, {minimum: 5}]}}}`, `{"x":1}`, "/x", "field /x: 1 is less than the minimum 5"},
	}
	for _, tt := range tests {
		t.Run(tt.schema, func(t *testing.T) {
			tool, err := LoadTool([]byte("name: x\nkind: reshape\nshape: {}\ninput_schema: " + tt.schema + "\n"))
			if err != nil {
				t.Fatal(err)
			}
			_, err = tool.Call(mustJSON(t, tt.input))
			errs := Errors(err)
			if len(errs) != 1 || errs[0].Kind != template.InputError {
				t.Fatalf("want one InputError, got %v", err)
			}
			if errs[0].Path != tt.path || errs[0].Msg != tt.msg {
				t.Errorf("got  %s %q\nwant %s %q", errs[0].Path, errs[0].Msg, tt.path, tt.msg)
			}
		})
	}
}

// TestInvalidSchemaMessages: a schema that is not valid is reported where
// it is wrong, with the rule of the meta-schema it breaks.
func TestInvalidSchemaMessages(t *testing.T) {
	tests := []struct {
		schema       string
		line, column int
		msg          string
	}{
		{`{required: yes}`, 4, 26, "/required: want array, got string"},
		{`{properties: {a: {minimum: x}}}`, 4, 42, "/properties/a/minimum: want number, got string"},
		{`{type: 12}`, 4, 22, "/type matches none of the alternatives anyOf allows"},
		{`{pattern: "("}`, 4, 25, `/pattern: "(" is not a valid regex (format)`},
	}
	for _, tt := range tests {
		_, err := LoadTool([]byte("name: x\nkind: reshape\nshape: {}\ninput_schema: " + tt.schema + "\n"))
		errs := Errors(err)
		if len(errs) != 1 || errs[0].Kind != template.ToolError {
			t.Fatalf("%s: want one ToolError, got %v", tt.schema, err)
		}
		if e := errs[0]; e.Pos.Line != tt.line || e.Pos.Column != tt.column || !strings.Contains(e.Msg, "input_schema is not a valid JSON Schema: "+tt.msg) {
			t.Errorf("%s: got %d:%d %q, want %d:%d %q", tt.schema, e.Pos.Line, e.Pos.Column, e.Msg, tt.line, tt.column, tt.msg)
		}
	}
}

// bigTool is a reshape tool of leaves fixed leaves, each a template over
// input; with bad they all fail their checks.
func bigTool(leaves int, bad bool) string {
	var b strings.Builder
	b.WriteString("name: big\nkind: reshape\nshape:\n")
	root := "input"
	if bad {
		root = "E1"
	}
	for i := range leaves {
		fmt.Fprintf(&b, "  k%06d: \"{{%s.v}} %d\"\n", i, root, i)
	}
	return b.String()
}

func TestLargeToolLoadsAndReportsBoundedErrors(t *testing.T) {
	tool, err := LoadTool([]byte(bigTool(40_000, false)))
	if err != nil {
		t.Fatal(err)
	}
	v, err := tool.Call(mustJSON(t, `{"v": 7}`))
	if err != nil || v.Len() != 40_000 {
		t.Fatalf("call: %d members, %v", v.Len(), err)
	}
	if got, _ := v.Lookup("k039999"); got.Str() != "7 39999" {
		t.Errorf("last leaf renders %s", got.JSON())
	}
	_, err = LoadTool([]byte(bigTool(40_000, true)))
	list := Errors(err)
	if len(list) != template.MaxErrors+1 || list[0].Doc.String() != "4:13" || !strings.Contains(list[template.MaxErrors].Msg, "and 39900 more errors") {
		t.Fatalf("%d errors, first %v (document %v), last %v", len(list), list[0], list[0].Doc, list[len(list)-1])
	}
}

// BenchmarkLoadTool shows that loading grows linearly with the file.
func BenchmarkLoadTool(b *testing.B) {
	for _, scale := range []int{1, 2, 4, 8} {
		src := []byte(bigTool(5_000*scale, false))
		b.Run(fmt.Sprintf("%dx", scale), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				if _, err := LoadTool(src); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
