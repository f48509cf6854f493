package playground

import (
	"slices"
	"strings"

	"github.com/splicedev/splice/internal/display"
	"github.com/splicedev/splice/internal/playground/evaluate"
	"github.com/splicedev/splice/internal/playground/state"
	"github.com/splicedev/splice/plan"
	"github.com/splicedev/splice/reshape"
	"github.com/splicedev/splice/template"
)

// Session is one page's live playground: the state being edited, its
// latest evaluation, the history of its structural edits, and what the
// editing itself shows (open root tab, pending selection, refused names).
// Components read it and call its methods from their event handlers;
// every method leaves the outcome up to date. What the page shows beside
// it (menus, dialogs, banners, the link) is the page's own. It has no DOM
// code, so it is tested as plain Go.
type Session struct {
	State state.State
	Out   evaluate.Outcome
	eval  evaluate.Evaluator

	Active     string    // the open root tab
	undo, redo []entry   // the structural edits (history.go)
	NameError  string    // why the last rename or later-steps edit was refused
	LaterText  string    // the later-steps field as typed
	BranchText string    // the branch-steps field as typed
	Selection  Selection // a range an editor should select
	renamed    [2]string // the last rename, old name and new, whose references may be updated; empty when none
	// step is the plan step the output shows ("" for the solver), iter
	// the iteration shown of a map or fold: the session alone selects them.
	step string
	iter int

	// unsettled says that the state holds edits the outcome does not show
	// yet (see Edit).
	unsettled bool
	rewrites  map[state.Target]int // see Rewrites

	Version int    // counts state changes
	Loads   int    // counts the states loaded (Load): the editors' histories start again
	Changed func() // called after each state change (autosave, address bar)
}

// Selection asks an editor to select Range of its text, in UTF-16 code
// units. Seq changes with every request, so that asking twice selects
// twice.
type Selection struct {
	Target state.Target
	Range  [2]int
	Seq    int
	// Glance asks only to show the range, scrolled to and flashed in its
	// editor, the focus staying where it is.
	Glance bool
}

// NewSession starts a session on s.
func NewSession(s state.State) *Session {
	ss := &Session{}
	ss.Load(s)
	return ss
}

// CallerShape is the shape a caller-shape tool's call gives, as a shape
// text; "" when the state is no such call.
func (ss *Session) CallerShape() string { return ss.eval.CallerShape(&ss.State, &ss.Out) }

// OpenCallerShape opens the shape of a caller-shape tool's call as a Shape
// state over the state's roots: what a plan renders before the tool
// returns it.
func (ss *Session) OpenCallerShape() {
	shape := ss.CallerShape()
	if shape == "" {
		return
	}
	s := ss.State.Clone()
	s.Mode, s.Shape = state.ModeShape, shape
	ss.do("open the caller's shape", replaceState{s})
}

// OpenAsPlan replaces the state by a plan that gives its result, as one
// edit; a state that makes no plan stays, and the error says why.
func (ss *Session) OpenAsPlan() error {
	s, err := state.PlanOf(ss.State)
	if err == nil {
		ss.do("open as plan", replaceState{s})
	}
	return err
}

// Load replaces the whole state (an example, a link, an autosave). It is
// not an edit: Changed is not called, so nothing is saved over the work
// the page had before until the user edits.
func (ss *Session) Load(s state.State) {
	ss.State = s.Clone()
	ss.rewrites = nil
	ss.Loads++
	ss.openLastRoot()
	ss.undo, ss.redo, ss.NameError = nil, nil, ""
	ss.syncScopeFields()
	ss.renamed = [2]string{}
	ss.step, ss.iter = "", 0
	ss.eval = evaluate.Evaluator{} // nothing of the state before is kept
	ss.evaluate()
}

// openLastRoot opens the root of the last step, or the input.
func (ss *Session) openLastRoot() {
	ss.Active = "input"
	if steps := ss.State.Scope().Roots; len(steps) > 1 {
		ss.Active = steps[len(steps)-1]
	}
}

// update re-evaluates and reports the change: an edit.
func (ss *Session) update() {
	ss.evaluate()
	if ss.Changed != nil {
		ss.Changed()
	}
}

func (ss *Session) evaluate() {
	ss.unsettled = false
	ss.Out = ss.eval.Evaluate(&ss.State)
	ss.Out.Show(ss.step, ss.iter)
	ss.Version++
}

