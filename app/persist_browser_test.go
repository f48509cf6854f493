//go:build browser

package app_test

// The work a visitor typed survives what used to throw it away: picking an
// example, opening a link that cannot be opened, opening a valid link.

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/splicedev/splice/app"
	"github.com/splicedev/splice/internal/browsertest"
	"github.com/splicedev/splice/internal/examples"
	"github.com/splicedev/splice/internal/playground"
	"github.com/splicedev/splice/internal/playground/state"
)

// typeWork types MYWORK at the start of the template and waits until the
// autosave holds it.
func typeWork(t *testing.T, ctx context.Context, base string) state.State {
	t.Helper()
	s := examples.Default.Open()
	openState(t, ctx, base, s)
	typeAt(t, ctx, "editor", 0, "MYWORK ")
	s.Template = "MYWORK " + s.Template
	waitOutput(t, ctx, playground.NewSession(s).Out.Result.JSON)
	saved := encodeState(s)
	browsertest.WaitJS(t, ctx, savedPayload+` === `+jsString(saved))
	return s
}

// savedPayload is the state payload the autosave holds (go-app stores it
// as JSON).
const savedPayload = `JSON.parse(localStorage.getItem("` + app.AutosaveKey + `") || "null")`

// waitSettled waits past the autosave's delay, so that a write it would
// make has happened.
func waitSettled() { time.Sleep(2 * app.PersistDelay) }

func TestBrowserExampleIsANavigation(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	work := typeWork(t, ctx, base)
	length := browsertest.EvalJS[int](t, ctx, `history.length`)

	click(t, ctx, `#examples-button`)
	click(t, ctx, `[data-testid="example"][data-id="comma-idiom"]`)
	ex := exampleState(t, "comma-idiom")
	waitShows(t, ctx, ex)
	if got := browsertest.EvalJS[int](t, ctx, `history.length`); got != length+1 {
		t.Errorf("history.length = %d after opening an example, want %d", got, length+1)
	}
	payload := encodeState(ex)
	browsertest.WaitJS(t, ctx, `location.hash === `+jsString("#"+state.LinkPrefix+payload))
	waitSettled()
	saved := encodeState(work)
	if got := browsertest.EvalJS[string](t, ctx, savedPayload); got != saved {
		t.Error("opening an example replaced the autosaved work")
	}

	// Back returns to the work, Forward to the example.
	if err := chromedp.Do(ctx, chromedp.NavigateBack()); err != nil {
		t.Fatal(err)
	}
	waitShows(t, ctx, work)
	if err := chromedp.Do(ctx, chromedp.NavigateForward()); err != nil {
		t.Fatal(err)
	}
	waitShows(t, ctx, ex)
}

func TestBrowserRefusedLinkKeepsWork(t *testing.T) {
	base := browsertest.StartServer(t)
	for name, payload := range map[string]string{
		"damaged": "AAAA",
		"newer":   state.Pack([]byte(`{"v": 99, "mode": "template", "template": "from the future"}`)),
	} {
		t.Run(name, func(t *testing.T) {
			ctx := browsertest.NewBrowser(t)
			work := typeWork(t, ctx, base)
			link := "#" + state.LinkPrefix + payload
			browsertest.Navigate(t, ctx, base+"/"+link)
			waitAppReady(t, ctx)
			waitTestID(t, ctx, "banner")
			waitSettled()
			// The link stays, to be copied back; the work stays saved.
			if got := browsertest.EvalJS[string](t, ctx, `location.hash`); got != link {
				t.Errorf("the address bar became %q", got)
			}
			saved := encodeState(work)
			if got := browsertest.EvalJS[string](t, ctx, savedPayload); got != saved {
				t.Error("a refused link replaced the autosaved work")
			}
			click(t, ctx, `[data-testid="restore-saved"]`)
			waitShows(t, ctx, work)
			browsertest.WaitJS(t, ctx, byTestID("banner")+` === null`)
		})
	}
}

func TestBrowserValidLinkKeepsAutosave(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	work := typeWork(t, ctx, base)
	openState(t, ctx, base, exampleState(t, "typed-splice"))
	waitSettled()
	browsertest.Navigate(t, ctx, base+"/") // no link: the autosave
	waitAppReady(t, ctx)
	waitShows(t, ctx, work)
}

