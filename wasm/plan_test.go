//go:build !splice_lite

package main

import (
	"strings"
	"testing"

	"github.com/splicedev/splice/plan"
)

func TestRunPlan(t *testing.T) {
	text := "steps:\n  - id: E0\n    tool_name: t\n    result: {a: 1}\n  - id: E1\n    tool_name: builtin__reshape\n    input: {shape: {x: \"{{E0.b}}\"}}\nsolver: \"{{E0.a}}\"\n"
	out, err := runPlan([]jsValue{jsOf(text)})
	if err != nil {
		t.Fatal(err)
	}
	want := string(plan.Run(plan.Load(text), plan.Options{}).JSON())
	if objectOf(out).Get("ok") != false || objectOf(out).Get("json") != want {
		t.Errorf("runPlan gave %v, want ok false and %s", out, want)
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
