//go:build browser

package app_test

// Keyboard use that must never break the page or drop the focus to it.

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/splicedev/splice/internal/browsertest"
	"github.com/splicedev/splice/internal/examples"
	"github.com/splicedev/splice/internal/playground"
	"github.com/splicedev/splice/internal/playground/state"
)

// focusOnPage is true when the focus is on a control, not dropped to the
// page.
const focusOnPage = `document.activeElement && document.activeElement !== document.body`

// stillEvaluates types into the template and waits for the output: the
// app is alive.
func stillEvaluates(t *testing.T, ctx context.Context, s *state.State) {
	t.Helper()
	typeAt(t, ctx, "editor", 0, "ok ")
	s.Template = "ok " + s.Template
	waitOutput(t, ctx, playground.NewSession(*s).Out.Result.JSON)
}

// TestBrowserKeyboardUndoAnywhere: Ctrl+Z and Ctrl+Shift+Z with the focus
// on the page, on the result, on a root tab the undo removes, or on the
// iteration switch, undo what they should and leave the app running with
// the focus on a control.
func TestBrowserKeyboardUndoAnywhere(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	s := examples.Default.Open()
	openState(t, ctx, base, s)

	browsertest.EvalJS[bool](t, ctx, `(document.activeElement.blur(), true)`)
	pressChord(t, ctx, "z", 90, modCtrl) // nothing to undo
	pressChord(t, ctx, "z", 90, modCtrl|modShift)
	browsertest.EvalJS[bool](t, ctx, `(`+byTestID("output")+`.focus(), true)`)
	pressChord(t, ctx, "z", 90, modCtrl)
	stillEvaluates(t, ctx, &s)

	// Undo the tab's own addition, with the focus on it.
	click(t, ctx, `[data-testid="root-add"]`)
	browsertest.WaitJS(t, ctx, `document.querySelectorAll('[data-testid="root-tab"]').length === 3`)
	browsertest.EvalJS[bool](t, ctx, `(document.querySelector('[data-testid="root-tab"][aria-selected="true"]').focus(), true)`)
	pressChord(t, ctx, "z", 90, modCtrl)
	browsertest.WaitJS(t, ctx, `document.querySelectorAll('[data-testid="root-tab"]').length === 2 && `+focusOnPage)

	// The iteration switch is not a text field: Ctrl+Z there undoes it.
	click(t, ctx, `[data-testid="iteration"]`)
	browsertest.WaitJS(t, ctx, `document.querySelector('[data-testid="root-tab"][data-name="item"]') !== null`)
	browsertest.EvalJS[bool](t, ctx, `(`+byTestID("iteration")+`.focus(), true)`)
	pressChord(t, ctx, "z", 90, modCtrl)
	browsertest.WaitJS(t, ctx, `!document.querySelector('[data-testid="root-tab"][data-name="item"]') && !`+byTestID("iteration")+`.checked && `+focusOnPage)
	stillEvaluates(t, ctx, &s)
}

// TestBrowserMenuKeys: ↓ and ↑ on the Examples button open the menu on
// its first and last item; Tab in the menu closes it and goes on, the app
// still running.
func TestBrowserMenuKeys(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	s := examples.Default.Open()
	openState(t, ctx, base, s)
	items := `[...document.querySelectorAll('[role="menuitem"]')]`
	for key, code := range map[string]int64{"ArrowDown": 40, "ArrowUp": 38} {
		browsertest.EvalJS[bool](t, ctx, `(document.getElementById("examples-button").focus(), true)`)
		pressKey(t, ctx, key, code)
		want := `[0]`
		if key == "ArrowUp" {
			want = `.at(-1)`
		}
		browsertest.WaitJS(t, ctx, `document.activeElement === `+items+want)
		pressKey(t, ctx, "Escape", 27)
		browsertest.WaitJS(t, ctx, `!document.getElementById("examples-menu") && document.activeElement.id === "examples-button"`)
	}
	click(t, ctx, "#examples-button")
	browsertest.WaitJS(t, ctx, `document.activeElement === `+items+`[0]`)
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Tab)); err != nil {
		t.Fatal(err)
	}
	browsertest.WaitJS(t, ctx, `!document.getElementById("examples-menu") && `+focusOnPage)
	stillEvaluates(t, ctx, &s)
}

