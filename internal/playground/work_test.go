package playground

import (
	"strconv"
	"strings"
	"testing"

	"github.com/splicedev/splice/internal/benchdata"
	"github.com/splicedev/splice/plan"
)

// TestKeystrokeWork counts what one keystroke asks of the engine in each
// mode: the edit of the main text, and the edit of a root or of the call
// input alone. The PR card shape has 8 leaves, the tool's shape 3. Before
// the shape and the tool were traced in the same render as the result, a
// keystroke in shape mode cost 2 decodes, 16 parses and 16 renders however
// little changed, and in tool mode 2 decodes, 6 parses, 6 renders and a
// compilation of the input schema.
func TestKeystrokeWork(t *testing.T) {
	tests := []struct {
		name   string
		state  State
		target Target // the editor typed in
		want   Work
	}{
		{"template: template edit, completion and highlighting", ExampleByID("comma-idiom").Open(), TargetMain, Work{Parses: 1, Renders: 1}},
		{"template: root edit", ExampleByID("comma-idiom").Open(), RootTarget("E1"), Work{DataDecodes: 1, Renders: 1}},
		{"shape: shape edit", ExampleByID("pr-card").Open(), TargetMain, Work{Decodes: 1, Parses: 8, Renders: 8}},
		{"shape: root edit", ExampleByID("pr-card").Open(), RootTarget("E1"), Work{DataDecodes: 1, Renders: 8}},
		{"tool: tool edit", ExampleByID("tool-schema").Open(), TargetMain, Work{Decodes: 1, Parses: 3, Renders: 3}},
		{"tool: call edit", ExampleByID("tool-schema").Open(), TargetCall, Work{DataDecodes: 1, Renders: 3}},
	}
	for _, tt := range tests {
		ss := NewSession(tt.state)
		before := ss.eval.work
		text := ss.Text(tt.target)
		ss.SetText(tt.target, text+" ") // a space: the result stays the same
		if tt.target == TargetMain && tt.state.Mode == ModeTemplate {
			ss.Complete(len(text) + 1) // with completion at the caret
		}
		ss.Spans() // and the highlighting of the editor
		got := ss.eval.work
		got.Decodes -= before.Decodes
		got.DataDecodes -= before.DataDecodes
		got.Parses -= before.Parses
		got.Renders -= before.Renders
		t.Logf("%-24s %+v", tt.name, got)
		if got != tt.want {
			t.Errorf("%s: %+v, want %+v", tt.name, got, tt.want)
		}
	}
}

