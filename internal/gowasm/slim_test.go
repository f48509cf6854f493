package gowasm

import (
	"bytes"
	"encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// buildFrames builds testdata/frames for the browser's GOOS and GOARCH.
func buildFrames(t *testing.T) []byte {
	t.Helper()
	out := filepath.Join(t.TempDir(), "frames.wasm")
	cmd := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "build", "-trimpath", "-ldflags=-s -w", "-o", out, "./testdata/frames")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if output, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building testdata/frames: %v\n%s", err, output)
	}
	module, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return module
}

// memoryOf is the memory a module's data segments write.
func memoryOf(t *testing.T, module []byte) []byte {
	t.Helper()
	sections, err := readSections(module)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range sections {
		if s.id == dataSection {
			segments, err := readSegments(s.body)
			if err != nil {
				t.Fatal(err)
			}
			mem, err := image(segments)
			if err != nil {
				t.Fatal(err)
			}
			return mem
		}
	}
	t.Fatal("no data section")
	return nil
}

// The slim module's data is the module's without the function table,
// which its start function writes; slimming it again changes nothing.
func TestSlimLeavesTheTableToTheStart(t *testing.T) {
	module := buildFrames(t)
	slim, before, after, err := Slim(module)
	if err != nil {
		t.Fatal(err)
	}
	if after*5 > before {
		t.Errorf("%d → %d data segments: the table's should be most of them", before, after)
	}
	t.Logf("%d → %d bytes, %d → %d data segments", len(module), len(slim), before, after)
	mem, slimMem := memoryOf(t, module), memoryOf(t, slim)
	table, err := findFuncTable(mem)
	if err != nil {
		t.Fatal(err)
	}
	if len(slimMem) < len(mem) {
		slimMem = append(slimMem, make([]byte, len(mem)-len(slimMem))...)
	}
	if !bytes.Equal(slimMem[:table.start], mem[:table.start]) || !bytes.Equal(slimMem[table.end:], mem[table.end:]) {
		t.Error("the data outside the function table changed")
	}
	if bytes.ContainsFunc(slimMem[table.start:table.end], func(r rune) bool { return r != 0 }) {
		t.Error("the slim module's data still writes the function table")
	}
	for k := range table.buckets {
		binary.LittleEndian.PutUint32(slimMem[table.start+k*bucketSize:], uint32(k>>4))
	}
	if !bytes.Equal(slimMem, mem) {
		t.Error("the table the start function writes does not make the module's memory")
	}
	again, b2, a2, err := Slim(slim)
	if err != nil || !bytes.Equal(again, slim) || b2 != a2 {
		t.Errorf("slimming again: %d → %d segments, changed: %v, error %v", b2, a2, !bytes.Equal(again, slim), err)
	}
}

// The slim module runs as the module does: the runtime finds the
// functions of a deep stack, collects garbage over it and traces a panic.
// It needs Node (installed under CI).
func TestSlimModuleRuns(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("Node is required under CI")
		}
		t.Skip("node not found")
	}
	module := buildFrames(t)
	slim, _, _, err := Slim(module)
	if err != nil {
		t.Fatal(err)
	}
	run := func(name string, m []byte) string {
		file := filepath.Join(t.TempDir(), name)
		if err := os.WriteFile(file, m, 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(node, filepath.Join(runtime.GOROOT(), "lib", "wasm", "wasm_exec_node.js"), file).CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", name, err, out)
		}
		return string(out)
	}
	want, got := run("frames.wasm", module), run("slim.wasm", slim)
	if got != want {
		t.Errorf("the slim module printed\n%s\nthe module\n%s", got, want)
	}
	for _, line := range []string{"main.descend 15", "main.descend 20", "main.main 41", "stack: main.descend", "done"} {
		if !strings.Contains(got, line) {
			t.Errorf("the output has no %q:\n%s", line, got)
		}
	}
}

func TestSlimErrors(t *testing.T) {
	module := buildFrames(t)
	sections, err := readSections(module)
	if err != nil {
		t.Fatal(err)
	}
	without := func(id byte) []byte {
		var kept []section
		for _, s := range sections {
			if s.id != id {
				kept = append(kept, s)
			}
		}
		return writeSections(kept)
	}
	for _, tt := range []struct {
		name   string
		module []byte
		want   string
	}{
		{"empty", nil, "not a WebAssembly module"},
		{"text", []byte("(module)"), "not a WebAssembly module"},
		{"cut short", module[:len(module)/2], "ends early"},
		{"no data", without(dataSection), "no data section"},
		{"no functions", without(codeSection), "has no functions"},
		{"only a header", magic, "no data section"},
	} {
		_, _, _, err := Slim(tt.module)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: got error %v, want one with %q", tt.name, err, tt.want)
		}
	}
	// A module whose table says something else is not slimmed.
	mem := memoryOf(t, module)
	table, err := findFuncTable(mem)
	if err != nil {
		t.Fatal(err)
	}
	mem[table.start+5*bucketSize+4] = 1 // a subbucket
	if _, err := findFuncTable(mem); err == nil || !strings.Contains(err.Error(), "not a wasm module's") {
		t.Errorf("a table with a subbucket set: %v", err)
	}
}

// FuzzSlim gives Slim arbitrary modules: an error or a module, never a
// panic or a hang.
func FuzzSlim(f *testing.F) {
	f.Add(magic)
	f.Add(append(append([]byte(nil), magic...), dataSection, 7, 1, 0, opI32Const, 8, opEnd, 1, 1))
	f.Fuzz(func(t *testing.T, module []byte) {
		if len(module) > 1<<16 {
			return
		}
		if slim, _, _, err := Slim(module); err == nil {
			if _, err := readSections(slim); err != nil {
				t.Errorf("Slim wrote a module it cannot read: %v", err)
			}
		}
	})
}
