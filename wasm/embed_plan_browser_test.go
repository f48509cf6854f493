//go:build browser

package main_test

import (
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/splicedev/splice/internal/browsertest"
	"github.com/splicedev/splice/internal/examples"
	"github.com/splicedev/splice/internal/playground/state"
)

// embedPlanPage has two plans and a data-step block, with a template
// between them; %s is the site that serves the engine's files.
const embedPlanPage = `<!doctype html>
<meta charset="utf-8">
<link rel="icon" href="data:,">
<title>Plans</title>
<pre data-splice="plan" id="pr-plan">input: {repo: octo/hello}
steps:
  - id: pr
    tool_name: github__pr_view
    input: {repo: "{{input.repo}}"}
    result: {number: 42, files: [{path: a.go, additions: 3}, {path: b.go, additions: 1}]}
  - id: lines
    over: "{{pr.files}}"
    tool_name: builtin__reshape
    input: {shape: {line: "{{item.path}} +{{item.additions}}"}}
  - id: last_file
    over: "{{pr.files}}"
    initial: {path: none}
    tool_name: builtin__reshape
    input: {shape: {path: "{{item.path}}", after: "{{accumulator.path}}"}}
  - id: route
    decide:
      big: [{id: review, tool_name: builtin__reshape, input: {shape: {n: "{{lines.length}}"}}}]
      small: []
    branch: big
solver: "PR #{{pr.number}}: {{#lines}}{{line}}{{^@last}}, {{/@last}}{{/lines}}"
</pre>

<pre data-splice id="between">{{input.a}}</pre>
<script type="application/json" data-splice-roots>{"input": {"a": 1}}</script>

<pre data-splice="plan" id="broken">steps:
  - id: issues
    tool_name: github__issue_list
    result: {items: [{number: 7, title: Flaky}]}
  - id: first
    tool_name: builtin__reshape
    input: {shape: {title: "{{issues.items.0.titel}}"}}
  - id: reads_first
    tool_name: builtin__reshape
    input: {shape: {t: "{{first.title}}"}}
solver: "{{reads_first.t}}"</pre>

<pre data-splice="plan" data-step="lines" id="one-step">steps:
  - id: lines
    over: "{{input.files}}"
    tool_name: builtin__reshape
    input: {shape: {line: "{{item}}"}}
input: {files: [a.go]}</pre>

<script src="%s/web/embed.js" defer></script>
`

// planBlock is what embed.js made of a plan block.
type planBlock struct {
	ID, OK, Result string
	Steps          []struct{ ID, Form, Status, BlockedBy, Text string }
	Errors         []struct{ Kind, Step, Line, Column, Text string }
	Link           string
	Follows        bool // its output comes after it and before the next block
}

const readPlanBlocksJS = `Array.from(document.querySelectorAll("pre[data-splice]"), (pre, i) => {
  const all = document.querySelectorAll("pre[data-splice]");
  const out = document.querySelectorAll(".splice-output")[i];
  const next = all[i + 1];
  const result = out.querySelector(".splice-result");
  const link = out.querySelector("a.splice-open");
  return {
    ID: pre.id, OK: out.dataset.ok || "", Result: result ? result.textContent : "",
    Steps: Array.from(out.querySelectorAll(".splice-step"), (s) => ({
      ID: s.dataset.id, Form: s.dataset.form, Status: s.dataset.status, BlockedBy: s.dataset.blockedBy || "", Text: s.textContent,
    })),
    Errors: Array.from(out.querySelectorAll(".splice-error"), (e) => ({
      Kind: e.dataset.kind || "", Step: e.dataset.step || "", Line: e.dataset.line || "", Column: e.dataset.column || "", Text: e.textContent,
    })),
    Link: link ? link.href : "",
    Follows: Boolean(pre.compareDocumentPosition(out) & Node.DOCUMENT_POSITION_FOLLOWING) &&
      (!next || Boolean(out.compareDocumentPosition(next) & Node.DOCUMENT_POSITION_FOLLOWING)),
  };
})`

