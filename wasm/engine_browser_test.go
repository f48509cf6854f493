//go:build browser

package main_test

// The engine alone in a browser: a plain page on another site that uses
// only web/engine.wasm (with engine.js, Go's loader in it) and web/embed.js,
// as a docs site would, and web/engine-full.wasm once a call needs it.

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/splicedev/splice/internal/browsertest"
	"github.com/splicedev/splice/internal/conformance"
	"github.com/splicedev/splice/internal/examples"
	"github.com/splicedev/splice/internal/playground/state"
	"github.com/splicedev/splice/reshape"
	"github.com/splicedev/splice/template"
)

// embedTestPage is a docs page with one block per case; %s is the site that
// serves the engine's files.
const embedTestPage = `<!doctype html>
<meta charset="utf-8">
<link rel="icon" href="data:,">
<title>Docs</title>
<pre data-splice id="typed">{{input.price}}</pre>
<script type="application/json" data-splice-roots>{"input": {"price": 1.50}}</script>

<pre data-splice id="typed-string">{{input.name}}</pre>
<script type="application/json" data-splice-roots>{"input": {"name": "Ada"}}</script>

<pre data-splice id="empty-data">{{input.list.3}}</pre>
<script type="application/json" data-splice-roots>{"input": {"list": []}}</script>

<pre data-splice id="order">{{E0}}</pre>
<script type="application/json" data-splice-roots>{"E0": {"b": 1, "2": 2.0, "s": "a,b}"}, "E1": []}</script>

<p>A paragraph between a block and its roots.</p>
<pre data-splice id="payload">Hi {{E0.name}}</pre>
<p>Roots may come after other elements.</p>
<script type="application/json" data-splice-roots>{"E0": {"name": "<img src=x onerror=\"window.injected = 1\">"}}</script>

<pre data-splice id="bad-path">{{E0.values.0.idd}}</pre>
<script type="application/json" data-splice-roots>{"E0": {"values": [{"id": 1, "title": "t"}]}}</script>

<pre data-splice id="later" data-later="E9">first line
{{#E1.values}}{{E9.summary}}{{/E1.values}}</pre>
<script type="application/json" data-splice-roots>{"E1": {"values": [1]}}</script>

<pre data-splice id="iteration" data-iteration>{{item.n}} of {{input.total}}</pre>
<script type="application/json" data-splice-roots>{"input": {"total": 3}, "item": {"n": 1}}</script>

<pre data-splice="shape" id="shape">{"pr": "{{E1.number}}", "title": "PR #{{E1.number}}"}</pre>
<script type="application/json" data-splice-roots>{"E1": {"number": 42}}</script>

<pre data-splice="shape" id="shape-error">{
  "pr": "{{E1.number}}",
  "title": "PR #{{E1.nmber}}"
}</pre>
<script type="application/json" data-splice-roots>{"E1": {"number": 42}}</script>

<pre data-splice id="no-roots">plain {{input}}</pre>

<pre data-splice id="bad-roots">{{E0}}</pre>
<script type="application/json" data-splice-roots>{"E0": </script>

<script src="%s/web/embed.js" defer></script>
`

// embedBlock is what embed.js made of one block.
type embedBlock struct {
	ID     string
	OK     string // data-ok
	JSON   string // data-json
	Type   string // data-type
	Result string // the shown result
	Errors []struct {
		Kind, Line, Column, Text string
	}
	Link string
}

// readBlocksJS collects every block's output.
const readBlocksJS = `Array.from(document.querySelectorAll("pre[data-splice]"), (pre) => {
  let out = pre.nextElementSibling;
  while (out && !out.matches(".splice-output")) out = out.nextElementSibling;
  const result = out.querySelector(".splice-result");
  const link = out.querySelector("a.splice-open");
  return {
    ID: pre.id, OK: out.dataset.ok || "", JSON: out.dataset.json || "", Type: out.dataset.type || "",
    Result: result ? result.textContent : "",
    Errors: Array.from(out.querySelectorAll(".splice-error"), (e) => ({
      Kind: e.dataset.kind || "", Line: e.dataset.line || "", Column: e.dataset.column || "", Text: e.textContent,
    })),
    Link: link ? link.href : "",
  };
})`

// embeddedJS is true once embed.js has rendered the page's blocks.
const embeddedJS = `globalThis.splice && globalThis.splice.embedded && globalThis.splice.embedded.then(() => true)`

