//go:build browser

package app_test

import (
	"github.com/chromedp/cdproto/cdp"
	"net/http/httptest"
	"sort"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/chromedp"
	"github.com/splicedev/splice/internal/server"
	"testing"
	"os"
)

const diagScript = `
window.__marks = [];
const mark = (m) => window.__marks.push([m, Math.round(performance.now())]);
const origIS = WebAssembly.instantiateStreaming;
WebAssembly.instantiateStreaming = async function(r, i) { mark("instantiateStreaming called"); const x = await origIS.call(this, r, i); mark("instantiated(streaming)"); return x; };
const origI = WebAssembly.instantiate;
WebAssembly.instantiate = async function(r, i) { mark("instantiate called"); const x = await origI.call(this, r, i); mark("instantiated"); return x; };
document.addEventListener("DOMContentLoaded", () => mark("DOMContentLoaded"));
window.addEventListener("load", () => mark("load"));
let seen = false;
new MutationObserver((_, o) => {
  const loader = document.getElementById("app-wasm-loader");
  seen = seen || !!loader;
  if (seen && !loader) { mark("loader gone"); o.disconnect(); }
}).observe(document, {subtree: true, childList: true});
const iv = setInterval(() => { if (window.Go && !window.Go.__w) { const run = Go.prototype.run; Go.prototype.run = function(inst) { mark("go.run"); const p = run.call(this, inst); mark("go.run returned"); return p; }; window.Go.__w = true; clearInterval(iv);} }, 0);
`

func TestDiagLoad(t *testing.T) {
	url := os.Getenv("DIAG_URL")
	if url == "" {
		url = startServer(t) + "/"
	}
	for i := 0; i < 3; i++ {
		ctx := newBrowser(t)
		runBeforeEachPage(t, ctx, diagScript+loadedScript(`[data-testid="editor"]`))
		navigate(t, ctx, url)
		waitJS(t, ctx, `window.__ready !== undefined`)
		out := evalJS[string](t, ctx, `JSON.stringify({marks: window.__marks, ready: Math.round(window.__ready), res: performance.getEntriesByType("resource").map(e => [e.name.replace(location.origin, ""), Math.round(e.startTime), Math.round(e.responseStart), Math.round(e.responseEnd), e.transferSize]), nav: Math.round(performance.getEntriesByType("navigation")[0].responseEnd)})`)
		t.Log(out)
	}
}

func TestDiagProfile(t *testing.T) {
	if err := server.CompressStale("/tmp/webprof", testLog{t}); err != nil {
		t.Fatal(err)
	}
	s, err := server.NewSite("/tmp/webprof")
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(s)
	defer srv.Close()
	ctx := newBrowser(t)
	runBeforeEachPage(t, ctx, loadedScript(`[data-testid="editor"]`))
	chromedp.Call(ctx, profiler.Enable, cdp.Empty{})
	chromedp.Call(ctx, profiler.SetSamplingInterval, profiler.SetSamplingIntervalParams{Interval: 200})
	if _, err := chromedp.Call(ctx, profiler.Start, cdp.Empty{}); err != nil {
		t.Fatal(err)
	}
	navigate(t, ctx, srv.URL+"/")
	waitJS(t, ctx, `window.__ready !== undefined`)
	res, err := chromedp.Call(ctx, profiler.Stop, cdp.Empty{})
	if err != nil {
		t.Fatal(err)
	}
	prof := res.Profile
	self := map[string]float64{}
	total := map[string]float64{}
	parent := map[int64]int64{}
	byID := map[int64]*profiler.ProfileNode{}
	for _, n := range prof.Nodes {
		byID[n.ID] = n
		for _, c := range n.Children {
			parent[c] = n.ID
		}
	}
	for i, id := range prof.Samples {
		dt := float64(prof.TimeDeltas[i]) / 1000
		n := byID[id]
		self[n.CallFrame.FunctionName]+= dt
		seen := map[string]bool{}
		for x := id; ; {
			nm := byID[x].CallFrame.FunctionName
			if !seen[nm] { total[nm] += dt; seen[nm] = true }
			p, ok := parent[x]
			if !ok { break }
			x = p
		}
	}
	dump := func(m map[string]float64, title string) {
		type kv struct{ k string; v float64 }
		var l []kv
		for k, v := range m { l = append(l, kv{k, v}) }
		sort.Slice(l, func(i, j int) bool { return l[i].v > l[j].v })
		t.Log(title)
		for i := 0; i < 70 && i < len(l); i++ {
			t.Logf("%8.1fms %s", l[i].v, l[i].k)
		}
	}
	dump(self, "self")
	dump(total, "total")
}
