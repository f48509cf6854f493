//go:build !splice_lite

package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/splicedev/splice/plan"
	"github.com/splicedev/splice/template"
)

func TestRunPlan(t *testing.T) {
	text := "steps:\n  - id: E0\n    tool_name: t\n    result: {a: 1}\n  - id: E1\n    tool_name: builtin__reshape\n    input: {shape: {x: \"{{E0.b}}\"}}\nsolver: \"{{E0.a}}\"\n"
	out, err := runPlan([]jsValue{jsOf(text)})
	if err != nil {
		t.Fatal(err)
	}
	want := string(plan.Run(plan.Load(text), plan.Options{}).JSON())
	if got := string(out.appendResponse(nil)); got != want {
		t.Errorf("runPlan's response is\n%s\nwant the outcome's JSON\n%s", got, want)
	}
	if !strings.Contains(want, `"step":"E1"`) || !strings.Contains(want, `"solver":{"status":"ok","result":1}`) {
		t.Errorf("the JSON lacks the error's step or the solver: %s", want)
	}
	for _, arg := range []jsValue{undef, jsOf(3), jsOf(props{"steps", []any{}})} {
		if _, err := runPlan([]jsValue{arg}); err == nil || !strings.Contains(err.Error(), "plan must be a string") {
			t.Errorf("runPlan(%v): %v, want a misuse naming the plan", arg, err)
		}
	}
}

// A plan that writes more than the run may stops at a LimitError placed in
// its document, and its response, however much the steps wrote before,
// stays within the output limit: the module answers the next call.
func TestRunPlanPastTheOutputLimit(t *testing.T) {
	const items = 40 // a MiB each, past template.MaxOutput
	text := fmt.Sprintf(`{"input": {"s": %q, "items": %s},
 "steps": [{"id": "M", "over": "{{input.items}}", "tool_name": "builtin__reshape", "input": {"shape": {"s": "{{input.s}}"}}}],
 "solver": "{{M.length}}"}`, strings.Repeat("x", 1<<20), "[0"+strings.Repeat(",0", items-1)+"]")
	req, size, words := wireRequest("runPlan", text).bytes()
	resp := answer(nil, req, size, words, 0)
	if len(resp) > template.MaxOutput+1<<20 {
		t.Errorf("the response takes %d bytes, past the output limit of %d", len(resp), template.MaxOutput)
	}
	var outcome struct {
		Solver struct {
			Status    string
			BlockedBy string `json:"blocked_by"`
		}
		Errors []struct {
			Kind, Step, At string
			Line, Column   int
		}
	}
	if err := json.Unmarshal(resp, &outcome); err != nil {
		t.Fatalf("the response is not the outcome's JSON: %v", err)
	}
	if len(outcome.Errors) != 1 || outcome.Errors[0].Kind != "LimitError" || outcome.Errors[0].Step != "M" || outcome.Errors[0].At != "/steps/0/input/shape/s" || outcome.Errors[0].Line != 2 {
		t.Errorf("errors %+v, want one LimitError at M's shape, /steps/0/input/shape/s on line 2", outcome.Errors)
	}
	if outcome.Solver.Status != "blocked" || outcome.Solver.BlockedBy != "M" {
		t.Errorf("the solver %+v, want it blocked by M", outcome.Solver)
	}
	if got := respond(t, wireRequest("render", "{{E0}}", []any{root("E0", "[1]")})); got["json"] != "[1]" {
		t.Errorf("the call after the plan gave %v", got)
	}
}
