// Command enginejs writes web/engine.js: wasm/engine.js with Go's
// wasm_exec.js in it, of the Go that builds engine.wasm. A build step
// (make build), not a user command; the file is rewritten only when its
// bytes change, so that its compressed copies stay fresh.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"

	"github.com/splicedev/splice/internal/assets"
)

func main() {
	source := flag.String("source", "wasm/engine.js", "the engine's script without Go's loader")
	out := flag.String("out", "web/engine.js", "where the script with it goes")
	flag.Parse()
	if err := write(*source, *out); err != nil {
		fmt.Fprintln(os.Stderr, "enginejs:", err)
		os.Exit(1)
	}
}

func write(source, out string) error {
	built, err := assets.ScriptWithGoLoader(source)
	if err != nil {
		return err
	}
	if old, err := os.ReadFile(out); err == nil && bytes.Equal(old, built) {
		return nil
	}
	return os.WriteFile(out, built, 0o644)
}
