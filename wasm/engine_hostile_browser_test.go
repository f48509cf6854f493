//go:build browser

package main_test

// Whatever a page passes to the engine's JavaScript API, the call resolves
// or rejects with a TypeError that names the argument, and the engine keeps
// answering: no argument stops the Go program.

import (
	"html"
	"strconv"
	"strings"
	"testing"

	"github.com/splicedev/splice/internal/browsertest"
)

// hostileValue is a JavaScript value a page may pass, and what the API
// makes of it as data: its JSON, or the TypeError's message after the
// value's path (after the argument's name when whole).
type hostileValue struct {
	name, js string
	json     string
	err      string
	whole    bool
	isString bool
}

var hostileValues = []hostileValue{
	{name: "BigInt", js: `10n`, err: ": BigInt is not JSON"},
	{name: "Symbol", js: `Symbol("s")`, err: ": Symbol is not JSON"},
	{name: "function", js: `() => 1`, err: ": a function is not JSON"},
	{name: "cycle", js: `(() => { const o = {a: 1}; o.self = o; return o; })()`, err: ".self: a cycle: it is "},
	{name: "Uint8Array", js: `new Uint8Array([1, 2])`, err: ": Uint8Array is not JSON"},
	{name: "ArrayBuffer", js: `new ArrayBuffer(8)`, err: ": ArrayBuffer is not JSON"},
	{name: "Date", js: `new Date(0)`, json: `"1970-01-01T00:00:00.000Z"`},
	{name: "Map", js: `new Map([["a", 1]])`, err: ": Map is not JSON"},
	{name: "Set", js: `new Set([1])`, err: ": Set is not JSON"},
	{name: "a getter that throws", js: `({get a() { throw new Error("boom"); }})`, err: ".a: reading it threw: boom"},
	{name: "a throw that cannot be told", js: `({get a() { throw {toString() { throw 1; }}; }})`, err: ".a: reading it threw: an exception"},
	{name: "a proxy that throws", js: `new Proxy({}, {get() { throw new Error("trap"); }, ownKeys() { throw new Error("trap"); }})`, err: ": reading it threw: trap"},
	{name: "a revoked proxy", js: `(() => { const p = Proxy.revocable({}, {}); p.revoke(); return p.proxy; })()`, err: ": reading it threw: "},
	{name: "toJSON that throws", js: `({toJSON() { throw new Error("no"); }})`, err: ": reading it threw: no"},
	{name: "toJSON", js: `({toJSON: () => ({n: 1})})`, json: `{"n":1}`},
	{name: "100k nested arrays", js: `(() => { let a = []; for (let i = 0; i < 100000; i++) a = [a]; return a; })()`, err: ": nested deeper than 512 levels", whole: true},
	{name: "a BigInt deep inside", js: `({list: [{"a b": 1n}]})`, err: `.list[0]["a b"]: BigInt is not JSON`},
	{name: "a sparse array", js: `[1, , 3]`, json: `[1,null,3]`},
	{name: "undefined properties and elements", js: `({a: undefined, b: 1, c: [undefined]})`, json: `{"b":1,"c":[null]}`},
	{name: "an object without a prototype", js: `Object.assign(Object.create(null), {a: 1})`, json: `{"a":1}`},
	{name: "null", js: `null`, json: `null`},
	{name: "-0", js: `-0`, json: `0`},
	{name: "NaN", js: `NaN`, err: ": NaN is not JSON"},
	{name: "Infinity", js: `-Infinity`, err: ": -Infinity is not JSON"},
	{name: "a lone surrogate", js: `"a\ud800b"`, json: "\"a\uFFFDb\"", isString: true},
	{name: "a huge string", js: `"x".repeat(1 << 24)`, json: `"` + strings.Repeat("x", 1<<24) + `"`, isString: true},
}

// hostileSlot is where a call takes a value h: as data, or as a string.
type hostileSlot struct {
	call     string // a JavaScript function of h
	arg      string // the argument's name in messages
	where    string // h's path in messages, for data
	result   string // the JSON of a result, %s the data's; "" for a check
	isString bool
}

