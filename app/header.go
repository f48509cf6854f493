package app

import (
	"strconv"

	"github.com/splicedev/splice/internal/playground/state"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// themeState is the go-app state holding the chosen theme: "light",
// "dark", or "" to follow the system. It is persisted in local storage.
const themeState = "splice.theme"

// header is the playground's top bar: the name, the examples menu, and the
// share, docs, help and theme buttons.
type header struct {
	app.Compo

	Do       headerActions
	Theme    string
	Menu     bool // the examples menu is open
	LinkSize int  // the state's link payload length (state.LinkSizeNote)
	TooLarge bool // the state is too large to keep at all
	AsPlan   bool // the state may be opened as a plan (it is not one)

	focusLast bool // the menu was opened with ↑: it starts on its last item
}

func (h *header) Render() app.UI {
	return app.Elem("header").Class("topbar").Body(
		app.Elem("div").Class("brand").Body(
			app.ElemSelfClosing("img").Class("logo").Attr("src", "/web/icon.svg").Attr("alt", "Splice logo"),
			app.Elem("h1").Class("brand-name").Body(
				app.Text("Splice"),
				app.Elem("span").Class("brand-sub").Text(" playground"),
			),
		),
		app.Elem("div").Class("menu-wrap").Body(
			app.Elem("button").
				Class("btn").
				ID(menuButtonID).
				Attr("aria-haspopup", "menu").
				Attr("aria-expanded", strconv.FormatBool(h.Menu)).
				Attr("aria-controls", "examples-menu").
				Text("Examples ▾").
				OnClick(h.onMenu).
				OnKeyDown(h.onMenuKey),
			app.If(h.Menu, func() app.UI { return &examplesMenu{Do: h.Do, FocusLast: h.focusLast} }),
		),
		app.If(h.AsPlan, func() app.UI {
			return app.Elem("button").Class("btn").Attr("data-testid", "open-as-plan").Text("Open as plan").
				Title("Open this state as a plan: its roots sample steps, the template the solver").
				OnClick(func(ctx app.Context, e app.Event) { h.Do.OpenAsPlan() })
		}),
		app.Elem("div").Class("spacer"),
		app.Elem("nav").Class("actions").Attr("aria-label", "Playground actions").Body(
			app.Elem("button").
				Class("btn btn-primary").
				Attr("data-testid", "share").
				Title("Copy a link to this state (Ctrl+S)").
				Text("Share").
				OnClick(h.onShare),
			h.renderLinkSize(),
			app.Elem("a").Class("btn").Attr("href", "/docs").Text("Docs"),
			app.Elem("button").
				Class("btn btn-icon").
				Attr("data-testid", "help").
				Attr("aria-label", "Keyboard shortcuts").
				Title("Keyboard shortcuts (?)").
				Text("?").
				OnClick(h.onHelp),
			app.Elem("button").
				Class("btn btn-icon").
				Attr("data-testid", "theme-toggle").
				Attr("aria-label", "Theme: "+themeLabel(h.Theme)+" (change)").
				Title("Theme: "+themeLabel(h.Theme)+"; a click goes on to the next of system, light and dark").
				Body(app.Elem("span").Class("theme-icon").Attr("aria-hidden", "true")).
				OnClick(h.onTheme),
		),
	)
}

// renderLinkSize says how long the state's link is, and warns when some
// tools would cut it or no link can hold it (the work stays autosaved).
func (h *header) renderLinkSize() app.UI {
	text, level := state.LinkSizeNote(h.LinkSize, h.TooLarge)
	title := "The length of this state's link"
	switch level {
	case "warn":
		title = "Some chat tools and mail clients cut links this long; Share also copies the state as Markdown or a test vector"
	case "error":
		title = "The address bar holds no link for a state this large; Share still copies it as Markdown or a test vector"
	}
	return app.Elem("span").Class("link-size link-size-"+level).Attr("data-testid", "link-size").Title(title).Text(text)
}

func (h *header) onMenu(ctx app.Context, e app.Event) {
	h.focusLast = false
	h.Do.ToggleMenu()
}

// onMenuKey opens the menu with ↓ on its first item, with ↑ on its last.
func (h *header) onMenuKey(ctx app.Context, e app.Event) {
	key := e.Get("key").String()
	if key != "ArrowDown" && key != "ArrowUp" {
		ctx.PreventUpdate()
		return
	}
	e.PreventDefault()
	if !h.Menu {
		h.focusLast = key == "ArrowUp"
		h.Do.ToggleMenu()
	}
}

func (h *header) onShare(ctx app.Context, e app.Event) { h.Do.OpenShare(ctx) }

func (h *header) onHelp(ctx app.Context, e app.Event) { h.Do.OpenHelp() }

// onTheme goes on to the next theme: from the system's to the other one
// (so that the first click shows a change), then to the system's own as a
// choice, then back to following the system.
func (h *header) onTheme(ctx app.Context, e app.Event) {
	ctx.SetState(themeState, nextTheme(h.Theme, app.Window().Call("matchMedia", "(prefers-color-scheme: dark)").Get("matches").Bool())).Persist()
}

// nextTheme is the theme after theme when the system's is dark or not.
func nextTheme(theme string, systemDark bool) string {
	system, other := "light", "dark"
	if systemDark {
		system, other = other, system
	}
	switch theme {
	case "":
		return other
	case other:
		return system
	}
	return ""
}

// themeLabel names a theme for people.
func themeLabel(theme string) string {
	if theme == "" {
		return "system"
	}
	return theme
}
