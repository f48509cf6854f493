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
// checked and run. Its result is the outcome's JSON, what `splice plan
// --json` prints, {steps, solver, errors, warnings}, which engine.js parses
// into the object the caller gets.
func runPlan(args []jsValue) (result, error) {
	text, err := stringArg(args, 0, "plan")
	if err != nil {
		return nil, err
	}
	return outcomeJSON(plan.Run(plan.Load(text), plan.Options{}).JSON()), nil
}

// outcomeJSON is a plan's outcome as JSON, which is its response as it is:
// an outcome of megabytes is neither copied nor escaped into another
// object's string.
type outcomeJSON []byte

func (o outcomeJSON) appendResponse(dst []byte) []byte {
	if len(dst) == 0 {
		return o
	}
	return append(dst, o...)
}
