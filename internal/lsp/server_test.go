package lsp

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
)

// prPlan is the README's plan with a mistyped key in a leaf of its
// second step: E1's sample has title, not titel.
const prPlan = `input: {repo: octo/hello, number: 42}
steps:
  - id: E1
    tool_name: github__pr_view
    input: {repo: "{{input.repo}}", number: "{{input.number}}"}
    result: {number: 42, title: Fix the docs, files: [{path: README.md, additions: 3}]}
  - id: card
    tool_name: builtin__reshape
    input: {shape: {title: "{{E1.titel}}", n: "{{E1.number}}"}}
  - id: per_file
    over: "{{E1.files}}"
    tool_name: builtin__reshape
    input: {shape: {line: "{{item.path}} +{{item.additions}}"}}
  - id: route
    decide:
      big: [{id: review, tool_name: builtin__reshape, input: {shape: {files: "{{per_file}}"}}}]
      small: []
    branch: big
  - id: ext
    tool_name: api__get
    input: {n: "{{E1.number}}"}
solver: "PR #{{E1.number}}: {{card.n}} {{route.branch}}"
`

const planURI = "file:///work/pr.plan.yaml"

func TestBadPathAtItsPlaceWithTheKeysOnOffer(t *testing.T) {
	cl := startServer(t)
	diags := cl.open(planURI, prPlan)
	var bad *Diagnostic
	for i := range diags {
		if diags[i].Code == "BadPath" {
			bad = &diags[i]
		}
	}
	if bad == nil {
		t.Fatalf("no BadPath among %+v", diags)
	}
	// Line 9 (from 1) of the plan is `    input: {shape: {title: "{{E1.titel}}", ...`:
	// the failing segment titel is at columns 33..38 (from 0).
	if want := (Range{Start: Position{8, 33}, End: Position{8, 38}}); bad.Range != want {
		t.Errorf("BadPath at %+v, want %+v", bad.Range, want)
	}
	if bad.Severity != severityError || !strings.Contains(bad.Message, "titel") || !strings.Contains(bad.Message, "step card") {
		t.Errorf("BadPath %+v", bad)
	}
	var related []string
	for _, r := range bad.RelatedInformation {
		related = append(related, r.Message)
	}
	if !slices.Contains(related, "available: number, title, files") || !slices.Contains(related, `did you mean "title"?`) {
		t.Errorf("related information %q", related)
	}
	// The step with no sample is a ToolError at load, placed at its step.
	if !slices.ContainsFunc(diags, func(d Diagnostic) bool { return d.Code == "ToolError" && strings.Contains(d.Message, "ext") }) {
		t.Errorf("no ToolError for ext among %+v", diags)
	}
	if err := cl.shutdown(); err != nil {
		t.Errorf("shutdown and exit: %v", err)
	}
}

// labels are the completion's labels, each with its type after a colon.
func labels(list CompletionList) []string {
	var out []string
	for _, it := range list.Items {
		out = append(out, it.Label+":"+it.Detail)
	}
	return out
}

func TestCompletionInAnUnfinishedTag(t *testing.T) {
	cl := startServer(t)
	cl.open(planURI, prPlan)
	// Type `{{E1.` at the start of card's n leaf, leaving the tag open.
	pos := at(t, prPlan, `n: "{{E1.number}}"}}`, len(`n: "`))
	cl.change(planURI, 2, Range{pos, pos}, "{{E1.")
	var list CompletionList
	after := Position{pos.Line, pos.Character + len("{{E1.")}
	cl.must("textDocument/completion", map[string]any{"textDocument": map[string]any{"uri": planURI}, "position": after}, &list)
	got := labels(list)
	for _, want := range []string{"number:number", "title:string", "files:array"} {
		if !slices.Contains(got, want) {
			t.Errorf("completion after {{E1. is %q, lacks %q", got, want)
		}
	}
	if len(list.Items) > 0 && (list.Items[0].TextEdit.Range != Range{after, after}) {
		t.Errorf("completion replaces %+v, want the empty range at %+v", list.Items[0].TextEdit.Range, after)
	}
	// The roots, in a map's body with its iteration roots.
	pos = at(t, prPlan, `line: "{{`, len(`line: "{{`))
	cl.must("textDocument/completion", map[string]any{"textDocument": map[string]any{"uri": planURI}, "position": pos}, &list)
	got = labels(list)
	for _, want := range []string{"E1:object", "input:object", "item:object", "index:number"} {
		if !slices.Contains(got, want) {
			t.Errorf("roots in the body are %q, lack %q", got, want)
		}
	}
	// Outside a tag, nothing.
	cl.must("textDocument/completion", map[string]any{"textDocument": map[string]any{"uri": planURI}, "position": Position{0, 3}}, &list)
	if len(list.Items) != 0 {
		t.Errorf("completion outside a tag: %q", labels(list))
	}
}

