package main

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/splicedev/splice/template"
)

// wireRequest writes a request as engine.js does (its Request): every
// string is one of the request's texts; a fake of another type is its code.
func wireRequest(fn string, args ...any) wire {
	var w wire
	var write func(v any)
	write = func(v any) {
		switch v := v.(type) {
		case string:
			w.words = append(w.words, 't', int32(len(w.texts)))
			w.texts = append(w.texts, v)
		case nil:
			w.words = append(w.words, 'n')
		case bool:
			w.words = append(w.words, map[bool]int32{true: 'T', false: 'F'}[v])
		case int, float64:
			w.words = append(w.words, '#')
		case []any:
			w.words = append(w.words, '[', int32(len(v)))
			for _, e := range v {
				write(e)
			}
		case props:
			w.words = append(w.words, '{', int32(len(v)/2))
			for _, e := range v {
				write(e)
			}
		case fake:
			w.words = append(w.words, map[jsType]int32{jsUndefined: 'u', jsBigInt: 'B', jsSymbol: 'S', jsFunction: 'f', jsObject: 'o', jsArray: 'a'}[v.typ])
		default:
			panic("wireRequest: no form for " + reflect.TypeOf(v).String())
		}
	}
	write(fn)
	write(args)
	lengths := []int32{int32(len(w.texts))}
	for _, t := range w.texts {
		lengths = append(lengths, int32(len(t)))
	}
	w.words = append(lengths, w.words...)
	return w
}

// wire is a request before it is laid out in memory: its texts and its
// header's words.
type wire struct {
	texts []string
	words []int32
}

// bytes lays the request out as engine.js writes it and returns the sizes
// call is given.
func (w wire) bytes() (req []byte, textsSize, words int) {
	for _, t := range w.texts {
		req = append(req, t...)
	}
	textsSize = len(req)
	for len(req)%4 != 0 {
		req = append(req, 0)
	}
	for _, word := range w.words {
		req = binary.LittleEndian.AppendUint32(req, uint32(word))
	}
	return req, textsSize, len(w.words)
}

// respond answers a request and decodes its response as engine.js does:
// JSON, or a result with a value as its texts.
func respond(t *testing.T, w wire) map[string]any {
	t.Helper()
	req, size, words := w.bytes()
	return decodeResponse(t, answer(nil, req, size, words, 0))
}

// decodeResponse decodes a response as engine.js does.
func decodeResponse(t *testing.T, resp []byte) map[string]any {
	t.Helper()
	if len(resp) > 0 && resp[0] == '=' {
		obj, err := valueObject(resp)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]any{}
		for _, p := range obj {
			out[p.Key] = p.Value
		}
		out["errors"] = []any{}
		return out
	}
	var out map[string]any
	if err := json.Unmarshal(resp, &out); err != nil {
		t.Fatalf("the response is not JSON: %v", err)
	}
	return out
}

// valueObject is the object engine.js makes of a response with a value.
func valueObject(resp []byte) (object, error) {
	if len(resp) < 11 || resp[0] != '=' {
		return nil, fmt.Errorf("a value response without its lengths: %q", resp)
	}
	flags, kind := resp[1], template.Kind(resp[2])
	n0, n1 := int(binary.LittleEndian.Uint32(resp[3:])), int(binary.LittleEndian.Uint32(resp[7:]))
	if 11+n0+n1 != len(resp) {
		return nil, fmt.Errorf("a malformed value response: %q", resp)
	}
	first, second := string(resp[11:11+n0]), string(resp[11+n0:])
	var json, text, display string
	switch {
	case kind == template.String && flags&responseQuoted != 0:
		text, json = first, `"`+first+`"`
	case kind == template.String:
		json, text = first, second
	default:
		json, text = first, first
	}
	switch {
	case kind == template.Array || kind == template.Object:
		display = second
	case kind == template.String && flags&responseTyped == 0:
		display = text
	default:
		display = json
	}
	if second != "" && (kind == template.String && flags&responseQuoted != 0 || kind < template.String) {
		return nil, fmt.Errorf("a value response with a second text it has no use for: %q", resp)
	}
	return object{{"ok", true}, {"json", json}, {"text", text}, {"type", kind.String()}, {"typed", flags&responseTyped != 0}, {"display", display},
		{"engine", template.Version}, {"errors", []object{}}}, nil
}