// TestBrowserStructuralUndo: deletions (and the other structural edits) undo
// many levels deep, with the Undo button, which the focus moves to after a
// deletion, or Ctrl+Z outside the editors; Redo does them again.
func TestBrowserStructuralUndo(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	s := examples.Default.Open()
	openState(t, ctx, base, s)
	tabs := func(want ...string) {
		t.Helper()
		names, _ := json.Marshal(want)
		browsertest.WaitJS(t, ctx, `JSON.stringify([...document.querySelectorAll('[data-testid="root-tab"]')].map(e => e.dataset.name)) === `+jsString(string(names)))
	}
	click(t, ctx, `[data-testid="root-add"]`)
	tabs("input", "E0", "E1")
	typeAt(t, ctx, "root-editor", 0, `{"kept": 1}`)
	// The editor is left before the tabs are clicked: as it loses the
	// focus the window may scroll, and a click pressed before and released
	// after lands off the tab. Each switch is drawn before the next click.
	browsertest.WaitJS(t, ctx, `(document.activeElement.blur(), new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true)))))`)
	for _, mode := range []string{"mode-shape", "mode-template"} {
		click(t, ctx, `[data-testid="`+mode+`"]`)
		browsertest.WaitJS(t, ctx, byTestID(mode)+`.getAttribute("aria-selected") === "true"`)
	}
	for _, name := range []string{"E1", "E0"} {
		click(t, ctx, `[data-testid="root-tab"][data-name="`+name+`"]`)
		click(t, ctx, `[data-testid="root-delete"]`)
		browsertest.WaitJS(t, ctx, `document.activeElement === `+byTestID("root-undo")+` && document.activeElement.getAttribute("aria-label") === "Undo delete `+name+`"`)
	}
	tabs("input")

	click(t, ctx, `[data-testid="root-undo"]`) // E0 back
	tabs("input", "E0")
	pressChord(t, ctx, "z", 90, modCtrl) // E1 back, with its text
	tabs("input", "E0", "E1")
	browsertest.WaitJS(t, ctx, byTestID("root-editor")+`.value.startsWith('{"kept": 1}')`)
	// The key's undo hands the focus back to Undo on the next tick; a key
	// pressed before that would reach the root's editor, which undoes its
	// own typing.
	browsertest.WaitJS(t, ctx, `document.activeElement === `+byTestID("root-undo"))
	pressChord(t, ctx, "z", 90, modCtrl) // back from Template to Shape
	browsertest.WaitJS(t, ctx, byTestID("mode-shape")+`.getAttribute("aria-selected") === "true"`)
	pressChord(t, ctx, "z", 90, modCtrl)
	pressChord(t, ctx, "z", 90, modCtrl) // the added root goes
	tabs("input", "E0")
	browsertest.WaitJS(t, ctx, byTestID("root-undo")+`.disabled && document.activeElement === `+byTestID("root-redo"))

	pressChord(t, ctx, "z", 90, modCtrl|modShift) // redo: added again
	tabs("input", "E0", "E1")
	waitOutput(t, ctx, playground.NewSession(s).Out.Result.JSON)
}

// TestBrowserTwoTabs: the last edited tab's work is the autosave, not the
// last opened; a tab whose autosave another took over says so, and can
// save its own again.
func TestBrowserTwoTabs(t *testing.T) {
	base := browsertest.StartServer(t)
	first := browsertest.NewBrowser(t)
	work := typeWork(t, first, base)
	saved := encodeState(work)

	// A second tab opens the autosave, then its own link: no edit, no save.
	second, cancel := chromedp.NewContext(first)
	defer cancel()
	other := exampleState(t, "comma-idiom")
	openState(t, second, base, other)
	waitSettled()
	if got := browsertest.EvalJS[string](t, second, savedPayload); got != saved {
		t.Fatal("opening a second tab replaced the first tab's autosave")
	}

	// The second tab edits: its work wins, and the first tab is told.
	typeAt(t, second, "editor", 0, "OTHER ")
	other.Template = "OTHER " + other.Template
	otherSaved := encodeState(other)
	browsertest.WaitJS(t, second, savedPayload+` === `+jsString(otherSaved))
	waitTestID(t, first, "taken-over")
	waitShows(t, first, work)

	// The first saves its own again; now the second is told.
	click(t, first, `[data-testid="save-here"]`)
	browsertest.WaitJS(t, first, savedPayload+` === `+jsString(saved)+` && !`+byTestID("taken-over"))
	waitTestID(t, second, "taken-over")

	// A third tab opens the last saved work.
	third, cancel3 := chromedp.NewContext(first)
	defer cancel3()
	browsertest.Navigate(t, third, base+"/")
	waitAppReady(t, third)
	waitShows(t, third, work)
}

