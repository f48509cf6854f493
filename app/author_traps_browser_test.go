//go:build browser

package app_test

import (
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/splicedev/splice/internal/browsertest"
	"github.com/splicedev/splice/internal/examples"
	"github.com/splicedev/splice/internal/playground/state"
)

// A rename in one mode reaches the other mode's text: the shape reads the
// new name too, with no MissingStep left behind.
func TestBrowserRenameAcrossModes(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	s := state.State{Mode: state.ModeTemplate, Template: "PR {{E1.number}}", Shape: "title: \"{{E1.title}}\"\n",
		Roots: []state.RootText{{Name: "input", Text: "{}"}, {Name: "E1", Text: `{"number": 7, "title": "t"}`}}}
	openState(t, ctx, base, s)
	click(t, ctx, `[data-testid="root-tab"][data-name="E1"]`)
	renameOpenRoot(t, ctx, "fetch_pr")
	browsertest.WaitJS(t, ctx, byTestID("rename-refs")+`?.textContent === "Rename E1 to fetch_pr in 2 places"`)
	click(t, ctx, `[data-testid="rename-refs"]`)
	waitValue(t, ctx, "editor", "PR {{fetch_pr.number}}")
	click(t, ctx, `[data-testid="mode-shape"]`)
	waitValue(t, ctx, "editor", "title: \"{{fetch_pr.title}}\"\n")
	waitOutput(t, ctx, `{"title":"t"}`)
	if problems := problemsShown(t, ctx); len(problems) != 0 {
		t.Errorf("the shape after the rename: %v", problems)
	}
}

// A tag a section repeats shows the values of its runs in the trace.
func TestBrowserTraceShowsEveryRun(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	openState(t, ctx, base, exampleState(t, "comma-idiom"))
	browsertest.WaitJS(t, ctx, `[...document.querySelectorAll('.trace-row')].some((r) => r.textContent.includes("{{^@last}}") && r.textContent.includes("false, false, true"))`)
}

// one's own work, not again once dismissed.
func TestBrowserAsideNoteOnce(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	s := state.State{Mode: state.ModeTemplate, Template: "{{E0.a}}",
		Roots: []state.RootText{{Name: "input", Text: "{}"}, {Name: "E0", Text: `{"a": 1}`}, {Name: "item", Text: `{"n": 7}`}}}
	link := linkTo(base, s)
	const note = `(document.querySelector('[data-testid="banner"]')?.textContent || "").includes("iteration roots item")`

	browsertest.Navigate(t, ctx, strings.Replace(link, "/#", "/embed#", 1))
	waitAppReady(t, ctx)
	waitOutput(t, ctx, "1")
	if browsertest.EvalJS[bool](t, ctx, note) {
		t.Error("the embed says the link holds iteration roots")
	}

	browsertest.Navigate(t, ctx, link)
	waitAppReady(t, ctx)
	browsertest.WaitJS(t, ctx, note)
	typeAt(t, ctx, "editor", 0, "own ")
	waitSettled()
	click(t, ctx, `#examples-button`)
	click(t, ctx, `[data-testid="example"][data-id="comma-idiom"]`)
	waitShows(t, ctx, exampleState(t, "comma-idiom"))
	if err := chromedp.Do(ctx, chromedp.NavigateBack()); err != nil {
		t.Fatal(err)
	}
	browsertest.WaitJS(t, ctx, byTestID("editor")+`?.value.startsWith("own ")`)
	if browsertest.EvalJS[bool](t, ctx, note) {
		t.Error("Back to one's own work says the link holds iteration roots")
	}

	browsertest.Navigate(t, ctx, link)
	waitAppReady(t, ctx)
	browsertest.WaitJS(t, ctx, note)
	click(t, ctx, `[data-testid="banner"] button`)
	browsertest.Navigate(t, ctx, base+"/docs") // away, and the link opened again
	browsertest.Navigate(t, ctx, link)
	waitAppReady(t, ctx)
	browsertest.WaitJS(t, ctx, byTestID("editor")+`?.value === "{{E0.a}}"`)
	waitSettled()
	if browsertest.EvalJS[bool](t, ctx, note) {
		t.Error("a dismissed note comes back")
	}
}

