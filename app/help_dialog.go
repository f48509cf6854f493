package app

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// shortcuts are the keyboard shortcuts the help dialog lists.
var shortcuts = []struct{ Keys, Does string }{
	{"Ctrl/⌘ + S", "copy a share link (and open the share dialog)"},
	{"?", "this help (outside the editors)"},
	{"Esc", "close a dialog, a menu or the completions"},
	modeShortcut(),
	{"Ctrl + Space", "complete roots and keys at the caret"},
	{"↑ ↓ then Enter or Tab", "pick a completion"},
	{"Tab / Shift + Tab", "indent or outdent the line or selection"},
	{"Esc then Tab", "leave the editor: Tab moves the focus on, once"},
	{"Ctrl + M", "Tab moves the focus (press again to indent with it)"},
	{"Ctrl/⌘ + Z, Ctrl/⌘ + Shift + Z", "undo, redo in the editor: typing, Format, fixes, renames"},
	{"Ctrl/⌘ + Z, Ctrl/⌘ + Shift + Z outside the editors", "undo, redo of steps added, renamed, moved or deleted, the mode, later and branch steps, the iteration switch (also the Undo and Redo buttons)"},
	{"Ctrl/⌘ + F", "find and replace in the editor"},
	{"Ctrl + Shift + [ / ]", "fold, unfold the block at the caret"},
	{"Ctrl + Shift + M", "list the editor's problems"},
}

// modeShortcut is the line of the Alt + digit shortcuts, one per mode.
func modeShortcut() struct{ Keys, Does string } {
	digits, names := make([]string, len(modes)), make([]string, len(modes))
	for i, m := range modes {
		digits[i], names[i] = strconv.Itoa(i+1), m.Title()
	}
	last := len(names) - 1
	return struct{ Keys, Does string }{"Alt + " + strings.Join(digits, " / "), strings.Join(names[:last], ", ") + " or " + names[last] + " mode"}
}

// helpDialog lists the keyboard shortcuts and the dialect in brief.
type helpDialog struct {
	app.Compo

	Do dialogActions

	opener opener
}

func (h *helpDialog) OnDismount() { h.opener.refocus() }

// OnMount moves the focus into the dialog, so that Tab and Escape work
// from there.
func (h *helpDialog) OnMount(ctx app.Context) {
	h.opener.remember()
	ctx.Defer(func(ctx app.Context) { h.JSValue().Call("querySelector", ".dialog-close").Call("focus") })
}

func (h *helpDialog) Render() app.UI {
	rows := make([]app.UI, len(shortcuts))
	for i, s := range shortcuts {
		rows[i] = app.Elem("tr").Body(app.Elem("td").Body(app.Elem("kbd").Text(s.Keys)), app.Elem("td").Text(s.Does))
	}
	return modal("help-title", func(ctx app.Context) { h.Do.CloseDialog() },
		app.Elem("h2").ID("help-title").Text("Keyboard shortcuts"),
		app.Elem("table").Class("shortcuts").Attr("data-testid", "shortcuts").Body(app.Elem("tbody").Body(rows...)),
		app.Elem("p").Class("dialog-lead").Body(
			app.Text("Tags: "),
			app.Elem("code").Class("tk tk-root").Text("{{E0.path}}"), app.Text(" root path, "),
			app.Elem("code").Class("tk tk-key").Text("{{key}}"), app.Text(" item key, "),
			app.Elem("code").Class("tk tk-section").Text("{{#…}}"), app.Text(" section, "),
			app.Elem("code").Class("tk tk-inverted").Text("{{^…}}"), app.Text(" inverted, "),
			app.Elem("code").Class("tk tk-loopvar").Text("{{@index}}"), app.Text(" loop variable. "),
			app.Elem("a").Attr("href", "/docs").Text("Read the dialect reference."),
		),
	)
}
