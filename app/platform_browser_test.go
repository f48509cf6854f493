//go:build browser

package app_test

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/splicedev/splice/internal/assets"
	"github.com/splicedev/splice/internal/browsertest"
	"github.com/splicedev/splice/internal/playground/state"
	"github.com/splicedev/splice/internal/server"

	"github.com/chromedp/cdproto/network"
)

// playgroundPages are the pages a visitor can open.
var playgroundPages = []string{"/", state.EmbedPath, "/docs"}

// TestBrowserPagesStayOnOrigin loads every page and checks that nothing is
// requested from another host, nothing is missing and the Content Security
// Policy blocks nothing the page needs (every browser test checks the last
// one too, at its end).
func TestBrowserPagesStayOnOrigin(t *testing.T) {
	base := browsertest.StartServer(t)
	for _, path := range playgroundPages {
		t.Run(cmp.Or(strings.TrimPrefix(path, "/"), "root"), func(t *testing.T) {
			ctx := browsertest.NewBrowser(t)
			rec := browsertest.RecordRequests(t, ctx)
			browsertest.Navigate(t, ctx, base+path)
			waitAppReady(t, ctx)

			if !slices.Contains(rec.URLs(), base+"/web/app.wasm") {
				t.Fatalf("app.wasm was not requested; requests: %q", rec.URLs())
			}
			if foreign := rec.Foreign(base); len(foreign) > 0 {
				t.Errorf("requests to another host: %q", foreign)
			}
			if failed := rec.Failed(); len(failed) > 0 {
				t.Errorf("failed requests: %q", failed)
			}
			if v := browsertest.CSPViolations(ctx); len(v) > 0 {
				t.Errorf("Content Security Policy violations: %q", v)
			}
			doc := rec.Response(base + path)
			if doc == nil {
				t.Fatal("no response recorded for the page")
			}
			if csp := headerValue(doc.Headers, "Content-Security-Policy"); !strings.Contains(csp, "'wasm-unsafe-eval'") {
				t.Errorf("page Content-Security-Policy = %q, want 'wasm-unsafe-eval' in it", csp)
			}
		})
	}
}

// TestBrowserPolicyBlocksInjectedCode puts an inline script, an inline
// style and a request to another host into the page, as an injection would:
// the Content Security Policy must stop and report each.
func TestBrowserPolicyBlocksInjectedCode(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	browsertest.Navigate(t, ctx, base+"/docs")
	waitAppReady(t, ctx)
	ran := browsertest.EvalJS[bool](t, ctx, `(() => {
  const s = document.createElement("script");
  s.textContent = "window.__injected = true";
  document.body.append(s);
  document.body.setAttribute("style", "color: rgb(255, 0, 0)");
  fetch("http://example.invalid/").catch(() => {});
  return window.__injected === true || getComputedStyle(document.body).color === "rgb(255, 0, 0)";
})()`)
	if ran {
		t.Error("the injected inline script or style took effect")
	}
	want := []string{"script-src-elem", "style-src-attr", "connect-src"}
	var got []string
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		got = append(got, browsertest.CSPViolations(ctx)...)
		if reportsAll(got, want) {
			return
		}
	}
	t.Errorf("violations reported: %q, want one for each of %q", got, want)
}

// reportsAll reports whether each directive appears in some violation.
func reportsAll(violations, directives []string) bool {
	for _, d := range directives {
		if !slices.ContainsFunc(violations, func(v string) bool { return strings.Contains(v, ": "+d+" ") }) {
			return false
		}
	}
	return true
}

// headerValue reads a header from a protocol header map, whose names keep
// the server's case.
func headerValue(headers network.Headers, name string) string {
	for k, v := range headers {
		if strings.EqualFold(k, name) {
			return fmt.Sprint(v)
		}
	}
	return ""
}

