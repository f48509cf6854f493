package conformance

import (
	"slices"

	"github.com/splicedev/splice/plan"
	"github.com/splicedev/splice/reshape"
	"github.com/splicedev/splice/template"
)

// Record runs the test and makes what it got its expectation: the result
// as expect, or the first error as error (its kind, phase, path, leaf,
// line and column, and the keys or roots it offers). The recorded test
// passes as it is: it is a reproduction of what the engine does now.
func (t *Test) Record() {
	t.Expect, t.Error = nil, nil
	if t.Plan != nil {
		t.recordPlan()
		return
	}
	v, err := t.result()
	if err == nil {
		t.Expect = &v
		return
	}
	list := reshape.Errors(err)
	if len(list) == 0 {
		// An error the format cannot name: the message is all there is.
		t.Error = &Expected{Kind: template.ToolError.String(), Phase: template.PhaseLoad.String(), Contains: err.Error()}
		return
	}
	e := list[0]
	t.Error = &Expected{Kind: e.Kind.String(), Phase: e.Phase.String(), Path: e.Path, At: e.At,
		Line: e.Pos.Line, Column: e.Pos.Column, Available: e.Available, HasAvailable: e.Available != nil}
}

// recordPlan expects what a run of the plan gives now: the steps'
// results, the solver's output, the blocked steps and the first error. A
// decide step's result, its branch's last step's, is left out, and so are
// the results past the output limit: a plan test expects any subset of
// the results.
func (t *Test) recordPlan() {
	o := plan.Run(plan.Load(*t.Plan), plan.Options{})
	var steps []template.Member
	var blocked []string
	room := template.MaxOutput
	for _, r := range o.Steps {
		switch {
		case r.Step.ID == "" || r.ResultOf() != "":
		case r.HasResult:
			if size := r.Result.SizeWithin(room); size <= room {
				room -= size
				steps = append(steps, template.Member{Key: r.Step.ID, Value: r.Result})
			}
		case r.Status == plan.Blocked:
			blocked = append(blocked, r.Step.ID)
		}
	}
	expect := []template.Member{{Key: "steps", Value: template.ObjectValue(steps)}}
	if o.Solver != nil && o.Solver.HasResult {
		expect = append(expect, template.Member{Key: "solver", Value: o.Solver.Result})
	}
	if len(blocked) > 0 {
		expect = append(expect, template.Member{Key: "blocked", Value: stringList(blocked)})
	}
	v := template.ObjectValue(expect)
	t.Expect = &v
	if len(o.Errors) > 0 {
		e := o.Errors[0]
		t.Error = &Expected{Kind: e.Kind.String(), Phase: e.Phase.String(), Step: e.Step, Path: e.Path, At: e.At,
			Line: e.Doc.Line, Column: e.Doc.Column, Available: e.Available, HasAvailable: e.Available != nil}
	}
}

// Vector returns the test as a vector of the format.
func (t *Test) Vector() template.Value {
	m := []template.Member{{Key: "name", Value: template.StringValue(t.Name)}}
	switch {
	case t.Template != nil:
		m = append(m, template.Member{Key: "template", Value: template.StringValue(*t.Template)})
	case t.Shape != nil:
		m = append(m, template.Member{Key: "shape", Value: *t.Shape})
	case t.Tool != nil:
		m = append(m, template.Member{Key: "tool", Value: template.StringValue(*t.Tool)}, template.Member{Key: "call", Value: t.Call})
	case t.Plan != nil:
		return template.ObjectValue(t.outcome(append(m, template.Member{Key: "plan", Value: template.StringValue(*t.Plan)})))
	}
	roots := make([]template.Member, len(t.Roots))
	for i, r := range t.Roots {
		roots[i] = template.Member{Key: r.Name, Value: r.Value}
	}
	m = append(m, template.Member{Key: "roots", Value: template.ObjectValue(roots)})
	if len(t.Later) > 0 {
		m = append(m, template.Member{Key: "later", Value: stringList(t.Later)})
	}
	if t.Iteration {
		m = append(m, template.Member{Key: "iteration", Value: template.BoolValue(true)})
	}
	if len(t.Branch) > 0 {
		var branch []template.Member
		for _, id := range sortedKeys(t.Branch) {
			branch = append(branch, template.Member{Key: id, Value: template.StringValue(t.Branch[id])})
		}
		m = append(m, template.Member{Key: "branch_steps", Value: template.ObjectValue(branch)})
	}
	return template.ObjectValue(t.outcome(m))
}

// outcome appends what the test expects: a result, an error, or for a plan
// both.
func (t *Test) outcome(m []template.Member) []template.Member {
	if t.Expect != nil {
		m = append(m, template.Member{Key: "expect", Value: *t.Expect})
	}
	if t.Error != nil {
		m = append(m, template.Member{Key: "error", Value: t.Error.vector()})
	}
	return m
}

// vector returns the expected error as the format writes it.
func (x *Expected) vector() template.Value {
	m := []template.Member{{Key: "kind", Value: template.StringValue(x.Kind)}, {Key: "phase", Value: template.StringValue(x.Phase)}}
	add := func(key, s string) {
		if s != "" {
			m = append(m, template.Member{Key: key, Value: template.StringValue(s)})
		}
	}
	add("step", x.Step)
	add("path", x.Path)
	add("at", x.At)
	if x.Line > 0 {
		m = append(m, template.Member{Key: "line", Value: template.IntValue(x.Line)}, template.Member{Key: "column", Value: template.IntValue(x.Column)})
	}
	if x.HasAvailable {
		m = append(m, template.Member{Key: "available", Value: stringList(x.Available)})
	}
	add("contains", x.Contains)
	return template.ObjectValue(m)
}

// File returns a vector file of one suite holding tests.
func File(suite string, tests ...*Test) template.Value {
	vectors := make([]template.Value, len(tests))
	for i, t := range tests {
		vectors[i] = t.Vector()
	}
	return template.ObjectValue([]template.Member{
		{Key: "suite", Value: template.StringValue(suite)},
		{Key: "tests", Value: template.ArrayValue(vectors)},
	})
}

func stringList(list []string) template.Value {
	elems := make([]template.Value, len(list))
	for i, s := range list {
		elems[i] = template.StringValue(s)
	}
	return template.ArrayValue(elems)
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
