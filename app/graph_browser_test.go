//go:build browser

package app_test

// The plan's graph in Chromium, through its hooks: graph (the SVG host),
// graph-node (data-id, data-status, data-kind), graph-edge (data-from,
// data-to); and the Mermaid text Copy as Markdown gives, drawn by the
// mermaid package.

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/splicedev/splice/internal/benchdata"
	"github.com/splicedev/splice/internal/browsertest"
	"github.com/splicedev/splice/internal/examples"
	"github.com/splicedev/splice/internal/playground"
	"github.com/splicedev/splice/internal/playground/evaluate"
	"github.com/splicedev/splice/internal/playground/state"
	"github.com/splicedev/splice/plan"
	"github.com/splicedev/splice/plan/graph"
)

// graphPlan has a node of every kind: a sample, a map, a decide step with
// a taken and a not-taken branch, a failed step, the step it blocks and a
// solver (plan/graph's test document).
var graphPlan = func() string {
	b, err := os.ReadFile("../plan/graph/testdata/every-kind.yaml")
	if err != nil {
		panic(err)
	}
	return string(b)
}()

// graphHooks is what the graph shows through its hooks.
type graphHooks struct {
	Nodes []struct{ ID, Status, Kind, Pressed string }
	Edges []struct{ From, To, Title string }
}

const readGraph = `(() => ({
  Nodes: [...document.querySelectorAll('[data-testid="graph"] [data-testid="graph-node"]')].map((e) =>
    ({ID: e.dataset.id, Status: e.dataset.status, Kind: e.dataset.kind, Pressed: e.getAttribute("aria-pressed") ?? ""})),
  Edges: [...document.querySelectorAll('[data-testid="graph"] [data-testid="graph-edge"]')].map((e) =>
    ({From: e.dataset.from, To: e.dataset.to, Title: e.querySelector("title")?.textContent ?? ""})),
}))()`

func (h *graphHooks) node(kind, id string) string {
	for _, n := range h.Nodes {
		if n.Kind == kind && n.ID == id {
			return n.Status
		}
	}
	return "none"
}

// openWide opens the playground in a window wide enough for the graph
// beside the steps and the details.
func openWide(t *testing.T) context.Context {
	t.Helper()
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 900)); err != nil {
		t.Fatal(err)
	}
	browsertest.Navigate(t, ctx, base+"/")
	waitAppReady(t, ctx)
	return ctx
}

