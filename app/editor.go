package app

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/splicedev/splice/internal/display"
	"github.com/splicedev/splice/internal/playground"
	"github.com/splicedev/splice/internal/playground/evaluate"
	"github.com/splicedev/splice/internal/playground/state"
	"github.com/splicedev/splice/reshape"
	"github.com/splicedev/splice/template"
)

// codeEditor hosts a CodeMirror view made by the editor bundle
// (web/editor.js, built from editor/). JS owns the editing: typing,
// selection, undo, search, folding. Go owns the text: each edit of the
// view reaches the session once, as the range it replaced, and the view
// takes the texts the session writes itself. Go answers the view's
// questions through the engine: the tags and problems to draw, what to
// complete, what a tag is worth.
type codeEditor struct {
	app.Compo

	Do     editorActions
	Target state.Target // the text it edits
	Key    string       // whose undo history it shows; Target when empty
	TestID string
	Label  string // the accessible name
	Loads  int    // the session's loads: another state starts the histories again
	// Rewrites is the session's count of the texts it wrote itself
	// (Session.Rewrites): another count is a text for the view to take.
	Rewrites int
	Text     string
	Syntax   string // "text", "json" or "yaml"
	Tags     bool   // completion and hover on tags
	// AfterPaint makes the view, on a first visit, once the page's first
	// frame is painted (a data editor, which can wait), not as it mounts.
	AfterPaint bool
	// Spans and Problems are the tags to colour and the problems to
	// underline in Text.
	Spans    []template.Span
	Problems []evaluate.Problem
	Select   playground.Selection

	ctx      app.Context
	view     app.Value // the bridge's editor, nil until mounted
	funcs    []app.Func
	settling bool   // settle will evaluate the edits that wait
	open     string // the key the view shows
	syntax   string
	drawn    *drawnMarks // the marks the view has, nil when it has none of ours
	label    string
	loads    int
	rewrites int // the session's writes the view has taken
	selected int // the last selection request carried out
}

// key names the text the editor shows, as the view keeps its history
// by it: Key for the main text, else "call" or "root:" and the root's
// name.
func (e *codeEditor) key() string {
	switch {
	case e.Key != "":
		return e.Key
	case e.Target.Call:
		return "call"
	}
	return "root:" + e.Target.Root
}

func (e *codeEditor) Render() app.UI {
	return app.Elem("div").Class("editor").Attr("data-testid", e.TestID)
}

// OnMount makes the view inside the host.
func (e *codeEditor) OnMount(ctx app.Context) {
	bridge := app.Window().Get("spliceEditor")
	if !bridge.Truthy() {
		app.Log("splice: the editor bundle (web/editor.js) is not loaded")
		return
	}
	e.ctx = ctx
	if e.AfterPaint && !firstPainted {
		e.later(ctx, bridge)
		return
	}
	e.create(bridge)
}

// later makes the view once the page's first frame is painted, or at once
// when a test or a tool reaches for the host's value, focus or selection
// before that.
func (e *codeEditor) later(ctx app.Context, bridge app.Value) {
	create := func() {
		if e.view == nil && e.Mounted() {
			e.create(bridge)
		}
	}
	bridge.Call("lazy", e.JSValue(), e.fn(func([]app.Value) any { create(); return nil }))
	afterFirstPaint(ctx, create)
}

func (e *codeEditor) create(bridge app.Value) {
	opts := app.Window().Get("Object").New()
	opts.Set("target", e.key())
	opts.Set("doc", e.Text)
	opts.Set("syntax", e.Syntax)
	opts.Set("label", e.Label)
	opts.Set("tags", e.Tags)
	onChange := app.FuncOf(e.onChange) // called on every key: no wrapper
	e.funcs = append(e.funcs, onChange)
	opts.Set("onChange", onChange)
	opts.Set("idle", e.fn(e.collectWhenIdle))
	opts.Set("redraw", e.fn(e.redraw))
	opts.Set("settle", e.fn(e.settle))
	opts.Set("caret", e.fn(e.caret))
	opts.Set("complete", e.fn(e.complete))
	opts.Set("hover", e.fn(e.hover))
	// The first marks go with the text: the view is drawn once.
	marks := editorMarks(e.Text, e.Spans, e.Problems)
	opts.Set("marks", marks)
	e.view = bridge.Call("create", e.JSValue(), opts)
	e.open, e.syntax, e.label, e.loads, e.rewrites = e.key(), e.Syntax, e.Label, e.Loads, e.Rewrites
	e.drawn = &drawnMarks{marks: marks, spans: utf16Spans(e.Text, e.Spans), problems: len(e.Problems) > 0}
	e.sync()
}

