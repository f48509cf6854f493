package app

import (
	"strconv"
	"strings"
	"testing"

	"github.com/splicedev/splice/internal/playground"
	"github.com/splicedev/splice/internal/playground/evaluate"
	"github.com/splicedev/splice/internal/playground/hostileplans"
	"github.com/splicedev/splice/internal/playground/state"
)

// A step read by many names the first maxChips of them, then how many
// more.
func TestStepChipsCountTheRest(t *testing.T) {
	readBy := make([]string, 50)
	for i := range readBy {
		readBy[i] = "s" + strconv.Itoa(i)
	}
	html := mount(t, &stepItem{Row: evaluate.StepRow{ID: "first", Status: "ok", Form: "call", ReadBy: readBy}})
	if n := strings.Count(html, `data-testid="step-chip"`); n != maxChips || !strings.Contains(html, "… and 30 more") {
		t.Errorf("%d chips, and no count of the rest:\n%s", n, html)
	}
}

// The steps pane of nested decide steps around a large result holds each
// result cut, within the run's output budget in all.
func TestStepsPaneOfNestedDecidesIsBounded(t *testing.T) {
	s := playground.NewSession(state.State{Mode: state.ModePlan, Plan: hostileplans.NestedDecides(40, 100_000, 30)})
	html := mount(t, &stepsPane{Steps: s.Out.Plan.Steps, Solver: s.Out.Plan.Solver, Summary: s.Out.Plan.Summary})
	if len(html) > 34<<20 || strings.Count(html, `data-testid="step"`) != 41 {
		t.Errorf("the steps pane of 41 rows is %d bytes", len(html))
	}
}