func TestBrowserEmbed(t *testing.T) {
	engineSite := browsertest.StartServer(t)
	page := browsertest.ServePage(t, strings.Replace(embedTestPage, "%s", engineSite, 1))
	ctx := browsertest.NewBrowser(t)
	rec := browsertest.RecordRequests(t, ctx)
	dialogs := browsertest.WatchDialogs(t, ctx)
	browsertest.Navigate(t, ctx, page)
	browsertest.WaitJS(t, ctx, embeddedJS)

	blocks := map[string]embedBlock{}
	for _, b := range browsertest.EvalJS[[]embedBlock](t, ctx, readBlocksJS) {
		blocks[b.ID] = b
	}
	results := []struct{ id, json, kind, shown string }{
		{"typed", "1.50", "number", "1.50"},
		// A typed splice of a string shows quoted, as the playground, the
		// splice command and /docs show it; mixed text shows as itself.
		{"typed-string", `"Ada"`, "string", `"Ada"`},
		{"order", `{"b":1,"2":2.0,"s":"a,b}"}`, "object", `{ "b": 1, "2": 2.0, "s": "a,b}" }`},
		{"payload", `"Hi <img src=x onerror=\"window.injected = 1\">"`, "string", `Hi <img src=x onerror="window.injected = 1">`},
		{"iteration", `"1 of 3"`, "string", "1 of 3"},
		{"shape", `{"pr":42,"title":"PR #42"}`, "object", `{ "pr": 42, "title": "PR #42" }`},
		{"no-roots", `"plain {}"`, "string", "plain {}"},
	}
	for _, want := range results {
		b := blocks[want.id]
		if b.OK != "true" || b.JSON != want.json || b.Type != want.kind || b.Result != want.shown || len(b.Errors) > 0 {
			t.Errorf("block %s: got %+v, want %s %s shown as %q", want.id, b, want.kind, want.json, want.shown)
		}
	}
	failures := []struct{ id, kind, line, column, Text string }{
		{"bad-path", "BadPath", "1", "1", "  1 | {{E0.values.0.idd}}\n    | ^^^^^^^^^^^^^^^^^^^\n  available: id, title\n  did you mean \"id\"?\n"},
		{"later", "MissingStep", "2", "15", "  2 | {{#E1.values}}{{E9.summary}}{{/E1.values}}\n    |               ^^^^^^^^^^^^^^\n"},
		{"bad-roots", "", "", "", "roots: "},
		// A shape's error is shown on its line of the shape, not the leaf's.
		{"shape-error", "BadPath", "3", "17", "BadPath (render) at /title, line 3:17 (in the leaf 1:5): no key \"nmber\"" + ` in the object at E1
  3 |   "title": "PR #{{E1.nmber}}"
    |                 ^^^^^^^^^^^^
`},
		{"empty-data", "EmptyData", "1", "1", "EmptyData (render), nothing found, line 1:1: index 3, the array at input.list is empty\n"},
	}
	for _, want := range failures {
		b := blocks[want.id]
		if b.OK != "false" || len(b.Errors) == 0 {
			t.Errorf("block %s: got %+v, want an error", want.id, b)
			continue
		}
		e := b.Errors[0]
		if e.Kind != want.kind || e.Line != want.line || e.Column != want.column || !strings.Contains(e.Text, want.Text) {
			t.Errorf("block %s: got error %+v, want %s at %s:%s showing %q", want.id, e, want.kind, want.line, want.column, want.Text)
		}
	}

	if injected := browsertest.EvalJS[bool](t, ctx, `window.injected !== undefined || document.querySelector("img") !== null`); injected {
		t.Error("a root's HTML became an element")
	}
	if opened := dialogs.Opened(); len(opened) > 0 {
		t.Errorf("dialogs opened: %q", opened)
	}
	engineURL, _ := url.Parse(engineSite)
	pageURL, _ := url.Parse(page)
	for _, u := range rec.URLs() {
		if parsed, err := url.Parse(u); err != nil || parsed.Host != engineURL.Host && parsed.Host != pageURL.Host {
			t.Errorf("a request to another site: %s", u)
		}
	}
	if failed := rec.Failed(); len(failed) > 0 {
		t.Errorf("failed requests: %q", failed)
	}
	if n := fetches(rec, "engine-full.wasm"); n > 0 {
		t.Errorf("a page of templates and JSON shapes fetched engine-full.wasm %d times", n)
	}
	// embed.js preloads what engine.js loads next; each is fetched once,
	// and Go's loader, part of engine.js, not at all.
	for name, want := range map[string]int{"engine.js": 1, "engine.wasm": 1, "wasm_exec.js": 0} {
		if n := fetches(rec, name); n != want {
			t.Errorf("%s fetched %d times, want %d", name, n, want)
		}
	}

	// Each link opens its block in the playground, which serves embed.js
	// unless the page says otherwise.
	for id, b := range blocks {
		if id == "bad-roots" {
			continue
		}
		payload, ok := strings.CutPrefix(b.Link, engineSite+"/#s=")
		if !ok {
			t.Errorf("block %s: link %q is not a share link to %s", id, b.Link, engineSite)
			continue
		}
		s, err := state.DecodeLink(payload)
		if err != nil {
			t.Errorf("block %s: %v", id, err)
			continue
		}
		if s.Text(state.Target{}) == "" || s.Roots[0].Name != "input" {
			t.Errorf("block %s: link opens %+v", id, s)
		}
		// The link says which engine rendered the block, so the playground
		// opens it without the banner of another engine's link.
		if _, banner, _ := state.InitialState("#s="+payload, "", examples.Default.Open()); banner != "" {
			t.Errorf("block %s: the link opens with the banner %q", id, banner)
		}
		if id == "order" && (s.Roots[1] != state.RootText{Name: "E0", Text: `{"b": 1, "2": 2.0, "s": "a,b}"}`} || s.Roots[2] != state.RootText{Name: "E1", Text: "[]"}) {
			t.Errorf("block %s: the link's roots are not the block's texts: %+v", id, s.Roots)
		}
		if id == "later" && (!slices.Equal(s.Later, []string{"E9"}) || !strings.HasPrefix(s.Template, "first line\n")) {
			t.Errorf("block %s: link opens %+v", id, s)
		}
	}
	browsertest.Navigate(t, ctx, blocks["later"].Link)
	browsertest.WaitJS(t, ctx, `document.querySelector('[data-testid="editor"]')?.value.startsWith("first line\n")`)
	if banner := browsertest.EvalJS[string](t, ctx, `document.querySelector('[data-testid="banner"]')?.textContent || ""`); banner != "" {
		t.Errorf("the block's link opens under a banner: %q", banner)
	}
}

