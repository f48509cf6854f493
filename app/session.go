package main

import (
	"strings"

	"github.com/splicedev/splice/template"
)

// session is one page's live playground: the state being edited, its
// latest evaluation, and the view's own choices (open root tab, pending
// selection, completions). Components read it and call its methods from
// their event handlers; every method leaves the outcome up to date. It has
// no DOM code, so it is tested as plain Go.
type session struct {
	state State
	out   outcome
	eval  evaluator

	active     string     // the open root tab
	iteration  []RootText // iteration roots switched off, to restore
	deleted    *deletion  // the last deleted root, for undo
	nameError  string     // why the last rename or later-steps edit was refused
	laterText  string     // the later-steps field as typed
	completion completion // offered at the caret of the main editor
	selection  selection  // a range an editor should select

	menu   bool      // the examples menu is open
	dialog string    // the open dialog: "", dialogShare or dialogHelp
	banner string    // a notice above the panes (a link that could not be opened)
	share  shareInfo // what the share dialog shows
	link   string    // the state's share payload as last written, "" when too large

	version int    // counts state changes
	changed func() // called after each state change (autosave, address bar)
}

// The dialogs.
const (
	dialogShare = "share"
	dialogHelp  = "help"
)

// deletion is a removed root and where it was.
type deletion struct {
	root  RootText
	index int
}

// selection asks an editor to select [Start, End) bytes of its text. Seq
// changes with every request, so that asking twice selects twice.
type selection struct {
	Target     string
	Start, End int
	Seq        int
}

// newSession starts a session on s.
func newSession(s State) *session {
	ss := &session{}
	ss.load(s)
	return ss
}

// loadExample replaces the state with the example called id.
func (ss *session) loadExample(id string) {
	if ex := exampleByID(id); ex != nil {
		ss.load(ex.state())
		ss.menu, ss.banner = false, ""
	}
}

// load replaces the whole state (an example, a link, an autosave).
func (ss *session) load(s State) {
	ss.state = s.Clone()
	ss.active = "input"
	if steps := ss.state.Steps(); len(steps) > 1 {
		ss.active = steps[len(steps)-1]
	}
	ss.iteration, ss.deleted, ss.nameError = nil, nil, ""
	ss.laterText = strings.Join(ss.state.Later, ", ")
	ss.completion = completion{}
	ss.update()
}

// update re-evaluates and reports the change.
func (ss *session) update() {
	ss.out = ss.eval.evaluate(&ss.state)
	ss.version++
	if ss.changed != nil {
		ss.changed()
	}
}

// text returns the text of the editor named by target.
func (ss *session) text(target string) string {
	switch target {
	case targetMain:
		return ss.state.Text()
	case targetCall:
		return ss.state.Call
	}
	if name, ok := cutRootTarget(target); ok {
		if i := ss.state.RootIndex(name); i >= 0 {
			return ss.state.Roots[i].Text
		}
	}
	return ""
}

// setText records an edit of target's text. caret is the byte offset of
// the caret after the edit in the main editor (-1 when unknown); the
// completions are computed there.
func (ss *session) setText(target, text string, caret int) {
	switch target {
	case targetMain:
		ss.state.SetText(text)
	case targetCall:
		ss.state.Call = text
	default:
		name, _ := cutRootTarget(target)
		ss.state.SetRootText(name, text)
	}
	ss.completion = completion{}
	ss.update()
	if target == targetMain && caret >= 0 {
		ss.complete(caret)
	}
}

// complete offers what may be typed at caret in the main editor.
func (ss *session) complete(caret int) {
	scope := ss.state.Scope()
	if ss.state.Mode == ModeTool {
		scope = template.Scope{Roots: []string{"input"}}
	}
	ss.completion = complete(ss.state.Text(), caret, scope, ss.dataRoots())
}

// dataRoots returns the roots a completion reads: the call input as
// "input" in tool mode, else the roots that decode.
func (ss *session) dataRoots() template.Roots {
	if ss.state.Mode == ModeTool {
		return template.Roots{{Name: "input", Value: ss.eval.lookup(ss.state.Call).value}}
	}
	var roots template.Roots
	for _, r := range ss.state.Roots {
		if d := ss.eval.lookup(r.Text); d.err == nil {
			roots = append(roots, template.Root{Name: r.Name, Value: d.value})
		}
	}
	return roots
}

