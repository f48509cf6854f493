package app

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"sync"

	"strings"

	"github.com/splicedev/splice/internal/playground"
	"github.com/splicedev/splice/internal/playground/evaluate"
	"github.com/splicedev/splice/internal/playground/state"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/splicedev/splice/reshape"
	"github.com/splicedev/splice/template"
)

// docsPage is the dialect reference at /docs. What its examples give is
// held in docs_results.json, which the tests check against the engine: a
// LimitError example spends the engine's whole budget (a quarter of a
// second natively, over a second in the browser), and neither a page load
// nor a request to the server should.
type docsPage struct {
	app.Compo
	results map[*docExample]docResult
}

const docsTitle = "The {{Ex.path}} dialect — Splice"

func (d *docsPage) OnInit() { d.results = docResults() }

//go:embed docs_results.json
var heldResults []byte

var docResults = sync.OnceValue(func() map[*docExample]docResult { return docResultsIn(heldResults) })

// docResultsIn is what each example gives, from held (docs_results.json);
// an example the file does not hold yet (the reference edited, the file
// not written again) is run.
func docResultsIn(raw []byte) map[*docExample]docResult {
	var held []docResult
	if err := json.Unmarshal(raw, &held); err != nil {
		panic("app: docs_results.json: " + err.Error()) // embedded, and read by the tests
	}
	byCaption := make(map[string]docResult, len(held))
	for _, r := range held {
		byCaption[r.Caption] = r
	}
	results := map[*docExample]docResult{}
	for _, s := range docSections {
		for _, n := range s.Body {
			if ex, ok := n.(*docExample); ok {
				r, ok := byCaption[ex.Caption]
				if !ok {
					r = ex.run()
				}
				results[ex] = r
			}
		}
	}
	return results
}

func (d *docsPage) OnPreRender(ctx app.Context) { ctx.Page().SetTitle(docsTitle) }
func (d *docsPage) OnNav(ctx app.Context)       { ctx.Page().SetTitle(docsTitle) }

// OnMount drops the mark of an address with a link: the docs open none.
func (d *docsPage) OnMount(ctx app.Context) { linkOpened() }

func (d *docsPage) Render() app.UI {
	toc := make([]app.UI, len(docSections))
	sections := make([]app.UI, len(docSections))
	for i, s := range docSections {
		toc[i] = app.Elem("li").Body(app.Elem("a").Attr("href", "#"+s.ID).Text(s.Title))
		body := []app.UI{app.Elem("h2").Text(s.Title)}
		for _, n := range s.Body {
			body = append(body, n.ui(d.results))
		}
		sections[i] = app.Elem("section").ID(s.ID).Class("docs-section").Body(body...)
	}
	return app.Elem("div").Class("docs").Body(
		app.Elem("header").Class("docs-header").Body(
			app.Elem("a").Class("docs-back").Attr("href", "/").Text("← Playground"),
			app.Elem("h1").Text("The {{Ex.path}} dialect"),
			app.Elem("p").Class("docs-lede").Body(inline("A small, strict, logic-less template language that moves typed data between plan steps. Every example on this page shows what the engine makes of it, checked by the tests at each build; **Open in playground** takes it to the playground to change.")...),
			app.Elem("nav").Class("docs-toc").Attr("aria-label", "Contents").Body(app.Elem("ol").Body(toc...)),
		),
		app.Elem("main").Class("docs-main").Body(sections...),
	)
}

// docSection is one section of the reference.
type docSection struct {
	ID, Title string
	Body      []docNode
}

// docNode is a paragraph, a list, a table or an example.
type docNode interface {
	ui(results map[*docExample]docResult) app.UI
}

// para is a paragraph; bullets a list of them.
type (
	para    string
	bullets []string
)

func (p para) ui(map[*docExample]docResult) app.UI { return app.Elem("p").Body(inline(string(p))...) }

func (b bullets) ui(map[*docExample]docResult) app.UI {
	items := make([]app.UI, len(b))
	for i, s := range b {
		items[i] = app.Elem("li").Body(inline(s)...)
	}
	return app.Elem("ul").Body(items...)
}

// table is a table with a header row.
type table struct {
	head []string
	rows [][]string
}