func TestBrowserPlanGraph(t *testing.T) {
	ctx := openWide(t)
	openPlanLink(t, ctx, graphPlan)
	browsertest.WaitJS(t, ctx, `document.querySelectorAll('[data-testid="graph-node"]').length === 10`)

	// A node per step, of its kind and with its row's status; a node per
	// branch, the taken one lit; the solver.
	g := browsertest.EvalJS[graphHooks](t, ctx, readGraph)
	rows := browsertest.EvalJS[planPage](t, ctx, readPlanPage)
	for _, r := range rows.Steps {
		kind := map[string]string{"M": "map", "D": "decide"}[r.ID]
		if kind == "" {
			kind = "call"
		}
		if got := g.node(kind, r.ID); got != r.Status {
			t.Errorf("node %s (%s): status %s, its row's %s", r.ID, kind, got, r.Status)
		}
	}
	for _, want := range [][3]string{{"branch", "D/fix", "ok"}, {"branch", "D/skip", "skipped"}, {"solver", "", rows.Solver.Status}} {
		if got := g.node(want[0], want[1]); got != want[2] {
			t.Errorf("%s %q: status %s, want %s", want[0], want[1], got, want[2])
		}
	}
	// An edge per read, named by the paths read; the blocked one so drawn.
	var edges []string
	for _, e := range g.Edges {
		edges = append(edges, e.From+"→"+e.To)
	}
	for _, want := range []string{"E1→M", "M→F1", "E1→Bad", "Bad→After", "D→", "After→", "E1→"} {
		if !slices.Contains(edges, want) {
			t.Errorf("no edge %s in %v", want, edges)
		}
	}
	for _, e := range g.Edges {
		if e.From == "E1" && e.To == "M" && !strings.Contains(e.Title, "{{E1.files}}, {{E1.number}}") {
			t.Errorf("the edge E1→M is named %q, want the paths it reads", e.Title)
		}
	}
	if n := browsertest.EvalJS[int](t, ctx, `document.querySelectorAll('[data-testid="graph-edge"].blocked[data-from="Bad"][data-to="After"]').length`); n != 1 {
		t.Error("the edge Bad→After is not drawn blocked")
	}
	if got := browsertest.EvalJS[string](t, ctx, byTestID("graph")+`.getAttribute("aria-describedby")`); got == "" ||
		!browsertest.EvalJS[bool](t, ctx, `!!document.getElementById(`+jsString(got)+`)?.querySelector('[data-testid="step"]')`) {
		t.Errorf("the graph's aria-describedby %q is not the steps list", got)
	}

	// A click on a node selects its step in the list and the graph, and
	// puts the caret in its text.
	click(t, ctx, `[data-testid="graph-node"][data-id="M"] .graph-head`)
	browsertest.WaitJS(t, ctx, `document.querySelector('[data-testid="step"][data-id="M"] .step-select')?.getAttribute("aria-pressed") === "true" &&
		document.querySelector('[data-testid="graph-node"][data-id="M"]').getAttribute("aria-pressed") === "true"`)
	at := strings.Index(graphPlan, "- id: M")
	browsertest.WaitJS(t, ctx, fmt.Sprintf(`(() => { const e = %s; return e.selectionStart >= %d && e.selectionStart < %d; })()`,
		byTestID("editor"), utf16Offset(graphPlan, at), utf16Offset(graphPlan, strings.Index(graphPlan, "- id: D"))))

	// The arrow keys move along the graph, selecting as they go; − and +
	// close and open a container.
	browsertest.EvalJS[bool](t, ctx, `(document.querySelector('[data-testid="graph-node"][data-id="M"]').focus(), true)`)
	pressKey(t, ctx, "ArrowDown", 40)
	browsertest.WaitJS(t, ctx, `document.querySelector('[data-testid="step"][data-id="D"] .step-select')?.getAttribute("aria-pressed") === "true" &&
		document.activeElement?.dataset.id === "D"`)
	pressKey(t, ctx, "-", 189)
	browsertest.WaitJS(t, ctx, `document.querySelectorAll('[data-testid="graph-node"]').length === 6 && document.activeElement?.dataset.id === "D"`)
	if n := browsertest.EvalJS[int](t, ctx, `document.querySelectorAll('[data-testid="graph-edge"][data-from="M"][data-to="D"]').length`); n != 1 {
		t.Error("closed, D does not draw its step F1's read of M")
	}
	pressKey(t, ctx, "+", 187)
	browsertest.WaitJS(t, ctx, `document.querySelectorAll('[data-testid="graph-node"]').length === 10`)

	// Selecting a row selects its node.
	click(t, ctx, `[data-testid="step"][data-id="Bad"] .step-select`)
	browsertest.WaitJS(t, ctx, `document.querySelector('[data-testid="graph-node"][data-id="Bad"]').getAttribute("aria-pressed") === "true"`)

	// Typing a literal changes no read and no status: the graph is not
	// touched.
	browsertest.EvalJS[bool](t, ctx, `(window.__graphMutations = 0, new MutationObserver((l) => { window.__graphMutations += l.length; })
		.observe(document.querySelector('[data-testid="graph"]'), {subtree: true, childList: true, attributes: true, characterData: true}), true)`)
	edited := strings.Replace(graphPlan, `label: "plain"`, `label: "plainx"`, 1)
	browsertest.EvalJS[bool](t, ctx, `(`+byTestID("editor")+`.value = `+jsString(edited)+`, true)`)
	browsertest.WaitJS(t, ctx, `document.querySelector('[data-testid="step"][data-id="After"]') !== null && `+byTestID("editor")+`.value.includes("plainx")`)
	browsertest.Pause(ctx, 300*time.Millisecond)
	if n := browsertest.EvalJS[int](t, ctx, `window.__graphMutations`); n != 0 {
		t.Errorf("typing a literal changed the graph %d times", n)
	}
}

