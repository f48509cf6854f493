package playground

import (
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/splicedev/splice/internal/examples"
	"github.com/splicedev/splice/internal/playground/state"
	"github.com/splicedev/splice/template"
)

func TestSessionEditsReevaluate(t *testing.T) {
	ss := NewSession(examples.ByID("typed-splice").Open())
	changes := 0
	ss.Changed = func() { changes++ }
	if ss.Out.Result.JSON != "[101,102,97]" {
		t.Fatalf("start: %s", ss.Out.Result.JSON)
	}
	ss.write(state.Target{}, "{{E0.limit}}")
	if ss.Out.Result.JSON != "1.50" || !ss.Out.Result.Splice {
		t.Errorf("after edit: %s typed %v", ss.Out.Result.JSON, ss.Out.Result.Splice)
	}
	ss.write(state.Target{Root: "E0"}, `{"limit": 7}`)
	if ss.Out.Result.JSON != "7" {
		t.Errorf("after root edit: %s", ss.Out.Result.JSON)
	}
	if changes != 2 {
		t.Errorf("%d change notifications, want 2", changes)
	}
}

func TestSessionCompletesAtCaret(t *testing.T) {
	ss := NewSession(examples.Default.Open())
	ss.write(state.Target{}, "{{E0.is")
	c := ss.Complete(len("{{E0.is"))
	if labels(c) != "issues" || c.From != 5 || c.Items[0].Type != "array" {
		t.Errorf("completion = %+v", c)
	}
	ss.SetMode(state.ModeTool)
	ss.State.Call = `{"pr": {"n": 1}}`
	ss.update()
	ss.write(state.Target{}, "x: {{input.")
	if c := ss.Complete(len("x: {{input.")); labels(c) != "pr" {
		t.Errorf("tool mode completes from the call input: %+v", c)
	}
	// And from the tool's input schema, for what the call input lacks.
	// And from the tool's input schema, for what the call input lacks,
	// while the tool is being written (its YAML broken: the last schema).
	tool := "name: t\nkind: reshape\ninput_schema:\n  type: object\n  properties:\n    pr: {type: object, properties: {title: {type: string}}}\n    repo: {type: string}\nshape:\n  x: \"{{input.pr}}\"\n"
	ss.write(state.Target{}, tool)
	for _, tt := range []struct{ typed, want string }{
		{`  y: "{{input.`, "pr repo"},
		{`  y: "{{input.pr.`, "n title"},
	} {
		ss.write(state.Target{}, tool+tt.typed)
		if c := ss.Complete(len(tool + tt.typed)); labels(c) != tt.want {
			t.Errorf("after %q, tool mode completes %+v, want %s", tt.typed, c, tt.want)
		}
	}
}

func labels(c template.Completion) string {
	var out []string
	for _, it := range c.Items {
		out = append(out, it.Label)
	}
	return strings.Join(out, " ")
}

func TestSessionRenameUpdatesReferences(t *testing.T) {
	ss := NewSession(examples.Default.Open())
	ss.write(state.Target{}, "{{#E0.issues}}{{number}} {{E0.x}}{{/E0.issues}} {{E01}} {{x.E0}}")
	ss.OpenRoot("E0")
	if !ss.RenameRoot("fetch_pr") {
		t.Fatalf("rename refused: %s", ss.NameError)
	}
	if r, n, _ := ss.RenameOffer(); r != [2]string{"E0", "fetch_pr"} || n != 3 {
		t.Fatalf("offer = %+v in %d places, want E0 to fetch_pr in 3", r, n)
	}
	ss.UpdateReferences()
	want := "{{#fetch_pr.issues}}{{number}} {{fetch_pr.x}}{{/fetch_pr.issues}} {{E01}} {{x.E0}}"
	if ss.State.Template != want {
		t.Errorf("after update:\n got %s\nwant %s", ss.State.Template, want)
	}
	if _, n, _ := ss.RenameOffer(); n != 0 {
		t.Error("the offer stayed after the update")
	}
	for _, p := range ss.Out.Problems {
		if p.Kind == template.MissingStep && strings.Contains(p.Msg, `"E0"`) {
			t.Errorf("a reference was left: %s", p.Msg)
		}
	}
}