// A request gives what the same call gives through jsValue fakes.
func TestAnswerIsTheCall(t *testing.T) {
	tests := []struct {
		fn   string
		call func([]jsValue) (result, error)
		args []any
	}{
		{"render", render, []any{"{{E0.price}}", []any{root("E0", `{"price": 1.50}`)}}},
		{"render", render, []any{"{{E0.s}}", []any{root("E0", `{"s": "é ☃ 😀 \"q\""}`)}}},
		{"render", render, []any{"ü {{E0.s}}", []any{root("E0", `{"s": "é ☃ 😀 \"q\""}`)}}},
		{"renderShape", renderShape, []any{`{"a": ["ü {{E0}}", "{{E0}}"]}`, []any{root("E0", `"\n"`)}}},
		{"check", check, []any{"{{E0}}", []any{"E0"}}},
		{"render", render, []any{"PR #{{E1.n}} {{E7}}", []any{root("E1", `{"n": 2}`), props{"name", "E2"}}, props{"later", []any{"E9"}, "iteration", true}}},
		{"render", render, []any{"{{E0}}", []any{root("E0", "{\n  \"a\": 1,\n}")}}},
		{"renderShape", renderShape, []any{`{"n": "{{E1.n}}", "t": "x {{E1.nope}}"}`, []any{root("E1", `{"n": 1}`)}}},
		{"check", check, []any{"{{E5.x}} {{E0}}", []any{"E0", "E1"}, props{"branchSteps", props{"E5", "E3"}, "mode", "template"}}},
		{"check", check, []any{`{"a": "{{E1.x}}"}`, nil, props{"mode", "shape"}}},
	}
	for _, tt := range tests {
		got := respond(t, wireRequest(tt.fn, tt.args...))
		want, err := tt.call(args(tt.args...))
		if err != nil {
			t.Fatal(err)
		}
		var wantJSON map[string]any
		if err := json.Unmarshal(appendJSON(nil, objectOf(want)), &wantJSON); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, wantJSON) {
			t.Errorf("%s%v:\ngot  %v\nwant %v", tt.fn, tt.args, got, wantJSON)
		}
	}
}

// What engine.js sends as a type alone is that type to the API, and a
// misuse is a TypeError response.
func TestAnswerTypes(t *testing.T) {
	tests := []struct {
		args []any
		want string
	}{
		{[]any{fake{typ: jsBigInt}}, "splice: template must be a string, not BigInt"},
		{[]any{"x", fake{typ: jsSymbol}}, "splice: roots must be an array of {name, value} or {name, text}, not Symbol"},
		{[]any{"x", []any{fake{typ: jsArray}}}, "splice: roots[0] must be an object {name, value} or {name, text}, not array"},
		{[]any{"x", []any{props{"name", fake{typ: jsFunction}}}}, "splice: roots[0].name must be a string, not function"},
		{[]any{"x", []any{props{"name", "E0", "text", 1}}}, "splice: roots[0].text must be a string of JSON, not number"},
		{[]any{"x", nil, fake{typ: jsObject}}, ""},
		{[]any{"x", nil, props{"later", fake{typ: jsUndefined}, "iteration", nil}}, ""},
		{[]any{"x", nil, props{"iteration", "yes"}}, "splice: options.iteration must be a boolean, not string"},
		{[]any{"x", nil, props{"later", []any{true}}}, "splice: options.later[0] must be a string, not boolean"},
		{[]any{}, "splice: template must be a string, not undefined"},
	}
	for _, tt := range tests {
		got := respond(t, wireRequest("render", tt.args...))
		if tt.want == "" {
			if got["ok"] != true {
				t.Errorf("render%v: got %v", tt.args, got)
			}
			continue
		}
		if got["error"] != "TypeError" || got["message"] != tt.want {
			t.Errorf("render%v: got %v, want a TypeError %q", tt.args, got, tt.want)
		}
	}
}

