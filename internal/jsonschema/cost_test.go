package jsonschema

import (
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/splicedev/splice/template"
)

// validationCost is what validating v against the schema took: the work
// charged to its run, the objects and bytes allocated, and what it found.
type validationCost struct {
	work          int
	allocs, bytes uint64
	found         Validation
}

func measureValidation(s *Schema, v template.Value) validationCost {
	var before, after runtime.MemStats
	var run template.Env
	runtime.GC()
	runtime.ReadMemStats(&before)
	found := s.Validate(v, "the input", &run)
	runtime.ReadMemStats(&after)
	work, _ := run.Spent()
	return validationCost{work: work, allocs: after.Mallocs - before.Mallocs, bytes: after.TotalAlloc - before.TotalAlloc, found: found}
}

// numbers is a JSON array of the numbers from..from+n-1.
func numbers(from, n int) string {
	elems := make([]string, n)
	for i := range elems {
		elems[i] = strconv.Itoa(from + i)
	}
	return "[" + strings.Join(elems, ",") + "]"
}

// maxGrowth is how much a cost may grow when n doubles: twice, and some
// room for what does not scale (maps growing in steps, a GC's timing).
const maxGrowth = 2.3

// TestValidationCostIsLinear doubles each dimension of a validation three
// times: the work charged and the allocations grow with it, no faster,
// and the largest stays under its memory bound.
func TestValidationCostIsLinear(t *testing.T) {
	dimensions := []struct {
		name string
		n    int // the smallest; doubled three times
		// schema and value of size n
		schema, value func(n int) string
		maxBytes      uint64 // what the largest may allocate
	}{
		{"schema items", 5000,
			func(int) string {
				return `{"type": "array", "items": {"type": "integer", "minimum": 0, "multipleOf": 1, "not": {"type": "string"}}}`
			},
			func(n int) string { return numbers(0, n) }, 32 << 20},
		{"enum length", 2500,
			func(n int) string { return `{"items": {"enum": ` + numbers(0, n) + `}}` },
			func(n int) string { return numbers(n, n) }, 8 << 20},
		{"pattern × text", 1 << 14,
			func(int) string { return `{"pattern": "^(?:ab|cd)*x$"}` },
			func(n int) string { return strconv.Quote(strings.Repeat("ab", n)) }, 4 << 20},
		{"failing items", 10000,
			func(int) string { return `{"items": {"pattern": "^` + strings.Repeat("z", 100) + `$", "maximum": -1}}` },
			func(n int) string { return `[` + strings.Repeat(`"a", 1, `, n/2) + `"a"]` }, 16 << 20},
	}
	for _, d := range dimensions {
		t.Run(d.name, func(t *testing.T) {
			var costs []validationCost
			for n := d.n; n <= 8*d.n; n *= 2 {
				s := compiled(t, d.schema(n))
				costs = append(costs, measureValidation(s, mustJSON(t, d.value(n))))
			}
			for i, c := range costs {
				if c.found.limited {
					t.Fatalf("n %d: the validation passed the budget", d.n<<i)
				}
			}
			for i := 1; i < len(costs); i++ {
				prev, cur := costs[i-1], costs[i]
				if float64(cur.work) > maxGrowth*float64(max(prev.work, 1)) {
					t.Errorf("n %d → %d: work grew %d → %d", d.n<<(i-1), d.n<<i, prev.work, cur.work)
				}
				if float64(cur.allocs) > maxGrowth*float64(max(prev.allocs, 1)) {
					t.Errorf("n %d → %d: allocations grew %d → %d", d.n<<(i-1), d.n<<i, prev.allocs, cur.allocs)
				}
			}
			if last := costs[len(costs)-1]; last.bytes > d.maxBytes {
				t.Errorf("n %d allocated %d bytes, more than %d", 8*d.n, last.bytes, d.maxBytes)
			}
			if testing.Verbose() {
				for i, c := range costs {
					t.Logf("n %d: work %d, %d allocations, %d bytes, %d failures worded and %d counted", d.n<<i, c.work, c.allocs, c.bytes, len(c.found.issues), c.found.more)
				}
			}
		})
	}
}