var hostileSlots = []hostileSlot{
	{call: `(h) => splice.render(h)`, arg: "template", isString: true},
	{call: `(h) => splice.render("{{E1}}", [{name: "E0", text: "0"}, {name: "E1", value: h}])`, arg: "roots[1].value", where: "roots[1].value", result: "%s"},
	{call: `(h) => splice.renderShape({v: "{{E1}}"}, [{name: "E1", value: h}])`, arg: "roots[0].value", where: "roots[0].value", result: `{"v":%s}`},
	{call: `(h) => splice.renderShape({v: h}, [])`, arg: "shape", where: "shape.v", result: `{"v":%s}`},
	{call: `(h) => splice.runTool(tool, {v: h})`, arg: "call", where: "call.v", result: `{"v":%s}`},
	{call: `(h) => splice.runTool(h, {})`, arg: "tool", isString: true},
	{call: `(h) => splice.check(h)`, arg: "source", isString: true},
	{call: `(h) => splice.check("{{E1}}", [{name: "E1", value: h}])`, arg: "roots[0].value", where: "roots[0].value"},
}

// hostileHarnessJS defines attempt, which describes how a call settles
// ("returned ok json" or "Error: message", a long json cut short), and
// tool, whose result is {"v": the call's v}.
const hostileHarnessJS = `
const short = (s) => s.length > 100 ? s.slice(0, 20) + "… (" + s.length + ")" : s;
const attempt = (f) => {
  let p;
  try {
    p = Promise.resolve(f());
  } catch (e) {
    return Promise.resolve("threw " + e);
  }
  return p.then((r) => "returned " + r.ok + (r.json === null ? "" : " " + short(r.json)), (e) => e.constructor.name + ": " + e.message);
};
const tool = "name: t\nkind: reshape\nshape:\n  v: '{{input.v}}'\n";
`

// shortJSON is short in hostileHarnessJS, for the long results here, which
// are ASCII: their JavaScript length is len.
func shortJSON(s string) string {
	if len(s) > 100 {
		return s[:20] + "… (" + strconv.Itoa(len(s)) + ")"
	}
	return s
}

// normalCall must succeed after every hostile one.
const normalCall = `splice.render("{{E1.n}}", [{name: "E1", value: {n: 1}}])`

func TestBrowserEngineHostileArguments(t *testing.T) {
	ctx := enginePage(t)

	var calls strings.Builder
	for _, v := range hostileValues {
		for _, s := range hostileSlots {
			calls.WriteString("[() => (" + s.call + ")(" + v.js + "), () => " + normalCall + "],\n")
		}
	}
	got := browsertest.EvalJS[[][2]string](t, ctx, `(async () => {`+hostileHarnessJS+`
  const out = [];
  for (const [hostile, normal] of [`+calls.String()+`]) out.push([await attempt(hostile), await attempt(normal)]);
  return out;
})()`)

	i := 0
	for _, v := range hostileValues {
		for _, s := range hostileSlots {
			hostile, normal := got[i][0], got[i][1]
			i++
			if normal != "returned true 1" {
				t.Errorf("%s as %s: the next call gave %q", v.name, s.arg, normal)
			}
			var ok bool
			switch {
			case s.isString && v.isString:
				ok = strings.HasPrefix(hostile, "returned ")
			case s.isString:
				ok = strings.HasPrefix(hostile, "TypeError: splice: "+s.arg+" must be a string, not ")
			case v.err != "" && v.whole:
				ok = strings.HasPrefix(hostile, "TypeError: splice: "+s.arg+v.err)
			case v.err != "":
				ok = strings.HasPrefix(hostile, "TypeError: splice: "+s.where+v.err)
			case s.result == "":
				ok = hostile == "returned true"
			default:
				ok = hostile == "returned true "+shortJSON(strings.Replace(s.result, "%s", v.json, 1))
			}
			if !ok {
				t.Errorf("%s as %s: got %q", v.name, s.arg, hostile)
			}
		}
	}
}