func (e *codeEditor) fn(f func(args []app.Value) any) app.Func {
	fn := app.FuncOf(func(this app.Value, args []app.Value) any { return f(args) })
	e.funcs = append(e.funcs, fn)
	return fn
}

func (e *codeEditor) OnDismount() {
	if e.view != nil {
		e.view.Call("destroy")
		e.view = nil
	}
	for _, f := range e.funcs {
		f.Release()
	}
	e.funcs = nil
}

func (e *codeEditor) OnUpdate(ctx app.Context) { e.sync() }

// sync brings the view to the fields: another state loaded (an example, a
// link: the undo histories start again, so that Ctrl+Z never mixes two
// states), another target's text, a text the session wrote (a Format, a
// fix, a rename of references: one undoable change), the syntax, the
// label, the marks, a selection request.
func (e *codeEditor) sync() {
	if e.view == nil {
		return
	}
	switch {
	case e.Loads != e.loads:
		e.view.Call("reset", e.key(), e.Text, e.Syntax)
		e.open, e.syntax, e.drawn, e.loads = e.key(), e.Syntax, nil, e.Loads
	case e.key() != e.open:
		e.view.Call("open", e.key(), e.Text, e.Syntax)
		e.open, e.syntax, e.drawn = e.key(), e.Syntax, nil
	case e.Rewrites != e.rewrites:
		e.view.Call("setDoc", e.Text)
		e.drawn.lost()
	}
	e.rewrites = e.Rewrites
	if e.Syntax != e.syntax {
		e.view.Call("setSyntax", e.Syntax)
		e.syntax = e.Syntax
	}
	if e.Label != e.label {
		e.view.Call("setLabel", e.Label)
		e.label = e.Label
	}
	e.syncMarks()
	if e.Select.Target == e.Target && e.Select.Seq != e.selected {
		e.selected = e.Select.Seq
		how := "focus"
		if e.Select.Glance {
			how = "glance"
		}
		e.view.Call("select", e.Select.Range[0], e.Select.Range[1], how)
	}
}

// What the view does once the frame of an edit is painted, as onChange
// answers it: nothing, redraw the page (go-app's update, for what changed
// besides the output), or evaluate the edits put off (settle).
const (
	paintedNothing = iota
	paintedRedraw
	paintedSettle
)

// onChange takes an edit made in the view: [from, to) of its text, in
// UTF-16 code units, replaced by the text inserted. It runs inside the
// view's update, so the engine evaluates and the output is painted
// before the frame is; it answers what the view does once the frame is
// painted: go-app redraws the rest when there is more to redraw (typing
// plain text changes only the result), and an edit whose evaluation would
// block the keystroke (a large root decoded again) is evaluated then. An
// edit the session does not take, made on a text it has written since the
// view took one (or out of step with it), gives way: the view takes the
// session's text, which was asked for first.
func (e *codeEditor) onChange(_ app.Value, args []app.Value) any {
	if len(args) < 3 {
		return paintedNothing
	}
	from, to, inserted := args[0].Int(), args[1].Int(), args[2].String()
	taken, more, later := e.Do.Edit(e.Target, e.rewrites, from, to, inserted)
	if !taken {
		e.view.Call("setDoc", e.Do.Text(e.Target))
		e.rewrites = e.Do.Rewrites(e.Target)
		e.drawn.lost()
		return paintedNothing
	}
	n := []int{len(inserted)}
	playground.UTF16Offsets(inserted, n)
	e.drawn.moved(textEdit{from, to, n[0]})
	switch {
	case later && !e.settling:
		e.settling = true
		return paintedSettle
	case more:
		return paintedRedraw
	}
	return paintedNothing
}

// redraw asks go-app to redraw the page, once an edit's frame is painted.
func (e *codeEditor) redraw([]app.Value) any {
	e.ctx.Dispatch(nil)
	return nil
}

// collectWhenIdle collects the heap once an edit's frame is painted and
// the page has nothing else to do (the view calls it after an edit of a
// large text), when the next two keys may start a collection
// (collect.go): each makes the text again, and some half of it more.
func (e *codeEditor) collectWhenIdle([]app.Value) any {
	collectIfDue(3 * uint64(len(e.Do.Text(e.Target))))
	return nil
}

