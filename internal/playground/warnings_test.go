package playground

import (
	"strings"
	"testing"

	"github.com/splicedev/splice/internal/playground/state"
)

// A YAML comment that hides a tag and an unquoted template are problems
// with a fix that mends them in one click.
func TestYAMLTrapsHaveFixes(t *testing.T) {
	ss := NewSession(state.State{Mode: state.ModeShape, Shape: "title: PR #{{E0.number}}\n", Roots: []state.RootText{{Name: "input", Text: "{}"}, {Name: "E0", Text: `{"number": 7}`}}})
	if len(ss.Out.Problems) != 1 || ss.Out.Problems[0].KindName() != "Warning" || ss.Out.Problems[0].Fix != `"PR #{{E0.number}}"` || ss.Out.Problems[0].Pos.Line != 1 || ss.Out.Problems[0].Pos.Column != 11 {
		t.Fatalf("problems: %+v", ss.Out.Problems)
	}
	ss.Fix(0, ss.Out.Problems[0].Fix)
	if ss.State.Shape != "title: \"PR #{{E0.number}}\"\n" || len(ss.Out.Problems) != 0 || ss.Out.Result.JSON != `{"title":"PR #7"}` {
		t.Errorf("after the fix: %q, %v, %s", ss.State.Shape, ss.Out.Problems, ss.Out.Result.JSON)
	}
	ss = NewSession(state.State{Mode: state.ModeShape, Shape: "pr: {{E0.number}}\n", Roots: []state.RootText{{Name: "input", Text: "{}"}, {Name: "E0", Text: `{"number": 7}`}}})
	if len(ss.Out.Problems) != 1 || ss.Out.Problems[0].Fix != `"{{E0.number}}"` || ss.Out.Problems[0].Pos.Column != 5 {
		t.Fatalf("problems: %+v", ss.Out.Problems)
	}
	ss.Fix(0, ss.Out.Problems[0].Fix)
	if ss.Out.Result.JSON != `{"pr":7}` {
		t.Errorf("after the fix: %q, %v, %s", ss.State.Shape, ss.Out.Problems, ss.Out.Result.JSON)
	}
}

// Plan mode says of a YAML comment that hides a tag too, with its fix.
func TestPlanWarnings(t *testing.T) {
	ss := NewSession(state.State{Mode: state.ModePlan, Plan: "steps:\n  - id: E0\n    tool_name: t\n    result: {n: 7}\n  - id: E1\n    tool_name: builtin__reshape\n    input: {shape: {x: 1}}\nsolver: PR #{{E0.n}}\n"})
	if len(ss.Out.Problems) != 1 || ss.Out.Problems[0].KindName() != "Warning" || ss.Out.Problems[0].Fix != `"PR #{{E0.n}}"` {
		t.Fatalf("problems: %+v", ss.Out.Problems)
	}
	ss.Fix(0, ss.Out.Problems[0].Fix)
	if len(ss.Out.Problems) != 0 || !strings.HasSuffix(ss.State.Plan, "solver: \"PR #{{E0.n}}\"\n") {
		t.Errorf("after the fix: %v\n%s", ss.Out.Problems, ss.State.Plan)
	}
}