func TestSessionHover(t *testing.T) {
	ss := NewSession(examples.Default.Open())
	ss.write(state.Target{}, "n={{E0.issues.0.number}} {{E0.nope}}")
	h, ok := ss.HoverAt(5)
	if !ok || h.Range != [2]int{2, 24} || h.Failed || !strings.HasPrefix(h.Text, "number 101") {
		t.Errorf("hover on a value = %+v %v", h, ok)
	}
	h, ok = ss.HoverAt(28)
	if !ok || !h.Failed || !strings.Contains(h.Text, "nope") {
		t.Errorf("hover on a failure = %+v %v", h, ok)
	}
	if _, ok := ss.HoverAt(0); ok {
		t.Error("hover outside a tag")
	}
}

func TestSessionFixAndReveal(t *testing.T) {
	ss := NewSession(examples.ByID("bad-path").Open())
	p := ss.Out.Problems[0]
	ss.Reveal(0)
	if ss.Selection.Target != (state.Target{}) || ss.Selection.Range != [2]int{p.Pos.Offset, p.End} || ss.Selection.Seq != 1 {
		t.Errorf("reveal selection = %+v", ss.Selection)
	}
	ss.Reveal(0)
	if ss.Selection.Seq != 2 {
		t.Error("revealing twice did not ask twice")
	}
	ss.Fix(0, "title")
	if ss.State.Template != "First: {{E0.values.0.title}}" || len(ss.Out.Problems) != 0 {
		t.Fatalf("after fix: %q, problems %+v", ss.State.Template, ss.Out.Problems)
	}
	if got := ss.State.Template[ss.Selection.Range[0]:ss.Selection.Range[1]]; got != "title" {
		t.Errorf("the fix selects %q", got)
	}
	ss.Fix(5, "x") // no such problem
}

func TestSessionRevealOpensRootTab(t *testing.T) {
	s := examples.Default.Open()
	s.SetText(state.Target{Root: "input"}, "{\n  \"team\": }")
	ss := NewSession(s)
	ss.OpenRoot("E0")
	ss.Reveal(0)
	if ss.Active != "input" || ss.Selection.Target != (state.Target{Root: "input"}) {
		t.Errorf("active %q, selection %+v", ss.Active, ss.Selection)
	}
}

func TestSessionRoots(t *testing.T) {
	ss := NewSession(examples.Default.Open())
	ss.AddRoot()
	if ss.Active != "E1" || !slices.Equal(ss.State.Names(), []string{"input", "E0", "E1"}) {
		t.Fatalf("after add: active %q, roots %q", ss.Active, ss.State.Names())
	}
	if ss.RenameRoot("E0") || !strings.Contains(ss.NameError, "already exists") {
		t.Errorf("duplicate rename: error %q", ss.NameError)
	}
	if !ss.RenameRoot("summary") || ss.Active != "summary" || ss.NameError != "" {
		t.Errorf("rename: active %q, error %q", ss.Active, ss.NameError)
	}
	ss.MoveRoot(-1)
	if !slices.Equal(ss.State.Names(), []string{"input", "summary", "E0"}) {
		t.Errorf("after move: %q", ss.State.Names())
	}
	ss.DeleteRoot()
	if ss.Active != "input" || undoLabel(ss) != "delete summary" || !slices.Equal(ss.State.Names(), []string{"input", "E0"}) {
		t.Errorf("after delete: active %q, undo %q, roots %q", ss.Active, undoLabel(ss), ss.State.Names())
	}
	ss.Undo()
	if ss.Active != "summary" || !slices.Equal(ss.State.Names(), []string{"input", "summary", "E0"}) {
		t.Errorf("after undo: active %q, roots %q", ss.Active, ss.State.Names())
	}
	ss.OpenRoot("input")
	ss.DeleteRoot()
	if ss.NameError == "" || len(ss.State.Roots) != 3 {
		t.Error("input was deleted")
	}
}

