//go:build !splice_lite

package main

import (
	"github.com/splicedev/splice/reshape"
	"github.com/splicedev/splice/template"
)

// callTool runs a tool on a call's input through the engine's runner.
func callTool(tool *reshape.Tool, input template.Value) template.Result {
	return template.Run(reshape.Call{Tool: tool, Input: input}, template.Scope{}, nil, nil)
}
