//go:build browser

package app_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/splicedev/splice/internal/browsertest"
)

// A slip in the plan's YAML keeps the last run in view, marked stale, the
// parse error on top; mending it runs the plan again.
func TestBrowserPlanSlipKeepsTheLastRun(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	s := exampleState(t, "pr-plan")
	openState(t, ctx, base, s)
	solver := `"#42 Fix the docs by ada: README.md +3, docs/plan.md +40, go.mod +1 (big)"`
	browsertest.WaitJS(t, ctx, byTestID("solver")+`?.dataset.json === `+jsString(solver))

	at := strings.Index(s.Plan, "  - id: card")
	typeAt(t, ctx, "editor", at, `"`) // an unclosed quote: the document does not parse
	line := strings.Count(s.Plan[:at], "\n") + 1
	browsertest.WaitJS(t, ctx, byTestID("stale")+` !== null && document.querySelectorAll('[data-testid="step"]').length === 5 && `+
		byTestID("solver")+`.dataset.json === `+jsString(solver)+` && +`+byTestID("problem")+`?.dataset.line >= `+strconv.Itoa(line))

	pressKey(t, ctx, "Backspace", 8)
	browsertest.WaitJS(t, ctx, byTestID("stale")+` === null && `+byTestID("problem")+` === null && `+
		`document.querySelectorAll('[data-testid="step"][data-status="ok"]').length === 5`)
}