// fetches counts the requests for a file of /web/.
func fetches(rec *browsertest.RequestRecorder, name string) int {
	n := 0
	for _, u := range rec.URLs() {
		if parsed, err := url.Parse(u); err == nil && parsed.Path == "/web/"+name {
			n++
		}
	}
	return n
}

// enginePage opens a page that loads the engine alone (web/engine.js), in
// a new browser, once splice is ready.
func enginePage(t testing.TB) context.Context {
	engineSite := browsertest.StartServer(t)
	page := browsertest.ServePage(t, `<!doctype html><link rel="icon" href="data:,"><script src="`+engineSite+`/web/engine.js"></script>`)
	ctx := browsertest.NewBrowser(t)
	browsertest.Navigate(t, ctx, page)
	browsertest.WaitJS(t, ctx, `splice.ready.then(() => true)`)
	return ctx
}

// A page of another origin that gives engine.js's tag crossorigin has
// engine.wasm fetched on the connection engine.js came on. A fetch from
// another origin goes without cookies, and the browser never puts such a
// request on a connection that has carried cookies: without the attribute
// the fetch waits for a connection of its own.
func TestBrowserEngineConnection(t *testing.T) {
	site := browsertest.Site(t)
	var mu sync.Mutex
	clientOf := map[string]string{} // a file's name → the client address its request came from
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		clientOf[path.Base(r.URL.Path)] = r.RemoteAddr
		mu.Unlock()
		site.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	browser := browsertest.NewBrowser(t)
	for _, tc := range []struct {
		attribute string
		shared    bool
	}{{" crossorigin", true}, {"", false}} {
		mu.Lock()
		clear(clientOf)
		mu.Unlock()
		ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
		browsertest.Navigate(t, ctx, browsertest.ServePage(t, `<!doctype html><link rel="icon" href="data:,"><script src="`+srv.URL+`/web/engine.js"`+tc.attribute+`></script>`))
		browsertest.WaitJS(t, ctx, `splice.ready.then((s) => s.render("{{E0}}", [{name: "E0", value: 1}])).then((r) => r.ok)`)
		cancel()
		mu.Lock()
		script, wasm := clientOf["engine.js"], clientOf["engine.wasm"]
		mu.Unlock()
		if (script == wasm) != tc.shared {
			t.Errorf("<script%s>: engine.js came from %s, engine.wasm from %s; want the same connection: %v", tc.attribute, script, wasm, tc.shared)
		}
	}
}