// A YAML trap's fix (a comment that hides a tag) is put in place in one
// click, undone by the editor's undo; in a plan, a YAML slip and a
// misspelt key are mended by their chips.
func TestBrowserYAMLTrapFix(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	s := state.State{Mode: state.ModeShape, Shape: "title: PR #{{E1.number}}\n",
		Roots: []state.RootText{{Name: "input", Text: "{}"}, {Name: "E1", Text: `{"number": 42}`}}}
	openState(t, ctx, base, s)
	browsertest.WaitJS(t, ctx, `document.querySelector('[data-testid="problem"][data-kind="Warning"][data-line="1"][data-column="11"]')`)
	click(t, ctx, `[data-testid="problem"][data-kind="Warning"] [data-testid="key-chip"]`)
	browsertest.WaitJS(t, ctx, byTestID("editor")+`.value === "title: \"PR #{{E1.number}}\"\n"`)
	waitOutput(t, ctx, `{"title":"PR #42"}`)
	browsertest.EvalJS[bool](t, ctx, `(`+byTestID("editor")+`.focus(), true)`)
	pressChord(t, ctx, "z", 90, modCtrl)
	browsertest.WaitJS(t, ctx, byTestID("editor")+`.value === "title: PR #{{E1.number}}\n"`)

	// In a plan: a key with no space after its ':', then a misspelt key.
	plan := "steps:\n  - id: a\n    tool_name:builtin__reshape\n    inptu: {shape: {x: 1}}\n"
	openState(t, ctx, base, planState(plan))
	click(t, ctx, `[data-testid="problem"] .chip-suggest[data-testid="key-chip"]`)
	waitValue(t, ctx, "editor", strings.Replace(plan, "tool_name:", "tool_name: ", 1))
	click(t, ctx, `[data-testid="problem"] [data-testid="key-chip"][data-key="input"]`)
	waitValue(t, ctx, "editor", strings.Replace(strings.Replace(plan, "tool_name:", "tool_name: ", 1), "inptu", "input", 1))
	browsertest.WaitJS(t, ctx, byTestID("problem")+` === null && document.querySelector('[data-testid="step"][data-id="a"]')?.dataset.json === '{"x":1}'`)
}

// Undo says what it undoes on the button: after a switch of mode and some
// typing, it says it goes back to the other mode, and the typing stays.
func TestBrowserUndoSaysWhereItGoes(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	s := examples.Default.Open()
	s.Mode, s.Shape = state.ModeShape, "title: \"{{E0.values.0.title}}\"\n"
	openState(t, ctx, base, s)
	click(t, ctx, `[data-testid="mode-template"]`)
	waitValue(t, ctx, "editor", s.Template) // the switch drawn: typing goes to the template
	typeAt(t, ctx, "editor", 0, "MYTYPING ")
	if got := browsertest.EvalJS[string](t, ctx, byTestID("root-undo")+`.textContent`); got != "Undo switch from Shape to Template" {
		t.Errorf("the Undo button says %q", got)
	}
	click(t, ctx, `[data-testid="root-undo"]`)
	browsertest.WaitJS(t, ctx, byTestID("mode-shape")+`.getAttribute("aria-selected") === "true"`)
	click(t, ctx, `[data-testid="mode-template"]`)
	browsertest.WaitJS(t, ctx, byTestID("editor")+`.value.startsWith("MYTYPING ")`)
}