// Arguments other than data: each is what the engine reads, or a TypeError
// naming it.
func TestBrowserEngineHostileCalls(t *testing.T) {
	ctx := enginePage(t)

	nest := func(n int) string { return strings.Repeat("[", n) + strings.Repeat("]", n) }
	tests := []struct{ call, want string }{
		{`splice.render()`, "TypeError: splice: template must be a string, not undefined"},
		{`splice.render(10n)`, "TypeError: splice: template must be a string, not BigInt"},
		{`splice.render("x", 10n)`, "TypeError: splice: roots must be an array of {name, value} or {name, text}, not BigInt"},
		{`splice.render("x", [Symbol()])`, "TypeError: splice: roots[0] must be an object {name, value} or {name, text}, not Symbol"},
		{`splice.render("x", [{name: 10n}])`, "TypeError: splice: roots[0].name must be a string, not BigInt"},
		{`splice.render("x", [{name: "E1", text: 10n}])`, "TypeError: splice: roots[0].text must be a string of JSON, not BigInt"},
		{`splice.render("x", [{get name() { throw new Error("boom"); }}])`, "TypeError: splice: roots[0].name: reading it threw: boom"},
		{`splice.render("x", [{name: "E1", get value() { throw new Error("boom"); }}])`, "TypeError: splice: roots[0].value: reading it threw: boom"},
		{`splice.render("x", new Proxy([], {get() { throw new Error("trap"); }}))`, "TypeError: splice: roots.length: reading it threw: trap"},
		{`splice.render("x", (() => { const p = Proxy.revocable([], {}); p.revoke(); return p.proxy; })())`, "TypeError: splice: roots: reading it threw: "},
		{`splice.render("x", [{name: (() => { const p = Proxy.revocable({}, {}); p.revoke(); return p.proxy; })()}])`, "TypeError: splice: roots[0].name must be a string, not object"},
		{`splice.render("x", [], 10n)`, "TypeError: splice: options must be an object {later, branchSteps, iteration}, not BigInt"},
		{`splice.render("x", [], {later: [Symbol()]})`, "TypeError: splice: options.later[0] must be a string, not Symbol"},
		{`splice.render("x", [], {get later() { throw new Error("boom"); }})`, "TypeError: splice: options.later: reading it threw: boom"},
		{`splice.render("x", [], {iteration: 1n})`, "TypeError: splice: options.iteration must be a boolean, not BigInt"},
		{`splice.render("x", [], new Map())`, `returned true "x"`},
		{`splice.check("x", [], {mode: Symbol()})`, "TypeError: splice: options.mode must be a string, not Symbol"},
		{`splice.check(Symbol())`, "TypeError: splice: source must be a string, not Symbol"},
		{`splice.renderShape(10n)`, "TypeError: splice: shape must be a string of JSON or YAML, or an object, not BigInt"},
		{`splice.renderShape(new Map())`, "TypeError: splice: shape: Map is not JSON"},
		{`splice.runTool(10n, {})`, "TypeError: splice: tool must be a string, not BigInt"},
		{`splice.runTool(tool, 10n)`, "TypeError: splice: call: BigInt is not JSON"},
		{`splice.runTool(tool, () => 1)`, "TypeError: splice: call: a function is not JSON"},
		// The engine reads JSON 512 levels deep.
		{`splice.render("{{E1}}", [{name: "E1", value: ` + nest(512) + `}])`, "returned true " + shortJSON(nest(512))},
		{`splice.render("{{E1}}", [{name: "E1", value: ` + nest(513) + `}])`, "TypeError: splice: roots[0].value: nested deeper than 512 levels"},
		// A name given twice: the last one wins.
		{`splice.render("{{E1.n}}", [{name: "E1", value: {n: 1}}, {name: "E0", text: "0"}, {name: "E1", text: '{"n": 2}'}])`, "returned true 2"},
		{`splice.renderShape({n: "{{E1}}"}, [{name: "E1", text: "1"}, {name: "E1", value: 2}])`, `returned true {"n":2}`},
		{`splice.check("{{E9}}", ["E1", "E0", "E1"]).then((r) => ({ok: true, json: r.errors[0].available.join()}))`, "returned true input,E1,E0"},
	}
	var calls strings.Builder
	for _, tt := range tests {
		calls.WriteString("[() => " + tt.call + ", () => " + normalCall + "],\n")
	}
	got := browsertest.EvalJS[[][2]string](t, ctx, `(async () => {`+hostileHarnessJS+`
  const out = [];
  for (const [call, normal] of [`+calls.String()+`]) out.push([await attempt(call), await attempt(normal)]);
  return out;
})()`)
	for i, tt := range tests {
		if !strings.HasPrefix(got[i][0], tt.want) || got[i][1] != "returned true 1" {
			t.Errorf("%s:\ngot  %q, then %q\nwant %q", tt.call, got[i][0], got[i][1], tt.want)
		}
	}
}

