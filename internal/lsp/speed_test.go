package lsp

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"
)

// plan200 is a plan of 200 steps: 50 samples of pull requests, each read
// by three reshape steps that read one another, and a solver.
func plan200() string { return pullRequests(50) }

// pullRequests is a plan of 4n steps written as plan200's; n > 10, where
// typingPlace types.
func pullRequests(n int) string {
	var b strings.Builder
	b.WriteString("input: {repo: octo/hello}\nsteps:\n")
	for i := range n {
		fmt.Fprintf(&b, "  - id: pr%d\n    tool_name: github__pr_view\n    input: {repo: \"{{input.repo}}\", number: %d}\n", i, i)
		fmt.Fprintf(&b, "    result: {number: %d, title: \"Change %d\", author: {login: dev%d}, files: [{path: a.go, additions: %d}, {path: b.go, additions: 1}]}\n", i, i, i%7, i)
		fmt.Fprintf(&b, "  - id: title%d\n    tool_name: builtin__reshape\n    input: {shape: {line: \"#{{pr%d.number}} {{pr%d.title}} by {{pr%d.author.login}}\"}}\n", i, i, i, i)
		fmt.Fprintf(&b, "  - id: files%d\n    over: \"{{pr%d.files}}\"\n    tool_name: builtin__reshape\n    input: {shape: {f: \"{{item.path}} +{{item.additions}}\"}}\n", i, i)
		fmt.Fprintf(&b, "  - id: card%d\n    tool_name: builtin__reshape\n    input: {shape: {text: \"{{title%d.line}}\", files: \"{{files%d}}\"}}\n", i, i, i)
	}
	fmt.Fprintf(&b, "solver: \"{{#card0.files}}{{f}} {{/card0.files}}{{card%d.text}}\"\n", n-1)
	return b.String()
}

// typingPlace is where the 200-step plan is typed into: the leaf of
// title10, which card10 reads.
func typingPlace(tb testing.TB, text string) Position {
	return at(tb, text, "{{pr10.title}}", len("{{pr10.title}}"))
}

// editTimes opens text and types n characters at pos, waiting each time
// for the diagnostics, and returns how long each took from the change
// sent to the diagnostics received.
func editTimes(t *testing.T, cl *client, text string, pos Position, n int) []time.Duration {
	cl.open(planURI, text)
	times := make([]time.Duration, n)
	for i := range n {
		start := time.Now()
		diags := cl.change(planURI, i+2, Range{pos, pos}, "x")
		times[i] = time.Since(start)
		if len(diags) != 0 {
			t.Fatalf("typing made %+v", diags)
		}
		pos.Character++
	}
	return times
}

// TestEditLatency200Steps reports the latency of diagnostics after a
// keystroke and of a completion in a 200-step plan. It asserts no time
// (machines differ): the numbers go to docs/performance.md.
func TestEditLatency200Steps(t *testing.T) {
	if testing.Short() {
		t.Skip("measures")
	}
	cl := startServer(t)
	text := plan200()
	sample := editTimes(t, cl, text, at(t, text, `title: "Change 10`, len(`title: "Change 10`)), 60)
	times := editTimes(t, cl, text, typingPlace(t, text), 60)
	t.Logf("200 steps, %d bytes: diagnostics after a keystroke, over pipes: in a template %s; in a sample %s", len(text), summary(times), summary(sample))
	pos := at(t, text, "{{pr30.title}}", len("{{pr30."))
	for i := range times {
		var list CompletionList
		start := time.Now()
		cl.must("textDocument/completion", map[string]any{"textDocument": map[string]any{"uri": planURI}, "position": pos}, &list)
		times[i] = time.Since(start)
		if len(list.Items) != 4 {
			t.Fatalf("completion: %q", labels(list))
		}
	}
	t.Logf("completion after {{pr30.: %s", summary(times))
	// A change the session cannot take in place (here the whole text
	// sent again) loads and runs the plan afresh.
	for i := range times[:20] {
		start := time.Now()
		cl.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": planURI, "version": 1000 + i},
			"contentChanges": []any{map[string]any{"text": text}}})
		cl.diagnostics(planURI, 1000+i)
		times[i] = time.Since(start)
	}
	t.Logf("the whole text changed: %s", summary(times[:20]))
}

// summary is a list of times' median, 95th percentile and maximum.
func summary(times []time.Duration) string {
	sorted := append([]time.Duration(nil), times...)
	for i := range sorted {
		for j := i + 1; j < len(sorted); j++ {
			if sorted[j] < sorted[i] {
				sorted[i], sorted[j] = sorted[j], sorted[i]
			}
		}
	}
	q := func(f float64) time.Duration { return sorted[int(f*float64(len(sorted)-1))] }
	return fmt.Sprintf("median %.1f ms, p95 %.1f ms, max %.1f ms (%d runs)", ms(q(0.5)), ms(q(0.95)), ms(q(1)), len(sorted))
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// Memory stays bounded across 10,000 edits of a 48-step plan (what is kept
// per edit does not depend on the plan's size; the 200-step plan's edits
// would take the unit tests' time): typing and deleting in turn, the heap
// after the last edit is no more than after the first thousand, give or
// take what the collector keeps.
func TestMemoryBoundedAcross10000Edits(t *testing.T) {
	if testing.Short() {
		t.Skip("10,000 edits")
	}
	cl := startServer(t)
	text := pullRequests(12)
	cl.open(planURI, text)
	pos := typingPlace(t, text)
	end := Position{pos.Line, pos.Character + 1}
	heap := func() uint64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	var at1000 uint64
	for i := range 10_000 {
		if i%2 == 0 {
			cl.change(planURI, i+2, Range{pos, pos}, "y")
		} else {
			cl.change(planURI, i+2, Range{pos, end}, "")
		}
		if i == 999 {
			at1000 = heap()
		}
	}
	at10000 := heap()
	t.Logf("heap after 1,000 edits %.1f MB, after 10,000 %.1f MB", float64(at1000)/1e6, float64(at10000)/1e6)
	if at10000 > at1000+at1000/2 {
		t.Errorf("the heap grew from %d to %d bytes between 1,000 and 10,000 edits", at1000, at10000)
	}
}

// BenchmarkDiagnosticsAfterEdit200Steps is one keystroke in the 200-step
// plan to its diagnostics published, over pipes.
func BenchmarkDiagnosticsAfterEdit200Steps(b *testing.B) {
	cl := startServer(b)
	text := plan200()
	cl.open(planURI, text)
	pos := typingPlace(b, text)
	end := Position{pos.Line, pos.Character + 1}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if i%2 == 0 {
			cl.change(planURI, i+2, Range{pos, pos}, "y")
		} else {
			cl.change(planURI, i+2, Range{pos, end}, "")
		}
	}
}

// BenchmarkDiagnosticsOnOneLongLine places a hundred problems of a JSON
// plan written on one 5 MB line: one walk of the line, not one each.
func BenchmarkDiagnosticsOnOneLongLine(b *testing.B) {
	var text strings.Builder
	text.WriteString(`{"input": {"pad": "` + strings.Repeat("x", 5<<20) + `"}, "steps": [`)
	for i := range 100 {
		if i > 0 {
			text.WriteString(",")
		}
		fmt.Fprintf(&text, `{"id": "s%d", "tool_name": "builtin__reshape", "input": {"shape": {"x": "{{input.nope%d}}"}}}`, i, i)
	}
	text.WriteString("]}")
	d := openDocument("file:///w/long.json", 1, text.String())
	for b.Loop() {
		if n := len(d.diagnostics()); n != 100 {
			b.Fatalf("%d diagnostics", n)
		}
	}
}