func TestHoverTellsWhatATagResolvedTo(t *testing.T) {
	cl := startServer(t)
	cl.open(planURI, prPlan)
	for _, tt := range []struct{ find, want string }{
		{`{{E1.number}}"}}`, "number 42 (×1)"},
		{`{{item.path}}`, "- [0] string \"README.md\" (×1)"},
		{`{{E1.titel}}`, "BadPath"},
	} {
		var h Hover
		cl.must("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": planURI}, "position": at(t, prPlan, tt.find, 3)}, &h)
		if !strings.Contains(h.Contents.Value, tt.want) {
			t.Errorf("hover on %s: %q, want %q in it", tt.find, h.Contents.Value, tt.want)
		}
	}
	// In a map's body, every iteration, up to maxHoverIterations.
	text := "input: {list: [" + strings.Repeat("{p: a}, {p: b}, ", 6) + "]}\nsteps:\n  - id: m\n    over: \"{{input.list}}\"\n" +
		"    tool_name: builtin__reshape\n    input: {shape: {x: \"{{item.p}}\"}}\n"
	cl.open("file:///w/map.yaml", text)
	var each Hover
	cl.must("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": "file:///w/map.yaml"}, "position": at(t, text, "{{item.p}}", 2)}, &each)
	if want := "`{{item.p}}`\n\n- [0] string \"a\" (×1)\n- [1] string \"b\" (×1)\n"; !strings.HasPrefix(each.Contents.Value, want) ||
		!strings.HasSuffix(each.Contents.Value, "\n- [9] string \"b\" (×1)\n- … 2 more iterations") {
		t.Errorf("hover in the body: %q", each.Contents.Value)
	}
	var h *Hover
	cl.must("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": planURI}, "position": Position{1, 2}}, &h)
	if h != nil {
		t.Errorf("hover off a tag: %+v", h)
	}
}

// apply applies a workspace edit's changes of one document to text.
func apply(t *testing.T, text string, edits []TextEdit) string {
	t.Helper()
	d := &document{text: text}
	slices.SortFunc(edits, func(a, b TextEdit) int { return d.offset(b.Range.Start) - d.offset(a.Range.Start) })
	for _, e := range edits {
		from, to := d.offset(e.Range.Start), d.offset(e.Range.End)
		text = text[:from] + e.NewText + text[to:]
		d = &document{text: text}
	}
	return text
}

