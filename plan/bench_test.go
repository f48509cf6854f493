package plan

import (
	"fmt"
	"strings"
	"testing"
)

// largePlan is a generated plan of 200 steps, a quarter each of samples
// (about 1 MB of them together), reshapes, maps and folds or decides.
func largePlan() string {
	var b strings.Builder
	b.WriteString("input: {owner: octo}\nsteps:\n")
	item := func(i, j int) string {
		return fmt.Sprintf(`{"id": %d, "name": "item %d of %d", "tags": ["a", "b", "c"], "size": %d, "note": "%s"}`, j, j, i, i*j, strings.Repeat("x", 60))
	}
	for i := range 50 {
		items := make([]string, 100)
		for j := range items {
			items[j] = item(i, j)
		}
		fmt.Fprintf(&b, "  - id: S%d\n    tool_name: api__list\n    input: {owner: \"{{input.owner}}\", page: %d}\n    result: {\"total\": 100, \"items\": [%s]}\n", i, i, strings.Join(items, ", "))
		fmt.Fprintf(&b, "  - id: R%d\n    tool_name: builtin__reshape\n    input:\n      shape:\n        first: \"{{S%d.items.0.name}}\"\n        count: \"{{S%d.items.length}}\"\n        line: \"{{#S%d.items}}{{id}}{{^@last}},{{/@last}}{{/S%d.items}}\"\n", i, i, i, i, i)
		fmt.Fprintf(&b, "  - id: M%d\n    over: \"{{S%d.items}}\"\n    tool_name: builtin__reshape\n    input: {shape: {n: \"{{index}}\", label: \"{{item.name}} ({{item.size}})\", first: \"{{R%d.first}}\"}}\n", i, i, i)
		if i%2 == 0 {
			fmt.Fprintf(&b, "  - id: F%d\n    over: \"{{M%d}}\"\n    initial: {last: none}\n    tool_name: builtin__reshape\n    input: {shape: {last: \"{{item.label}}\", before: \"{{accumulator.last}}\"}}\n", i, i)
		} else {
			fmt.Fprintf(&b, "  - id: D%d\n    decide:\n      big:\n        - id: B%d\n          tool_name: builtin__reshape\n          input: {shape: {count: \"{{R%d.count}}\"}}\n      small: []\n    branch: big\n", i, i, i)
		}
	}
	b.WriteString("solver: \"{{R0.first}} … {{R49.first}}\"\n")
	return b.String()
}

func BenchmarkPlanLoadAndRun(b *testing.B) {
	text := largePlan()
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		o := Run(Load(text), Options{})
		if len(o.Errors) > 0 {
			b.Fatal(o.Errors)
		}
	}
}

func BenchmarkPlanLoad(b *testing.B) {
	text := largePlan()
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		Load(text)
	}
}

// BenchmarkPlanEdit is a keystroke in one leaf of the last reshape: the
// plan loads again and only that step, what reads it and the solver render.
// Compare with BenchmarkPlanRunAfterLoad, the same run from scratch.
func BenchmarkPlanEdit(b *testing.B) {
	text := largePlan()
	prev := Run(Load(text), Options{})
	edits := [2]*Plan{Load(strings.Replace(text, "{{S49.items.0.name}}", "{{S49.items.1.name}}", 1)), Load(text)}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		prev = Run(edits[i%2], Options{Previous: prev})
	}
	b.ReportMetric(float64(prev.Rendered), "steps/op")
}

// BenchmarkPlanRunAfterLoad runs a loaded plan from scratch.
func BenchmarkPlanRunAfterLoad(b *testing.B) {
	p := Load(largePlan())
	var o *Outcome
	for b.Loop() {
		o = Run(p, Options{})
	}
	b.ReportMetric(float64(o.Rendered), "steps/op")
}

// BenchmarkStepAt finds the step at a caret, as an editor does when the
// caret moves: in a plan just loaded, and in the plan after a keystroke in
// a leaf, which keeps the document's places.
func BenchmarkStepAt(b *testing.B) {
	text := largePlan()
	at := strings.Index(text, "{{S49.items.0.name}}") + 2
	b.Run("loaded", func(b *testing.B) {
		for b.Loop() {
			b.StopTimer()
			p := Load(text)
			b.StartTimer()
			if p.StepAt(at) == nil {
				b.Fatal("no step")
			}
		}
	})
	b.Run("after-keystroke", func(b *testing.B) {
		p := Load(text)
		p.StepAt(at)
		for i := 0; b.Loop(); i++ {
			before := p.Document().Text()
			doc, ok := p.Document().Replace(at+i, at+i, before[:at+i]+"a"+before[at+i:])
			if !ok {
				b.Fatal("not edited in place")
			}
			if p = p.Reload(doc); p.StepAt(at+i+1) == nil {
				b.Fatal("no step")
			}
		}
	})
}
