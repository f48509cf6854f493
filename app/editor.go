package app

import (
	"github.com/splicedev/splice/internal/playground"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/splicedev/splice/template"
)

// codeEditor is a textarea with line numbers. For templates (Tags) the
// text is drawn by an overlay behind the transparent textarea, tags
// colored by kind and failing tags underlined, and an autocomplete popup
// offers roots and keys. The textarea stays the single source of input,
// so typing, selection, undo and accessibility are the browser's own.
type codeEditor struct {
	app.Compo

	Do       editorActions
	Target   string // the text it edits (see targetMain)
	TestID   string
	Label    string // the accessible name
	Text     string
	Tags     bool                  // highlight tags and offer completions
	Spans    []template.Span       // the tags of Text, to highlight
	Marks    [][2]int              // failing tags to underline
	Complete playground.Completion // what the popup offers at the caret
	Select   playground.Selection  // a range to select, when aimed at Target

	choice   int    // the highlighted completion
	closed   bool   // the popup is dismissed until the next edit
	accepted bool   // the next input comes from accepting a completion
	selected int    // the last selection request carried out
	lines    int    // lines in gutter
	gutter   string // "1\n2\n…", kept while the line count holds
}

// OnMount carries out a selection request made before the editor existed
// (a problem in a root whose tab was closed).
func (e *codeEditor) OnMount(ctx app.Context) { e.OnUpdate(ctx) }

// OnUpdate selects the requested range once the new text is in the DOM.
func (e *codeEditor) OnUpdate(ctx app.Context) {
	if e.Text == "" {
		// go-app drops empty attribute values, so an emptied text would
		// stay on screen: clear it here.
		ctx.Defer(func(ctx app.Context) { e.textarea().Set("value", "") })
	}
	if e.Select.Target != e.Target || e.Select.Seq == e.selected {
		return
	}
	e.selected = e.Select.Seq
	sel := e.Select
	ctx.Defer(func(ctx app.Context) {
		ta := e.textarea()
		ta.Call("focus")
		text := ta.Get("value").String()
		ta.Call("setSelectionRange", playground.UTF16Offset(text, sel.Start), playground.UTF16Offset(text, sel.End))
		e.scrollToCaret(ta, text, sel.Start)
	})
}

// Render draws the gutter, the overlay, the textarea and the popup.
func (e *codeEditor) Render() app.UI {
	if n := strings.Count(e.Text, "\n") + 1; n != e.lines || e.gutter == "" {
		e.lines, e.gutter = n, lineNumbers(n)
	}
	popup := e.Tags && !e.closed && len(e.Complete.Items) > 0
	e.choice = min(e.choice, max(len(e.Complete.Items)-1, 0))
	input := app.Textarea().
		Class("code-input").
		DataSet("testid", e.TestID).
		Aria("label", e.Label).
		Spellcheck(false).
		Wrap("off").
		Attr("autocapitalize", "off").
		Attr("autocomplete", "off").
		Text(e.Text).
		OnInput(e.onInput).
		OnKeyDown(e.onKeyDown).
		OnScroll(e.onScroll).
		OnBlur(e.onBlur)
	if e.Tags {
		input.Class("over").Aria("autocomplete", "list")
	}
	return app.Div().Class("editor").Body(
		app.Pre().Class("gutter").Aria("hidden", "true").Text(e.gutter),
		app.Div().Class("code").Body(
			app.If(e.Tags, func() app.UI { return e.renderOverlay() }),
			input,
			app.If(popup, func() app.UI { return e.renderPopup() }),
		),
	)
}

// renderOverlay draws the text with tags styled; a final newline keeps the
// last line as tall as the textarea's.
func (e *codeEditor) renderOverlay() app.UI {
	segs := playground.Highlight(e.Text, e.Spans, e.Marks)
	body := make([]app.UI, 0, len(segs)+1)
	for _, s := range segs {
		if s.Class == "" {
			body = append(body, app.Text(s.Text))
		} else {
			body = append(body, app.Span().Class(s.Class).Text(s.Text))
		}
	}
	body = append(body, app.Text("\n "))
	return app.Pre().Class("overlay").Aria("hidden", "true").Body(body...)
}

// renderPopup draws the completions; it is placed at the caret by place.
func (e *codeEditor) renderPopup() app.UI {
	items := make([]app.UI, len(e.Complete.Items))
	for i, it := range e.Complete.Items {
		items[i] = app.Li().
			Class("completion").
			DataSet("testid", "completion").
			Role("option").
			Aria("selected", strconv.FormatBool(i == e.choice)).
			Text(it).
			OnMouseDown(func(ctx app.Context, ev app.Event) {
				// mousedown, not click: the textarea keeps the focus.
				ev.PreventDefault()
				if i < len(e.Complete.Items) {
					e.accept(ctx, e.Complete.Items[i])
				}
			}, app.EventScope(i))
	}
	return app.Ul().Class("popup").Role("listbox").Aria("label", "Completions").Body(items...)
}

// onInput records the textarea's text and caret.
func (e *codeEditor) onInput(ctx app.Context, ev app.Event) {
	ta := ctx.JSSrc()
	text := ta.Get("value").String()
	caret := -1
	if e.Tags {
		caret = playground.ByteOffset(text, ta.Get("selectionStart").Int())
	}
	e.closed, e.accepted = e.accepted, false
	e.choice = 0
	e.Do.Edit(e.Target, text, caret)
	if e.Tags {
		ctx.Defer(func(ctx app.Context) { e.place() })
	}
}