// TestBrowserWasmCompressed checks that the browser gets app.wasm as brotli
// and that the loader's progress still ends at exactly 100%.
func TestBrowserWasmCompressed(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	rec := browsertest.RecordRequests(t, ctx)
	// The loader rewrites its label as bytes arrive; keep every label.
	browsertest.RunBeforeEachPage(t, ctx, `window.__progress = [];
new MutationObserver(() => {
  const label = document.getElementById("app-wasm-loader-label");
  if (label) window.__progress.push(label.innerText);
}).observe(document, {subtree: true, childList: true, characterData: true});`)
	browsertest.Navigate(t, ctx, base+"/")
	waitAppReady(t, ctx)

	wasm := rec.Response(base + "/web/app.wasm")
	if wasm == nil {
		t.Fatal("no response recorded for app.wasm")
	}
	if got := headerValue(wasm.Headers, "Content-Encoding"); got != "br" {
		t.Errorf("app.wasm Content-Encoding = %q, want br", got)
	}
	if got := headerValue(wasm.Headers, "Content-Type"); got != "application/wasm" {
		t.Errorf("app.wasm Content-Type = %q, want application/wasm", got)
	}
	raw, err := os.Stat(filepath.Join(browsertest.WebDir, "app.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	if sent, _ := strconv.ParseInt(headerValue(wasm.Headers, "Content-Length"), 10, 64); sent <= 0 || sent >= raw.Size()/2 {
		t.Errorf("app.wasm was sent as %d bytes for %d, want it compressed", sent, raw.Size())
	}

	var percents []int
	for _, label := range browsertest.EvalJS[[]string](t, ctx, `window.__progress`) {
		var p int
		if _, err := fmt.Sscanf(label[strings.LastIndex(label, " ")+1:], "%d%%", &p); err == nil {
			percents = append(percents, p)
		}
	}
	if len(percents) == 0 || slices.Max(percents) != 100 {
		t.Errorf("loader progress went %v, want it to reach 100 and never pass it", percents)
	}

	// engine.wasm, for docs sites, comes compressed too.
	if _, err := os.Stat(filepath.Join(browsertest.WebDir, "engine.wasm")); err == nil {
		got := browsertest.EvalJS[string](t, ctx, `fetch("/web/engine.wasm").then(r => r.headers.get("Content-Encoding") + " " + r.headers.get("Content-Type"))`)
		if got != "br application/wasm" {
			t.Errorf("engine.wasm came as %q, want br application/wasm", got)
		}
	}
}

// TestBrowserWorksOffline loads the playground once, then stops the server
// and cuts the network: the service worker must bring back every page.
func TestBrowserWorksOffline(t *testing.T) {
	srv := browsertest.StartTestServer(t)
	ctx := browsertest.NewBrowser(t)
	browsertest.Navigate(t, ctx, srv.URL+"/")
	waitAppReady(t, ctx)
	// The worker claims the page once it has cached what it needs.
	browsertest.WaitJS(t, ctx, `navigator.serviceWorker.controller !== null && caches.keys().then(async (keys) => {
  for (const key of keys) {
    if (await (await caches.open(key)).match("/web/app.wasm")) return true;
  }
  return false;
})`)

	srv.Close()
	browsertest.SetLink(t, ctx, browsertest.Link{Offline: true})
	for _, path := range playgroundPages {
		browsertest.Navigate(t, ctx, srv.URL+path)
		waitAppReady(t, ctx)
	}
	browsertest.Navigate(t, ctx, srv.URL+"/")
	waitTestID(t, ctx, "editor")
}

// TestBrowserEmbedInFrame shows /embed and / in frames of a page from
// another origin: the embed works there, the playground refuses to be framed.
func TestBrowserEmbedInFrame(t *testing.T) {
	base := browsertest.StartServer(t)
	outer := browsertest.ServePage(t, fmt.Sprintf(`<!doctype html><title>docs</title>
<iframe src="%[1]s%[2]s" width="800" height="600"></iframe>
<iframe src="%[1]s/" width="800" height="600"></iframe>`, base, state.EmbedPath))
	ctx := browsertest.NewBrowser(t)
	browsertest.Navigate(t, ctx, outer)

	embed := childFrame(t, ctx, base+state.EmbedPath)
	if embed.UnreachableURL != "" {
		t.Fatalf("the browser refused to show %s in a frame", state.EmbedPath)
	}
	waitInFrame(t, ctx, embed.ID, `document.querySelector('[data-testid="editor"]')`)

	if framed := childFrame(t, ctx, base+"/"); framed.UnreachableURL == "" {
		t.Errorf("the playground at / was shown in a frame of another site (frame URL %s)", framed.URL)
	}
}

// TestBrowserStaticSite writes the static site, serves it as a plain static
// host does (files as they are, ".html" implied) and opens the playground.
func TestBrowserStaticSite(t *testing.T) {
	out := t.TempDir()
	if err := server.WriteStatic(out, browsertest.WebDir, "", browsertest.LogWriter(t)); err != nil {
		t.Fatal(err)
	}
	files := http.FileServer(http.Dir(out))
	host := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if path.Ext(r.URL.Path) == "" && r.URL.Path != "/" {
			r.URL.Path += ".html"
		}
		files.ServeHTTP(w, r)
	}))
	t.Cleanup(host.Close)

	ctx := browsertest.NewBrowser(t)
	rec := browsertest.RecordRequests(t, ctx)
	for _, page := range playgroundPages {
		browsertest.Navigate(t, ctx, host.URL+page)
		waitAppReady(t, ctx)
	}
	browsertest.Navigate(t, ctx, host.URL+"/")
	waitTestID(t, ctx, "editor")
	if failed := rec.Failed(); len(failed) > 0 {
		t.Errorf("failed requests: %q", failed)
	}
}

