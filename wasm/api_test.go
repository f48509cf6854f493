package main

import (
	"errors"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/splicedev/splice/reshape"
	"github.com/splicedev/splice/template"
)

// fake is a JavaScript value built in Go: the API's host tests call it the
// way a page would.
type fake struct {
	typ   jsType
	str   string // string contents, number literal
	b     bool
	elems []fake
	keys  []string
	vals  []fake
}

// props is a JavaScript object literal: alternating keys and values.
type props []any

// undef and fn stand for undefined and a function.
var (
	undef = fake{typ: jsUndefined}
	fn    = fake{typ: jsFunction}
)

// jsOf converts Go literals: nil is null, []any an array, props an object.
func jsOf(v any) fake {
	switch v := v.(type) {
	case fake:
		return v
	case nil:
		return fake{typ: jsNull}
	case bool:
		return fake{typ: jsBoolean, b: v}
	case int:
		return fake{typ: jsNumber, str: strconv.Itoa(v)}
	case float64: // as JSON.stringify writes it
		return fake{typ: jsNumber, str: strconv.FormatFloat(v, 'g', -1, 64)}
	case string:
		return fake{typ: jsString, str: v}
	case []any:
		f := fake{typ: jsArray}
		for _, e := range v {
			f.elems = append(f.elems, jsOf(e))
		}
		return f
	case props:
		f := fake{typ: jsObject}
		for i := 0; i < len(v); i += 2 {
			f.keys = append(f.keys, v[i].(string))
			f.vals = append(f.vals, jsOf(v[i+1]))
		}
		return f
	}
	panic("js: cannot convert " + reflect.TypeOf(v).String())
}

func (f fake) Type() jsType { return f.typ }

func (f fake) Get(key string) jsValue {
	for i, k := range f.keys {
		if k == key {
			return f.vals[i]
		}
	}
	return undef
}

func (f fake) Len() int { return len(f.elems) }

func (f fake) Index(i int) jsValue {
	if i < len(f.elems) {
		return f.elems[i]
	}
	return undef
}

func (f fake) String() string { return f.str }
func (f fake) Bool() bool     { return f.b }
func (f fake) Keys() []string { return f.keys }

func args(vs ...any) []jsValue {
	out := make([]jsValue, len(vs))
	for i, v := range vs {
		out[i] = jsOf(v)
	}
	return out
}

// root is a {name, text} root (engine.js writes a {name, value} one so).
func root(name, text string) props { return props{"name", name, "text", text} }

func TestRenderResults(t *testing.T) {
	tests := []struct {
		name             string
		args             []jsValue
		json, text, kind string
		typed            bool
		display          string
	}{
		{"typed splice keeps the number's text", args("{{E0.price}}", []any{root("E0", `{"price": 1.50}`)}), "1.50", "1.50", "number", true, "1.50"},
		{"typed splice of an object keeps key order", args("{{E0}}", []any{root("E0", `{"z": 1, "a": "<b>"}`)}), `{"z":1,"a":"<b>"}`, `{"z":1,"a":"<b>"}`, "object", true, `{ "z": 1, "a": "<b>" }`},
		{"a typed splice of a string shows quoted", args("{{E0.s}}", []any{root("E0", `{"s": "hi"}`)}), `"hi"`, "hi", "string", true, `"hi"`},
		{"mixed text is a string", args("PR #{{E0.n}}", []any{root("E0", `{"n":42}`)}), `"PR #42"`, "PR #42", "string", false, "PR #42"},
		{"input defaults to the empty object", args("{{input}}", nil), "{}", "{}", "object", true, "{ }"},
		{"roots and options may be null", args("x", nil, nil), `"x"`, "x", "string", false, "x"},
		{"a root given without data is null", args("{{E0}}", []any{props{"name", "E0"}}), "null", "null", "null", true, "null"},
		{"later and iteration reach the scope", args("{{item.a}}", []any{root("item", `{"a": true}`)}, props{"later", []any{"E9"}, "iteration", true}), "true", "true", "boolean", true, "true"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := render(tt.args)
			if err != nil {
				t.Fatal(err)
			}
			want := object{{"ok", true}, {"json", tt.json}, {"text", tt.text}, {"type", tt.kind}, {"typed", tt.typed}, {"display", tt.display},
				{"engine", template.Version}, {"errors", []object{}}}
			if !reflect.DeepEqual(objectOf(got), want) {
				t.Errorf("got  %v\nwant %v", got, want)
			}
		})
	}
}

