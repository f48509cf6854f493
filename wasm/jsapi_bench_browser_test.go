//go:build browser

package main_test

// make bench-js: the engine's JavaScript API against mustache.js,
// handlebars and JSONata (bench/js, installed from its lockfile) in
// headless Chromium. It prints CPU per call in each case and the cold
// start to a first result, medians, with the ratios to the contenders.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
	"github.com/chromedp/chromedp"
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/splicedev/splice/internal/assets"
	"github.com/splicedev/splice/internal/benchdata"
	"github.com/splicedev/splice/internal/browsertest"
	"github.com/splicedev/splice/internal/server"
)

// benchJSDir holds bench.js and the contenders' packages.
const benchJSDir = "../bench/js"

// benchEngine is the site whose engine is measured: SPLICE_BENCH_ENGINE
// names a running Splice server (an earlier build, to compare), whose
// site it passes requests on to, else the built web/ is served as the
// playground's server serves it.
func benchEngine(b *testing.B) http.Handler {
	if site := os.Getenv("SPLICE_BENCH_ENGINE"); site != "" {
		target, err := url.Parse(site)
		if err != nil {
			b.Fatalf("SPLICE_BENCH_ENGINE: %v", err)
		}
		return httputil.NewSingleHostReverseProxy(target)
	}
	return browsertest.Site(b)
}

// emptyEngine builds testdata/emptyengine as make builds engine.wasm and
// returns a site that serves it, as app.wasm, with bench/js/empty-engine.js
// (its loader, Go's written in as into engine.js) as engine.js, as the
// engine's server serves web/.
func emptyEngine(b *testing.B) http.Handler {
	b.Helper()
	webDir := b.TempDir()
	vars := browsertest.MakefileVars(b)
	flags := append(slices.Clone(vars["ENGINE_GCFLAGS"]), "-ldflags="+strings.Join(vars["ENGINE_LDFLAGS"], " "))
	browsertest.BuildWasm(b, vars, flags, filepath.Join(webDir, "app.wasm"), "./testdata/emptyengine")
	script, err := assets.ScriptWithGoLoader(filepath.Join(benchJSDir, "empty-engine.js"))
	if err == nil {
		err = os.WriteFile(filepath.Join(webDir, "engine.js"), script, 0o644) // served as engine.js is
	}
	if err != nil {
		b.Fatal(err)
	}
	if err := assets.CompressStale(webDir, io.Discard); err != nil {
		b.Fatal(err)
	}
	site, err := server.NewAppSite(webDir, func(files app.ResourceResolver, version string, _ int64) *app.Handler {
		return &app.Handler{Name: "Empty", Version: version, Resources: files}
	})
	if err != nil {
		b.Fatal(err)
	}
	return site
}

// coldPages are the pages of the cold start: each loads its library and
// sets window.__ready when its first result is there. Each library comes
// from the page's own site, as a docs site serves what it embeds, the
// engine as the README's example has it: engine.wasm preloaded from the
// page's head, then engine.js. It also comes without the preload link, and
// from another origin ({other}), with the attributes the README gives its
// tags there. The empty Go program, under /empty/, is loaded as the engine
// is.
var coldPages = map[string]string{
	"splice":    `<link rel="preload" href="/web/engine.wasm" as="fetch" crossorigin><script src="/web/engine.js"></script>` + spliceFirstCall,
	spliceAlone: `<script src="/web/engine.js"></script>` + spliceFirstCall,
	spliceOther: `<link rel="preload" href="{other}/web/engine.wasm" as="fetch" crossorigin><script src="{other}/web/engine.js" crossorigin></script>` + spliceFirstCall,
	"mustache.js": `<script src="/lib/mustache/mustache.min.js"></script>
<script>Mustache.render("{{E0.user.name}}", {E0: {user: {name: "Ada"}}}); window.__ready = performance.now();</script>`,
	"handlebars": `<script src="/lib/handlebars/dist/handlebars.min.js"></script>
<script>Handlebars.compile("{{E0.user.name}}")({E0: {user: {name: "Ada"}}}); window.__ready = performance.now();</script>`,
	emptyGo: `<link rel="preload" href="/empty/web/app.wasm" as="fetch" crossorigin><script src="/empty/web/engine.js"></script>`,
}

// spliceFirstCall is the engine's cold pages' first call, from wherever
// engine.js came.
const spliceFirstCall = `
<script>splice.render("{{E0.user.name}}", [{name: "E0", value: {user: {name: "Ada"}}}]).then(() => { window.__ready = performance.now(); });</script>`

// spliceOther names the cold start of the engine from another origin.
const spliceOther = "splice-other-origin"

// spliceAlone names the cold start of a page that loads engine.js alone,
// engine.wasm fetched once engine.js runs.
const spliceAlone = "splice-without-preload"

// emptyGo names the floor of the cold start: the least Go program, built as
// engine.wasm is and loaded as engine.js loads it (emptyEngine).
const emptyGo = "empty-go"

