package app

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/splicedev/splice/internal/display"
	"github.com/splicedev/splice/internal/examples"
	"github.com/splicedev/splice/internal/playground"
	"github.com/splicedev/splice/internal/playground/evaluate"
	"github.com/splicedev/splice/internal/playground/state"
	"github.com/splicedev/splice/template"
)

// Components show what their fields hold and report what the user does
// through the actions they are given: none of them holds the session. The
// interfaces say which actions each needs; a page's actions value carries
// them out on its session. It is made once per page, so that go-app, which
// compares a component's fields to decide whether it must render again,
// sees the same value on every render.

// editorActions is what a code editor reports and asks, in UTF-16 offsets:
// an edit of the text of target, a range replaced in the text of the
// session's seen-th write of it (taken: the session took it, else the
// editor takes the session's text; redraw: the page must be redrawn for
// more than the result, which is painted at once; later: the evaluation
// waits for Settle, as it would take long); the text the session holds
// and how often it wrote it itself; what may be typed at a caret of the
// main text and what its tag at an offset is worth; the problems of a
// target.
type editorActions interface {
	Edit(target state.Target, seen, from, to int, insert string) (taken, redraw, later bool)
	Settle() (redraw bool)
	Text(target state.Target) string
	Rewrites(target state.Target) int
	Complete(caret int) template.Completion
	Hover(off int) (display.Hover, bool)
	Problems(target state.Target) []evaluate.Problem
	Caret(off int) (changed bool)
}

// rootsActions is what the roots pane does to the roots.
type rootsActions interface {
	editorActions
	OpenRoot(name string)
	AddRoot()
	RenameRoot(name string) bool
	DeleteRoot()
	MoveRoot(delta int)
	SetIteration(on bool)
	SetLater(text string)
	SetBranch(text string)
	Format(target state.Target)
	Reveal(i int)
	ClearNameError()
	UpdateReferences()
	DismissRename()
}

// problemsActions is what a click in the problems pane does.
type problemsActions interface {
	Reveal(i int)
	Fix(i int, key string)
	MissingStep(i int) string
	AddMissingStep(i int)
	BareSteps() bool
	WrapInSteps()
}

// headerActions is what the top bar's buttons do.
type headerActions interface {
	LoadExample(id string)
	ToggleMenu()
	OpenHelp()
	OpenShare(ctx app.Context)
	OpenAsPlan()
}

// dialogActions is what a dialog does besides showing itself.
type dialogActions interface {
	CloseDialog()
	SetShareNote(note string)
}

// actions carries out the components' actions on a page's session.
// navigate, when set, opens another state as a navigation (see
// keeper.navigate); without it the state is opened in place.
type actions struct {
	s        *playground.Session
	v        *pageView
	navigate func(open func())
	saveHere func() // saves this tab's work over another tab's (keeper.saveHere)
	// dismissed is told that the banner was dismissed (keeper.dismissAside).
	dismissed func()
}

// open opens another state through navigate; what showed the state being
// left closes.
func (a *actions) open(load func()) {
	a.v.opened()
	if a.navigate == nil {
		load()
		return
	}
	a.navigate(load)
}

