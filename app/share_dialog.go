package app

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/splicedev/splice/internal/playground"
	"github.com/splicedev/splice/internal/playground/evaluate"
	"github.com/splicedev/splice/internal/playground/state"
)

// shared is what the share dialog offers: the links, and the state and its
// outcome as they were when it opened, written up as Markdown or as a test
// vector only when asked.
type shared struct {
	state.ShareInfo
	Note  string // whether the link was copied
	state state.State
	out   evaluate.Outcome
}

// shareOf is what the share dialog offers for the session's state, linked
// from origin.
func shareOf(origin string, s *playground.Session) shared {
	return shared{ShareInfo: state.ShareLinks(origin, s.State), state: s.State.Clone(), out: s.Out}
}

// markdown is the shared state written up for an issue.
func (i *shared) markdown() string { return evaluate.Markdown(i.state, &i.out, i.URL) }

// shareDialog shows the share link (selected, ready to copy), the
// <iframe> snippet that embeds the same state in a page, and copies the
// state as Markdown for an issue or as a test vector.
type shareDialog struct {
	app.Compo

	Do   dialogActions
	Info shared

	opener opener
}

func (d *shareDialog) OnDismount() { d.opener.refocus() }

// OnMount selects the link, so that Ctrl+C copies it where the clipboard
// was refused.
func (d *shareDialog) OnMount(ctx app.Context) {
	d.opener.remember()
	ctx.Defer(func(ctx app.Context) {
		if input := d.JSValue().Call("querySelector", "input"); input.Truthy() {
			input.Call("focus")
			input.Call("select")
		}
	})
}

func (d *shareDialog) Render() app.UI {
	return modal("share-title", func(ctx app.Context) { d.Do.CloseDialog() },
		app.Elem("h2").ID("share-title").Text("Share this state"),
		app.If(d.Info.Error != "", func() app.UI {
			return app.Elem("div").Body(
				app.Elem("p").Class("status status-error").Role("alert").Text(d.Info.Error),
				d.renderExports(),
				app.Elem("p").Class("note").Attr("aria-live", "polite").Text(d.Info.Note),
			)
		}).Else(func() app.UI {
			return app.Elem("div").Body(
				app.Elem("p").Class("dialog-lead").Text("The link holds the whole state, compressed in its fragment: no server keeps anything."),
				app.Elem("label").Attr("for", "share-url").Text("Link"),
				app.Elem("div").Class("copy-row").Body(
					app.ElemSelfClosing("input").ID("share-url").Attr("data-testid", "share-url").Attr("readonly", true).Attr("value", d.Info.URL).Spellcheck(false),
					app.Elem("button").Class("btn btn-primary").Text("Copy").OnClick(func(ctx app.Context, e app.Event) {
						d.copy(ctx, d.Info.URL, "Link copied to the clipboard.")
					}),
				),
				app.Elem("p").Class("note").Attr("aria-live", "polite").Text(d.Info.Note),
				app.If(d.Info.Warning != "", func() app.UI {
					return app.Elem("p").Class("status status-warn").Attr("data-testid", "share-warning").Text(d.Info.Warning)
				}),
				app.Elem("label").Attr("for", "share-embed").Text("Embed in a page"),
				app.Elem("div").Class("copy-row").Body(
					app.Elem("textarea").ID("share-embed").Attr("data-testid", "share-embed").Attr("readonly", true).Attr("rows", 3).Spellcheck(false).Text(d.Info.Embed),
					app.Elem("button").Class("btn").Text("Copy").OnClick(func(ctx app.Context, e app.Event) {
						d.copy(ctx, d.Info.Embed, "Embed snippet copied to the clipboard.")
					}),
				),
				d.renderExports(),
			)
		}),
	)
}