// benchPage loads the contenders, bench.js and then the engine.
const benchPage = `<script src="/lib/mustache/mustache.min.js"></script>
<script src="/lib/handlebars/dist/handlebars.min.js"></script>
<script src="/lib/jsonata/jsonata.min.js"></script>
<script src="/bench.js"></script>
<script src="/web/engine.js"></script>`

type benchResult struct {
	Cases []struct {
		Name       string
		Splice     float64
		Contenders map[string]float64
	}
	Memory []int // the engine's memory before 50,000 calls and after each 50,000 more
}

func BenchmarkBrowserJSAPI(b *testing.B) {
	if _, err := os.Stat(filepath.Join(benchJSDir, "node_modules", "mustache")); err != nil {
		b.Skip("bench/js/node_modules is missing: run make bench-js")
	}
	engine := benchEngine(b)
	other := httptest.NewServer(engine)
	b.Cleanup(other.Close)
	sites := strings.NewReplacer("{other}", other.URL)
	pages := http.NewServeMux()
	pages.Handle("/web/", engine)
	pages.Handle("/empty/", http.StripPrefix("/empty", emptyEngine(b)))
	pages.Handle("/lib/", http.StripPrefix("/lib/", compressedScripts(b, filepath.Join(benchJSDir, "node_modules"))))
	pages.HandleFunc("/bench.js", func(w http.ResponseWriter, r *http.Request) {
		http.ServeFile(w, r, filepath.Join(benchJSDir, "bench.js"))
	})
	html := func(body string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,">`+sites.Replace(body))
		}
	}
	pages.Handle("/{$}", html(benchPage))
	for name, body := range coldPages {
		pages.Handle("/cold/"+name, html(body))
	}
	site := httptest.NewServer(pages)
	b.Cleanup(site.Close)

	for b.Loop() {
		ctx := browsertest.NewBrowser(b)
		browsertest.Navigate(b, ctx, site.URL+"/")
		planText, _ := benchdata.Plan(200 << 10)
		planJSON, _ := json.Marshal(planText)
		res := browsertest.EvalJS[benchResult](b, ctx, `runBench(15, `+string(planJSON)+`)`)
		chromedp.Cancel(ctx) // its page idle, but its browser no part of the cold starts
		browser := browsertest.NewBrowser(b)
		cold := coldStarts(b, browser, site.URL, coldNames, coldRounds, nil)
		slow := coldStarts(b, browser, site.URL, slowNames, slowRounds, &slowNetwork)
		printBench(res, cold, slow)
	}
}

// coldRounds is how many times each cold page loads: a first visit on a
// machine of two cores varies by a fifth from one load to the next, and a
// median of fewer moves by a tenth from run to run.
const coldRounds = 21

// coldStart is a cold page's times from navigation to its first result:
// their median and the middle half of them.
type coldStart struct{ median, low, high time.Duration }

// coldNames are the cold pages loaded over the link as it comes.
var coldNames = []string{"splice", spliceAlone, spliceOther, emptyGo, "mustache.js", "handlebars"}

// slowNetwork is a first visit over a slower link, 10 Mbit/s each way and
// 40 ms from a request to its response, where a library's bytes count for
// more than its start. A load varies less there: slowRounds of slowNames.
var slowNetwork = browsertest.Link{LatencyMS: 40, DownloadBytes: 10e6 / 8, UploadBytes: 10e6 / 8}

var slowNames = []string{"splice", spliceAlone, "mustache.js", "handlebars"}

const slowRounds = 7

// coldStarts loads each of the cold pages named in a fresh browser context
// (nothing cached, no compiled module kept), in turns, rounds times, over
// the link given (nil: as it comes).
func coldStarts(b *testing.B, browser context.Context, site string, names []string, rounds int, link *browsertest.Link) map[string]coldStart {
	loads := map[string][]time.Duration{}
	for range rounds {
		for _, name := range names {
			ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
			if link != nil {
				browsertest.SetLink(b, ctx, *link)
			}
			browsertest.Navigate(b, ctx, site+"/cold/"+name)
			browsertest.WaitJS(b, ctx, `window.__ready !== undefined`)
			ms := browsertest.EvalJS[float64](b, ctx, `window.__ready`)
			cancel()
			loads[name] = append(loads[name], time.Duration(ms*float64(time.Millisecond)))
		}
	}
	starts := map[string]coldStart{}
	for name, l := range loads {
		slices.Sort(l)
		starts[name] = coldStart{median: l[len(l)/2], low: l[len(l)/4], high: l[len(l)*3/4]}
	}
	return starts
}