// A first visit, on the default example and no link, shows the length of
// the example's link once the page is idle, without writing it to the
// address bar (the example is not an edit).
func TestBrowserFirstVisitLinkSize(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	browsertest.Navigate(t, ctx, base+"/")
	waitAppReady(t, ctx)
	note, _ := state.LinkSizeNote(len(encodeState(examples.Default.Open())), false)
	browsertest.WaitJS(t, ctx, byTestID("link-size")+`?.textContent === `+jsString(note))
	if hash := browsertest.EvalJS[string](t, ctx, `location.hash`); hash != "" {
		t.Errorf("the address bar has %q, want no link", hash)
	}
}

// TestBrowserLinkSize: the cap is on the link itself (its compressed
// payload), whose length shows beside Share: a 750 KB root makes a short
// link; past LinkWarnSize the length warns, and the share dialog says why;
// past MaxLinkPayload the address bar holds no link, and the page says so.
func TestBrowserLinkSize(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	s := examples.Default.Open()
	s.SetText(state.Target{Root: "E0"}, bigRoot(750<<10))
	openState(t, ctx, base, s)
	payload := encodeState(s)
	if len(payload) > 64_000 /* some tools cut links past 64 KB */ {
		t.Fatalf("a 750 KB root makes a %d-character link", len(payload))
	}
	note, _ := state.LinkSizeNote(len(payload), false)
	browsertest.WaitJS(t, ctx, byTestID("link-size")+`.textContent === `+jsString(note)+` && location.hash.length > `+strconv.Itoa(len(payload)))

	for _, tt := range []struct {
		size  int
		level string
	}{
		{200_000, "warn"},
		{2_000_000 + 1000, "error"}, // past the 2 MB a link carries
	} {
		raw := make([]byte, tt.size)
		rand.NewChaCha8([32]byte{}).Read(raw)
		noise := `"` + base64.StdEncoding.EncodeToString(raw)[:tt.size] + `"`
		browsertest.EvalJS[bool](t, ctx, `(`+byTestID("root-editor")+`.value = `+jsString(noise)+`, true)`)
		s.SetText(state.Target{Root: "E0"}, noise)
		note, level := state.LinkSizeNote(len(encodeState(s)), false)
		if level != tt.level {
			t.Fatalf("a %d-character root: level %q", tt.size, level)
		}
		browsertest.WaitJS(t, ctx, byTestID("link-size")+`.textContent === `+jsString(note)+` && `+byTestID("link-size")+`.classList.contains("link-size-`+level+`")`)
		click(t, ctx, `[data-testid="share"]`)
		if level == "warn" {
			waitTestID(t, ctx, "share-warning")
			browsertest.WaitJS(t, ctx, `location.hash.startsWith("#s=")`)
		} else {
			browsertest.WaitJS(t, ctx, `document.querySelector(".dialog .status-error")?.textContent.includes("a browser keeps at most") && location.hash === ""`)
		}
		pressKey(t, ctx, "Escape", 27)
		browsertest.WaitJS(t, ctx, `!document.querySelector(".dialog")`)
	}
	// The work is autosaved all the same: a reload brings it back.
	waitSettled()
	browsertest.Navigate(t, ctx, base+"/")
	waitAppReady(t, ctx)
	click(t, ctx, `[data-testid="root-tab"][data-name="E0"]`)
	browsertest.WaitJS(t, ctx, byTestID("root-editor")+`.value === `+jsString(s.Roots[1].Text))
}

// TestBrowserFirstPaintOfALink: until the app runs, a page opened on a
// link shows "Opening link…", not the prerendered default example as if it
// were the link's result; once the state is applied the panes show it.
func TestBrowserFirstPaintOfALink(t *testing.T) {
	base := browsertest.StartServer(t)
	s := exampleState(t, "comma-idiom")
	defaultOut := playground.NewSession(examples.Default.Open()).Out
	hidden := `getComputedStyle(` + byTestID("output") + `).visibility === "hidden" && !document.body.innerText.includes(` + jsString(defaultOut.Result.Display) + `)`
	for _, path := range []string{"/", state.EmbedPath} {
		panes := ".workbench"
		if path == state.EmbedPath {
			panes = ".embed-body"
		}
		// The app never starts: what shows is the prerendered page.
		ctx := browsertest.NewBrowser(t)
		if _, err := chromedp.Call(ctx, network.SetBlockedURLs, network.SetBlockedURLsParams{
			URLPatterns: []*network.BlockPattern{{URLPattern: base + "/*.wasm", Block: true}, {URLPattern: base + "/web/*.wasm", Block: true}},
		}); err != nil {
			t.Fatal(err)
		}
		browsertest.Navigate(t, ctx, base+path+"#"+state.LinkPrefix+encodeState(s))
		waitTestID(t, ctx, "output")
		browsertest.WaitJS(t, ctx, `document.documentElement.classList.contains("opening-link") && `+hidden+` && getComputedStyle(document.querySelector(`+jsString(panes)+`), "::before").content === '"Opening link…"'`)

		// Without a link, the prerendered page is the default example.
		browsertest.Navigate(t, ctx, base+path)
		browsertest.WaitJS(t, ctx, `!document.documentElement.classList.contains("opening-link") && `+byTestID("output")+`.dataset.json === `+jsString(defaultOut.Result.JSON))

		// With the app, the link's state replaces the mark.
		live := browsertest.NewBrowser(t)
		browsertest.Navigate(t, live, base+path+"#"+state.LinkPrefix+encodeState(s))
		waitAppReady(t, live)
		waitOutput(t, live, playground.NewSession(s).Out.Result.JSON)
		browsertest.WaitJS(t, live, `!document.documentElement.classList.contains("opening-link") && getComputedStyle(`+byTestID("output")+`).visibility === "visible"`)
	}
	// The docs open no link: the mark goes once the app runs.
	live := browsertest.NewBrowser(t)
	browsertest.Navigate(t, live, base+"/docs#"+state.LinkPrefix+encodeState(s))
	waitAppReady(t, live)
	browsertest.WaitJS(t, live, `!document.documentElement.classList.contains("opening-link")`)
}

