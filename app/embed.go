package app

import (
	"strconv"
	"strings"

	"github.com/splicedev/splice/internal/examples"
	"github.com/splicedev/splice/internal/playground"
	"github.com/splicedev/splice/internal/playground/state"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// embedPage is the compact playground at /embed, made for an <iframe> in
// docs: the editor and the output, the roots (the call input, a plan's
// steps) folded away, and a link that opens the same state in the full
// playground. It restores its state from the link only and saves nothing
// locally.
type embedPage struct {
	app.Compo

	s         *playground.Session
	view      pageView // what the page shows beside s
	do        *actions // what its components do to s
	keep      keeper
	theme     string // from the fragment's theme parameter
	rootsOpen bool
}

func (p *embedPage) OnInit() {
	p.s = playground.NewSession(examples.Default.Open())
	p.do = &actions{s: p.s, v: &p.view}
	p.keep = keeper{s: p.s, v: &p.view}
}

// OnMount opens the link's state. The page shortcuts are left to the
// page around the frame.
func (p *embedPage) OnMount(ctx app.Context) {
	noteFirstPaint()
	p.keep.watch(ctx)
	p.restore(ctx)
}

func (p *embedPage) OnNav(ctx app.Context) {
	if app.Window().Get("location").Get("hash").String() != p.keep.fragment {
		p.restore(ctx)
	}
}

func (p *embedPage) restore(ctx app.Context) {
	p.keep.restore(ctx)
	p.theme = themeParam(p.keep.fragment)
}

func (p *embedPage) OnDismount() { p.keep.stop() }

func (p *embedPage) Render() app.UI {
	s, do := p.s, p.do
	open := "/"
	if p.view.link != "" {
		open = "/#" + state.LinkPrefix + p.view.link
	}
	folded, pane := inputPane(do, true)
	return app.Elem("div").Class("app embed embed-"+string(s.State.Mode)).Attr("data-theme", themeName(p.theme)).Body(
		app.Elem("header").Class("embed-bar").Body(
			app.ElemSelfClosing("img").Class("logo").Attr("src", "/web/icon.svg").Attr("alt", "Splice logo"),
			app.Elem("h1").Class("brand-name").Text("Splice"),
			modeTabs(do, false),
			app.Elem("div").Class("spacer"),
			app.Elem("a").Class("btn btn-small").
				Attr("data-testid", "open-playground").
				Attr("href", open).
				Attr("target", "_blank").
				Attr("rel", "noopener").
				Text("Open in playground ↗"),
		),
		renderBanner(do),
		app.Elem("main").Class("embed-body").Body(
			app.Elem("div").Class("column").Body(
				app.Elem("div").Class("pane pane-main").Body(mainEditor(do)),
				app.Elem("button").
					Class("btn btn-small fold").
					Attr("data-testid", "roots-toggle").
					Attr("aria-expanded", strconv.FormatBool(p.rootsOpen)).
					Attr("aria-controls", "embed-roots").
					Text(foldIcon(p.rootsOpen)+" "+folded).
					OnClick(func(ctx app.Context, e app.Event) { p.rootsOpen = !p.rootsOpen }),
				app.Elem("div").ID("embed-roots").Class("fold-body").Body(app.If(p.rootsOpen, pane)),
			),
			app.Elem("div").Class("column").Body(
				outputOf(&s.Out, s.Version),
				app.If(len(s.Out.Problems) > 0, func() app.UI { return &problemsPane{Do: do, Problems: s.Out.Problems} }),
			),
		),
	)
}

func foldIcon(open bool) string {
	if open {
		return "▾"
	}
	return "▸"
}

// themeParam reads "theme=dark" or "theme=light" from a fragment, so that
// a page can match the embed to its own theme.
func themeParam(fragment string) string {
	for _, param := range strings.Split(strings.TrimPrefix(fragment, "#"), "&") {
		if v, ok := strings.CutPrefix(param, "theme="); ok && (v == "dark" || v == "light") {
			return v
		}
	}
	return ""
}
