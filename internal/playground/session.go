package playground

import (
	"errors"
	"maps"
	"slices"
	"strings"

	"github.com/splicedev/splice/internal/display"
	"github.com/splicedev/splice/internal/jsonschema"
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
	State State
	Out   Outcome
	eval  Evaluator

	Active     string    // the open root tab
	undo, redo []entry   // the structural edits (history.go)
	NameError  string    // why the last rename or later-steps edit was refused
	LaterText  string    // the later-steps field as typed
	BranchText string    // the branch-steps field as typed
	Selection  Selection // a range an editor should select
	Renamed    *Rename   // the last rename, whose references may be updated
	// Step is the plan step the output shows ("" for the solver), Iter
	// the iteration shown of a map or fold.
	Step string
	Iter int

	// unsettled says that the state holds edits the outcome does not show
	// yet (see Edit).
	unsettled bool

	Version int    // counts state changes
	Loads   int    // counts the states loaded (Load): the editors' histories start again
	Changed func() // called after each state change (autosave, address bar)
}

// Selection asks an editor to select [Start, End) bytes of its text. Seq
// changes with every request, so that asking twice selects twice.
type Selection struct {
	Target     Target
	Start, End int
	Seq        int
}

// NewSession starts a session on s.
func NewSession(s State) *Session {
	ss := &Session{}
	ss.Load(s)
	return ss
}

// LoadExample replaces the state with the example called id.
func (ss *Session) LoadExample(id string) {
	if ex := ExampleByID(id); ex != nil {
		ss.Load(ex.Open())
	}
}

// CallerShape is the shape a caller-shape tool's call gives, as a shape
// text; "" when the state is no such call.
func (ss *Session) CallerShape() string {
	if ss.State.Mode != ModeTool || !ss.Out.HasValue {
		return ""
	}
	if l := ss.eval.loadTool(ss.State.Tool); l.tool == nil || !l.tool.CallerShape {
		return ""
	}
	return display.JSON(ss.Out.Value) + "\n"
}

// OpenCallerShape opens the shape of a caller-shape tool's call as a Shape
// state over the state's roots: what a plan renders before the tool
// returns it.
func (ss *Session) OpenCallerShape() {
	shape := ss.CallerShape()
	if shape == "" {
		return
	}
	s := ss.State.Clone()
	s.Mode, s.Shape = ModeShape, shape
	ss.Load(s)
}

// RestoreSaved opens saved, the autosaved work that a refused link set
// aside; when it cannot be opened, the error says why, for a banner.
func (ss *Session) RestoreSaved(saved string) error {
	s, err := DecodeState(saved, maxSavedState)
	if err != nil {
		return errors.New(savedError(err))
	}
	ss.Load(s)
	return nil
}

// Load replaces the whole state (an example, a link, an autosave). It is
// not an edit: Changed is not called, so nothing is saved over the work
// the page had before until the user edits.
func (ss *Session) Load(s State) {
	ss.State = s.Clone()
	ss.Loads++
	ss.Active = "input"
	if steps := ss.State.Steps(); len(steps) > 1 {
		ss.Active = steps[len(steps)-1]
	}
	ss.undo, ss.redo, ss.NameError = nil, nil, ""
	ss.syncScopeFields()
	ss.Renamed = nil
	ss.Step, ss.Iter = "", 0
	ss.evaluate()
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
	ss.Out.showStep(ss.Step, ss.Iter)
	ss.Version++
}

// Text returns the text of the editor named by target.
func (ss *Session) Text(target Target) string {
	switch target {
	case TargetMain:
		return ss.State.Text()
	case TargetCall:
		return ss.State.Call
	}
	if name, ok := target.Root(); ok {
		if i := ss.State.RootIndex(name); i >= 0 {
			return ss.State.Roots[i].Text
		}
	}
	return ""
}

// SetText records an edit of target's text. It reports whether the view
// changed beyond the result and the text itself (the problems, the trace,
// the tags, a root's error, the result's kind): typing that changes only
// the result needs no more than the result redrawn.
func (ss *Session) SetText(target Target, text string) (more bool) {
	return ss.report(func() {
		before := ss.eval.planned.plan
		ss.setText(target, text)
		ss.update()
		if target == TargetMain && ss.State.Mode == ModePlan {
			ss.followRename(before, ss.eval.planned.plan)
		}
	})
}

// report runs an edit and reports whether the view changed beyond the
// result and the text itself.
func (ss *Session) report(edit func()) (more bool) {
	before, spans := ss.Out, ss.Spans()
	edit()
	return !sameView(&before, &ss.Out) || !slices.Equal(spans, ss.Spans())
}

// setText sets target's text in the state.
func (ss *Session) setText(target Target, text string) {
	switch target {
	case TargetMain:
		ss.State.SetText(text)
	case TargetCall:
		ss.State.Call = text
	default:
		name, _ := target.Root()
		ss.State.SetRootText(name, text)
	}
}

