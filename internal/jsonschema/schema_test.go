package jsonschema

import (
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

// TestSchemaKeywords: the validator's keywords beyond the messages of
// TestSchemaRuleMessages, each with a value that meets the schema and one
// that fails it (with the start of its first message).
func TestSchemaKeywords(t *testing.T) {
	tests := []struct {
		schema, pass, fail, msg string
	}{
		{`{"type": ["integer", "null"]}`, `null`, `1.5`, "the input: want integer or null, got number"},
		{`{"type": "integer"}`, `1.0`, `"1"`, "the input: want integer, got string"},
		{`{"minimum": 1e2}`, `100.0`, `99.99`, "the input: 99.99 is less than the minimum 1e2"},
		{`{"maximum": 1e400}`, `9e399`, `1e401`, "the input: 1e401 is more than the maximum 1e400"},
		{`{"minimum": -1e999999999}`, `-1e300`, `-1e9999999999999`, "the input: -1e9999999999999 is less than the minimum"},
		{`{"multipleOf": 0.1}`, `0.3`, `0.35`, "the input: 0.35 is not a multiple of 0.1 (multipleOf)"},
		{`{"enum": [1, {"a": [1, 2]}]}`, `{"a": [1.0, 2]}`, `{"a": [2, 1]}`, `the input: {"a":[2,1]} is not one of 1, {"a":[1,2]} (enum)`},
		{`{"uniqueItems": true}`, `[{"a":1,"b":2},{"a":1}]`, `[{"a":1,"b":2},{"b":2,"a":1}]`, "the input: items 0 and 1 are equal (uniqueItems)"},
		{`{"prefixItems": [{"type": "string"}], "items": false}`, `["a"]`, `["a", 1]`, "field /1: is not allowed: its schema is false"},
		{`{"$schema": "http://json-schema.org/draft-07/schema#", "items": [{"type": "string"}], "additionalItems": false}`, `["a"]`, `["a", 1, 2]`, "the input: has 2 items more than its items allow (additionalItems)"},
		{`{"$schema": "http://json-schema.org/draft-07/schema#", "dependencies": {"a": ["b"], "c": {"required": ["d"]}}}`, `{"a":1,"b":2}`, `{"c":1}`, `missing required field "d"`},
		{`{"patternProperties": {"^x-": {"type": "string"}}, "additionalProperties": {"type": "integer"}}`, `{"x-a":"s","n":1}`, `{"x-a":1}`, "field /x-a: want string, got number"},
		{`{"properties": {"a": {}}, "unevaluatedProperties": false, "allOf": [{"properties": {"b": {}}}]}`, `{"a":1,"b":2}`, `{"a":1,"c":3}`, `unexpected field "c" (unevaluatedProperties)`},
		{`{"if": {"properties": {"k": {"const": "n"}}}, "then": {"required": ["v"]}, "else": {"required": ["s"]}}`, `{"k":"n","v":1}`, `{"k":"x"}`, `missing required field "s"`},
		{`{"dependentSchemas": {"a": {"required": ["b"]}}}`, `{"b":1}`, `{"a":1}`, `missing required field "b"`},
		{`{"$defs": {"n": {"$anchor": "num", "type": "number"}}, "items": {"$ref": "#num"}}`, `[1]`, `["1"]`, "field /0: want number, got string"},
		{`{"$defs": {"a/b": {"type": "string"}}, "$ref": "#/$defs/a~1b"}`, `"s"`, `1`, "the input: want string, got number"},
		{`{"properties": {"next": {"$ref": "#"}}, "required": ["v"]}`, `{"v":1,"next":{"v":2}}`, `{"v":1,"next":{}}`, `missing required field "v" in /next`},
		{`{"$ref": "#"}`, ``, `1`, "the input: the schema applies itself without end"},
		{`{"contains": {"type": "string"}, "minContains": 0}`, `[1]`, ``, ""},
		{`{"format": "email"}`, `"not an email"`, ``, ""},
	}
	for _, tt := range tests {
		t.Run(tt.schema, func(t *testing.T) {
			s := compiled(t, tt.schema)
			if tt.pass != "" {
				if found := s.Validate(mustJSON(t, tt.pass), "the input", nil); found.issues != nil {
					t.Errorf("%s fails: %v", tt.pass, found.issues)
				}
			}
			if tt.fail != "" {
				found := s.Validate(mustJSON(t, tt.fail), "the input", nil)
				issues := found.issues
				if len(issues) == 0 || !strings.HasPrefix(issues[0].Msg, tt.msg) {
					t.Errorf("%s: got %v, want %q", tt.fail, issues, tt.msg)
				}
			}
		})
	}
}

// TestInvalidSchemas: schemas that are not valid, each with where and why.
func TestInvalidSchemas(t *testing.T) {
	tests := []struct{ schema, ptr, msg string }{
		{`{"minItems": -1}`, "/minItems", "/minItems: -1 is less than the minimum 0"},
		{`{"maxLength": 1.5}`, "/maxLength", "/maxLength: want integer, got number"},
		{`{"multipleOf": 0}`, "/multipleOf", "/multipleOf: 0 is not more than the exclusiveMinimum 0"},
		{`{"anyOf": []}`, "/anyOf", "/anyOf: has 0 items, fewer than the minItems 1"},
		{`{"required": ["a", "a"]}`, "/required", "/required: items 0 and 1 are equal (uniqueItems)"},
		{`{"items": 3}`, "/items", "/items: want object or boolean, got number"},
		{`{"$ref": "#/$defs/none"}`, "/$ref", `/$ref: "#/$defs/none" points at nothing in the schema`},
		{`{"$ref": "#nope"}`, "/$ref", `/$ref: "#nope" names no $anchor of the schema`},
		{`{"properties": {"a": {"$ref": "https://example.com/s.json"}}}`, "/properties/a/$ref", "refers to another document"},
		{`{"$schema": "https://example.com/meta"}`, "/$schema", "is not a meta-schema this validator knows"},
		{`{"patternProperties": {"(": {}}}`, "/patternProperties/(", `"(" is not a valid regex (format)`},
	}
	for _, tt := range tests {
		_, issue := compileDoc(mustJSON(t, tt.schema))
		if issue == nil || issue.Pointer != tt.ptr || !strings.Contains(issue.Msg, tt.msg) {
			t.Errorf("%s: got %+v, want %s %q", tt.schema, issue, tt.ptr, tt.msg)
		}
	}
}

func TestWithDeclaredKeys(t *testing.T) {
	tests := []struct{ schema, data, want string }{
		{`{"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "integer"}}}`, `{"b": 7}`, `{"b":7,"a":""}`},
		{`{"properties": {"pr": {"properties": {"n": {}}}}}`, `null`, `null`},
		{`{"properties": {"pr": {"properties": {"n": {}}}}}`, `{}`, `{"pr":{"n":null}}`},
		{`{"type": "object", "properties": {"list": {"type": "array", "items": {"type": "object", "properties": {"id": {"type": "number"}}}}}}`, `{}`,
			`{"list":[{"id":0}]}`},
		{`{"properties": {"list": {"items": {"properties": {"id": {"type": "boolean"}}}}}}`, `{"list": [{"x": 1}, {"id": true}]}`,
			`{"list":[{"x":1,"id":false},{"id":true}]}`},
		{`{"properties": {"a": {"type": ["string", "null"]}}}`, `{}`, `{"a":""}`},
		{`true`, `{"a": 1}`, `{"a":1}`},
	}
	for _, tt := range tests {
		schema, err := template.ParseJSONString(tt.schema)
		if err != nil {
			t.Fatal(err)
		}
		data, err := template.ParseJSONString(tt.data)
		if err != nil {
			t.Fatal(err)
		}
		if got := WithDeclaredKeys(schema, data).String(); got != tt.want {
			t.Errorf("WithDeclaredKeys(%s, %s) = %s, want %s", tt.schema, tt.data, got, tt.want)
		}
	}
}

// TestSchemaCompiledOnce: loading a tool again reuses the compiled schema
// of the same text.
func TestSchemaCompiledOnce(t *testing.T) {
	doc := mustJSON(t, `{"type": "object", "required": ["only-in-this-test"]}`)
	a, issue := Compile(doc)
	if issue != nil {
		t.Fatal(issue.Msg)
	}
	b, _ := Compile(mustJSON(t, `{"type":"object","required":["only-in-this-test"]}`))
	if a != b {
		t.Error("the same schema text was compiled twice")
	}
	c, _ := Compile(mustJSON(t, `{"type": "object"}`))
	if c == a {
		t.Error("another schema text got the cached schema")
	}
}
