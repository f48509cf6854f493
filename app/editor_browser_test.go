//go:build browser

package app_test

// The editors in Chromium: what CodeMirror does for the playground, and
// what the engine tells it.

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/splicedev/splice/internal/browsertest"
	"github.com/splicedev/splice/internal/display"
	"github.com/splicedev/splice/internal/examples"
	"github.com/splicedev/splice/internal/playground"
	"github.com/splicedev/splice/internal/playground/evaluate"
	"github.com/splicedev/splice/internal/playground/state"
	"github.com/splicedev/splice/reshape"
	"github.com/splicedev/splice/template"
)

// Modifier bits of input.DispatchKeyEvent.
const (
	modAlt   = 1
	modCtrl  = 2
	modShift = 8
)

// pressChord presses key with modifiers, as a keyboard does.
func pressChord(t testing.TB, ctx context.Context, key string, keyCode int64, modifiers int64) {
	t.Helper()
	code := key
	switch {
	case len(key) == 1 && key[0] >= '0' && key[0] <= '9':
		code = "Digit" + key
	case len(key) == 1:
		code = "Key" + strings.ToUpper(key)
		if modifiers&modShift != 0 {
			key = strings.ToUpper(key) // as a keyboard reports it
		}
	}
	for _, typ := range []input.DispatchKeyEventType{input.DispatchKeyEventTypeRawKeyDown, input.DispatchKeyEventTypeKeyUp} {
		if _, err := chromedp.Call(ctx, input.DispatchKeyEvent, input.DispatchKeyEventParams{
			Type: typ, Key: key, Code: code, Modifiers: modifiers, WindowsVirtualKeyCode: keyCode, NativeVirtualKeyCode: keyCode,
		}); err != nil {
			t.Fatalf("pressing %s: %v", key, err)
		}
	}
}

// undo presses Ctrl+Z in the editor with data-testid=id.
func undo(t *testing.T, ctx context.Context, id string) {
	t.Helper()
	browsertest.EvalJS[bool](t, ctx, byTestID(id)+`.focus() || true`)
	pressChord(t, ctx, "z", 90, modCtrl)
}

// waitValue waits until the editor with data-testid=id holds text.
func waitValue(t *testing.T, ctx context.Context, id, text string) {
	t.Helper()
	browsertest.WaitJS(t, ctx, byTestID(id)+`?.value === `+jsString(text))
}

// openTemplate opens the default example with template as its template.
func openTemplate(t *testing.T, template string) (context.Context, state.State) {
	t.Helper()
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	s := examples.Default.Open()
	s.Template = template
	openState(t, ctx, base, s)
	return ctx, s
}

func TestBrowserEditorUndoesChipFix(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	s := exampleState(t, "bad-path")
	openState(t, ctx, base, s)
	p := playground.NewSession(s).Out.Problems[0]
	click(t, ctx, `.keys [data-testid="key-chip"][data-key=`+jsString(p.Available[0])+`]`)
	fixed := s.Template[:p.SegStart] + p.Available[0] + s.Template[p.SegEnd:]
	waitValue(t, ctx, "editor", fixed)
	undo(t, ctx, "editor")
	waitValue(t, ctx, "editor", s.Template)
	browsertest.WaitJS(t, ctx, `document.querySelectorAll('[data-testid="problem"]').length === 1`)
}

func TestBrowserEditorUndoesFormat(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	s := examples.Default.Open()
	yaml := "# the step's result, with a comment Format drops\nissues:\n  - {number: 7, title: Seven, state: open, labels: []}\n"
	s.Roots[s.RootIndex("E0")].Text = yaml
	openState(t, ctx, base, s)
	click(t, ctx, `[data-testid="root-tab"][data-name="E0"]`)
	waitValue(t, ctx, "root-editor", yaml)
	click(t, ctx, `[data-testid="root-format"]`)
	v, err := reshape.ParseData(yaml)
	if err != nil {
		t.Fatal(err)
	}
	waitValue(t, ctx, "root-editor", display.JSON(v))
	undo(t, ctx, "root-editor")
	waitValue(t, ctx, "root-editor", yaml)
	// Redo, then undo again: the history holds both.
	pressChord(t, ctx, "z", 90, modCtrl|modShift)
	waitValue(t, ctx, "root-editor", display.JSON(v))
	pressChord(t, ctx, "z", 90, modCtrl)
	waitValue(t, ctx, "root-editor", yaml)
}

