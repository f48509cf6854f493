package app

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/splicedev/splice/internal/playground/evaluate"
)

// stepsActions is what the steps pane does: show a step (the solver for
// ""), and lead to its text, give a step its sample skeleton, rename a
// step's references.
type stepsActions interface {
	SelectStep(id string)
	RevealStep(id string)
	InsertSample(id string)
	UpdateReferences()
	DismissRename()
}

// stepsPane lists the plan's steps in order (a decide step's branch steps
// inside it), each with its status and what it reads and what reads it,
// then the solver. The list is one tab stop, the selected row's; the
// arrow keys, Home and End move through every row, the solver's too.
type stepsPane struct {
	app.Compo

	Do       stepsActions
	Steps    []evaluate.StepRow
	Solver   *evaluate.StepRow
	Selected string
	Summary  string
	Stale    bool        // the document does not parse: these are its last run's
	Detail   *stepDetail // the selected step's details, to show under its row; nil when shown elsewhere
	Renamed  [2]string   // a step id edited in the document: the old and the new
	Refs     int         // how many references to the old id remain

	shown rowLimit
}

func (p *stepsPane) Render() app.UI {
	items := make([]app.UI, 0, p.shown.of(len(p.Steps))+1)
	for i := range p.shown.of(len(p.Steps)) {
		selected := p.Steps[i].ID == p.Selected
		items = append(items, &stepItem{Do: p.Do, Row: p.Steps[i], Selected: selected})
		if selected && p.Detail != nil {
			items = append(items, app.Elem("li").Class("step-detail-row").Body(p.Detail))
		}
	}
	if more := p.shown.more(len(p.Steps), "steps"); more != nil {
		items = append(items, app.Elem("li").Body(more))
	}
	return app.Elem("section").Class("pane pane-steps").Attr("aria-label", "Steps").Body(
		app.Elem("div").Class("pane-head").Body(
			app.Elem("h2").Text("Steps"),
			app.Elem("span").Class("count").Text(p.Summary),
		),
		app.If(p.Stale, func() app.UI {
			return app.Elem("p").Class("stale").Attr("data-testid", "stale").Role("status").
				Text("The document does not parse (see the problem above): these are its last run's steps.")
		}),
		app.If(p.Refs > 0, func() app.UI {
			return app.Elem("div").Class("rename-offer").Role("status").Body(
				app.Elem("button").Class("btn btn-small btn-primary").Attr("data-testid", "rename-references").
					Text("Rename "+p.Renamed[0]+" to "+p.Renamed[1]+" in "+places(p.Refs)).
					OnClick(func(ctx app.Context, e app.Event) {
						focusFirst(mainEditorHost) // the offer goes; Undo there takes the rename back
						p.Do.UpdateReferences()
					}),
				app.Elem("button").Class("btn btn-small").Text("Dismiss").
					OnClick(func(ctx app.Context, e app.Event) {
						focusFirst(selectedStep, mainEditorHost) // the offer goes
						p.Do.DismissRename()
					}),
			)
		}),
		app.Elem("div").Class("step-rows").ID(stepRowsID).OnKeyDown(p.onKey).Body(
			app.If(len(items) == 0, func() app.UI {
				return app.Elem("p").Class("empty").Text("No steps.")
			}).Else(func() app.UI {
				return app.Elem("ul").Class("steps").Attr("aria-label", "Steps, in run order").Body(items...)
			}),
			app.If(p.Solver != nil, func() app.UI { return p.renderSolver() }),
			app.If(p.Solver != nil && p.Selected == "" && p.Detail != nil, func() app.UI { return p.Detail }),
		),
	)
}

// places writes how many places a rename changes.
func places(n int) string {
	if n == 1 {
		return "1 place"
	}
	return strconv.Itoa(n) + " places"
}

// renderSolver is the solver's row: what the plan answers.
func (p *stepsPane) renderSolver() app.UI {
	s := p.Solver
	row := app.Elem("div").Class("solver step-"+s.Status).Attr("data-testid", "solver").Attr("data-status", s.Status).
		OnClick(func(ctx app.Context, e app.Event) { revealRow(ctx, p.Do, "", e) })
	if s.JSON != "" {
		row = row.Attr("data-json", s.JSON)
	}
	return row.Body(
		app.Elem("button").Class("step-select").TabIndex(tabIndex(p.Selected == "")).Attr("aria-pressed", strconv.FormatBool(p.Selected == "")).Body(
			app.Elem("span").Class("step-id").Text("solver"),
			app.Elem("span").Class("step-status").Text(statusLabel(s)),
		),
		app.If(len(s.Reads) > 0, func() app.UI { return stepChips(p.Do, "reads", s.Reads) }),
	)
}

