//go:build browser

package app_test

// End-to-end tests of the playground in Chromium. Expected results come
// from the same evaluation in Go, never from hard-coded output.

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/splicedev/splice/app"
	"github.com/splicedev/splice/internal/browsertest"
	"github.com/splicedev/splice/internal/conformance"
	"github.com/splicedev/splice/internal/examples"
	"github.com/splicedev/splice/internal/playground"
	"github.com/splicedev/splice/internal/playground/evaluate"
	"github.com/splicedev/splice/internal/playground/state"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/splicedev/splice/template"
)

// jsString quotes s as a JavaScript string literal.
func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// byTestID is a querySelector expression for data-testid=id.
func byTestID(id string) string {
	return `document.querySelector('[data-testid="` + id + `"]')`
}

// linkTo returns the playground URL holding s.
func linkTo(base string, s state.State) string {
	payload := encodeState(s)
	return base + "/#" + state.LinkPrefix + payload
}

// openState opens the playground on s and waits until it shows it.
func openState(t *testing.T, ctx context.Context, base string, s state.State) {
	t.Helper()
	browsertest.Navigate(t, ctx, linkTo(base, s))
	waitAppReady(t, ctx)
	waitShows(t, ctx, s)
}

// waitShows waits until the page shows s: its mode, its main text and its
// root tabs (none in tool mode, where the call input replaces the roots,
// nor in plan mode, where the plan holds its own).
func waitShows(t *testing.T, ctx context.Context, s state.State) {
	t.Helper()
	names, _ := json.Marshal(s.Names())
	if s.Mode == state.ModeTool || s.Mode == state.ModePlan {
		names = []byte("[]")
	}
	browsertest.WaitJS(t, ctx, byTestID("mode-"+string(s.Mode))+`?.getAttribute("aria-selected") === "true" && `+
		byTestID("editor")+`?.value === `+jsString(s.Text(state.Target{}))+
		` && JSON.stringify([...document.querySelectorAll('[data-testid="root-tab"]')].map(e => e.dataset.name)) === `+jsString(string(names)))
}

// waitOutput waits until the output holds the compact JSON want.
func waitOutput(t testing.TB, ctx context.Context, want string) {
	t.Helper()
	browsertest.WaitJS(t, ctx, byTestID("output")+`?.dataset.json === `+jsString(want))
}

// click clicks the first element matching the CSS selector, brought to the
// middle of the view first: the sticky top bar may cover what is at the top.
func click(t testing.TB, ctx context.Context, selector string) {
	t.Helper()
	browsertest.EvalJS[bool](t, ctx, `(document.querySelector(`+jsString(selector)+`)?.scrollIntoView({block: "center"}), true)`)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(selector))); err != nil {
		t.Fatalf("clicking %s: %v", selector, err)
	}
}

// typeAt puts the caret of the textarea with data-testid=id at byte offset
// at (-1: the end) and types keys there.
func typeAt(t testing.TB, ctx context.Context, id string, at int, keys string) {
	t.Helper()
	browsertest.EvalJS[bool](t, ctx, `(() => { const el = `+byTestID(id)+`; el.focus();
  const at = `+fmt.Sprint(at)+` < 0 ? el.value.length : `+fmt.Sprint(at)+`; el.setSelectionRange(at, at); return true })()`)
	if err := chromedp.Do(ctx, chromedp.KeyEvent(keys)); err != nil {
		t.Fatalf("typing %q: %v", keys, err)
	}
}

// pressKey presses a key the way a keyboard does when the page handles it:
// a key down the page may cancel, and no separate character event (which
// the protocol would deliver even for a canceled key down).
func pressKey(t testing.TB, ctx context.Context, key string, keyCode int64) {
	t.Helper()
	for _, typ := range []input.DispatchKeyEventType{input.DispatchKeyEventTypeRawKeyDown, input.DispatchKeyEventTypeKeyUp} {
		if _, err := chromedp.Call(ctx, input.DispatchKeyEvent, input.DispatchKeyEventParams{
			Type: typ, Key: key, Code: key, WindowsVirtualKeyCode: keyCode, NativeVirtualKeyCode: keyCode,
		}); err != nil {
			t.Fatalf("pressing %s: %v", key, err)
		}
	}
}

// renameOpenRoot renames the open root to name through its rename field.
func renameOpenRoot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	click(t, ctx, `[data-testid="root-rename"]`)
	waitTestID(t, ctx, "root-name")
	browsertest.EvalJS[bool](t, ctx, byTestID("root-name")+`.select() || true`)
	if err := chromedp.Do(ctx, chromedp.KeyEvent(name+kb.Enter)); err != nil {
		t.Fatal(err)
	}
}

// textOf returns the value of the field with data-testid=id.
func textOf(t *testing.T, ctx context.Context, id string) string {
	return browsertest.EvalJS[string](t, ctx, byTestID(id)+`.value`)
}