func TestBrowserEditorRenameUpdatesReferences(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	s := examples.Default.Open()
	openState(t, ctx, base, s)
	refs := len(template.References(template.Analyze(s.Template).Spans, "E0"))
	if refs < 3 {
		t.Fatalf("the default template should read E0 in several places, not %d", refs)
	}
	click(t, ctx, `[data-testid="root-tab"][data-name="E0"]`)
	renameOpenRoot(t, ctx, "fetch_pr")
	waitTestID(t, ctx, "rename-refs")
	if got, want := browsertest.EvalJS[string](t, ctx, byTestID("rename-refs")+`.textContent`), fmt.Sprintf("Rename E0 to fetch_pr in %d places", refs); got != want {
		t.Errorf("offer = %q, want %q", got, want)
	}
	// Until the references follow, they are MissingSteps.
	browsertest.WaitJS(t, ctx, `[...document.querySelectorAll('[data-testid="problem"]')].some(e => e.dataset.kind === "MissingStep")`)
	click(t, ctx, `[data-testid="rename-refs"]`)
	renamed := s
	renamed.Roots = append([]state.RootText(nil), s.Roots...)
	renamed.Roots[s.RootIndex("E0")].Name = "fetch_pr"
	renamed.Template = strings.ReplaceAll(s.Template, "E0.", "fetch_pr.")
	waitValue(t, ctx, "editor", renamed.Template)
	waitOutput(t, ctx, playground.NewSession(renamed).Out.Result.JSON)
	browsertest.WaitJS(t, ctx, byTestID("rename-refs")+` === null`)
	undo(t, ctx, "editor")
	waitValue(t, ctx, "editor", s.Template)
}

func TestBrowserEditorSearch(t *testing.T) {
	ctx, s := openTemplate(t, examples.Default.Open().Template)
	browsertest.EvalJS[bool](t, ctx, `(() => { const el = `+byTestID("editor")+`; el.focus(); el.setSelectionRange(0, 0); return true })()`)
	pressChord(t, ctx, "f", 70, modCtrl)
	browsertest.WaitJS(t, ctx, byTestID("editor")+`.querySelector(".cm-search") !== null && document.activeElement.matches(".cm-search input[name=search]")`)
	if err := chromedp.Do(ctx, chromedp.KeyEvent("title"+kb.Enter)); err != nil {
		t.Fatal(err)
	}
	at := utf16Offset(s.Template, strings.Index(s.Template, "title"))
	browsertest.WaitJS(t, ctx, fmt.Sprintf(`%[1]s.selectionStart === %[2]d && %[1]s.selectionEnd === %[3]d`, byTestID("editor"), at, at+len("title")))
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Escape)); err != nil {
		t.Fatal(err)
	}
	browsertest.WaitJS(t, ctx, byTestID("editor")+`.querySelector(".cm-search") === null`)
}

