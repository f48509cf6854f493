// Package hostileplans writes the plan documents and link states of the
// playground's bounds tests: plans whose results, iterations or fields
// are large, each from a small text.
package hostileplans

import (
	"encoding/json"
	"strconv"
	"strings"
)

// NestedDecides is a plan of depth decide steps, each the last step of
// the taken branch of the one around it, around a builtin__reshape step
// whose result splices a string of piece bytes copies times: every
// decide step's result holds that one result.
func NestedDecides(depth, piece, copies int) string {
	shape := map[string]string{}
	for i := range copies {
		shape["c"+strconv.Itoa(i)] = "{{input.big}}"
	}
	step := any(map[string]any{"id": "big", "tool_name": "builtin__reshape", "input": map[string]any{"shape": shape}})
	for i := depth - 1; i >= 0; i-- {
		step = map[string]any{"id": "d" + strconv.Itoa(i), "decide": map[string]any{"a": []any{step}}, "branch": "a"}
	}
	return document(map[string]any{"input": map[string]any{"big": strings.Repeat("x", piece)}, "steps": []any{step}, "solver": "{{d0.branch}}"})
}

// LargeIterations is a plan whose map step "per" runs over n items of
// size bytes each: its items, inputs and results are that large, and its
// accumulator grows to n-1 of them.
func LargeIterations(n, size int) string {
	list := make([]string, n)
	for i := range list {
		list[i] = strings.Repeat("y", size)
	}
	return document(map[string]any{
		"input": map[string]any{"list": list},
		"steps": []any{map[string]any{"id": "per", "over": "{{input.list}}", "tool_name": "builtin__reshape",
			"input": map[string]any{"shape": map[string]any{"value": "{{item}}", "at": "{{index}}"}}}},
		"solver": "{{per.length}} iterations",
	})
}

// BlockedByHostileBranch is a plan whose decide step is blocked by the
// last step of its taken branch, a step without a valid id, in a branch
// named to break out of Markdown's inline code.
func BlockedByHostileBranch() (plan, branch string) {
	branch = "x` [a](javascript:alert(1)) `"
	return document(map[string]any{
		"steps": []any{map[string]any{"id": "route", "branch": branch, "decide": map[string]any{
			branch: []any{map[string]any{"id": "not an id", "tool_name": "builtin__reshape", "input": map[string]any{"shape": map[string]any{"a": 1}}}},
		}}},
		"solver": "{{route.branch}}",
	}), branch
}

// SampleSteps is n steps that are only samples, each reading the one
// before.
func SampleSteps(n int) string {
	steps := make([]any, n)
	for i := range steps {
		input := map[string]any{}
		if i > 0 {
			input["prev"] = "{{s" + strconv.Itoa(i-1) + ".v}}"
		}
		steps[i] = map[string]any{"id": "s" + strconv.Itoa(i), "tool_name": "api__get", "input": input, "result": map[string]any{"v": i}}
	}
	return document(map[string]any{"steps": steps, "solver": "{{s" + strconv.Itoa(n-1) + ".v}}"})
}

// Branches is one decide step of n branches of one step each.
func Branches(n int) string {
	branches := map[string]any{}
	for i := range n {
		id := strconv.Itoa(i)
		branches["b"+id] = []any{map[string]any{"id": "s" + id, "tool_name": "builtin__reshape", "input": map[string]any{"shape": map[string]any{"x": "{{input.x}}"}}}}
	}
	return document(map[string]any{"input": map[string]any{"x": 1}, "steps": []any{map[string]any{"id": "d", "branch": "b0", "decide": branches}}, "solver": "{{d.branch}}"})
}

// LargeResults is a map of n iterations, each result size bytes.
func LargeResults(n, size int) string {
	return document(map[string]any{
		"input": map[string]any{"big": strings.Repeat("z", size), "items": make([]int, n)},
		"steps": []any{map[string]any{"id": "m", "over": "{{input.items}}", "tool_name": "builtin__reshape",
			"input": map[string]any{"shape": map[string]any{"big": "{{input.big}}", "i": "{{index}}"}}}},
	})
}

// TypedLeaves is a map of n iterations over a body of leaves typed leaves.
func TypedLeaves(n, leaves int) string {
	shape := map[string]any{}
	for i := range leaves {
		shape["k"+strconv.Itoa(i)] = "{{item}}"
	}
	return document(map[string]any{
		"input": map[string]any{"items": make([]int, n)},
		"steps": []any{map[string]any{"id": "m", "over": "{{input.items}}", "tool_name": "builtin__reshape", "input": map[string]any{"shape": shape}}},
	})
}

// Checked is a plan whose one step calls a user tool whose input_schema is
// schema, with input as the call (its strings templates over the plan's
// input).
func Checked(schema, input, planInput map[string]any) string {
	return document(map[string]any{
		"input": planInput,
		"tools": []any{map[string]any{"name": "t", "kind": "exec", "command": []any{"check"}, "input_schema": schema}},
		"steps": []any{map[string]any{"id": "c", "tool_name": "user__t", "input": input, "result": map[string]any{}}},
	})
}

// HiddenTags is a YAML plan whose input has n plain values whose comment
// hides a tag.
func HiddenTags(n int) string {
	var b strings.Builder
	b.WriteString("input:\n")
	for i := range n {
		b.WriteString("  k" + strconv.Itoa(i) + ": PR #{{input.a}}\n")
	}
	b.WriteString("steps:\n  - id: s\n    tool_name: builtin__reshape\n    input: {shape: {a: \"{{input.k0}}\"}}\n")
	return b.String()
}

// PlanState is the state JSON of a link in plan mode holding plan, with
// its other fields: {"engine": "…"}.
func PlanState(plan string, fields map[string]any) []byte {
	state := map[string]any{"v": 2, "mode": "plan", "plan": plan, "roots": []any{}, "later": []any{}, "iteration": false}
	for k, v := range fields {
		state[k] = v
	}
	b, _ := json.Marshal(state) // maps of strings and lists always encode
	return b
}

// document is a plan document as JSON text.
func document(plan map[string]any) string {
	b, _ := json.Marshal(plan) // maps of strings and lists always encode
	return string(b)
}