// problemsShown returns the kind, line and column of each problem shown.
func problemsShown(t *testing.T, ctx context.Context) []string {
	return browsertest.EvalJS[[]string](t, ctx, `[...document.querySelectorAll('[data-testid="problem"]')].map(e => e.dataset.kind + " " + e.dataset.line + ":" + e.dataset.column)`)
}

// problemList formats problems as problemsShown does.
func problemList(ps []evaluate.Problem) []string {
	var list []string
	for _, p := range ps {
		list = append(list, fmt.Sprintf("%s %v", p.Kind, p.Pos))
	}
	return list
}

func exampleState(t *testing.T, id string) state.State {
	t.Helper()
	ex := examples.ByID(id)
	if ex == nil {
		t.Fatalf("no example %q", id)
	}
	return ex.Open()
}

func TestBrowserDefaultExampleRenders(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	browsertest.Navigate(t, ctx, base+"/")
	waitAppReady(t, ctx)
	s := examples.Default.Open()
	waitShows(t, ctx, s)
	want := playground.NewSession(s).Out
	waitOutput(t, ctx, want.Result.JSON)
	if got := browsertest.EvalJS[string](t, ctx, byTestID("output-type")+`.textContent`); got != want.Result.Type() {
		t.Errorf("output type = %q, want %q", got, want.Result.Type())
	}
	if got := browsertest.EvalJS[string](t, ctx, byTestID("output")+`.textContent`); got != want.Result.Display {
		t.Errorf("output text = %q, want %q", got, want.Result.Display)
	}
	// The trace's rows are made once the page's first frame is painted.
	browsertest.WaitJS(t, ctx, `document.querySelectorAll('[data-testid="trace"] tbody tr').length > 0`)
	if n := browsertest.EvalJS[int](t, ctx, `document.querySelectorAll('[data-testid="trace"] tbody tr').length`); n != len(want.Trace) {
		t.Errorf("trace shows %d tags, want %d", n, len(want.Trace))
	}
}

func TestBrowserTypingUpdatesOutput(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	s := exampleState(t, "typed-splice")
	openState(t, ctx, base, s)
	waitOutput(t, ctx, playground.NewSession(s).Out.Result.JSON)

	typeAt(t, ctx, "editor", -1, " and {{E0.limit}}")
	s.Template += " and {{E0.limit}}"
	want := playground.NewSession(s).Out
	if !want.Result.Mixed {
		t.Fatal("the edited template should render mixed text")
	}
	waitOutput(t, ctx, want.Result.JSON)
	browsertest.WaitJS(t, ctx, byTestID("output-type")+`.textContent === "string"`)
}

func TestBrowserBadPathChipFixesTemplate(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	browsertest.Navigate(t, ctx, base+"/")
	waitAppReady(t, ctx)
	// Through the examples menu, as a visitor would.
	click(t, ctx, `#examples-button`)
	click(t, ctx, `[data-testid="example"][data-id="bad-path"]`)
	s := exampleState(t, "bad-path")
	waitShows(t, ctx, s)

	want := playground.NewSession(s).Out
	if len(want.Problems) != 1 || want.Problems[0].Kind != template.BadPath {
		t.Fatalf("the example should fail with one BadPath, got %+v", want.Problems)
	}
	browsertest.WaitJS(t, ctx, `document.querySelectorAll('[data-testid="problem"]').length === 1`)
	if got := problemsShown(t, ctx); !slices.Equal(got, problemList(want.Problems)) {
		t.Errorf("problems = %q, want %q", got, problemList(want.Problems))
	}
	if browsertest.EvalJS[bool](t, ctx, byTestID("output")+` !== null`) {
		t.Error("an output is shown for a failing render")
	}
	chips := browsertest.EvalJS[[]string](t, ctx, `[...document.querySelectorAll('.keys [data-testid="key-chip"]')].map(e => e.textContent)`)
	if !slices.Equal(chips, want.Problems[0].Available) {
		t.Errorf("key chips = %q, want %q", chips, want.Problems[0].Available)
	}

	key := want.Problems[0].Available[0]
	click(t, ctx, `.keys [data-testid="key-chip"][data-key=`+jsString(key)+`]`)
	p := &want.Problems[0]
	fixed := s.Template[:p.SegStart] + key + s.Template[p.SegEnd:]
	browsertest.WaitJS(t, ctx, byTestID("editor")+`.value === `+jsString(fixed))
	s.Template = fixed
	waitOutput(t, ctx, playground.NewSession(s).Out.Result.JSON)
	browsertest.WaitJS(t, ctx, `document.querySelectorAll('[data-testid="problem"]').length === 0`)
}

