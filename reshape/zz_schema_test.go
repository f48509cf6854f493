package reshape

import (
	"fmt"
	"testing"
)

func TestZZSchemaMessages(t *testing.T) {
	cases := []struct{ schema, input string }{
		{`{type: object, properties: {n: {type: integer, minimum: 1}}}`, `{"n":0}`},
		{`{type: object, properties: {n: {maximum: 1.5}}}`, `{"n":2}`},
		{`{type: object, properties: {n: {exclusiveMinimum: 0}}}`, `{"n":0}`},
		{`{type: object, properties: {n: {exclusiveMaximum: 10}}}`, `{"n":10}`},
		{`{type: object, properties: {n: {multipleOf: 3}}}`, `{"n":10}`},
		{`{type: object, properties: {s: {minLength: 3}}}`, `{"s":"ab"}`},
		{`{type: object, properties: {s: {maxLength: 1}}}`, `{"s":"ab"}`},
		{`{type: object, properties: {s: {pattern: "^[a-z]+$"}}}`, `{"s":"AB"}`},
		{`{type: object, properties: {s: {enum: [a, b, 1]}}}`, `{"s":"c"}`},
		{`{type: object, properties: {s: {const: x}}}`, `{"s":"c"}`},
		{`{type: object, properties: {s: {const: {a: 1}}}}`, `{"s":"c"}`},
		{`{type: object, properties: {l: {minItems: 2}}}`, `{"l":[1]}`},
		{`{type: object, properties: {l: {maxItems: 0}}}`, `{"l":[1]}`},
		{`{type: object, properties: {l: {uniqueItems: true}}}`, `{"l":[1,1]}`},
		{`{type: object, properties: {l: {contains: {const: 5}}}}`, `{"l":[1]}`},
		{`{type: object, minProperties: 2}`, `{"l":[1]}`},
		{`{type: object, maxProperties: 0}`, `{"l":[1]}`},
		{`{type: object, properties: {e: {format: email}}}`, `{"e":"nope"}`},
		{`{type: object, properties: {e: {format: date}}}`, `{"e":"2020-13-01"}`},
		{`{type: object, properties: {e: false}}`, `{"e":1}`},
		{`{type: object, properties: {e: {not: {type: integer}}}}`, `{"e":1}`},
		{`{type: object, propertyNames: {pattern: "^a"}}`, `{"b":1}`},
		{`{type: object, dependentRequired: {a: [b]}}`, `{"a":1}`},
		{`{type: object, properties: {x: {oneOf: [{type: integer}, {type: string}]}}}`, `{"x":true}`},
		{`{type: object, properties: {x: {allOf: [{type: integer}, {minimum: 5}]}}}`, `{"x":1}`},
		{`{type: object, properties: {x: {$ref: "#/$defs/pos"}}, $defs: {pos: {minimum: 0}}}`, `{"x":-1}`},
	}
	for _, c := range cases {
		tool, err := LoadTool([]byte("name: x\nkind: reshape\ncaller_shape: true\ninput_schema: " + c.schema + "\n"))
		if err != nil {
			fmt.Println("LOAD", err)
			continue
		}
		_, err = tool.Call(mustJSON(t, `{"shape":{}}`))
		_ = err
		in := mustJSON(t, c.input)
		issues := validate(tool.input, in, inputPlace)
		fmt.Printf("%-60s %q\n", c.schema, issues)
	}
	for _, schema := range []string{`{type: 12}`, `{required: yes}`, `{properties: {a: {minimum: x}}}`, `{type: [string, strin]}`, `{$ref: "#/nope"}`, `{pattern: "("}`, `{enum: 1}`, `{items: 3}`} {
		_, err := LoadTool([]byte("name: x\nkind: reshape\ncaller_shape: true\ninput_schema: " + schema + "\n"))
		fmt.Printf("%-40s %v\n", schema, err)
	}
}