// TestSessionHistory makes every kind of structural edit, interleaved with
// a deleted root's typed text, then undoes them all and redoes them all.
func TestSessionHistory(t *testing.T) {
	ss := NewSession(examples.Default.Open())
	ss.write(state.Target{Root: "E0"}, `{"typed": true}`)
	start := ss.State.Clone()
	edits := []struct {
		label string
		edit  func()
	}{
		{"add E1", func() { ss.AddRoot() }},
		{"rename E1 to fetch", func() { ss.RenameRoot("fetch") }},
		{"move fetch", func() { ss.MoveRoot(-1) }},
		{"switch from Template to Shape", func() { ss.SetMode(state.ModeShape) }},
		{"edit the later steps", func() { ss.SetLater("E8"); ss.SetLater("E8, E9") }},
		{"edit the branch steps", func() { ss.SetBranch("E5=E3") }},
		{"turn the iteration body on", func() { ss.SetIteration(true) }},
		{"delete E0", func() { ss.OpenRoot("E0"); ss.DeleteRoot() }},
	}
	var states []state.State
	for _, e := range edits {
		states = append(states, ss.State.Clone())
		e.edit()
		if got := undoLabel(ss); got != e.label {
			t.Fatalf("after %q: undo label %q", e.label, got)
		}
	}
	end := ss.State.Clone()
	for i := len(edits) - 1; i >= 0; i-- {
		ss.Undo()
		if want := states[i]; !reflect.DeepEqual(ss.State, want) {
			t.Fatalf("undo %q: state\n%+v\nwant\n%+v", edits[i].label, ss.State, want)
		}
		if redoLabel(ss) != edits[i].label {
			t.Errorf("undo %q: redo label %q", edits[i].label, redoLabel(ss))
		}
	}
	if undoLabel(ss) != "" || ss.LaterText != "" || ss.BranchText != "" || !reflect.DeepEqual(ss.State, start) {
		t.Errorf("after undoing everything: undo %q, later %q, state %+v", undoLabel(ss), ss.LaterText, ss.State)
	}
	for range edits {
		ss.Redo()
	}
	if !reflect.DeepEqual(ss.State, end) || ss.LaterText != "E8, E9" || redoLabel(ss) != "" {
		t.Errorf("after redoing everything: later %q, state\n%+v\nwant\n%+v", ss.LaterText, ss.State, end)
	}

	// A new edit drops what could be redone.
	ss.Undo()
	ss.AddRoot()
	if redoLabel(ss) != "" || undoLabel(ss) != "add E1" {
		t.Errorf("after a new edit: undo %q, redo %q", undoLabel(ss), redoLabel(ss))
	}
}

func TestSessionIterationAndLater(t *testing.T) {
	ss := NewSession(examples.Default.Open())
	ss.SetIteration(true)
	ss.OpenRoot("item")
	ss.write(state.Target{Root: "item"}, `{"a": 1}`)
	ss.SetIteration(false)
	if ss.Active != "input" || ss.State.RootIndex("item") >= 0 {
		t.Errorf("off: active %q, roots %q", ss.Active, ss.State.Names())
	}
	ss.SetIteration(true)
	if i := ss.State.RootIndex("item"); i < 0 || ss.State.Roots[i].Text != `{"a": 1}` {
		t.Errorf("on again lost the item text: %+v", ss.State.Roots)
	}

	ss.SetLater("E9, bad id!")
	if ss.NameError == "" || ss.LaterText != "E9, bad id!" || len(ss.State.Later) != 0 {
		t.Errorf("bad later: error %q, text %q, later %q", ss.NameError, ss.LaterText, ss.State.Later)
	}
	ss.SetLater("E9")
	ss.write(state.Target{}, "{{E9.x}}")
	if ss.NameError != "" || len(ss.Out.Problems) != 1 || !strings.Contains(ss.Out.Problems[0].Msg, "runs after") {
		t.Errorf("later step: error %q, problems %+v", ss.NameError, ss.Out.Problems)
	}
}