func TestRenameAStepEverywhere(t *testing.T) {
	cl := startServer(t)
	cl.open(planURI, prPlan)
	pos := at(t, prPlan, "{{E1.files}}", 3) // on E1 in a tag
	var r *Range
	cl.must("textDocument/prepareRename", map[string]any{"textDocument": map[string]any{"uri": planURI}, "position": pos}, &r)
	if r == nil || *r != (Range{Position{pos.Line, pos.Character - 1}, Position{pos.Line, pos.Character + 1}}) {
		t.Errorf("prepareRename: %+v", r)
	}
	var edit WorkspaceEdit
	cl.must("textDocument/rename", map[string]any{"textDocument": map[string]any{"uri": planURI}, "position": pos, "newName": "fetch_pr"}, &edit)
	got := apply(t, prPlan, edit.Changes[planURI])
	if want := strings.ReplaceAll(prPlan, "E1", "fetch_pr"); got != want {
		t.Errorf("renamed:\n%s\nwant:\n%s", got, want)
	}
	for _, tt := range []struct{ name, why string }{{"card", "taken"}, {"a b", "id"}, {"input", ""}} {
		err := cl.request("textDocument/rename", map[string]any{"textDocument": map[string]any{"uri": planURI}, "position": pos, "newName": tt.name}, nil)
		if err == nil || !strings.Contains(err.Message, tt.why) {
			t.Errorf("rename to %q: %v", tt.name, err)
		}
	}
	// input is no step: nothing to rename.
	cl.must("textDocument/prepareRename", map[string]any{"textDocument": map[string]any{"uri": planURI}, "position": at(t, prPlan, "{{input.repo}}", 3)}, &r)
	if r != nil {
		t.Errorf("prepareRename on input: %+v", r)
	}
}

func TestDefinitionAndReferencesOfAStep(t *testing.T) {
	cl := startServer(t)
	cl.open(planURI, prPlan)
	var defs []Location
	cl.must("textDocument/definition", map[string]any{"textDocument": map[string]any{"uri": planURI}, "position": at(t, prPlan, "{{card.n}}", 3)}, &defs)
	if want := (Range{Position{6, 8}, Position{6, 12}}); len(defs) != 1 || defs[0].Range != want {
		t.Errorf("definition of card: %+v, want %+v", defs, want)
	}
	var refs []Location
	cl.must("textDocument/references", map[string]any{"textDocument": map[string]any{"uri": planURI}, "position": Position{2, 9}, "context": map[string]any{"includeDeclaration": true}}, &refs)
	if len(refs) != 1+strings.Count(prPlan, "{{E1.") || refs[0].Range.Start != (Position{2, 8}) {
		t.Errorf("references of E1: %+v", refs)
	}
}

func TestSymbolsNestStepsInDecides(t *testing.T) {
	cl := startServer(t)
	cl.open(planURI, prPlan)
	var syms []DocumentSymbol
	cl.must("textDocument/documentSymbol", map[string]any{"textDocument": map[string]any{"uri": planURI}}, &syms)
	var names []string
	var walk func(ss []DocumentSymbol, prefix string)
	walk = func(ss []DocumentSymbol, prefix string) {
		for _, s := range ss {
			names = append(names, prefix+s.Name)
			walk(s.Children, prefix+s.Name+"/")
		}
	}
	walk(syms, "")
	want := []string{"E1", "card", "per_file", "route", "route/big", "route/big/review", "route/small", "ext", "solver"}
	if !slices.Equal(names, want) {
		t.Errorf("symbols %q, want %q", names, want)
	}
	if syms[0].Range.Start != (Position{2, 0}) || syms[0].SelectionRange != (Range{Position{2, 8}, Position{2, 10}}) {
		t.Errorf("E1's symbol at %+v / %+v", syms[0].Range, syms[0].SelectionRange)
	}
}

func TestCodeActionsAreThePlaygroundsFixes(t *testing.T) {
	cl := startServer(t)
	cl.open(planURI, prPlan)
	var actions []CodeAction
	line := Range{Position{8, 0}, Position{8, 80}}
	cl.must("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": planURI}, "range": line, "context": map[string]any{"diagnostics": []any{}}}, &actions)
	var titles []string
	for _, a := range actions {
		titles = append(titles, a.Title)
	}
	if want := []string{`Did you mean "title"?`, `Use "number"`, `Use "files"`}; !slices.Equal(titles, want) || !actions[0].IsPreferred {
		t.Fatalf("actions on the BadPath: %q, want %q", titles, want)
	}
	if got := apply(t, prPlan, actions[0].Edit.Changes[planURI]); got != strings.Replace(prPlan, "E1.titel", "E1.title", 1) {
		t.Errorf("the did-you-mean gives:\n%s", got)
	}
	// ext needs a sample.
	extLine := at(t, prPlan, "id: ext", 0).Line
	cl.must("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": planURI}, "range": Range{Position{extLine, 0}, Position{extLine, 0}}, "context": map[string]any{}}, &actions)
	if len(actions) != 1 || actions[0].Title != "Add a sample result to ext" {
		t.Fatalf("actions on ext: %+v", actions)
	}
	fixed := apply(t, prPlan, actions[0].Edit.Changes[planURI])
	cl.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": planURI, "version": 2}, "contentChanges": []any{map[string]any{"text": fixed}}})
	for _, d := range cl.diagnostics(planURI, 2) {
		if strings.Contains(d.Message, "ext") {
			t.Errorf("after the sample: %+v", d)
		}
	}
}

