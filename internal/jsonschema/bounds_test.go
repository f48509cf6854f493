package jsonschema

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/splicedev/splice/template"
)

// refChain is a schema whose definitions each apply the next twice, through
// keyword: a value failing at the end of the chain would be tried 2^depth
// times without memoizing.
func refChain(keyword string, depth int) string {
	var defs []string
	for i := range depth {
		defs = append(defs, fmt.Sprintf(`"d%d": {%q: [{"$ref": "#/$defs/d%d"}, {"$ref": "#/$defs/d%d"}]}`, i, keyword, i+1, i+1))
	}
	defs = append(defs, fmt.Sprintf(`"d%d": {"type": "string"}`, depth))
	return `{"$ref": "#/$defs/d0", "$defs": {` + strings.Join(defs, ", ") + `}}`
}

func compiled(t testing.TB, text string) *Schema {
	t.Helper()
	s, issue := Compile(mustJSON(t, text))
	if issue != nil {
		t.Fatal(issue.Msg)
	}
	return s
}

func TestValidatorIsLinearOverRefChains(t *testing.T) {
	for _, keyword := range []string{"allOf", "anyOf", "oneOf"} {
		s := compiled(t, refChain(keyword, 60))
		var run template.Env
		found := s.Validate(template.IntValue(1), "the input", &run)
		if len(found.issues) == 0 {
			t.Errorf("%s: 1 passes a chain ending in a string schema", keyword)
		}
		if work, _ := run.Spent(); work > 8*60 {
			t.Errorf("%s: %d steps of work for a chain of 60, want a few per link", keyword, work)
		}
	}
}

func TestUniqueItemsByCanonicalValue(t *testing.T) {
	s := compiled(t, `{"uniqueItems": true}`)
	tests := []struct {
		value string
		dup   string // "" when the items are unique
	}{
		{`[1, 2, 3]`, ""},
		{`[1, 2, 1.0]`, "items 0 and 2"},
		{`[10, 1e1]`, "items 0 and 1"},
		{`[{"a": 1, "b": [2]}, {"b": [2.0], "a": 1}]`, "items 0 and 1"},
		{`["1", 1]`, ""},
		{`[[1, 2], [2, 1]]`, ""},
	}
	for _, tt := range tests {
		found := s.Validate(mustJSON(t, tt.value), "the input", nil)
		issues := found.issues
		switch {
		case tt.dup == "" && issues != nil:
			t.Errorf("%s: %v, want unique", tt.value, issues)
		case tt.dup != "" && (len(issues) != 1 || !strings.Contains(issues[0].Msg, tt.dup)):
			t.Errorf("%s: %v, want %s equal", tt.value, issues, tt.dup)
		}
	}
	// 20,000 integers, the last equal to the first.
	elems := make([]string, 20000)
	for i := range elems {
		elems[i] = strconv.Itoa(i % 19999)
	}
	found := s.Validate(mustJSON(t, "["+strings.Join(elems, ",")+"]"), "the input", nil)
	if issues := found.issues; len(issues) != 1 || !strings.Contains(issues[0].Msg, "items 0 and 19999") {
		t.Errorf("20,000 items: %v", issues)
	}
}

func TestSchemaErrorsAreBounded(t *testing.T) {
	s := compiled(t, `{"type": "object", "additionalProperties": {"type": "string", "enum": [`+strings.Repeat(`"x",`, 9999)+`"y"]}}`)
	fields := make([]string, 1000)
	for i := range fields {
		fields[i] = fmt.Sprintf(`"f%d": "nope"`, i)
	}
	list := s.Validate(mustJSON(t, "{"+strings.Join(fields, ",")+"}"), "the input", nil).Errors(template.InputError, "")
	if len(list) != template.MaxErrors+1 || list[template.MaxErrors].Kind != template.LimitError || !strings.Contains(list[template.MaxErrors].Msg, "900 more") {
		t.Fatalf("1,000 failing fields: %d errors, the last %v", len(list), list[len(list)-1])
	}
	if n := len(list[0].Msg); n > 1000 {
		t.Errorf("an enum failure names %d bytes of values: %.200s", n, list[0].Msg)
	}
	if !strings.Contains(list[0].Msg, "… and 9990 more") {
		t.Errorf("the enum failure does not say how many values it left out: %.300s", list[0].Msg)
	}
}

func TestValidationStopsAtItsBound(t *testing.T) {
	// A run that has 4,096 steps of work left.
	nearlySpent := func() *template.Env {
		run := &template.Env{}
		run.Charge(template.MaxRenderSteps-1<<12, 0)
		return run
	}
	s := compiled(t, `{"items": {"allOf": [{"type": "integer"}, {"minimum": 0}, {"not": {"type": "string"}}]}}`)
	v := mustJSON(t, "["+strings.Repeat("1,", 500)+"1]")
	if found := s.Validate(v, "the input", nearlySpent()); found.limited || found.issues != nil {
		t.Fatalf("500 items through five schemas each, within the bound: limited %v, %v", found.limited, found.issues)
	}
	found := s.Validate(mustJSON(t, "["+strings.Repeat("1,", 500)+"-1]"), "the input", nearlySpent())
	if found.limited || len(found.issues) != 1 {
		t.Fatalf("one failing item within the bound: limited %v, %v", found.limited, found.issues)
	}
	run := nearlySpent()
	found = s.Validate(mustJSON(t, "[-1,"+strings.Repeat("1,", 2000)+"1]"), "the input", run)
	if !found.limited || len(found.issues) != 2 || !strings.Contains(found.issues[1].Msg, "too large") {
		t.Errorf("2,000 items through five schemas each: limited %v, %d issues %.300v", found.limited, len(found.issues), found.issues)
	}
	if work, _ := run.Spent(); work <= template.MaxRenderSteps {
		t.Errorf("the stopped validation left the run %d steps of work, want it spent", template.MaxRenderSteps-work)
	}
	list := found.Errors(template.InputError, "")
	if list[len(list)-1].Kind != template.LimitError {
		t.Errorf("the last error is %v, want a LimitError", list[len(list)-1].Kind)
	}
}

// BenchmarkValidateRefChain grows the chain of alternatives: the time grows
// with its length, not exponentially.
func BenchmarkValidateRefChain(b *testing.B) {
	for _, depth := range []int{16, 32, 64, 128} {
		s := compiled(b, refChain("anyOf", depth))
		b.Run(strconv.Itoa(depth), func(b *testing.B) {
			for b.Loop() {
				s.Validate(template.IntValue(1), "the input", nil)
			}
		})
	}
}

// BenchmarkValidateUniqueItems grows the array: linear, not quadratic.
func BenchmarkValidateUniqueItems(b *testing.B) {
	s := compiled(b, `{"uniqueItems": true}`)
	for _, n := range []int{2500, 5000, 10000, 20000} {
		elems := make([]string, n)
		for i := range elems {
			elems[i] = strconv.Itoa(i)
		}
		v := mustJSON(b, "["+strings.Join(elems, ",")+"]")
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				s.Validate(v, "the input", nil)
			}
		})
	}
}
