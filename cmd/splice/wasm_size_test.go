//go:build !js

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// wasmBudgets are the most bytes each built .wasm file, and the editors'
// bundle, may take as the server sends them, compressed with brotli (make
// build writes the copies).
var wasmBudgets = []struct {
	name   string
	budget int64
}{
	{"app.wasm", 1_950_000}, // raised from 1.85 MB for the plan runner
	{"engine.wasm", 500_000},
	{"engine-full.wasm", 1_000_000},
	{"editor.js", 150_000},
}

// TestWasmSizeBudgets fails when a built .wasm file, compressed with
// brotli, is over its budget. It needs make build (make test builds
// first); without the files, or with stale copies, it is skipped, except
// under CI.
func TestWasmSizeBudgets(t *testing.T) {
	web := filepath.Join("..", "..", "web")
	for _, b := range wasmBudgets {
		t.Run(b.name, func(t *testing.T) {
			wasm, err := os.Stat(filepath.Join(web, b.name))
			if err != nil {
				skipOrFail(t, "%s is not built (make build): %v", b.name, err)
				return
			}
			br, err := os.Stat(filepath.Join(web, b.name+".br"))
			if err != nil || !br.ModTime().Equal(wasm.ModTime()) {
				skipOrFail(t, "%s.br is missing or older than %s (make build)", b.name, b.name)
				return
			}
			sizes := fmt.Sprintf("raw %.3f MB, brotli %.3f MB", float64(wasm.Size())/1e6, float64(br.Size())/1e6)
			if gz, err := os.Stat(filepath.Join(web, b.name+".gz")); err == nil {
				sizes += fmt.Sprintf(", gzip %.3f MB", float64(gz.Size())/1e6)
			}
			t.Logf("%s: %s; budget %.3f MB with brotli", b.name, sizes, float64(b.budget)/1e6)
			if br.Size() > b.budget {
				t.Errorf("%s is %d bytes with brotli, over its budget of %d", b.name, br.Size(), b.budget)
			}
		})
	}
}

func skipOrFail(t *testing.T, format string, args ...any) {
	t.Helper()
	if os.Getenv("CI") != "" {
		t.Fatalf(format, args...)
	}
	t.Skipf(format, args...)
}