// settle evaluates the edits put off by onChange, once the frame is
// painted.
func (e *codeEditor) settle([]app.Value) any {
	e.settling = false
	if e.Do.Settle() {
		e.ctx.Dispatch(nil) // what changed besides the output: on go-app's next tick
	}
	return nil
}

// caret follows the caret of the main editor, moved without an edit: in
// plan mode it selects the step it is in.
func (e *codeEditor) caret(args []app.Value) any {
	if len(args) < 1 || !e.Tags {
		return nil
	}
	if e.Do.Caret(args[0].Int()) {
		e.ctx.Dispatch(nil)
	}
	return nil
}

// complete answers the view's completion request at an offset.
func (e *codeEditor) complete(args []app.Value) any {
	if len(args) < 1 || !e.Tags {
		return ""
	}
	return completionJSON(e.Do.Complete(args[0].Int()))
}

// completionJSON writes a completion as the bridge reads it.
func completionJSON(c template.Completion) string {
	b := appendRange(make([]byte, 0, 48+48*len(c.Items)), c.From, c.To)
	b = append(b, `,"options":[`...)
	for i, it := range c.Items {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(template.AppendQuoted(append(b, `{"label":`...), it.Label), `,"type":`...)
		b = template.AppendQuoted(b, it.Kind.String())
		if it.Type != "" { // the JSON type it names, drawn by the bridge
			b = template.AppendQuoted(append(b, `,"jsonType":`...), it.Type)
		}
		b = append(b, '}')
	}
	return string(append(b, "]}"...))
}

// appendRange starts a bridge message with its from and to offsets. The
// messages are written here rather than by encoding/json, which would
// reflect over them: its encoder's first use, for the marks a first visit
// sends as the page opens, compiles some hundred functions in the browser.
func appendRange(b []byte, from, to int) []byte {
	b = strconv.AppendInt(append(b, `{"from":`...), int64(from), 10)
	return strconv.AppendInt(append(b, `,"to":`...), int64(to), 10)
}

// hover answers what the tag at an offset is worth.
func (e *codeEditor) hover(args []app.Value) any {
	if len(args) < 1 || !e.Tags {
		return ""
	}
	h, ok := e.Do.Hover(args[0].Int())
	if !ok {
		return ""
	}
	return hoverJSON(h)
}

// hoverJSON writes what a tag is worth as the bridge reads it.
func hoverJSON(h display.Hover) string {
	b := template.AppendQuoted(append(appendRange(nil, h.Range[0], h.Range[1]), `,"text":`...), h.Text)
	b = strconv.AppendBool(append(b, `,"error":`...), h.Failed)
	return string(append(b, '}'))
}

// editorMarks writes the tags and problems of text as the bridge's
// setMarks reads them, in UTF-16 offsets: each tag coloured by kind, each
// problem underlined on its failing segment (the whole tag when the
// segment is unknown).
func editorMarks(text string, spans []template.Span, problems []evaluate.Problem) string {
	offs := make([]int, 0, 2*(len(spans)+len(problems)))
	for _, s := range spans {
		offs = append(offs, s.Start, s.End)
	}
	for _, p := range problems {
		start, end := p.Marked()
		offs = append(offs, start, end)
	}
	playground.UTF16Offsets(text, offs)
	b := append(make([]byte, 0, 32+32*len(spans)+96*len(problems)), `{"tags":[`...)
	for i, s := range spans {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(offs[2*i]), 10)
		b = strconv.AppendInt(append(b, ','), int64(offs[2*i+1]), 10)
		b = append(append(b, `,"tk tk-`...), s.Kind.String()...) // a kind's name is a word
		b = append(b, '"')
	}
	b = append(b, `],"problems":[`...)
	offs = offs[2*len(spans):]
	for i, p := range problems {
		if i > 0 {
			b = append(b, ',')
		}
		severity := "error"
		if !p.Failure() {
			severity = "warning"
		}
		b = append(append(appendRange(b, offs[2*i], offs[2*i+1]), `,"severity":"`...), severity...)
		b = template.AppendQuoted(append(b, `","message":`...), p.Label()+": "+p.Msg)
		b = append(b, '}')
	}
	return string(append(b, "]}"...))
}

// dataSyntax is the language a data text is read in, by the engine's rule.
func dataSyntax(text string) string {
	if reshape.IsJSON(text) {
		return "json"
	}
	return "yaml"
}
