//go:build browser

package main_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/splicedev/splice/internal/browsertest"
)

// instancesJS, run before engine.js, records every module the page
// instantiates, and its instance and imports, in globalThis.instances: a
// test reaches the engine's memory through them.
const instancesJS = `<script>
globalThis.instances = [];
const instantiate = WebAssembly.instantiate;
WebAssembly.instantiate = async (module, imports) => {
  const instance = await instantiate(module, imports);
  instances.push({ module, instance, imports });
  return instance;
};
</script>`

// An engine whose module stops (here its memory overwritten, which makes it
// trap at its next step, or its Go program ended between calls) rejects
// the call it stops in, saying so, and the next call runs in a new
// instance of the module compiled already: nothing is fetched again.
func TestBrowserEngineRestarts(t *testing.T) {
	engineSite := browsertest.StartServer(t)
	page := browsertest.ServePage(t, `<!doctype html><link rel="icon" href="data:,">`+instancesJS+`<script src="`+engineSite+`/web/engine.js"></script>`)
	browser := browsertest.NewBrowser(t)
	const (
		plan   = `splice.runPlan('{"input": {"a": 5}, "steps": [], "solver": "{{input.a}}"}').then((r) => JSON.stringify(r.solver))`
		render = `splice.render("{{E0.a}}", [{name: "E0", value: {a: 1}}]).then((r) => r.json)`
		// The result of a plan and of a render, as the calls above give them.
		planned  = `{"status":"ok","result":5}`
		rendered = `1`
		stopped  = "Error: splice: the engine stopped during this call: "
		again    = "; the next call starts it again"
	)
	const overwrite = `new Uint8Array(instances.at(-1).instance.exports.mem.buffer).fill(255)`
	for _, tc := range []struct {
		name      string
		call      string // a call that starts the engine to stop, and the one it stops in
		want      string
		stop      string // JavaScript that stops the last module instantiated
		stoppedIn bool   // whether it stops in the next call, or before it
		wasm      string // the file of the engine that stops
	}{
		{"the small engine, its memory overwritten", render, rendered, overwrite, true, "engine.wasm"},
		{"the full engine, its memory overwritten", plan, planned, overwrite, true, "engine-full.wasm"},
		{"the full engine, ended between calls", plan, planned, `instances.at(-1).imports.gojs["runtime.wasmExit"](0)`, false, "engine-full.wasm"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
			defer cancel()
			rec := browsertest.RecordRequests(t, ctx)
			browsertest.Navigate(t, ctx, page)
			attempt := func(call string) string {
				return browsertest.EvalJS[string](t, ctx, call+`.then((r) => "returned " + r, (e) => e.constructor.name + ": " + e.message)`)
			}
			if got := attempt(tc.call); got != "returned "+tc.want {
				t.Fatalf("before it stops: %s", got)
			}
			browsertest.EvalJS[any](t, ctx, `(() => { `+tc.stop+`; return null; })()`)
			got := attempt(tc.call)
			switch {
			case tc.stoppedIn && (!strings.HasPrefix(got, stopped) || !strings.HasSuffix(got, again)):
				t.Errorf("the call it stops in: %s, want %s…%s", got, stopped, again)
			case !tc.stoppedIn && got != "returned "+tc.want:
				t.Errorf("the call after it stopped: %s, want it to return %s", got, tc.want)
			}
			for _, call := range []struct{ js, want string }{{tc.call, tc.want}, {plan, planned}, {render, rendered}} {
				if got := attempt(call.js); got != "returned "+call.want {
					t.Errorf("a later call: %s, want it to return %s", got, call.want)
				}
			}
			if n := fetches(rec, tc.wasm); n != 1 {
				t.Errorf("%s fetched %d times, want once", tc.wasm, n)
			}
			// The stopped module's instance and the one that took its place.
			if same := browsertest.EvalJS[int](t, ctx, `instances.filter((i) => i.module === instances[1].module).length`); same != 2 {
				t.Errorf("the module that stopped was instantiated %d times, want twice", same)
			}
		})
	}
}

// A plan that writes past the output limit, in a module that keeps
// answering, stops at a LimitError placed in its document.
func TestBrowserRunPlanPastTheOutputLimit(t *testing.T) {
	ctx := enginePage(t)
	got := browsertest.EvalJS[string](t, ctx, `splice.runPlan(JSON.stringify({
  input: {s: "x".repeat(1 << 20), items: Array(40).fill(0)},
  steps: [{id: "M", over: "{{input.items}}", tool_name: "builtin__reshape", input: {shape: {s: "{{input.s}}"}}}],
  solver: "{{M.length}}",
})).then((r) => r.errors.map((e) => [e.kind, e.step, e.at].join(" ")).join("; ") + " / " + r.solver.status)`)
	if want := "LimitError M /steps/0/input/shape/s / blocked"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	if got := browsertest.EvalJS[string](t, ctx, `splice.render("{{E0}}", [{name: "E0", value: 2}]).then((r) => r.json)`); got != "2" {
		t.Errorf("the call after the plan gave %s", got)
	}
}
