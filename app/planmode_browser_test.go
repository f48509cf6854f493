//go:build browser

package app_test

// Plan mode in Chromium, through the hooks that tests outside the
// repository use: step rows (data-testid="step", data-id, data-status,
// data-json), the solver, the problems with data-step and the document's
// line and column, the key chips.

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/splicedev/splice/internal/browsertest"
	"github.com/splicedev/splice/internal/conformance"
	"github.com/splicedev/splice/internal/playground"
	"github.com/splicedev/splice/internal/playground/state"
	"github.com/splicedev/splice/plan"
	"github.com/splicedev/splice/template"
)

// planState is a plan-mode state holding text.
func planState(text string) state.State {
	return state.State{Mode: state.ModePlan, Plan: text, Roots: []state.RootText{{Name: "input", Text: "{}"}}}
}

// planPage is what plan mode shows through its hooks.
type planPage struct {
	Editor string
	Steps  []struct{ ID, Status, JSON string }
	Solver *struct{ Status, JSON string }
	First  *struct {
		Kind, Step   string
		Line, Column int
		Chips        []string
	}
	Problems int
}

// readPlanPage reads the plan-mode hooks of the page.
const readPlanPage = `(() => {
  const steps = [...document.querySelectorAll('[data-testid="step"]')].map((e) => ({ID: e.dataset.id, Status: e.dataset.status, JSON: e.dataset.json ?? ""}));
  const s = document.querySelector('[data-testid="solver"]');
  const problems = document.querySelectorAll('[data-testid="problem"]');
  const p = problems[0];
  return {
    Editor: document.querySelector('[data-testid="editor"]')?.value ?? "",
    Steps: steps,
    Solver: s ? {Status: s.dataset.status, JSON: s.dataset.json ?? ""} : null,
    First: p ? {Kind: p.dataset.kind, Step: p.dataset.step, Line: +p.dataset.line, Column: +p.dataset.column,
      Chips: [...p.querySelectorAll('.keys [data-testid="key-chip"]')].map((c) => c.dataset.key)} : null,
    Problems: problems.length,
  };
})()`

// openPlanLink opens the plan-mode link of text in the open page, as a
// link pasted into its address bar, and waits until it shows it.
func openPlanLink(t *testing.T, ctx context.Context, text string) {
	t.Helper()
	browsertest.EvalJS[bool](t, ctx, `(location.hash = `+jsString("#"+state.LinkPrefix+encodeState(planState(text)))+`, true)`)
	browsertest.WaitJS(t, ctx, byTestID("editor")+`?.value === `+jsString(text)+` && `+byTestID("mode-plan")+`?.getAttribute("aria-selected") === "true"`)
}

// Every plan vector, opened as a plan-mode link, shows the results it
// expects, its blocked steps, its solver and its first problem (kind,
// step, the document's line and column, the keys on offer).
func TestBrowserPlanVectors(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	browsertest.Navigate(t, ctx, base+"/")
	waitAppReady(t, ctx)
	for _, v := range browsertest.PlanVectors(t) {
		openPlanLink(t, ctx, *v.Plan)
		got := browsertest.EvalJS[planPage](t, ctx, readPlanPage)
		if msg := comparePlanPage(v, &got); msg != "" {
			t.Errorf("%s: %s: %s", v.File, v.Name, msg)
		}
	}
}