func TestBrowserMissingStepAtLoad(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	s := exampleState(t, "missing-step")
	openState(t, ctx, base, s)
	want := playground.NewSession(s).Out
	if len(want.Problems) == 0 || want.Problems[0].Kind != template.MissingStep || want.Problems[0].Phase != template.PhaseLoad {
		t.Fatalf("the example should fail at load with MissingStep, got %+v", want.Problems)
	}
	browsertest.WaitJS(t, ctx, fmt.Sprintf(`document.querySelectorAll('[data-testid="problem"]').length === %d`, len(want.Problems)))
	if got := problemsShown(t, ctx); !slices.Equal(got, problemList(want.Problems)) {
		t.Errorf("problems = %q, want %q", got, problemList(want.Problems))
	}
	// A click on the place selects the tag in the editor.
	click(t, ctx, `[data-testid="problem"] .where`)
	p := want.Problems[0]
	browsertest.WaitJS(t, ctx, fmt.Sprintf(`%[1]s.contains(document.activeElement) && %[1]s.selectionStart === %[2]d && %[1]s.selectionEnd === %[3]d`,
		byTestID("editor"), utf16Offset(s.Template, p.Pos.Offset), utf16Offset(s.Template, p.End)))
}

func TestBrowserEveryModeWorks(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	for _, id := range []string{"issue-digest", "pr-card", "tool-schema"} {
		s := exampleState(t, id)
		t.Run(string(s.Mode), func(t *testing.T) {
			want := playground.NewSession(s).Out
			if want.Result == nil {
				t.Fatalf("example %s has no result in Go: %+v", id, want.Problems)
			}
			openState(t, ctx, base, s)
			waitOutput(t, ctx, want.Result.JSON)
			if s.Mode == state.ModeTool {
				if got := textOf(t, ctx, "call-editor"); got != s.Call {
					t.Errorf("call editor = %q, want %q", got, s.Call)
				}
			}
		})
	}
	// Switching modes by the tabs keeps each mode's text.
	s := exampleState(t, "pr-card")
	openState(t, ctx, base, s)
	click(t, ctx, `[data-testid="mode-template"]`)
	s.Mode = state.ModeTemplate
	waitShows(t, ctx, s)
	waitOutput(t, ctx, playground.NewSession(s).Out.Result.JSON)
}

func TestBrowserRootsAddRenameMoveDelete(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	s := examples.Default.Open()
	openState(t, ctx, base, s)
	tabs := func() []string {
		return browsertest.EvalJS[[]string](t, ctx, `[...document.querySelectorAll('[data-testid="root-tab"]')].map(e => e.dataset.name)`)
	}
	waitTabs := func(want ...string) {
		t.Helper()
		b, _ := json.Marshal(want)
		browsertest.WaitJS(t, ctx, `JSON.stringify([...document.querySelectorAll('[data-testid="root-tab"]')].map(e => e.dataset.name)) === `+jsString(string(b)))
	}

	added := playground.NewSession(s)
	added.AddRoot()
	next := added.Active
	click(t, ctx, `[data-testid="root-add"]`)
	waitTabs("input", "E0", next)
	browsertest.WaitJS(t, ctx, `document.querySelector('[data-testid="root-tab"][aria-selected="true"]').dataset.name === `+jsString(next))

	// Rename: a reserved name is refused with the reason, a good one taken.
	renameOpenRoot(t, ctx, "input")
	waitTestID(t, ctx, "name-error")
	if msg := browsertest.EvalJS[string](t, ctx, byTestID("name-error")+`.textContent`); msg != template.ValidateStepID("input") {
		t.Errorf("rename error = %q, want %q", msg, template.ValidateStepID("input"))
	}
	browsertest.EvalJS[bool](t, ctx, byTestID("root-name")+`.select() || true`)
	if err := chromedp.Do(ctx, chromedp.KeyEvent("fetch_prs"+kb.Enter)); err != nil {
		t.Fatal(err)
	}
	waitTabs("input", "E0", "fetch_prs")

	// Reorder: the new step moves before E0, and back.
	click(t, ctx, `[data-testid="root-left"]`)
	waitTabs("input", "fetch_prs", "E0")
	click(t, ctx, `[data-testid="root-left"]`) // input stays first
	time.Sleep(50 * time.Millisecond)
	if got := tabs(); !slices.Equal(got, []string{"input", "fetch_prs", "E0"}) {
		t.Errorf("after moving past input, tabs = %q", got)
	}

	// Delete, then undo.
	click(t, ctx, `[data-testid="root-delete"]`)
	waitTabs("input", "E0")
	click(t, ctx, `[data-testid="root-undo"]`)
	waitTabs("input", "fetch_prs", "E0")

	// The template sees the order: E0 is still usable, the output unchanged.
	waitOutput(t, ctx, playground.NewSession(s).Out.Result.JSON)

	// The arrow keys move between the tabs, and the focus follows.
	browsertest.EvalJS[bool](t, ctx, `(document.querySelector('[data-testid="root-tab"][aria-selected="true"]').focus(), true)`)
	pressKey(t, ctx, "ArrowRight", 39)
	browsertest.WaitJS(t, ctx, `document.activeElement.dataset.name === "E0" && document.activeElement.getAttribute("aria-selected") === "true"`)
	pressKey(t, ctx, "Home", 36)
	browsertest.WaitJS(t, ctx, `document.activeElement.dataset.name === "input"`)
}