func TestBrowserEditorFocusEscape(t *testing.T) {
	ctx, s := openTemplate(t, examples.Default.Open().Template)
	inEditor := byTestID("editor") + `.contains(document.activeElement)`
	browsertest.EvalJS[bool](t, ctx, `(() => { const el = `+byTestID("editor")+`; el.focus(); el.setSelectionRange(0, 0); return true })()`)
	// Tab indents.
	pressKey(t, ctx, "Tab", 9)
	waitValue(t, ctx, "editor", "  "+s.Template)
	if !browsertest.EvalJS[bool](t, ctx, inEditor) {
		t.Fatal("Tab left the editor")
	}
	// Escape, then Tab: the focus moves on.
	pressKey(t, ctx, "Escape", 27)
	pressKey(t, ctx, "Tab", 9)
	browsertest.WaitJS(t, ctx, `!`+inEditor+` && document.activeElement !== document.body`)
	waitValue(t, ctx, "editor", "  "+s.Template)
	// Ctrl+M switches Tab to moving the focus until pressed again.
	browsertest.EvalJS[bool](t, ctx, byTestID("editor")+`.focus() || true`)
	pressChord(t, ctx, "m", 77, modCtrl)
	pressKey(t, ctx, "Tab", 9)
	browsertest.WaitJS(t, ctx, `!`+inEditor)
	waitValue(t, ctx, "editor", "  "+s.Template)
}

func TestBrowserEditorHoverShowsValue(t *testing.T) {
	ctx, s := openTemplate(t, examples.Default.Open().Template)
	const tag = "{{E0.issues.length}}"
	h, ok := playground.NewSession(s).HoverAt(utf16Offset(s.Template, strings.Index(s.Template, tag)))
	if !ok {
		t.Fatalf("the default example should trace %s", tag)
	}
	want := h.Text
	hoverTag(t, ctx, tag)
	browsertest.WaitJS(t, ctx, byTestID("hover")+`?.textContent === `+jsString(want))
}

// A section on a loop variable outside every section fails the step: the
// problems pane, the trace and the tooltip over the tag all say
// ScopeError, as the engine renders it, and none calls it falsy.
func TestBrowserSectionErrorIsNotFalsy(t *testing.T) {
	const tag = "{{#@index}}"
	ctx, _ := openTemplate(t, tag+"x{{/@index}}")
	browsertest.WaitJS(t, ctx, `document.querySelectorAll('[data-testid="problem"]').length === 1`)
	if got := problemsShown(t, ctx); !slices.Equal(got, []string{"ScopeError 1:1"}) {
		t.Errorf("problems = %q, want a ScopeError at 1:1", got)
	}
	// The trace's rows are made once the page's first frame is painted.
	browsertest.WaitJS(t, ctx, `document.querySelectorAll('[data-testid="trace"] tbody tr').length > 0`)
	row := browsertest.EvalJS[[]string](t, ctx, `[...document.querySelectorAll('[data-testid="trace"] tbody tr')].map(r => r.querySelector("code").textContent + " " + r.querySelector(".kind").textContent)`)
	if !slices.Equal(row, []string{tag + " ScopeError"}) {
		t.Errorf("trace rows = %q, want %q", row, tag+" ScopeError")
	}
	// The problem's own tooltip answers the hover over its tag.
	hoverTag(t, ctx, tag)
	browsertest.WaitJS(t, ctx, `[...document.querySelectorAll(".cm-tooltip")].some(e => e.textContent.startsWith("ScopeError: "))`)
	if falsy := browsertest.EvalJS[bool](t, ctx, `[...document.querySelectorAll(".cm-tooltip")].some(e => e.textContent.includes("falsy"))`); falsy {
		t.Error("a tooltip calls the failing section falsy")
	}
}

// hoverTag moves the mouse over the editor's tag whose text is tag.
func hoverTag(t *testing.T, ctx context.Context, tag string) {
	t.Helper()
	box := browsertest.EvalJS[[]float64](t, ctx, `(() => {
  const tag = [...`+byTestID("editor")+`.querySelectorAll(".tk")].find(e => e.textContent === `+jsString(tag)+`);
  const r = tag.getBoundingClientRect();
  return [r.left + r.width / 2, r.top + r.height / 2] })()`)
	if _, err := chromedp.Call(ctx, input.DispatchMouseEvent, input.DispatchMouseEventParams{Type: input.DispatchMouseEventTypeMouseMoved, X: box[0], Y: box[1]}); err != nil {
		t.Fatal(err)
	}
}

