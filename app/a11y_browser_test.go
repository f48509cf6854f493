//go:build browser

package app_test

// TestBrowserAxe runs axe-core (editor/node_modules, from `make editor`)
// on every page in the light and the dark theme.

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/splicedev/splice/internal/browsertest"
	"github.com/splicedev/splice/internal/examples"
	"github.com/splicedev/splice/internal/playground"
	"github.com/splicedev/splice/internal/playground/state"
)

// axeFile is axe-core's browser build; it is a dev dependency of editor/,
// kept out of web/editor.js (the bridge never imports it).
const axeFile = "../editor/node_modules/axe-core/axe.min.js"

// axeViolation is the part of an axe result the report needs.
type axeViolation struct {
	ID, Impact, Help string
	Nodes            []struct {
		Target         []any // CSS selectors; nested for shadow DOM and frames
		FailureSummary string
	}
}

func TestBrowserAxe(t *testing.T) {
	axe := readAxe(t)
	base := browsertest.StartServer(t)
	// An error kind's example: the problems pane with its key chips.
	var failing state.State
	for _, ex := range examples.All {
		if ex.Error {
			failing = ex.Open()
			break
		}
	}
	payload := encodeState(failing)
	// A shape with a failing leaf: its partial result, marked.
	partial := examples.Default.Open()
	partial.Mode, partial.Shape = state.ModeShape, `{"team": "{{input.team}}", "bad": "{{input.teem}}"}`
	pages := []struct {
		name, path string
		ready      func(*testing.T, context.Context)
	}{
		{"playground", "/", waitDefaultExample},
		{"playground-problems", "/#" + state.LinkPrefix + payload, func(t *testing.T, ctx context.Context) { waitTestID(t, ctx, "problem") }},
		{"playground-partial", "/#" + state.LinkPrefix + encodeState(partial), func(t *testing.T, ctx context.Context) { waitTestID(t, ctx, "failed-leaf") }},
		{"playground-menu", "/", func(t *testing.T, ctx context.Context) {
			waitDefaultExample(t, ctx)
			click(t, ctx, "#examples-button")
			waitTestID(t, ctx, "example")
		}},
		{"plan-problem", "/#" + state.LinkPrefix + encodeState(examples.ByID("broken-plan").Open()),
			func(t *testing.T, ctx context.Context) { waitTestID(t, ctx, "problem"); waitTestID(t, ctx, "solver") }},
		{"plan-iteration", "/#" + state.LinkPrefix + encodeState(examples.ByID("pr-plan").Open()),
			func(t *testing.T, ctx context.Context) {
				waitTestID(t, ctx, "solver")
				click(t, ctx, `[data-testid="step"][data-id="per_file"] .step-select`)
				click(t, ctx, `[data-testid="iteration-next"]`)
				browsertest.WaitJS(t, ctx, byTestID("iteration")+`?.textContent === "2 of 3"`)
			}},
		{"plan-decide", "/#" + state.LinkPrefix + encodeState(examples.ByID("pr-plan").Open()),
			func(t *testing.T, ctx context.Context) {
				waitTestID(t, ctx, "solver")
				click(t, ctx, `[data-testid="step"][data-id="route"] .step-select`)
				waitTestID(t, ctx, "branch-choice")
			}},
		{"plan-fold", "/#" + state.LinkPrefix + encodeState(examples.ByID("fold-plan").Open()),
			func(t *testing.T, ctx context.Context) {
				waitTestID(t, ctx, "solver")
				click(t, ctx, `[data-testid="step"][data-id="changelog"] .step-select`)
				waitTestID(t, ctx, "iteration")
			}},
		{"embed", state.EmbedPath, waitDefaultExample},
		{"docs", "/docs", func(*testing.T, context.Context) {}}, // rendered with the app
	}
	for _, p := range pages {
		for _, scheme := range []string{"light", "dark"} {
			t.Run(p.name+"/"+scheme, func(t *testing.T) {
				ctx := browsertest.NewBrowser(t)
				// Every page follows the system's scheme until a visitor
				// picks a theme, so emulating it covers both themes.
				emulateScheme(t, ctx, scheme)
				browsertest.Navigate(t, ctx, base+p.path)
				waitAppReady(t, ctx)
				p.ready(t, ctx)
				if !browsertest.EvalJS[bool](t, ctx, `matchMedia("(prefers-color-scheme: `+scheme+`)").matches`) {
					t.Fatalf("the page does not see the %s scheme", scheme)
				}
				reportViolations(t, runAxe(t, ctx, axe))
			})
		}
	}
}