// maxMessage bounds a validation message: values, patterns and keys are
// quoted cut.
const maxMessage = 400

func checkMessages(t *testing.T, list template.ErrorList) {
	t.Helper()
	for _, e := range list {
		if len(e.Msg) > maxMessage {
			t.Errorf("a message of %d bytes: %.200s", len(e.Msg), e.Msg)
		}
	}
}

// TestCostlyPatternStopsBeforeMatching: a 13-byte pattern whose program is
// 2,003 instructions, over leaves of 1 MiB. Each match would cost 2 billion
// steps: the first is not run, and the call stops with a LimitError there.
func TestCostlyPatternStopsBeforeMatching(t *testing.T) {
	s := compiled(t, `{"properties": {"a": {"pattern": "(?:x?){1000}y"}, "b": {"pattern": "(?:x?){1000}y"}}}`)
	leaf := strings.Repeat("x", 1<<20)
	input := template.ObjectValue([]template.Member{{Key: "a", Value: template.StringValue(leaf)}, {Key: "b", Value: template.StringValue(leaf)}})
	var run template.Env
	list := s.Validate(input, "the input", &run).Errors(template.InputError, "")
	if len(list) != 1 || list[0].Kind != template.LimitError || list[0].Path != "/a" || !strings.Contains(list[0].Msg, "2003 instructions") {
		t.Fatalf("want one LimitError at /a naming the program's size, got %v", list)
	}
	checkMessages(t, list)
	if work, _ := run.Spent(); work <= template.MaxRenderSteps {
		t.Errorf("the run has %d steps of work left after a validation its budget stopped", template.MaxRenderSteps-work)
	}
	if list := s.Validate(template.ObjectValue([]template.Member{{Key: "a", Value: template.StringValue("xy")}}), "the input", &run).Errors(template.InputError, ""); list[0].Kind != template.LimitError {
		t.Errorf("a run whose budget is spent validates again: %v", list)
	}
}

// TestEnumIsLookedUp: an enum of 10,000 numbers over 20,000 items it does
// not hold costs a lookup per item, not a comparison per value, and words
// only the failures reported.
func TestEnumIsLookedUp(t *testing.T) {
	s := compiled(t, `{"items": {"enum": `+numbers(0, 10000)+`}}`)
	c := measureValidation(s, mustJSON(t, numbers(10000, 20000)))
	if len(c.found.issues) != template.MaxErrors || c.found.more != 20000-template.MaxErrors || c.found.morePtr != "/100" {
		t.Fatalf("%d failures worded, %d counted from %q; want 100, then 19,900 from /100", len(c.found.issues), c.found.more, c.found.morePtr)
	}
	if c.work > 40*20000 {
		t.Errorf("20,000 lookups cost %d steps of work, want a few dozen each", c.work)
	}
	if !strings.Contains(c.found.issues[0].Msg, "10000 is not one of 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, … and 9990 more (enum)") {
		t.Errorf("first failure: %s", c.found.issues[0].Msg)
	}
	// Equal by value, whatever the form.
	s = compiled(t, `{"enum": [1, "a", {"k": [2.0, null]}]}`)
	for _, v := range []string{`1.0`, `10e-1`, `"a"`, `{"k": [2, null]}`, `{"k": [20e-1, null]}`} {
		if found := s.Validate(mustJSON(t, v), "the input", nil); found.issues != nil {
			t.Errorf("%s is in the enum: %v", v, found.issues)
		}
	}
	for _, v := range []string{`2`, `"1"`, `{"k": [2]}`, `{"k": [2, null], "j": 1}`, `[1]`, strconv.Quote(strings.Repeat("a", 1000))} {
		if found := s.Validate(mustJSON(t, v), "the input", nil); len(found.issues) != 1 {
			t.Errorf("%.20s is not in the enum: %v", v, found.issues)
		}
	}
}

