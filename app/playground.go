package app

import (
	"slices"
	"strconv"

	"github.com/splicedev/splice/internal/display"
	"github.com/splicedev/splice/internal/examples"
	"github.com/splicedev/splice/internal/playground"
	"github.com/splicedev/splice/internal/playground/evaluate"
	"github.com/splicedev/splice/internal/playground/state"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// playgroundPage is the page at "/": the editors on the left, the result, the
// problems and the trace on the right. Its state lives in a session; the
// address bar and local storage follow it.
type playgroundPage struct {
	app.Compo

	s     *playground.Session
	view  pageView // what the page shows beside s
	do    *actions // what its components do to s
	keep  keeper
	theme string   // "light", "dark" or "" for the system's
	stop  []func() // removes the window listeners
}

// OnInit starts on the default example until OnMount restores the
// state; a session set beforehand (in tests) is kept.
func (p *playgroundPage) OnInit() {
	if p.s == nil {
		p.s = playground.NewSession(examples.Default.Open())
	}
	p.keep = keeper{s: p.s, v: &p.view, autosave: true}
	p.do = &actions{s: p.s, v: &p.view, navigate: p.keep.navigate, saveHere: p.keep.saveHere, dismissed: p.keep.dismissAside}
}

// OnMount restores the state (link, autosave or default) and starts
// following it; the window gets the keyboard shortcuts.
func (p *playgroundPage) OnMount(ctx app.Context) {
	noteFirstPaint()
	ctx.ObserveState(themeState, &p.theme)
	p.keep.watch(ctx)
	p.keep.restore(ctx)
	p.stop = append(p.stop,
		listenShortcuts(func(e app.Value) { shortcut(ctx, p.do, e) }),
		listen("storage", p.keep.onStorage),
		// Back and Forward between the entries the page pushed itself,
		// which go-app does not see as navigations.
		listen("popstate", func(app.Value) { ctx.Dispatch(p.followAddress) }),
		// A reload or a closed tab must not lose the last keystrokes: they
		// are written before the page goes, not on a later tick.
		listen("pagehide", func(app.Value) { p.keep.unload() }),
		followWidth(func(narrow bool) { ctx.Dispatch(func(app.Context) { p.view.narrow = narrow }) }),
	)
}

// phoneWidth is the widest window laid out as a phone's (in web/app.css).
const phoneWidth = "(max-width: 700px)"

// followWidth calls narrow with whether the window is a phone's, now and
// whenever that changes, and returns how to stop.
func followWidth(narrow func(bool)) (stop func()) {
	query := app.Window().Call("matchMedia", phoneWidth)
	narrow(query.Get("matches").Bool())
	fn := handlerOf(func(e app.Value) { narrow(e.Get("matches").Bool()) })
	query.Call("addEventListener", "change", fn)
	return func() {
		query.Call("removeEventListener", "change", fn)
		fn.Release()
	}
}

// OnNav opens a link pasted into the address bar of the open page.
func (p *playgroundPage) OnNav(ctx app.Context) { p.followAddress(ctx) }

// followAddress opens the state the address names when it is not the one
// the page last wrote there.
func (p *playgroundPage) followAddress(ctx app.Context) {
	if app.Window().Get("location").Get("hash").String() != p.keep.fragment {
		p.keep.restore(ctx)
	}
}

func (p *playgroundPage) OnDismount() {
	for _, stop := range p.stop {
		stop()
	}
	p.stop = nil
	p.keep.stop()
	p.keep.flush() // going to /docs must not lose the last keystrokes
}

func (p *playgroundPage) Render() app.UI {
	s, v, do := p.s, &p.view, p.do
	_, inputs := inputPane(do, false)
	main := app.Elem("div").Class("pane pane-main").Body(
		modeTabs(do, true),
		mainEditor(do),
	)
	// Both layouts have the same children in the same places, an absent
	// one held by an empty element: go-app compares children by place, so
	// that switching to or from Plan mode updates the editor and the result
	// panes rather than building them again.
	class, steps, split, detail := "workbench", absent(), absent(), absent()
	edit := app.Elem("section").Class("column column-edit")
	if s.Out.Plan == nil {
		edit = edit.Attr("aria-label", "Editors").Body(main, inputs())
	} else {
		d := &stepDetail{Do: do, View: *s.Out.Plan}
		if v.narrow { // under the tapped row
			inputs = func() app.UI { return stepsPaneOf(do, d) }
		} else {
			detail = d
		}
		// A plan is a document: its editor takes the window's height, the
		// steps beside it and the selected step's details beside them. The
		// steps come first in the Tab order, then the mode tabs and the
		// editor, whose Tab indents: the grid places each column.
		class = "workbench workbench-plan"
		steps = app.Elem("section").Class("column column-steps").Attr("aria-label", "Steps of the plan").Body(
			&planGraph{Do: do, Graph: s.Out.Plan.Graph, Selected: s.Out.Plan.Selected, Folded: v.narrow},
			inputs(),
		)
		edit = edit.Attr("aria-label", "Plan editor").Body(main)
		split = &planSplit{}
	}
	results := app.Elem("section").Class("column column-result").Attr("aria-label", "Results").Body(
		app.Elem("p").Class("sr-only").Role("status").Attr("aria-live", "polite").Attr("data-testid", "status").Text(statusText(&s.Out)),
		detail,
		p.output(),
		&problemsPane{Do: do, Problems: s.Out.Problems},
		&tracePane{Rows: s.Out.Trace},
	)
	workbench := app.Elem("main").Class(class).Body(steps, edit, split, results)
	return app.Elem("div").Class("app").Attr("data-theme", themeName(p.theme)).Body(
		&header{Do: do, Theme: p.theme, Menu: v.menu, LinkSize: v.linkSize, TooLarge: v.tooLarge, AsPlan: s.State.Mode != state.ModePlan},
		renderBanner(do),
		workbench,
		app.If(v.dialog == dialogShare, func() app.UI { return &shareDialog{Do: do, Info: v.share} }),
		app.If(v.dialog == dialogHelp, func() app.UI { return &helpDialog{Do: do} }),
	)
}

// absent holds the place of a part the mode does not show.
func absent() app.UI { return app.Elem("div").Attr("hidden", true) }

// output is the output pane, which opens a caller-shape tool's shape.
func (p *playgroundPage) output() *outputPane {
	out := outputOf(&p.s.Out, p.s.Version)
	if p.s.CallerShape() != "" {
		out.OpenShape = p.do.OpenCallerShape
	}
	return out
}

// statusText is what the status region announces: how many problems there
// are, and the result's type; in plan mode what became of the steps.
func statusText(out *evaluate.Outcome) string {
	if out.Plan != nil {
		return out.Plan.Summary + "."
	}
	var problems string
	switch n := len(out.Problems); n {
	case 0:
		problems = "No problems"
	case 1:
		problems = "1 problem"
	default:
		problems = strconv.Itoa(n) + " problems"
	}
	switch {
	case out.Result == nil && len(out.Partial) > 0:
		return problems + ", partial result."
	case out.Result == nil:
		return problems + ", no result."
	}
	return problems + ", result: " + out.Result.Type() + "."
}

// themeName is the data-theme attribute: the chosen theme, or "system".
func themeName(theme string) string {
	if theme == "" {
		return "system"
	}
	return theme
}

// renderBanner shows why a link could not be opened. Its slot is always
// there, so that the panes after it keep their place in the tree (and
// their editors their focus) when it comes and goes.
func renderBanner(do *actions) app.UI {
	v := do.v
	return app.Elem("div").Class("banner-slot").Body(app.If(v.tooLarge, func() app.UI {
		return app.Elem("div").Class("banner").Role("alert").Attr("data-testid", "too-large").Body(
			app.Elem("span").Class("banner-text").Text("This state is larger than a link or the autosave can keep (" + display.Size(state.MaxLinkState) +
				" written out): neither holds these edits, and a reload would lose them. Make a root smaller, or copy the work out with Share → Copy as test vector."),
		)
	}), app.If(v.autosaveFailed, func() app.UI {
		return app.Elem("div").Class("banner").Role("alert").Attr("data-testid", "autosave-failed").Body(
			app.Elem("span").Class("banner-text").Text("This browser's storage refused to keep this state (it is full): a reload would lose " +
				"what the address bar does not hold. Copy it out with Share → Copy as test vector."),
		)
	}), app.If(v.takenOver, func() app.UI {
		return app.Elem("div").Class("banner").Role("status").Attr("data-testid", "taken-over").Body(
			app.Elem("span").Class("banner-text").Text("Another tab saved its work over this tab's autosave. This tab's work is still here: "+
				"edit it, or save it again now."),
			app.Elem("button").Class("btn btn-small btn-primary").Attr("data-testid", "save-here").Text("Save this tab's work").
				OnClick(func(ctx app.Context, e app.Event) {
					focusFirst(mainEditorHost) // the banner goes
					do.saveHere()
				}),
		)
	}), app.If(v.banner != "", func() app.UI {
		return app.Elem("div").Class("banner").Role("alert").Attr("data-testid", "banner").Body(
			app.Elem("span").Class("banner-text").Text(state.Brief(v.banner)), // whatever an error quoted
			app.If(v.saved != "", func() app.UI {
				return app.Elem("button").Class("btn btn-small btn-primary").Attr("data-testid", "restore-saved").Text("Restore your last work").
					OnClick(func(ctx app.Context, e app.Event) {
						focusFirst(mainEditorHost)
						do.RestoreSaved()
					})
			}),
			app.Elem("button").Class("btn btn-small").Text("Dismiss").OnClick(func(ctx app.Context, e app.Event) {
				focusFirst(mainEditorHost)
				do.DismissBanner()
			}),
		)
	}))
}

// modes are the modes in tab order.
var modes = []state.Mode{state.ModeTemplate, state.ModeShape, state.ModeTool, state.ModePlan}

// modeTabs switches between template, shape and tool, with the history's
// buttons; keys says whether the page has the keyboard shortcuts (the
// embed leaves them to the page around it).
func modeTabs(do *actions, keys bool) app.UI {
	s := do.s
	tabs := make([]app.UI, len(modes))
	for i, m := range modes {
		tabs[i] = app.Elem("button").
			Class("tab").
			Role("tab").
			ID("mode-"+string(m)).
			Attr("data-testid", "mode-"+string(m)).
			Attr("aria-selected", strconv.FormatBool(s.State.Mode == m)).
			TabIndex(tabIndex(s.State.Mode == m)).
			Attr("aria-controls", "main-editor").
			Title(m.Title()+" mode (Alt+"+strconv.Itoa(i+1)+")").
			Text(m.Title()).
			OnClick(func(ctx app.Context, e app.Event) { do.SetMode(m) }, app.EventScope(string(m)))
	}
	// Handlers must read what they need when they run: go-app keeps the
	// first closure of an element whose handler code stays the same.
	return app.Elem("div").Class("pane-head").Body(
		app.Elem("div").Class("tabs").Role("tablist").Attr("aria-label", "Mode").Body(tabs...).
			OnKeyDown(func(ctx app.Context, e app.Event) {
				arrowTabs(ctx, e, len(modes), slices.Index(modes, s.State.Mode), func(i int) { do.SetMode(modes[i]) })
			}),
		app.Elem("span").Class("hint").Text(modeHint(s.State.Mode)),
		historyBarOf(do, keys),
	)
}

// historyBarOf gives the history's buttons what Undo and Redo would do.
func historyBarOf(do *actions, keys bool) *historyBar {
	undo, redo := do.s.History()
	return &historyBar{Do: do, Undo: undo, Redo: redo, Keys: keys}
}

// modeHint says what the main editor holds.
func modeHint(m state.Mode) string {
	switch m {
	case state.ModeShape:
		return "a JSON or YAML shape; string leaves are templates"
	case state.ModeTool:
		return "a reshape tool in YAML, called with the input below"
	case state.ModePlan:
		return "a plan document in YAML or JSON: input, tools, steps, solver"
	}
	return "text with {{tags}}; Ctrl+Space completes"
}

// tabIndex keeps only the selected tab of a tab list in the Tab order;
// the arrow keys move between the others.
func tabIndex(selected bool) int {
	if selected {
		return 0
	}
	return -1
}

// arrowTabs moves between the tabs of a tab list with the arrow keys,
// Home and End, as the WAI-ARIA tabs pattern has it: choose opens tab i of
// n, and the focus follows.
func arrowTabs(ctx app.Context, e app.Event, n, current int, choose func(i int)) {
	next := current
	switch e.Get("key").String() {
	case "ArrowRight":
		next = (current + 1) % n
	case "ArrowLeft":
		next = (current + n - 1) % n
	case "Home":
		next = 0
	case "End":
		next = n - 1
	default:
		ctx.PreventUpdate()
		return
	}
	e.PreventDefault()
	choose(next)
	list := ctx.JSSrc()
	ctx.Defer(func(ctx app.Context) {
		if tab := list.Call("querySelector", `[aria-selected="true"]`); tab.Truthy() {
			tab.Call("focus")
		}
	})
}

// mainEditor edits the mode's text; each mode keeps its own undo history.
func mainEditor(do *actions) app.UI {
	s := do.s
	text, syntax := s.State.Text(state.Target{}), "text"
	if s.State.Mode != state.ModeTemplate {
		syntax = dataSyntax(text)
	}
	return app.Elem("div").Class("main-editor").ID("main-editor").Role("tabpanel").Body(&codeEditor{
		Do:       do,
		Target:   state.Target{},
		Key:      "-" + string(s.State.Mode), // the main text's key, by mode
		TestID:   "editor",
		Label:    s.State.Mode.Title() + " editor",
		Loads:    s.Loads,
		Rewrites: s.Rewrites(state.Target{}),
		Text:     text,
		Syntax:   syntax,
		Tags:     true,
		Spans:    s.Spans(),
		Problems: s.Problems(state.Target{}),
		Select:   s.Selection,
	})
}

// callPane edits a tool call's input.
func callPane(do *actions) app.UI {
	s := do.s
	return app.Elem("section").Class("pane pane-call").Attr("aria-label", "Call input").Body(
		app.Elem("div").Class("pane-head").Body(
			app.Elem("h2").Text("Call input"),
			app.Elem("span").Class("hint").Text("JSON or YAML, the tool's input root"),
			app.Elem("div").Class("spacer"),
			app.Elem("button").Class("btn btn-small").Text("Format").Title("Pretty-print as JSON").
				OnClick(func(ctx app.Context, e app.Event) { do.Format(state.Target{Call: true}) }),
		),
		dataEditor(do, state.Target{Call: true}, "call-editor", "Call input editor", s.State.Call, s.Selection, s.Loads),
	)
}

// dataEditor edits a root's or the call's JSON or YAML; loads is the
// session's count of loaded states (codeEditor.Loads).
func dataEditor(do editorActions, target state.Target, testID, label, text string, sel playground.Selection, loads int) *codeEditor {
	return &codeEditor{
		Do:       do,
		Target:   target,
		TestID:   testID,
		Label:    label,
		Loads:    loads,
		Rewrites: do.Rewrites(target),
		Text:     text,
		Syntax:   dataSyntax(text),
		Problems: do.Problems(target),
		Select:   sel,
		// Roots and the call come after the main text on a first visit.
		AfterPaint: true,
	}
}

// rootsPaneOf gives the roots pane the parts of the session it shows, so
// that it redraws only when they change (not on every template keystroke).
func rootsPaneOf(do *actions, compact bool) app.UI {
	s := do.s
	var errs []string // the roots whose texts do not parse, each with its problem
	var rootErr *evaluate.Problem
	errAt := -1
	for i, p := range s.Out.Problems {
		if p.Target.Root == "" {
			continue
		}
		errs = append(errs, p.Target.Root)
		if p.Target.Root == s.Active {
			rootErr, errAt = &s.Out.Problems[i], i
		}
	}
	renamed, refs, where := s.RenameOffer()
	sel := s.Selection
	if sel.Target != (state.Target{Root: s.Active}) {
		sel = playground.Selection{}
	}
	return &rootsPane{
		Do:          do,
		Names:       s.State.Names(),
		Active:      s.Active,
		Text:        s.State.Text(state.Target{Root: s.Active}),
		Error:       rootErr,
		ErrorAt:     errAt,
		Broken:      errs,
		Later:       s.LaterText,
		Branch:      s.BranchText,
		Iteration:   s.State.Iteration,
		NameError:   s.NameError,
		Renamed:     renamed,
		Refs:        refs,
		RefsWhere:   where,
		Select:      sel,
		Loads:       s.Loads,
		MoveEarlier: s.CanMoveRoot(-1),
		MoveLater:   s.CanMoveRoot(1),
		Compact:     compact,
	}
}

// inputPane is what the main editor's text runs with, and its name: a
// tool's call input, a plan's steps, or the roots.
func inputPane(do *actions, compact bool) (name string, pane func() app.UI) {
	switch {
	case do.s.State.Mode == state.ModeTool:
		return "Call input", func() app.UI { return callPane(do) }
	case do.s.Out.Plan != nil:
		return "Steps", func() app.UI { return stepsPaneOf(do, nil) }
	}
	return "Roots", func() app.UI { return rootsPaneOf(do, compact) }
}

// stepsPaneOf gives the steps pane the parts of the session it shows, and
// the selected step's details to show under its row (nil: shown elsewhere).
func stepsPaneOf(do *actions, detail *stepDetail) app.UI {
	s := do.s
	renamed, refs, _ := s.RenameOffer()
	return &stepsPane{
		Do:       do,
		Steps:    s.Out.Plan.Steps,
		Solver:   s.Out.Plan.Solver,
		Selected: s.Out.Plan.Selected,
		Summary:  s.Out.Plan.Summary,
		Stale:    s.Out.Plan.Stale,
		Detail:   detail,
		Renamed:  renamed,
		Refs:     refs,
	}
}

// shortcut runs the page's keyboard shortcuts. It runs inside the key
// event, so it can prevent the browser's own action (Ctrl+S saving the
// page). It gets only the keys listenShortcuts lets through.
func shortcut(ctx app.Context, do *actions, e app.Value) {
	s, v := do.s, do.v
	key := e.Get("key").String()
	mod := e.Get("ctrlKey").Bool() || e.Get("metaKey").Bool()
	alt := e.Get("altKey").Bool()
	switch {
	case v.dialog != "" && key != "Escape":
		// Behind a modal dialog the page takes no keys.
	case mod && !alt && (key == "s" || key == "S"):
		e.Call("preventDefault")
		ctx.Dispatch(func(ctx app.Context) { openShare(ctx, s, v) })
	case mod && !alt && (key == "z" || key == "Z" || key == "y") && !typing(e):
		// Outside the editors (which undo their own typing), the keys undo
		// and redo the structural edits.
		e.Call("preventDefault")
		redo := key == "y" || e.Get("shiftKey").Bool()
		active := app.Window().Get("document").Get("activeElement")
		// From a history button emptied by the key, the focus goes to the
		// other one, as a click would have it; else to the open tab.
		fallbacks := []string{openRootTab, openModeTab, undoButton, redoButton}
		switch {
		case !active.Truthy():
		case active.Call("matches", undoButton).Bool():
			fallbacks = []string{redoButton, openRootTab}
		case active.Call("matches", redoButton).Bool():
			fallbacks = []string{undoButton, openRootTab}
		}
		ctx.Dispatch(func(ctx app.Context) {
			if redo {
				s.Redo()
			} else {
				s.Undo()
			}
			keepFocus(ctx, active, fallbacks...)
		})
	case key == "?" && !mod && !typing(e):
		e.Call("preventDefault")
		ctx.Dispatch(func(ctx app.Context) { v.dialog, v.menu = dialogHelp, false })
	case key == "Escape" && (v.dialog != "" || v.menu):
		ctx.Dispatch(func(app.Context) { v.opened() })
	case alt && !mod:
		code := e.Get("code").String()
		for i, m := range modes {
			if code == "Digit"+strconv.Itoa(i+1) {
				e.Call("preventDefault")
				active := app.Window().Get("document").Get("activeElement")
				ctx.Dispatch(func(ctx app.Context) {
					s.SetMode(m)
					keepFocus(ctx, active, openModeTab) // the roots pane may go
				})
			}
		}
	}
}

// typing reports whether a key event goes to a text field (not a check
// box or a button made with input).
func typing(e app.Value) bool {
	target := e.Get("target")
	switch target.Get("tagName").String() {
	case "TEXTAREA", "SELECT":
		return true
	case "INPUT":
		switch target.Get("type").String() {
		case "checkbox", "radio", "button", "submit", "reset", "range", "color", "file":
			return false
		}
		return true
	}
	return target.Get("isContentEditable").Bool()
}