// comparePlanPage says how the page differs from what vector v expects
// (the first problem's place and keys from the host's run).
func comparePlanPage(v *conformance.Test, got *planPage) string {
	host := plan.Run(plan.Load(*v.Plan), plan.Options{})
	row := func(id string) (status, js string, ok bool) {
		for _, s := range got.Steps {
			if s.ID == id {
				return s.Status, s.JSON, true
			}
		}
		return "", "", false
	}
	same := func(js string, want template.Value) bool {
		val, err := template.ParseJSON([]byte(js))
		return err == nil && val.Equal(want)
	}
	if v.Expect != nil {
		steps, _ := v.Expect.Lookup("steps")
		for _, m := range steps.Members() {
			if _, js, ok := row(m.Key); !ok || !same(js, m.Value) {
				return "step " + m.Key + " shows " + js + ", want " + m.Value.JSON()
			}
		}
		blocked, _ := v.Expect.Lookup("blocked")
		for _, id := range blocked.Elems() {
			if status, _, _ := row(id.Str()); status != "blocked" {
				return "step " + id.Str() + " is " + status + ", want blocked"
			}
		}
		if want, ok := v.Expect.Lookup("solver"); ok && (got.Solver == nil || !same(got.Solver.JSON, want)) {
			return "the solver shows " + jsonOf(got.Solver) + ", want " + want.JSON()
		}
	}
	for _, r := range host.Steps {
		if r.Step.ID == "" {
			continue
		}
		if status, _, ok := row(r.Step.ID); !ok || status != r.Status.String() {
			return "step " + r.Step.ID + " is " + status + ", want " + r.Status.String()
		}
	}
	switch {
	case v.Error == nil && got.First != nil:
		return "a problem shows, want none: " + jsonOf(got.First)
	case v.Error == nil:
		return ""
	case got.First == nil:
		return "no problem shows, want " + v.Error.Kind
	}
	e := host.Errors[0]
	chips := []string{}
	if e.DocSegEnd > e.DocSegStart {
		chips = append(chips, e.Available...)
	}
	f := got.First
	if f.Kind != v.Error.Kind || (v.Error.Step != "" && f.Step != v.Error.Step) || f.Step != e.Step ||
		f.Line != e.Doc.Line || f.Column != e.Doc.Column || !slices.Equal(f.Chips, chips) {
		return "the first problem shows " + jsonOf(f) + ", want " + v.Error.Kind + " of step " + e.Step +
			" at " + jsonOf([]int{e.Doc.Line, e.Doc.Column}) + " with chips " + jsonOf(chips)
	}
	return ""
}

