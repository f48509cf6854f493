package app

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// rowsAtOnce is how many rows a list shows before it asks: a link or a
// template can make tens of thousands of tags or problems, and the page
// must not hold a row for each.
const rowsAtOnce = 200

// rowLimit is how many rows of a long list a pane shows: rowsAtOnce, and
// rowsAtOnce more each time its button is pressed.
type rowLimit struct{ extra int }

// of is how many of n rows to show.
func (l *rowLimit) of(n int) int { return min(n, rowsAtOnce+l.extra) }

// reach shows rows as far as row i, which the keyboard moved to.
func (l *rowLimit) reach(i int) { l.extra = max(l.extra, i+1-rowsAtOnce) }

// more is the button that shows more of n rows, named by noun, or nil
// when all are shown. Its click updates the pane it sits in.
func (l *rowLimit) more(n int, noun string) app.UI {
	hidden := n - l.of(n)
	if hidden <= 0 {
		return nil
	}
	return app.Elem("button").Class("btn btn-small more-rows").Attr("data-testid", "more-rows").
		Text("Show " + strconv.Itoa(min(hidden, rowsAtOnce)) + " more (" + strconv.Itoa(hidden) + " " + noun + " not shown)").
		OnClick(func(ctx app.Context, e app.Event) { l.extra += rowsAtOnce })
}
