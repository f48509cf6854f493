//go:build browser

package app_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/splicedev/splice/internal/browsertest"
	"github.com/splicedev/splice/internal/playground/state"
)

// hostileStates are states a link may carry that once froze or crashed the
// page: a render, a document or a link far larger in effect than in size.
func hostileStates() map[string]state.State {
	leaves := make([]string, 3000)
	for i := range leaves {
		leaves[i] = fmt.Sprintf(`"k%d": "{{input.s}}"`, i)
	}
	longKey := make([]string, 20000)
	for i := range longKey {
		longKey[i] = fmt.Sprintf(`"l%d": "{{input.a}}"`, i)
	}
	roots := []state.RootText{{Name: "input", Text: `{"xs": [` + strings.TrimSuffix(strings.Repeat("1,", 100000), ",") + `]}`}}
	for i := range 5000 {
		roots = append(roots, state.RootText{Name: fmt.Sprintf("E%d", i), Text: `{"x": 1}`})
	}
	var defs []string
	for i := range 40 {
		defs = append(defs, fmt.Sprintf(`"d%d": {"anyOf": [{"$ref": "#/$defs/d%d"}, {"$ref": "#/$defs/d%d"}]}`, i, i+1, i+1))
	}
	defs = append(defs, `"d40": {"type": "string"}`)
	return map[string]state.State{
		"30,000 tags": {Mode: state.ModeTemplate, Template: strings.Repeat("{{input.a}}", 30000),
			Roots: []state.RootText{{Name: "input", Text: `{"a": 1}`}}},
		"3,000 leaves of a 1 MiB string": {Mode: state.ModeShape, Shape: "{" + strings.Join(leaves, ",") + "}",
			Roots: []state.RootText{{Name: "input", Text: `{"s": "` + strings.Repeat("x", 1<<20) + `"}`}}},
		"a 100 KB key above 20,000 leaves": {Mode: state.ModeShape, Shape: `{"` + strings.Repeat("k", 100<<10) + `": {` + strings.Join(longKey, ",") + "}}",
			Roots: []state.RootText{{Name: "input", Text: `{"a": 1}`}}},
		"5,000 roots read 100,000 times": {Mode: state.ModeTemplate, Template: "{{#input.xs}}{{E0.x}}{{/input.xs}}", Roots: roots},
		"alternatives over a $ref chain": {Mode: state.ModeTool, Call: "1",
			Tool: "name: chain\nkind: reshape\ncaller_shape: true\ninput_schema: {\"$ref\": \"#/$defs/d0\", \"$defs\": {" + strings.Join(defs, ", ") + "}}\n"},
	}
}

// Every hostile link leaves the page live: a result, a problem or a banner
// shows, the trace and problems hold a bounded number of rows, and the
// JavaScript heap stays under 1 GB.
func TestBrowserHostileLinks(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	for name, s := range hostileStates() {
		start := time.Now()
		browsertest.Navigate(t, ctx, linkTo(base, s))
		waitAppReady(t, ctx)
		browsertest.WaitJS(t, ctx, `document.querySelector('[data-testid="output"][data-json]') || document.querySelector('[data-testid="problem"]') || document.querySelector('[data-testid="banner"]')`)
		t.Logf("%s: shown after %v", name, time.Since(start).Round(time.Millisecond))
		rows := browsertest.EvalJS[int](t, ctx, `document.querySelectorAll('.trace-row').length + document.querySelectorAll('[data-testid="problem"]').length`)
		if rows > 2*200 {
			t.Errorf("%s: %d trace and problem rows in the page", name, rows)
		}
		heap := browsertest.EvalJS[float64](t, ctx, `performance.memory ? performance.memory.usedJSHeapSize : 0`)
		if heap > 1<<30 {
			t.Errorf("%s: the JavaScript heap holds %.0f MB", name, heap/(1<<20))
		}
	}
}

// A long trace shows its first rows and a button for more.
func TestBrowserLongTraceShowsMore(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	openState(t, ctx, base, state.State{Mode: state.ModeTemplate, Template: strings.Repeat("{{input.a}}", 450),
		Roots: []state.RootText{{Name: "input", Text: `{"a": 1}`}}})
	browsertest.WaitJS(t, ctx, `document.querySelectorAll('.trace-row').length === 200`)
	if got := browsertest.EvalJS[string](t, ctx, byTestID("more-rows")+`.textContent`); got != "Show 200 more (250 tags not shown)" {
		t.Errorf("the button says %q", got)
	}
	click(t, ctx, `[data-testid="more-rows"]`)
	browsertest.WaitJS(t, ctx, `document.querySelectorAll('.trace-row').length === 400`)
	click(t, ctx, `[data-testid="more-rows"]`)
	browsertest.WaitJS(t, ctx, `document.querySelectorAll('.trace-row').length === 450 && !`+byTestID("more-rows"))
}

// The note that a link holds iteration roots set aside is said where the
// link is opened in the playground, once: not in /embed, not on Back to
// A YAML comment that hides a tag is a warning whose fix quotes the value,