// engine.wasm preloaded from the page's head, as the README has it, is
// the response engine.js's fetch takes: it is requested once, by a page of
// engine.js as by one of embed.js (which preloads it too). A preload link
// without crossorigin is not (engine.js fetches in CORS mode), and
// engine.wasm comes twice.
func TestBrowserEnginePreload(t *testing.T) {
	engineSite := browsertest.StartServer(t)
	const (
		engineJS = `<script src="{site}/web/engine.js" crossorigin></script>`
		embedJS  = `<pre data-splice>{{E0}}</pre><script type="application/json" data-splice-roots>{"E0": 5}</script>
<script src="{site}/web/embed.js" defer></script>`
		engineReady = `globalThis.splice && splice.ready.then(() => true)`
		rendered    = `splice.render("{{E0}}", [{name: "E0", value: 5}]).then((r) => r.text)`
		embedResult = `document.querySelector(".splice-result").textContent`
	)
	browser := browsertest.NewBrowser(t)
	for _, tc := range []struct {
		name, link, script, ready, result string
		wasms                             int
	}{
		{"engine.js", ` crossorigin`, engineJS, engineReady, rendered, 1},
		{"embed.js", ` crossorigin`, embedJS, embeddedJS, embedResult, 1},
		{"engine.js, the link without crossorigin", ``, engineJS, engineReady, rendered, 2},
	} {
		ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
		rec := browsertest.RecordRequests(t, ctx)
		page := `<!doctype html><link rel="icon" href="data:,"><link rel="preload" href="{site}/web/engine.wasm" as="fetch"` + tc.link + `>` + tc.script
		browsertest.Navigate(t, ctx, browsertest.ServePage(t, strings.ReplaceAll(page, "{site}", engineSite)))
		browsertest.WaitJS(t, ctx, tc.ready)
		got := browsertest.EvalJS[string](t, ctx, tc.result)
		wasms := fetches(rec, "engine.wasm")
		cancel()
		if got != "5" || wasms != tc.wasms {
			t.Errorf("%s: rendered %q, engine.wasm requested %d times; want 5, %d", tc.name, got, wasms, tc.wasms)
		}
	}
}

// Go's loader is part of engine.js, of the Go that built the engine: a
// page's own globalThis.Go (another release's, or anything) is neither used
// nor replaced, and without one the page has the engine's, as when it
// loaded wasm_exec.js itself.
func TestBrowserEngineGoLoader(t *testing.T) {
	engineSite := browsertest.StartServer(t)
	browser := browsertest.NewBrowser(t)
	for _, tc := range []struct{ page, want string }{
		{`<script>globalThis.Go = function pagesGo() { throw new Error("the page's Go"); };</script>`, "pagesGo"},
		{``, "the engine's"},
	} {
		ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
		browsertest.Navigate(t, ctx, browsertest.ServePage(t, `<!doctype html><link rel="icon" href="data:,">`+tc.page+`<script src="`+engineSite+`/web/engine.js"></script>`))
		got := browsertest.EvalJS[string](t, ctx, `splice.render("{{E0}}", [{name: "E0", value: 7}]).then((r) => r.text + " " +
  (globalThis.Go.name === "pagesGo" ? "pagesGo" : typeof globalThis.Go.prototype.run === "function" ? "the engine's" : "neither"))`)
		cancel()
		if want := "7 " + tc.want; got != want {
			t.Errorf("page %q: got %q, want %q", tc.page, got, want)
		}
	}
}

// A misuse of the API rejects; bad input never does. The small engine
// answers templates and JSON shapes; the first call with YAML or a tool
// fetches the full engine, once.
func TestBrowserEngineAPI(t *testing.T) {
	engineSite := browsertest.StartServer(t)
	page := browsertest.ServePage(t, `<!doctype html><link rel="icon" href="data:,"><script src="`+engineSite+`/web/engine.js"></script>`)
	ctx := browsertest.NewBrowser(t)
	rec := browsertest.RecordRequests(t, ctx)
	browsertest.Navigate(t, ctx, page)
	browsertest.WaitJS(t, ctx, `splice.ready.then((s) => s === globalThis.splice)`)

	const attemptJS = `const attempt = (f) => f().then((r) => "returned " + r.ok + (r.json === null ? "" : " " + r.json), (e) => e.constructor.name + ": " + e.message);`
	tests := []struct {
		name  string
		calls string // a JavaScript array of attempts
		want  []string
		full  int // requests for engine-full.wasm so far
	}{
		{"the small engine", `[
    attempt(() => splice.render(1)),
    attempt(() => splice.render("{{x}}", "E0")),
    attempt(() => splice.render("{{#x}}")),
    attempt(() => splice.render("{{input.a}}", [{name: "input", value: {a: 1}}])),
    attempt(() => splice.renderShape({a: "{{E0}}"}, [{name: "E0", text: "2.0"}])),
    attempt(() => splice.renderShape('{"a": "{{E0}}"}', [{name: "E0", text: "2.0"}])),
    attempt(() => splice.check("{{E0.a}}", ["E0"])),
    attempt(() => splice.check('{"a": "{{E0.a}}"}', ["E0"], {mode: "shape"})),
  ]`, []string{
			"TypeError: splice: template must be a string, not number",
			"TypeError: splice: roots must be an array of {name, value} or {name, text}, not string",
			"returned false",
			"returned true 1",
			`returned true {"a":2.0}`,
			`returned true {"a":2.0}`,
			"returned true",
			"returned true",
		}, 0},
		{"the full engine", `[
    attempt(() => splice.runTool("name: [", "{")),
    attempt(() => splice.renderShape("a: '{{E0}}'", [{name: "E0", text: "2.0"}])),
    attempt(() => splice.check("a: '{{E1}}'", ["E0"], {mode: "shape"})),
    attempt(() => splice.renderShape('{"a": ', [])),
  ]`, []string{"returned false", `returned true {"a":2.0}`, "returned false", "returned false"}, 1},
		{"the full engine serves every later call", `[
    attempt(() => splice.render("{{input.a}}", [{name: "input", value: {a: 1}}])),
    attempt(() => splice.runTool("name: t\nkind: reshape\nshape:\n  n: '{{input.n}}'\n", {n: 3})),
  ]`, []string{"returned true 1", `returned true {"n":3}`}, 1},
	}
	for _, tt := range tests {
		got := browsertest.EvalJS[[]string](t, ctx, "(() => { "+attemptJS+" return Promise.all("+tt.calls+"); })()")
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: got  %q\nwant %q", tt.name, got, tt.want)
		}
		if n := fetches(rec, "engine-full.wasm"); n != tt.full {
			t.Errorf("%s: engine-full.wasm fetched %d times, want %d", tt.name, n, tt.full)
		}
	}
	if version := browsertest.EvalJS[string](t, ctx, `typeof splice.version`); version != "string" {
		t.Errorf("splice.version is a %s", version)
	}
}

