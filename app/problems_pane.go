package app

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/splicedev/splice/internal/playground/evaluate"
	"github.com/splicedev/splice/template"
)

// problemsPane lists every error with its kind, message and place. A
// click on the place selects the tag in its editor; a click on a key chip
// puts that key in place of the failing segment.
type problemsPane struct {
	app.Compo

	Do       problemsActions
	Problems []evaluate.Problem // the evaluation's, compared on each render

	shown rowLimit
}

func (p *problemsPane) Render() app.UI {
	problems := p.Problems
	items := make([]app.UI, 0, p.shown.of(len(problems))+1)
	for i := range p.shown.of(len(problems)) {
		items = append(items, p.renderProblem(i, &problems[i]))
	}
	if more := p.shown.more(len(problems), "problems"); more != nil {
		items = append(items, app.Elem("li").Body(more))
	}
	count := "none"
	if len(problems) > 0 {
		count = strconv.Itoa(len(problems))
	}
	return app.Elem("section").Class("pane pane-problems").Attr("aria-label", "Problems").Body(
		app.Elem("div").Class("pane-head").Body(
			app.Elem("h2").Text("Problems"),
			app.Elem("span").Class("count").Text(count),
		),
		app.If(len(problems) == 0, func() app.UI {
			return app.Elem("p").Class("empty").Text("No problems.")
		}).Else(func() app.UI {
			return app.Elem("ul").Class("problems").Body(items...)
		}),
	)
}

func (p *problemsPane) renderProblem(i int, pr *evaluate.Problem) app.UI {
	missing := "" // a step the plan reads and lacks, which the pane offers to add
	if pr.Kind == template.MissingStep && pr.Suggestion == "" {
		missing = p.Do.MissingStep(i)
	}
	var where app.UI = app.Elem("span").Class("where").Text(placeText(pr))
	if pr.Located() {
		where = app.Elem("button").Class("where link").
			Title("Select the tag in the editor").
			Text(placeText(pr)).
			OnClick(func(ctx app.Context, e app.Event) { p.Do.Reveal(i) }, app.EventScope(i))
	}
	return app.Elem("li").
		Class("problem kind-"+kindClass(pr.KindName())).
		Attr("data-testid", "problem").
		Attr("data-kind", pr.KindName()).
		Attr("data-line", pr.Pos.Line).
		Attr("data-column", pr.Pos.Column).
		Attr("data-step", pr.Step).
		Body(
			app.Elem("div").Class("problem-head").Body(
				app.Elem("span").Class("kind").Text(pr.Label()),
				where,
			),
			app.Elem("p").Class("message").Text(pr.Msg),
			app.If(len(pr.Available) > 0, func() app.UI { return p.renderKeys(i, pr) }),
			app.If(pr.Fix != "", func() app.UI {
				return app.Elem("p").Class("suggest").Body(
					app.Text("Fix: "),
					p.chip(i, pr, pr.Fix, "chip chip-suggest"),
				)
			}),
			app.If(i == 0 && p.Do.BareSteps(), func() app.UI {
				return app.Elem("p").Class("suggest").Body(
					app.Elem("button").Class("btn btn-small").Attr("data-testid", "wrap-steps").Text("Wrap in steps:").
						Title("Make the list the plan's steps").
						OnClick(func(ctx app.Context, e app.Event) {
							focusFirst(mainEditorHost) // the problem goes
							p.Do.WrapInSteps()
						}),
				)
			}),
			app.If(missing != "", func() app.UI {
				return app.Elem("p").Class("suggest").Body(
					app.Elem("button").Class("btn btn-small").Attr("data-testid", "add-step").Attr("data-step", missing).
						Text("Add step "+missing+" with a sample result").Title("Add the step before the one that reads it, with a sample of what the plan reads").
						OnClick(func(ctx app.Context, e app.Event) {
							focusFirst(mainEditorHost) // the problem goes
							p.Do.AddMissingStep(i)
						}, app.EventScope(i)),
				)
			}),
			app.If(pr.Suggestion != "", func() app.UI {
				return app.Elem("p").Class("suggest").Body(
					app.Text("Did you mean "),
					p.chip(i, pr, pr.Suggestion, "chip chip-suggest"),
					app.Text("?"),
				)
			}),
		)
}

// renderKeys shows the keys on offer as chips.
func (p *problemsPane) renderKeys(i int, pr *evaluate.Problem) app.UI {
	chips := make([]app.UI, 0, len(pr.Available)+1)
	for _, k := range pr.Available {
		chips = append(chips, p.chip(i, pr, k, "chip"))
	}
	if pr.More > 0 {
		chips = append(chips, app.Elem("span").Class("more").Text("… and "+strconv.Itoa(pr.More)+" more"))
	}
	label := "available:"
	if pr.Kind == template.MissingStep {
		label = "roots:"
	}
	return app.Elem("div").Class("keys").Body(append([]app.UI{app.Elem("span").Class("keys-label").Text(label)}, chips...)...)
}

// chip is a key; where the failing segment is known, a click puts it
// there.
func (p *problemsPane) chip(i int, pr *evaluate.Problem, key, class string) app.UI {
	if pr.SegStart < 0 {
		return app.Elem("span").Class(class).Text(key)
	}
	return app.Elem("button").
		Class(class).
		Attr("data-testid", "key-chip").
		Attr("data-key", key).
		Title("Use "+key).
		Text(key).
		OnClick(func(ctx app.Context, e app.Event) { p.Do.Fix(i, key) }, app.EventScope(i, key))
}

// placeText is where a problem is: its line and column in its editor,
// named when it is not the main one, and the shape leaf.
func placeText(pr *evaluate.Problem) string {
	s := ""
	if pr.Target.Root != "" {
		s = "root " + pr.Target.Root + " "
	} else if pr.Target.Call {
		s = "call input "
	}
	if pr.Step != "" {
		s += "step " + pr.Step + " "
	}
	if pr.At != "" {
		s += pr.At + " "
	}
	if pr.Pos.Line > 0 {
		s += pr.Pos.String()
	}
	if s == "" {
		return "—"
	}
	return s
}

// kindClass is the CSS class suffix of a kind: EmptyData is neutral.
func kindClass(kind string) string {
	if kind == "" {
		return "error"
	}
	return kind
}
