package app

import (
	"strconv"
	"strings"

	"github.com/splicedev/splice/internal/display"
	"github.com/splicedev/splice/internal/playground/evaluate"
	"github.com/splicedev/splice/template"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// outputPane shows the result: pretty JSON with its type, or mixed text
// verbatim with its trailing whitespace made visible; and a copy button.
type outputPane struct {
	app.Compo

	HasValue    bool
	Type        string        // the result's JSON type
	Typed       bool          // a typed splice
	Mixed       bool          // mixed text, shown verbatim
	JSON        string        // the result as compact JSON
	Display     string        // the result as shown
	More        string        // what Display leaves out, said for people
	Whole       func() string // the result as copied: Display uncut
	HasProblems bool          // why there is no result
	// Partial is what a shape with failing leaves still renders.
	Partial []display.Part
	Note    string // what the result is, when it is not what it seems
	// OpenShape opens a caller-shape tool's shape as a Shape state; nil
	// for any other result.
	OpenShape func()
	Version   int // the evaluation shown

	copied int // the version whose result was copied
}

// outputOf gives the output pane the parts of an outcome it shows.
func outputOf(out *evaluate.Outcome, version int) *outputPane {
	p := &outputPane{HasValue: out.Result != nil, HasProblems: len(out.Problems) > 0, Partial: out.Partial, Note: out.Note, Version: version}
	if r := out.Result; r != nil {
		p.Type, p.Typed, p.Mixed, p.JSON, p.Display, p.More, p.Whole = r.Type(), r.Splice, r.Mixed, r.JSON, r.Display, r.More, r.Whole
	}
	return p
}

func (o *outputPane) Render() app.UI {
	out := o
	head := []app.UI{app.Elem("h2").Text("Output")}
	if out.HasValue {
		// In the browser the badge's text and the copy button's label are
		// painted with the result (paintOutput), the pane's one painter.
		badge := app.Elem("span").Class("badge").Attr("data-testid", "output-type")
		copyButton := app.Elem("button").Class("btn btn-small").Attr("data-testid", "copy")
		if app.IsServer {
			badge, copyButton = badge.Class("badge-"+out.Type).Text(out.Type), copyButton.Text(copyLabel(false))
		}
		head = append(head,
			badge,
			app.If(out.Typed, func() app.UI {
				return app.Elem("span").Class("marker").Title("The template is exactly one tag: the value keeps its JSON type").Text("typed splice")
			}),
			app.If(out.Mixed, func() app.UI {
				return app.Elem("span").Class("marker marker-text").Title("Mixed text renders to a string, shown verbatim").Text("text")
			}),
			app.Elem("div").Class("spacer"),
			copyButton.OnClick(o.onCopy),
		)
	}
	return app.Elem("section").Class("pane pane-output").Attr("aria-label", "Output").Body(
		app.Elem("div").Class("pane-head").Body(head...),
		app.If(out.Note != "", func() app.UI {
			return app.Elem("p").Class("partial-note").Attr("data-testid", "output-note").Body(
				app.Text(out.Note+" "),
				app.If(out.OpenShape != nil, func() app.UI {
					return app.Elem("button").Class("btn btn-small").Attr("data-testid", "open-as-shape").Text("Open as Shape").
						OnClick(func(ctx app.Context, e app.Event) { out.OpenShape() })
				}),
			)
		}),
		app.If(out.HasValue, func() app.UI {
			return &resultView{Display: out.Display, More: out.More, Mixed: out.Mixed, JSON: out.JSON, Type: out.Type, Copied: o.copied == o.Version}
		}).ElseIf(len(out.Partial) > 0, func() app.UI {
			return renderPartial(out.Partial)
		}).Else(func() app.UI {
			return app.Elem("p").Class("empty").Text(emptyText(out.HasProblems))
		}),
	)
}

// renderPartial shows a shape's partial result: what rendered, and each
// failing leaf as a marked null that names its problem.
func renderPartial(all []display.Part) app.UI {
	parts, more := display.ShownParts(all)
	failed := 0
	for _, p := range all {
		if p.Failed != "" {
			failed++
		}
	}
	body := make([]app.UI, len(parts), len(parts)+1)
	for i, p := range parts {
		if p.Failed == "" {
			body[i] = app.Text(p.Text)
			continue
		}
		body[i] = app.Elem("mark").Class("leaf-failed").Attr("data-testid", "failed-leaf").Attr("data-at", p.At).Title(p.Failed).Body(
			app.Text(p.Text),
			app.Elem("span").Class("sr-only").Text(" (failed: "+p.Failed+")"),
		)
	}
	if more != "" {
		body = append(body, app.Elem("span").Class("more-result").Text(more))
	}
	leaves := "leaf"
	if failed > 1 {
		leaves = "leaves"
	}
	return app.Elem("div").Body(
		app.Elem("p").Class("partial-note").Text("Partial result: "+strconv.Itoa(failed)+" "+leaves+" failed (marked, shown as null); see the problems below."),
		app.Elem("pre").Class("result result-partial").Attr("data-testid", "partial").TabIndex(0).Role("region").Attr("aria-label", "Partial result").Body(body...),
	)
}

func copyLabel(done bool) string {
	if done {
		return "Copied"
	}
	return "Copy"
}

// emptyText says why there is no result.
func emptyText(problems bool) string {
	if problems {
		return "No result: see the problems below."
	}
	return "No result."
}

// onCopy copies the whole result: the text itself, or the pretty JSON.
func (o *outputPane) onCopy(ctx app.Context, e app.Event) {
	version := o.Version
	copyText(ctx, o.Whole(), func(ok bool) {
		if ok {
			o.copied = version
		}
	})
}

// resultView is the result itself. In the browser go-app makes the
// element and paintOutput writes its content and data-json, the type badge
// and the copy button's label, on every render and, right after a
// keystroke, from the editor: the result is painted in the frame of the
// keystroke, before go-app's next tick redraws the rest of the page. The
// prerendered page, where no script runs, has them in its HTML.
type resultView struct {
	app.Compo

	Display string
	More    string // what Display leaves out, said for people
	Mixed   bool
	JSON    string
	Type    string // the result's JSON type, for the badge
	Copied  bool   // the result was copied
}

func (r *resultView) Render() app.UI {
	pre := app.Elem("pre").Class("result").Attr("data-testid", "output").TabIndex(0).Role("region").Attr("aria-label", "Result")
	if !app.IsServer {
		return pre
	}
	parts := resultParts(r.Display, r.More, r.Mixed)
	body := make([]app.UI, len(parts))
	for i, p := range parts {
		body[i] = p.ui()
	}
	if r.Mixed {
		pre = pre.Class("result-text")
	}
	return pre.Attr("data-json", r.JSON).Body(body...)
}

// OnMount paints a new element whatever was painted before.
func (r *resultView) OnMount(ctx app.Context) {
	painted = paintedOutput{}
	paintOutput(r)
}

func (r *resultView) OnUpdate(ctx app.Context) { paintOutput(r) }

// resultOf is the view of out's result, not copied yet.
func resultOf(r *display.Shown) *resultView {
	return &resultView{Display: r.Display, More: r.More, Mixed: r.Mixed, JSON: r.JSON, Type: r.Type()}
}

// resultPart is a run of the result as shown: plain text (no Class), the
// trailing spaces and tabs of a line ("trail"), a line end's mark ("eol"),
// or the note that the text is empty ("empty-string").
type resultPart struct{ Class, Text string }

// resultParts cuts a result into its runs: pretty JSON as it is, mixed
// text line by line with its trailing whitespace and line ends made
// visible, and an empty string saying so instead of showing nothing.
func resultParts(display, more string, mixed bool) []resultPart {
	parts := textParts(display, mixed)
	if more != "" {
		parts = append(parts, resultPart{Class: "more-result", Text: more})
	}
	return parts
}

// textParts are resultParts of a text shown whole.
func textParts(display string, mixed bool) []resultPart {
	if !mixed {
		return []resultPart{{Text: display}}
	}
	if display == "" {
		return []resultPart{{Class: "empty-string", Text: "(empty string)"}}
	}
	var parts []resultPart
	for i, line := range strings.Split(display, "\n") {
		if i > 0 {
			parts = append(parts, resultPart{Class: "eol"}, resultPart{Text: "\n"})
		}
		body := strings.TrimRight(line, " \t")
		if body != "" {
			parts = append(parts, resultPart{Text: body})
		}
		if trail := line[len(body):]; trail != "" {
			parts = append(parts, resultPart{Class: "trail", Text: trail})
		}
	}
	return parts
}

// ui is the part as go-app renders it.
func (p resultPart) ui() app.UI {
	switch p.Class {
	case "":
		return app.Text(p.Text)
	case "eol":
		return app.Elem("span").Class("eol").Attr("aria-hidden", "true")
	case "trail":
		return app.Elem("span").Class("trail").Title("trailing whitespace").Text(p.Text)
	}
	return app.Elem("span").Class(p.Class).Text(p.Text)
}

// paintOutput paints the output pane: a result (its parts when the pane
// does not show it already), its type badge and the copy button's label
// (copied: the result was copied), in one call of the page's script, and
// none when the pane shows them all already. It is the pane's one painter,
// called on a keystroke (a new result is not copied yet) and whenever
// go-app renders the result.
func paintOutput(r *resultView) {
	now := paintedOutput{json: r.JSON, mixed: r.Mixed, typ: r.Type, label: copyLabel(r.Copied)}
	if !app.IsClient || painted == now {
		return
	}
	parts := ""
	if painted.json != now.json || painted.mixed != now.mixed {
		parts = partsOf(r)
	}
	painted = now
	app.Window().Get("spliceEditor").Call("paintOutput", now.json, now.mixed, parts, now.typ, now.label)
}

// paintedOutput is what the page's output pane shows (a page has one),
// kept so that a render repeating it costs no call into the page.
type paintedOutput struct {
	json, typ, label string
	mixed            bool
}

var painted paintedOutput

// partsOf returns a result's parts as the page's script takes them
// (spliceEditor.paintOutput in editor/src/bridge.js): a JSON array of
// [class, text], the class "" for plain text. The script makes their
// nodes, as resultPart.ui renders them: a call into the page from Go
// costs tens of microseconds, and a result of a few lines made some
// thirty of them, a millisecond or more a keystroke.
func partsOf(r *resultView) string {
	b := []byte{'['}
	for i, p := range resultParts(r.Display, r.More, r.Mixed) {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(template.AppendQuoted(append(template.AppendQuoted(append(b, '['), p.Class), ','), p.Text), ']')
	}
	return string(append(b, ']'))
}