func (t table) ui(map[*docExample]docResult) app.UI {
	head := make([]app.UI, len(t.head))
	for i, h := range t.head {
		head[i] = app.Elem("th").Attr("scope", "col").Text(h)
	}
	rows := make([]app.UI, len(t.rows))
	for i, r := range t.rows {
		cells := make([]app.UI, len(r))
		for j, c := range r {
			cells[j] = app.Elem("td").Body(inline(c)...)
		}
		rows[i] = app.Elem("tr").Body(cells...)
	}
	return app.Elem("table").Class("docs-table").Body(app.Elem("thead").Body(app.Elem("tr").Body(head...)), app.Elem("tbody").Body(rows...))
}

// inline renders the reference's inline marks as elements with text:
// `code`, **strong** and [text](#anchor). Nothing is parsed as HTML.
func inline(s string) []app.UI {
	var out []app.UI
	for s != "" {
		i := strings.IndexAny(s, "`*[")
		if i < 0 {
			break
		}
		var mark string
		switch {
		case s[i] == '`':
			mark = "`"
		case strings.HasPrefix(s[i:], "**"):
			mark = "**"
		case s[i] == '[':
			mark = "["
		default:
			out, s = append(out, app.Text(s[:i+1])), s[i+1:]
			continue
		}
		rest := s[i+len(mark):]
		closer := map[string]string{"`": "`", "**": "**", "[": "]("}[mark]
		j := strings.Index(rest, closer)
		if j < 0 {
			break
		}
		if i > 0 {
			out = append(out, app.Text(s[:i]))
		}
		switch mark {
		case "`":
			out = append(out, app.Elem("code").Text(rest[:j]))
			s = rest[j+1:]
		case "**":
			out = append(out, app.Elem("strong").Text(rest[:j]))
			s = rest[j+2:]
		case "[":
			href, after, _ := strings.Cut(rest[j+2:], ")")
			out = append(out, app.Elem("a").Attr("href", href).Text(rest[:j]))
			s = after
		}
	}
	if s != "" {
		out = append(out, app.Text(s))
	}
	return out
}

// docExample is an example: a template (or shape, or tool and call)
// with its roots, and the error kind it is meant to show, if any.
type docExample struct {
	ID        string // anchor, for examples linked from elsewhere
	Caption   string
	Mode      state.Mode // ModeTemplate when empty
	Source    string
	Call      string // ModeTool: the call's input as JSON
	Roots     []state.RootText
	Later     []string
	Iteration bool
	Want      template.ErrorKind // the first error's kind; 0 for a result
}

// docResult is what the engine made of an example, as the page shows it.
type docResult struct {
	Caption string `json:"caption"`         // the example's
	Steps   string `json:"steps,omitempty"` // a plan's steps, one line each; "" for another mode
	// Errors are the errors as the CLI prints them, placed in the
	// example's text; Kind is the first one's, "" when untyped, and
	// NothingFound says it is no failure (EmptyData).
	Errors       string `json:"errors,omitempty"`
	Kind         string `json:"kind,omitempty"`
	NothingFound bool   `json:"nothingFound,omitempty"`
	Type         string `json:"type,omitempty"`  // the result's JSON type
	Typed        bool   `json:"typed,omitempty"` // the template is a typed splice
	Result       string `json:"result,omitempty"`
}

// State is the example as the playground opens it.
func (ex *docExample) State() state.State {
	s := state.State{Mode: ex.Mode, Roots: ex.Roots, Later: ex.Later, Iteration: ex.Iteration}
	if s.Mode == "" {
		s.Mode = state.ModeTemplate
	}
	s.SetText(state.Target{}, ex.Source)
	s.Call = ex.Call
	return s
}

// run loads and renders the example with the playground's evaluator, so
// the docs show what the playground shows.
func (ex *docExample) run() docResult {
	o := playground.NewSession(ex.State()).Out
	r := docResult{Caption: ex.Caption}
	doc := ""
	if o.Plan != nil {
		doc, r.Steps = ex.Source, stepLines(o.Plan)
	}
	if o.Err == nil {
		r.Type, r.Typed, r.Result = o.Result.Type(), o.Result.Splice, o.Result.Whole()
		return r
	}
	r.Errors = reshape.FormatIn(o.Err, doc)
	if errs := template.Errors(o.Err); len(errs) > 0 {
		r.Kind, r.NothingFound = errs[0].Kind.String(), !errs[0].Failure()
	}
	return r
}