func TestBrowserEmbedPlans(t *testing.T) {
	engineSite := browsertest.StartServer(t)
	page := browsertest.ServePage(t, strings.Replace(embedPlanPage, "%s", engineSite, 1))
	ctx := browsertest.NewBrowser(t)
	rec := browsertest.RecordRequests(t, ctx)
	browsertest.Navigate(t, ctx, page)
	browsertest.WaitJS(t, ctx, embeddedJS)

	blocks := map[string]planBlock{}
	for _, b := range browsertest.EvalJS[[]planBlock](t, ctx, readPlanBlocksJS) {
		blocks[b.ID] = b
		if !b.Follows {
			t.Errorf("block %s: its output is not between it and the next block", b.ID)
		}
	}

	pr := blocks["pr-plan"]
	type row struct{ id, form, status string }
	var rows []row
	for _, s := range pr.Steps {
		rows = append(rows, row{s.ID, s.Form, s.Status})
	}
	wantRows := []row{{"pr", "call", "sample"}, {"lines", "map", "ok"}, {"last_file", "fold", "ok"}, {"route", "decide", "ok"}, {"review", "call", "ok"}}
	if !slices.Equal(rows, wantRows) || pr.OK != "true" || len(pr.Errors) > 0 || pr.Result != "PR #42: a.go +3, b.go +1" {
		t.Errorf("the plan: %+v\nwant the steps %v and the solver's output", pr, wantRows)
	}
	if got := pr.Steps[2].Text; got != `last_file  fold    ok       {"path":"b.go","after":"a.go"}` {
		t.Errorf("the fold's row: %q", got)
	}
	if got := pr.Steps[3].Text; got != `route      decide  ok       {"branch":"big","result":{"n":2}}` {
		t.Errorf("the decide step's row: %q", got)
	}
	if got := pr.Steps[4].Text; got != `  review   call    ok       {"n":2}` {
		t.Errorf("the decide step's row: %q", got)
	}

	broken := blocks["broken"]
	if broken.OK != "false" || len(broken.Errors) != 1 {
		t.Fatalf("the broken plan: %+v", broken)
	}
	if e := broken.Errors[0]; e.Kind != "BadPath" || e.Step != "first" || e.Line != "7" || e.Column != "29" ||
		!strings.Contains(e.Text, "BadPath (render) in step first at /steps/1/input/shape/title, line 7:29: no key \"titel\"") ||
		!strings.Contains(e.Text, "  7 |     input: {shape: {title: \"{{issues.items.0.titel}}\"}}\n    |                             ^^^^^^^^^^^^^^^^^^^^^^^^\n") ||
		!strings.Contains(e.Text, `did you mean "title"?`) {
		t.Errorf("the broken plan's error: %+v", e)
	}
	if s := broken.Steps; len(s) != 3 || s[1].Status != "failed" || s[2].Status != "blocked" || s[2].BlockedBy != "first" || !strings.HasSuffix(s[2].Text, "blocked by first") ||
		broken.Result != "blocked by reads_first" {
		t.Errorf("the broken plan's steps: %+v, solver %q", s, broken.Result)
	}

	one := blocks["one-step"]
	if len(one.Steps) != 1 || one.Steps[0].ID != "lines" || one.Result != "[\n  {\n    \"line\": \"a.go\"\n  }\n]" {
		t.Errorf("data-step: %+v", one)
	}
	if b := blocks["between"]; b.OK != "true" || b.Result != "1" {
		t.Errorf("the template between the plans: %+v", b)
	}

	// engine-full.wasm comes once, for every plan of the page.
	for name, want := range map[string]int{"engine.js": 1, "engine.wasm": 1, "engine-full.wasm": 1} {
		if n := fetches(rec, name); n != want {
			t.Errorf("%s fetched %d times, want %d", name, n, want)
		}
	}
	if failed := rec.Failed(); len(failed) > 0 {
		t.Errorf("failed requests: %q", failed)
	}

	// The link opens the plan in Plan mode, made by this engine.
	payload, ok := strings.CutPrefix(pr.Link, engineSite+"/#s=")
	if !ok {
		t.Fatalf("link %q is not a share link to %s", pr.Link, engineSite)
	}
	s, banner, refused := state.InitialState("#s="+payload, "", examples.Default.Open())
	if refused || banner != "" || s.Mode != state.ModePlan || !strings.HasPrefix(s.Plan, "input: {repo: octo/hello}\n") {
		t.Fatalf("the link opens %+v, with the banner %q", s, banner)
	}
	if u, _ := url.Parse(pr.Link); u.Fragment == "" {
		t.Fatalf("no fragment in %s", pr.Link)
	}
	browsertest.Navigate(t, ctx, pr.Link)
	browsertest.WaitJS(t, ctx, `document.querySelectorAll('[data-testid="step"]').length === 5`)
	if banner := browsertest.EvalJS[string](t, ctx, `document.querySelector('[data-testid="banner"]')?.textContent || ""`); banner != "" {
		t.Errorf("the plan's link opens under a banner: %q", banner)
	}
}

// TestBrowserEmbedPlanScreenshot writes docs/embed-plan.png: a docs page's
// plan with a broken step, styled by the page. It runs when
// SPLICE_SCREENSHOTS=1.
func TestBrowserEmbedPlanScreenshot(t *testing.T) {
	if os.Getenv("SPLICE_SCREENSHOTS") == "" {
		t.Skip("set SPLICE_SCREENSHOTS=1 to write docs/embed-plan.png")
	}
	engineSite := browsertest.StartServer(t)
	page := browsertest.ServePage(t, `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>Plans</title>
<style>
body { font: 15px/1.5 system-ui, sans-serif; margin: 24px; color: #1c2230; }
pre { font: 13px/1.45 ui-monospace, monospace; background: #f1f3f6; padding: 10px 12px; border-radius: 6px; margin: 0 0 8px; white-space: pre-wrap; }
.splice-output { border-left: 3px solid #3451d1; padding-left: 12px; }
.splice-step { background: none; padding: 0 12px; margin: 0; }
.splice-step[data-status="failed"], .splice-step[data-status="blocked"] { color: #c0262d; }
.splice-type { font-size: 12px; color: #5d6878; text-transform: uppercase; }
.splice-error { background: #fdeced; color: #8a1c22; }
.splice-open { font-size: 14px; }
</style>
<p>The plan, and what the engine makes of it as the page loads:</p>
<pre data-splice="plan">input: {repo: octo/hello}
steps:
  - id: issues
    tool_name: github__issue_list
    input: {repo: "{{input.repo}}"}
    result: {items: [{number: 7, title: Flaky test}, {number: 9, title: Typo}]}
  - id: titles
    over: "{{issues.items}}"
    tool_name: builtin__reshape
    input: {shape: {line: "#{{item.number}} {{item.titel}}"}}
  - id: count
    tool_name: builtin__reshape
    input: {shape: {open: "{{issues.items.length}}"}}
solver: "{{count.open}} open: {{#titles}}{{line}}{{^@last}}, {{/@last}}{{/titles}}"</pre>
<script src="`+engineSite+`/web/embed.js" defer></script>`)
	ctx := browsertest.NewBrowser(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(820, 700)); err != nil {
		t.Fatal(err)
	}
	browsertest.Navigate(t, ctx, page)
	browsertest.WaitJS(t, ctx, embeddedJS)
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join("..", "docs", "embed-plan.png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}