func TestSessionFormat(t *testing.T) {
	ss := NewSession(examples.ByID("decide-step").Open())
	ss.Format(state.Target{Root: "E1"})
	want := "{\n  \"branch\": \"hotfix\",\n  \"result\": { \"summary\": \"patched the null check\", \"sha\": \"4be2a90\" }\n}"
	if got := ss.State.Text(state.Target{Root: "E1"}); got != want {
		t.Errorf("formatted:\n%s\nwant\n%s", got, want)
	}
	ss.write(state.Target{Root: "E1"}, "{oops")
	ss.Format(state.Target{Root: "E1"})
	if got := ss.State.Text(state.Target{Root: "E1"}); got != "{oops" {
		t.Errorf("formatting broken text changed it to %q", got)
	}
}

func TestSessionBranchSteps(t *testing.T) {
	ss := NewSession(state.State{Mode: state.ModeTemplate, Template: "{{E5.summary}}", Roots: []state.RootText{{Name: "input", Text: "{}"}, {Name: "E3", Text: `{"result": {"summary": "ok"}}`}}})
	if len(ss.Out.Problems) != 1 || ss.Out.Problems[0].Kind != template.MissingStep {
		t.Fatalf("before: %+v", ss.Out.Problems)
	}
	ss.SetBranch("E5=E3")
	if ss.State.Branch["E5"] != "E3" || len(ss.Out.Problems) != 1 || !strings.Contains(ss.Out.Problems[0].Msg, "{{E3.result") {
		t.Fatalf("after: %v %+v", ss.State.Branch, ss.Out.Problems)
	}
	ss.SetBranch("E3=E1")
	if ss.NameError == "" || ss.State.Branch["E5"] != "E3" {
		t.Errorf("a root as a branch step was taken: %q %v", ss.NameError, ss.State.Branch)
	}
	ss.write(state.Target{}, "{{E3.result.summary}}")
	if ss.Out.Result == nil || ss.Out.Result.JSON != `"ok"` {
		t.Errorf("the decide step's result: %+v", ss.Out)
	}
}

func TestSessionEditSaysWhatMoreChanged(t *testing.T) {
	ss := NewSession(examples.Default.Open())
	text := ss.State.Template
	tests := []struct {
		name string
		text string
		more bool
	}{
		{"text after the last tag", text + " and more", false},
		{"more of it", text + " and more text", false},
		{"a new tag", text + " {{E0.issues.length}}", true},
		{"a failing tag", text + " {{E0.nope}}", true},
		{"text before the tags moves them", "> " + text, true},
	}
	for _, tt := range tests {
		if got := ss.edited(state.Target{}, tt.text); got != tt.more {
			t.Errorf("%s: more = %v, want %v", tt.name, got, tt.more)
		}
	}
	if ss.edited(state.Target{Root: "E0"}, "{oops") != true {
		t.Error("a root that stops parsing changes more than the result")
	}
}

// TestSessionHistoryIsBounded: the oldest edits fall off past maxHistory.
func TestSessionHistoryIsBounded(t *testing.T) {
	ss := NewSession(examples.Default.Open())
	ss.OpenRoot("E0")
	const edits = maxHistory + 50
	for i := 1; i <= edits; i++ {
		ss.RenameRoot("A" + strconv.Itoa(i))
	}
	n := 0
	for undoLabel(ss) != "" {
		ss.Undo()
		n++
	}
	if want := "A" + strconv.Itoa(edits-maxHistory); n != maxHistory || ss.Active != want {
		t.Errorf("%d undos, back to %q; want %d, to %q", n, ss.Active, maxHistory, want)
	}
}

