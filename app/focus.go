package app

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// Where the focus goes when the control that had it goes away: an action
// that removes or disables its own button must not drop the focus to the
// page, where a keyboard user would have to start over. A control whose
// action surely removes it hands the focus on first (focusFirst), before
// the redraw; one that may stay asks keepFocus.

// The controls the focus falls back to.
const (
	undoButton     = `[data-testid="root-undo"]`
	redoButton     = `[data-testid="root-redo"]`
	openRootTab    = `[data-testid="root-tab"][aria-selected="true"]`
	openModeTab    = `[role="tablist"][aria-label="Mode"] [aria-selected="true"]`
	mainEditorHost = `[data-testid="editor"]`
	iterationPrev  = `[data-testid="iteration-prev"]`
	iterationNext  = `[data-testid="iteration-next"]`
	selectedStep   = `.pane-steps .step-select[aria-pressed="true"]`
)

// keepFocus, after an action that may remove or disable el (which had the
// focus), gives the focus to the first of fallbacks (CSS selectors) that is
// on the page and enabled, once the page is redrawn, if el lost it.
func keepFocus(ctx app.Context, el app.Value, fallbacks ...string) {
	ctx.Defer(func(ctx app.Context) {
		doc := app.Window().Get("document")
		active := doc.Get("activeElement")
		lost := !active.Truthy() || active.Equal(doc.Get("body"))
		if lost || el.Truthy() && active.Equal(el) && el.Get("disabled").Truthy() {
			focusFirst(fallbacks...)
		}
	})
}

// focusFirst focuses the first element matching one of selectors that is
// not disabled.
func focusFirst(selectors ...string) {
	doc := app.Window().Get("document")
	for _, selector := range selectors {
		if el := doc.Call("querySelector", selector); el.Truthy() && !el.Get("disabled").Truthy() {
			el.Call("focus")
			return
		}
	}
}