// TestFailuresPastTheCapAreCounted: 100,000 items failing a 40 KB pattern
// word 100 messages, each quoting the pattern cut; the rest are counted
// until the budget, which the pattern's cost spends, stops them.
func TestFailuresPastTheCapAreCounted(t *testing.T) {
	s := compiled(t, `{"items": {"pattern": "^`+strings.Repeat("z", 40000)+`$"}}`)
	v := mustJSON(t, `[`+strings.Repeat(`"a",`, 99999)+`"a"]`)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	list := s.Validate(v, "the input", nil).Errors(template.InputError, "")
	runtime.ReadMemStats(&after)
	if len(list) != template.MaxErrors+1 || list[template.MaxErrors].Kind != template.LimitError || !strings.Contains(list[template.MaxErrors].Msg, "more errors from here on") {
		t.Fatalf("%d errors, the last %v", len(list), list[len(list)-1])
	}
	checkMessages(t, list)
	if !strings.Contains(list[0].Msg, `"a" does not match the pattern "^zzzz`) || !strings.HasSuffix(list[0].Msg, "…") {
		t.Errorf("first message: %s", list[0].Msg)
	}
	if bytes := after.TotalAlloc - before.TotalAlloc; bytes > 8<<20 {
		t.Errorf("validating allocated %d bytes", bytes)
	}
}

// TestMultipleOfBoundIsParsedOnce: a 4,000-digit multipleOf over 200,000
// small numbers parses the bound once, with the schema; each item is
// compared to it, not divided by it.
func TestMultipleOfBoundIsParsedOnce(t *testing.T) {
	s := compiled(t, `{"items": {"multipleOf": `+strings.Repeat("7", 4000)+`}}`)
	c := measureValidation(s, mustJSON(t, "["+strings.Repeat("3,", 199999)+"0]"))
	if len(c.found.issues) != template.MaxErrors || c.found.more != 199999-template.MaxErrors || c.found.limited {
		t.Fatalf("%d failures worded, %d counted, limited %v", len(c.found.issues), c.found.more, c.found.limited)
	}
	if c.bytes > 64<<20 {
		t.Errorf("validating allocated %d bytes", c.bytes)
	}
	for _, issue := range c.found.issues {
		if len(issue.Msg) > maxMessage {
			t.Fatalf("a message of %d bytes: %.200s", len(issue.Msg), issue.Msg)
		}
	}
	// Exact arithmetic still decides what the comparison does not.
	for _, tt := range []struct {
		schema, value string
		ok            bool
	}{
		{`{"multipleOf": 0.1}`, `0.3`, true},
		{`{"multipleOf": 0.1}`, `0.35`, false},
		{`{"multipleOf": 7}`, `-14`, true},
		{`{"multipleOf": 7}`, `-3`, false},
		{`{"multipleOf": 1e-400}`, `1`, true},
		{`{"multipleOf": ` + strings.Repeat("7", 4000) + `}`, strings.Repeat("7", 4000) + "0", true},
	} {
		found := compiled(t, tt.schema).Validate(mustJSON(t, tt.value), "the input", nil)
		if ok := found.issues == nil; ok != tt.ok {
			t.Errorf("%.30s against %.30s: passes %v, want %v", tt.value, tt.schema, ok, tt.ok)
		}
	}
}

// TestLongKeysAreCutInMessages: a key of 1 MiB above failing items is
// named cut in each message.
func TestLongKeysAreCutInMessages(t *testing.T) {
	key := strings.Repeat("k", 1<<20)
	s := compiled(t, `{"additionalProperties": {"items": {"type": "string"}}}`)
	input := template.ObjectValue([]template.Member{{Key: key, Value: mustJSON(t, numbers(0, 1000))}})
	list := s.Validate(input, "the input", nil).Errors(template.InputError, "")
	if len(list) != template.MaxErrors+1 || !strings.HasSuffix(list[0].Path, "/0") {
		t.Fatalf("%d errors, the first at %.20s…", len(list), list[0].Path)
	}
	checkMessages(t, list)
}
