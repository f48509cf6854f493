//go:build browser

package app_test

// The shared harness of the browser tests: a playground server on a free
// local port, a headless Chromium with a fresh profile, and helpers to wait
// for go-app, run JavaScript, and watch requests, dialogs and Content
// Security Policy violations (any violation fails the test).

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/splicedev/splice/internal/assets"
	"github.com/splicedev/splice/internal/playground"
	"github.com/splicedev/splice/internal/playground/state"
	"github.com/splicedev/splice/internal/server"
)

// testWebDir is the built web/ directory, seen from the app package.
const testWebDir = "../web"

// browserTimeout bounds each browser: a test that hangs fails instead.
const browserTimeout = 2 * time.Minute

// waitTimeout bounds each wait of the helpers, so a test waiting for what
// never comes fails in seconds, with what it waited for.
const waitTimeout = 30 * time.Second

// startServer serves the playground from the built web/ directory on a free
// 127.0.0.1 port until the test ends, and returns its base URL.
func startServer(t testing.TB) string {
	return startTestServer(t).URL
}

// startTestServer is startServer for tests that stop the server themselves.
func startTestServer(t testing.TB) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(testSite(t))
	t.Cleanup(srv.Close)
	return srv
}

// testSite is the playground's site over the built web/ directory.
func testSite(t testing.TB) *server.Site {
	t.Helper()
	if _, err := os.Stat(filepath.Join(testWebDir, "app.wasm")); err != nil {
		t.Fatalf("web/app.wasm is missing: run make build first (%v)", err)
	}
	if err := engineScriptBuilt(); err != nil {
		t.Fatal(err)
	}
	if err := assets.CompressStale(testWebDir, testLog{t}); err != nil {
		t.Fatalf("compressing the wasm files: %v", err)
	}
	s, err := server.NewSite(testWebDir, "")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// engineScriptBuilt reports a web/engine.js that is not wasm/engine.js with
// this Go's loader written in: the tests would drive a stale script.
func engineScriptBuilt() error {
	want, err := assets.ScriptWithGoLoader("../wasm/engine.js")
	if err != nil {
		return err
	}
	if got, err := os.ReadFile(filepath.Join(testWebDir, "engine.js")); err != nil || !bytes.Equal(got, want) {
		return fmt.Errorf("web/engine.js is missing or not built from wasm/engine.js: run make build first (%v)", err)
	}
	return nil
}

// servePage serves html at "/" of another local origin until the test ends
// and returns its URL: a stand-in for a site that embeds the playground.
func servePage(t testing.TB, html string) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(html))
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// chromiumPath finds Chromium; without it the test is skipped, or fails
// under CI, where the browser tests must run.
func chromiumPath(t testing.TB) string {
	t.Helper()
	for _, name := range []string{"/usr/bin/chromium", "chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatal("Chromium is required under CI: install the chromium package")
	}
	t.Skip("Chromium not found: browser test skipped")
	return ""
}

// enginePage opens a page that loads the engine alone (web/engine.js), in
// a new browser, once splice is ready.
func enginePage(t testing.TB) context.Context {
	engineSite := startServer(t)
	page := servePage(t, `<!doctype html><link rel="icon" href="data:,"><script src="`+engineSite+`/web/engine.js"></script>`)
	ctx := newBrowser(t)
	navigate(t, ctx, page)
	waitJS(t, ctx, `splice.ready.then(() => true)`)
	return ctx
}

// newBrowser starts a headless Chromium with a fresh profile and returns a
// context for its first tab; the browser ends with the test or after
// browserTimeout.
func newBrowser(t testing.TB) context.Context {
	t.Helper()
	exe := chromiumPath(t)
	ctx, cancel := context.WithTimeout(context.Background(), browserTimeout)
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(ctx,
		chromedp.ExecPath(exe),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
	)
	browserCtx, cancelBrowser := chromedp.NewContext(allocCtx)
	t.Cleanup(func() {
		cancelBrowser()
		cancelAlloc()
		cancel()
	})
	csp := &cspLog{}
	report := func(_ context.Context, violation string) (chromedp.Void, error) {
		csp.add(violation)
		return chromedp.Void{}, nil
	}
	if err := chromedp.Do(browserCtx, chromedp.ExposeFunc("__spliceCSPViolation", report)); err != nil {
		t.Fatalf("starting Chromium: %v", err)
	}
	runBeforeEachPage(t, browserCtx, `document.addEventListener("securitypolicyviolation", (e) =>
  window.__spliceCSPViolation(location.pathname + ": " + e.violatedDirective + " blocked " + (e.blockedURI || "inline") +
    (e.sourceFile ? " at " + e.sourceFile + ":" + e.lineNumber : "")));`)
	// Runs before the browser ends: cleanups run last registered first.
	t.Cleanup(func() {
		if v := csp.take(); len(v) > 0 {
			t.Errorf("Content Security Policy violations: %q", v)
		}
	})
	return context.WithValue(browserCtx, cspKey{}, csp)
}

// cspLog collects the Content Security Policy violations every page of a
// browser reports: newBrowser fails the test with those no test took.
type cspLog struct {
	mu         sync.Mutex
	violations []string
}

// cspKey is the context key of a browser's cspLog.
type cspKey struct{}

func (l *cspLog) add(violation string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.violations = append(l.violations, violation)
}

func (l *cspLog) take() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	v := l.violations
	l.violations = nil
	return v
}

// cspViolations returns the Content Security Policy violations the pages of
// the browser reported since the last call; the test then owns them.
func cspViolations(ctx context.Context) []string {
	return ctx.Value(cspKey{}).(*cspLog).take()
}

// navigate loads url in the tab and waits for its load event.
func navigate(t testing.TB, ctx context.Context, url string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatalf("loading %s: %v", url, err)
	}
}

// appReadyJS is true once go-app runs: its loader is gone and the body has
// the rendered page.
const appReadyJS = `!document.getElementById("app-wasm-loader") && document.body.children.length > 0`

// waitAppReady waits until go-app has started and rendered the page.
func waitAppReady(t testing.TB, ctx context.Context) {
	t.Helper()
	waitJS(t, ctx, appReadyJS)
}

// waitJS waits until the JavaScript expression, or the promise it gives,
// is truthy in the page. Errors, such as a page still loading, count as
// false until the browser's time is up.
func waitJS(t testing.TB, ctx context.Context, expr string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(ctx, waitTimeout)
	defer cancel()
	check := chromedp.Evaluate[bool]("(async () => !!(await ("+expr+")))()", chromedp.EvalAwaitPromise)
	var err error
	for {
		var ok bool
		if ok, err = chromedp.Run(ctx, check); ok && err == nil {
			return
		}
		if !pause(ctx, 20*time.Millisecond) {
			t.Fatalf("waiting for %s: %v (last error: %v)", expr, ctx.Err(), err)
		}
	}
}

// testIDSelector is the CSS selector of the element with data-testid=id.
func testIDSelector(id string) chromedp.CSS {
	return chromedp.CSS(`[data-testid="` + id + `"]`)
}

// waitTestID waits until the element with data-testid=id is visible.
func waitTestID(t testing.TB, ctx context.Context, id string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(ctx, waitTimeout)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.WaitVisible(testIDSelector(id))); err != nil {
		t.Fatalf("waiting for [data-testid=%s]: %v", id, err)
	}
}

// evalJS evaluates a JavaScript expression in the page (awaiting a promise)
// and decodes its result as T.
func evalJS[T any](t testing.TB, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

// runBeforeEachPage runs the JavaScript source in every frame the tab loads
// from now on, before the page's own scripts.
func runBeforeEachPage(t testing.TB, ctx context.Context, source string) {
	t.Helper()
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument,
		page.AddScriptToEvaluateOnNewDocumentParams{Source: source}); err != nil {
		t.Fatalf("adding a script to every page: %v", err)
	}
}

// requestRecorder collects every request the tab's pages make, and the
// responses and failures they get.
type requestRecorder struct {
	mu        sync.Mutex
	urls      []string
	byID      map[network.RequestID]string
	responses map[string]*network.Response
	failed    []string
}

// recordRequests starts recording the requests of the tab.
func recordRequests(t testing.TB, ctx context.Context) *requestRecorder {
	t.Helper()
	rec := &requestRecorder{byID: map[network.RequestID]string{}, responses: map[string]*network.Response{}}
	err := chromedp.Listen(ctx, func(ev any) {
		rec.mu.Lock()
		defer rec.mu.Unlock()
		switch ev := ev.(type) {
		case *network.EventRequestWillBeSent:
			rec.urls = append(rec.urls, ev.Request.URL)
			rec.byID[ev.RequestID] = ev.Request.URL
		case *network.EventResponseReceived:
			rec.responses[ev.Response.URL] = ev.Response
			if ev.Response.Status >= 400 {
				rec.failed = append(rec.failed, fmt.Sprintf("%s: HTTP %d", ev.Response.URL, ev.Response.Status))
			}
		case *network.EventLoadingFailed:
			rec.failed = append(rec.failed, fmt.Sprintf("%s: %s", rec.byID[ev.RequestID], ev.ErrorText))
		}
	})
	if err != nil {
		t.Fatalf("recording requests: %v", err)
	}
	return rec
}

// URLs returns the URLs requested so far, in order.
func (rec *requestRecorder) URLs() []string {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	return slices.Clone(rec.urls)
}

// Response returns the last response received for url, or nil.
func (rec *requestRecorder) Response(url string) *network.Response {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	return rec.responses[url]
}

// Failed returns the requests that failed or got an HTTP error so far.
func (rec *requestRecorder) Failed() []string {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	return slices.Clone(rec.failed)
}

// Foreign returns the URLs requested so far that leave base's host and
// port, except data: and blob: URLs, which make no request.
func (rec *requestRecorder) Foreign(base string) []string {
	own, err := url.Parse(base)
	if err != nil {
		panic(err)
	}
	var foreign []string
	for _, raw := range rec.URLs() {
		u, err := url.Parse(raw)
		switch {
		case err != nil:
			foreign = append(foreign, raw)
		case u.Scheme == "data" || u.Scheme == "blob":
		case u.Scheme != own.Scheme || u.Host != own.Host:
			foreign = append(foreign, raw)
		}
	}
	return foreign
}

// childFrame waits for the frame the page embeds for url and returns it. A
// frame the browser refused to show has an error page as URL and url as its
// UnreachableURL.
func childFrame(t testing.TB, ctx context.Context, url string) *cdp.Frame {
	t.Helper()
	ctx, cancel := context.WithTimeout(ctx, waitTimeout)
	defer cancel()
	for {
		tree, err := chromedp.Call(ctx, page.GetFrameTree, cdp.Empty{})
		if err != nil {
			t.Fatalf("reading the frame tree: %v", err)
		}
		for _, child := range tree.FrameTree.ChildFrames {
			if f := child.Frame; f.URL == url || f.UnreachableURL == url {
				return f
			}
		}
		if !pause(ctx, 50*time.Millisecond) {
			t.Fatalf("no frame of %s appeared: %v", url, ctx.Err())
		}
	}
}

// waitInFrame waits until the JavaScript expression is truthy in the frame.
// It runs in an isolated world: the frame's DOM, none of its scripts.
func waitInFrame(t testing.TB, ctx context.Context, frame cdp.FrameID, expr string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(ctx, waitTimeout)
	defer cancel()
	for {
		world, err := chromedp.Call(ctx, page.CreateIsolatedWorld, page.CreateIsolatedWorldParams{FrameID: frame})
		if err == nil {
			res, err := chromedp.Call(ctx, runtime.Evaluate, runtime.EvaluateParams{
				Expression: "!!(" + expr + ")", ContextID: world.ExecutionContextID, ReturnByValue: new(true),
			})
			if err == nil && res.ExceptionDetails == nil && string(res.Result.Value) == "true" {
				return
			}
		}
		if !pause(ctx, 50*time.Millisecond) {
			t.Fatalf("waiting in frame %s for %s: %v", frame, expr, ctx.Err())
		}
	}
}

// pause waits for d and reports whether ctx is still alive.
func pause(ctx context.Context, d time.Duration) bool {
	select {
	case <-ctx.Done():
		return false
	case <-time.After(d):
		return true
	}
}

// dialogWatcher records every JavaScript dialog (alert, confirm, prompt)
// the tab opens, and dismisses it so the page goes on.
type dialogWatcher struct {
	mu       sync.Mutex
	messages []string
}

// watchDialogs starts watching the tab for dialogs.
func watchDialogs(t testing.TB, ctx context.Context) *dialogWatcher {
	t.Helper()
	w := &dialogWatcher{}
	err := chromedp.Listen(ctx, func(ev any) {
		if ev, ok := ev.(*page.EventJavascriptDialogOpening); ok {
			w.mu.Lock()
			w.messages = append(w.messages, string(ev.Type)+": "+ev.Message)
			w.mu.Unlock()
			// No command may run inside the listener.
			go chromedp.Call(ctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: false})
		}
	})
	if err != nil {
		t.Fatalf("watching dialogs: %v", err)
	}
	return w
}

// Opened returns the dialogs opened so far, as "type: message".
func (w *dialogWatcher) Opened() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return slices.Clone(w.messages)
}

// goOffline cuts the tab, and its service worker, off the network.
func goOffline(t testing.TB, ctx context.Context) {
	t.Helper()
	_, err := chromedp.Call(ctx, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
		EmulateOfflineServiceWorker: new(true),
		MatchedNetworkConditions:    []*network.Conditions{{Offline: true}},
	})
	if err != nil {
		t.Fatalf("going offline: %v", err)
	}
}

// testLog writes lines to the test's log.
type testLog struct{ t testing.TB }

func (l testLog) Write(p []byte) (int, error) {
	l.t.Logf("%s", p)
	return len(p), nil
}

// utf16Offset is byte offset off of s in UTF-16 code units, as the editors
// count.
func utf16Offset(s string, off int) int {
	offs := []int{off}
	playground.UTF16Offsets(s, offs)
	return offs[0]
}

// encodeState is s's link payload.
func encodeState(s state.State) string {
	payload, _ := state.Encode(s)
	return payload
}