func TestRenderErrors(t *testing.T) {
	tests := []struct {
		name string
		args []jsValue
		want []object // the errors, in order
	}{
		{
			"BadPath lists the keys and suggests one",
			args("{{E0.values.0.idd}}", []any{root("E0", `{"values": [{"id": 1, "title": "t"}]}`)}),
			[]object{{
				{"kind", "BadPath"}, {"phase", "render"}, {"message", ""}, {"line", 1}, {"column", 1}, {"offset", 0},
				{"path", "E0.values.0.idd"}, {"available", []string{"id", "title"}}, {"more", 0}, {"suggestion", "id"}, {"at", ""}, {"doc", nil}, {"failure", true}, {"text", ""},
			}},
		},
		{
			"MissingStep at load lists the roots",
			args("é\n x {{E7.x}}", []any{root("input", "{}"), root("E0", "{}")}),
			[]object{{
				{"kind", "MissingStep"}, {"phase", "load"}, {"message", ""}, {"line", 2}, {"column", 4}, {"offset", 6},
				{"path", "E7.x"}, {"available", []string{"input", "E0"}}, {"more", 0}, {"suggestion", "E0"}, {"at", ""}, {"doc", nil}, {"failure", true}, {"text", ""},
			}},
		},
		{
			"a root that is not JSON is an InputError in its own text",
			args("{{E0}}", []any{root("E0", "{\n  \"a\": 1,\n}")}),
			[]object{{
				{"kind", "InputError"}, {"phase", "load"}, {"message", ""}, {"line", 3}, {"column", 1}, {"offset", 12},
				{"path", "E0"}, {"available", []string{}}, {"more", 0}, {"suggestion", ""}, {"at", ""}, {"doc", nil}, {"failure", true}, {"text", ""},
			}},
		},
		{
			"load errors come before the roots' errors",
			args("{{E0.a}} {{#x}}", []any{root("E0", "nope")}),
			[]object{
				{{"kind", "ParseError"}, {"phase", "load"}, {"message", ""}, {"line", 1}, {"column", 10}, {"offset", 9}, {"path", "x"}, {"available", []string{}}, {"more", 0}, {"suggestion", ""}, {"at", ""}, {"doc", nil}, {"failure", true}, {"text", ""}},
				{{"kind", "InputError"}, {"phase", "load"}, {"message", ""}, {"line", 1}, {"column", 1}, {"offset", 0}, {"path", "E0"}, {"available", []string{}}, {"more", 0}, {"suggestion", ""}, {"at", ""}, {"doc", nil}, {"failure", true}, {"text", ""}},
			},
		},
		{
			"a reserved step id is a ScopeError",
			args("{{length}}", []any{root("length", "1")}),
			[]object{
				{{"kind", "ScopeError"}, {"phase", "load"}, {"message", ""}, {"line", 1}, {"column", 1}, {"offset", 0}, {"path", ""}, {"available", []string{}}, {"more", 0}, {"suggestion", ""}, {"at", ""}, {"doc", nil}, {"failure", true}, {"text", ""}},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := render(tt.args)
			if err != nil {
				t.Fatal(err)
			}
			if objectOf(got).Get("ok") != false || objectOf(got).Get("json") != nil || objectOf(got).Get("text") != nil || objectOf(got).Get("type") != nil {
				t.Errorf("a failed render has ok false and null json, text and type: %v", got)
			}
			errs, _ := objectOf(got).Get("errors").([]object)
			if len(errs) == 0 {
				t.Fatalf("no errors: %v", got)
			}
			// Messages are the engine's; they must say something.
			for _, e := range errs {
				if e.Get("message") == "" {
					t.Errorf("empty message in %v", e)
				}
			}
			if len(errs) != len(tt.want) {
				t.Fatalf("got %d errors, want %d: %v", len(errs), len(tt.want), errs)
			}
			for i, e := range errs {
				if e = withoutMessage(e); !reflect.DeepEqual(e, tt.want[i]) {
					t.Errorf("error %d:\ngot  %v\nwant %v", i, e, tt.want[i])
				}
			}
		})
	}
}

// withoutMessage blanks the message and the text, which the engine words.
func withoutMessage(e object) object {
	out := make(object, len(e))
	copy(out, e)
	for i := range out {
		if out[i].Key == "message" || out[i].Key == "text" {
			out[i].Value = ""
		}
	}
	return out
}