// TestBrowserQuickNavigationKeepsWork: an edit typed just before the
// address changes (a link opened in place, Back) or the page reloads is
// not lost: it is in the autosave, and a reload shows it.
func TestBrowserQuickNavigationKeepsWork(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	s := examples.Default.Open()
	openState(t, ctx, base, s)
	quick := func(word string) state.State {
		typeAt(t, ctx, "editor", 0, word)
		s.Template = word + s.Template
		waitOutput(t, ctx, playground.NewSession(s).Out.Result.JSON)
		return s
	}

	// A damaged link opened at once: the edit is what Restore brings back.
	work := quick("MYWORK ")
	browsertest.EvalJS[bool](t, ctx, `(location.hash = "#s=AAAA", true)`)
	waitTestID(t, ctx, "restore-saved")
	browsertest.WaitJS(t, ctx, savedPayload+` === `+jsString(encodeState(work)))
	click(t, ctx, `[data-testid="restore-saved"]`)
	waitShows(t, ctx, work)

	// Back at once after an edit of an example: the edit is autosaved.
	click(t, ctx, `#examples-button`)
	click(t, ctx, `[data-testid="example"][data-id="comma-idiom"]`)
	s = exampleState(t, "comma-idiom")
	waitShows(t, ctx, s)
	edited := quick("QUICK ")
	if err := chromedp.Do(ctx, chromedp.NavigateBack()); err != nil {
		t.Fatal(err)
	}
	waitShows(t, ctx, work)
	browsertest.WaitJS(t, ctx, savedPayload+` === `+jsString(encodeState(edited)))

	// A reload at once shows the edit, not the address's older state.
	s = work
	reloaded := quick("FAST ")
	if err := chromedp.Do(ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	waitAppReady(t, ctx)
	waitShows(t, ctx, reloaded)
	browsertest.WaitJS(t, ctx, `location.hash === `+jsString("#"+state.LinkPrefix+encodeState(reloaded)))
}

// TestBrowserBackToTheFirstAddress: Back to the address the page opened
// on shows its state again (the page pushed the later entries itself).
func TestBrowserBackToTheFirstAddress(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	first := exampleState(t, "typed-splice")
	openState(t, ctx, base, first)
	click(t, ctx, `#examples-button`)
	click(t, ctx, `[data-testid="example"][data-id="comma-idiom"]`)
	waitShows(t, ctx, exampleState(t, "comma-idiom"))
	if err := chromedp.Do(ctx, chromedp.NavigateBack()); err != nil {
		t.Fatal(err)
	}
	waitShows(t, ctx, first)
}

// TestBrowserUneditedTabNotTakenOver: a tab that never edited loses
// nothing when another tab saves, and is not told it did.
func TestBrowserUneditedTabNotTakenOver(t *testing.T) {
	base := browsertest.StartServer(t)
	first := browsertest.NewBrowser(t)
	typeWork(t, first, base)
	second, cancel := chromedp.NewContext(first)
	defer cancel()
	browsertest.Navigate(t, second, base+"/")
	waitAppReady(t, second)
	typeAt(t, first, "editor", 0, "MORE ")
	waitSettled()
	waitSettled()
	if browsertest.EvalJS[bool](t, second, `!!`+byTestID("taken-over")) {
		t.Error("a tab that never edited says its autosave was taken over")
	}
}

// TestBrowserAutosaveRefused: a state the browser's storage refuses (over
// its quota) is said on the page, not claimed saved.
func TestBrowserAutosaveRefused(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	openState(t, ctx, base, examples.Default.Open())
	click(t, ctx, `[data-testid="root-tab"][data-name="E0"]`)
	raw := make([]byte, 6_000_000)
	rand.NewChaCha8([32]byte{}).Read(raw)
	noise := `"` + base64.StdEncoding.EncodeToString(raw)[:len(raw)] + `"`
	browsertest.EvalJS[bool](t, ctx, `(`+byTestID("root-editor")+`.value = `+jsString(noise)+`, true)`)
	waitTestID(t, ctx, "autosave-failed")
	if msg := browsertest.EvalJS[string](t, ctx, byTestID("link-size")+`.title`); strings.Contains(msg, "autosaved") {
		t.Errorf("the link's length still says %q", msg)
	}
}

// TestBrowserStaleTabSaysSo: a tab opened on the autosave that another tab
// then saved over does not replace that newer work at its first edit: it
// says so, and saves its own only when asked.
func TestBrowserStaleTabSaysSo(t *testing.T) {
	base := browsertest.StartServer(t)
	first := browsertest.NewBrowser(t)
	work := typeWork(t, first, base)
	second, cancel := chromedp.NewContext(first)
	defer cancel()
	browsertest.Navigate(t, second, base+"/")
	waitAppReady(t, second)
	waitShows(t, second, work)

	typeAt(t, first, "editor", 0, "NEWER ")
	work.Template = "NEWER " + work.Template
	newer := encodeState(work)
	browsertest.WaitJS(t, first, savedPayload+` === `+jsString(newer))

	typeAt(t, second, "editor", 0, "STALE ")
	waitTestID(t, second, "taken-over")
	waitSettled()
	if got := browsertest.EvalJS[string](t, second, savedPayload); got != newer {
		t.Fatal("the stale tab's edit replaced the newer autosave")
	}
	click(t, second, `[data-testid="save-here"]`)
	browsertest.WaitJS(t, second, savedPayload+` !== `+jsString(newer)+` && !`+byTestID("taken-over"))
}

// TestBrowserTooLargeStateSaysSo: a state too large for a link or the
// autosave to keep is said at once; the autosave keeps the last state
// that opens again.
func TestBrowserTooLargeStateSaysSo(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	openState(t, ctx, base, examples.Default.Open())
	typeAt(t, ctx, "editor", 0, "KEPT ")
	waitSettled()
	kept := browsertest.EvalJS[string](t, ctx, savedPayload)
	click(t, ctx, `[data-testid="root-tab"][data-name="E0"]`)
	browsertest.EvalJS[bool](t, ctx, `(`+byTestID("root-editor")+`.value = '"' + "x".repeat(17 << 20) + '"', true)`)
	waitTestID(t, ctx, "too-large")
	waitSettled()
	if got := browsertest.EvalJS[string](t, ctx, savedPayload); got != kept {
		t.Error("the autosave took a state too large to open again")
	}
	if got := browsertest.EvalJS[string](t, ctx, byTestID("link-size")+`.textContent`); got != "too large for a link" {
		t.Errorf("the link's length says %q", got)
	}
	if browsertest.EvalJS[string](t, ctx, `location.hash`) != "" {
		t.Error("the address bar holds a link to a state too large to open")
	}
}

// A first visit makes the roots' editor after its first frame, yet the
// editor's host answers at once: read as the loader goes, its value is the
// root's text, and the view is there after.
func TestBrowserDataEditorAnswersAtOnce(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	browsertest.RunBeforeEachPage(t, ctx, `new MutationObserver((_, observer) => {
  const host = document.querySelector('[data-testid="root-editor"]');
  if (document.getElementById("app-wasm-loader") || !host || window.__early !== undefined) return;
  window.__early = {made: !!host.querySelector(".cm-editor"), value: host.value};
  observer.disconnect();
}).observe(document, {subtree: true, childList: true});`)
	browsertest.Navigate(t, ctx, base+"/")
	waitAppReady(t, ctx)
	browsertest.WaitJS(t, ctx, `window.__early !== undefined`)
	early := browsertest.EvalJS[struct {
		Made  bool
		Value string
	}](t, ctx, `window.__early`)
	s := examples.Default.Open()
	want := s.Text(state.Target{Root: "E0"})
	if early.Value != want {
		t.Errorf("read as the loader went (view made: %v), the root's editor held %q, want %q", early.Made, early.Value, want)
	}
	browsertest.WaitJS(t, ctx, byTestID("root-editor")+`.querySelector(".cm-editor") !== null`)
}