func jsonOf(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// stepResult is the compact JSON of step id's result in the host's run of
// the plan text.
func stepResult(t *testing.T, text, id string) string {
	t.Helper()
	r, ok := plan.Run(plan.Load(text), plan.Options{}).Result(id)
	if !ok || !r.HasResult {
		t.Fatalf("step %s of the plan has no result", id)
	}
	return r.Result.JSON()
}

// waitSelected waits until the output shows step id.
func waitSelected(t *testing.T, ctx context.Context, id string) {
	t.Helper()
	browsertest.WaitJS(t, ctx, byTestID("step-detail")+` && (`+byTestID("step-detail")+`.dataset.id ?? "") === `+jsString(id))
}

// caretAt puts the main editor's caret at the first occurrence of at in
// the text.
func caretAt(t *testing.T, ctx context.Context, text, at string) {
	t.Helper()
	off := utf16Offset(text, strings.Index(text, at))
	browsertest.EvalJS[bool](t, ctx, `(() => { const el = `+byTestID("editor")+`; el.focus(); el.setSelectionRange(`+fmt.Sprint(off)+`, `+fmt.Sprint(off)+`); return true })()`)
}

// A step is selected by its row, by the caret, by the arrow keys and by a
// chip; a map's iterations by the selector.
func TestBrowserPlanSelection(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	s := exampleState(t, "pr-plan")
	openState(t, ctx, base, s)
	browsertest.WaitJS(t, ctx, byTestID("solver")+`?.dataset.json === `+jsString(`"#42 Fix the docs by ada: README.md +3, docs/plan.md +40, go.mod +1 (big)"`))
	browsertest.WaitJS(t, ctx, byTestID("status")+`.textContent === "5 steps: 5 ran."`)

	click(t, ctx, `[data-testid="step"][data-id="card"] .step-select`)
	waitSelected(t, ctx, "card")
	waitOutput(t, ctx, stepResult(t, s.Plan, "card"))

	caretAt(t, ctx, s.Plan, "over:")
	waitSelected(t, ctx, "per_file")
	waitOutput(t, ctx, stepResult(t, s.Plan, "per_file"))
	browsertest.WaitJS(t, ctx, byTestID("iteration")+`?.textContent === "1 of 3"`)
	click(t, ctx, `[data-testid="iteration-next"]`)
	browsertest.WaitJS(t, ctx, byTestID("iteration")+`?.textContent === "2 of 3"`)
	browsertest.WaitJS(t, ctx, byTestID("iteration-item")+`.textContent.includes("docs/plan.md") && `+
		byTestID("step-input")+`.textContent.includes("docs/plan.md +40") && `+byTestID("iteration-index")+`.textContent === "1"`)

	browsertest.EvalJS[bool](t, ctx, `document.querySelector('[data-testid="step"][data-id="per_file"] .step-select').focus() || true`)
	pressKey(t, ctx, "ArrowDown", 40)
	waitSelected(t, ctx, "route")
	browsertest.WaitJS(t, ctx, `document.activeElement.closest('[data-testid="step"]')?.dataset.id === "route"`)

	click(t, ctx, `[data-testid="step"][data-id="review"] [data-testid="step-chip"][data-step="card"]`)
	waitSelected(t, ctx, "card")
	caretAt(t, ctx, s.Plan, "solver:")
	waitSelected(t, ctx, "")
	// A step the solver reads names it among its readers.
	click(t, ctx, `[data-testid="step"][data-id="route"] .step-select`)
	waitSelected(t, ctx, "route")
	chip := `[data-testid="step"][data-id="route"] [data-testid="step-chip"]:not([data-step])`
	browsertest.WaitJS(t, ctx, `document.querySelector('`+chip+`')?.textContent === "solver"`)
	click(t, ctx, chip)
	waitSelected(t, ctx, "")
}

// The branch selector writes the sample decision into the document, and
// the editor's undo takes it back.
func TestBrowserPlanBranch(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	s := exampleState(t, "pr-plan")
	openState(t, ctx, base, s)
	click(t, ctx, `[data-testid="step"][data-id="route"] .step-select`)
	waitSelected(t, ctx, "route")
	click(t, ctx, `[data-testid="branch-choice"][data-branch="small"]`)
	small := strings.Replace(s.Plan, "branch: big", "branch: small", 1)
	waitValue(t, ctx, "editor", small)
	browsertest.WaitJS(t, ctx, `document.querySelector('[data-testid="step"][data-id="review"]')?.dataset.status === "skipped" && `+
		`document.querySelector('[data-testid="branch-choice"][data-branch="small"]').getAttribute("aria-pressed") === "true"`)
	undo(t, ctx, "editor")
	waitValue(t, ctx, "editor", s.Plan)
	browsertest.WaitJS(t, ctx, `document.querySelector('[data-testid="step"][data-id="review"]')?.dataset.status === "ok"`)
}

// Editing a step id offers to rename its references across the plan and
// the solver, in one edit that the editor's undo takes back.
func TestBrowserPlanRename(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	s := exampleState(t, "pr-plan")
	openState(t, ctx, base, s)
	at := strings.Index(s.Plan, "id: card") + len("id: card")
	typeAt(t, ctx, "editor", at, "_info")
	renamed := s.Plan[:at] + "_info" + s.Plan[at:]
	waitValue(t, ctx, "editor", renamed)
	browsertest.WaitJS(t, ctx, byTestID("rename-references")+`?.textContent === "Rename card to card_info in 3 places"`)
	click(t, ctx, `[data-testid="rename-references"]`)
	all := strings.ReplaceAll(s.Plan, "card", "card_info")
	waitValue(t, ctx, "editor", all)
	browsertest.WaitJS(t, ctx, `document.querySelectorAll('[data-testid="problem"]').length === 0 && `+byTestID("solver")+`?.dataset.status === "ok"`)
	undo(t, ctx, "editor")
	waitValue(t, ctx, "editor", renamed)
}

// A step that calls a tool nothing here runs, without its sample, offers
// a result skeleton; the editor's undo takes it back.
func TestBrowserPlanSampleSkeleton(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	text := "steps:\n  - id: fetch\n    tool_name: gh__view\n    input: {}\n  - id: card\n    tool_name: builtin__reshape\n" +
		"    input: {shape: {t: \"{{fetch.title}}\"}}\n"
	openState(t, ctx, base, planState(text))
	browsertest.WaitJS(t, ctx, `document.querySelector('[data-testid="problem"]')?.dataset.step === "fetch"`)
	click(t, ctx, `[data-testid="step"][data-id="fetch"] [data-testid="insert-sample"]`)
	with := strings.Replace(text, "    input: {}\n", "    input: {}\n    result:\n      title: \"<title>\"\n", 1)
	waitValue(t, ctx, "editor", with)
	browsertest.WaitJS(t, ctx, `document.querySelector('[data-testid="step"][data-id="fetch"]')?.dataset.status === "sample" && `+
		`document.querySelector('[data-testid="step"][data-id="card"]')?.dataset.json === '{"t":"<title>"}'`)
	undo(t, ctx, "editor")
	waitValue(t, ctx, "editor", text)
}

// goBack goes back in the tab's history, as the browser's Back does.
func goBack(t *testing.T, ctx context.Context) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.NavigateBack()); err != nil {
		t.Fatal(err)
	}
}

