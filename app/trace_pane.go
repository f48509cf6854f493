package app

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/splicedev/splice/internal/display"
)

// tracePane lists every tag with what it resolved to, so that a plan
// author sees each splice at once.
type tracePane struct {
	app.Compo

	Rows []display.TraceRow // compared on each render: typing text that moves no tag redraws nothing

	shown rowLimit
	// painted turns true once the frame the pane first appears in is
	// painted: in the browser its rows, half of the page's elements on a
	// first visit, are made after that frame, so that the editors come
	// sooner.
	painted bool
}

func (t *tracePane) OnMount(ctx app.Context) {
	afterFirstPaint(ctx, func() { t.painted = true })
}

func (t *tracePane) Render() app.UI {
	rows := t.Rows
	leaves := false
	for _, r := range rows {
		leaves = leaves || r.Leaf != ""
	}
	var body []app.UI
	if t.painted || !app.IsClient {
		body = make([]app.UI, 0, t.shown.of(len(rows))+1)
		for i := range t.shown.of(len(rows)) {
			body = append(body, renderTraceRow(&rows[i], leaves))
		}
		if more := t.shown.more(len(rows), "tags"); more != nil {
			body = append(body, app.Elem("tr").Body(app.Elem("td").Attr("colspan", 6).Body(more)))
		}
	}
	head := []app.UI{app.Elem("th").Attr("scope", "col").Text("at")}
	if leaves {
		head = append(head, app.Elem("th").Attr("scope", "col").Text("leaf"))
	}
	head = append(head,
		app.Elem("th").Attr("scope", "col").Text("tag"),
		app.Elem("th").Attr("scope", "col").Text("type"),
		app.Elem("th").Attr("scope", "col").Text("value"),
		app.Elem("th").Attr("scope", "col").Text("runs"),
	)
	return app.Elem("section").Class("pane pane-trace").Attr("data-testid", "trace").Attr("aria-label", "Trace").Body(
		app.Elem("div").Class("pane-head").Body(
			app.Elem("h2").Text("Trace"),
			app.Elem("span").Class("hint").Text("every tag and what it resolved to"),
		),
		app.If(len(rows) == 0, func() app.UI {
			return app.Elem("p").Class("empty").Text("No tags traced.")
		}).Else(func() app.UI {
			return app.Elem("div").Class("table-wrap").TabIndex(0).Role("region").Attr("aria-label", "Trace table").Body(
				app.Elem("table").Class("trace").Body(
					app.Elem("thead").Body(app.Elem("tr").Body(head...)),
					app.Elem("tbody").Body(body...),
				),
			)
		}),
	)
}

func renderTraceRow(r *display.TraceRow, leaves bool) app.UI {
	cells := []app.UI{app.Elem("td").Class("at").Text(r.Pos.String())}
	if leaves {
		cells = append(cells, app.Elem("td").Class("leaf").Text(r.Leaf))
	}
	cells = append(cells, app.Elem("td").Body(app.Elem("code").Class("tk tk-"+r.Kind).Text(r.Tag)))
	switch r.Status {
	case "value":
		cells = append(cells,
			app.Elem("td").Body(app.Elem("span").Class("badge badge-"+r.Type).Text(r.Type)),
			app.Elem("td").Class("value").Title(r.Value).Text(r.Value))
	case "falsy":
		cells = append(cells,
			app.Elem("td").Body(app.Elem("span").Class("kind kind-falsy").Text("falsy")),
			app.Elem("td").Class("value muted").Text(r.Value))
	case "failed":
		cells = append(cells,
			app.Elem("td").Body(app.Elem("span").Class("kind kind-"+r.Type).Text(r.Label())),
			app.Elem("td").Class("value value-error").Text(r.Value))
	default: // not reached, or absent
		cells = append(cells, app.Elem("td"), app.Elem("td").Class("value muted").Text(r.Value))
	}
	runs := "×" + strconv.Itoa(r.Count)
	cells = append(cells, app.Elem("td").Class("runs").Text(runs))
	return app.Elem("tr").Class("trace-row").Body(cells...)
}