// BenchmarkBrowserColdLoad measures a first visit: from navigation to an
// interactive editor, in a fresh profile each time (no cache, no service
// worker). Run it with -benchtime 5x; it reports the median and p95.
func BenchmarkBrowserColdLoad(b *testing.B) {
	base := browsertest.StartServer(b)
	for _, name := range []string{"app.wasm", "engine.wasm"} {
		browsertest.ReportSizes(b, name)
	}
	browsertest.ColdLoads(b, base+"/", loadedScript(`[data-testid="editor"]`), "editor")
}

// BenchmarkBrowserColdLoadVsEmpty measures, in one run and in turns, the
// first visit of the playground and of an empty go-app app of the same
// go-app version (testdata/emptyapp: one textarea), built with the same
// flags and served by the same server code with go-app's own loader; it
// reports both medians and their ratio (make bench-browser). With
// SPLICE_BENCH_FAST_EMPTY=1 it also loads the empty app with the
// playground's loader (server.UseFastLoader).
func BenchmarkBrowserColdLoadVsEmpty(b *testing.B) {
	playground := browsertest.StartServer(b) + "/"
	empty, emptyWeb := startEmptyApp(b, false)
	var fast string
	if os.Getenv("SPLICE_BENCH_FAST_EMPTY") != "" {
		fast, _ = startEmptyApp(b, true)
	}
	browsertest.ReportSizes(b, "app.wasm")
	b.Logf("empty app's app.wasm: %s", browsertest.WasmSizes(filepath.Join(emptyWeb, "app.wasm")))
	var playgroundLoads, emptyLoads, fastLoads []time.Duration
	for b.Loop() {
		emptyLoads = append(emptyLoads, browsertest.ColdLoad(b, empty, loadedScript("textarea")))
		playgroundLoads = append(playgroundLoads, browsertest.ColdLoad(b, playground, loadedScript(`[data-testid="editor"]`)))
		if fast != "" {
			fastLoads = append(fastLoads, browsertest.ColdLoad(b, fast, loadedScript("textarea")))
		}
	}
	slices.Sort(playgroundLoads)
	slices.Sort(emptyLoads)
	p, e := browsertest.Percentile(playgroundLoads, 50), browsertest.Percentile(emptyLoads, 50)
	ratio := float64(p) / float64(e)
	b.ReportMetric(float64(p.Milliseconds()), "playground-median-ms")
	b.ReportMetric(float64(e.Milliseconds()), "empty-median-ms")
	b.ReportMetric(ratio, "ratio")
	b.Logf("cold load over %d runs each: playground median %v (all %v), empty go-app app median %v (all %v): %.2f× (target ≤ %.2f×)",
		len(playgroundLoads), p, playgroundLoads, e, emptyLoads, ratio, coldLoadRatioTarget)
	if fast != "" {
		slices.Sort(fastLoads)
		f := browsertest.Percentile(fastLoads, 50)
		b.Logf("empty go-app app with the playground's loader: median %v (all %v); the playground is %.2f× that", f, fastLoads, float64(p)/float64(f))
	}
}