// Edit records an edit of target's text as an editor reports it: [from,
// to) bytes of it replaced by insert. A large root takes it in place,
// without comparing its texts. It reports what SetText reports, and
// whether the evaluation waits for Settle (later): evaluating would take
// long (a large root or call input decoded again, the edit being more than
// typing inside one of its strings), or an earlier edit waits already. An
// edit outside the text changes nothing.
func (ss *Session) Edit(target Target, from, to int, insert string) (more, later bool) {
	next, ok := ss.eval.replace(ss.Text(target), from, to, insert)
	switch {
	case !ok:
		return false, false
	case target != TargetMain && (ss.unsettled || !ss.eval.prepare(next)):
		ss.setText(target, next)
		ss.unsettled = true
		if ss.Changed != nil {
			ss.Changed() // kept from now, should the page go before Settle
		}
		return false, true
	}
	return ss.SetText(target, next), false
}

// Settle evaluates the edits that wait (see Edit), and reports what
// SetText reports.
func (ss *Session) Settle() (more bool) {
	if !ss.unsettled {
		return false
	}
	return ss.report(ss.update)
}

// sameView reports whether two outcomes show the same but for the result.
func sameView(a, b *Outcome) bool {
	return a.HasValue == b.HasValue && a.Mixed == b.Mixed && slices.Equal(a.Partial, b.Partial) && a.TypedSplice == b.TypedSplice && a.Type() == b.Type() &&
		slices.Equal(a.Trace, b.Trace) && slices.EqualFunc(a.Problems, b.Problems, func(p, q Problem) bool { return p.same(&q) }) &&
		maps.EqualFunc(a.RootErrors, b.RootErrors, (*Problem).same) &&
		(a.Plan == nil) == (b.Plan == nil) && (a.Plan == nil || a.Plan.same(b.Plan))
}

// Complete returns what may be typed at caret (a byte offset) in the main
// editor, as the engine sees the text, the scope and the roots' data.
func (ss *Session) Complete(caret int) template.Completion {
	if ss.State.Mode == ModePlan {
		return ss.completePlan(caret)
	}
	scope := ss.State.Scope()
	if ss.State.Mode == ModeTool {
		scope = template.Scope{Roots: []string{"input"}}
	}
	return ss.eval.Analyze(ss.State.Text()).Complete(caret, scope, ss.dataRoots())
}

// dataRoots returns the roots a completion reads: in tool mode the call
// input as "input", with the keys the tool's input schema declares that it
// lacks; else the roots that decode.
func (ss *Session) dataRoots() template.Roots {
	if ss.State.Mode == ModeTool {
		input := jsonschema.WithDeclaredKeys(ss.eval.loadTool(ss.State.Tool).input, ss.eval.lookup(ss.State.Call).value)
		return template.Roots{{Name: "input", Value: input}}
	}
	var roots template.Roots
	for _, r := range ss.State.Roots {
		if d := ss.eval.lookup(r.Text); d.err == nil {
			roots = append(roots, template.Root{Name: r.Name, Value: d.value})
		}
	}
	return roots
}

// SetMode switches the mode.
func (ss *Session) SetMode(m Mode) {
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
	ss.do("add "+ss.State.NextRootName(), addRoot{})
}

// RenameRoot renames the open root; a refused name is kept in nameError.
// The main text's references to the old name are left as they are, and
// offered for update (UpdateReferences).
func (ss *Session) RenameRoot(name string) bool {
	old := ss.Active
	return ss.do("rename "+old+" to "+name, renameRoot{old, name})
}

// Rename is a root's rename, whose references in the main text may follow.
type Rename struct{ From, To string }