// An unquoted template in YAML is a mapping: the fix quotes it.
func TestCodeActionQuotesATemplate(t *testing.T) {
	cl := startServer(t)
	text := "steps:\n  - id: a\n    tool_name: builtin__reshape\n    input: {shape: {x: {{input.n}}}}\n"
	diags := cl.open(planURI, text)
	if len(diags) != 1 || !strings.Contains(diags[0].Message, "unquoted template") {
		t.Fatalf("diagnostics %+v", diags)
	}
	var actions []CodeAction
	cl.must("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": planURI}, "range": diags[0].Range, "context": map[string]any{}}, &actions)
	if len(actions) != 1 || apply(t, text, actions[0].Edit.Changes[planURI]) != strings.Replace(text, "{{input.n}}", `"{{input.n}}"`, 1) {
		t.Errorf("actions %+v", actions)
	}
}

func TestInlayHintsShowEachStepsStatus(t *testing.T) {
	cl := startServer(t)
	cl.open(planURI, prPlan)
	var hints []InlayHint
	cl.must("textDocument/inlayHint", map[string]any{"textDocument": map[string]any{"uri": planURI}, "range": Range{Position{0, 0}, Position{100, 0}}}, &hints)
	var got []string
	for _, h := range hints {
		got = append(got, at1(h.Position)+" "+h.Label)
	}
	want := []string{"2:10 sample", "6:12 failed", "9:16 ok", "13:13 ok", "15:23 ok", "18:11 failed"}
	if !slices.Equal(got, want) {
		t.Errorf("hints %q, want %q", got, want)
	}
}

func TestLifecycle(t *testing.T) {
	cl := newClient(t)
	if err := cl.request("textDocument/hover", map[string]any{}, nil); err == nil || err.Code != codeServerNotReady {
		t.Errorf("a request before initialize: %+v", err)
	}
	cl.must("initialize", map[string]any{}, nil)
	if err := cl.request("workspace/symbol", map[string]any{}, nil); err == nil || err.Code != codeMethodNotFound {
		t.Errorf("an unknown method: %+v", err)
	}
	if err := cl.request("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": "file:///nowhere"}}, nil); err == nil || err.Code != codeInvalidParams {
		t.Errorf("a document never opened: %+v", err)
	}
	cl.notify("exit", nil)
	if err := <-cl.done; !errors.Is(err, ErrExitWithoutShutdown) {
		t.Errorf("exit without shutdown: %v", err)
	}
}

func TestFramingErrorsStopTheConnectionWithAReason(t *testing.T) {
	for _, tt := range []struct{ name, stream, want string }{
		{"no length", "Content-Type: x\r\n\r\n{}", "without Content-Length"},
		{"bad length", "Content-Length: ten\r\n\r\n", "not a length"},
		{"huge length", "Content-Length: 999999999999\r\n\r\n", "more than"},
		{"endless header", strings.Repeat("x", 5000), "longer than"},
		{"cut body", "Content-Length: 10\r\n\r\n{}", "inside a message"},
	} {
		var out strings.Builder
		err := Serve(strings.NewReader(tt.stream), &out)
		var framing *FramingError
		if !errors.As(err, &framing) || !strings.Contains(err.Error(), tt.want) || !strings.Contains(out.String(), tt.want) {
			t.Errorf("%s: %v, wrote %q", tt.name, err, out.String())
		}
	}
	if err := Serve(strings.NewReader(""), io.Discard); err != nil {
		t.Errorf("an empty stream: %v", err)
	}
}