// A request that engine.js would not write is an Error response, never a
// panic: the module must keep answering.
func TestAnswerMalformed(t *testing.T) {
	good := wireRequest("render", "{{E0}}", []any{root("E0", "1")})
	header := good.words
	with := func(words ...int32) wire { return wire{good.texts, words} }
	replaced := func(at int, words ...int32) wire {
		return with(append(append(append([]int32{}, header[:at]...), words...), header[at+len(words):]...)...)
	}
	// The header: 5 lengths, then 't' 0 '[' 2 't' 1 '[' 1 ...
	for _, w := range []wire{
		with(), with('x'), with(1), with(9, 1, 2), with(1, 99999, 't', 0, '[', 0), with(append(append([]int32{}, header...), '[')...),
		replaced(7, 9), replaced(9, 999999999), replaced(9, -1), replaced(2, -5), replaced(6, 1<<30),
		with(append([]int32{1, 6, 't', 0, '[', 1}, append(slicesRepeat([]int32{'[', 1}, 20), 'n')...)...),
		with(1, 6, 't', 0, '{', 1, 't', 0), with(1, 6, 't', 0, 'n'),
	} {
		if got := respond(t, w); got["error"] != "Error" || !strings.HasPrefix(got["message"].(string), "splice: ") {
			t.Errorf("header %v: got %v, want an Error", w.words, got)
		}
	}
	req, size, words := good.bytes()
	for _, c := range []struct{ size, words int }{{-1, words}, {len(req) + 1, words}, {size, -1}, {size, words + 1}, {size, 1 << 30}} {
		if got := decodeResponse(t, answer(nil, req, c.size, c.words, 0)); got["error"] != "Error" {
			t.Errorf("sizes %v: got %v", c, got)
		}
	}
	if got := respond(t, wireRequest("nothing")); got["message"] != `splice: no function "nothing"` {
		t.Errorf("an unknown function: got %v", got)
	}
	if got := respond(t, good); got["ok"] != true {
		t.Errorf("after malformed requests: %v", got)
	}
}

func slicesRepeat(s []int32, n int) []int32 {
	var out []int32
	for range n {
		out = append(out, s...)
	}
	return out
}

// The request's memory is overwritten by the next one: nothing the engine
// keeps may be a view of it.
func TestAnswerKeepsNoViewOfTheRequest(t *testing.T) {
	call := func(fn string, args ...any) map[string]any {
		req, size, words := wireRequest(fn, args...).bytes()
		out := decodeResponse(t, answer(nil, req, size, words, 0))
		for i := range req {
			req[i] = 'X'
		}
		return out
	}
	first := call("check", "{{Eq.x}} {{E1.yy}}", []any{"Ea", "E1"})
	call("render", "{{Zq.x}} {{Z1.yy}}", []any{root("Za", "1"), root("Z1", `{"yy": 2}`)})
	if again := call("check", "{{Eq.x}} {{E1.yy}}", []any{"Ea", "E1"}); !reflect.DeepEqual(again, first) {
		t.Errorf("a cached check changed with the request's memory:\n%v\n%v", first, again)
	}
	call("render", "{{E0.a}}", []any{root("E0", `{"a": "kept"}`)})
	if got := call("render", "{{E0.a}}", []any{root("E0", `{"a": "kept"}`)}); got["json"] != `"kept"` {
		t.Errorf("a cached root changed with the request's memory: %v", got)
	}
}

// usualRequest writes the usual call as engine.js does: roots are names
// and texts, in turns.
func usualRequest(fn, src string, roots ...string) wire {
	w := wire{texts: []string{fn, src}, words: []int32{'R', 0, 1}}
	if fn == "renderShape" {
		w.words[1] = 1
	}
	for i := 0; i < len(roots); i += 2 {
		w.words = append(w.words, int32(len(w.texts)), int32(len(w.texts)+1))
		w.texts = append(w.texts, roots[i], roots[i+1])
	}
	lengths := []int32{int32(len(w.texts))}
	for _, t := range w.texts {
		lengths = append(lengths, int32(len(t)))
	}
	w.words = append(lengths, w.words...)
	return w
}