// references returns the byte ranges of the texts that read root, by
// mode: the template's and the shape's for a root (a tool reads its call
// alone), the plan's for a step of a plan.
func (ss *Session) references(root string) map[Mode][][2]int {
	modes := []Mode{ModeTemplate, ModeShape}
	if ss.State.Mode == ModePlan {
		modes = []Mode{ModePlan}
	}
	refs := map[Mode][][2]int{}
	for _, m := range modes {
		var text string
		var spans []template.Span
		switch m {
		case ModeTemplate:
			text, spans = ss.State.Template, ss.eval.Analyze(ss.State.Template).Spans
		case ModeShape:
			text = ss.State.Shape
			if shape, _ := reshape.ParseShapeLenient(text); shape != nil {
				spans = shape.Spans()
			}
		case ModePlan:
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

// RenameOffer says how many references of the last rename's old name the
// template and the shape hold, and where; none when there is nothing to
// offer.
func (ss *Session) RenameOffer() (r Rename, n int, where string) {
	if ss.Renamed == nil || ss.State.RootIndex(ss.Renamed.From) >= 0 {
		return Rename{}, 0, ""
	}
	if ss.State.Mode == ModePlan {
		p := ss.eval.runPlan(ss.State.Plan).plan
		_, from := p.Step(ss.Renamed.From)
		if _, to := p.Step(ss.Renamed.To); from || !to {
			return Rename{}, 0, ""
		}
	}
	var places []string
	refs := ss.references(ss.Renamed.From) // the panes ask on every render: once
	for _, m := range []Mode{ModeTemplate, ModeShape, ModePlan} {
		if k := len(refs[m]); k > 0 {
			n += k
			places = append(places, "the "+strings.ToLower(m.Title()))
		}
	}
	return *ss.Renamed, n, strings.Join(places, " and ")
}

// UpdateReferences renames the last rename's references in the template
// and the shape, or in the plan: one edit, undone as one.
func (ss *Session) UpdateReferences() {
	r, n, _ := ss.RenameOffer()
	if n == 0 {
		return
	}
	texts := setTexts{template: ss.State.Template, shape: ss.State.Shape, plan: ss.State.Plan} // no offer left
	for m, refs := range ss.references(r.From) {
		text := map[Mode]*string{ModeTemplate: &texts.template, ModeShape: &texts.shape, ModePlan: &texts.plan}[m]
		var b strings.Builder
		last := 0
		for _, ref := range refs {
			b.WriteString((*text)[last:ref[0]])
			b.WriteString(r.To)
			last = ref[1]
		}
		b.WriteString((*text)[last:])
		*text = b.String()
	}
	ss.do("rename references of "+r.From+" to "+r.To, texts)
}

// DismissRename drops the offer to update references.
func (ss *Session) DismissRename() { ss.Renamed = nil }

// DeleteRoot deletes the open root and opens the one before it.
func (ss *Session) DeleteRoot() { ss.do("delete "+ss.Active, removeRoot{ss.Active}) }

// MoveRoot moves the open root by delta among the steps.
func (ss *Session) MoveRoot(delta int) {
	if ss.State.Movable(ss.Active, delta) {
		ss.do("move "+ss.Active, moveRoot{ss.Active, delta})
	}
}

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
func (ss *Session) Format(target Target) {
	text := ss.Text(target)
	v, bad := DecodeData(text)
	if bad != nil {
		return
	}
	ss.SetText(target, display.JSON(v))
}

// Fix replaces the failing segment of problem i with key, and selects it.
func (ss *Session) Fix(i int, key string) {
	if i < 0 || i >= len(ss.Out.Problems) {
		return
	}
	p := ss.Out.Problems[i]
	text, ok := ReplaceSegment(ss.Text(p.Target), &p, key)
	if !ok {
		return
	}
	ss.SetText(p.Target, text)
	ss.Select(p.Target, p.SegStart, p.SegStart+len(key))
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
	if name, ok := p.Target.Root(); ok {
		ss.OpenRoot(name)
	}
	ss.Select(p.Target, p.Start, p.End)
}

// Select asks the editor of target to select [start, end) of its text.
func (ss *Session) Select(target Target, start, end int) {
	ss.Selection = Selection{Target: target, Start: start, End: end, Seq: ss.Selection.Seq + 1}
}

// Spans returns the tags of the main text for highlighting, from the parse
// its evaluation made. Roots and the call input are data: no tags.
func (ss *Session) Spans() []template.Span { return ss.eval.spans(&ss.State) }

// Problems returns the problems placed in target's text, for the editor.
func (ss *Session) Problems(target Target) []Problem {
	var ps []Problem
	for _, p := range ss.Out.Problems {
		if p.Target == target && p.Located() {
			ps = append(ps, p)
		}
	}
	if name, ok := target.Root(); ok {
		if p := ss.Out.RootErrors[name]; p != nil && p.Located() && !containsProblem(ps, p) {
			ps = append(ps, *p)
		}
	}
	return ps
}

func containsProblem(ps []Problem, p *Problem) bool {
	for i := range ps {
		if ps[i].Start == p.Start && ps[i].Msg == p.Msg {
			return true
		}
	}
	return false
}

// Hover is what a tag of the main text is worth in the last evaluation.
type Hover struct {
	Start, End int // the tag's byte range
	Text       string
	Failed     bool
}

// HoverAt returns what the tag at byte offset off of the main text
// evaluated to, from the trace; false when no tag is there.
func (ss *Session) HoverAt(off int) (Hover, bool) {
	for _, sp := range ss.Spans() {
		if off < sp.Start || off >= sp.End {
			continue
		}
		for _, row := range ss.hoverRows() {
			if row.Start == sp.Start {
				return Hover{Start: sp.Start, End: sp.End, Text: row.Describe(), Failed: row.State() == RowFailed}, true
			}
		}
		return Hover{}, false
	}
	return Hover{}, false
}
