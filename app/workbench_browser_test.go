//go:build browser

package app_test

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/splicedev/splice/internal/browsertest"
	"github.com/splicedev/splice/internal/playground"
)

// A slip in the plan's YAML keeps the last run in view, marked stale, the
// parse error on top; mending it runs the plan again.
func TestBrowserPlanSlipKeepsTheLastRun(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	s := exampleState(t, "pr-plan")
	openState(t, ctx, base, s)
	solver := `"#42 Fix the docs by ada: README.md +3, docs/plan.md +40, go.mod +1 (big)"`
	browsertest.WaitJS(t, ctx, byTestID("solver")+`?.dataset.json === `+jsString(solver))

	at := strings.Index(s.Plan, "  - id: card")
	typeAt(t, ctx, "editor", at, `"`) // an unclosed quote: the document does not parse
	line := strings.Count(s.Plan[:at], "\n") + 1
	browsertest.WaitJS(t, ctx, byTestID("stale")+` !== null && document.querySelectorAll('[data-testid="step"]').length === 5 && `+
		byTestID("solver")+`.dataset.json === `+jsString(solver)+` && +`+byTestID("problem")+`?.dataset.line >= `+strconv.Itoa(line))

	pressKey(t, ctx, "Backspace", 8)
	browsertest.WaitJS(t, ctx, byTestID("stale")+` === null && `+byTestID("problem")+` === null && `+
		byTestID("status")+`.textContent === "5 steps: 5 ran." && `+byTestID("editor")+`.value === `+jsString(s.Plan))
}

// At 1280×800 the plan's editor takes the window's height, the steps and
// the selected step's details beside it; the split between the editor and
// the steps moves by keyboard and is remembered.
func TestBrowserPlanLayout(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 800)); err != nil {
		t.Fatal(err)
	}
	openState(t, ctx, base, exampleState(t, "pr-plan"))
	type box struct{ Left, Top, Right, Bottom, Height float64 }
	boxOf := func(sel string) box {
		return browsertest.EvalJS[box](t, ctx, `(() => { const r = document.querySelector(`+jsString(sel)+`).getBoundingClientRect();
  return {Left: r.left, Top: r.top, Right: r.right, Bottom: r.bottom, Height: r.height} })()`)
	}
	text, steps, detail := boxOf(`[data-testid="editor"] .cm-scroller`), boxOf(".pane-steps"), boxOf(`[data-testid="step-detail"]`)
	if text.Height < 600 {
		t.Errorf("the plan's text is %.0f px high at 1280×800, want 600 at least", text.Height)
	}
	if pane := boxOf(".pane-main"); pane.Bottom > 800 {
		t.Errorf("the editor's pane ends at %.0f px, below the 800 px window", pane.Bottom)
	}
	if steps.Left < text.Right || detail.Left < steps.Right || detail.Top > 400 {
		t.Errorf("editor %+v, steps %+v, details %+v: want the steps beside the editor and the details beside the steps, in view", text, steps, detail)
	}

	split := `[data-testid="plan-split"]`
	before := boxOf(".pane-main").Right
	browsertest.EvalJS[bool](t, ctx, `document.querySelector('`+split+`').focus() || true`)
	pressKey(t, ctx, "ArrowRight", 39)
	pressKey(t, ctx, "ArrowRight", 39)
	browsertest.WaitJS(t, ctx, `document.querySelector('`+split+`').getAttribute("aria-valuenow") === "55"`)
	if after := boxOf(".pane-main").Right; after < before+100 {
		t.Errorf("two steps of the split moved the editor's edge from %.0f to %.0f", before, after)
	}
	openState(t, ctx, base, exampleState(t, "pr-plan"))
	browsertest.WaitJS(t, ctx, `document.querySelector('`+split+`').getAttribute("aria-valuenow") === "55"`)

	// On a phone a tapped row's details open under it.
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 800)); err != nil {
		t.Fatal(err)
	}
	click(t, ctx, `[data-testid="step"][data-id="per_file"] .step-select`)
	browsertest.WaitJS(t, ctx, `document.querySelector('[data-testid="step"][data-id="per_file"]').nextElementSibling?.querySelector('[data-testid="step-detail"]')?.dataset.id === "per_file"`)
}