// A result with a value is the whole result object, its texts as they are
// in any script.
func TestBrowserEngineResultObjects(t *testing.T) {
	ctx := enginePage(t)
	result := func(value, text, kind string, typed bool, display string) string {
		out, err := json.Marshal(map[string]any{"ok": true, "json": value, "text": text, "type": kind, "typed": typed, "display": display, "engine": template.Version, "errors": []any{}})
		if err != nil {
			t.Fatal(err)
		}
		return string(out)
	}
	tests := []struct{ call, want string }{
		{`splice.render("{{E0.s}}", [{name: "E0", value: {s: "é ☃ 😀"}}])`, result(`"é ☃ 😀"`, "é ☃ 😀", "string", true, `"é ☃ 😀"`)},
		{`splice.render("ü {{E0.s}}", [{name: "E0", value: {s: "a\"b"}}])`, result(`"ü a\"b"`, `ü a"b`, "string", false, `ü a"b`)},
		{`splice.render("{{E0}}", [{name: "E0", value: {n: 1}}])`, result(`{"n":1}`, `{"n":1}`, "object", true, `{ "n": 1 }`)},
		{`splice.renderShape({a: "{{E0}}"}, [{name: "E0", text: "2.0"}])`, result(`{"a":2.0}`, `{"a":2.0}`, "object", true, `{ "a": 2.0 }`)},
	}
	for _, tt := range tests {
		got := browsertest.EvalJS[string](t, ctx, tt.call+`.then((r) => JSON.stringify(r))`)
		var gotObj, wantObj map[string]any
		if err := json.Unmarshal([]byte(got), &gotObj); err != nil {
			t.Fatalf("%s: %v", tt.call, err)
		}
		json.Unmarshal([]byte(tt.want), &wantObj)
		if !reflect.DeepEqual(gotObj, wantObj) {
			t.Errorf("%s:\ngot  %s\nwant %s", tt.call, got, tt.want)
		}
	}
}

// browserCall is one call of the engine's JavaScript API.
type browserCall struct {
	Fn   string `json:"fn"`
	Args []any  `json:"args"`
}

// browserResult is a result object as the engine returns it.
type browserResult struct {
	OK     bool    `json:"ok"`
	JSON   *string `json:"json"`
	Errors []struct {
		Kind, Phase, Message string
		Line, Column, Offset *int
		Path, Suggestion, At string
		Available            []string
		More                 int
	} `json:"errors"`
}

// value and err turn a result back into what the host engine returns, for
// the conformance runner to judge.
func (r browserResult) value() (template.Value, error) {
	if r.OK {
		if r.JSON == nil {
			return template.Value{}, nil
		}
		return template.ParseJSONString(*r.JSON)
	}
	var list reshape.ErrorList
	for _, e := range r.Errors {
		kind, _ := template.ParseErrorKind(e.Kind)
		phase := template.PhaseRender
		if e.Phase == "load" {
			phase = template.PhaseLoad
		}
		te := &template.Error{Kind: kind, Phase: phase, Msg: e.Message, Path: e.Path, Suggestion: e.Suggestion, Available: e.Available, More: e.More}
		if e.Line != nil {
			te.Pos = template.Pos{Line: *e.Line, Column: *e.Column, Offset: *e.Offset}
		}
		list = append(list, reshape.Placed(te, e.At))
	}
	return template.Value{}, list
}