// TestSessionStepIDsStayUnique: a step id names one step, whichever field
// takes it first, so that the state always opens again from its link.
func TestSessionStepIDsStayUnique(t *testing.T) {
	ss := NewSession(examples.Default.Open())
	ss.SetBranch("E1=E0")
	ss.AddRoot()
	if ss.Active == "E1" {
		t.Errorf("the new root took the branch step's name")
	}
	ss.SetLater("E1")
	if ss.NameError == "" || len(ss.State.Later) != 0 {
		t.Errorf("a later step took the branch step's name: error %q", ss.NameError)
	}
	if ss.RenameRoot("E1") || ss.NameError == "" {
		t.Errorf("a rename took the branch step's name")
	}
	if _, err := state.OpenSaved(encode(ss.State)); err != nil {
		t.Errorf("the state does not open from its link: %v", err)
	}
}

// TestIterationRootsSurviveAnEdit: iteration roots a link carried with the
// iteration body off stay in the state's link through edits.
func TestIterationRootsSurviveAnEdit(t *testing.T) {
	link := state.Pack([]byte(`{"v": 1, "template": "x", "iteration": false, "roots": [{"name": "input", "text": "{}"}, {"name": "item", "text": "{\"it\": 7}"}]}`))
	s, _, _ := state.InitialState("#s="+link, "", examples.Default.Open())
	ss := NewSession(s)
	ss.write(state.Target{}, "xy")
	again, err := state.DecodeLink(encode(ss.State))
	if note := state.AsideNote(&again); err != nil || !strings.Contains(note, "iteration roots item ") {
		t.Fatalf("after an edit the link sets aside: %q (%v)", note, err)
	}
	ss = NewSession(again)
	ss.SetIteration(true)
	if i := ss.State.RootIndex("item"); i < 0 || ss.State.Roots[i].Text != `{"it": 7}` {
		t.Errorf("item after the switch: %+v", ss.State.Roots)
	}
	// Roots left at their starting texts are not carried.
	ss.write(state.Target{Root: "item"}, "{}")
	ss.SetIteration(false)
	if note := state.AsideNote(&ss.State); note != "" {
		t.Errorf("untouched iteration roots set aside: %q", note)
	}
}

// TestSessionHistoryDetails: a scope field typed back to where it started
// leaves nothing to undo; undoing a rename offers to rename the main
// text's references back.
func TestSessionHistoryDetails(t *testing.T) {
	ss := NewSession(examples.Default.Open())
	ss.SetLater("L")
	ss.SetLater("L9")
	ss.SetLater("")
	if undoLabel(ss) != "" {
		t.Errorf("a later-steps field typed back to empty left %q to undo", undoLabel(ss))
	}
	ss.OpenRoot("E0")
	ss.RenameRoot("fetch")
	ss.UpdateReferences()
	ss.Undo() // the references read E0 again, and the offer is back
	if r, n, _ := ss.RenameOffer(); r != [2]string{"E0", "fetch"} || n == 0 || ss.State.RootIndex("fetch") < 0 {
		t.Errorf("after undoing the references: offer %+v in %d places", r, n)
	}
	ss.Undo() // the rename itself
	if r, n, _ := ss.RenameOffer(); ss.State.RootIndex("E0") < 0 || n != 0 {
		t.Errorf("after undoing the rename: offer %+v in %d places", r, n)
	}
}