// write sets target's text as the session itself writes it (a Format, a
// fix, a sample, a decision), which the editor of target then shows.
func (ss *Session) write(target state.Target, text string) {
	if text != ss.State.Text(target) {
		ss.wrote(target)
		ss.edited(target, text)
	}
}

// edited sets target's text to next, evaluates the state and reports the
// change; it reports whether the view changed beyond the result and the
// text itself. A plan's text always changes more: its steps' rows, which
// go-app compares row by row. A step id edited in a plan offers to rename
// its references (RenameOffer); typing the new id goes on renaming from
// the first one.
func (ss *Session) edited(target state.Target, next string) (more bool) {
	if target != (state.Target{}) || ss.State.Mode != state.ModePlan {
		before, spans := ss.Out, ss.Spans()
		ss.State.SetText(target, next)
		ss.update()
		return ss.changedView(&before, spans)
	}
	ss.State.Plan = next
	ss.evaluate()
	if ss.Changed != nil {
		ss.Changed()
	}
	if r := ss.Out.Renamed; r != ([2]string{}) {
		if ss.renamed[1] == r[0] && ss.renamed[0] != "" {
			r[0] = ss.renamed[0]
		}
		if r[0] != "" {
			ss.renamed = r
		}
	}
	return true
}

// changedView reports whether the view changed beyond the result since
// before, with the tags spans, was shown.
func (ss *Session) changedView(before *evaluate.Outcome, spans []template.Span) bool {
	return !before.SameView(&ss.Out) || !slices.Equal(spans, ss.Spans())
}

// wrote counts a text the session wrote itself (see Rewrites).
func (ss *Session) wrote(target state.Target) {
	if ss.rewrites == nil {
		ss.rewrites = map[state.Target]int{}
	}
	ss.rewrites[target]++
}

// Rewrites counts the times the session wrote target's text itself (a
// state loaded, a Format, a fix, an undone rename of references): an
// editor showing an older count shows an older text, which it must take
// before its own edits count.
func (ss *Session) Rewrites(target state.Target) int { return ss.Loads + ss.rewrites[target] }

// Edit records an edit of target's text as its editor reports it: [from,
// to) of the text, in UTF-16 code units, replaced by insert, made on the
// text of the session's seen-th write of it (Rewrites). An edit made on
// an older text, or outside the text, is not taken: the editor must take
// the session's text. A large text takes an edit in place, without
// comparing texts. Edit reports whether the view changed beyond the
// result and the text itself (the problems, the trace, the tags, a root's
// error, the result's kind: typing that changes only the result needs no
// more than the result painted), and whether the evaluation waits for
// Settle (later): evaluating would take long (a large root or call input
// decoded again, the edit being more than typing inside one of its
// strings), or an earlier edit waits already.
func (ss *Session) Edit(target state.Target, seen, from, to int, insert string) (taken, more, later bool) {
	if seen != ss.Rewrites(target) || from > to {
		return false, false, false
	}
	old := ss.State.Text(target)
	offs := []int{from, to}
	byteOffsets(old, offs)
	next, ok := ss.eval.Edit(old, offs[0], offs[1], insert)
	switch {
	case !ok:
		return false, false, false
	case target != (state.Target{}) && (ss.unsettled || !ss.eval.DecodesQuickly(next)):
		ss.State.SetText(target, next)
		ss.unsettled = true
		if ss.Changed != nil {
			ss.Changed() // kept from now, should the page go before Settle
		}
		return true, false, true
	}
	return true, ss.edited(target, next), false
}

// Settle evaluates the edits that wait (see Edit), and reports what Edit
// reports.
func (ss *Session) Settle() (more bool) {
	if !ss.unsettled {
		return false
	}
	before, spans := ss.Out, ss.Spans()
	ss.update()
	return ss.changedView(&before, spans)
}

// Complete returns what may be typed at caret in the main editor, as the
// engine sees the text, the scope and the roots' data; the caret and the
// range to replace are in UTF-16 code units.
func (ss *Session) Complete(caret int) template.Completion {
	text := ss.State.Text(state.Target{})
	c := ss.eval.Complete(&ss.State, byteOffset(text, caret), ss.step, ss.iter)
	offs := []int{c.From, c.To}
	UTF16Offsets(text, offs)
	c.From, c.To = offs[0], offs[1]
	return c
}