// TestUntypedError: an error that carries no typed error is a ToolError
// at 1:1, as every surface shows one (template.Typed).
func TestUntypedError(t *testing.T) {
	got := objectOf(reply{}.failed(errors.New("boom"))).Get("errors")
	want := []object{{
		{"kind", "ToolError"}, {"phase", "load"}, {"message", "boom"}, {"line", 1}, {"column", 1}, {"offset", 0},
		{"path", ""}, {"available", []string{}}, {"more", 0}, {"suggestion", ""}, {"at", ""}, {"doc", nil},
		{"failure", true}, {"text", "ToolError (load), line 1:1: boom\n"},
	}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %v\nwant %v", got, want)
	}
}

func TestMisuse(t *testing.T) {
	tests := []struct {
		name string
		call func([]jsValue) (result, error)
		args []jsValue
		want string
	}{
		{"render without a template", render, args(), "template must be a string, not undefined"},
		{"render with a number template", render, args(1), "template must be a string, not number"},
		{"roots as an object", render, args("x", props{"input", props{}}), "roots must be an array"},
		{"a root that is a string", render, args("x", []any{"E0"}), "roots[0] must be an object"},
		{"a root without a name", render, args("x", []any{props{"value", 1}}), "roots[0].name must be a string, not undefined"},
		{"a root text that is not a string", render, args("x", []any{props{"name", "E0", "text", 1}}), "roots[0].text must be a string of JSON"},
		{"options as a string", render, args("x", nil, "later"), "options must be an object"},
		{"later as a string", render, args("x", nil, props{"later", "E9"}), "options.later must be an array"},
		{"a later id that is a number", render, args("x", nil, props{"later", []any{9}}), "options.later[0] must be a string"},
		{"iteration as a string", render, args("x", nil, props{"iteration", "yes"}), "options.iteration must be a boolean"},
		{"shape as a number", renderShape, args(1), "shape must be a string of JSON or YAML, or an object"},
		{"tool without a call", runTool, args("name: t"), "call must be an object or a string of JSON, not undefined"},
		{"tool as an object", runTool, args(props{}, props{}), "tool must be a string, not object"},
		{"check with a bad mode", check, args("x", nil, props{"mode", "yaml"}), `options.mode must be "template", "shape" or "tool", not "yaml"`},
		{"check with mixed names", check, args("x", []any{"E0", 1}), "roots[1] must be a string like the other names"},
		{"a BigInt template", render, args(fake{typ: jsBigInt}), "template must be a string, not BigInt"},
		{"a Symbol name", render, args("x", []any{props{"name", fake{typ: jsSymbol}}}), "roots[0].name must be a string, not Symbol"},
		{"a BigInt root text", render, args("x", []any{props{"name", "E0", "text", fake{typ: jsBigInt}}}), "roots[0].text must be a string of JSON, not BigInt"},
		{"a shape that is not text", renderShape, args(props{"a", "{{E0}}"}), "shape must be a string of JSON or YAML, or an object, not object"},
		{"a call that is not text", runTool, args("name: t", 7), "call must be an object or a string of JSON, not number"},
		{"a branch step's decide step as a number", check, args("x", nil, props{"branchSteps", props{"E5", 3}}), "options.branchSteps.E5 must be the id of a decide step (a string), not number"},
		{"a function as options", check, args("x", nil, fn), "options must be an object {later, branchSteps, iteration}, not function"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.call(tt.args)
			var usage *usageError
			if !errors.As(err, &usage) {
				t.Fatalf("got %v, %v; want a usage error", got, err)
			}
			if !strings.HasPrefix(usage.msg, "splice: ") || !strings.Contains(usage.msg, tt.want) {
				t.Errorf("got %q, want it to contain %q", usage.msg, tt.want)
			}
		})
	}
}

// A panic in the engine is an error of the call, not the end of the module.
func TestGuard(t *testing.T) {
	for _, p := range []func(){
		func() { panic("bad type flag") },
		func() { _ = []int{}[len(os.Args)] },
		func() { panic(errors.New("boom")) },
		func() { panic(42) },
	} {
		out, err := guard(func([]jsValue) (result, error) { p(); return nil, nil }, nil)
		var usage *usageError
		if out != nil || err == nil || errors.As(err, &usage) || !strings.HasPrefix(err.Error(), "splice: internal error: ") {
			t.Errorf("got %v, %v; want an internal error", out, err)
		}
	}
	out, err := guard(render, args("{{input}}"))
	if err != nil || objectOf(out).Get("json") != "{}" {
		t.Errorf("after a panic: got %v, %v", out, err)
	}
}