func TestBrowserShareLinkRestoresState(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	s := exampleState(t, "map-body")
	openState(t, ctx, base, s)

	// Edit: the template, a root, the later steps.
	typeAt(t, ctx, "editor", -1, " <done>")
	s.Template += " <done>"
	click(t, ctx, `[data-testid="root-tab"][data-name="index"]`)
	browsertest.WaitJS(t, ctx, byTestID("root-editor")+`.value === "2"`)
	typeAt(t, ctx, "root-editor", -1, "1")
	s.SetText(state.Target{Root: "index"}, "21")
	waitOutput(t, ctx, playground.NewSession(s).Out.Result.JSON)

	if err := chromedp.Do(ctx, chromedp.KeyEvent("s", chromedp.KeyModifiers(chromedp.ModifierCtrl))); err != nil {
		t.Fatal(err)
	}
	waitTestID(t, ctx, "share-url")
	link := textOf(t, ctx, "share-url")
	payload, ok, _ := state.SplitFragment(link[strings.IndexByte(link, '#'):])
	if !ok {
		t.Fatalf("share link %q has no state", link)
	}
	got, err := state.DecodeLink(payload)
	if err != nil {
		t.Fatal(err)
	}
	if want := encodeState(s); encodeState(got) != want {
		t.Fatalf("shared state = %+v\nwant %+v", got, s)
	}
	// The address bar followed too.
	browsertest.WaitJS(t, ctx, `location.hash === `+jsString("#"+state.LinkPrefix+payload))

	// A fresh browser, with nothing saved, shows the same state.
	fresh := browsertest.NewBrowser(t)
	browsertest.Navigate(t, fresh, link)
	waitAppReady(t, fresh)
	waitShows(t, fresh, s)
	waitOutput(t, fresh, playground.NewSession(s).Out.Result.JSON)
	for _, r := range s.Roots {
		click(t, fresh, `[data-testid="root-tab"][data-name=`+jsString(r.Name)+`]`)
		browsertest.WaitJS(t, fresh, byTestID("root-editor")+`.value === `+jsString(r.Text))
	}
	if got := browsertest.EvalJS[bool](t, fresh, byTestID("iteration")+`.checked`); got != s.Iteration {
		t.Errorf("iteration switch = %v, want %v", got, s.Iteration)
	}
}

func TestBrowserAutosaveSurvivesReload(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	s := examples.Default.Open()
	openState(t, ctx, base, s)
	typeAt(t, ctx, "editor", 0, "Saved: ")
	s.Template = "Saved: " + s.Template
	waitOutput(t, ctx, playground.NewSession(s).Out.Result.JSON)
	browsertest.WaitJS(t, ctx, `localStorage.getItem(`+jsString(app.AutosaveKey)+`) !== null && location.hash.length > 3`)
	time.Sleep(2 * app.PersistDelay)

	browsertest.Navigate(t, ctx, base+"/") // no fragment: the autosave
	waitAppReady(t, ctx)
	waitShows(t, ctx, s)
}

func TestBrowserBadLinkShowsBanner(t *testing.T) {
	base := browsertest.StartServer(t)
	good := encodeState(exampleState(t, "comma-idiom"))
	huge := encodeState(state.State{Mode: state.ModeTemplate, Template: strings.Repeat("x", state.MaxLinkState+1)})
	links := map[string]string{
		"corrupt":   "!!not-base64!!",
		"truncated": good[:len(good)/2],
		"oversized": huge,
	}
	ctx := browsertest.NewBrowser(t)
	for name, payload := range links {
		t.Run(name, func(t *testing.T) {
			browsertest.Navigate(t, ctx, base+"/#"+state.LinkPrefix+payload)
			waitAppReady(t, ctx)
			_, err := state.DecodeLink(payload)
			if err == nil {
				t.Fatal("the link should not open")
			}
			browsertest.WaitJS(t, ctx, byTestID("banner")+`?.textContent.includes(`+jsString(err.Error())+`)`)
			waitShows(t, ctx, examples.Default.Open())
		})
	}
}

