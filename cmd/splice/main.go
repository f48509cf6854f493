//go:build !js

// Command splice is the splice command on the host (render, check, plan,
// tool, tools, conformance, vector, serve, static) and, built with
// GOOS=js, the playground's app.wasm.
package main

import (
	"os"

	"github.com/splicedev/splice/internal/cli"
)

func main() { os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }
