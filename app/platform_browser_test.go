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
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/splicedev/splice/internal/assets"
	"github.com/splicedev/splice/internal/gowasm"
	"github.com/splicedev/splice/internal/playground/state"
	"github.com/splicedev/splice/internal/server"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// playgroundPages are the pages a visitor can open.
var playgroundPages = []string{"/", state.EmbedPath, "/docs"}

// TestBrowserPagesStayOnOrigin loads every page and checks that nothing is
// requested from another host, nothing is missing and the Content Security
// Policy blocks nothing the page needs (every browser test checks the last
// one too, at its end).
func TestBrowserPagesStayOnOrigin(t *testing.T) {
	base := startServer(t)
	for _, path := range playgroundPages {
		t.Run(cmp.Or(strings.TrimPrefix(path, "/"), "root"), func(t *testing.T) {
			ctx := newBrowser(t)
			rec := recordRequests(t, ctx)
			navigate(t, ctx, base+path)
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
			if v := cspViolations(ctx); len(v) > 0 {
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
	base := startServer(t)
	ctx := newBrowser(t)
	navigate(t, ctx, base+"/docs")
	waitAppReady(t, ctx)
	ran := evalJS[bool](t, ctx, `(() => {
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
		got = append(got, cspViolations(ctx)...)
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
	base := startServer(t)
	ctx := newBrowser(t)
	rec := recordRequests(t, ctx)
	// The loader rewrites its label as bytes arrive; keep every label.
	runBeforeEachPage(t, ctx, `window.__progress = [];
new MutationObserver(() => {
  const label = document.getElementById("app-wasm-loader-label");
  if (label) window.__progress.push(label.innerText);
}).observe(document, {subtree: true, childList: true, characterData: true});`)
	navigate(t, ctx, base+"/")
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
	raw, err := os.Stat(filepath.Join(testWebDir, "app.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	if sent, _ := strconv.ParseInt(headerValue(wasm.Headers, "Content-Length"), 10, 64); sent <= 0 || sent >= raw.Size()/2 {
		t.Errorf("app.wasm was sent as %d bytes for %d, want it compressed", sent, raw.Size())
	}

	var percents []int
	for _, label := range evalJS[[]string](t, ctx, `window.__progress`) {
		var p int
		if _, err := fmt.Sscanf(label[strings.LastIndex(label, " ")+1:], "%d%%", &p); err == nil {
			percents = append(percents, p)
		}
	}
	if len(percents) == 0 || slices.Max(percents) != 100 {
		t.Errorf("loader progress went %v, want it to reach 100 and never pass it", percents)
	}

	// engine.wasm, for docs sites, comes compressed too.
	if _, err := os.Stat(filepath.Join(testWebDir, "engine.wasm")); err == nil {
		got := evalJS[string](t, ctx, `fetch("/web/engine.wasm").then(r => r.headers.get("Content-Encoding") + " " + r.headers.get("Content-Type"))`)
		if got != "br application/wasm" {
			t.Errorf("engine.wasm came as %q, want br application/wasm", got)
		}
	}
}

// TestBrowserWorksOffline loads the playground once, then stops the server
// and cuts the network: the service worker must bring back every page.
func TestBrowserWorksOffline(t *testing.T) {
	srv := startTestServer(t)
	ctx := newBrowser(t)
	navigate(t, ctx, srv.URL+"/")
	waitAppReady(t, ctx)
	// The worker claims the page once it has cached what it needs.
	waitJS(t, ctx, `navigator.serviceWorker.controller !== null && caches.keys().then(async (keys) => {
  for (const key of keys) {
    if (await (await caches.open(key)).match("/web/app.wasm")) return true;
  }
  return false;
})`)

	srv.Close()
	goOffline(t, ctx)
	for _, path := range playgroundPages {
		navigate(t, ctx, srv.URL+path)
		waitAppReady(t, ctx)
	}
	navigate(t, ctx, srv.URL+"/")
	waitTestID(t, ctx, "editor")
}

// TestBrowserEmbedInFrame shows /embed and / in frames of a page from
// another origin: the embed works there, the playground refuses to be framed.
func TestBrowserEmbedInFrame(t *testing.T) {
	base := startServer(t)
	outer := servePage(t, fmt.Sprintf(`<!doctype html><title>docs</title>
<iframe src="%[1]s%[2]s" width="800" height="600"></iframe>
<iframe src="%[1]s/" width="800" height="600"></iframe>`, base, state.EmbedPath))
	ctx := newBrowser(t)
	navigate(t, ctx, outer)

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
	if err := server.WriteStatic(out, testWebDir, "", testLog{t}); err != nil {
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

	ctx := newBrowser(t)
	rec := recordRequests(t, ctx)
	for _, page := range playgroundPages {
		navigate(t, ctx, host.URL+page)
		waitAppReady(t, ctx)
	}
	navigate(t, ctx, host.URL+"/")
	waitTestID(t, ctx, "editor")
	if failed := rec.Failed(); len(failed) > 0 {
		t.Errorf("failed requests: %q", failed)
	}
}

// BenchmarkBrowserColdLoad measures a first visit: from navigation to an
// interactive editor, in a fresh profile each time (no cache, no service
// worker). Run it with -benchtime 5x; it reports the median and p95.
func BenchmarkBrowserColdLoad(b *testing.B) {
	base := startServer(b)
	for _, name := range []string{"app.wasm", "engine.wasm"} {
		reportSizes(b, name)
	}
	coldLoads(b, base+"/", loadedScript(`[data-testid="editor"]`), "editor")
}

// BenchmarkBrowserColdLoadVsEmpty measures, in one run and in turns, the
// first visit of the playground and of an empty go-app app of the same
// go-app version (testdata/emptyapp: one textarea), built with the same
// flags and served by the same server code with go-app's own loader; it
// reports both medians and their ratio (make bench-browser). With
// SPLICE_BENCH_FAST_EMPTY=1 it also loads the empty app with the
// playground's loader (server.UseFastLoader).
func BenchmarkBrowserColdLoadVsEmpty(b *testing.B) {
	playground := startServer(b) + "/"
	empty, emptyWeb := startEmptyApp(b, false)
	var fast string
	if os.Getenv("SPLICE_BENCH_FAST_EMPTY") != "" {
		fast, _ = startEmptyApp(b, true)
	}
	reportSizes(b, "app.wasm")
	b.Logf("empty app's app.wasm: %s", wasmSizes(filepath.Join(emptyWeb, "app.wasm")))
	var playgroundLoads, emptyLoads, fastLoads []time.Duration
	for b.Loop() {
		emptyLoads = append(emptyLoads, coldLoad(b, empty, loadedScript("textarea")))
		playgroundLoads = append(playgroundLoads, coldLoad(b, playground, loadedScript(`[data-testid="editor"]`)))
		if fast != "" {
			fastLoads = append(fastLoads, coldLoad(b, fast, loadedScript("textarea")))
		}
	}
	slices.Sort(playgroundLoads)
	slices.Sort(emptyLoads)
	p, e := percentile(playgroundLoads, 50), percentile(emptyLoads, 50)
	ratio := float64(p) / float64(e)
	b.ReportMetric(float64(p.Milliseconds()), "playground-median-ms")
	b.ReportMetric(float64(e.Milliseconds()), "empty-median-ms")
	b.ReportMetric(ratio, "ratio")
	b.Logf("cold load over %d runs each: playground median %v (all %v), empty go-app app median %v (all %v): %.2f× (target ≤ %.2f×)",
		len(playgroundLoads), p, playgroundLoads, e, emptyLoads, ratio, coldLoadRatioTarget)
	if fast != "" {
		slices.Sort(fastLoads)
		f := percentile(fastLoads, 50)
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
	vars := makefileVars(b)
	buildWasm(b, vars, vars["APP_WASM_FLAGS"], filepath.Join(webDir, "app.wasm"), "./testdata/emptyapp")
	host := exec.Command(goTool(), "build", "-o", filepath.Join(dir, "emptyapp"), "./testdata/emptyapp")
	if out, err := host.CombinedOutput(); err != nil {
		b.Fatalf("building the empty app's server: %v\n%s", err, out)
	}
	for _, icon := range []string{"icon-192.png", "icon-512.png", "icon.svg"} {
		data, err := os.ReadFile(filepath.Join(testWebDir, icon))
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
	srv.Stderr = testLog{b}
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

// goTool is the go command of the toolchain that runs the tests.
func goTool() string { return filepath.Join(runtime.GOROOT(), "bin", "go") }

// makefileVars reads the variables the Makefile sets with :=, each as its
// words.
func makefileVars(b *testing.B) map[string][]string {
	b.Helper()
	makefile, err := os.ReadFile("../Makefile")
	if err != nil {
		b.Fatal(err)
	}
	vars := map[string][]string{}
	for _, line := range strings.Split(string(makefile), "\n") {
		if name, value, ok := strings.Cut(line, " := "); ok {
			vars[name] = shellWords(value)
		}
	}
	return vars
}

// buildWasm builds pkg into out as make wasm does: WASM_BUILD (its
// GOEXPERIMENT and its flags) with the flags given, then slimwasm.
func buildWasm(b *testing.B, vars map[string][]string, flags []string, out, pkg string) {
	b.Helper()
	if flags == nil {
		b.Fatalf("the Makefile has no flags to build %s with", pkg)
	}
	env := append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	args := []string{"build"}
	for _, word := range vars["WASM_BUILD"] {
		switch {
		case strings.HasPrefix(word, "GOEXPERIMENT="):
			env = append(env, word)
		case strings.HasPrefix(word, "-"):
			args = append(args, word)
		}
	}
	cmd := exec.Command(goTool(), append(append(args, flags...), "-o", out, pkg)...)
	cmd.Env = env
	if output, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("building %s: %v\n%s", pkg, err, output)
	}
	module, err := os.ReadFile(out)
	if err == nil {
		module, _, _, err = gowasm.Slim(module)
	}
	if err == nil {
		err = os.WriteFile(out, module, 0o644)
	}
	if err != nil {
		b.Fatalf("slimming %s: %v", out, err)
	}
}

// shellWords splits a Makefile value into words at the spaces that are not
// escaped with a backslash.
func shellWords(s string) []string {
	var words []string
	var word strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\\' && i+1 < len(s) && s[i+1] == ' ':
			word.WriteByte(' ')
			i++
		case s[i] == ' ' || s[i] == '\t':
			if word.Len() > 0 {
				words = append(words, word.String())
				word.Reset()
			}
		default:
			word.WriteByte(s[i])
		}
	}
	if word.Len() > 0 {
		words = append(words, word.String())
	}
	return words
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

// coldLoads loads url in a fresh profile per benchmark run (nothing cached)
// and reports the median and p95 time from navigation until the page's
// script, run before each page, sets window.__ready.
func coldLoads(b *testing.B, url, readyScript, what string) {
	var loads []time.Duration
	for b.Loop() {
		loads = append(loads, coldLoad(b, url, readyScript))
	}
	slices.Sort(loads)
	b.ReportMetric(float64(percentile(loads, 50).Milliseconds()), "median-ms")
	b.ReportMetric(float64(percentile(loads, 95).Milliseconds()), "p95-ms")
	b.Logf("cold load to %s over %d runs: median %v, p95 %v, all %v", what, len(loads), percentile(loads, 50), percentile(loads, 95), loads)
}

// coldLoad loads url once in a fresh browser and profile and returns the
// time from navigation until readyScript, run before the page, sets
// window.__ready. The benchmark's timer runs only during the load.
func coldLoad(b *testing.B, url, readyScript string) time.Duration {
	b.StopTimer()
	defer b.StartTimer()
	ctx := newBrowser(b)
	if readyScript != "" {
		runBeforeEachPage(b, ctx, readyScript)
	}
	b.StartTimer()
	navigate(b, ctx, url)
	waitJS(b, ctx, `window.__ready !== undefined`)
	b.StopTimer()
	ms := evalJS[float64](b, ctx, `window.__ready`)
	chromedp.Cancel(ctx)
	return time.Duration(ms * float64(time.Millisecond))
}

// reportSizes logs the size of a built .wasm file as it is and as served.
func reportSizes(b *testing.B, name string) {
	if sizes := wasmSizes(filepath.Join(testWebDir, name)); sizes != "" {
		b.Logf("%s: %s", name, sizes)
	}
}

// wasmSizes gives the sizes of a .wasm file and its compressed copies.
func wasmSizes(file string) string {
	var sizes []string
	for _, ext := range []string{"", ".gz", ".br"} {
		info, err := os.Stat(file + ext)
		if err != nil {
			break
		}
		sizes = append(sizes, fmt.Sprintf("%s %.3f MB", strings.TrimPrefix(cmp.Or(ext, ".raw"), "."), float64(info.Size())/1e6))
	}
	return strings.Join(sizes, ", ")
}

// percentile returns the p-th percentile of sorted durations, nearest rank.
func percentile(sorted []time.Duration, p int) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	rank := (p*len(sorted) + 99) / 100
	return sorted[max(rank, 1)-1]
}

// A first visit whose editors' bundle comes after app.wasm (here, held
// back by the server) still gets its editors: the app starts once the
// page's deferred scripts have run, as its first render calls them.
func TestBrowserEditorBundleAfterApp(t *testing.T) {
	startServer(t) // compresses web/ as the playground's server serves it
	site, err := server.NewSite(testWebDir, "")
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
	ctx := newBrowser(t)
	navigate(t, ctx, srv.URL+"/")
	waitJS(t, ctx, byTestID("editor")+`?.value?.startsWith("{{input.team}}")`)
	waitJS(t, ctx, byTestID("output")+`?.dataset.json !== undefined`)
}