func TestBrowserEmbedInIframe(t *testing.T) {
	base := browsertest.StartServer(t)
	s := exampleState(t, "comma-idiom")
	payload := encodeState(s)
	src := base + state.EmbedPath + "#" + state.LinkPrefix + payload + "&theme=dark"
	outer := browsertest.ServePage(t, `<!doctype html><title>docs</title><iframe src="`+src+`" width="760" height="420"></iframe>`)
	ctx := browsertest.NewBrowser(t)
	browsertest.Navigate(t, ctx, outer)
	frame := childFrame(t, ctx, base+state.EmbedPath) // frame URLs leave out the fragment
	want := playground.NewSession(s).Out
	waitInFrame(t, ctx, frame.ID, `document.querySelector('[data-testid="output"]')?.dataset.json === `+jsString(want.Result.JSON))
	// An isolated world sees the page's DOM, not the editor's value
	// property: it reads the lines drawn.
	waitInFrame(t, ctx, frame.ID, `[...document.querySelectorAll('[data-testid="editor"] .cm-line')].map(l => l.textContent).join("\n") === `+jsString(s.Template))
	waitInFrame(t, ctx, frame.ID, `document.querySelector('[data-testid="open-playground"]').getAttribute("href") === `+
		jsString("/#"+state.LinkPrefix+payload))
	waitInFrame(t, ctx, frame.ID, `document.querySelector(".app").dataset.theme === "dark"`)
	// The roots start folded.
	waitInFrame(t, ctx, frame.ID, `document.querySelector('[data-testid="root-editor"]') === null`)
}

// TestBrowserEmbedPlan: an embedded plan folds away its steps, not roots it
// does not have; opened, a step's row shows that step's result. In a frame
// of the snippet's height its editor shows most of the frame, its output
// still in view.
func TestBrowserEmbedPlan(t *testing.T) {
	base := browsertest.StartServer(t)
	s := exampleState(t, "pr-plan")
	ctx := browsertest.NewBrowser(t)
	for _, frame := range []struct{ width, lines int64 }{{390, 11}, {760, 16}} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(frame.width, 600)); err != nil {
			t.Fatal(err)
		}
		browsertest.Navigate(t, ctx, base+state.EmbedPath+"#"+state.LinkPrefix+encodeState(s))
		waitOutput(t, ctx, playground.NewSession(s).Out.Result.JSON)
		if lines := browsertest.EvalJS[int64](t, ctx, `Math.floor(`+byTestID("editor")+`.querySelector(".cm-scroller").clientHeight / 20)`); lines < frame.lines {
			t.Errorf("%d px wide: the plan's editor shows %d lines of a 600 px frame", frame.width, lines)
		}
		if bottom := browsertest.EvalJS[float64](t, ctx, byTestID("output")+`.getBoundingClientRect().bottom`); bottom > 600 {
			t.Errorf("%d px wide: the output ends at %.0f px, below the frame", frame.width, bottom)
		}
	}
	browsertest.WaitJS(t, ctx, byTestID("roots-toggle")+`.textContent === "▸ Steps" && !document.querySelector('[data-testid="step"]')`)
	click(t, ctx, `[data-testid="roots-toggle"]`)
	browsertest.WaitJS(t, ctx, `document.querySelectorAll('[data-testid="step"]').length === 5 && !document.querySelector('[data-testid="root-editor"]')`)
	click(t, ctx, `[data-testid="step"][data-id="card"] .step-select`)
	waitOutput(t, ctx, stepResult(t, s.Plan, "card"))
}

func TestBrowserPayloadsStayText(t *testing.T) {
	const html = `<img src=x onerror="alert('img')"><script>alert('script')</script>`
	s := state.State{
		Mode:     state.ModeTemplate,
		Template: html + " {{E0.x}} {{E0.none}}",
		Roots: []state.RootText{
			{Name: "input", Text: `{}`},
			{Name: "E0", Text: `{"x": ` + jsString(html) + `, ` + jsString(html) + `: 1}`},
		},
	}
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	dialogs := browsertest.WatchDialogs(t, ctx)
	openState(t, ctx, base, s)
	want := playground.NewSession(s).Out
	if len(want.Problems) != 1 || !slices.Contains(want.Problems[0].Available, html) {
		t.Fatalf("the state should fail with a BadPath offering the HTML key, got %+v", want.Problems)
	}
	browsertest.WaitJS(t, ctx, `[...document.querySelectorAll('[data-testid="key-chip"]')].some(e => e.textContent === `+jsString(html)+`)`)

	// Fix the path with the HTML key: the output then holds the payload.
	click(t, ctx, `[data-testid="key-chip"][data-key="x"]`)
	s.Template = html + " {{E0.x}} {{E0.x}}"
	want = playground.NewSession(s).Out
	waitOutput(t, ctx, want.Result.JSON)
	if got := browsertest.EvalJS[string](t, ctx, byTestID("output")+`.textContent`); got != want.Result.Display {
		t.Errorf("output text = %q, want %q", got, want.Result.Display)
	}
	// The completions and the hover offer the HTML key as text.
	typeAt(t, ctx, "editor", -1, " {{E0.")
	browsertest.WaitJS(t, ctx, `[...document.querySelectorAll('[data-testid="completion"]')].some(e => e.textContent === `+jsString(html)+`)`)
	// Only the logo is an image, and no script came in.
	if n := browsertest.EvalJS[int](t, ctx, `document.querySelectorAll('body img:not(.logo)').length + document.querySelectorAll('body script:not([src])').length`); n != 0 {
		t.Errorf("%d elements were injected from user content", n)
	}
	time.Sleep(100 * time.Millisecond)
	if d := dialogs.Opened(); len(d) > 0 {
		t.Errorf("dialogs opened: %q", d)
	}
}