// startEmptyApp builds testdata/emptyapp as make builds the playground
// (its app.wasm with GOOS=js and the same flags, with brotli and gzip
// copies; its server for this machine), runs its server on a free port
// until the benchmark ends, with go-app's loader or the playground's, and
// returns its URL and web directory.
func startEmptyApp(b *testing.B, fastLoader bool) (url, webDir string) {
	b.Helper()
	dir := b.TempDir()
	webDir = filepath.Join(dir, "web")
	if err := os.Mkdir(webDir, 0o755); err != nil {
		b.Fatal(err)
	}
	vars := browsertest.MakefileVars(b)
	browsertest.BuildWasm(b, vars, vars["APP_WASM_FLAGS"], filepath.Join(webDir, "app.wasm"), "./testdata/emptyapp")
	host := exec.Command(browsertest.GoTool(), "build", "-o", filepath.Join(dir, "emptyapp"), "./testdata/emptyapp")
	if out, err := host.CombinedOutput(); err != nil {
		b.Fatalf("building the empty app's server: %v\n%s", err, out)
	}
	for _, icon := range []string{"icon-192.png", "icon-512.png", "icon.svg"} {
		data, err := os.ReadFile(filepath.Join(browsertest.WebDir, icon))
		if err == nil {
			err = os.WriteFile(filepath.Join(webDir, icon), data, 0o644)
		}
		if err != nil {
			b.Fatal(err)
		}
	}
	if err := assets.CompressStale(webDir, io.Discard); err != nil {
		b.Fatal(err)
	}
	srv := exec.Command(filepath.Join(dir, "emptyapp"), "-web", webDir, "-fast-loader="+strconv.FormatBool(fastLoader))
	stdout, err := srv.StdoutPipe()
	if err != nil {
		b.Fatal(err)
	}
	srv.Stderr = browsertest.LogWriter(b)
	if err := srv.Start(); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() {
		srv.Process.Kill()
		srv.Wait()
	})
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		b.Fatalf("starting the empty app's server: %v", err)
	}
	return strings.TrimSpace(line) + "/", webDir
}

// coldLoadRatioTarget is how much slower than an empty go-app app the
// playground may be to load.
const coldLoadRatioTarget = 1.25

// loadedScript sets window.__ready once go-app runs: it has removed the
// loader that the page showed until then (the server prerenders the page)
// and the element that selector names is there and visible.
func loadedScript(selector string) string {
	return `let loaderSeen = false;
new MutationObserver((_, observer) => {
  const loader = document.getElementById("app-wasm-loader");
  loaderSeen = loaderSeen || !!loader;
  const el = document.querySelector(` + strconv.Quote(selector) + `);
  if (loaderSeen && !loader && el && el.getClientRects().length > 0) {
    window.__ready = performance.now();
    observer.disconnect();
  }
}).observe(document, {subtree: true, childList: true});`
}

// A first visit whose editors' bundle comes after app.wasm (here, held
// back by the server) still gets its editors: the app starts once the
// page's deferred scripts have run, as its first render calls them.
func TestBrowserEditorBundleAfterApp(t *testing.T) {
	browsertest.StartServer(t) // compresses web/ as the playground's server serves it
	site, err := server.NewSite(browsertest.WebDir, "")
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/web/editor.js" {
			time.Sleep(2 * time.Second)
		}
		site.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	ctx := browsertest.NewBrowser(t)
	browsertest.Navigate(t, ctx, srv.URL+"/")
	browsertest.WaitJS(t, ctx, byTestID("editor")+`?.value?.startsWith("{{input.team}}")`)
	browsertest.WaitJS(t, ctx, byTestID("output")+`?.dataset.json !== undefined`)
}
