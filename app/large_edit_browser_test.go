//go:build browser

package app_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/splicedev/splice/internal/browsertest"
	"github.com/splicedev/splice/internal/playground"
	"github.com/splicedev/splice/internal/playground/state"
)

// TestBrowserLargeRootEditsAsRanges types into a root large enough that
// its edits reach Go as ranges: inside a string (taken in place), over a
// selection, and in a number (decoded again after the frame). After each,
// the output is the edited state's, and the editor and the session hold
// the same text.
func TestBrowserLargeRootEditsAsRanges(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	s := state.State{Mode: state.ModeTemplate, Template: "{{E0.issues.0.title}} #{{E0.issues.0.number}}",
		Roots: []state.RootText{{Name: "input", Text: "{}"}, {Name: "E0", Text: bigRoot(100 << 10)}}}
	openState(t, ctx, base, s)
	waitOutput(t, ctx, playground.NewSession(s).Out.Result.JSON)
	root := &s.Roots[1].Text
	for _, edit := range []struct {
		name       string
		after, old string // the edit replaces old, found after after
		keys       string
	}{
		{"typing in a string", `"Crash on `, "", "X"},
		{"typing over a selection", `"Crash on X`, "empty", "full"},
		{"typing in a number", `"number": 10`, "", "9"},
		{"deleting in a string", `"Crash on `, "X", "\b"},
	} {
		at := strings.Index(*root, edit.after) + len(edit.after)
		browsertest.EvalJS[bool](t, ctx, fmt.Sprintf(`(el => (el.focus(), el.setSelectionRange(%d, %d), true))(%s)`, at, at+len(edit.old), byTestID("root-editor")))
		if err := chromedp.Do(ctx, chromedp.KeyEvent(edit.keys)); err != nil {
			t.Fatal(err)
		}
		*root = (*root)[:at] + strings.TrimSuffix(edit.keys, "\b") + (*root)[at+len(edit.old):] // backspace deletes the selection
		waitOutput(t, ctx, playground.NewSession(s).Out.Result.JSON)
		if got := browsertest.EvalJS[string](t, ctx, byTestID("root-editor")+`.value`); got != *root {
			t.Fatalf("%s: the editor holds another text than the state", edit.name)
		}
	}
}

// TestBrowserLongResultInBlocks shows a result of some 420 lines: the
// output holds it in blocks of 64 lines whose text, read or selected, is
// the result as shown; a number typed into the root changes the text of
// the one block that holds it, and the other blocks stay the nodes they
// were.
func TestBrowserLongResultInBlocks(t *testing.T) {
	var root strings.Builder
	root.WriteString("[")
	for i := range 60 {
		if i > 0 {
			root.WriteString(",")
		}
		fmt.Fprintf(&root, `{"id": %d, "title": "item %d of the long result", "author": {"login": "user%d", "name": "User %d"}, "labels": ["bug", "triage"], "open": true}`, i, i, i, i)
	}
	root.WriteString("]")
	ctx, s := openWholeRoot(t, root.String())
	out := playground.NewSession(s).Out
	type blocks struct {
		Texts    []string
		Same     []bool // each block is the node it was when marked
		Selected string
	}
	read := `(() => {
  const pre = ` + byTestID("output") + `;
  const r = document.createRange(); r.selectNodeContents(pre);
  const s = getSelection(); s.removeAllRanges(); s.addRange(r);
  const kids = [...pre.childNodes];
  return {texts: kids.map((b) => b.className === "result-block" ? b.textContent : "not a block: " + b.nodeName),
    same: kids.map((b) => b.marked === true), selected: s.toString()};
})()`
	got := browsertest.EvalJS[blocks](t, ctx, read)
	lines := strings.Count(out.Result.Display, "\n") + 1
	if want := (lines + 63) / 64; len(got.Texts) != want || lines < 400 {
		t.Fatalf("%d lines in %d blocks, want %d", lines, len(got.Texts), want)
	}
	if strings.Join(got.Texts, "") != out.Result.Display || got.Selected != out.Result.Display {
		t.Fatalf("the blocks' text or the selection is not the result as shown")
	}
	browsertest.EvalJS[bool](t, ctx, `([...`+byTestID("output")+`.children].forEach((b) => { b.marked = true; }), true)`)
	at := strings.Index(s.Roots[1].Text, `"id": 42`) + len(`"id": 4`)
	browsertest.EvalJS[bool](t, ctx, fmt.Sprintf(`(el => (el.focus(), el.setSelectionRange(%d, %d), true))(%s)`, at, at+1, byTestID("root-editor")))
	if err := chromedp.Do(ctx, chromedp.KeyEvent("7")); err != nil {
		t.Fatal(err)
	}
	s.Roots[1].Text = s.Roots[1].Text[:at] + "7" + s.Roots[1].Text[at+1:]
	next := playground.NewSession(s).Out
	waitOutput(t, ctx, next.Result.JSON)
	after := browsertest.EvalJS[blocks](t, ctx, read)
	if strings.Join(after.Texts, "") != next.Result.Display {
		t.Fatalf("after the edit, the blocks' text is not the result as shown")
	}
	changed := 0
	for i := range after.Texts {
		if !after.Same[i] {
			t.Errorf("block %d was made again", i)
		}
		if after.Texts[i] != got.Texts[i] {
			changed++
		}
	}
	if changed != 1 {
		t.Errorf("%d blocks changed their text, want the one with the number", changed)
	}
}