// stepLines is a plan's steps as the steps pane lists them: a branch step
// under its decide step, its form, its status, and its result or what
// blocked it; the solver last.
func stepLines(view *evaluate.PlanView) string {
	width := len("solver")
	for _, r := range view.Steps {
		width = max(width, 2*r.Depth+len(r.ID))
	}
	var b strings.Builder
	line := func(name, form, status, what string) {
		b.WriteString(strings.TrimRight(fmt.Sprintf("%-*s  %-6s  %-7s  %s", width, name, form, status, what), " "))
		b.WriteByte('\n')
	}
	for _, r := range view.Steps {
		what := ""
		switch {
		case r.BlockedBy != "":
			what = "blocked by " + r.BlockedBy
		case r.JSON != "":
			what = r.JSON
		case r.Status == "skipped":
			what = "not taken"
		}
		if r.Note != "" {
			what += "  (note: " + r.Note + ")"
		}
		line(strings.Repeat("  ", r.Depth)+r.ID, r.Form, r.Status, what)
	}
	if r := view.Solver; r != nil {
		what := ""
		if r.BlockedBy != "" {
			what = "blocked by " + r.BlockedBy
		}
		line("solver", "", r.Status, what)
	}
	return b.String()
}

// Link is the share link that opens the example in the playground.
func (ex *docExample) Link() string {
	payload, _ := state.Encode(ex.State())
	return "/#" + state.LinkPrefix + payload
}

func (ex *docExample) ui(results map[*docExample]docResult) app.UI {
	s := ex.State()
	in := []app.UI{
		app.Elem("div").Class("docs-label").Text(s.Mode.Title()),
		app.Elem("pre").Class("docs-source").Text(ex.Source),
	}
	if s.Mode == state.ModeTool {
		in = append(in, app.Elem("div").Class("docs-label").Text("Call"), app.Elem("pre").Class("docs-root").Text(ex.Call))
	}
	// The roots the example names; input is {} unless named (the engine's
	// rule, which the playground follows when it opens the link).
	for _, r := range ex.Roots {
		in = append(in, app.Elem("div").Class("docs-label").Body(app.Text("Root "), app.Elem("code").Text(r.Name)), app.Elem("pre").Class("docs-root").Text(r.Text))
	}
	if len(s.Later) > 0 {
		in = append(in, app.Elem("p").Class("docs-note").Body(app.Text("Later steps: "), app.Elem("code").Text(strings.Join(s.Later, ", "))))
	}
	if s.Iteration {
		in = append(in, app.Elem("p").Class("docs-note").Text("In an iteration body"))
	}
	fig := app.Elem("figure").Class("docs-example")
	if ex.ID != "" {
		fig = fig.ID(ex.ID)
	}
	return fig.Body(
		app.Elem("figcaption").Text(ex.Caption),
		app.Elem("div").Class("docs-io").Body(
			app.Elem("div").Class("docs-in").Body(in...),
			app.Elem("div").Class("docs-out").Body(
				results[ex].ui(),
				app.Elem("a").Class("docs-open").Attr("href", ex.Link()).Text("Open in playground"),
			),
		),
	)
}

func (r docResult) ui() app.UI {
	out := r.outcomeUI()
	if r.Steps == "" {
		return out
	}
	return app.Elem("div").Body(
		app.Elem("div").Class("docs-result docs-steps").Body(
			app.Elem("div").Class("docs-label").Text("Steps"),
			app.Elem("pre").TabIndex(0).Role("group").Attr("aria-label", "Steps").Text(r.Steps),
		),
		out,
	)
}

// outcomeUI is the result, or the errors.
func (r docResult) outcomeUI() app.UI {
	if r.Errors != "" {
		label := "Error"
		if r.NothingFound {
			label = "Nothing found"
		}
		return app.Elem("div").Class("docs-result docs-result-error").Attr("data-kind", r.Kind).Body(
			app.Elem("div").Class("docs-label").Text(label),
			app.Elem("pre").TabIndex(0).Role("group").Attr("aria-label", label).Text(r.Errors),
		)
	}
	label := "Result: " + r.Type
	if r.Steps != "" {
		label = "Solver: " + r.Type
	}
	if r.Typed {
		label += " (typed splice)"
	}
	return app.Elem("div").Class("docs-result").Attr("data-type", r.Type).Body(
		app.Elem("div").Class("docs-label").Text(label),
		app.Elem("pre").TabIndex(0).Role("group").Attr("aria-label", label).Text(r.Result), // focusable: it scrolls
	)
}