// A name given twice is one root, where it first comes, with the last one's
// data: as a JSON object reads a key given twice.
func TestDuplicateRoots(t *testing.T) {
	tests := []struct {
		name string
		call func([]jsValue) (result, error)
		args []jsValue
		json string
	}{
		{"the last E1 wins", render, args("{{E1.n}}", []any{root("E1", `{"n": 1}`), root("E0", "0"), root("E1", `{"n": 2}`)}), "2"},
		{"a text after a text", render, args("{{E1}}", []any{root("E1", "1"), root("E1", "2")}), "2"},
		{"a root without data after one with", render, args("{{E1}}", []any{root("E1", "1"), props{"name", "E1"}}), "null"},
		{"input given twice", render, args("{{input.a}}", []any{root("input", `{"a": 1}`), root("input", `{"a": 2}`)}), "2"},
		{"in a shape", renderShape, args(`{"n": "{{E1}}"}`, []any{root("E1", "1"), root("E1", "2")}), `{"n":2}`},
	}
	for _, tt := range tests {
		got, err := tt.call(tt.args)
		if err != nil || objectOf(got).Get("json") != tt.json {
			t.Errorf("%s: got %v, %v; want %s", tt.name, got, err, tt.json)
		}
	}
	// The step order is where each name first comes, and each name is there once.
	got, _ := check(args("{{E7}}", []any{"E1", "E0", "E1"}))
	errs := objectOf(got).Get("errors").([]object)
	if len(errs) != 1 || !reflect.DeepEqual(errs[0].Get("available"), []string{"input", "E1", "E0"}) {
		t.Errorf("got %v, want one MissingStep with available input, E1, E0", errs)
	}
}

func TestCheck(t *testing.T) {
	tests := []struct {
		name  string
		args  []jsValue
		kinds []string // the errors' kinds; none when the check passes
	}{
		{"names as strings", args("{{E0.a}}", []any{"input", "E0"}), nil},
		{"names as roots without data", args("{{E0.a}}", []any{props{"name", "E0"}}), nil},
		{"data is not needed", args("{{E0.nothing.here}}", []any{"E0"}), nil},
		{"a forward reference", args("{{E9.a}}", []any{"E0"}, props{"later", []any{"E9"}}), []string{"MissingStep"}},
		{"every load error of the failing pass", args("{{E7}} {{.}}", []any{"E0"}), []string{"MissingStep", "ScopeError"}},
		{"syntax before scope", args("{{E7}} {{!x}}", nil), []string{"ParseError"}},
		{"a step of a branch this one is not in", args("{{E5.x}}", []any{"E0"}, props{"branchSteps", props{"E5", "E3"}}), []string{"MissingStep"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := check(tt.args)
			if err != nil {
				t.Fatal(err)
			}
			var kinds []string
			for _, e := range objectOf(got).Get("errors").([]object) {
				kinds = append(kinds, e.Get("kind").(string))
			}
			if !reflect.DeepEqual(kinds, tt.kinds) || objectOf(got).Get("ok") != (len(tt.kinds) == 0) {
				t.Errorf("got %v, want errors %v", got, tt.kinds)
			}
			if objectOf(got).Get("json") != nil {
				t.Errorf("a check has no value: %v", got)
			}
		})
	}
	got, err := check(args("{{E5.x}}", []any{"E0"}, props{"branchSteps", props{"E5", "E3"}}))
	if err != nil {
		t.Fatal(err)
	}
	if msg := objectOf(got).Get("errors").([]object)[0].Get("message").(string); !strings.Contains(msg, "{{E3.result") {
		t.Errorf("a branch step's message does not say to use the decide step's result: %q", msg)
	}
}

// liteBuild is whether the tests run in the lite build (-tags splice_lite),
// whose reshape reads no YAML and says so.
var liteBuild = func() bool {
	_, err := reshape.ParseYAML("a: 1")
	return err != nil
}()

// needsFullEngine is what the lite build says of YAML and tools.
const needsFullEngine = "YAML needs the full engine (engine-full.wasm)"

