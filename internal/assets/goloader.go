package assets

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
)

// goLoaderMarker is the line of a script that withGoLoader replaces with
// Go's wasm_exec.js.
const goLoaderMarker = "/* wasm_exec.js */"

// ScriptWithGoLoader reads the script at path and returns it with Go's
// wasm_exec.js written in at its one marker line: the engine's script
// (and the benchmark's floor) carry Go's loader rather than loading it by
// a request of its own. The loader is that of the Go this program was
// built by (go run's or go test's), the one that builds the engine.
func ScriptWithGoLoader(path string) ([]byte, error) {
	script, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	loader, err := os.ReadFile(filepath.Join(runtime.GOROOT(), "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		return nil, err
	}
	built, err := withGoLoader(script, loader)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return built, nil
}

// withGoLoader returns script with its one marker line replaced by loader.
func withGoLoader(script, loader []byte) ([]byte, error) {
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
