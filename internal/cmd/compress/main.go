// Command compress writes the brotli and gzip copies of the .wasm files and
// the served scripts of a web directory that lack a fresh one: a build step
// (make build), not a user command.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/splicedev/splice/internal/assets"
)

func main() {
	webDir := flag.String("web", "web", "directory of the .wasm files and scripts")
	flag.Parse()
	if err := assets.CompressStale(*webDir, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "compress:", err)
		os.Exit(1)
	}
}
