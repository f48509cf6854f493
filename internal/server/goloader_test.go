package server

import (
	"runtime"
	"strings"
	"testing"
)

func TestWithGoLoader(t *testing.T) {
	loader := []byte("\"use strict\";\nglobalThis.Go = class {};")
	got, err := WithGoLoader([]byte("(() => {\n  before();\n/* wasm_exec.js */\n  after();\n})();\n"), loader)
	if err != nil {
		t.Fatal(err)
	}
	if want := "(() => {\n  before();\n\"use strict\";\nglobalThis.Go = class {};\n  after();\n})();\n"; string(got) != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	for _, script := range []string{"no marker\n", "\n/* wasm_exec.js */\n/* wasm_exec.js */\n", "/* wasm_exec.js */ but not alone\n"} {
		if _, err := WithGoLoader([]byte(script), loader); err == nil || !strings.Contains(err.Error(), "wants one line") {
			t.Errorf("%q: err = %v, want one marker asked for", script, err)
		}
	}
}

func TestGoLoader(t *testing.T) {
	loader, err := GoLoader(runtime.GOROOT())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(loader), "globalThis.Go = class") {
		t.Errorf("wasm_exec.js does not define globalThis.Go:\n%.300s", loader)
	}
}