// First steps: how to leave an editor is said while it has the focus; the
// trace fits a phone; a new state opens scrolled to its start; Shape and
// Tool start from a skeleton that loads; the scope fields say what they
// are for.
func TestBrowserFirstSteps(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	long := examples.Default.Open()
	long.Template = strings.Repeat("x", 3000) + long.Template
	long.Shape = ""
	openState(t, ctx, base, long)

	hint := `getComputedStyle(` + byTestID("editor") + `, "::after").content`
	if got := browsertest.EvalJS[string](t, ctx, hint); strings.Contains(got, "Esc then Tab") {
		t.Errorf("the hint shows without the focus: %s", got)
	}
	// A headless page never has the window's focus: :focus needs it emulated.
	if _, err := chromedp.Call(ctx, emulation.SetFocusEmulationEnabled, emulation.SetFocusEmulationEnabledParams{Enabled: true}); err != nil {
		t.Fatal(err)
	}
	browsertest.EvalJS[bool](t, ctx, `(`+byTestID("editor")+`.focus(), true)`)
	browsertest.WaitJS(t, ctx, hint+`.includes("Esc then Tab leaves the editor")`)

	browsertest.EvalJS[bool](t, ctx, `(document.querySelector('[data-testid="editor"] .cm-scroller').scrollLeft = 2000, true)`)
	click(t, ctx, `#examples-button`)
	click(t, ctx, `[data-testid="example"][data-id="comma-idiom"]`)
	waitShows(t, ctx, exampleState(t, "comma-idiom"))
	if left := browsertest.EvalJS[float64](t, ctx, `document.querySelector('[data-testid="editor"] .cm-scroller').scrollLeft`); left != 0 {
		t.Errorf("the next state opens scrolled %v px to the right", left)
	}

	if n := browsertest.EvalJS[int](t, ctx, `document.querySelectorAll(".scope-help").length`); n != 3 {
		t.Errorf("%d scope fields say what they are for, want 3", n)
	}

	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844)); err != nil {
		t.Fatal(err)
	}
	browsertest.WaitJS(t, ctx, `[...document.querySelectorAll('.trace-row td')].every((td) => td.getBoundingClientRect().right <= innerWidth + 1)`)

	click(t, ctx, `[data-testid="mode-shape"]`)
	browsertest.WaitJS(t, ctx, byTestID("editor")+`.value.includes("summary:")`)
	browsertest.WaitJS(t, ctx, `document.querySelectorAll('[data-testid="problem"]').length === 0 && `+byTestID("output")+`?.dataset.json?.startsWith('{"summary":')`)
}

// An unquoted template is a problem at the template whose fix quotes it.
func TestBrowserUnquotedTemplateFix(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	openState(t, ctx, base, state.State{Mode: state.ModeShape, Shape: "pr: {{E1.number}}\n",
		Roots: []state.RootText{{Name: "input", Text: "{}"}, {Name: "E1", Text: `{"number": 42}`}}})
	browsertest.WaitJS(t, ctx, `document.querySelector('[data-testid="problem"][data-kind="ToolError"][data-line="1"][data-column="5"]')?.textContent.includes("quote the template")`)
	click(t, ctx, `[data-testid="problem"] [data-testid="key-chip"]`)
	browsertest.WaitJS(t, ctx, byTestID("editor")+`.value === "pr: \"{{E1.number}}\"\n"`)
	waitOutput(t, ctx, `{"pr":42}`)
}

// A tool that cannot run here shows what it would run, its call checked.
func TestBrowserToolThatCannotRun(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	tool := "name: lint\nkind: exec\ncommand: [lint, \"{{input.path}}\"]\ninput_schema: {type: object, required: [path], properties: {path: {type: string}}}\n"
	openState(t, ctx, base, state.State{Mode: state.ModeTool, Tool: tool, Call: `{"path": "a.go"}`})
	waitOutput(t, ctx, `{"command":["lint","a.go"]}`)
	browsertest.WaitJS(t, ctx, byTestID("output-note")+`?.textContent.includes("cannot run here")`)
	if n := browsertest.EvalJS[int](t, ctx, byTestID("editor")+`.querySelectorAll(".tk, [class*='tk-']").length`); n == 0 {
		t.Error("the command's tag is not coloured")
	}
	openState(t, ctx, base, state.State{Mode: state.ModeTool, Tool: tool, Call: `{"pr": "abc"}`})
	browsertest.WaitJS(t, ctx, `document.querySelector('[data-testid="problem"][data-kind="InputError"]')?.textContent.includes("path")`)
}

// A caller-shape tool says that a plan renders its shape first, and opens
// that shape as a Shape state, Back returning to the tool.
func TestBrowserCallerShapeOpensAsShape(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	s := state.State{Mode: state.ModeTool, Tool: "name: pass\nkind: reshape\ncaller_shape: true\n", Call: `{"shape": {"a": "{{input.x}}"}}`,
		Roots: []state.RootText{{Name: "input", Text: `{"x": 5}`}}}
	openState(t, ctx, base, s)
	browsertest.WaitJS(t, ctx, byTestID("output-note")+`?.textContent.includes("renders the shape's templates first")`)
	click(t, ctx, `[data-testid="open-as-shape"]`)
	browsertest.WaitJS(t, ctx, byTestID("mode-shape")+`.getAttribute("aria-selected") === "true"`)
	waitOutput(t, ctx, `{"a":5}`)
	if err := chromedp.Do(ctx, chromedp.NavigateBack()); err != nil {
		t.Fatal(err)
	}
	browsertest.WaitJS(t, ctx, byTestID("mode-tool")+`.getAttribute("aria-selected") === "true"`)
}
