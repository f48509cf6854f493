//go:build browser

package app_test

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/splicedev/splice/internal/playground/hostileplans"
	"github.com/splicedev/splice/internal/playground/state"
)

// shownJS is true once the page shows a plan's step, a problem or a banner.
const shownJS = `document.querySelector('[data-testid="step"]') || document.querySelector('[data-testid="problem"]') || document.querySelector('[data-testid="banner"]')`

// Hostile plan links leave the page live: each shows a step, a problem or
// a banner within 5 s, and the JavaScript heap stays under 1 GB, also
// after Share and a click on the iteration selector.
func TestBrowserHostilePlanLinks(t *testing.T) {
	base := startServer(t)
	ctx := newBrowser(t)
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
				waitJS(t, ctx, byTestID("iteration")+`?.textContent === "`+strconv.Itoa(i)+` of 10"`)
			}
		}},
		{name: "a 12 MB engine field", plan: "steps: []\n", fields: map[string]any{"engine": strings.Repeat("9", 12<<20)}},
	}
	for _, l := range links {
		start := time.Now()
		navigate(t, ctx, base+"/#"+state.LinkPrefix+state.Pack(hostileplans.PlanState(l.plan, l.fields)))
		waitAppReady(t, ctx)
		waitJS(t, ctx, shownJS)
		shown := time.Since(start)
		t.Logf("%s: shown after %v", l.name, shown.Round(time.Millisecond))
		if shown > 5*time.Second {
			t.Errorf("%s: shown after %v, not within 5 s", l.name, shown.Round(time.Millisecond))
		}
		if l.then != nil {
			l.then()
		}
		heap := evalJS[float64](t, ctx, `performance.memory ? performance.memory.usedJSHeapSize : 0`)
		t.Logf("%s: the JavaScript heap holds %.0f MB", l.name, heap/(1<<20))
		if heap > 1<<30 {
			t.Errorf("%s: the JavaScript heap holds %.0f MB", l.name, heap/(1<<20))
		}
	}
}