// renderExports offers the state for an issue (Markdown) and as one test
// of the conformance format, which `splice conformance` passes as it is.
func (d *shareDialog) renderExports() app.UI {
	return app.Elem("div").Class("copy-row exports").Body(
		app.Elem("button").Class("btn").Attr("data-testid", "copy-markdown").Text("Copy as Markdown").
			Title("The state, its result or first problem, and the link: ready for an issue").
			OnClick(func(ctx app.Context, e app.Event) { d.copyExport(ctx, d.Info.markdown(), "Markdown") }),
		app.Elem("button").Class("btn").Attr("data-testid", "copy-vector").Text("Copy as test vector").
			Title("The state as one test of the conformance format, expecting what it does now").
			OnClick(d.copyVector),
	)
}

// copyVector copies the state as a test vector, or says why it cannot be
// one.
func (d *shareDialog) copyVector(ctx app.Context, e app.Event) {
	vector, err := evaluate.VectorFile(d.Info.state)
	if err != nil {
		d.Do.SetShareNote("No test vector: " + err.Error())
		return
	}
	d.copyExport(ctx, vector, "Test vector")
}

// copyExport copies an export and says whether it went.
func (d *shareDialog) copyExport(ctx app.Context, text, what string) {
	copyText(ctx, text, func(ok bool) {
		if ok {
			d.Do.SetShareNote(what + " copied to the clipboard.")
			return
		}
		d.Do.SetShareNote("The browser refused the clipboard: " + what + " was not copied.")
	})
}

// copy copies text, or selects the field beside the button.
func (d *shareDialog) copy(ctx app.Context, text, done string) {
	field := ctx.JSSrc().Get("previousElementSibling")
	copyText(ctx, text, func(ok bool) {
		if ok {
			d.Do.SetShareNote(done)
			return
		}
		field.Call("focus")
		field.Call("select")
		d.Do.SetShareNote("Copy the selected text with Ctrl+C.")
	})
}

// modal draws a dialog over the page; a click on the backdrop or the close
// button (or Escape, handled by the page) closes it. Tab and Shift+Tab go
// round the dialog's controls: the page behind is out of reach while it
// is open.
func modal(labelledBy string, close func(ctx app.Context), body ...app.UI) app.UI {
	onClose := func(ctx app.Context, e app.Event) { close(ctx) }
	return app.Elem("div").Class("modal").Body(
		app.Elem("div").Class("backdrop backdrop-dim").OnClick(onClose),
		app.Elem("div").Class("dialog").Role("dialog").Attr("aria-modal", "true").Attr("aria-labelledby", labelledBy).OnKeyDown(trapTab).Body(
			append([]app.UI{app.Elem("button").Class("btn btn-icon dialog-close").Attr("aria-label", "Close").Text("×").OnClick(onClose)}, body...)...,
		),
	)
}

// focusable selects the controls Tab reaches.
const focusable = `button:not([disabled]), [href], input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])`

// trapTab keeps Tab inside the dialog: from its last control to its first,
// and Shift+Tab from its first to its last.
func trapTab(ctx app.Context, e app.Event) {
	ctx.PreventUpdate()
	if e.Get("key").String() != "Tab" {
		return
	}
	controls := ctx.JSSrc().Call("querySelectorAll", focusable)
	n := controls.Length()
	if n == 0 {
		return
	}
	first, last := controls.Index(0), controls.Index(n-1)
	active := app.Window().Get("document").Get("activeElement")
	switch back := e.Get("shiftKey").Bool(); {
	case back && active.Equal(first), !back && active.Equal(last):
		e.PreventDefault()
		if back {
			last.Call("focus")
		} else {
			first.Call("focus")
		}
	}
}

// opener is the control that had the focus when a dialog opened, which
// gets it back when the dialog closes.
type opener struct{ el app.Value }

func (o *opener) remember() { o.el = app.Window().Get("document").Get("activeElement") }

func (o *opener) refocus() {
	if o.el != nil && o.el.Truthy() && o.el.Get("isConnected").Bool() {
		o.el.Call("focus")
	}
}
