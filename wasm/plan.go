//go:build !splice_lite

package main

import "github.com/splicedev/splice/plan"

// fullOnly returns the function of engine-full.wasm alone called name.
func fullOnly(name string) func([]jsValue) (result, error) {
	switch name {
	case "runTool":
		return runTool
	case "runPlan":
		return runPlan
	}
	return nil
}

// runPlan is splice.runPlan(text): the plan document (JSON or YAML) loaded,
// checked and run. json is what `splice plan --json` prints, {steps,
// solver, errors}, which engine.js hands the caller as an object.
func runPlan(args []jsValue) (result, error) {
	text, err := stringArg(args, 0, "plan")
	if err != nil {
		return nil, err
	}
	o := plan.Run(plan.Load(text), plan.Options{})
	return object{{Key: "ok", Value: len(o.Errors) == 0}, {Key: "json", Value: string(o.JSON())}}, nil
}