// A 500-step plan's graph is drawn; a 10,000-step plan's is named, not
// drawn. The time to open the 500-step plan is logged: loading, running,
// the steps list and the graph (its layout some 1.3 ms of it).
func TestBrowserLargePlanGraph(t *testing.T) {
	ctx := openWide(t)
	text := benchdata.GraphPlan(500)
	p := plan.Load(text)
	nodes := len(graph.Build(p, plan.Run(p, plan.Options{})).Nodes)
	start := time.Now()
	openPlanLink(t, ctx, text)
	browsertest.WaitJS(t, ctx, fmt.Sprintf(`document.querySelectorAll('[data-testid="graph-node"]').length === %d`, nodes))
	t.Logf("a 500-step plan (%d nodes) opened and drawn in %v", nodes, time.Since(start))
	// Closing every container and opening them again places the graph
	// again and draws it: the picture's own cost, in the page.
	for _, step := range []struct{ label, done string }{{"Open all", "every container closed"}, {"Close all", "every container opened"}} {
		start = time.Now()
		browsertest.EvalJS[bool](t, ctx, `(`+byTestID("graph-fold-all")+`.click(), true)`)
		browsertest.WaitJS(t, ctx, byTestID("graph-fold-all")+`.textContent === `+jsString(step.label))
		t.Logf("%s: placed and drawn in %v", step.done, time.Since(start))
	}
	browsertest.WaitJS(t, ctx, fmt.Sprintf(`document.querySelectorAll('[data-testid="graph-node"]').length === %d`, nodes))
	openPlanLink(t, ctx, benchdata.GraphPlan(1000))
	waitTestID(t, ctx, "graph-too-large")
}

// mermaidFile is the mermaid package's browser build; a dev dependency of
// editor/, installed by make editor.
const mermaidFile = "../editor/node_modules/mermaid/dist/mermaid.min.js"

// The Mermaid text Copy as Markdown gives draws, with the mermaid package,
// a node or a subgraph for every node of the plan's graph.
func TestBrowserMermaidExportDraws(t *testing.T) {
	src, err := os.ReadFile(mermaidFile)
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("mermaid is missing: run make editor (%v)", err)
		}
		t.Skipf("mermaid is missing: run make editor (%v)", err)
	}
	ctx := browsertest.NewBrowser(t)
	browsertest.Navigate(t, ctx, browsertest.ServePage(t, "<!doctype html><title>mermaid</title><body></body>"))
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[chromedp.Void](string(src))); err != nil {
		t.Fatalf("loading mermaid: %v", err)
	}
	browsertest.EvalJS[bool](t, ctx, `(mermaid.initialize({startOnLoad: false}), true)`)
	for k, text := range []string{graphPlan, examples.ByID("pr-plan").Open().Plan, examples.ByID("broken-plan").Open().Plan} {
		s := state.State{Mode: state.ModePlan, Plan: text}
		out := playground.NewSession(s).Out
		md := evaluate.Markdown(s, &out, "")
		_, block, ok := strings.Cut(md, "```mermaid\n")
		block, _, _ = strings.Cut(block, "```")
		if !ok {
			t.Fatalf("no mermaid block in\n%s", md)
		}
		p := plan.Load(text)
		g := graph.Build(p, plan.Run(p, plan.Options{}))
		// mermaid names a node "ID-flowchart-nI-K" and a subgraph "ID-nI", ID the render's
		drawn := browsertest.EvalJS[[]bool](t, ctx, fmt.Sprintf(`mermaid.render("m%d", %s).then(({svg}) => {
			const box = document.createElement("div");
			box.innerHTML = svg;
			document.body.append(box);
			return Array.from({length: %d}, (_, i) => !!box.querySelector('[id^="m%d-flowchart-n' + i + '-"], [id="m%d-n' + i + '"]'));
		})`, k, jsString(block), len(g.Nodes), k, k))
		for i, ok := range drawn {
			if !ok {
				t.Errorf("node n%d (%s %q) is not drawn from\n%s", i, g.Nodes[i].Kind, g.Nodes[i].Key, block)
			}
		}
	}
}
