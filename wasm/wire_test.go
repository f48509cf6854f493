package main

import (
	"encoding/binary"
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// wireRequest writes a request as engine.js does (its wire function): every
// string is one of the request's texts; a fake of another type is its code.
func wireRequest(fn string, args ...any) (req []byte, headerSize int) {
	var texts []string
	var values strings.Builder
	var write func(v any)
	write = func(v any) {
		switch v := v.(type) {
		case string:
			values.WriteString("t" + strconv.Itoa(len(texts)) + ";")
			texts = append(texts, v)
		case nil:
			values.WriteString("n")
		case bool:
			values.WriteString(map[bool]string{true: "T", false: "F"}[v])
		case int, float64:
			values.WriteString("#")
		case []any:
			values.WriteString("[" + strconv.Itoa(len(v)) + ";")
			for _, e := range v {
				write(e)
			}
		case props:
			values.WriteString("{" + strconv.Itoa(len(v)/2) + ";")
			for _, e := range v {
				write(e)
			}
		case fake:
			values.WriteString(map[jsType]string{jsUndefined: "u", jsBigInt: "B", jsSymbol: "S", jsFunction: "f", jsObject: "o", jsArray: "a"}[v.typ])
		default:
			panic("wireRequest: no form for " + reflect.TypeOf(v).String())
		}
	}
	write(fn)
	write(args)
	header := strconv.Itoa(len(texts)) + ";"
	for _, t := range texts {
		header += strconv.Itoa(len(t)) + ";"
		req = append(req, t...)
	}
	header += values.String()
	return append(req, header...), len(header)
}

// respond answers a request and decodes its response as engine.js does:
// JSON, or a result with a value as its texts.
func respond(t *testing.T, req []byte, headerSize int) map[string]any {
	t.Helper()
	resp := answer(nil, req, headerSize)
	if len(resp) > 1 && resp[0] == '=' {
		out := map[string]any{"ok": true, "typed": resp[1] == 'T', "errors": []any{}}
		keys := []string{"json", "text", "type", "display", "engine"} // engine.js's order
		if len(resp) < 2+4*len(keys) {
			t.Fatalf("a value response without its lengths: %q", resp)
		}
		texts := string(resp[2+4*len(keys):])
		for i, key := range keys {
			n := int(binary.LittleEndian.Uint32(resp[2+4*i:]))
			if n > len(texts) {
				t.Fatalf("a malformed value response: %q", resp)
			}
			out[key], texts = texts[:n], texts[n:]
		}
		if texts != "" {
			t.Fatalf("a value response with %q past its texts", texts)
		}
		return out
	}
	var out map[string]any
	if err := json.Unmarshal(resp, &out); err != nil {
		t.Fatalf("the response is not JSON: %v", err)
	}
	return out
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
		req, size := wireRequest(tt.fn, tt.args...)
		got := respond(t, req, size)
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
		req, size := wireRequest("render", tt.args...)
		got := respond(t, req, size)
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
	good, size := wireRequest("render", "{{E0}}", []any{root("E0", "1")})
	header := string(good[len(good)-size:])
	texts := good[:len(good)-size]
	for _, h := range []string{
		"", "x", "1;", "9;1;2;", "1;99999;t0;[0;", header + "[", strings.Replace(header, "t0;", "t9;", 1),
		strings.Replace(header, "[2;", "[999999999;", 1), strings.Replace(header, "t0;", "t0", 1),
		"1;6;t0;[1;" + strings.Repeat("[1;", 20) + "n", "1;6;t0;{1;t0;", "1;6;t0;n",
	} {
		req := append(append([]byte{}, texts...), h...)
		got := respond(t, req, len(h))
		if got["error"] != "Error" || !strings.HasPrefix(got["message"].(string), "splice: ") {
			t.Errorf("header %q: got %v, want an Error", h, got)
		}
	}
	for _, size := range []int{-1, len(good) + 1} {
		if got := respond(t, good, size); got["error"] != "Error" {
			t.Errorf("header size %d: got %v", size, got)
		}
	}
	req, size := wireRequest("nothing")
	if got := respond(t, req, size); got["message"] != `splice: no function "nothing"` {
		t.Errorf("an unknown function: got %v", got)
	}
	if got := respond(t, good, len(header)); got["ok"] != true {
		t.Errorf("after malformed requests: %v", got)
	}
}

// The request's memory is overwritten by the next one: nothing the engine
// keeps may be a view of it.
func TestAnswerKeepsNoViewOfTheRequest(t *testing.T) {
	call := func(fn string, args ...any) map[string]any {
		req, size := wireRequest(fn, args...)
		out := respond(t, req, size)
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
