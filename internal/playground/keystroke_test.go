package playground

import (
	"strings"
	"testing"

	"github.com/splicedev/splice/internal/benchdata"
	"github.com/splicedev/splice/internal/playground/state"
)

// BenchmarkPlanKeystroke types in a leaf of a 30-step plan with 200 KB of
// samples, as the keystroke benchmark of the page does: the session's part
// of a key, before its frame. The tags, which the page asks for after the
// frame, are not timed.
func BenchmarkPlanKeystroke(b *testing.B) {
	text, at := benchdata.Plan(200 << 10)
	ss := NewSession(state.State{Mode: state.ModePlan, Plan: text})
	for i := 0; b.Loop(); i++ {
		ss.Edit(state.Target{}, ss.Rewrites(state.Target{}), at+i, at+i, "a")
		b.StopTimer()
		ss.Spans()
		b.StartTimer()
	}
}

// BenchmarkPlanKeystrokeInPlainScalar types, in the same plan, in a plain
// YAML scalar of the plan's input (which the ten fetch steps read) and in
// a number of a step's sample, neither of them a quoted string.
func BenchmarkPlanKeystrokeInPlainScalar(b *testing.B) {
	text, _ := benchdata.Plan(200 << 10)
	for _, c := range []struct{ name, after, typed string }{
		{"plan-input", "input: {team: cor", "e"},
		{"sample-number", `{"number": 7`, "1"},
	} {
		b.Run(c.name, func(b *testing.B) {
			ss := NewSession(state.State{Mode: state.ModePlan, Plan: text})
			at := strings.Index(text, c.after) + len(c.after)
			for i := 0; b.Loop(); i++ {
				ss.Edit(state.Target{}, ss.Rewrites(state.Target{}), at+i, at+i, c.typed)
			}
			if len(ss.Out.Problems) > 0 {
				b.Fatal(ss.Out.Problems[0].Msg)
			}
		})
	}
}

// BenchmarkPlanKeystrokeNewLine types a line break between two steps of
// the same plan: a key no edit in place takes, so the whole text is parsed
// again.
func BenchmarkPlanKeystrokeNewLine(b *testing.B) {
	text, _ := benchdata.Plan(200 << 10)
	ss := NewSession(state.State{Mode: state.ModePlan, Plan: text})
	at := strings.Index(text, "\n  - id:")
	for b.Loop() {
		ss.Edit(state.Target{}, ss.Rewrites(state.Target{}), at, at, "\n")
	}
	if len(ss.Out.Problems) > 0 {
		b.Fatal(ss.Out.Problems[0].Msg)
	}
}

// BenchmarkPlanAutosave encodes the state of the same plan for its link
// and the autosave, as the page does after each pause in typing.
func BenchmarkPlanAutosave(b *testing.B) {
	text, _ := benchdata.Plan(200 << 10)
	s := state.State{Mode: state.ModePlan, Plan: text}
	var payload string
	for b.Loop() {
		payload, _ = state.Encode(s)
	}
	b.ReportMetric(float64(len(payload)), "payload-bytes")
}

// BenchmarkPlanKeystrokeInMapBody types in the body of a map over some 190
// items of a 30-step plan with 200 KB of block-style samples: every
// iteration renders again, and the steps and the solver that read it.
func BenchmarkPlanKeystrokeInMapBody(b *testing.B) {
	text, at := benchdata.MapPlan(200 << 10)
	ss := NewSession(state.State{Mode: state.ModePlan, Plan: text})
	if len(ss.Out.Problems) > 0 || len(ss.Out.Plan.Steps) != 30 {
		b.Fatalf("%d steps, problems %v", len(ss.Out.Plan.Steps), ss.Out.Problems)
	}
	for i := 0; b.Loop(); i++ {
		// A key typed, then taken back: each of the 190 lines keeps its size.
		if i%2 == 0 {
			ss.Edit(state.Target{}, ss.Rewrites(state.Target{}), at, at, "a")
		} else {
			ss.Edit(state.Target{}, ss.Rewrites(state.Target{}), at, at+1, "")
		}
		b.StopTimer()
		ss.Spans()
		b.StartTimer()
	}
}
