//go:build splice_lite

package main

// fullOnly has no function: tools and plans need the full engine
// (engine.js sends runTool and runPlan there).
func fullOnly(string) func([]jsValue) (result, error) { return nil }