// Edit and Settle record an edit and paint the new output at once: they
// run inside the editor's update, before the frame is painted. A result
// appearing waits for go-app, which makes its element.
func (a *actions) Edit(target state.Target, seen, from, to int, insert string) (taken, more, later bool) {
	if taken, more, later = a.s.Edit(target, seen, from, to, insert); taken && !later && a.s.Out.Result != nil {
		paintOutput(resultOf(a.s.Out.Result))
	}
	return taken, more, later
}
func (a *actions) Settle() bool {
	more := a.s.Settle()
	if r := a.s.Out.Result; r != nil {
		paintOutput(resultOf(r))
	}
	return more
}
func (a *actions) Text(target state.Target) string        { return a.s.State.Text(target) }
func (a *actions) Rewrites(target state.Target) int       { return a.s.Rewrites(target) }
func (a *actions) Complete(caret int) template.Completion { return a.s.Complete(caret) }
func (a *actions) Hover(off int) (display.Hover, bool)    { return a.s.HoverAt(off) }
func (a *actions) Problems(target state.Target) []evaluate.Problem {
	return a.s.Problems(target)
}
func (a *actions) Caret(off int) bool          { return a.s.Caret(off) }
func (a *actions) UpdateReferences()           { a.s.UpdateReferences() }
func (a *actions) DismissRename()              { a.s.DismissRename() }
func (a *actions) OpenRoot(name string)        { a.s.OpenRoot(name) }
func (a *actions) AddRoot()                    { a.s.AddRoot() }
func (a *actions) RenameRoot(name string) bool { return a.s.RenameRoot(name) }
func (a *actions) DeleteRoot()                 { a.s.DeleteRoot() }
func (a *actions) Undo()                       { a.s.Undo() }
func (a *actions) Redo()                       { a.s.Redo() }
func (a *actions) MoveRoot(delta int)          { a.s.MoveRoot(delta) }
func (a *actions) SetIteration(on bool)        { a.s.SetIteration(on) }
func (a *actions) SetLater(text string)        { a.s.SetLater(text) }
func (a *actions) SetBranch(text string)       { a.s.SetBranch(text) }
func (a *actions) Format(target state.Target)  { a.s.Format(target) }
func (a *actions) ClearNameError()             { a.s.NameError = "" }
func (a *actions) Reveal(i int)                { a.s.Reveal(i) }
func (a *actions) Fix(i int, key string)       { a.s.Fix(i, key) }
func (a *actions) MissingStep(i int) string    { return a.s.MissingStep(i) }
func (a *actions) AddMissingStep(i int)        { a.s.AddMissingStep(i) }
func (a *actions) BareSteps() bool             { return a.s.BareSteps() }
func (a *actions) WrapInSteps()                { a.s.WrapInSteps() }
func (a *actions) LoadExample(id string) {
	if ex := examples.ByID(id); ex != nil {
		a.open(func() { a.s.Load(ex.Open()) })
		a.v.banner, a.v.saved = "", ""
	}
}

// RestoreSaved opens the work a refused link set aside; when it cannot be
// opened, the banner says why.
func (a *actions) RestoreSaved() {
	saved := a.v.saved
	a.v.banner, a.v.saved = "", ""
	a.open(func() {
		s, err := state.OpenSaved(saved)
		if err != nil {
			a.v.banner = err.Error()
			return
		}
		a.s.Load(s)
	})
}
func (a *actions) OpenCallerShape()          { a.open(a.s.OpenCallerShape) }
func (a *actions) ToggleMenu()               { a.v.menu = !a.v.menu }
func (a *actions) OpenHelp()                 { a.v.dialog = dialogHelp }
func (a *actions) OpenShare(ctx app.Context) { openShare(ctx, a.s, a.v) }
func (a *actions) CloseDialog()              { a.v.dialog = "" }
func (a *actions) SetShareNote(note string)  { a.v.share.Note = note }
func (a *actions) SetMode(m state.Mode)      { a.s.SetMode(m) }
func (a *actions) DismissBanner() {
	a.v.banner = ""
	if a.dismissed != nil {
		a.dismissed()
	}
}
func (a *actions) SelectStep(id string) { a.s.SelectStep(id) }
func (a *actions) RevealStep(id string) { a.s.RevealStep(id) }

// OpenAsPlan opens the state as a plan; a state that makes none stays,
// and the banner says why.
func (a *actions) OpenAsPlan() {
	var err error
	a.open(func() { err = a.s.OpenAsPlan() })
	a.v.banner = ""
	if err != nil {
		a.v.banner = "Open as plan: " + err.Error()
	}
}
func (a *actions) OpenStepAlone()           { a.open(a.s.OpenStepAlone) }
func (a *actions) InsertSample(id string)   { a.s.InsertSample(id) }
func (a *actions) ShowIteration(i int)      { a.s.ShowIteration(i) }
func (a *actions) SetDecision(id, b string) { a.s.SetDecision(id, b) }