func TestBrowserEditorCRLFPositions(t *testing.T) {
	ctx, s := openTemplate(t, "Issues:\r\n{{E0.issues.length}}\r\nfirst {{E0.zz}}\r\n")
	want := playground.NewSession(s).Out.Problems
	if len(want) != 1 || want[0].Pos.Line != 3 {
		t.Fatalf("the template should fail once on line 3, got %+v", want)
	}
	p := want[0]
	// The editor keeps the CRLF line breaks, and the underline is on the
	// failing segment.
	waitValue(t, ctx, "editor", s.Template)
	browsertest.WaitJS(t, ctx, byTestID("editor")+`.querySelector(".cm-lintRange-error")?.textContent === `+jsString(s.Template[p.SegStart:p.SegEnd]))
	click(t, ctx, `[data-testid="problem"] .where`)
	browsertest.WaitJS(t, ctx, fmt.Sprintf(`%[1]s.contains(document.activeElement) && %[1]s.selectionStart === %[2]d && %[1]s.selectionEnd === %[3]d`,
		byTestID("editor"), utf16Offset(s.Template, p.Pos.Offset), utf16Offset(s.Template, p.End)))
	if got := browsertest.EvalJS[string](t, ctx, `getSelection().toString()`); got != s.Template[p.Pos.Offset:p.End] {
		t.Errorf("selected %q, want the tag %q", got, s.Template[p.Pos.Offset:p.End])
	}
	// Typing keeps them: Enter adds a CRLF.
	pressKey(t, ctx, "ArrowRight", 39)
	pressKey(t, ctx, "Enter", 13)
	at := p.End
	waitValue(t, ctx, "editor", s.Template[:at]+"\r\n"+s.Template[at:])
}

func TestBrowserEditorCompletionIsAccessible(t *testing.T) {
	ctx, _ := openTemplate(t, "")
	typeAt(t, ctx, "editor", 0, "{{E0.issues.0.")
	// The keys of an issue, once the list is for the whole path.
	browsertest.WaitJS(t, ctx, `[...document.querySelectorAll('[data-testid="completion"]')].some(e => e.textContent === "title")`)
	content := byTestID("editor") + `.querySelector(".cm-content")`
	browsertest.WaitJS(t, ctx, content+`.getAttribute("aria-activedescendant") === document.querySelector('[data-testid="completion"][aria-selected="true"]').id`)
	pressKey(t, ctx, "ArrowDown", 40)
	browsertest.WaitJS(t, ctx, content+`.getAttribute("aria-activedescendant") === document.querySelectorAll('[data-testid="completion"]')[1].id`)
	second := browsertest.EvalJS[string](t, ctx, `document.querySelectorAll('[data-testid="completion"]')[1].textContent`)
	// Tab accepts, as Enter does; Ctrl+Z takes the completion back.
	pressKey(t, ctx, "Tab", 9)
	waitValue(t, ctx, "editor", "{{E0.issues.0."+second+"}}")
	undo(t, ctx, "editor")
	waitValue(t, ctx, "editor", "{{E0.issues.0.}}")
}

func TestBrowserEditorMarksBrokenRoot(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	s := examples.Default.Open()
	s.Roots[s.RootIndex("E0")].Text = "{\"issues\": [1,,2]}"
	openState(t, ctx, base, s)
	out := playground.NewSession(s).Out
	i := slices.IndexFunc(out.Problems, func(p evaluate.Problem) bool { return p.Target.Root == "E0" })
	if i < 0 || !out.Problems[i].Located() {
		t.Fatalf("E0 should fail to parse at a place, got %+v", out.Problems)
	}
	p := &out.Problems[i]
	click(t, ctx, `[data-testid="root-tab"][data-name="E0"]`)
	browsertest.WaitJS(t, ctx, byTestID("root-editor")+`.querySelector(".cm-lintRange-error") !== null`)
	// The underline starts where the parser stopped.
	got := browsertest.EvalJS[int](t, ctx, `(() => { const r = document.createRange(); const el = `+byTestID("root-editor")+`.querySelector(".cm-lintRange-error");
  r.setStart(`+byTestID("root-editor")+`.querySelector(".cm-content"), 0); r.setEnd(el, 0); return r.toString().length })()`)
	if want := utf16Offset(s.Roots[s.RootIndex("E0")].Text, p.Pos.Offset); got != want {
		t.Errorf("the underline starts at %d, want %d", got, want)
	}
}

