package plan

import (
	"strconv"
	"strings"
	"testing"

	"github.com/splicedev/splice/template"
)

// checkedCall is a plan whose step E0 calls an exec tool of input_schema
// schema with input fields, rendered from the plan input.
func checkedCall(schema, input, fields string) string {
	return `{"input": ` + input + `, "tools": [{"name": "t", "kind": "exec", "command": "check", "input_schema": ` + schema + `}],
"steps": [{"id": "E0", "tool_name": "user__t", "input": ` + fields + `, "result": {}}, {"id": "E1", "tool_name": "builtin__reshape", "input": {"shape": {"n": "{{input}}"}}}]}`
}

func numberList(from, n int) string {
	elems := make([]string, n)
	for i := range elems {
		elems[i] = strconv.Itoa(from + i)
	}
	return "[" + strings.Join(elems, ",") + "]"
}

// TestSchemaValidationIsCharged reproduces plans whose validation once
// took minutes: each now ends fast, its messages short, a pattern too
// costly for the budget stopped before it runs with a LimitError placed at
// its field. A validation past the budget spends it for the steps after.
func TestSchemaValidationIsCharged(t *testing.T) {
	leaf := strconv.Quote(strings.Repeat("x", 1<<18))
	tests := []struct {
		name, plan string
		kind       template.ErrorKind // of E0's first error
		at         string
		errors     int // E0's errors
		more       string
		spent      bool // the validation spent the run's budget: E1 after it fails
	}{
		{"a 13-byte pattern over 4 leaves of 256 KiB", checkedCall(`{"properties": {"a": {"pattern": "(?:x?){1000}y"}, "b": {"pattern": "(?:x?){1000}y"}, "c": {"pattern": "(?:x?){1000}y"}, "d": {"pattern": "(?:x?){1000}y"}}}`,
			`{"s": `+leaf+`}`, `{"a": "{{input.s}}", "b": "{{input.s}}", "c": "{{input.s}}", "d": "{{input.s}}"}`),
			template.LimitError, "/steps/0/input/a", 1, "", true},
		{"an enum of 10,000 numbers over 20,000 items", checkedCall(`{"properties": {"xs": {"items": {"enum": `+numberList(0, 10000)+`}}}}`,
			`{"xs": `+numberList(10000, 20000)+`}`, `{"xs": "{{input.xs}}"}`),
			template.InputError, "/steps/0/input", template.MaxErrors + 1, "and 19900 more errors", false},
		{"100,000 items failing a 40 KB pattern", checkedCall(`{"properties": {"xs": {"items": {"pattern": "^`+strings.Repeat("z", 40000)+`$"}}}}`,
			`{"xs": [`+strings.Repeat(`"a",`, 99999)+`"a"]}`, `{"xs": "{{input.xs}}"}`),
			template.InputError, "/steps/0/input", template.MaxErrors + 1, "more errors from here on", true},
		{"a 4,000-digit multipleOf over 200,000 items", checkedCall(`{"properties": {"xs": {"items": {"multipleOf": `+strings.Repeat("7", 4000)+`}}}}`,
			`{"xs": [`+strings.Repeat("3,", 199999)+`3]}`, `{"xs": "{{input.xs}}"}`),
			template.InputError, "/steps/0/input", template.MaxErrors + 1, "and 199900 more errors", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := Run(Load(tt.plan), Options{})
			r, _ := o.Result("E0")
			if r.Status != Failed || len(r.Errors) != tt.errors {
				t.Fatalf("E0 %v with %d errors, want failed with %d: %v", r.Status, len(r.Errors), tt.errors, r.Errors)
			}
			if first := r.Errors[0]; first.Kind != tt.kind || first.At != tt.at {
				t.Errorf("first error %v at %s, want %v at %s: %s", first.Kind, first.At, tt.kind, tt.at, first.Msg)
			}
			if last := r.Errors[len(r.Errors)-1]; !strings.Contains(last.Msg, tt.more) {
				t.Errorf("last error: %s, want %q", last.Msg, tt.more)
			}
			for _, e := range r.Errors {
				if len(e.Msg) > 400 {
					t.Fatalf("a message of %d bytes: %.200s", len(e.Msg), e.Msg)
				}
			}
			e1, _ := o.Result("E1")
			if tt.spent != (e1.Status == Failed) {
				t.Errorf("E1 after it: %v %v", e1.Status, e1.Errors)
			}
		})
	}
}