// TestBrowserCutResultInBlocks shows a result past what the output shows
// at once (1 MiB): the shown part in blocks, then the note
// of what was cut, once, also after an edit of the root redraws it.
func TestBrowserCutResultInBlocks(t *testing.T) {
	ctx, s := openWholeRoot(t, `{"a": 1}`)
	grantClipboard(t, ctx, "") // every origin
	read := `(() => { const pre = ` + byTestID("output") + `;
  const kids = [...pre.children];
  return {blocks: kids.filter((k) => k.className === "result-block").map((k) => k.textContent).join(""),
    notes: kids.filter((k) => k.className === "more-result").map((k) => k.textContent),
    last: pre.lastElementChild.className};
})()`
	type cut struct {
		Blocks string
		Notes  []string
		Last   string
	}
	// Then a result of more lines in as many bytes: more blocks than shown.
	var numbers strings.Builder
	numbers.WriteString("[0")
	for i := 1; numbers.Len() < 1100<<10; i++ {
		fmt.Fprintf(&numbers, ", %d", i)
	}
	numbers.WriteString("]")
	for _, root := range []string{bigRoot(1100 << 10), numbers.String()} {
		s.Roots[1].Text = root
		browsertest.EvalJS[bool](t, ctx, `(() => { const el = `+byTestID("root-editor")+`;
  el.value = `+jsString(s.Roots[1].Text)+`; return true })()`)
		out := playground.NewSession(s).Out
		waitOutput(t, ctx, out.Result.JSON)
		got := browsertest.EvalJS[cut](t, ctx, read)
		if out.Result.More == "" || len(out.Result.Display) > 1<<20 || got.Blocks != out.Result.Display || len(got.Notes) != 1 || got.Notes[0] != out.Result.More || got.Last != "more-result" {
			t.Fatalf("%d bytes of root: %d of %d bytes shown in blocks, notes %q, last %q; want the shown part and one note %q last",
				len(root), len(got.Blocks), len(out.Result.Display), got.Notes, got.Last, out.Result.More)
		}
		// Copy copies the whole result, made only then.
		click(t, ctx, `[data-testid="copy"]`)
		browsertest.WaitJS(t, ctx, byTestID("copy")+`.textContent === "Copied"`)
		if copied := clipboardText(t, ctx); copied != out.Result.Whole() {
			t.Errorf("%d bytes of root: Copy copied %d bytes, want the whole result's %d", len(root), len(copied), len(out.Result.Whole()))
		}
	}
}

// openWholeRoot opens the template {{E0}} over root, E0's text, in a new
// browser, and waits for its result.
func openWholeRoot(t *testing.T, root string) (context.Context, state.State) {
	t.Helper()
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	s := state.State{Mode: state.ModeTemplate, Template: "{{E0}}",
		Roots: []state.RootText{{Name: "input", Text: "{}"}, {Name: "E0", Text: root}}}
	openState(t, ctx, base, s)
	waitOutput(t, ctx, playground.NewSession(s).Out.Result.JSON)
	return ctx, s
}
