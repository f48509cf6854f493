package assets

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWithGoLoader(t *testing.T) {
	loader := []byte("\"use strict\";\nglobalThis.Go = class {};")
	got, err := withGoLoader([]byte("(() => {\n  before();\n/* wasm_exec.js */\n  after();\n})();\n"), loader)
	if err != nil {
		t.Fatal(err)
	}
	if want := "(() => {\n  before();\n\"use strict\";\nglobalThis.Go = class {};\n  after();\n})();\n"; string(got) != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	for _, script := range []string{"no marker\n", "\n/* wasm_exec.js */\n/* wasm_exec.js */\n", "/* wasm_exec.js */ but not alone\n"} {
		if _, err := withGoLoader([]byte(script), loader); err == nil || !strings.Contains(err.Error(), "wants one line") {
			t.Errorf("%q: err = %v, want one marker asked for", script, err)
		}
	}
}

// The loader written in is Go's, whole.
func TestScriptWithGoLoader(t *testing.T) {
	path := filepath.Join(t.TempDir(), "page.js")
	if err := os.WriteFile(path, []byte("start();\n/* wasm_exec.js */\nend();\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := ScriptWithGoLoader(path)
	if err != nil {
		t.Fatal(err)
	}
	if s := string(got); !strings.HasPrefix(s, "start();\n// Copyright") || !strings.Contains(s, "globalThis.Go = class") || !strings.HasSuffix(s, "})();\nend();\n") {
		t.Errorf("the script with Go's loader:\n%.200s\n…\n%s", got, got[max(0, len(got)-200):])
	}
	if err := os.WriteFile(path, []byte("no marker\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ScriptWithGoLoader(path); err == nil || !strings.Contains(err.Error(), path) {
		t.Errorf("a script without its marker: err = %v, want one that names %s", err, path)
	}
}
