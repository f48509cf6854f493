//go:build browser

package app_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/splicedev/splice/internal/playground"
)

// TestBrowserLargeRootEditsAsRanges types into a root large enough that
// its edits reach Go as ranges: inside a string (taken in place), over a
// selection, and in a number (decoded again after the frame). After each,
// the output is the edited state's, and the editor and the session hold
// the same text.
func TestBrowserLargeRootEditsAsRanges(t *testing.T) {
	base := startServer(t)
	ctx := newBrowser(t)
	s := playground.State{Mode: playground.ModeTemplate, Template: "{{E0.issues.0.title}} #{{E0.issues.0.number}}",
		Roots: []playground.RootText{{Name: "input", Text: "{}"}, {Name: "E0", Text: bigRoot(100 << 10)}}}
	openState(t, ctx, base, s)
	waitOutput(t, ctx, playground.Evaluate(s).JSON)
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
		evalJS[bool](t, ctx, fmt.Sprintf(`(el => (el.focus(), el.setSelectionRange(%d, %d), true))(%s)`, at, at+len(edit.old), byTestID("root-editor")))
		if err := chromedp.Do(ctx, chromedp.KeyEvent(edit.keys)); err != nil {
			t.Fatal(err)
		}
		*root = (*root)[:at] + strings.TrimSuffix(edit.keys, "\b") + (*root)[at+len(edit.old):] // backspace deletes the selection
		waitOutput(t, ctx, playground.Evaluate(s).JSON)
		if got := evalJS[string](t, ctx, byTestID("root-editor")+`.value`); got != *root {
			t.Fatalf("%s: the editor holds another text than the state", edit.name)
		}
	}
}