func TestBrowserCompletion(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	s := examples.Default.Open()
	s.Template = ""
	openState(t, ctx, base, s)
	typeAt(t, ctx, "editor", 0, "{{E0.")
	browsertest.WaitJS(t, ctx, `[...document.querySelectorAll('[data-testid="completion"]')].map(e => e.textContent).join() === "issues"`)
	pressKey(t, ctx, "Enter", 13)
	if err := chromedp.Do(ctx, chromedp.KeyEvent(".length}}")); err != nil {
		t.Fatal(err)
	}
	browsertest.WaitJS(t, ctx, byTestID("editor")+`.value === "{{E0.issues.length}}"`)
	s.Template = "{{E0.issues.length}}"
	waitOutput(t, ctx, playground.NewSession(s).Out.Result.JSON)
}

func TestBrowserThemeAndHelp(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	emulateScheme(t, ctx, "light")
	openState(t, ctx, base, examples.Default.Open())
	click(t, ctx, `[data-testid="theme-toggle"]`)
	browsertest.WaitJS(t, ctx, `document.querySelector(".app").dataset.theme === "dark"`)
	browsertest.Navigate(t, ctx, base+"/")
	waitAppReady(t, ctx)
	browsertest.WaitJS(t, ctx, `document.querySelector(".app").dataset.theme === "dark"`)

	browsertest.EvalJS[bool](t, ctx, `document.activeElement.blur() || true`)
	if err := chromedp.Do(ctx, chromedp.KeyEvent("?")); err != nil {
		t.Fatal(err)
	}
	waitTestID(t, ctx, "shortcuts")
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Escape)); err != nil {
		t.Fatal(err)
	}
	browsertest.WaitJS(t, ctx, byTestID("shortcuts")+` === null`)
}

// emulateScheme makes the tab's pages see the system color scheme as
// "light" or "dark".
func emulateScheme(t *testing.T, ctx context.Context, scheme string) {
	t.Helper()
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
		Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}},
	}); err != nil {
		t.Fatal(err)
	}
}

// screenshotsEnv makes TestBrowserScreenshots write docs/*.png.
const screenshotsEnv = "SPLICE_SCREENSHOTS"

