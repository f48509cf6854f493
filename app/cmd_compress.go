//go:build !js

package main

import (
	"fmt"
	"io"
)

func init() {
	commands["compress"] = command{summary: "write the brotli and gzip copies of the .wasm files", run: runCompress}
}

func runCompress(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("compress", stderr)
	webDir := fs.String("web", "web", "directory of the .wasm files")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if err := compressStale(*webDir, stdout); err != nil {
		fmt.Fprintln(stderr, "splice compress:", err)
		return 1
	}
	return 0
}
