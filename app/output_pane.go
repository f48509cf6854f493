package app

import (
	"github.com/splicedev/splice/internal/playground"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// outputPane shows the result: pretty JSON with its type, or mixed text
// verbatim with its trailing whitespace made visible; and a copy button.
type outputPane struct {
	app.Compo

	HasValue    bool
	Type        string // the result's JSON type
	Typed       bool   // a typed splice
	Mixed       bool   // mixed text, shown verbatim
	JSON        string // the result as compact JSON
	Display     string // the result as shown and copied
	HasProblems bool   // why there is no result
	Version     int    // the evaluation shown

	copied int // the version whose result was copied
}

// outputOf gives the output pane the parts of an outcome it shows.
func outputOf(out *playground.Outcome, version int) *outputPane {
	p := &outputPane{HasValue: out.HasValue, HasProblems: len(out.Problems) > 0, Version: version}
	if out.HasValue {
		p.Type, p.Typed, p.Mixed, p.JSON, p.Display = out.Type(), out.Typed, out.Mixed, out.JSON, out.Display
	}
	return p
}

func (o *outputPane) Render() app.UI {
	out := o
	head := []app.UI{app.H2().Text("Output")}
	if out.HasValue {
		head = append(head,
			app.Span().Class("badge badge-"+out.Type).DataSet("testid", "output-type").Text(out.Type),
			app.If(out.Typed, func() app.UI {
				return app.Span().Class("marker").Title("The template is exactly one tag: the value keeps its JSON type").Text("typed splice")
			}),
			app.If(out.Mixed, func() app.UI {
				return app.Span().Class("marker marker-text").Title("Mixed text renders to a string, shown verbatim").Text("text")
			}),
			app.Div().Class("spacer"),
			app.Button().Class("btn btn-small").DataSet("testid", "copy").
				Text(copyLabel(o.copied == o.Version)).
				OnClick(o.onCopy),
		)
	}
	return app.Section().Class("pane pane-output").Aria("label", "Output").Body(
		app.Div().Class("pane-head").Body(head...),
		app.If(out.HasValue, func() app.UI {
			result := app.Pre().
				Class("result").
				DataSet("testid", "output").
				DataSet("json", out.JSON).
				TabIndex(0).
				Aria("label", "Result")
			if out.Mixed {
				return result.Class("result-text").Body(verbatim(out.Display)...)
			}
			return result.Text(out.Display)
		}).Else(func() app.UI {
			return app.P().Class("empty").Text(emptyText(out.HasProblems))
		}),
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

// onCopy copies the result as shown: the text itself, or the pretty JSON.
func (o *outputPane) onCopy(ctx app.Context, e app.Event) {
	version := o.Version
	copyText(ctx, o.Display, func(ok bool) {
		if ok {
			o.copied = version
		}
	})
}

// verbatim draws mixed text line by line, wrapping each line's trailing
// spaces and tabs in a span that makes them visible. An empty result says
// so instead of showing nothing.
func verbatim(text string) []app.UI {
	if text == "" {
		return []app.UI{app.Span().Class("empty-string").Text("(empty string)")}
	}
	var out []app.UI
	for i, line := range strings.Split(text, "\n") {
		if i > 0 {
			out = append(out, app.Span().Class("eol").Aria("hidden", "true"), app.Text("\n"))
		}
		body := strings.TrimRight(line, " \t")
		if body != "" {
			out = append(out, app.Text(body))
		}
		if trail := line[len(body):]; trail != "" {
			out = append(out, app.Span().Class("trail").Title("trailing whitespace").Text(trail))
		}
	}
	return out
}

// paintOutput writes a new plain result into the output pane's nodes at
// once, before go-app's next tick redraws the page with the same text: the
// result is painted in the frame of the keystroke. Only the text nodes and
// attributes go-app made are changed, so its own updates still reach them;
// any other change (a result appearing, mixed text) waits for the redraw.
func paintOutput(out *playground.Outcome) {
	if !app.IsClient || !out.HasValue || out.Mixed {
		return
	}
	doc := app.Window().Get("document")
	pre := doc.Call("querySelector", `[data-testid="output"]:not(.result-text)`)
	if !pre.Truthy() || !setOnlyText(pre, out.Display) {
		return
	}
	pre.Call("setAttribute", "data-json", out.JSON)
	if badge := doc.Call("querySelector", `[data-testid="output-type"]`); badge.Truthy() && setOnlyText(badge, out.Type()) {
		badge.Call("setAttribute", "class", "badge badge-"+out.Type())
	}
}

// setOnlyText sets the text of an element holding one text node, and
// reports whether it held one.
func setOnlyText(el app.Value, text string) bool {
	nodes := el.Get("childNodes")
	if nodes.Length() != 1 || nodes.Index(0).Get("nodeType").Int() != 3 {
		return false
	}
	if nodes.Index(0).Get("nodeValue").String() != text {
		nodes.Index(0).Set("nodeValue", text)
	}
	return true
}
