package app

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/splicedev/splice/internal/examples"
)

// examplesMenu lists the examples, features first, then one per error kind.
// It follows the WAI-ARIA menu button pattern: opening it focuses the first
// item (the last when opened with ↑), the arrow keys, Home and End move
// between the items, Tab and Esc close it, and closing gives the focus
// back to the Examples button.
type examplesMenu struct {
	app.Compo

	Do        headerActions
	FocusLast bool // opened with ↑ on the button

	el app.Value // the menu as mounted, still there to ask once it is gone
}

// menuButtonID is the button that opens the menu.
const menuButtonID = "examples-button"

func (m *examplesMenu) OnMount(ctx app.Context) {
	m.el = m.JSValue()
	ctx.Defer(func(ctx app.Context) {
		if m.FocusLast {
			m.moveFocus(-2)
		} else {
			m.moveFocus(0)
		}
	})
}

// OnDismount gives the focus back to the menu button unless the user took
// it somewhere else (Tab already moved it on).
func (m *examplesMenu) OnDismount() {
	doc := app.Window().Get("document")
	active := doc.Get("activeElement")
	if !active.Truthy() || active.Equal(doc.Get("body")) || m.el != nil && m.el.Call("contains", active).Bool() {
		if button := app.Window().GetElementByID(menuButtonID); button.Truthy() {
			button.Call("focus")
		}
	}
}

func (m *examplesMenu) Render() app.UI {
	item := func(ex *examples.Example) app.UI {
		return app.Elem("button").
			Class("menu-item").
			Role("menuitem").
			TabIndex(-1).
			Attr("data-testid", "example").
			Attr("data-id", ex.ID).
			Body(
				app.Elem("span").Class("menu-title").Text(ex.Title),
				app.Elem("span").Class("menu-about").Text(ex.About),
			).
			OnClick(func(ctx app.Context, e app.Event) { m.Do.LoadExample(ex.ID) }, app.EventScope(ex.ID))
	}
	var features, errs []app.UI
	for i := range examples.All {
		if examples.All[i].Error {
			errs = append(errs, item(&examples.All[i]))
		} else {
			features = append(features, item(&examples.All[i]))
		}
	}
	return app.Elem("div").Body(
		app.Elem("div").Class("backdrop").OnClick(func(ctx app.Context, e app.Event) { m.Do.ToggleMenu() }),
		app.Elem("div").Class("menu").ID("examples-menu").Role("menu").Attr("aria-label", "Examples").OnKeyDown(m.onKey).Body(
			app.Elem("div").Class("menu-group").Attr("aria-hidden", "true").Text("Features"),
			app.Elem("div").Class("menu-grid").Role("group").Attr("aria-label", "Features").Body(features...),
			app.Elem("div").Class("menu-group").Attr("aria-hidden", "true").Text("Error kinds"),
			app.Elem("div").Class("menu-grid").Role("group").Attr("aria-label", "Error kinds").Body(errs...),
		),
	)
}

// onKey moves between the items; Tab closes the menu and lets the focus
// go on from the button.
func (m *examplesMenu) onKey(ctx app.Context, e app.Event) {
	switch e.Get("key").String() {
	case "ArrowDown", "ArrowRight":
		m.moveFocus(+1)
	case "ArrowUp", "ArrowLeft":
		m.moveFocus(-1)
	case "Home":
		m.moveFocus(0)
	case "End":
		m.moveFocus(-2)
	case "Tab":
		m.Do.ToggleMenu()
		return
	default:
		ctx.PreventUpdate()
		return
	}
	e.PreventDefault()
	ctx.PreventUpdate()
}

// moveFocus focuses the next item (+1), the previous (-1), the first (0) or
// the last (-2), going round at the ends.
func (m *examplesMenu) moveFocus(how int) {
	items := m.JSValue().Call("querySelectorAll", `[role="menuitem"]`)
	n := items.Length()
	if n == 0 {
		return
	}
	current := -1
	active := app.Window().Get("document").Get("activeElement")
	for i := range n {
		if items.Index(i).Equal(active) {
			current = i
		}
	}
	next := 0
	switch how {
	case +1:
		next = (current + 1) % n
	case -1:
		next = (max(current, 0) + n - 1) % n
	case -2:
		next = n - 1
	}
	items.Index(next).Call("focus")
}
