//go:build !js

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// goAppPackage is go-app v10's package, which imports net/http in every
// build (its Handler lives in a file without a build tag): the one
// importer of net/http the browser build may have.
const goAppPackage = "github.com/maxence-charriere/go-app/v10/pkg/app"

// wasmImports lists the packages of a GOOS=js build of the package at dir,
// each with its imports.
func wasmImports(t *testing.T, dir string) map[string][]string {
	t.Helper()
	cmd := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "list", "-deps", "-f", `{{.ImportPath}} {{join .Imports " "}}`, dir)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	pkgs := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		pkgs[fields[0]] = fields[1:]
	}
	return pkgs
}

// TestWasmBuildsLeaveOutTheServer: the playground's app.wasm (this
// command built with GOOS=js) holds none of the host's server and
// commands, and nothing of Splice's own imports net/http; the engine
// alone (wasm/) has no net/http at all.
func TestWasmBuildsLeaveOutTheServer(t *testing.T) {
	app := wasmImports(t, ".")
	for _, host := range []string{"github.com/splicedev/splice/internal/server", "github.com/splicedev/splice/internal/cli", "github.com/andybalholm/brotli"} {
		if _, ok := app[host]; ok {
			t.Errorf("app.wasm includes %s", host)
		}
	}
	for pkg, imports := range app {
		if pkg != goAppPackage && slices.Contains(imports, "net/http") {
			t.Errorf("app.wasm: %s imports net/http", pkg)
		}
	}
	for pkg := range wasmImports(t, "../../wasm") {
		if pkg == "net/http" || strings.HasPrefix(pkg, "net/http/") {
			t.Errorf("engine.wasm includes %s", pkg)
		}
	}
}