// Typing in a large template (its edits reach Go as changes) keeps each
// tag of the engine coloured over exactly its text, whether the keystroke
// leaves the tags as they were (the editor's marks, mapped through the
// edit, are kept) or changes one (the engine's are drawn again).
func TestBrowserTypingKeepsTagMarks(t *testing.T) {
	const line = "PR {{E0.issues.length}}: {{E0.issues.0.title}}\n"
	text := line + strings.Repeat("plain words\n", 6000)
	ctx, _ := openTemplate(t, text)
	// The runs of the first line's characters inside a tag's mark.
	runs := `(() => { const out = []; let pos = 0, cur = null;
  const walk = (n) => {
    if (n.nodeType !== 3) { for (const c of n.childNodes) walk(c); return; }
    const tk = n.parentElement.closest(".tk");
    if (tk && cur && cur.tk === tk.className && cur.end === pos) cur.end += n.length;
    else if (tk) out.push(cur = {tk: tk.className, end: pos + n.length, start: pos});
    pos += n.length;
  };
  walk(` + byTestID("editor") + `.querySelector(".cm-line"));
  return out.map((r) => r.start + "-" + r.end + " " + r.tk).join(", ") })()`
	check := func(what string) {
		t.Helper()
		waitValue(t, ctx, "editor", text)
		first := text[:strings.IndexByte(text, '\n')]
		var want []string
		for _, s := range template.Analyze(text).Spans {
			if s.End <= len(first) {
				want = append(want, fmt.Sprintf("%d-%d tk tk-%s", s.Start, s.End, s.Kind))
			}
		}
		deadline := time.Now().Add(browsertest.WaitTimeout)
		for got := browsertest.EvalJS[string](t, ctx, runs); got != strings.Join(want, ", "); got = browsertest.EvalJS[string](t, ctx, runs) {
			if time.Now().After(deadline) {
				t.Fatalf("%s: the first line's tag marks are %q, the engine's tags %q", what, got, want)
			}
			browsertest.Pause(ctx, 20*time.Millisecond)
		}
	}
	check("opened")
	edits := []struct {
		what  string
		at    int
		typed string
	}{
		{"typed before a tag", len("PR "), "x"},
		{"typed after a tag", len("PR x{{E0.issues.length}}"), "y"},
		{"pasted a tag", 0, "{{E0}} "},
		{"typed inside a path", len("{{E0}} PR x{{E0.issues.len"), "g"},
		{"broke a tag", len("{{E0}} PR x{{E0.issues.lengt"), "}"},
	}
	for _, e := range edits {
		if len(e.typed) == 1 {
			typeAt(t, ctx, "editor", e.at, e.typed)
		} else { // one edit, as a paste makes
			typeAt(t, ctx, "editor", e.at, "")
			if _, err := chromedp.Call(ctx, input.InsertText, input.InsertTextParams{Text: e.typed}); err != nil {
				t.Fatal(err)
			}
		}
		text = text[:e.at] + e.typed + text[e.at:]
		check(e.what)
	}
}