// setMode switches the mode.
func (ss *session) setMode(m Mode) {
	if ss.state.Mode == m {
		return
	}
	ss.state.Mode = m
	ss.completion = completion{}
	ss.update()
}

// openRoot opens the root tab called name.
func (ss *session) openRoot(name string) {
	if ss.state.RootIndex(name) >= 0 {
		ss.active, ss.nameError = name, ""
	}
}

// addRoot adds a step and opens it.
func (ss *session) addRoot() {
	ss.active, ss.nameError = ss.state.AddRoot(), ""
	ss.update()
}

// renameRoot renames the open root; a refused name is kept in nameError.
func (ss *session) renameRoot(name string) bool {
	if err := ss.state.RenameRoot(ss.active, name); err != nil {
		ss.nameError = err.Error()
		return false
	}
	ss.active, ss.nameError = name, ""
	ss.update()
	return true
}

// deleteRoot deletes the open root, keeping it for undo, and opens the
// one before it.
func (ss *session) deleteRoot() {
	i := ss.state.RootIndex(ss.active)
	removed, err := ss.state.DeleteRoot(ss.active)
	if err != nil {
		ss.nameError = err.Error()
		return
	}
	ss.deleted = &deletion{root: removed, index: i}
	ss.active, ss.nameError = ss.state.Roots[i-1].Name, ""
	ss.update()
}

// undoDelete puts the last deleted root back.
func (ss *session) undoDelete() {
	if ss.deleted == nil {
		return
	}
	if err := ss.state.RestoreRoot(ss.deleted.root, ss.deleted.index); err != nil {
		ss.nameError = err.Error()
		return
	}
	ss.active, ss.deleted, ss.nameError = ss.deleted.root.Name, nil, ""
	ss.update()
}

// moveRoot moves the open root by delta among the steps.
func (ss *session) moveRoot(delta int) {
	if ss.state.MoveRoot(ss.active, delta) {
		ss.update()
	}
}

// setIteration switches the iteration body.
func (ss *session) setIteration(on bool) {
	if on == ss.state.Iteration {
		return
	}
	removed := ss.state.SetIteration(on, ss.iteration)
	if !on {
		ss.iteration = removed
		if fixedRoot(ss.active) && ss.active != "input" {
			ss.active = "input"
		}
	}
	ss.update()
}

// setLater reads the later-steps field; a refused list keeps the field as
// typed and says why in nameError.
func (ss *session) setLater(text string) {
	ss.laterText = text
	ids, err := ss.state.ParseLater(text)
	if err != nil {
		ss.nameError = err.Error()
		return
	}
	ss.nameError = ""
	ss.state.Later = ids
	ss.update()
}

// format pretty-prints the data text of target (a root or the call).
func (ss *session) format(target string) {
	text := ss.text(target)
	v, bad := decodeData(text)
	if bad != nil {
		return
	}
	ss.setText(target, prettyJSON(v.JSON()), -1)
}

// fix replaces the failing segment of problem i with key, and selects it.
func (ss *session) fix(i int, key string) {
	if i < 0 || i >= len(ss.out.Problems) {
		return
	}
	p := ss.out.Problems[i]
	text, ok := replaceSegment(ss.text(p.Target), &p, key)
	if !ok {
		return
	}
	ss.setText(p.Target, text, -1)
	ss.selection = selection{Target: p.Target, Start: p.SegStart, End: p.SegStart + len(key), Seq: ss.selection.Seq + 1}
}

// reveal asks the editor of problem i to select its tag, opening its root
// tab when it is in a root.
func (ss *session) reveal(i int) {
	if i < 0 || i >= len(ss.out.Problems) {
		return
	}
	p := ss.out.Problems[i]
	if !p.Located() {
		return
	}
	if name, ok := cutRootTarget(p.Target); ok {
		ss.openRoot(name)
	}
	ss.selection = selection{Target: p.Target, Start: p.Start, End: p.End, Seq: ss.selection.Seq + 1}
}

// cutRootTarget returns the root name of a root editor's target.
func cutRootTarget(target string) (string, bool) {
	return strings.CutPrefix(target, targetRootPref)
}

// marks returns the byte ranges of target's failing tags, for underlining.
func (ss *session) marks(target string) [][2]int {
	var marks [][2]int
	for _, p := range ss.out.Problems {
		if p.Target == target && p.Located() {
			marks = append(marks, [2]int{p.Start, p.End})
		}
	}
	return marks
}
