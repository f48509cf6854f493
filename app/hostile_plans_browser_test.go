//go:build browser

package app_test

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/splicedev/splice/internal/browsertest"
	"github.com/splicedev/splice/internal/playground/hostileplans"
	"github.com/splicedev/splice/internal/playground/state"
)

// shownJS is true once the page shows a plan's step, a problem or a banner.
const shownJS = `document.querySelector('[data-testid="step"]') || document.querySelector('[data-testid="problem"]') || document.querySelector('[data-testid="banner"]')`

// Hostile plan links leave the page live: each shows a step, a problem or
// a banner within 5 s, and the JavaScript heap stays under 1 GB, also
// after Share and a click on the iteration selector.
func TestBrowserHostilePlanLinks(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	links := []struct {
		name, plan string
		fields     map[string]any
		then       func()
	}{
		{name: "20 nested decide steps around a 31 MB result", plan: hostileplans.NestedDecides(20, 1_000_000, 31), then: func() {
			click(t, ctx, `[data-testid="share"]`)
			waitTestID(t, ctx, "share-url")
		}},
		{name: "168 nested decide steps around a 31 MB result", plan: hostileplans.NestedDecides(168, 1_000_000, 31)},
		{name: "10 iterations of 1.5 MB items", plan: hostileplans.LargeIterations(10, 1_500_000), then: func() {
			click(t, ctx, `[data-testid="step"][data-id="per"] .step-select`)
			for i := 2; i <= 10; i++ {
				click(t, ctx, `[data-testid="iteration-next"]`)
				browsertest.WaitJS(t, ctx, byTestID("iteration")+`?.textContent === "`+strconv.Itoa(i)+` of 10"`)
			}
		}},
		{name: "a 12 MB engine field", plan: "steps: []\n", fields: map[string]any{"engine": strings.Repeat("9", 12<<20)}},
		{name: "10,000 sample steps", plan: hostileplans.SampleSteps(10000)},
		{name: "a decide step of 2,000 branches", plan: hostileplans.Branches(2000)},
		{name: "a wrong branch among 10,000", plan: strings.Replace(hostileplans.Branches(10000), `"branch":"b0"`, `"branch":"nope"`, 1)},
		{name: "a map of 10,000 results of 3 KB", plan: hostileplans.LargeResults(10000, 3000)},
		{name: "10,000 iterations of 400 typed leaves", plan: hostileplans.TypedLeaves(10000, 400)},
		{name: "a costly pattern over 4 leaves of 1 MB", plan: hostileplans.Checked(
			map[string]any{"type": "object", "additionalProperties": map[string]any{"type": "string", "pattern": "(?:x?){1000}y"}},
			map[string]any{"a": "{{input.s}}", "b": "{{input.s}}", "c": "{{input.s}}", "d": "{{input.s}}"},
			map[string]any{"s": strings.Repeat("x", 1<<20)})},
		{name: "an enum of 10,000 over 20,000 items", plan: hostileplans.Checked(
			map[string]any{"type": "object", "properties": map[string]any{"v": map[string]any{"items": map[string]any{"enum": numbers(10000)}}}},
			map[string]any{"v": "{{input.v}}"}, map[string]any{"v": numbers(20000)})},
		{name: "100,000 items failing a 40 KB pattern", plan: hostileplans.Checked(
			map[string]any{"type": "object", "properties": map[string]any{"v": map[string]any{"items": map[string]any{"type": "string", "pattern": "^" + strings.Repeat("a", 40000)}}}},
			map[string]any{"v": "{{input.v}}"}, map[string]any{"v": slices.Repeat([]string{"x"}, 100000)})},
		{name: "a 4,000-digit multipleOf over 200,000 items", plan: hostileplans.Checked(
			map[string]any{"type": "object", "properties": map[string]any{"v": map[string]any{"items": map[string]any{"multipleOf": json.Number("7" + strings.Repeat("3", 3999))}}}},
			map[string]any{"v": "{{input.v}}"}, map[string]any{"v": numbers(200000)})},
		{name: "50,000 comments hiding a tag", plan: hostileplans.HiddenTags(50000)},
	}
	for _, l := range links {
		start := time.Now()
		browsertest.Navigate(t, ctx, base+"/#"+state.LinkPrefix+state.Pack(hostileplans.PlanState(l.plan, l.fields)))
		waitAppReady(t, ctx)
		browsertest.WaitJS(t, ctx, shownJS)
		shown := time.Since(start)
		t.Logf("%s: shown after %v", l.name, shown.Round(time.Millisecond))
		if shown > 5*time.Second {
			t.Errorf("%s: shown after %v, not within 5 s", l.name, shown.Round(time.Millisecond))
		}
		if l.then != nil {
			l.then()
		}
		heap := browsertest.EvalJS[float64](t, ctx, `performance.memory ? performance.memory.usedJSHeapSize : 0`)
		t.Logf("%s: the JavaScript heap holds %.0f MB", l.name, heap/(1<<20))
		if heap > 1<<30 {
			t.Errorf("%s: the JavaScript heap holds %.0f MB", l.name, heap/(1<<20))
		}
	}
}

// numbers is 0, 1, … n-1.
func numbers(n int) []int {
	list := make([]int, n)
	for i := range list {
		list[i] = i
	}
	return list
}