// The trace, the hover and the problems pane tell of a section as the
// engine renders it: a section on a path that goes nowhere is falsy; one
// with any other error (a loop variable outside every section) fails.
func TestSectionStatesAgreeWithTheEngine(t *testing.T) {
	tests := []struct {
		template, kind string
		state          string
		hover          string
	}{
		{"{{#@index}}x{{/@index}}", "ScopeError", "failed", "ScopeError: "},
		{"{{#E0.nope}}x{{/E0.nope}}", "", "falsy", "falsy: "},
	}
	for _, tt := range tests {
		ss := NewSession(state.State{Mode: state.ModeTemplate, Template: tt.template,
			Roots: []state.RootText{{Name: "input", Text: "{}"}, {Name: "E0", Text: `{"a": 1}`}}})
		var kinds []string
		for _, p := range ss.Out.Problems {
			kinds = append(kinds, p.KindName())
		}
		if got := strings.Join(kinds, ","); got != tt.kind {
			t.Errorf("%s: problems %q, want %q", tt.template, got, tt.kind)
		}
		if len(ss.Out.Trace) != 1 || ss.Out.Trace[0].Status != tt.state {
			t.Fatalf("%s: trace %+v, want state %s", tt.template, ss.Out.Trace, tt.state)
		}
		h, ok := ss.HoverAt(2)
		if !ok || !strings.HasPrefix(h.Text, tt.hover) || h.Failed != (tt.state == "failed") {
			t.Errorf("%s: hover %+v, want %q…", tt.template, h, tt.hover)
		}
	}
}

// encode is s's link payload.
func encode(s state.State) string {
	payload, _ := state.Encode(s)
	return payload
}

// undoLabel and redoLabel name the edits Undo and Redo would make.
func undoLabel(ss *Session) string { undo, _ := ss.History(); return undo }
func redoLabel(ss *Session) string { _, redo := ss.History(); return redo }

// An edit an editor made on a text the session has rewritten since (a
// Format) is not taken: the editor takes the session's text instead.
func TestSessionEditOnAnOlderText(t *testing.T) {
	s := examples.Default.Open()
	target := state.Target{Root: "E0"}
	s.SetText(target, `{"a":1}`)
	ss := NewSession(s)
	seen := ss.Rewrites(target)
	ss.Format(target)
	formatted := ss.State.Text(target)
	if ss.Rewrites(target) == seen || formatted == `{"a":1}` {
		t.Fatalf("the Format is not counted as a write: %q", formatted)
	}
	if taken, _, _ := ss.Edit(target, seen, 0, 0, "x"); taken || ss.State.Text(target) != formatted {
		t.Errorf("an edit of the text before the Format was taken: %q", ss.State.Text(target))
	}
	if taken, _, _ := ss.Edit(target, ss.Rewrites(target), 0, 0, " "); !taken || ss.State.Text(target) != " "+formatted {
		t.Errorf("an edit of the formatted text was not taken: %q", ss.State.Text(target))
	}
}

// Opening the state as a plan, or a step alone, is one edit: Undo puts the
// state before back whole, texts and all, and Redo opens it again; the
// editors take each text the session puts in.
func TestSessionOpensAsOneEdit(t *testing.T) {
	ss := NewSession(examples.Default.Open())
	before := ss.State.Clone()
	if err := ss.OpenAsPlan(); err != nil || ss.State.Mode != state.ModePlan || undoLabel(ss) != "open as plan" {
		t.Fatalf("open as plan: %v, mode %s, undo %q", err, ss.State.Mode, undoLabel(ss))
	}
	plan, rewrites := ss.State.Clone(), ss.Rewrites(state.Target{})
	ss.Undo()
	if !reflect.DeepEqual(ss.State, before) || ss.Rewrites(state.Target{}) == rewrites {
		t.Errorf("undone: state\n%+v\nwant\n%+v", ss.State, before)
	}
	ss.Redo()
	if !reflect.DeepEqual(ss.State, plan) {
		t.Errorf("redone: state\n%+v\nwant\n%+v", ss.State, plan)
	}

	ss = NewSession(examples.ByID("pr-plan").Open())
	before = ss.State.Clone()
	ss.SelectStep("per_file")
	ss.OpenStepAlone()
	if ss.State.Mode != state.ModeShape || undoLabel(ss) != "open per_file alone" {
		t.Fatalf("a step alone: mode %s, undo %q", ss.State.Mode, undoLabel(ss))
	}
	ss.Undo()
	if !reflect.DeepEqual(ss.State, before) {
		t.Errorf("undone: state\n%+v\nwant\n%+v", ss.State, before)
	}
}
