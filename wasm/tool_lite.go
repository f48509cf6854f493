//go:build splice_lite

package main

import (
	"github.com/splicedev/splice/reshape"
	"github.com/splicedev/splice/template"
)

// callTool is never reached: the small engine loads no tool (LoadTool
// says that tools need the full engine), and leaving the call out keeps
// its code out of engine.wasm.
func callTool(*reshape.Tool, template.Value) template.Result { return template.Result{} }
