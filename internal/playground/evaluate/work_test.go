package evaluate

import (
	"strconv"
	"strings"
	"testing"

	"github.com/splicedev/splice/internal/examples"
	"github.com/splicedev/splice/internal/playground/state"
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
		state  state.State
		target state.Target // the editor typed in
		want   engineWork
	}{
		{"template: template edit, completion and highlighting", examples.ByID("comma-idiom").Open(), state.Target{}, engineWork{Parses: 1, Renders: 1}},
		{"template: root edit", examples.ByID("comma-idiom").Open(), state.Target{Root: "E1"}, engineWork{DataDecodes: 1, Renders: 1}},
		{"shape: shape edit", examples.ByID("pr-card").Open(), state.Target{}, engineWork{Decodes: 1, Parses: 8, Renders: 8}},
		{"shape: root edit", examples.ByID("pr-card").Open(), state.Target{Root: "E1"}, engineWork{DataDecodes: 1, Renders: 8}},
		{"tool: tool edit", examples.ByID("tool-schema").Open(), state.Target{}, engineWork{Decodes: 1, Parses: 3, Renders: 3}},
		{"tool: call edit", examples.ByID("tool-schema").Open(), state.Target{Call: true}, engineWork{DataDecodes: 1, Renders: 3}},
	}
	for _, tt := range tests {
		var e Evaluator
		s := tt.state
		e.Evaluate(&s)
		before := e.work
		text := s.Text(tt.target)
		s.SetText(tt.target, text+" ") // a space: the result stays the same
		e.Evaluate(&s)
		if tt.target == (state.Target{}) && tt.state.Mode == state.ModeTemplate {
			e.Complete(&s, len(text)+1, "", 0) // with completion at the caret
		}
		e.Spans(&s) // and the highlighting of the editor
		got := e.work
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
	s := examples.Default.Open()
	s.Roots[s.RootIndex("E0")].Text = b.String()
	var e Evaluator
	e.Evaluate(&s)
	target := state.Target{Root: "E0"}
	edits := []struct {
		name, old, new string
		decodes        int
	}{
		{"typing in a title", `"Crash"`, `"Crashes"`, 0},
		{"deleting in it", `"Crashes"`, `"Cras"`, 0},
		{"a number", `101`, `102`, 1},
		{"then typing again", `"Cras"`, `"Crash"`, 0},
		{"the number back", `102`, `101`, 1},
	}
	// The edits as whole texts, then as an editor gives them, as ranges:
	// none of those compares the texts, and one that decodes is not quick.
	for _, ranged := range []bool{false, true} {
		for _, tt := range edits {
			before := e.work
			old := s.Text(target)
			next := strings.Replace(old, tt.old, tt.new, 1)
			if ranged {
				from := strings.Index(old, tt.old)
				next, _ = e.Edit(old, from, from+len(tt.old), tt.new)
				if quick := e.DecodesQuickly(next); quick != (tt.decodes == 0) || e.work.DataDecodes != before.DataDecodes {
					t.Errorf("%s: decodes quickly %v, %d decodes", tt.name, quick, e.work.DataDecodes-before.DataDecodes)
				}
			}
			s.SetText(target, next)
			out := e.Evaluate(&s)
			if got := e.work; got.DataDecodes-before.DataDecodes != tt.decodes || ranged && got.Compares != before.Compares {
				t.Errorf("%s (ranged %v): %d decodes, %d compares; want %d", tt.name, ranged, got.DataDecodes-before.DataDecodes, got.Compares-before.Compares, tt.decodes)
			}
			if want := expected(s); out.Result.JSON != want.Result.JSON {
				t.Errorf("%s: output %s, want %s", tt.name, out.Result.JSON, want.Result.JSON)
			}
		}
	}
}

// TestTraceWhileWriting keeps the trace of the leaves that parse while
// another leaf, or the tool file, is broken.
func TestTraceWhileWriting(t *testing.T) {
	roots := []state.RootText{{Name: "input", Text: "{}"}, {Name: "E0", Text: `{"x": 1}`}}
	shape := expected(state.State{Mode: state.ModeShape, Shape: `{"a": "{{E0.x}}", "b": "{{E0."}`, Roots: roots})
	if len(shape.Trace) != 1 || shape.Trace[0].Leaf != "/a" || shape.Result != nil || len(shape.Problems) == 0 {
		t.Errorf("shape: trace %+v, problems %+v", shape.Trace, shape.Problems)
	}
	tool := expected(state.State{Mode: state.ModeTool, Tool: "name: t\nkind: reshape\nbogus: 1\nshape:\n  a: \"{{input.x}}\"\n", Call: `{"x": 2}`})
	if len(tool.Trace) != 1 || tool.Trace[0].Value != "2" || len(tool.Problems) == 0 {
		t.Errorf("tool: trace %+v, problems %+v", tool.Trace, tool.Problems)
	}
}

// TestPlanEditAsRange: typing in a plan's template, given as a range, is
// taken into the parsed document: no parse of the document, no comparison
// of the texts, only the templates of the step typed in parsed again, and
// only that step and its readers render again.
func TestPlanEditAsRange(t *testing.T) {
	s := examples.ByID("pr-plan").Open()
	var e Evaluator
	e.Evaluate(&s)
	text := s.Plan
	at := strings.Index(text, "{{fetch_pr.title}}") // a leaf of the card step
	if at < 0 {
		t.Fatal("the example has no {{fetch_pr.title}}")
	}
	before := e.work
	s.Plan, _ = e.Edit(text, at, at, "x")
	out := e.Evaluate(&s)
	out.Show("", 0)
	got := e.work
	whole := plan.Load(text).Parsed()
	if parsed := got.Parses - before.Parses; got.Decodes != before.Decodes || got.Compares != before.Compares || parsed == 0 || parsed >= whole || got.Renders == before.Renders {
		t.Errorf("work %+v, before %+v: want no decode, no compare, the step's parses (not the plan's %d), some renders", got, before, whole)
	}
	want := expected(state.State{Mode: state.ModePlan, Plan: text[:at] + "x" + text[at:]})
	if out.Result.JSON != want.Result.JSON || len(out.Problems) != len(want.Problems) {
		t.Errorf("output %s, want %s", out.Result.JSON, want.Result.JSON)
	}
}

// A keystroke that changes no step's reads or status leaves the plan's
// graph the very same: its picture is not drawn again. One that changes a
// read gives a new graph.
func TestPlanGraphKeptThroughEdits(t *testing.T) {
	s := examples.ByID("pr-plan").Open()
	var e Evaluator
	first := e.Evaluate(&s).Plan.Graph
	text := s.Plan
	at := strings.Index(text, "{{fetch_pr.title}}")
	s.Plan, _ = e.Edit(text, at, at, "x")
	if g := e.Evaluate(&s).Plan.Graph; g != first {
		t.Error("typing a literal made a new graph")
	}
	at = strings.Index(s.Plan, "{{fetch_pr.title}}") + len("{{fetch_pr.title")
	s.Plan, _ = e.Edit(s.Plan, at, at, "x") // now reads fetch_pr.titlex: a path that fails
	if g := e.Evaluate(&s).Plan.Graph; g == first || g.Equal(first) {
		t.Error("a changed read kept the graph")
	}
}
