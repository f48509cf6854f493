//go:build !splice_lite

package main

import "github.com/splicedev/splice/plan"

// fullOnly are the functions of engine-full.wasm alone.
var fullOnly = map[string]func([]jsValue) (object, error){"runPlan": runPlan}

// runPlan is splice.runPlan(text): the plan document (JSON or YAML) loaded,
// checked and run. json is what `splice plan --json` prints, {steps,
// solver, errors}, which engine.js hands the caller as an object.
func runPlan(args []jsValue) (object, error) {
	text, err := stringArg(args, 0, "plan")
	if err != nil {
		return nil, err
	}
	o := plan.Run(plan.Load(text), plan.Options{})
	return object{{Key: "ok", Value: len(o.Errors) == 0}, {Key: "json", Value: string(o.JSON())}}, nil
}