// callFor is the API call that runs a vector in the browser: roots go as
// JSON texts, so numbers keep their text and objects their order.
func callFor(v *conformance.Test) browserCall {
	roots := make([]any, len(v.Roots))
	for i, r := range v.Roots {
		roots[i] = map[string]string{"name": r.Name, "text": r.Value.JSON()}
	}
	opts := map[string]any{"later": v.Later, "branchSteps": v.Branch, "iteration": v.Iteration}
	switch {
	case v.Template != nil:
		return browserCall{"render", []any{*v.Template, roots, opts}}
	case v.Shape != nil:
		return browserCall{"renderShape", []any{v.Shape.JSON(), roots, opts}}
	}
	return browserCall{"runTool", []any{*v.Tool, v.Call.JSON()}}
}

// vectorSuites are the conformance vectors: the engine's, reshape's and
// the shared ones beside the repository.
var vectorSuites = []string{"../template/testdata", "../reshape/testdata", browsertest.SharedConformance}

// Every conformance vector gives in the browser what it gives on the host.
func TestBrowserEngineConformance(t *testing.T) {
	var vectors []*conformance.Test
	for _, dir := range vectorSuites {
		if _, err := os.Stat(dir); err != nil && dir == browsertest.SharedConformance && os.Getenv("CI") == "" {
			t.Logf("skipping %s: %v", dir, err) // a clone without the shared folder beside it
			continue
		}
		tests, err := conformance.Load(dir)
		if err != nil {
			t.Fatalf("loading %s: %v", dir, err)
		}
		for _, v := range tests {
			if v.Plan == nil { // plans run through runPlan: TestBrowserRunPlan
				vectors = append(vectors, v)
			}
		}
	}
	calls := make([]browserCall, len(vectors))
	for i, v := range vectors {
		calls[i] = callFor(v)
	}
	payload, err := json.Marshal(calls)
	if err != nil {
		t.Fatal(err)
	}

	ctx := enginePage(t)
	quoted, _ := json.Marshal(string(payload))
	// The first pass starts every call at once: the small engine answers
	// templates and shapes while the full one loads for the tools. The
	// second pass runs everything through the full engine.
	for _, pass := range []string{"first", "second"} {
		results := browsertest.EvalJS[[]browserResult](t, ctx, `Promise.all(JSON.parse(`+string(quoted)+`).map((c) => splice[c.fn](...c.args)))`)
		if len(results) != len(vectors) {
			t.Fatalf("%d results for %d vectors", len(results), len(vectors))
		}
		failed := 0
		for i, v := range vectors {
			if msg := v.Compare(results[i].value()); msg != "" {
				failed++
				t.Errorf("%s pass: %s: %s: %s", pass, filepath.Base(v.File), v.Name, msg)
			}
		}
		t.Logf("conformance in the browser, %s pass: %d passed, %d failed", pass, len(vectors)-failed, failed)
	}
}

// BenchmarkBrowserColdLoadEngine measures a docs page's first visit: from
// navigation to splice.ready, in a fresh profile each time (nothing cached,
// no compiled module kept). Run it with -benchtime 5x; it reports the median.
func BenchmarkBrowserColdLoadEngine(b *testing.B) {
	engineSite := browsertest.StartServer(b)
	browsertest.ReportSizes(b, "engine.wasm")
	browsertest.ReportSizes(b, "engine-full.wasm")
	page := browsertest.ServePage(b, `<!doctype html><script src="`+engineSite+`/web/engine.js"></script>
<script>splice.ready.then(() => { window.__ready = performance.now(); });</script>`)
	browsertest.ColdLoads(b, page, "", "splice.ready")
}