// onKey moves the selection with the arrow keys, Home and End, through
// the steps and then the solver (the row after the last step).
func (p *stepsPane) onKey(ctx app.Context, e app.Event) {
	rows := len(p.Steps)
	if p.Solver != nil {
		rows++
	}
	if rows == 0 {
		return
	}
	current := -1
	for i, s := range p.Steps {
		if s.ID == p.Selected {
			current = i
		}
	}
	if p.Solver != nil && p.Selected == "" {
		current = len(p.Steps)
	}
	next := current
	switch e.Get("key").String() {
	case "ArrowDown":
		next = min(current+1, rows-1)
	case "ArrowUp":
		next = max(current-1, 0)
	case "Home":
		next = 0
	case "End":
		next = rows - 1
	default:
		return
	}
	e.PreventDefault()
	id := ""
	if next < len(p.Steps) {
		p.shown.reach(next)
		id = p.Steps[next].ID
	}
	p.Do.SelectStep(id)
	list := ctx.JSSrc()
	ctx.Defer(func(ctx app.Context) {
		if b := list.Call("querySelector", `.step-select[aria-pressed="true"]`); b.Truthy() {
			b.Call("focus")
		}
	})
}

// stepItem is one step's row; a component, so that an edit redraws only
// the rows whose steps changed.
type stepItem struct {
	app.Compo

	Do       stepsActions
	Row      evaluate.StepRow
	Selected bool
}

func (s *stepItem) Render() app.UI {
	r := &s.Row
	li := app.Elem("li").Class("step step-"+r.Status+" depth-"+strconv.Itoa(min(r.Depth, 3))).
		Attr("data-testid", "step").Attr("data-id", r.ID).Attr("data-status", r.Status).
		OnClick(func(ctx app.Context, e app.Event) { revealRow(ctx, s.Do, s.Row.ID, e) })
	if r.JSON != "" {
		li = li.Attr("data-json", r.JSON)
	}
	return li.Body(
		app.Elem("button").Class("step-select").TabIndex(tabIndex(s.Selected)).Attr("aria-pressed", strconv.FormatBool(s.Selected)).Body(
			app.Elem("span").Class("step-id").Text(r.ID),
			app.Elem("span").Class("step-what").Text(r.What()),
			app.Elem("span").Class("step-status").Text(statusLabel(r)),
		),
		app.If(r.BlockedBy != "", func() app.UI { return stepChips(s.Do, "blocked by", []string{r.BlockedBy}) }),
		app.If(len(r.Reads) > 0, func() app.UI { return stepChips(s.Do, "reads", r.Reads) }),
		app.If(len(r.ReadBy) > 0, func() app.UI { return stepChips(s.Do, "read by", r.ReadBy) }),
		app.If(r.Note != "", func() app.UI { return app.Elem("p").Class("step-note").Attr("data-testid", "step-note").Text(r.Note) }),
		app.If(r.NeedsSample, func() app.UI {
			return app.Elem("button").Class("btn btn-small").Attr("data-testid", "insert-sample").
				Text("Add a sample result").Title("Insert a result: skeleton into step " + r.ID).
				OnClick(func(ctx app.Context, e app.Event) {
					s.Do.InsertSample(s.Row.ID) // selects the sample in the editor, which takes the focus
					keepFocus(ctx, ctx.JSSrc(), mainEditorHost)
				})
		}),
	)
}

// revealRow leads a click on a row (or Enter on its button) to step id's
// text; a click on another of its controls (a chip, a button) is theirs.
// A click on the row's text, which takes the focus nowhere, leaves it on
// the row's button: the arrows go on from the row clicked.
func revealRow(ctx app.Context, do stepsActions, id string, e app.Event) {
	if b := e.Get("target").Call("closest", "button, a"); b.Truthy() && !b.Get("classList").Call("contains", "step-select").Bool() {
		return
	}
	do.RevealStep(id)
	keepFocus(ctx, ctx.JSSrc(), selectedStep) // the row's, once it shows it selected
}

// statusLabel says a step's status for people.
func statusLabel(r *evaluate.StepRow) string {
	switch r.Status {
	case "ok":
		return "ran"
	case "sample":
		return "sample"
	case "skipped":
		return "not taken"
	case "blocked":
		return "blocked"
	}
	if r.Problems > 0 {
		return "failed (" + strconv.Itoa(r.Problems) + ")"
	}
	return r.Status
}

// maxChips is how many steps a row names in one list; it counts the rest.
const maxChips = 20

// stepChips names steps ("" the solver), each a button that shows it: the
// first maxChips, then how many more.
func stepChips(do stepsActions, label string, ids []string) app.UI {
	chips := []app.UI{app.Elem("span").Class("keys-label").Text(label + ":")}
	for _, id := range ids[:min(len(ids), maxChips)] {
		chip := app.Elem("button").Class("chip").Attr("data-testid", "step-chip")
		if id == "" {
			chip = chip.Title("Show the solver").Text("solver")
		} else {
			chip = chip.Attr("data-step", id).Title("Show step " + id).Text(id)
		}
		chips = append(chips, chip.OnClick(func(ctx app.Context, e app.Event) { do.SelectStep(id) }, app.EventScope(id)))
	}
	if more := len(ids) - maxChips; more > 0 {
		chips = append(chips, app.Elem("span").Class("more").Text("… and "+strconv.Itoa(more)+" more"))
	}
	return app.Elem("div").Class("keys step-links").Body(chips...)
}
