package main

import (
	"slices"
	"strings"
	"testing"
)

func TestSessionEditsReevaluate(t *testing.T) {
	ss := newSession(exampleByID("typed-splice").state())
	changes := 0
	ss.changed = func() { changes++ }
	if ss.out.JSON != "[101,102,97]" {
		t.Fatalf("start: %s", ss.out.JSON)
	}
	ss.setText(targetMain, "{{E0.limit}}", -1)
	if ss.out.JSON != "1.50" || !ss.out.Typed {
		t.Errorf("after edit: %s typed %v", ss.out.JSON, ss.out.Typed)
	}
	ss.setText(rootTarget("E0"), `{"limit": 7}`, -1)
	if ss.out.JSON != "7" {
		t.Errorf("after root edit: %s", ss.out.JSON)
	}
	if changes != 2 {
		t.Errorf("%d change notifications, want 2", changes)
	}
}

func TestSessionCompletesAtCaret(t *testing.T) {
	ss := newSession(defaultExample.state())
	ss.setText(targetMain, "{{E0.is", len("{{E0.is"))
	if !slices.Equal(ss.completion.Items, []string{"issues"}) || ss.completion.From != 5 {
		t.Errorf("completion = %+v", ss.completion)
	}
	ss.setText(targetMain, "{{E0.issues}}", -1)
	if len(ss.completion.Items) != 0 {
		t.Errorf("an edit without a caret kept completions %q", ss.completion.Items)
	}
	ss.setMode(ModeTool)
	ss.state.Call = `{"pr": {"n": 1}}`
	ss.update()
	ss.setText(targetMain, "x: {{input.", len("x: {{input."))
	if !slices.Equal(ss.completion.Items, []string{"pr"}) {
		t.Errorf("tool mode completes from the call input: %q", ss.completion.Items)
	}
}

func TestSessionFixAndReveal(t *testing.T) {
	ss := newSession(exampleByID("bad-path").state())
	p := ss.out.Problems[0]
	ss.reveal(0)
	if ss.selection.Target != targetMain || ss.selection.Start != p.Start || ss.selection.End != p.End || ss.selection.Seq != 1 {
		t.Errorf("reveal selection = %+v", ss.selection)
	}
	ss.reveal(0)
	if ss.selection.Seq != 2 {
		t.Error("revealing twice did not ask twice")
	}
	ss.fix(0, "title")
	if ss.state.Template != "First: {{E0.values.0.title}}" || len(ss.out.Problems) != 0 {
		t.Fatalf("after fix: %q, problems %+v", ss.state.Template, ss.out.Problems)
	}
	if got := ss.state.Template[ss.selection.Start:ss.selection.End]; got != "title" {
		t.Errorf("the fix selects %q", got)
	}
	ss.fix(5, "x") // no such problem
}

func TestSessionRevealOpensRootTab(t *testing.T) {
	s := defaultExample.state()
	s.SetRootText("input", "{\n  \"team\": }")
	ss := newSession(s)
	ss.openRoot("E0")
	ss.reveal(0)
	if ss.active != "input" || ss.selection.Target != rootTarget("input") {
		t.Errorf("active %q, selection %+v", ss.active, ss.selection)
	}
}

func TestSessionRoots(t *testing.T) {
	ss := newSession(defaultExample.state())
	ss.addRoot()
	if ss.active != "E1" || !slices.Equal(ss.state.Names(), []string{"input", "E0", "E1"}) {
		t.Fatalf("after add: active %q, roots %q", ss.active, ss.state.Names())
	}
	if ss.renameRoot("E0") || !strings.Contains(ss.nameError, "already exists") {
		t.Errorf("duplicate rename: error %q", ss.nameError)
	}
	if !ss.renameRoot("summary") || ss.active != "summary" || ss.nameError != "" {
		t.Errorf("rename: active %q, error %q", ss.active, ss.nameError)
	}
	ss.moveRoot(-1)
	if !slices.Equal(ss.state.Names(), []string{"input", "summary", "E0"}) {
		t.Errorf("after move: %q", ss.state.Names())
	}
	ss.deleteRoot()
	if ss.active != "input" || ss.deleted == nil || !slices.Equal(ss.state.Names(), []string{"input", "E0"}) {
		t.Errorf("after delete: active %q, roots %q", ss.active, ss.state.Names())
	}
	ss.undoDelete()
	if ss.active != "summary" || !slices.Equal(ss.state.Names(), []string{"input", "summary", "E0"}) {
		t.Errorf("after undo: active %q, roots %q", ss.active, ss.state.Names())
	}
	ss.openRoot("input")
	ss.deleteRoot()
	if ss.nameError == "" || len(ss.state.Roots) != 3 {
		t.Error("input was deleted")
	}
}

func TestSessionIterationAndLater(t *testing.T) {
	ss := newSession(defaultExample.state())
	ss.setIteration(true)
	ss.openRoot("item")
	ss.setText(rootTarget("item"), `{"a": 1}`, -1)
	ss.setIteration(false)
	if ss.active != "input" || ss.state.RootIndex("item") >= 0 {
		t.Errorf("off: active %q, roots %q", ss.active, ss.state.Names())
	}
	ss.setIteration(true)
	if i := ss.state.RootIndex("item"); i < 0 || ss.state.Roots[i].Text != `{"a": 1}` {
		t.Errorf("on again lost the item text: %+v", ss.state.Roots)
	}

	ss.setLater("E9, bad id!")
	if ss.nameError == "" || ss.laterText != "E9, bad id!" || len(ss.state.Later) != 0 {
		t.Errorf("bad later: error %q, text %q, later %q", ss.nameError, ss.laterText, ss.state.Later)
	}
	ss.setLater("E9")
	ss.setText(targetMain, "{{E9.x}}", -1)
	if ss.nameError != "" || len(ss.out.Problems) != 1 || !strings.Contains(ss.out.Problems[0].Msg, "runs after") {
		t.Errorf("later step: error %q, problems %+v", ss.nameError, ss.out.Problems)
	}
}

func TestSessionFormat(t *testing.T) {
	ss := newSession(exampleByID("decide-step").state())
	ss.format(rootTarget("E1"))
	want := "{\n  \"branch\": \"hotfix\",\n  \"result\": { \"summary\": \"patched the null check\", \"sha\": \"4be2a90\" }\n}"
	if got := ss.text(rootTarget("E1")); got != want {
		t.Errorf("formatted:\n%s\nwant\n%s", got, want)
	}
	ss.setText(rootTarget("E1"), "{oops", -1)
	ss.format(rootTarget("E1"))
	if got := ss.text(rootTarget("E1")); got != "{oops" {
		t.Errorf("formatting broken text changed it to %q", got)
	}
}

func TestSessionLoadExample(t *testing.T) {
	ss := newSession(defaultExample.state())
	ss.menu, ss.banner = true, "old"
	ss.loadExample("map-body")
	if ss.menu || ss.banner != "" || !ss.state.Iteration || ss.active != "input" {
		t.Errorf("after loading: menu %v banner %q iteration %v active %q", ss.menu, ss.banner, ss.state.Iteration, ss.active)
	}
	before := ss.state.Template
	ss.loadExample("no-such-example")
	if ss.state.Template != before {
		t.Error("an unknown example changed the state")
	}
}
