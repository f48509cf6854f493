package playground

import "testing"

// A YAML comment that hides a tag and an unquoted template are problems
// with a fix that mends them in one click.
func TestYAMLTrapsHaveFixes(t *testing.T) {
	ss := NewSession(State{Mode: ModeShape, Shape: "title: PR #{{E0.number}}\n", Roots: []RootText{{Name: "input", Text: "{}"}, {Name: "E0", Text: `{"number": 7}`}}})
	if len(ss.Out.Problems) != 1 || ss.Out.Problems[0].Kind != "Warning" || ss.Out.Problems[0].Fix != `"PR #{{E0.number}}"` || ss.Out.Problems[0].Line != 1 || ss.Out.Problems[0].Column != 11 {
		t.Fatalf("problems: %+v", ss.Out.Problems)
	}
	ss.Fix(0, ss.Out.Problems[0].Fix)
	if ss.State.Shape != "title: \"PR #{{E0.number}}\"\n" || len(ss.Out.Problems) != 0 || ss.Out.JSON != `{"title":"PR #7"}` {
		t.Errorf("after the fix: %q, %v, %s", ss.State.Shape, ss.Out.Problems, ss.Out.JSON)
	}
	ss = NewSession(State{Mode: ModeShape, Shape: "pr: {{E0.number}}\n", Roots: []RootText{{Name: "input", Text: "{}"}, {Name: "E0", Text: `{"number": 7}`}}})
	if len(ss.Out.Problems) != 1 || ss.Out.Problems[0].Fix != `"{{E0.number}}"` || ss.Out.Problems[0].Column != 5 {
		t.Fatalf("problems: %+v", ss.Out.Problems)
	}
	ss.Fix(0, ss.Out.Problems[0].Fix)
	if ss.Out.JSON != `{"pr":7}` {
		t.Errorf("after the fix: %q, %v, %s", ss.State.Shape, ss.Out.Problems, ss.Out.JSON)
	}
}