// TestLargeRootEditedInPlace: typing inside a string of a large JSON root
// decodes nothing; any other edit decodes it once.
func TestLargeRootEditedInPlace(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"issues": [{"number": 101, "title": "Crash", "state": "open", "labels": []}], "history": [`)
	for i := 0; b.Len() < editedInPlace*2; i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(`{"id": ` + strconv.Itoa(i) + `, "event": "labeled"}`)
	}
	b.WriteString("]}")
	s := DefaultExample.Open()
	s.Roots[s.RootIndex("E0")].Text = b.String()
	ss := NewSession(s)
	for _, tt := range []struct {
		name, old, new string
		decodes        int
	}{
		{"typing in a title", `"Crash"`, `"Crashes"`, 0},
		{"deleting in it", `"Crashes"`, `"Cras"`, 0},
		{"a number", `101`, `102`, 1},
		{"then typing again", `"Cras"`, `"Crash"`, 0},
	} {
		before := ss.eval.work.DataDecodes
		s.Roots[s.RootIndex("E0")].Text = strings.Replace(s.Roots[s.RootIndex("E0")].Text, tt.old, tt.new, 1)
		ss.SetText(RootTarget("E0"), s.Roots[s.RootIndex("E0")].Text)
		if got := ss.eval.work.DataDecodes - before; got != tt.decodes {
			t.Errorf("%s: %d decodes, want %d", tt.name, got, tt.decodes)
		}
		if want := Evaluate(s); ss.Out.JSON != want.JSON {
			t.Errorf("%s: output %s, want %s", tt.name, ss.Out.JSON, want.JSON)
		}
	}

	// The same edits as an editor gives them, as ranges: none compares
	// the texts, and the one that decodes waits for Settle.
	target := RootTarget("E0")
	changes := 0
	ss.Changed = func() { changes++ }
	for _, tt := range []struct {
		name, old, new string
		decodes        int
	}{
		{"typing in a title", `"Crash"`, `"Crashes"`, 0},
		{"deleting in it", `"Crashes"`, `"Cras"`, 0},
		{"a number", `102`, `103`, 1},
		{"then typing again", `"Cras"`, `"Crash"`, 0},
	} {
		before := ss.eval.work
		from := strings.Index(ss.Text(target), tt.old)
		changed := changes
		_, later := ss.Edit(target, from, from+len(tt.old), tt.new)
		if later != (tt.decodes > 0) || later && ss.eval.work.DataDecodes != before.DataDecodes {
			t.Errorf("%s: later %v before Settle, %d decodes", tt.name, later, ss.eval.work.DataDecodes-before.DataDecodes)
		}
		if changes == changed {
			t.Errorf("%s: the edit was not reported before Settle: the autosave would not keep it", tt.name)
		}
		ss.Settle()
		s.Roots[s.RootIndex("E0")].Text = strings.Replace(s.Roots[s.RootIndex("E0")].Text, tt.old, tt.new, 1)
		if got := ss.eval.work; got.DataDecodes-before.DataDecodes != tt.decodes || got.Compares != before.Compares {
			t.Errorf("%s: %d decodes, %d compares; want %d, 0", tt.name, got.DataDecodes-before.DataDecodes, got.Compares-before.Compares, tt.decodes)
		}
		if want := Evaluate(s); ss.Text(target) != s.Roots[s.RootIndex("E0")].Text || ss.Out.JSON != want.JSON {
			t.Errorf("%s: output %s, want %s", tt.name, ss.Out.JSON, want.JSON)
		}
	}
}

// TestTraceWhileWriting keeps the trace of the leaves that parse while
// another leaf, or the tool file, is broken.
func TestTraceWhileWriting(t *testing.T) {
	roots := []RootText{{"input", "{}"}, {"E0", `{"x": 1}`}}
	shape := Evaluate(State{Mode: ModeShape, Shape: `{"a": "{{E0.x}}", "b": "{{E0."}`, Roots: roots})
	if len(shape.Trace) != 1 || shape.Trace[0].Leaf != "/a" || shape.HasValue || len(shape.Problems) == 0 {
		t.Errorf("shape: trace %+v, problems %+v", shape.Trace, shape.Problems)
	}
	tool := Evaluate(State{Mode: ModeTool, Tool: "name: t\nkind: reshape\nbogus: 1\nshape:\n  a: \"{{input.x}}\"\n", Call: `{"x": 2}`})
	if len(tool.Trace) != 1 || tool.Trace[0].Preview != "2" || len(tool.Problems) == 0 {
		t.Errorf("tool: trace %+v, problems %+v", tool.Trace, tool.Problems)
	}
}

// TestPlanEditAsRange: typing in a plan's template, given as a range, is
// taken into the parsed document: no parse of the document, no comparison
// of the texts, only the templates of the step typed in parsed again, and
// only that step and its readers render again.
func TestPlanEditAsRange(t *testing.T) {
	ss := NewSession(ExampleByID("pr-plan").Open())
	text := ss.Text(TargetMain)
	at := strings.Index(text, "{{fetch_pr.title}}") // a leaf of the card step
	if at < 0 {
		t.Fatal("the example has no {{fetch_pr.title}}")
	}
	before := ss.eval.work
	ss.Edit(TargetMain, at, at, "x")
	got := ss.eval.work
	whole := plan.Load(text).Parsed()
	if parsed := got.Parses - before.Parses; got.Decodes != before.Decodes || got.Compares != before.Compares || parsed == 0 || parsed >= whole || got.Renders == before.Renders {
		t.Errorf("work %+v, before %+v: want no decode, no compare, the step's parses (not the plan's %d), some renders", got, before, whole)
	}
	want := Evaluate(State{Mode: ModePlan, Plan: text[:at] + "x" + text[at:]})
	if ss.Out.JSON != want.JSON || len(ss.Out.Problems) != len(want.Problems) {
		t.Errorf("output %s, want %s", ss.Out.JSON, want.JSON)
	}
}

// BenchmarkPlanKeystroke types in a leaf of a 30-step plan with 200 KB of
// samples, as the keystroke benchmark of the page does: the session's part
// of a key, before its frame. The tags, which the page asks for after the
// frame, are not timed.
func BenchmarkPlanKeystroke(b *testing.B) {
	text, at := benchdata.Plan(200 << 10)
	ss := NewSession(State{Mode: ModePlan, Plan: text})
	for i := 0; b.Loop(); i++ {
		ss.Edit(TargetMain, at+i, at+i, "a")
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
			ss := NewSession(State{Mode: ModePlan, Plan: text})
			at := strings.Index(text, c.after) + len(c.after)
			for i := 0; b.Loop(); i++ {
				ss.Edit(TargetMain, at+i, at+i, c.typed)
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
	ss := NewSession(State{Mode: ModePlan, Plan: text})
	at := strings.Index(text, "\n  - id:")
	for b.Loop() {
		ss.Edit(TargetMain, at, at, "\n")
	}
	if len(ss.Out.Problems) > 0 {
		b.Fatal(ss.Out.Problems[0].Msg)
	}
}

// BenchmarkPlanAutosave encodes the state of the same plan for its link
// and the autosave, as the page does after each pause in typing.
func BenchmarkPlanAutosave(b *testing.B) {
	text, _ := benchdata.Plan(200 << 10)
	s := State{Mode: ModePlan, Plan: text}
	var payload string
	for b.Loop() {
		payload, _ = Encode(s)
	}
	b.ReportMetric(float64(len(payload)), "payload-bytes")
}
