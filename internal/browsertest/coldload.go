//go:build browser

package browsertest

// What the benchmarks of a first visit share: loads in a fresh browser,
// the sizes of the built wasm files, and builds of a least program as make
// builds the playground's or the engine's.

import (
	"cmp"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/splicedev/splice/internal/gowasm"
)

// ColdLoads loads url in a fresh profile per benchmark run (nothing cached)
// and reports the median and p95 time from navigation until the page's
// script, run before each page, sets window.__ready.
func ColdLoads(b *testing.B, url, readyScript, what string) {
	var loads []time.Duration
	for b.Loop() {
		loads = append(loads, ColdLoad(b, url, readyScript))
	}
	slices.Sort(loads)
	b.ReportMetric(float64(Percentile(loads, 50).Milliseconds()), "median-ms")
	b.ReportMetric(float64(Percentile(loads, 95).Milliseconds()), "p95-ms")
	b.Logf("cold load to %s over %d runs: median %v, p95 %v, all %v", what, len(loads), Percentile(loads, 50), Percentile(loads, 95), loads)
}

// ColdLoad loads url once in a fresh browser and profile and returns the
// time from navigation until readyScript, run before the page, sets
// window.__ready. The benchmark's timer runs only during the load.
func ColdLoad(b *testing.B, url, readyScript string) time.Duration {
	b.StopTimer()
	defer b.StartTimer()
	ctx := NewBrowser(b)
	if readyScript != "" {
		RunBeforeEachPage(b, ctx, readyScript)
	}
	b.StartTimer()
	Navigate(b, ctx, url)
	WaitJS(b, ctx, `window.__ready !== undefined`)
	b.StopTimer()
	ms := EvalJS[float64](b, ctx, `window.__ready`)
	chromedp.Cancel(ctx)
	return time.Duration(ms * float64(time.Millisecond))
}

// ReportSizes logs the size of a built .wasm file of web/ as it is and as
// served.
func ReportSizes(b *testing.B, name string) {
	if sizes := WasmSizes(filepath.Join(WebDir, name)); sizes != "" {
		b.Logf("%s: %s", name, sizes)
	}
}

// WasmSizes gives the sizes of a .wasm file and its compressed copies.
func WasmSizes(file string) string {
	var sizes []string
	for _, ext := range []string{"", ".gz", ".br"} {
		info, err := os.Stat(file + ext)
		if err != nil {
			break
		}
		sizes = append(sizes, fmt.Sprintf("%s %.3f MB", strings.TrimPrefix(cmp.Or(ext, ".raw"), "."), float64(info.Size())/1e6))
	}
	return strings.Join(sizes, ", ")
}

// Percentile returns the p-th percentile of sorted durations, nearest rank.
func Percentile(sorted []time.Duration, p int) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	rank := (p*len(sorted) + 99) / 100
	return sorted[max(rank, 1)-1]
}

// GoTool is the go command of the toolchain that runs the tests.
func GoTool() string { return filepath.Join(runtime.GOROOT(), "bin", "go") }

// MakefileVars reads the variables the Makefile sets with :=, each as its
// words.
func MakefileVars(b *testing.B) map[string][]string {
	b.Helper()
	makefile, err := os.ReadFile("../Makefile")
	if err != nil {
		b.Fatal(err)
	}
	vars := map[string][]string{}
	for _, line := range strings.Split(string(makefile), "\n") {
		if name, value, ok := strings.Cut(line, " := "); ok {
			vars[name] = shellWords(value)
		}
	}
	return vars
}

// BuildWasm builds pkg into out as make wasm does: WASM_BUILD (its
// GOEXPERIMENT and its flags) of vars, the Makefile's, with the flags
// given, then slimwasm.
func BuildWasm(b *testing.B, vars map[string][]string, flags []string, out, pkg string) {
	b.Helper()
	if flags == nil {
		b.Fatalf("the Makefile has no flags to build %s with", pkg)
	}
	env := append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	args := []string{"build"}
	for _, word := range vars["WASM_BUILD"] {
		switch {
		case strings.HasPrefix(word, "GOEXPERIMENT="):
			env = append(env, word)
		case strings.HasPrefix(word, "-"):
			args = append(args, word)
		}
	}
	cmd := exec.Command(GoTool(), append(append(args, flags...), "-o", out, pkg)...)
	cmd.Env = env
	if output, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("building %s: %v\n%s", pkg, err, output)
	}
	module, err := os.ReadFile(out)
	if err == nil {
		module, _, _, err = gowasm.Slim(module)
	}
	if err == nil {
		err = os.WriteFile(out, module, 0o644)
	}
	if err != nil {
		b.Fatalf("slimming %s: %v", out, err)
	}
}

// shellWords splits a Makefile value into words at the spaces that are not
// escaped with a backslash.
func shellWords(s string) []string {
	var words []string
	var word strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\\' && i+1 < len(s) && s[i+1] == ' ':
			word.WriteByte(' ')
			i++
		case s[i] == ' ' || s[i] == '\t':
			if word.Len() > 0 {
				words = append(words, word.String())
				word.Reset()
			}
		default:
			word.WriteByte(s[i])
		}
	}
	if word.Len() > 0 {
		words = append(words, word.String())
	}
	return words
}
