package server

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
)

// goLoaderMarker is the line of a script that WithGoLoader replaces with
// Go's wasm_exec.js.
const goLoaderMarker = "/* wasm_exec.js */"

// WithGoLoader returns script with its one marker line replaced by loader,
// Go's wasm_exec.js: the engine's script (and the benchmark's floor) carry
// Go's loader in them rather than loading it by a request of its own.
func WithGoLoader(script, loader []byte) ([]byte, error) {
	lines := bytes.SplitAfter(script, []byte("\n"))
	at := -1
	for i, line := range lines {
		if string(bytes.TrimSuffix(line, []byte("\n"))) != goLoaderMarker {
			continue
		}
		if at >= 0 {
			at = -1
			break
		}
		at = i
	}
	if at < 0 {
		return nil, fmt.Errorf("the script wants one line %s, where Go's loader goes", goLoaderMarker)
	}
	lines[at] = append(bytes.TrimSuffix(loader, []byte("\n")), '\n')
	return bytes.Join(lines, nil), nil
}

// GoLoader reads the wasm_exec.js of the Go at goroot, which must be the
// one that builds the engine.
func GoLoader(goroot string) ([]byte, error) {
	return os.ReadFile(filepath.Join(goroot, "lib", "wasm", "wasm_exec.js"))
}
