package app

import (
	"slices"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/splicedev/splice/internal/playground/evaluate"
)

// stepDetailActions is what the selected step's view does.
type stepDetailActions interface {
	ShowIteration(i int)
	SetDecision(id, branch string)
	OpenStepAlone()
}

// stepDetail heads the output in plan mode: which step it shows, a map's
// or fold's iteration selector with that iteration's item, index and
// accumulator, a decide step's branch selector, and the step's rendered
// input (the iteration's, for a map or fold).
type stepDetail struct {
	app.Compo

	Do   stepDetailActions
	View evaluate.PlanView
}

func (d *stepDetail) Render() app.UI {
	v := &d.View
	title := "Solver"
	if i := slices.IndexFunc(v.Steps, func(r evaluate.StepRow) bool { return r.ID == v.Selected }); i >= 0 && v.Selected != "" {
		title = "Step " + v.Selected + " (" + v.Steps[i].Form + ")"
	}
	return app.Elem("section").Class("pane pane-step").Attr("data-testid", "step-detail").Attr("data-id", v.Selected).
		Attr("aria-label", "Selected step").Body(
		app.Elem("div").Class("pane-head").Body(
			app.Elem("h2").Text(title),
			app.Elem("div").Class("spacer"),
			app.If(v.Alone, func() app.UI {
				return app.Elem("button").Class("btn btn-small").Attr("data-testid", "open-step").Text("Open this step alone").
					Title("Open the step's input as a shape, its roots with their values here").
					OnClick(func(ctx app.Context, e app.Event) { d.Do.OpenStepAlone() })
			}),
		),
		app.If(v.Selected == "", func() app.UI {
			return app.Elem("p").Class("hint step-about").Text("The plan's answer: the solver's template rendered over the results of the steps it reads, shown below.")
		}),
		app.If(v.Iterations > 0, func() app.UI { return d.renderIteration() }),
		app.If(len(v.Branches) > 0, func() app.UI { return d.renderBranches() }),
		app.If(v.Input != "", func() app.UI {
			return app.Elem("div").Class("step-input").Body(
				app.Elem("h3").Text("Rendered input"),
				app.Elem("pre").Class("result").Attr("data-testid", "step-input").TabIndex(0).Role("region").
					Attr("aria-label", "Rendered input").Text(v.Input),
			)
		}),
	)
}

// renderIteration is the iteration selector, ← 2 of 5 →, and the
// iteration's roots.
func (d *stepDetail) renderIteration() app.UI {
	v := &d.View
	roots := make([]app.UI, 0, 2*len(v.IterationRoots))
	for _, r := range v.IterationRoots {
		roots = append(roots, app.Elem("dt").Text(r.Name), app.Elem("dd").Body(app.Elem("code").Attr("data-testid", "iteration-"+r.Name).Text(r.Text)))
	}
	return app.Elem("div").Class("iteration").Body(
		app.Elem("div").Class("iteration-nav").Role("group").Attr("aria-label", "Iteration").Body(
			app.Elem("button").Class("btn btn-small").Attr("data-testid", "iteration-prev").Attr("aria-label", "Previous iteration").
				Attr("disabled", v.Iteration == 0).Text("←").
				OnClick(func(ctx app.Context, e app.Event) {
					d.Do.ShowIteration(d.View.Iteration - 1)
					keepFocus(ctx, ctx.JSSrc(), iterationNext)
				}),
			app.Elem("span").Attr("data-testid", "iteration").Attr("aria-live", "polite").
				Text(strconv.Itoa(v.Iteration+1)+" of "+strconv.Itoa(v.Iterations)),
			app.Elem("button").Class("btn btn-small").Attr("data-testid", "iteration-next").Attr("aria-label", "Next iteration").
				Attr("disabled", v.Iteration == v.Iterations-1).Text("→").
				OnClick(func(ctx app.Context, e app.Event) {
					d.Do.ShowIteration(d.View.Iteration + 1)
					keepFocus(ctx, ctx.JSSrc(), iterationPrev)
				}),
		),
		app.Elem("dl").Class("iteration-roots").Body(roots...),
	)
}

// renderBranches is the branch selector of a decide step: choosing one
// writes it as the step's branch in the document.
func (d *stepDetail) renderBranches() app.UI {
	v := &d.View
	buttons := []app.UI{app.Elem("span").Class("keys-label").Text("branch:")}
	for _, b := range v.Branches {
		buttons = append(buttons, app.Elem("button").Class("chip").Attr("data-testid", "branch-choice").Attr("data-branch", b).
			Attr("aria-pressed", strconv.FormatBool(b == v.Decision)).Text(b).
			OnClick(func(ctx app.Context, e app.Event) {
				d.Do.SetDecision(d.View.Selected, b)
				keepFocus(ctx, ctx.JSSrc(), `[data-testid="branch-choice"][data-branch="`+b+`"]`, selectedStep)
			}, app.EventScope(b)))
	}
	return app.Elem("div").Class("keys branches").Role("group").Attr("aria-label", "Sample decision").Body(buttons...)
}