// The usual call, written as its texts alone, gives what the same call
// written whole gives.
func TestAnswerUsualCall(t *testing.T) {
	for _, tt := range []struct {
		fn    string
		src   string
		roots []string // names and texts, in turns
	}{
		{"render", "{{E0.a}}", []string{"E0", `{"a": [1, "x"]}`}},
		{"render", "a {{E0.a}} {{E1}}", []string{"E0", `{"a": "q\""}`, "E1", "nope"}},
		{"render", "{{E0.b}}", []string{"E0", `{"a": 1}`}},
		{"render", "{{#E0}}x{{/E0}", nil},
		{"render", "{{input}} {{E0}}", []string{"E0", "1", "E0", "2", "input", "3"}},
		{"renderShape", `{"a": "{{E0.a}}", "b": ["{{E0}}"]}`, []string{"E0", `{"a": 2}`}},
		{"renderShape", `a: {{E0}}`, []string{"E0", "1"}},
	} {
		roots := []any{}
		for i := 0; i < len(tt.roots); i += 2 {
			roots = append(roots, root(tt.roots[i], tt.roots[i+1]))
		}
		usual := usualRequest(tt.fn, tt.src, tt.roots...)
		whole := wireRequest(tt.fn, tt.src, roots, fake{typ: jsUndefined})
		if got, want := respond(t, usual), respond(t, whole); !reflect.DeepEqual(got, want) {
			t.Errorf("%s(%q, %q):\ngot  %v\nwant %v", tt.fn, tt.src, tt.roots, got, want)
		}
	}
	// A header that is not quite the usual call's is read whole, and fails.
	for _, words := range [][]int32{{2, 6, 1, 'R', 2, 1}, {2, 6, 1, 'R', 0, 2}, {2, 6, 1, 'R', 0, 1, 1}, {2, 6, 1, 'R', 0, -1}} {
		got := respond(t, wire{[]string{"render", "x"}, words})
		if got["error"] != "Error" {
			t.Errorf("header %v: got %v, want an Error", words, got)
		}
	}
	if got := respond(t, wire{[]string{"render", "x"}, []int32{2, 6, 1, 'R', 0, 1}}); got["text"] != "x" {
		t.Errorf("the usual call: got %v", got)
	}
}

// engine.js names a value's kind by its number in a response: its list is
// template.Kind's.
func TestEngineJSKinds(t *testing.T) {
	js, err := os.ReadFile(filepath.Join("..", "web", "engine.js"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for k := template.Null; k <= template.Object; k++ {
		names = append(names, strconv.Quote(k.String()))
	}
	want := "const kinds = [" + strings.Join(names, ", ") + "];"
	if !strings.Contains(string(js), want) {
		t.Errorf("web/engine.js does not have %s", want)
	}
	if !strings.Contains(string(js), "const STRING = "+strconv.Itoa(int(template.String))+";") {
		t.Errorf("web/engine.js's STRING is not template.String, %d", template.String)
	}
}

// A text engine.js did not write again is found again without comparing
// its bytes, but only in the request after the one that read it there: a
// text written over since, read by nothing in between, is read anew.
func TestAnswerUnchangedTexts(t *testing.T) {
	mem := make([]byte, 256)
	// send writes the request into mem, as engine.js writes into the
	// module's memory, and answers it, the first kept bytes of its texts
	// being the request before's.
	send := func(w wire, kept int) any {
		req, size, words := w.bytes()
		copy(mem, req)
		return decodeResponse(t, answer(nil, mem[:len(req)], size, words, kept))["json"]
	}
	// Texts [fn, a name, a root's text, a template], the name and the
	// template's root the same.
	withRoot := func(text string) wire {
		w := wire{texts: []string{"render", "abcdefghij", text, "{{abcdefghij.a}}"}, words: []int32{'R', 0, 3, 1, 2}}
		w.words = append([]int32{4, 6, 10, int32(len(text)), 16}, w.words...)
		return w
	}
	// The same texts but the last, the template alone: no root read.
	templateAlone := func(text string) wire {
		return wire{texts: []string{"render", "abcdefghij", text}, words: []int32{3, 6, 10, int32(len(text)), 'R', 0, 1}}
	}
	steps := []struct {
		w    wire
		kept int
		want string
	}{
		{withRoot(`{"a":1}`), 0, "1"},
		{withRoot(`{"a":1}`), 39, "1"},                 // all of it unchanged
		{templateAlone(`{"a":2}`), 16, `"abcdefghij"`}, // the root's place written over, unread
		{withRoot(`{"a":2}`), 23, "2"},                 // unchanged since, but not since it was read
		{withRoot(`{"a":2}`), 39, "2"},
		{withRoot(`{"a":3}`), 16, "3"},
	}
	for i, s := range steps {
		if got := send(s.w, s.kept); got != s.want {
			t.Errorf("request %d: got %v, want %s", i, got, s.want)
		}
	}
}