func printBench(res benchResult, starts, slow map[string]coldStart) {
	var out strings.Builder
	fmt.Fprintf(&out, "\n%-42s %12s  %s\n", "case (CPU per call, median)", "splice", "contenders (ratio: splice ÷ contender)")
	for _, c := range res.Cases {
		var parts []string
		for _, name := range slices.Sorted(func(yield func(string) bool) {
			for n := range c.Contenders {
				if !yield(n) {
					return
				}
			}
		}) {
			v := c.Contenders[name]
			parts = append(parts, fmt.Sprintf("%s %s (%.2f×)", name, micros(v), c.Splice/v))
		}
		fmt.Fprintf(&out, "%-42s %12s  %s\n", c.Name, micros(c.Splice), strings.Join(parts, ", "))
	}
	cold := func(name string) time.Duration { return starts[name].median }
	spread := func(name string) string {
		return fmt.Sprintf("%v–%v", starts[name].low.Round(time.Millisecond), starts[name].high.Round(time.Millisecond))
	}
	fmt.Fprintf(&out, "\ncold start to the first result (fresh context, median of %d, middle half in brackets): splice %v (%s), mustache.js %v (%.2f×), handlebars %v (%s, %.2f×)\n",
		coldRounds, cold("splice").Round(time.Millisecond), spread("splice"), cold("mustache.js").Round(time.Millisecond), float64(cold("splice"))/float64(cold("mustache.js")),
		cold("handlebars").Round(time.Millisecond), spread("handlebars"), float64(cold("splice"))/float64(cold("handlebars")))
	fmt.Fprintf(&out, "engine.js alone, engine.wasm not preloaded: splice %v (%s), %.2f× handlebars\n",
		cold(spliceAlone).Round(time.Millisecond), spread(spliceAlone), float64(cold(spliceAlone))/float64(cold("handlebars")))
	fmt.Fprintf(&out, "from another origin (its tags crossorigin): splice %v (%s), %.2f× handlebars\n",
		cold(spliceOther).Round(time.Millisecond), spread(spliceOther), float64(cold(spliceOther))/float64(cold("handlebars")))
	fmt.Fprintf(&out, "the floor, an empty Go program built and loaded as the engine is: %v (%.2f× handlebars); splice %v past it\n",
		cold(emptyGo).Round(time.Millisecond), float64(cold(emptyGo))/float64(cold("handlebars")), (cold("splice") - cold(emptyGo)).Round(time.Millisecond))
	fmt.Fprintf(&out, "over 10 Mbit/s, 40 ms to each response (median of %d): splice %v (%.2f× handlebars), engine.js alone %v, mustache.js %v, handlebars %v\n",
		slowRounds, slow["splice"].median.Round(time.Millisecond), float64(slow["splice"].median)/float64(slow["handlebars"].median),
		slow[spliceAlone].median.Round(time.Millisecond), slow["mustache.js"].median.Round(time.Millisecond), slow["handlebars"].median.Round(time.Millisecond))
	if len(res.Memory) > 0 && res.Memory[0] > 0 {
		var mb []string
		for _, m := range res.Memory {
			mb = append(mb, fmt.Sprintf("%.1f", float64(m)/1e6))
		}
		fmt.Fprintf(&out, "wasm memory every 50,000 calls of the first case: %s MB\n", strings.Join(mb, " → "))
	}
	fmt.Print(out.String())
}

// contenderScripts are the contenders' scripts the pages load, in
// bench/js/node_modules.
var contenderScripts = []string{"mustache/mustache.min.js", "handlebars/dist/handlebars.min.js", "jsonata/jsonata.min.js"}

// compressedScripts serves contenderScripts from dir compressed as the
// engine's scripts are (brotli at its best, to a browser that takes it),
// as a docs site serves what it embeds.
func compressedScripts(b *testing.B, dir string) http.Handler {
	compressed := map[string][]byte{}
	for _, name := range contenderScripts {
		src, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil {
			b.Fatal(err)
		}
		var buf bytes.Buffer
		w := brotli.NewWriterOptions(&buf, brotli.WriterOptions{Quality: brotli.BestCompression, LGWin: 24})
		if _, err := w.Write(src); err != nil || w.Close() != nil {
			b.Fatalf("compressing %s: %v", name, err)
		}
		compressed[name] = buf.Bytes() // as the path comes, past /lib/
	}
	files := http.FileServer(http.Dir(dir))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, ok := compressed[r.URL.Path]
		if !ok {
			// A page's script not compressed would time the contender
			// otherwise than the engine, unseen.
			b.Errorf("/lib/%s: not one of contenderScripts", r.URL.Path)
			http.NotFound(w, r)
			return
		}
		if !strings.Contains(r.Header.Get("Accept-Encoding"), "br") {
			files.ServeHTTP(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
		w.Header().Set("Content-Encoding", "br")
		w.Header().Set("Vary", "Accept-Encoding")
		w.Write(body)
	})
}

// micros formats µs, as ms from 1 ms up.
func micros(us float64) string {
	if us >= 1000 {
		return fmt.Sprintf("%.2f ms", us/1000)
	}
	return fmt.Sprintf("%.2f µs", us)
}