func TestShapesAndTools(t *testing.T) {
	prRoots := []any{root("E1", `{"number": 42, "labels": [{"name": "bug"}]}`)}
	card := "name: card\nkind: reshape\nshape:\n  pr: \"{{input.number}}\"\n"
	tests := []struct {
		name string
		call func([]jsValue) (result, error)
		args []jsValue
		json string // the result, or
		kind string // the first error's kind
		at   string // and its leaf
		full bool   // YAML or a tool: the lite build says it needs the full engine
	}{
		{"a JSON shape", renderShape, args(`{"pr": "{{E1.number}}", "title": "PR #{{E1.number}}"}`, prRoots), `{"pr":42,"title":"PR #42"}`, "", "", false},
		{"a YAML shape", renderShape, args("pr: '{{E1.number}}'\ndraft: false\n", prRoots), `{"pr":42,"draft":false}`, "", "", true},
		{"a leaf's error names the leaf", renderShape, args(`{"labels": [{"name": "{{E1.labels.0.nam}}"}]}`, prRoots), "", "BadPath", "/labels/0/name", false},
		{"a shape that is not an object", renderShape, args(`["{{E1.number}}"]`, prRoots), "", "ToolError", "", false},
		{"a shape's root is checked at load", renderShape, args(`{"a": "{{E9}}"}`, prRoots, props{"later", []any{"E9"}}), "", "MissingStep", "/a", false},
		{"a tool with a call", runTool, args(card, `{"number": 7}`), `{"pr":7}`, "", "", true},
		{"a tool with a call as text keeps the number's text", runTool, args(card, `{"number": 7.0}`), `{"pr":7.0}`, "", "", true},
		{"a call that is not JSON", runTool, args(card, `{"number": }`), "", "InputError", "", true},
		{"a tool that is not YAML", runTool, args("name: [", "{}"), "", "ToolError", "", true},
		{"check a shape", check, args(`{"a": "{{E1.x}}", "b": "{{E2.y}}"}`, []any{"E1"}, props{"mode", "shape"}), "", "MissingStep", "/b", false},
		{"check a tool", check, args("name: bad name\nkind: reshape\nshape: {}\n", nil, props{"mode", "tool"}), "", "ToolError", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.call(tt.args)
			if err != nil {
				t.Fatal(err)
			}
			if tt.full && liteBuild {
				errs, _ := objectOf(got).Get("errors").([]object)
				if len(errs) != 1 || errs[0].Get("kind") != "ToolError" || errs[0].Get("phase") != "load" ||
					errs[0].Get("message") != needsFullEngine || errs[0].Get("line") != 1 || errs[0].Get("column") != 1 {
					t.Errorf("got %v, want one ToolError at 1:1: %s", got, needsFullEngine)
				}
				return
			}
			if tt.kind == "" {
				if objectOf(got).Get("ok") != true || objectOf(got).Get("json") != tt.json || objectOf(got).Get("type") != "object" {
					t.Errorf("got %v, want %s", got, tt.json)
				}
				return
			}
			errs, _ := objectOf(got).Get("errors").([]object)
			if objectOf(got).Get("ok") != false || len(errs) == 0 {
				t.Fatalf("got %v, want %s", got, tt.kind)
			}
			if errs[0].Get("kind") != tt.kind || errs[0].Get("at") != tt.at {
				t.Errorf("got %v, want %s at %q", errs[0], tt.kind, tt.at)
			}
		})
	}
	// A leaf's error is placed in the shape's text as well.
	got, _ := renderShape(args("{\n  \"t\": \"x {{E1.nope}}\"\n}", prRoots))
	errs, _ := objectOf(got).Get("errors").([]object)
	if doc, _ := errs[0].Get("doc").(object); doc == nil || doc.Get("line") != 2 || doc.Get("column") != 11 || errs[0].Get("column") != 3 {
		t.Errorf("got %v, want the leaf's column 3 and the document's 2:11", errs[0])
	}
}

// Get returns the value of the property key.
func (o object) Get(key string) any {
	for _, p := range o {
		if p.Key == key {
			return p.Value
		}
	}
	return nil
}

// objectOf is a result as engine.js hands it to the page: a value is the
// object made of its texts.
func objectOf(r result) object {
	v, ok := r.(*value)
	if !ok {
		return r.(object)
	}
	obj, err := valueObject(v.appendResponse(nil))
	if err != nil {
		panic(err)
	}
	return obj
}
