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
