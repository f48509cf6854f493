package cli

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/splicedev/splice/plan"
)

// largePlan is a plan of 20 decide steps, each in the other's branch,
// around a step whose result is 4 MB, and a map over 20 items of 200 kB.
func largePlan(t *testing.T) string {
	t.Helper()
	blob, items := make([]string, 4000), make([]string, 20)
	for i := range blob {
		blob[i] = strings.Repeat("y", 1000)
	}
	for i := range items {
		items[i] = strings.Repeat("é", 100_000)
	}
	steps := []any{map[string]any{"id": "R", "tool_name": "builtin__reshape", "input": map[string]any{"shape": map[string]any{"b": "{{input.blob}}"}}}}
	for d := range 20 {
		steps = []any{map[string]any{"id": "D" + string(rune('a'+d)), "decide": map[string]any{"in": steps, "out": []any{}}, "branch": "in"}}
	}
	steps = append(steps, map[string]any{"id": "M", "over": "{{input.items}}", "tool_name": "builtin__reshape", "input": map[string]any{"shape": map[string]any{"i": "{{item}}"}}})
	doc, err := json.Marshal(map[string]any{"input": map[string]any{"blob": blob, "items": items}, "steps": steps, "solver": "done"})
	if err != nil {
		t.Fatal(err)
	}
	return string(doc)
}

// A step's line holds the start of its result, cut and marked: the lines
// of steps whose results are megabytes take about a line each.
func TestPlanLinesAreCut(t *testing.T) {
	file := filepath.Join(t.TempDir(), "large.json")
	os.WriteFile(file, []byte(largePlan(t)), 0o644)
	for _, args := range [][]string{{"plan", file}, {"plan", "-v", file}} {
		var out, errb bytes.Buffer
		if code := Main(args, nil, &out, &errb); code != 0 {
			t.Fatalf("%q: exit %d: %s", args, code, errb.String())
		}
		lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		cut := 0
		for _, line := range lines {
			// The indent and id, the status, then the cut result or item and result.
			if n := utf8.RuneCountInString(line); n > 50+2*summaryWidth {
				t.Errorf("%q: a line of %d runes: %.200s…", args, n, line)
			}
			cut += strings.Count(line, "…")
		}
		wantLines, wantCut := 22, 22 // R, the 20 decide steps and M
		if args[1] == "-v" {
			wantLines, wantCut = wantLines+20, wantCut+2*20 // a line for each iteration: its item and its result
		}
		if cut != wantCut || len(lines) != wantLines+1 || out.Len() > 500*len(lines) {
			t.Errorf("%q: %d lines, %d bytes, %d cut; want %d lines, %d cut, then the solver's\n%.2000s", args, len(lines), out.Len(), cut, wantLines, wantCut, out.String())
		}
	}
}

// The lines are written from the start of each result alone: printing
// them allocates less than one result's JSON takes.
func TestPlanLinesEncodeOnlyWhatTheyShow(t *testing.T) {
	o := plan.Run(plan.Load(largePlan(t)), plan.Options{})
	if len(o.Errors) > 0 {
		t.Fatal(o.Errors)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	printSteps(io.Discard, o, true)
	runtime.ReadMemStats(&after)
	if allocated := after.TotalAlloc - before.TotalAlloc; allocated > 1<<20 {
		t.Errorf("printing the steps allocated %d bytes; a 4 MB result is encoded whole", allocated)
	}
}