// SetMode switches the mode.
func (ss *Session) SetMode(m state.Mode) {
	if ss.State.Mode != m {
		// The label says where Undo returns: typing in the new mode's
		// text stays there, and Undo only shows the old mode again.
		ss.do("switch from "+ss.State.Mode.Title()+" to "+m.Title(), setMode{mode: m})
	}
}

// OpenRoot opens the root tab called name.
func (ss *Session) OpenRoot(name string) {
	if ss.State.RootIndex(name) >= 0 {
		ss.Active, ss.NameError = name, ""
	}
}

// AddRoot adds a step and opens it.
func (ss *Session) AddRoot() {
	ss.do("add "+roots{&ss.State}.nextName(), addRoot{})
}

// RenameRoot renames the open root; a refused name is kept in NameError.
// The main text's references to the old name are left as they are, and
// offered for update (UpdateReferences).
func (ss *Session) RenameRoot(name string) bool {
	old := ss.Active
	return ss.do("rename "+old+" to "+name, renameRoot{old, name})
}

// ReferencesTo returns the byte ranges of the main text's tags that read
// root: a step's in a plan, a root's in a template or a shape.
func (ss *Session) ReferencesTo(root string) [][2]int { return ss.references(root)[ss.State.Mode] }

// Plan is the plan document of plan mode as its last evaluation loaded it.
func (ss *Session) Plan() *plan.Plan { return ss.eval.Plan(ss.State.Plan) }

// references returns the byte ranges of the texts that read root, by
// mode: the template's and the shape's for a root (a tool reads its call
// alone), the plan's for a step of a plan.
func (ss *Session) references(root string) map[state.Mode][][2]int {
	modes := []state.Mode{state.ModeTemplate, state.ModeShape}
	if ss.State.Mode == state.ModePlan {
		modes = []state.Mode{state.ModePlan}
	}
	refs := map[state.Mode][][2]int{}
	for _, m := range modes {
		var text string
		var spans []template.Span
		switch m {
		case state.ModeTemplate:
			text, spans = ss.State.Template, template.Analyze(ss.State.Template).Spans
		case state.ModeShape:
			text = ss.State.Shape
			if shape, _ := reshape.ParseShapeLenient(text); shape != nil {
				spans = shape.Spans()
			}
		case state.ModePlan:
			text, spans = ss.State.Plan, ss.Spans()
		}
		for _, r := range template.References(spans, root) {
			// A leaf's tag is placed in the document; a name written with
			// escapes there is not renamed.
			if r[1] <= len(text) && text[r[0]:r[1]] == root {
				refs[m] = append(refs[m], r)
			}
		}
	}
	return refs
}

// RenameOffer says how many references of the last rename's old name
// (rename: the old name and the new) the template and the shape hold, and
// where; none when there is nothing to offer.
func (ss *Session) RenameOffer() (rename [2]string, n int, where string) {
	from, to := ss.renamed[0], ss.renamed[1]
	if from == "" || ss.State.RootIndex(from) >= 0 {
		return [2]string{}, 0, ""
	}
	if ss.State.Mode == state.ModePlan {
		p := ss.Plan()
		_, was := p.Step(from)
		if _, is := p.Step(to); was || !is {
			return [2]string{}, 0, ""
		}
	}
	var places []string
	refs := ss.references(from) // the panes ask on every render: once
	for _, m := range []state.Mode{state.ModeTemplate, state.ModeShape, state.ModePlan} {
		if k := len(refs[m]); k > 0 {
			n += k
			places = append(places, "the "+strings.ToLower(m.Title()))
		}
	}
	return ss.renamed, n, strings.Join(places, " and ")
}

// UpdateReferences renames the last rename's references in the template
// and the shape, or in the plan: one edit, undone as one.
func (ss *Session) UpdateReferences() {
	r, n, _ := ss.RenameOffer()
	if n == 0 {
		return
	}
	from, to := r[0], r[1]
	texts := setTexts{template: ss.State.Template, shape: ss.State.Shape, plan: ss.State.Plan} // no offer left
	for m, refs := range ss.references(from) {
		text := map[state.Mode]*string{state.ModeTemplate: &texts.template, state.ModeShape: &texts.shape, state.ModePlan: &texts.plan}[m]
		var b strings.Builder
		last := 0
		for _, ref := range refs {
			b.WriteString((*text)[last:ref[0]])
			b.WriteString(to)
			last = ref[1]
		}
		b.WriteString((*text)[last:])
		*text = b.String()
	}
	ss.do("rename references of "+from+" to "+to, texts)
}