// The steps are one tab stop; the arrow keys, Home and End go through
// every row, the solver's too; a click on any part of a row selects the
// step and leads the editor to its id.
func TestBrowserPlanStepsByKeyboardAndClick(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	s := exampleState(t, "pr-plan")
	openState(t, ctx, base, s)
	// From a fresh page, Tab reaches the steps and the mode tabs before
	// the editor's text, where Tab indents.
	var reached []string
	for range 40 {
		pressKey(t, ctx, "Tab", 9)
		at := browsertest.EvalJS[string](t, ctx, `(() => { const a = document.activeElement;
  return a.closest('.cm-content') ? "editor" : a.closest('.pane-steps') ? "steps" : a.closest('[aria-label="Mode"]') ? "modes" : "" })()`)
		if at == "editor" {
			break
		}
		reached = append(reached, at)
	}
	if !slices.Contains(reached, "steps") || !slices.Contains(reached, "modes") {
		t.Errorf("before the editor Tab reached %q, want the steps and the mode tabs", reached)
	}
	stops := `[...document.querySelectorAll('.pane-steps button.step-select')].filter(b => b.tabIndex === 0).length`
	if n := browsertest.EvalJS[int](t, ctx, stops); n != 1 {
		t.Errorf("%d tab stops among the rows, want 1", n)
	}
	browsertest.EvalJS[bool](t, ctx, `document.querySelector('[data-testid="step"][data-id="review"] .step-select').focus() || true`)
	pressKey(t, ctx, "ArrowDown", 40)
	waitSelected(t, ctx, "")
	browsertest.WaitJS(t, ctx, `document.activeElement.closest('[data-testid="solver"]') !== null`)
	pressKey(t, ctx, "Home", 36)
	waitSelected(t, ctx, "fetch_pr")
	pressKey(t, ctx, "End", 35)
	waitSelected(t, ctx, "")
	if n := browsertest.EvalJS[int](t, ctx, stops); n != 1 {
		t.Errorf("%d tab stops among the rows after moving, want 1", n)
	}

	click(t, ctx, `[data-testid="step"][data-id="per_file"] .keys-label`) // a row's text, not its button
	waitSelected(t, ctx, "per_file")
	at := utf16Offset(s.Plan, strings.Index(s.Plan, "id: per_file")+len("id: "))
	browsertest.WaitJS(t, ctx, byTestID("editor")+`.selectionStart === `+strconv.Itoa(at)+` && `+byTestID("editor")+`.selectionEnd === `+strconv.Itoa(at+len("per_file")))
	// The click left the focus on the row, from which the arrows go on.
	browsertest.WaitJS(t, ctx, `document.activeElement.closest('[data-testid="step"]')?.dataset.id === "per_file"`)
	pressKey(t, ctx, "ArrowDown", 40)
	waitSelected(t, ctx, "route")
}

// The Plan tab of a fresh page opens on a starter plan that runs.
func TestBrowserPlanStarter(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	openState(t, ctx, base, exampleState(t, "typed-splice"))
	click(t, ctx, `[data-testid="mode-plan"]`)
	browsertest.WaitJS(t, ctx, byTestID("editor")+`?.value.startsWith("# A plan") && `+byTestID("solver")+`?.dataset.json === `+
		jsString(`"PR #7: Fix the docs; PR #9: Add a test"`)+` && `+byTestID("problem")+` === null`)
}

// Switching to Plan mode and back updates the editor and the result panes
// in place: their elements stay, showing each mode's text and result.
func TestBrowserPlanModeKeepsTheEditor(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	s := exampleState(t, "typed-splice")
	openState(t, ctx, base, s)
	kept := `document.querySelector('[data-testid="editor"] .cm-editor').__kept && document.querySelector('[data-testid="output"]').__kept`
	browsertest.EvalJS[bool](t, ctx, `(() => { document.querySelector('[data-testid="editor"] .cm-editor').__kept = true;
  document.querySelector('[data-testid="output"]').__kept = true; return true })()`)
	click(t, ctx, `[data-testid="mode-plan"]`)
	browsertest.WaitJS(t, ctx, byTestID("editor")+`?.value.startsWith("# A plan") && `+byTestID("solver")+` !== null`)
	if !browsertest.EvalJS[bool](t, ctx, `!!(`+kept+`)`) {
		t.Error("Plan mode built the editor or the output pane again")
	}
	click(t, ctx, `[data-testid="mode-template"]`)
	waitValue(t, ctx, "editor", s.Template)
	waitOutput(t, ctx, playground.NewSession(s).Out.Result.JSON)
	if !browsertest.EvalJS[bool](t, ctx, `!!(`+kept+`) && `+byTestID("solver")+` === null`) {
		t.Error("back in Template mode, the editor or the output pane was built again, or the steps stayed")
	}
}

