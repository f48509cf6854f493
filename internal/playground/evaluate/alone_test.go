package evaluate

import (
	"slices"
	"strings"
	"testing"

	"github.com/splicedev/splice/internal/examples"
	"github.com/splicedev/splice/internal/playground/state"
	"github.com/splicedev/splice/plan"
)

// Every example that is no plan and has no error opens as a plan that
// loads and gives the same result: the template's as the solver's, the
// shape's or the tool's as its step's. An iteration body's item is the
// first of its list: the same result but for its index.
func TestPlanOfExamples(t *testing.T) {
	iterations := 0
	for _, ex := range examples.All {
		s := ex.Open()
		if ex.Error || s.Mode == state.ModePlan {
			continue
		}
		p, err := state.PlanOf(s)
		if err != nil {
			t.Fatalf("%s: %v", ex.ID, err)
		}
		if i := s.RootIndex("index"); i >= 0 && s.Iteration {
			s.Roots[i].Text = "0"
			iterations++
		}
		want := expected(s)
		run := plan.Run(plan.Load(p.Plan), plan.Options{})
		if len(run.Errors) > 0 {
			t.Errorf("%s: the plan fails: %v\n%s", ex.ID, run.Errors, p.Plan)
			continue
		}
		got := run.Solver
		if got == nil {
			got = run.Steps[len(run.Steps)-1]
		}
		if !got.HasResult || !got.Result.Equal(want.Result.Value()) {
			t.Errorf("%s: the plan gives %s, the state %s\n%s", ex.ID, got.Result.JSON(), want.Result.JSON, p.Plan)
		}
	}
	if iterations == 0 {
		t.Error("no example has an iteration body")
	}
}

// An iteration body becomes a map over a list holding its item, or a fold
// from its accumulator; a shape's body too.
func TestPlanOfIteration(t *testing.T) {
	s := examples.ByID("map-body").Open()
	s.Roots = slices.DeleteFunc(s.Roots, func(r state.RootText) bool { return r.Name == "accumulator" })
	s.Template = "{{index}}: {{item.title}}"
	p, err := state.PlanOf(s)
	if err != nil {
		t.Fatal(err)
	}
	run := plan.Run(plan.Load(p.Plan), plan.Options{})
	if each, _ := run.Result("each"); len(run.Errors) > 0 || run.Solver.Result.JSON() != `"0: Add the reshape tool kind"` || each.Result.JSON() != `[{"text":"0: Add the reshape tool kind"}]` {
		t.Errorf("map: %v %s\n%s", run.Errors, run.Solver.Result.JSON(), p.Plan)
	}
	if !strings.Contains(p.Plan, "# the body's index was 2") {
		t.Errorf("no word of the index:\n%s", p.Plan)
	}
	s.Mode, s.Shape = state.ModeShape, `{"n": "{{item.number}}"}`
	p, _ = state.PlanOf(s)
	run = plan.Run(plan.Load(p.Plan), plan.Options{})
	if each, _ := run.Result("each"); len(run.Errors) > 0 || each.Result.JSON() != `[{"n":1234}]` {
		t.Errorf("shape: %v %s\n%s", run.Errors, each.Result.JSON(), p.Plan)
	}
}

// A plan step opened alone gives the step's result, with its roots as the
// plan's run had them, the iteration shown as the iteration roots.
func TestStepAlone(t *testing.T) {
	out := expected(examples.ByID("pr-plan").Open())
	run := out.run
	for _, tt := range []struct {
		id   string
		iter int
		want string
	}{
		{"card", 0, `{"title":"#42 Fix the docs","by":"ada"}`},
		{"per_file", 1, `{"line":"docs/plan.md +40","n":1}`},
		{"review", 0, ""},
	} {
		s, ok := out.StepAlone(tt.id, tt.iter)
		if !ok {
			t.Fatalf("%s: not opened alone", tt.id)
		}
		alone := expected(s)
		if r, _ := run.Result(tt.id); tt.want == "" {
			tt.want = r.Result.JSON()
		}
		if alone.Result.JSON != tt.want || len(alone.Problems) > 0 {
			t.Errorf("%s alone gives %s %v, want %s\n%+v", tt.id, alone.Result.JSON, alone.Problems, tt.want, s)
		}
	}
	if _, ok := out.StepAlone("route", 0); ok {
		t.Error("a decide step without input opened alone")
	}
}
