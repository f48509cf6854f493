package evaluate

import (
	"slices"
	"strconv"

	"github.com/splicedev/splice/internal/display"
	"github.com/splicedev/splice/internal/playground/state"
	"github.com/splicedev/splice/plan"
	"github.com/splicedev/splice/template"
)

// A plan's step opens alone as a Shape state: its input, with the roots it
// may read as the run had them.

// StepAlone is step id of the plan's run as a state of its own: a
// shape mode state (a builtin__reshape step's shape, another step's input)
// whose roots are those the step may read, with their values in the run,
// its later and branch steps as the plan places it, and for a map or fold
// the iteration shown (iter) as the iteration roots.
func (o *Outcome) StepAlone(id string, iter int) (state.State, bool) {
	if o.run == nil {
		return state.State{}, false
	}
	run := o.run
	res, ok := run.Result(id)
	if !ok || res.Step == nil {
		return state.State{}, false
	}
	s := res.Step
	input := aloneInput(s)
	if input == nil {
		return state.State{}, false
	}
	scope := run.Plan.Scope(s)
	st := state.State{Mode: state.ModeShape, Shape: display.JSON(*input), Later: slices.Clone(scope.Later), Branch: scope.Branch}
	for _, name := range scope.Roots {
		v := run.Plan.Input
		if name != "input" {
			r, ok := run.Result(name)
			if !ok || !r.HasResult {
				continue // it has no value: the step alone says so, as the plan did
			}
			v = r.Result
		}
		st.Roots = append(st.Roots, state.RootText{Name: name, Text: display.JSON(v)})
	}
	if n := len(res.Iterations); n > 0 && (s.Form == plan.Map || s.Form == plan.Fold) {
		it := res.Iterations[min(max(iter, 0), n-1)]
		st.Iteration = true
		st.Roots = append(st.Roots, state.RootText{Name: "item", Text: display.JSON(it.Item)},
			state.RootText{Name: "index", Text: strconv.Itoa(it.Index)}, state.RootText{Name: "accumulator", Text: display.JSON(it.Accumulator)})
	}
	if err := st.Normalize(); err != nil {
		return state.State{}, false
	}
	return st, true
}

// aloneInput is what a step opened alone renders as its shape: a
// builtin__reshape step's shape, another step's input; nil when it has
// none.
func aloneInput(s *plan.Step) *template.Value {
	input, ok := s.Written().Lookup("input")
	if !ok || input.Kind() != template.Object {
		return nil
	}
	if shape, ok := input.Lookup("shape"); ok && s.ToolName == "builtin__reshape" && shape.Kind() == template.Object {
		return &shape
	}
	return &input
}
