// Command emptyengine is the least Go program a page can call: one export
// and a main that waits, as the engine's does. make bench-js builds it as
// make builds engine.wasm and loads it as engine.js loads the engine
// (bench/js/empty-engine.js): the floor under the engine's cold start.
package main

//go:wasmexport answer
func answer() int32 { return 42 }

func main() { select {} }