// DismissRename drops the offer to update references.
func (ss *Session) DismissRename() { ss.renamed = [2]string{} }

// DeleteRoot deletes the open root and opens the one before it.
func (ss *Session) DeleteRoot() { ss.do("delete "+ss.Active, removeRoot{ss.Active}) }

// MoveRoot moves the open root by delta among the steps.
func (ss *Session) MoveRoot(delta int) {
	if ss.CanMoveRoot(delta) {
		ss.do("move "+ss.Active, moveRoot{ss.Active, delta})
	}
}

// CanMoveRoot reports whether MoveRoot(delta) would move the open root.
func (ss *Session) CanMoveRoot(delta int) bool { return roots{&ss.State}.movable(ss.Active, delta) }

// SetIteration switches the iteration body.
func (ss *Session) SetIteration(on bool) {
	if on != ss.State.Iteration {
		ss.do(map[bool]string{true: "turn the iteration body on", false: "turn the iteration body off"}[on], setIteration{on})
	}
}

// SetLater reads the later-steps field; a refused list keeps the field as
// typed and says why in NameError.
func (ss *Session) SetLater(text string) {
	ss.LaterText = text
	ids, err := ss.State.ParseLater(text)
	ss.setScope(err, "edit the later steps", setScope{ids, ss.State.Branch})
}

// SetBranch reads the branch-steps field as SetLater reads its own.
func (ss *Session) SetBranch(text string) {
	ss.BranchText = text
	steps, err := ss.State.ParseBranch(text)
	ss.setScope(err, "edit the branch steps", setScope{ss.State.Later, steps})
}

// setScope applies a scope field that parsed, or says why it did not.
func (ss *Session) setScope(err error, label string, c setScope) {
	if err != nil {
		ss.NameError = err.Error()
		return
	}
	ss.do(label, c)
}

// Format pretty-prints the data text of target (a root or the call).
func (ss *Session) Format(target state.Target) {
	text := ss.State.Text(target)
	v, err := reshape.ParseData(text)
	if err != nil {
		return
	}
	ss.write(target, display.JSON(v))
}

// Fix replaces the failing segment of problem i with key, and selects it.
func (ss *Session) Fix(i int, key string) {
	if i < 0 || i >= len(ss.Out.Problems) {
		return
	}
	p := ss.Out.Problems[i]
	text := ss.State.Text(p.Target)
	from, to := p.SegStart, p.SegEnd
	if from < 0 || to > len(text) || from > to {
		return
	}
	ss.write(p.Target, text[:from]+key+text[to:])
	ss.selectRange(p.Target, from, from+len(key))
}

// Reveal asks the editor of problem i to select its tag, opening its root
// tab when it is in a root.
func (ss *Session) Reveal(i int) {
	if i < 0 || i >= len(ss.Out.Problems) {
		return
	}
	p := ss.Out.Problems[i]
	if !p.Located() {
		return
	}
	if p.Target.Root != "" {
		ss.OpenRoot(p.Target.Root)
	}
	ss.selectRange(p.Target, p.Pos.Offset, p.End)
}

// selectRange asks the editor of target to select [start, end) bytes of its
// text.
func (ss *Session) selectRange(target state.Target, start, end int) {
	r := [2]int{start, end}
	UTF16Offsets(ss.State.Text(target), r[:])
	ss.Selection = Selection{Target: target, Range: r, Seq: ss.Selection.Seq + 1}
}

// Spans returns the tags of the main text for highlighting, from the parse
// its evaluation made. Roots and the call input are data: no tags.
func (ss *Session) Spans() []template.Span { return ss.eval.Spans(&ss.State) }

// Problems returns the problems placed in target's text, for the editor.
func (ss *Session) Problems(target state.Target) []evaluate.Problem {
	var ps []evaluate.Problem
	for _, p := range ss.Out.Problems {
		if p.Target == target && p.Located() {
			ps = append(ps, p)
		}
	}
	return ps
}

// HoverAt returns what the tag at offset off of the main text evaluated
// to, from the trace; false when no tag is there. Offsets are in UTF-16
// code units.
func (ss *Session) HoverAt(off int) (display.Hover, bool) {
	text := ss.State.Text(state.Target{})
	h, ok := ss.Out.Hover(ss.Spans(), byteOffset(text, off))
	UTF16Offsets(text, h.Range[:])
	return h, ok
}