// TestBrowserScreenshots writes the screenshots the README shows: the
// playground in light and dark, at a phone's width (the editor, and
// scrolled to the output), the embed, and plan mode (its graph opened on a phone). It runs when SPLICE_SCREENSHOTS=1.
func TestBrowserScreenshots(t *testing.T) {
	if os.Getenv(screenshotsEnv) == "" {
		t.Skip("set " + screenshotsEnv + "=1 to write docs/*.png")
	}
	base := browsertest.StartServer(t)
	shots := []struct {
		file, scheme, path string
		width, height      int64
		State              state.State
		scroll             string // the element to scroll to, if any
		step               string // a step to select by its row, if any
		open               string // an element to click open first, if any
	}{
		{"playground-light.png", "light", "/", 1440, 900, exampleState(t, "issue-digest"), "", "", ""},
		{"playground-dark.png", "dark", "/", 1440, 900, exampleState(t, "bad-path"), "", "", ""},
		{"playground-phone.png", "light", "/", 390, 844, exampleState(t, "issue-digest"), "", "", ""},
		{"playground-phone-output.png", "dark", "/", 390, 844, exampleState(t, "issue-digest"), ".pane-output", "", ""},
		{"embed.png", "light", state.EmbedPath, 760, 420, exampleState(t, "comma-idiom"), "", "", ""},
		{"plan-light.png", "light", "/", 1280, 800, exampleState(t, "pr-plan"), "", "per_file", ""},
		{"plan-dark.png", "dark", "/", 1280, 800, exampleState(t, "broken-plan"), "", "first", ""},
		{"plan-phone.png", "light", "/", 390, 844, exampleState(t, "pr-plan"), `[data-testid="step"][data-id="per_file"]`, "per_file", ""},
		{"plan-phone-dark.png", "dark", "/", 390, 844, exampleState(t, "broken-plan"), `[data-testid="step"][data-id="first"]`, "first", ""},
		{"plan-graph-phone.png", "light", "/", 390, 844, exampleState(t, "pr-plan"), `.graph-pane`, "", ".graph-head"},
	}
	for _, shot := range shots {
		ctx := browsertest.NewBrowser(t)
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(shot.width, shot.height)); err != nil {
			t.Fatal(err)
		}
		emulateScheme(t, ctx, shot.scheme)
		payload := encodeState(shot.State)
		browsertest.Navigate(t, ctx, base+shot.path+"#"+state.LinkPrefix+payload)
		waitAppReady(t, ctx)
		browsertest.WaitJS(t, ctx, byTestID("editor")+`?.value === `+jsString(shot.State.Text(state.Target{})))
		time.Sleep(300 * time.Millisecond)
		if shot.open != "" {
			click(t, ctx, shot.open)
			time.Sleep(300 * time.Millisecond)
		}
		if shot.step != "" {
			click(t, ctx, `[data-testid="step"][data-id="`+shot.step+`"] .step-select`)
			waitSelected(t, ctx, shot.step)
			browsertest.EvalJS[bool](t, ctx, `(window.scrollTo(0, 0), document.activeElement.blur(), true)`)
			time.Sleep(1600 * time.Millisecond) // the editor's flash of the step's line is over
		}
		if shot.scroll != "" { // as a phone shows it, scrolled down
			browsertest.EvalJS[bool](t, ctx, `(document.querySelector(`+jsString(shot.scroll)+`).scrollIntoView(), true)`)
			time.Sleep(100 * time.Millisecond)
		}
		png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join("..", "docs", shot.file), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// grantClipboard lets the pages of base read and write the clipboard, as a
// visitor's browser does once asked.
func grantClipboard(t *testing.T, ctx context.Context, base string) {
	t.Helper()
	for _, name := range []string{"clipboard-read", "clipboard-write"} {
		if _, err := chromedp.Call(ctx, browser.SetPermission, browser.SetPermissionParams{
			Permission: &browser.PermissionDescriptor{Name: name}, Setting: browser.PermissionSettingGranted, Origin: base,
		}); err != nil {
			t.Fatalf("granting %s: %v", name, err)
		}
	}
}

// clipboardText returns what the page's clipboard holds.
func clipboardText(t *testing.T, ctx context.Context) string {
	t.Helper()
	text, err := chromedp.Run(ctx, chromedp.Evaluate[string](`navigator.clipboard.readText()`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("reading the clipboard: %v", err)
	}
	return text
}

// TestBrowserShareExports: the share dialog copies the state as Markdown
// for an issue and as a test vector that the conformance runner passes.
func TestBrowserShareExports(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	tests, _ := checkShareExports(t, ctx, base, exampleState(t, "bad-path"))
	if tests[0].Error == nil || tests[0].Error.Kind != "BadPath" {
		t.Errorf("the copied vector expects %+v", tests[0].Error)
	}
}

// checkShareExports opens s, and checks that its share dialog copies a
// test vector the conformance runner passes and the Markdown of s; it
// returns the vector's tests and the share link.
func checkShareExports(t *testing.T, ctx context.Context, base string, s state.State) ([]*conformance.Test, string) {
	t.Helper()
	grantClipboard(t, ctx, base)
	openState(t, ctx, base, s)
	click(t, ctx, `[data-testid="share"]`)
	waitTestID(t, ctx, "share-url")
	link := textOf(t, ctx, "share-url")

	click(t, ctx, `[data-testid="copy-vector"]`)
	browsertest.WaitJS(t, ctx, `document.querySelector(".dialog .note").textContent === "Test vector copied to the clipboard."`)
	file := filepath.Join(t.TempDir(), "repro.json")
	if err := os.WriteFile(file, []byte(clipboardText(t, ctx)), 0o644); err != nil {
		t.Fatal(err)
	}
	tests, err := conformance.Load(file)
	if err != nil {
		t.Fatalf("the copied vector does not load: %v", err)
	}
	if r := conformance.RunAll(tests); r.Passed != 1 || len(r.Failures) > 0 {
		t.Fatalf("the copied vector: %s %q", r.Summary(), r.Failures)
	}

	click(t, ctx, `[data-testid="copy-markdown"]`)
	browsertest.WaitJS(t, ctx, `document.querySelector(".dialog .note").textContent === "Markdown copied to the clipboard."`)
	out := playground.NewSession(s).Out
	if md := clipboardText(t, ctx); md != evaluate.Markdown(s, &out, link) {
		t.Errorf("copied Markdown:\n%s\nwant:\n%s", md, evaluate.Markdown(s, &out, link))
	}
	return tests, link
}

// TestBrowserDialogHoldsFocus: Tab goes round a dialog's controls, never to
// the page behind, and closing the dialog gives the focus back to the
// button that opened it.
func TestBrowserDialogHoldsFocus(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	openState(t, ctx, base, examples.Default.Open())
	for _, opener := range []string{"help", "share"} {
		click(t, ctx, `[data-testid="`+opener+`"]`)
		browsertest.WaitJS(t, ctx, `document.querySelector(".dialog")?.contains(document.activeElement)`)
		for i := range 12 {
			if i%2 == 0 {
				pressKey(t, ctx, "Tab", 9)
			} else {
				pressChord(t, ctx, "Tab", 9, modShift)
			}
			pressKey(t, ctx, "Tab", 9)
			if !browsertest.EvalJS[bool](t, ctx, `document.querySelector(".dialog").contains(document.activeElement)`) {
				t.Fatalf("%s dialog: Tab left the dialog for %s", opener, browsertest.EvalJS[string](t, ctx, `document.activeElement.outerHTML.slice(0, 80)`))
			}
		}
		pressKey(t, ctx, "Escape", 27)
		browsertest.WaitJS(t, ctx, `document.querySelector(".dialog") === null && document.activeElement === `+byTestID(opener))
	}
}

// TestBrowserMenuAndRenameFocus: the Examples menu opens on its first item,
// the arrow keys, Home and End move between items, Esc closes it and gives
// the focus back to its button; Rename focuses its field, Enter gives the
// focus to the renamed tab, Esc back to Rename.
func TestBrowserMenuAndRenameFocus(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	openState(t, ctx, base, examples.Default.Open())
	focused := `document.activeElement.dataset.id`
	// The menu lists the features first.
	shown := append(slices.DeleteFunc(slices.Clone(examples.All), func(ex examples.Example) bool { return ex.Error }),
		slices.DeleteFunc(slices.Clone(examples.All), func(ex examples.Example) bool { return !ex.Error })...)

	browsertest.EvalJS[bool](t, ctx, `(document.getElementById("examples-button").focus(), true)`)
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Enter)); err != nil {
		t.Fatal(err)
	}
	browsertest.WaitJS(t, ctx, focused+` === `+jsString(shown[0].ID))
	pressKey(t, ctx, "ArrowDown", 40)
	browsertest.WaitJS(t, ctx, focused+` === `+jsString(shown[1].ID))
	pressKey(t, ctx, "ArrowUp", 38)
	pressKey(t, ctx, "ArrowUp", 38) // round to the last
	browsertest.WaitJS(t, ctx, focused+` === `+jsString(shown[len(shown)-1].ID))
	pressKey(t, ctx, "Home", 36)
	browsertest.WaitJS(t, ctx, focused+` === `+jsString(shown[0].ID))
	pressKey(t, ctx, "End", 35)
	browsertest.WaitJS(t, ctx, focused+` === `+jsString(shown[len(shown)-1].ID))
	pressKey(t, ctx, "Escape", 27)
	browsertest.WaitJS(t, ctx, `!document.getElementById("examples-menu") && document.activeElement.id === "examples-button"`)

	click(t, ctx, `[data-testid="root-tab"][data-name="E0"]`)
	click(t, ctx, `[data-testid="root-rename"]`)
	browsertest.WaitJS(t, ctx, `document.activeElement === `+byTestID("root-name")+` && document.activeElement.selectionEnd === 2`)
	pressKey(t, ctx, "Escape", 27)
	browsertest.WaitJS(t, ctx, `!`+byTestID("root-name")+` && document.activeElement === `+byTestID("root-rename"))
	renameOpenRoot(t, ctx, "fetch")
	browsertest.WaitJS(t, ctx, `document.activeElement.dataset.testid === "root-tab" && document.activeElement.dataset.name === "fetch"`)
}

// TestBrowserShapePartialResult: a shape with a failing leaf shows what
// rendered with the leaf marked; fixing the leaf gives the whole result.
func TestBrowserShapePartialResult(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	s := examples.Default.Open()
	s.Mode = state.ModeShape
	s.Shape = "{\n  \"team\": \"{{input.team}}\",\n  \"bad\": \"{{input.teem}}\"\n}"
	openState(t, ctx, base, s)
	out := playground.NewSession(s).Out
	browsertest.WaitJS(t, ctx, byTestID("partial")+`?.textContent.startsWith(`+jsString(out.Partial[0].Text)+`) && `+
		`document.querySelectorAll('[data-testid="failed-leaf"]').length === 1 && `+byTestID("failed-leaf")+`.dataset.at === "/bad"`)
	click(t, ctx, `.keys [data-testid="key-chip"][data-key="team"]`)
	s.Shape = strings.Replace(s.Shape, "teem", "team", 1)
	waitOutput(t, ctx, playground.NewSession(s).Out.Result.JSON)
	browsertest.WaitJS(t, ctx, `!`+byTestID("partial"))
}