// In YAML quotes pair and step over, "{{" closes its tag inside them (and
// comes quoted where a value starts), and Enter indents as the line above
// means, and leaves the closers the editor typed on the line they close.
func TestBrowserPlanTypingYAML(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	openState(t, ctx, base, planState("steps:"))
	// The closers typed after the pairs step over them.
	for _, line := range []string{"- id: a", "tool_name: builtin__reshape", "input:", "shape:", `x: "#{{input}}"`} {
		typeAt(t, ctx, "editor", -1, "")
		pressKey(t, ctx, "Enter", 13)
		typeAt(t, ctx, "editor", -1, line)
	}
	waitValue(t, ctx, "editor", "steps:\n  - id: a\n    tool_name: builtin__reshape\n    input:\n      shape:\n        x: \"#{{input}}\"")
	// Typed without its closers, the line still closes, and Enter leaves
	// them on it: the next line starts clean.
	typeAt(t, ctx, "editor", -1, "")
	pressKey(t, ctx, "Enter", 13)
	typeAt(t, ctx, "editor", -1, `y: "{{input`)
	pressKey(t, ctx, "Enter", 13)
	// A quote typed in an open tag closes the tag and the quote.
	for _, line := range []string{"z: [1, 2", "v: '{{input'", "w: 3"} {
		if err := chromedp.Do(ctx, chromedp.KeyEvent(line)); err != nil {
			t.Fatal(err)
		}
		if line != "w: 3" {
			pressKey(t, ctx, "Enter", 13)
		}
	}
	// A tag opened where a value starts, unquoted (a flow mapping to
	// YAML), comes quoted.
	for _, line := range []string{"u: {{input", "t: [{{input"} {
		pressKey(t, ctx, "Enter", 13)
		if err := chromedp.Do(ctx, chromedp.KeyEvent(line)); err != nil {
			t.Fatal(err)
		}
	}
	waitValue(t, ctx, "editor", "steps:\n  - id: a\n    tool_name: builtin__reshape\n    input:\n      shape:\n        x: \"#{{input}}\"\n        y: \"{{input}}\"\n        z: [1, 2]\n        v: '{{input}}'\n        w: 3\n        u: \"{{input}}\"\n        t: [\"{{input}}\"]")
	browsertest.WaitJS(t, ctx, `document.querySelector('[data-testid="step"][data-id="a"]')?.dataset.json === '{"x":"#{}","y":{},"z":[1,2],"v":{},"w":3,"u":{},"t":[{}]}'`)
}

// A step the plan reads and lacks is added from its problem, before its
// reader; the editor's undo takes it back. A bare list of steps is wrapped
// in "steps:". Accepting a rename offer leaves
// the focus in the editor, whose undo takes back the rename alone.
func TestBrowserPlanFirstMinutes(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	text := "steps:\n  - id: card\n    tool_name: builtin__reshape\n    input:\n      shape: {t: \"{{E1.title}}\"}\n"
	openState(t, ctx, base, planState(text))
	click(t, ctx, `[data-testid="add-step"][data-step="E1"]`)
	with := "steps:\n  - id: E1\n    tool_name: server__tool # the tool it calls\n    input: {}\n    result:\n      title: \"<title>\"\n" + text[len("steps:\n"):]
	waitValue(t, ctx, "editor", with)
	browsertest.WaitJS(t, ctx, byTestID("problem")+` === null && document.querySelector('[data-testid="step"][data-id="card"]')?.dataset.json === '{"t":"<title>"}'`)
	undo(t, ctx, "editor")
	waitValue(t, ctx, "editor", text)

	bare := "- id: a\n  tool_name: builtin__reshape\n  input: {shape: {x: 1}}\n"
	openState(t, ctx, base, planState(bare))
	click(t, ctx, `[data-testid="wrap-steps"]`)
	waitValue(t, ctx, "editor", "steps:\n"+bare)
	browsertest.WaitJS(t, ctx, byTestID("problem")+` === null && document.querySelector('[data-testid="step"][data-id="a"]')?.dataset.status === "ok"`)

	s := exampleState(t, "pr-plan")
	openState(t, ctx, base, s)
	at := strings.Index(s.Plan, "id: card") + len("id: card")
	typeAt(t, ctx, "editor", at, "_x")
	click(t, ctx, `[data-testid="rename-references"]`)
	waitValue(t, ctx, "editor", strings.ReplaceAll(s.Plan, "card", "card_x"))
	browsertest.WaitJS(t, ctx, `document.activeElement.closest('[data-testid="editor"]') !== null`)
	pressChord(t, ctx, "z", 90, modCtrl)
	waitValue(t, ctx, "editor", s.Plan[:at]+"_x"+s.Plan[at:])
}