func TestNotJSONIsAnsweredAndTheServerGoesOn(t *testing.T) {
	cl := startServer(t)
	cl.c.mu.Lock()
	io.WriteString(cl.w, "Content-Length: 5\r\n\r\n{oops")
	cl.c.mu.Unlock()
	diags := cl.open(planURI, prPlan)
	if len(diags) == 0 {
		t.Error("the server stopped after a message that is not JSON")
	}
}

// A request cancelled while it waits is answered cancelled; one already
// answered is not affected.
func TestCancelARequestThatWaits(t *testing.T) {
	cl := startServer(t)
	// Opening a large plan keeps the server busy while the request and
	// its cancellation, written at once behind it, are read.
	var stream strings.Builder
	open, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "method": "textDocument/didOpen",
		"params": map[string]any{"textDocument": map[string]any{"uri": planURI, "languageId": "yaml", "version": 1, "text": plan200()}}})
	symbols := `{"jsonrpc":"2.0","id":"s1","method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"` + planURI + `"}}}`
	cancel := `{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":"s1"}}`
	for _, m := range []string{string(open), symbols, cancel} {
		fmt.Fprintf(&stream, "Content-Length: %d\r\n\r\n%s", len(m), m)
	}
	response := make(chan *message, 1)
	cl.mu.Lock()
	cl.waits[`"s1"`] = response
	cl.mu.Unlock()
	cl.c.mu.Lock()
	io.WriteString(cl.w, stream.String())
	cl.c.mu.Unlock()
	if m := <-response; m.Error == nil || m.Error.Code != codeRequestCancelled {
		t.Errorf("the cancelled request: %v, %.100s", m.Error, m.Result)
	}
	var syms []DocumentSymbol
	cl.must("textDocument/documentSymbol", map[string]any{"textDocument": map[string]any{"uri": planURI}}, &syms)
	if len(syms) != 201 {
		t.Errorf("%d symbols after a cancel", len(syms))
	}
}

// A step the plan reads and lacks is added before its reader; a bare
// list of steps is wrapped in "steps:".
func TestCodeActionsAddAStepAndWrapAList(t *testing.T) {
	cl := startServer(t)
	text := "steps:\n  - id: card\n    tool_name: builtin__reshape\n    input: {shape: {t: \"{{E1.title}}\"}}\n"
	diags := cl.open(planURI, text)
	if len(diags) != 1 {
		t.Fatalf("diagnostics %+v", diags)
	}
	var actions []CodeAction
	cl.must("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": planURI}, "range": diags[0].Range, "context": map[string]any{}}, &actions)
	i := slices.IndexFunc(actions, func(a CodeAction) bool { return a.Title == "Add step E1 with a sample result" })
	if i < 0 {
		t.Fatalf("actions %+v", actions)
	}
	added := apply(t, text, actions[i].Edit.Changes[planURI])
	if !strings.HasPrefix(added, "steps:\n  - id: E1\n") || !strings.Contains(added, "      title: \"<title>\"\n  - id: card\n") {
		t.Errorf("the step added:\n%s", added)
	}

	bare := "- id: a\n  tool_name: builtin__reshape\n  input: {shape: {x: 1}}\n"
	diags = cl.open("file:///tmp/bare.plan.yaml", bare)
	cl.must("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": "file:///tmp/bare.plan.yaml"}, "range": diags[0].Range, "context": map[string]any{}}, &actions)
	if len(actions) != 1 || actions[0].Title != "Wrap in steps:" || apply(t, bare, actions[0].Edit.Changes["file:///tmp/bare.plan.yaml"]) != "steps:\n"+bare {
		t.Errorf("actions on a bare list: %+v", actions)
	}
}