// Calls that give some of the last call's texts again, in every place:
// the engine reads the texts it was not sent again as they were, and the
// others as they are now.
func TestBrowserEngineTextsAgain(t *testing.T) {
	ctx := enginePage(t)
	calls := []engineCall{
		{`splice.render("{{E0.a}}", [{name: "E0", text: '{"a":1}'}])`, "1"},
		{`splice.render("{{E0.a}}", [{name: "E0", text: '{"a":1}'}])`, "1"},
		{`splice.render("{{E0.a}}", [{name: "E0", text: '{"a":2}'}])`, "2"},
		{`splice.render("{{E0.a}}", [{name: "E0", text: '{"a":2}'}])`, "2"},
		{`splice.render("{{E1.a}}", [{name: "E1", text: '{"a":2}'}])`, "2"},
		{`splice.render("{{E1.a}}", [{name: "E1", text: '{"a":3}'}])`, "3"},
		{`splice.render("{{E1.a}} {{E2.a}}", [{name: "E1", text: '{"a":3}'}, {name: "E2", text: '{"a":4}'}])`, "3 4"},
		{`splice.render("{{E1.a}} {{E2.a}}", [{name: "E1", text: '{"a":5}'}, {name: "E2", text: '{"a":4}'}])`, "5 4"},
		{`splice.render("{{E1.a}} {{E2.a}}", [{name: "E1", text: '{"a":5}'}, {name: "E2", text: '{"a":6}'}])`, "5 6"},
		{`splice.render("{{E1.a}} {{E2.a}}", [{name: "E2", text: '{"a":5}'}, {name: "E1", text: '{"a":6}'}])`, "6 5"},
		{`splice.renderShape({v: "{{E1.a}}"}, [{name: "E1", text: '{"a":6}'}]).then((r) => ({ok: r.ok, text: r.json}))`, `{"v":6}`},
		{`splice.render("{{E1.a}}", [{name: "E1", text: '{"a":6}'}])`, "6"},
		{`splice.render("{{E1.a}}", [{name: "E1", value: {a: 7}}])`, "7"},
		{`splice.render("{{E1.a}}", [{name: "E1", value: {a: 7}}])`, "7"},
		{`splice.render("{{E1.a}}", [{name: "E1", value: {a: 8}}])`, "8"},
	}
	checkCallsInTurn(t, ctx, "", calls)
}

// engineCall is a call of the engine's JavaScript API and the text its
// result must have.
type engineCall struct{ js, want string }

// checkCallsInTurn makes the calls one after the other, after the
// statements of setup, and checks the text of each result.
func checkCallsInTurn(t *testing.T, ctx context.Context, setup string, calls []engineCall) {
	t.Helper()
	var js strings.Builder
	js.WriteString("(async () => {\n" + setup + "\n  return [\n")
	for _, c := range calls {
		js.WriteString("  await " + c.js + ".then((r) => r.ok ? r.text : 'failed: ' + JSON.stringify(r.errors)),\n")
	}
	js.WriteString("]})()")
	got := browsertest.EvalJS[[]string](t, ctx, js.String())
	for i, c := range calls {
		if got[i] != c.want {
			t.Errorf("%s (call %d): got %q, want %q", c.js, i, got[i], c.want)
		}
	}
}

