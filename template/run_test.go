package template_test

import (
	"testing"

	"github.com/splicedev/splice/template"
)

// A traced section is falsy only when the render skipped it: its path goes
// nowhere in the data. Any other error at a section failed the render, and
// the trace must not call it falsy.
func TestTraceEntryFalsy(t *testing.T) {
	e0, _ := template.ParseJSONString(`{"list": [], "a": 1}`)
	roots := template.Roots{{Name: "E0", Value: e0}}.WithInput()
	tests := []struct {
		src      string
		falsy    bool
		failsRun bool
	}{
		{"{{#E0.nope}}x{{/E0.nope}}", true, false},     // BadPath
		{"{{^E0.list.3}}x{{/E0.list.3}}", true, false}, // EmptyData
		{"{{#@index}}x{{/@index}}", false, true},       // ScopeError
		{"{{#E9}}x{{/E9}}", false, true},               // MissingStep
		{"{{#E0.a}}x{{/E0.a}}", false, false},          // found
	}
	for _, tt := range tests {
		tm, err := template.Parse(tt.src)
		if err != nil {
			t.Fatal(err)
		}
		// Rendered for the trace, as a view does while the step does not load.
		res := template.Run(tm, roots.Scope(nil, nil, false), roots, &template.Env{Tracing: true})
		if len(res.Trace) != 1 {
			t.Fatalf("%s: trace %+v", tt.src, res.Trace)
		}
		why, falsy := res.Trace[0].Falsy()
		if falsy != tt.falsy || falsy && why == "" {
			t.Errorf("%s: Falsy() = %q, %v; want falsy %v", tt.src, why, falsy, tt.falsy)
		}
		if fails := !res.OK(); fails != tt.failsRun {
			t.Errorf("%s: the run failed %v, want %v: %v", tt.src, fails, tt.failsRun, res.Err)
		}
	}
}

// The roots of a step: input first, each name once where it first comes,
// with the value of the last root of that name.
func TestRootsWithInput(t *testing.T) {
	one, two := template.IntValue(1), template.IntValue(2)
	roots := template.Roots{{Name: "E0", Value: one}, {Name: "input", Value: two}, {Name: "E1", Value: one}, {Name: "E0", Value: two}}.WithInput()
	want := template.Roots{{Name: "input", Value: two}, {Name: "E0", Value: two}, {Name: "E1", Value: one}}
	if len(roots) != len(want) {
		t.Fatalf("roots = %+v", roots)
	}
	for i := range want {
		if roots[i].Name != want[i].Name || roots[i].Value.JSON() != want[i].Value.JSON() {
			t.Errorf("root %d = %s %s, want %s %s", i, roots[i].Name, roots[i].Value.JSON(), want[i].Name, want[i].Value.JSON())
		}
	}
	if got := (template.Roots{{Name: "E0"}}).WithInput(); len(got) != 2 || got[0].Name != "input" || got[0].Value.JSON() != "{}" {
		t.Errorf("without input: %+v", got)
	}
}

// AppendWithInput leaves what dst holds as it is, and reads none of it.
func TestRootsAppendWithInput(t *testing.T) {
	one, two := template.IntValue(1), template.IntValue(2)
	dst := template.Roots{{Name: "E0", Value: one}}
	got := template.Roots{{Name: "E0", Value: two}}.AppendWithInput(dst)
	if len(got) != 3 || got[0].Value.JSON() != "1" || got[1].Name != "input" || got[2].Name != "E0" || got[2].Value.JSON() != "2" {
		t.Errorf("got %+v", got)
	}
}

// A trace entry prints its tag as Template.String prints it.
func TestTraceEntryTag(t *testing.T) {
	src := "{{ E0.a }}{{# E0.list }}{{ @index }}{{/E0.list}}{{^ E0.none }}-{{/E0.none}}"
	tm, err := template.Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	trace := tm.Trace(nil)
	var tags string
	for _, e := range trace {
		tags += e.Tag()
	}
	if want := "{{E0.a}}{{#E0.list}}{{@index}}{{^E0.none}}"; tags != want {
		t.Errorf("tags %q, want %q (canonical: %s)", tags, want, tm)
	}
}
