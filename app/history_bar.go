package app

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// historyBar undoes and redoes the structural edits (roots added, renamed,
// moved, deleted; the mode; the scope; the iteration switch): the editors
// undo their own typing. Both buttons stay in place, disabled when there is
// nothing to do, so that the focus has somewhere to go: when one empties,
// the other takes it.
type historyBar struct {
	app.Compo

	Do         historyActions
	Undo, Redo string // what each would take back or do again, "" for nothing
	Keys       bool   // the page undoes with Ctrl+Z outside the editors too
}

// historyActions is what the history bar does.
type historyActions interface {
	Undo()
	Redo()
}

func (h *historyBar) Render() app.UI {
	return app.Elem("div").Class("history").Role("group").Attr("aria-label", "Undo and redo of steps, modes and scope").Body(
		historyButton("root-undo", "Undo", h.Undo, h.keys("Ctrl/⌘+Z"), redoButton, h.Do.Undo),
		historyButton("root-redo", "Redo", h.Redo, h.keys("Ctrl/⌘+Shift+Z"), undoButton, h.Do.Redo),
	)
}

// keys is the title's note of a button's shortcut, "" without them.
func (h *historyBar) keys(chord string) string {
	if !h.Keys {
		return ""
	}
	return " (" + chord + " outside the editors)"
}

// historyButton is Undo or Redo: named with what it would do, and giving
// the focus to the other button (other) when it has nothing left to do.
func historyButton(testID, verb, label, keys, other string, do func()) app.UI {
	name := verb
	if label != "" {
		name = verb + " " + label
	}
	return app.Elem("button").Class("btn btn-small").Attr("data-testid", testID).
		Attr("disabled", label == "").Attr("aria-label", name).Title(name+keys).Body(
		app.Text(verb),
		app.If(label != "", func() app.UI { return app.Elem("span").Class("history-label").Text(" " + label) }),
	).
		OnClick(func(ctx app.Context, e app.Event) {
			do()
			keepFocus(ctx, ctx.JSSrc(), other, openRootTab)
		})
}
