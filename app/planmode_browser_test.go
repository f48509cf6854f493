//go:build browser

package app_test

// Plan mode in Chromium, through the hooks that tests outside the
// repository use: step rows (data-testid="step", data-id, data-status,
// data-json), the solver, the problems with data-step and the document's
// line and column, the key chips.

import (
	"context"
	"encoding/json"
	"os"
	"slices"
	"testing"

	"github.com/splicedev/splice/internal/conformance"
	"github.com/splicedev/splice/internal/playground"
	"github.com/splicedev/splice/plan"
	"github.com/splicedev/splice/template"
)

// planState is a plan-mode state holding text.
func planState(text string) playground.State {
	return playground.State{Mode: playground.ModePlan, Plan: text, Roots: []playground.RootText{{Name: "input", Text: "{}"}}}
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
	evalJS[bool](t, ctx, `(location.hash = `+jsString("#"+playground.LinkPrefix+playground.EncodeState(planState(text)))+`, true)`)
	waitJS(t, ctx, byTestID("editor")+`?.value === `+jsString(text)+` && `+byTestID("mode-plan")+`?.getAttribute("aria-selected") === "true"`)
}

// planVectors loads every plan test of the project's suites (and the
// held-out shared ones when they are beside the repository).
func planVectors(t *testing.T) []*conformance.Test {
	var vectors []*conformance.Test
	for _, dir := range append(planSuites, vectorSuites[2]) {
		if _, err := os.Stat(dir); err != nil && dir != planSuites[0] && os.Getenv("CI") == "" {
			t.Logf("skipping %s: %v", dir, err)
			continue
		}
		tests, err := conformance.Load(dir)
		if err != nil {
			t.Fatalf("loading %s: %v", dir, err)
		}
		for _, v := range tests {
			if v.Plan != nil {
				vectors = append(vectors, v)
			}
		}
	}
	if len(vectors) < 100 {
		t.Fatalf("%d plan vectors, want the project's suite", len(vectors))
	}
	return vectors
}

// Every plan vector, opened as a plan-mode link, shows the results it
// expects, its blocked steps, its solver and its first problem (kind,
// step, the document's line and column, the keys on offer).
func TestBrowserPlanVectors(t *testing.T) {
	base := startServer(t)
	ctx := newBrowser(t)
	navigate(t, ctx, base+"/")
	waitAppReady(t, ctx)
	for _, v := range planVectors(t) {
		openPlanLink(t, ctx, *v.Plan)
		got := evalJS[planPage](t, ctx, readPlanPage)
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