// Open as plan turns a template state into a plan whose solver gives the
// template's result; Open this step alone turns a map's iteration into a
// shape state giving that iteration's result. Back returns each time, and
// so does Undo.
func TestBrowserPlanBetweenModes(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	s := exampleState(t, "issue-digest")
	openState(t, ctx, base, s)
	out := playground.NewSession(s).Out
	click(t, ctx, `[data-testid="open-as-plan"]`)
	browsertest.WaitJS(t, ctx, byTestID("mode-plan")+`?.getAttribute("aria-selected") === "true" && `+byTestID("solver")+`?.dataset.json === `+jsString(out.Result.JSON))
	goBack(t, ctx)
	waitShows(t, ctx, s)
	// The Undo button takes it back too.
	click(t, ctx, `[data-testid="open-as-plan"]`)
	browsertest.WaitJS(t, ctx, byTestID("mode-plan")+`?.getAttribute("aria-selected") === "true" && `+byTestID("root-undo")+`?.textContent.includes("open as plan")`)
	click(t, ctx, `[data-testid="root-undo"]`)
	waitShows(t, ctx, s)

	p := exampleState(t, "pr-plan")
	openState(t, ctx, base, p)
	click(t, ctx, `[data-testid="step"][data-id="per_file"] .step-select`)
	waitSelected(t, ctx, "per_file")
	click(t, ctx, `[data-testid="iteration-next"]`)
	browsertest.WaitJS(t, ctx, byTestID("iteration")+`?.textContent === "2 of 3"`)
	click(t, ctx, `[data-testid="open-step"]`)
	browsertest.WaitJS(t, ctx, byTestID("mode-shape")+`?.getAttribute("aria-selected") === "true"`)
	waitOutput(t, ctx, `{"line":"docs/plan.md +40","n":1}`)
	browsertest.WaitJS(t, ctx, `JSON.stringify([...document.querySelectorAll('[data-testid="root-tab"]')].map(e => e.dataset.name)) === '["input","fetch_pr","card","item","index","accumulator"]'`)
	goBack(t, ctx)
	waitShows(t, ctx, p)
}

// The share dialog of a plan copies a plan test that the conformance
// runner passes and the Markdown of every step; its link opens the same
// plan again.
func TestBrowserPlanExports(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	s := exampleState(t, "broken-plan")
	tests, link := checkShareExports(t, ctx, base, s)
	if tests[0].Plan == nil || tests[0].Error == nil || tests[0].Error.Step != "first" {
		t.Errorf("the copied vector is no plan test of the broken step: %+v", tests[0])
	}

	other := browsertest.NewBrowser(t)
	browsertest.Navigate(t, other, link)
	waitAppReady(t, other)
	waitShows(t, other, s)
	got := browsertest.EvalJS[planPage](t, other, readPlanPage)
	if len(got.Steps) != 4 || got.Steps[2].Status != "blocked" || got.First == nil || got.First.Step != "first" {
		t.Errorf("the link opens %+v", got)
	}
}

// In a plan, completion offers the keys the step at the caret may read,
// and hovering a tag of a map's body shows its value in the iteration
// shown.
func TestBrowserPlanCompletionAndHover(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	s := exampleState(t, "pr-plan")
	openState(t, ctx, base, s)

	click(t, ctx, `[data-testid="step"][data-id="per_file"] .step-select`)
	click(t, ctx, `[data-testid="iteration-next"]`)
	browsertest.WaitJS(t, ctx, byTestID("iteration")+`?.textContent === "2 of 3"`)
	browsertest.EvalJS[bool](t, ctx, `([...`+byTestID("editor")+`.querySelectorAll(".tk")].find(e => e.textContent === "{{item.path}}").scrollIntoView({block: "center"}), true)`)
	hoverTag(t, ctx, "{{item.path}}")
	browsertest.WaitJS(t, ctx, byTestID("hover")+`?.textContent.startsWith('string "docs/plan.md"')`)

	at := strings.Index(s.Plan, `by: "{{`) + len(`by: "`)
	typeAt(t, ctx, "editor", at, "{{fetch_pr.")
	browsertest.WaitJS(t, ctx, `(() => { const got = [...document.querySelectorAll('[data-testid="completion"]')].map(e => e.textContent);
  return ["author", "files", "number", "title"].every(k => got.includes(k)) })()`)
}