// TestBrowserFoldsFollowIndentation folds a block of a long YAML text
// (edited without a parser, folded by indentation) after edits: typing
// within a line keeps the block's end, indenting the line after it takes
// that line in.
func TestBrowserFoldsFollowIndentation(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	text := "a:\n" + strings.Repeat("  x: 1\n", 5) + "b: 1\nc: 2\nz:\n" + strings.Repeat("  - item\n", 3000)
	browsertest.Navigate(t, ctx, browsertest.ServePage(t, editorAlone(base, text, "yaml", 600, 400)))
	browsertest.WaitJS(t, ctx, `document.querySelector(".cm-foldGutter") !== null`)
	host := `document.getElementById("host")`
	// The first line numbers shown in the gutter (not its hidden spacer).
	shown := `[...document.querySelectorAll(".cm-lineNumbers .cm-gutterElement")].filter((e) => e.style.visibility !== "hidden").map((e) => e.textContent).slice(0, 3).join(" ")`
	// A click on the first element selector matches, as a mouse makes it.
	click := func(selector string) {
		t.Helper()
		at := browsertest.EvalJS[[]float64](t, ctx, `(() => { const r = document.querySelector(`+jsString(selector)+`).getBoundingClientRect();
  return [r.x + r.width / 2, r.y + r.height / 2] })()`)
		if err := chromedp.Do(ctx, chromedp.MouseClickXY(at[0], at[1])); err != nil {
			t.Fatal(err)
		}
	}
	fold := func(want string) {
		t.Helper()
		click(`.cm-foldGutter .cm-gutterElement span[title="Fold line"]`)
		browsertest.WaitJS(t, ctx, shown+` === `+jsString(want))
		click(`.cm-foldPlaceholder`)
		browsertest.WaitJS(t, ctx, shown+` === "1 2 3"`)
	}
	typeIn := func(at int, keys string) {
		t.Helper()
		browsertest.EvalJS[bool](t, ctx, fmt.Sprintf(`(%s.focus(), %s.setSelectionRange(%d, %d), true)`, host, host, at, at))
		if err := chromedp.Do(ctx, chromedp.KeyEvent(keys)); err != nil {
			t.Fatal(err)
		}
		text = text[:at] + keys + text[at:]
		browsertest.WaitJS(t, ctx, host+`.value === `+jsString(text))
	}
	fold("1 7 8") // a: folds its five lines
	typeIn(len("a:\n  x: 1"), "2")
	fold("1 7 8")
	typeIn(strings.Index(text, "b: 1"), "  ")
	fold("1 8 9") // b: is a's now
	typeIn(strings.Index(text, "  b: 1"), "x")
	fold("1 7 8") // and no longer
}

// In a template, Enter typed inside a tag whose "}}" the editor closed
// goes past it: the tag stays whole, the next line starts after it.
func TestBrowserEnterLeavesTheTagWhole(t *testing.T) {
	ctx, _ := openTemplate(t, "")
	typeAt(t, ctx, "editor", 0, "Hi {{input.team")
	pressKey(t, ctx, "Enter", 13)
	typeAt(t, ctx, "editor", -1, "")
	if err := chromedp.Do(ctx, chromedp.KeyEvent("bye")); err != nil {
		t.Fatal(err)
	}
	waitValue(t, ctx, "editor", "Hi {{input.team}}\nbye")
}

// Escape then Tab leaves the editor also when the Escape had something to
// close first: a selection (a revealed step's id) or the completion list.
func TestBrowserEscapeFreesTabAfterASelection(t *testing.T) {
	ctx, s := openTemplate(t, examples.Default.Open().Template)
	inEditor := byTestID("editor") + `.contains(document.activeElement)`
	browsertest.EvalJS[bool](t, ctx, `(() => { const el = `+byTestID("editor")+`; el.focus(); el.setSelectionRange(2, 12); return true })()`)
	pressKey(t, ctx, "Escape", 27)
	pressKey(t, ctx, "Tab", 9)
	browsertest.WaitJS(t, ctx, `!`+inEditor+` && document.activeElement !== document.body`)
	waitValue(t, ctx, "editor", s.Template)

	typeAt(t, ctx, "editor", 0, "{{E0.")
	browsertest.WaitJS(t, ctx, byTestID("completion")+` !== null`)
	pressKey(t, ctx, "Escape", 27)
	pressKey(t, ctx, "Tab", 9)
	browsertest.WaitJS(t, ctx, `!`+inEditor+` && document.activeElement !== document.body`)
	waitValue(t, ctx, "editor", "{{E0.}}"+s.Template)
}