// readAxe reads axe-core's source. Under CI it must be there, since
// .ci/run runs make editor first.
func readAxe(t *testing.T) string {
	t.Helper()
	src, err := os.ReadFile(axeFile)
	if err != nil {
		msg := fmt.Sprintf("axe-core is missing: run make editor (%v)", err)
		if os.Getenv("CI") != "" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	return string(src)
}

// waitDefaultExample waits until the playground (or the embed) shows the
// default example and its output, so axe sees the editors and the panes.
func waitDefaultExample(t *testing.T, ctx context.Context) {
	t.Helper()
	s := examples.Default.Open()
	browsertest.WaitJS(t, ctx, byTestID("editor")+`?.value === `+jsString(s.Text(state.Target{})))
	waitOutput(t, ctx, playground.NewSession(s).Out.Result.JSON)
}

// runAxe injects axe into the page and runs it. Runtime.evaluate is not
// subject to the page's Content Security Policy, which forbids inline
// scripts; evalJS is not used for the injection, as its errors would quote
// the whole source.
func runAxe(t *testing.T, ctx context.Context, axe string) []axeViolation {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[chromedp.Void](axe)); err != nil {
		t.Fatalf("injecting axe-core: %v", err)
	}
	// Only what the report reads comes back: the whole result is large.
	return browsertest.EvalJS[[]axeViolation](t, ctx, `axe.run(document, {resultTypes: ["violations"]}).then(r =>
  r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map(n => ({target: n.target, failureSummary: n.failureSummary}))})))`)
}

// reportViolations fails the test on serious and critical violations and
// logs the minor and moderate ones.
func reportViolations(t *testing.T, violations []axeViolation) {
	t.Helper()
	for _, v := range violations {
		var b strings.Builder
		fmt.Fprintf(&b, "%s (%s): %s", v.ID, v.Impact, v.Help)
		for _, n := range v.Nodes {
			fmt.Fprintf(&b, "\n  %v\n    %s", n.Target, strings.ReplaceAll(n.FailureSummary, "\n", "\n    "))
		}
		if v.Impact == "serious" || v.Impact == "critical" {
			t.Error(b.String())
		} else {
			t.Log(b.String())
		}
	}
}

// TestBrowserFocusNotObscured: a control brought into view on a page
// scrolled down, by the least scroll that shows it (as some browsers do for
// the focus, and as a click by a test tool does), is clear of the sticky
// top bar (WCAG 2.4.11); on a phone, where the bar wraps to two or three
// rows, the bar scrolls away with the page.
func TestBrowserFocusNotObscured(t *testing.T) {
	base := browsertest.StartServer(t)
	for _, width := range []int64{1440, 700, 390} {
		ctx := browsertest.NewBrowser(t)
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(width, 700)); err != nil {
			t.Fatal(err)
		}
		openState(t, ctx, base, exampleState(t, "pr-plan"))
		if width <= 640 {
			if bottom := browsertest.EvalJS[float64](t, ctx, `window.scrollTo(0, document.documentElement.scrollHeight), document.querySelector(".topbar").getBoundingClientRect().bottom`); bottom > 0 {
				t.Errorf("%d px wide, scrolled to the end: the top bar still takes %.0f px", width, bottom)
			}
		}
		for _, target := range []string{`[data-testid="mode-template"]`, `[data-testid="mode-plan"]`, `[data-testid="step"] button`} {
			got := browsertest.EvalJS[string](t, ctx, `(() => {
  window.scrollTo(0, document.documentElement.scrollHeight);
  const el = document.querySelector(`+jsString(target)+`);
  el.scrollIntoView({block: "nearest"});
  el.focus({preventScroll: true});
  if (document.activeElement !== el) return "it does not take the focus";
  const r = el.getBoundingClientRect();
  const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return el.contains(at) ? "" : "covered by " + (at ? at.className || at.tagName : "nothing") + " at " + Math.round(r.top);
})()`)
			if got != "" {
				t.Errorf("%d px wide, %s focused on a page scrolled down: %s", width, target, got)
			}
		}
	}
}