// data-playground makes an "Open in playground" link only to http: or
// https: (or relative to the page); any other value is as if absent.
func TestBrowserEmbedPlaygroundLinks(t *testing.T) {
	engineSite := browsertest.StartServer(t)
	blocks := []struct{ playground, want string }{
		{"", ""},
		{"javascript:alert(1)", ""},
		{"  JaVaScRiPt:alert(1)", ""},
		{"java\tscr\nipt:alert(1)", ""},
		{"\n javascript:alert(1)", ""},
		{"data:text/html,<script>alert(1)</script>", ""},
		{"vbscript:msgbox(1)", ""},
		{"file:///etc/passwd", ""},
		{"ftp://play.example/", ""},
		{"https://play.example/", "https://play.example/"},
		{"HTTP://Play.Example/x", "http://play.example/x"},
		{"/playground/", "PAGE/playground/"},
	}
	// The script tag's value is the default of every block; a refused one
	// leaves the site serving embed.js.
	for _, script := range []struct{ playground, want string }{
		{"javascript:alert(1)", engineSite + "/"},
		{"https://docs-play.example/", "https://docs-play.example/"},
	} {
		var page strings.Builder
		page.WriteString(`<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,">`)
		for _, b := range blocks {
			page.WriteString(`<pre data-splice`)
			if b.playground != "" {
				page.WriteString(` data-playground="` + html.EscapeString(b.playground) + `"`)
			}
			page.WriteString(`>x</pre>`)
		}
		page.WriteString(`<script src="` + engineSite + `/web/embed.js" data-playground="` + html.EscapeString(script.playground) + `" defer></script>`)
		pageURL := browsertest.ServePage(t, page.String())
		ctx := browsertest.NewBrowser(t)
		dialogs := browsertest.WatchDialogs(t, ctx)
		browsertest.Navigate(t, ctx, pageURL)
		browsertest.WaitJS(t, ctx, embeddedJS)

		links := browsertest.EvalJS[[]string](t, ctx, `Array.from(document.querySelectorAll("pre[data-splice]"), (pre) => pre.nextElementSibling.querySelector("a.splice-open").getAttribute("href"))`)
		for i, b := range blocks {
			want := strings.Replace(b.want, "PAGE", pageURL, 1)
			if want == "" {
				want = script.want
			}
			if !strings.HasPrefix(links[i], want+"#s=") {
				t.Errorf("script %q, block %q: link %q, want %s#s=…", script.playground, b.playground, links[i], want)
			}
		}
		hrefs := browsertest.EvalJS[[]string](t, ctx, `Array.from(document.querySelectorAll("[href]"), (e) => e.getAttribute("href"))`)
		for _, h := range hrefs {
			if l := strings.ToLower(h); strings.Contains(l, "javascript") || !strings.HasPrefix(l, "http") && !strings.HasPrefix(l, "data:,") {
				t.Errorf("script %q: an href %q", script.playground, h)
			}
		}
		if opened := dialogs.Opened(); len(opened) > 0 {
			t.Errorf("dialogs opened: %q", opened)
		}
	}
}
