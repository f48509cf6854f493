package playground

import (
	"testing"

	"github.com/splicedev/splice/internal/playground/state"
)

// A tag a section repeats shows the values of its runs, not its first.
func TestTraceShowsEveryRun(t *testing.T) {
	out := NewSession(state.State{Mode: state.ModeTemplate, Template: "{{#E0}}{{name}}{{^@last}}, {{/@last}}{{/E0}} {{E0.0.name}}",
		Roots: []state.RootText{{Name: "input", Text: "{}"}, {Name: "E0", Text: `[{"name": "bug"}, {"name": "crash"}, {"name": "docs"}]`}}}).Out
	want := map[string]string{
		"{{name}}":      `"bug", "crash", "docs"`,
		"{{^@last}}":    "false, false, true",
		"{{E0.0.name}}": `"bug"`,
	}
	for _, row := range out.Trace {
		if w, ok := want[row.Tag]; ok {
			if row.Value != w {
				t.Errorf("%s shows %s, want %s", row.Tag, row.Value, w)
			}
			delete(want, row.Tag)
		}
	}
	if len(want) > 0 {
		t.Errorf("no rows for %v", want)
	}
	long := NewSession(state.State{Mode: state.ModeTemplate, Template: "{{#input.xs}}{{.}}{{/input.xs}}", Roots: []state.RootText{{Name: "input", Text: `{"xs": [1, 2, 3, 4, 5, 6, 7]}`}}}).Out
	for _, row := range long.Trace {
		if row.Tag == "{{.}}" && row.Value != "1, 2, 3, 4, 5, …" {
			t.Errorf("{{.}} over seven elements shows %q", row.Value)
		}
	}
}

// A rename reaches every text that reads the root: the template and the
// shape, in one edit undone as one.
func TestRenameReachesEveryMode(t *testing.T) {
	ss := NewSession(state.State{Mode: state.ModeTemplate, Template: "PR {{E1.number}}", Shape: "title: \"{{E1.title}}\"\nn: \"{{E1.number}}\"\n",
		Roots: []state.RootText{{Name: "input", Text: "{}"}, {Name: "E1", Text: `{"number": 7, "title": "t"}`}}})
	ss.OpenRoot("E1")
	ss.RenameRoot("fetch_pr")
	if r, n, where := ss.RenameOffer(); r[1] != "fetch_pr" || n != 3 || where != "the template and the shape" {
		t.Fatalf("offer %+v in %d places: %q", r, n, where)
	}
	ss.UpdateReferences()
	if ss.State.Template != "PR {{fetch_pr.number}}" || ss.State.Shape != "title: \"{{fetch_pr.title}}\"\nn: \"{{fetch_pr.number}}\"\n" {
		t.Fatalf("after the rename: %q, %q", ss.State.Template, ss.State.Shape)
	}
	ss.SetMode(state.ModeShape)
	if len(ss.Out.Problems) != 0 || ss.Out.Result.JSON != `{"title":"t","n":7}` {
		t.Errorf("the shape after the rename: %v %s", ss.Out.Problems, ss.Out.Result.JSON)
	}
	ss.Undo() // the mode
	ss.Undo() // the references, in both texts
	if ss.State.Template != "PR {{E1.number}}" || ss.State.Shape != "title: \"{{E1.title}}\"\nn: \"{{E1.number}}\"\n" {
		t.Errorf("after the undo: %q, %q", ss.State.Template, ss.State.Shape)
	}
}

// An empty Shape or Tool editor starts from a small skeleton that loads,
// and undoing the switch takes it away again.
func TestModesStartFromASkeleton(t *testing.T) {
	for _, call := range []string{`{"a": 1}`, ""} {
		for _, m := range []state.Mode{state.ModeShape, state.ModeTool, state.ModePlan} {
			ss := NewSession(state.State{Mode: state.ModeTemplate, Template: "{{input.a}}", Call: call, Roots: []state.RootText{{Name: "input", Text: `{"a": 1}`}}})
			ss.SetMode(m)
			if ss.State.Text(state.Target{}) != skeletons[m] || len(ss.Out.Problems) != 0 || ss.Out.Result == nil {
				t.Errorf("%s, call %q: text %q, problems %v, value %v", m, call, ss.State.Text(state.Target{}), ss.Out.Problems, ss.Out.Result != nil)
			}
			if m == state.ModeTool && call == "" && ss.State.Call != callSkeleton {
				t.Errorf("an empty call starts as %q", ss.State.Call)
			}
			ss.Undo()
			ss.State.Mode = m
			if ss.State.Text(state.Target{}) != "" || ss.State.Call != call {
				t.Errorf("%s: the skeletons stay after undo: %q, call %q", m, ss.State.Text(state.Target{}), ss.State.Call)
			}
		}
	}
}