// TestBrowserEngineValuesAgain renders roots given as values again: a
// value that reads as the last one is not written out again, and any
// change of it, however small, is rendered.
func TestBrowserEngineValuesAgain(t *testing.T) {
	ctx := enginePage(t)
	calls := []engineCall{
		{`render("{{#E0.items}}{{name}}{{^@last}}, {{/@last}}{{/E0.items}}", {items: [{name: "a"}, {name: "b"}]})`, "a, b"},
		{`render("{{#E0.items}}{{name}}{{^@last}}, {{/@last}}{{/E0.items}}", {items: [{name: "a"}, {name: "b"}]})`, "a, b"},
		{`render("{{#E0.items}}{{name}}{{^@last}}, {{/@last}}{{/E0.items}}", {items: [{name: "a"}, {name: "c"}]})`, "a, c"},
		{`render("{{#E0.items}}{{name}}{{^@last}}, {{/@last}}{{/E0.items}}", {items: [{name: "a"}, {name: "c"}, {name: "d"}]})`, "a, c, d"},
		// The same object, changed in place.
		{`(shared.items[0].name = "z", render("{{#E0.items}}{{name}}{{/E0.items}}", shared))`, "zy"},
		{`(shared.items[1].name = "x", render("{{#E0.items}}{{name}}{{/E0.items}}", shared))`, "zx"},
		{`(shared.items.push({name: "w"}), render("{{#E0.items}}{{name}}{{/E0.items}}", shared))`, "zxw"},
		// What reads alike and is not the same JSON.
		{`render("{{E0.a}}", {a: 1})`, "1"},
		{`render("{{E0.a}}", {a: "1"})`, "1"},
		{`render("{{E0}}", {a: 1, b: 2})`, `{"a":1,"b":2}`},
		{`render("{{E0}}", {b: 2, a: 1})`, `{"b":2,"a":1}`},
		{`render("{{E0}}", [null])`, `[null]`},
		{`render("{{E0}}", [undefined])`, `[null]`},
		{`render("{{E0}}", [[]])`, `[[]]`},
		{`render("{{E0}}", [{}])`, `[{}]`},
		{`render("{{E0}}", {a: {}})`, `{"a":{}}`},
		{`render("{{E0}}", {a: []})`, `{"a":[]}`},
		{`render("{{E0}}", {a: 1, b: undefined})`, `{"a":1}`},
		{`render("{{E0}}", {a: 1})`, `{"a":1}`},
		// Keys an object inherits: JSON has only its own.
		{`render("{{E0}}", {a: 1})`, `{"a":1}`},
		{`render("{{E0}}", Object.create({a: 1}))`, `{}`},
		{`(Object.prototype.extra = 2, render("{{E0}}", {x: 1}))`, `{"x":1}`},
		{`render("{{E0}}", {x: 1, extra: 2})`, `{"x":1,"extra":2}`},
		{`(delete Object.prototype.extra, render("{{E0}}", {x: 1, extra: 2}))`, `{"x":1,"extra":2}`},
		// A getter that calls the engine while the value is read.
		{`render("{{E0.a}} {{E0.b}}", calling)`, "1 2"},
		{`Promise.all(inner).then((rs) => ({ok: true, text: rs.map((r) => r.text).join()}))`, "inner,inner"},
		{`render("{{E0.a}}", {a: "inner"})`, "inner"},
		{`render("{{E0.a}} {{E0.b}}", {a: 1, b: 2})`, "1 2"},
		{`render("{{E0.a}} {{E0.b}}", calling)`, "1 2"},
		{`render("{{E0.a}} {{E0.b}}", {a: 1, b: 2})`, "1 2"},
		// Each root by its place.
		{`splice.render("{{E0.a}} {{E1.a}}", [{name: "E0", value: {a: 1}}, {name: "E1", value: {a: 2}}])`, "1 2"},
		{`splice.render("{{E0.a}} {{E1.a}}", [{name: "E0", value: {a: 2}}, {name: "E1", value: {a: 1}}])`, "2 1"},
		{`splice.render("{{E1.a}} {{E0.a}}", [{name: "E1", value: {a: 2}}, {name: "E0", value: {a: 1}}])`, "2 1"},
	}
	checkCallsInTurn(t, ctx, `const render = (template, value) => splice.render(template, [{name: "E0", value}]);
  const shared = {items: [{name: "x"}, {name: "y"}]};
  const inner = [];
  const calling = {get a() { inner.push(render("{{E0.a}}", {a: "inner"})); return 1; }, b: 2};`, calls)
}

// TestBrowserEngineValuesChangedAtRandom changes a root value a little at
// a time, at random (a leaf, a key added or taken out, a type, the order of
// keys, the same value in new objects), and renders it whole after each
// change: the engine must always give the value's JSON, never the last
// one's.
func TestBrowserEngineValuesChangedAtRandom(t *testing.T) {
	ctx := enginePage(t)
	wrong := browsertest.EvalJS[[]string](t, ctx, `(async () => {
  let seed = 7;
  const random = (n) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 16) % n;
  const leaves = [0, 1, -1, 1.5, "1", "", "a", "é", true, false, null, undefined];
  const leaf = () => leaves[random(leaves.length)];
  const fresh = (depth) => {
    if (depth > 2 || random(3) === 0) return leaf();
    if (random(2)) return Array.from({length: random(4)}, () => fresh(depth + 1));
    const o = {};
    for (let i = random(4); i > 0; i--) o["k" + random(5)] = fresh(depth + 1);
    return o;
  };
  // change changes one place of v, or all of it, and returns it.
  const change = (v, depth) => {
    if (v === null || typeof v !== "object" || random(4) === 0) return fresh(depth);
    const keys = Object.keys(v);
    if (keys.length === 0 || random(5) === 0) {
      if (Array.isArray(v)) v.push(fresh(depth + 1)); else v["k" + random(5)] = fresh(depth + 1);
      return v;
    }
    const k = keys[random(keys.length)];
    switch (random(4)) {
      case 0:
        if (Array.isArray(v)) v.splice(Number(k), 1); else delete v[k];
        return v;
      case 1:
        if (!Array.isArray(v)) { const e = v[k]; delete v[k]; v[k] = e; } // to the end
        return v;
    }
    v[k] = change(v[k], depth + 1);
    return v;
  };
  const wrong = [];
  let value = {};
  for (let i = 0; i < 400; i++) {
    value = random(4) === 0 ? structuredClone(value) : change(value, 0);
    const want = JSON.stringify(value);
    if (want === undefined) continue; // undefined itself is no root
    const r = await splice.render("{{E0}}", [{name: "E0", value}]);
    if (!r.ok || r.json !== want) wrong.push(i + ": " + want + " gave " + (r.ok ? r.json : JSON.stringify(r.errors)));
  }
  return wrong;
})()`)
	for _, w := range wrong {
		t.Error(w)
	}
}