// TestBrowserBannerKeepsFocus: the banner's buttons remove the banner; the
// focus goes to the editor, not to the page.
func TestBrowserBannerKeepsFocus(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	work := typeWork(t, ctx, base)
	for _, button := range []string{`[data-testid="banner"] .btn:not([data-testid])`, `[data-testid="restore-saved"]`} {
		browsertest.Navigate(t, ctx, base+"/")
		waitAppReady(t, ctx)
		browsertest.Navigate(t, ctx, base+"/#s=AAAA")
		waitTestID(t, ctx, "restore-saved")
		browsertest.EvalJS[bool](t, ctx, `(document.querySelector(`+jsString(button)+`).focus(), true)`)
		if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Enter)); err != nil {
			t.Fatal(err)
		}
		browsertest.WaitJS(t, ctx, `!`+byTestID("banner")+` && `+byTestID("editor")+`.contains(document.activeElement)`)
	}
	waitShows(t, ctx, work)
	if strings.Contains(browsertest.EvalJS[string](t, ctx, `document.documentElement.className`), "opening-link") {
		t.Error("the page keeps the mark of a link being opened")
	}
}

// TestBrowserDialogBlocksPageKeys: behind a modal dialog the page takes no
// keys (no undo, no other dialog, no mode), and a link opened in place
// closes the dialog that showed the state being left.
func TestBrowserDialogBlocksPageKeys(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	s := examples.Default.Open()
	openState(t, ctx, base, s)
	click(t, ctx, `[data-testid="root-add"]`)
	browsertest.WaitJS(t, ctx, `document.querySelectorAll('[data-testid="root-tab"]').length === 3`)
	click(t, ctx, `[data-testid="share"]`)
	browsertest.WaitJS(t, ctx, `document.querySelector(".dialog")?.contains(document.activeElement)`)
	pressChord(t, ctx, "z", 90, modCtrl)
	pressKey(t, ctx, "?", 191)
	browsertest.EvalJS[bool](t, ctx, `(document.querySelector(".dialog-close").focus(), true)`)
	pressChord(t, ctx, "3", 51, modAlt)
	waitSettled()
	if !browsertest.EvalJS[bool](t, ctx, `document.querySelectorAll('[data-testid="root-tab"]').length === 3 && !!`+byTestID("share-url")+
		` && `+byTestID("mode-template")+`.getAttribute("aria-selected") === "true"`) {
		t.Error("keys pressed in the share dialog acted on the page behind it")
	}
	other := exampleState(t, "comma-idiom")
	browsertest.EvalJS[bool](t, ctx, `(location.hash = `+jsString("#"+state.LinkPrefix+encodeState(other))+`, true)`)
	waitShows(t, ctx, other)
	browsertest.WaitJS(t, ctx, `!document.querySelector(".dialog")`)
}

// TestBrowserEditorsFollowTheState: a loaded example starts the editors'
// histories again (Ctrl+Z does not bring the previous state's text over
// the example's roots), Alt+digit keeps the focus on a control, and an
// editor's name follows its root's and the mode.
func TestBrowserEditorsFollowTheState(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	openState(t, ctx, base, examples.Default.Open())
	click(t, ctx, `#examples-button`)
	click(t, ctx, `[data-testid="example"][data-id="comma-idiom"]`)
	ex := exampleState(t, "comma-idiom")
	waitShows(t, ctx, ex)
	browsertest.EvalJS[bool](t, ctx, `(`+byTestID("editor")+`.focus(), true)`)
	pressChord(t, ctx, "z", 90, modCtrl)
	waitSettled()
	if got := textOf(t, ctx, "editor"); got != ex.Template {
		t.Errorf("Ctrl+Z after loading an example: template %q, want the example's", got)
	}

	label := `document.querySelector('[data-testid="root-editor"] .cm-content').getAttribute("aria-label")`
	click(t, ctx, `[data-testid="root-tab"][data-name="E1"]`)
	renameOpenRoot(t, ctx, "reviews")
	browsertest.WaitJS(t, ctx, label+` === "Root reviews (JSON or YAML)"`)
	browsertest.EvalJS[bool](t, ctx, `(document.querySelector('[data-testid="root-tab"][aria-selected="true"]').focus(), true)`)
	pressChord(t, ctx, "3", 51, modAlt)
	browsertest.WaitJS(t, ctx, byTestID("mode-tool")+`.getAttribute("aria-selected") === "true" && `+focusOnPage+` && `+
		`document.querySelector('[data-testid="editor"] .cm-content').getAttribute("aria-label") === "Tool editor"`)
}
