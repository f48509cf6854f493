//go:build splice_lite

package main

// fullOnly is empty: plans need the full engine (engine.js sends runPlan there).
var fullOnly = map[string]func([]jsValue) (object, error){}