// onKeyDown handles the popup's keys, Tab indenting and Ctrl+Space.
// Other keys leave the view alone: the input event that follows updates it.
func (e *codeEditor) onKeyDown(ctx app.Context, ev app.Event) {
	key := ev.Get("key").String()
	ctrl := ev.Get("ctrlKey").Bool() || ev.Get("metaKey").Bool()
	if e.Tags && !e.closed && len(e.Complete.Items) > 0 {
		switch key {
		case "ArrowDown", "ArrowUp":
			ev.PreventDefault()
			n := len(e.Complete.Items)
			if key == "ArrowDown" {
				e.choice = (e.choice + 1) % n
			} else {
				e.choice = (e.choice + n - 1) % n
			}
			return
		case "Enter", "Tab":
			ev.PreventDefault()
			e.accept(ctx, e.Complete.Items[e.choice])
			return
		case "Escape":
			ev.PreventDefault()
			ev.Call("stopPropagation")
			e.closed = true
			return
		case "ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown":
			e.closed = true
			return
		}
	}
	switch {
	case key == "Tab" && !ctrl && !ev.Get("altKey").Bool():
		ev.PreventDefault()
		ta := ctx.JSSrc()
		text := ta.Get("value").String()
		start := playground.ByteOffset(text, ta.Get("selectionStart").Int())
		end := playground.ByteOffset(text, ta.Get("selectionEnd").Int())
		next, start, end := playground.Indent(text, start, end, ev.Get("shiftKey").Bool())
		e.replace(ta, text, next, start, end)
	case key == " " && ev.Get("ctrlKey").Bool() && e.Tags:
		ev.PreventDefault()
		ta := ctx.JSSrc()
		text := ta.Get("value").String()
		e.closed = false
		e.Do.Complete(playground.ByteOffset(text, ta.Get("selectionStart").Int()))
		ctx.Defer(func(ctx app.Context) { e.place() })
	default:
		ctx.PreventUpdate()
	}
}

// accept puts item in place of the partial word at the caret.
func (e *codeEditor) accept(ctx app.Context, item string) {
	ta := e.textarea()
	text := ta.Get("value").String()
	c := e.Complete
	if c.To > len(text) || c.From > c.To {
		e.closed = true
		return
	}
	e.accepted = true
	caret := c.From + len(item)
	e.replace(ta, text, text[:c.From]+item+text[c.To:], caret, caret)
}

// replace changes the textarea's text to next and selects [start, end)
// of it. It goes through the browser's editing (insertText on the changed
// range) so that undo works; the input event that follows records it.
func (e *codeEditor) replace(ta app.Value, text string, next string, start, end int) {
	from, oldTo, newTo := playground.ChangedRange(text, next)
	ta.Call("focus")
	ta.Call("setSelectionRange", playground.UTF16Offset(text, from), playground.UTF16Offset(text, oldTo))
	doc := app.Window().Get("document")
	if !doc.Call("execCommand", "insertText", false, next[from:newTo]).Bool() {
		ta.Set("value", next)
		e.Do.Edit(e.Target, next, -1)
	}
	ta.Call("setSelectionRange", playground.UTF16Offset(next, start), playground.UTF16Offset(next, end))
}

// onScroll keeps the gutter and the overlay aligned with the text.
func (e *codeEditor) onScroll(ctx app.Context, ev app.Event) {
	ctx.PreventUpdate()
	e.syncScroll(ctx.JSSrc())
}

func (e *codeEditor) syncScroll(ta app.Value) {
	top, left := ta.Get("scrollTop"), ta.Get("scrollLeft")
	root := e.JSValue()
	root.Call("querySelector", ".gutter").Set("scrollTop", top)
	if ov := root.Call("querySelector", ".overlay"); ov.Truthy() {
		ov.Set("scrollTop", top)
		ov.Set("scrollLeft", left)
	}
	e.place()
}

func (e *codeEditor) onBlur(ctx app.Context, ev app.Event) {
	if e.closed {
		ctx.PreventUpdate()
		return
	}
	e.closed = true
}

// place puts the popup under the start of the word it completes. The
// position goes through CSS variables set from script: the page's
// Content-Security-Policy allows no inline style attributes.
func (e *codeEditor) place() {
	root := e.JSValue()
	popup := root.Call("querySelector", ".popup")
	if !popup.Truthy() {
		return
	}
	ta := e.textarea()
	text := ta.Get("value").String()
	line, col := playground.LineCol(text, min(e.Complete.From, len(text)))
	style := popup.Get("style")
	style.Call("setProperty", "--line", line)
	style.Call("setProperty", "--col", col)
	style.Call("setProperty", "--scroll-top", ta.Get("scrollTop").Int())
	style.Call("setProperty", "--scroll-left", ta.Get("scrollLeft").Int())
}

// scrollToCaret scrolls the textarea so that byte offset off is in view:
// setSelectionRange alone does not scroll a textarea that is not focused.
func (e *codeEditor) scrollToCaret(ta app.Value, text string, off int) {
	line, _ := playground.LineCol(text, off)
	lh := app.Window().Call("getComputedStyle", ta).Get("lineHeight").String()
	px, err := strconv.ParseFloat(strings.TrimSuffix(lh, "px"), 64)
	if err != nil {
		return
	}
	top := float64(line) * px
	if view := ta.Get("clientHeight").Float(); top < ta.Get("scrollTop").Float() || top > ta.Get("scrollTop").Float()+view-2*px {
		ta.Set("scrollTop", top-view/3)
	}
	e.syncScroll(ta)
}

func (e *codeEditor) textarea() app.Value {
	return e.JSValue().Call("querySelector", "textarea")
}

// lineNumbers returns "1\n2\n…\nn".
func lineNumbers(n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		if i > 1 {
			b.WriteByte('\n')
		}
		b.WriteString(strconv.Itoa(i))
	}
	return b.String()
}
