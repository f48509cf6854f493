package conformance

import (
	"slices"

	"github.com/splicedev/splice/template"
)

// Record runs the test and makes what it got its expectation: the result
// as expect, or the first error as error (its kind, phase, path, leaf,
// line and column, and the keys or roots it offers). The recorded test
// passes as it is: it is a reproduction of what the engine does now.
func (t *Test) Record() {
	t.Expect, t.Error = nil, nil
	v, err := t.result()
	if err == nil {
		t.Expect = &v
		return
	}
	list := template.Errors(err)
	if len(list) == 0 {
		// An error the format cannot name: the message is all there is.
		t.Error = &Expected{Kind: template.ToolError.String(), Phase: template.PhaseLoad.String(), Contains: err.Error()}
		return
	}
	e := list[0]
	t.Error = &Expected{Kind: e.Kind.String(), Phase: e.Phase.String(), Path: e.Path, At: e.At,
		Line: e.Pos.Line, Column: e.Pos.Column, Available: e.Available, HasAvailable: e.Available != nil}
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
	if t.Expect != nil {
		return template.ObjectValue(append(m, template.Member{Key: "expect", Value: *t.Expect}))
	}
	return template.ObjectValue(append(m, template.Member{Key: "error", Value: t.Error.vector()}))
}

// vector returns the expected error as the format writes it.
func (x *Expected) vector() template.Value {
	m := []template.Member{{Key: "kind", Value: template.StringValue(x.Kind)}, {Key: "phase", Value: template.StringValue(x.Phase)}}
	add := func(key, s string) {
		if s != "" {
			m = append(m, template.Member{Key: key, Value: template.StringValue(s)})
		}
	}
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
