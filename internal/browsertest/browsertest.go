//go:build browser

// Package browsertest is the harness the browser tests of app/ (the
// playground) and wasm/ (the engine's JavaScript API) share: the
// playground's server over the built web/ directory on a free local port, a
// headless Chromium with a fresh profile, and helpers to run JavaScript and
// watch requests, dialogs and Content Security Policy violations (any
// violation fails the test).
//
// Its paths are seen from a package directory at the top of the repository,
// where the tests of app/ and wasm/ run. Every file has the browser build
// tag, so that no other build compiles chromedp.
package browsertest

import (
	"bytes"
	"context"
	"fmt"
	"io"
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

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/splicedev/splice/internal/assets"
	"github.com/splicedev/splice/internal/server"
)

// WebDir is the built web/ directory.
const WebDir = "../web"

// browserTimeout bounds each browser: a test that hangs fails instead.
const browserTimeout = 2 * time.Minute

// WaitTimeout bounds each wait, so a test waiting for what never comes
// fails in seconds, with what it waited for.
const WaitTimeout = 30 * time.Second

// StartServer serves the playground from the built web/ directory on a free
// 127.0.0.1 port until the test ends, and returns its base URL.
func StartServer(t testing.TB) string {
	return StartTestServer(t).URL
}

// StartTestServer is StartServer for tests that stop the server themselves.
func StartTestServer(t testing.TB) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(Site(t))
	t.Cleanup(srv.Close)
	return srv
}

// Site is the playground's site over the built web/ directory, its stale
// compressed copies made again.
func Site(t testing.TB) *server.Site {
	t.Helper()
	if _, err := os.Stat(filepath.Join(WebDir, "app.wasm")); err != nil {
		t.Fatalf("web/app.wasm is missing: run make build first (%v)", err)
	}
	if err := engineScriptBuilt(); err != nil {
		t.Fatal(err)
	}
	if err := assets.CompressStale(WebDir, LogWriter(t)); err != nil {
		t.Fatalf("compressing the wasm files: %v", err)
	}
	s, err := server.NewSite(WebDir, "")
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
	if got, err := os.ReadFile(filepath.Join(WebDir, "engine.js")); err != nil || !bytes.Equal(got, want) {
		return fmt.Errorf("web/engine.js is missing or not built from wasm/engine.js: run make build first (%v)", err)
	}
	return nil
}

// ServePage serves html at "/" of another local origin until the test ends
// and returns its URL: a stand-in for a site that embeds the playground or
// the engine.
func ServePage(t testing.TB, html string) string {
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

// NewBrowser starts a headless Chromium with a fresh profile and returns a
// context for its first tab; the browser ends with the test or after two
// minutes. The test fails with the Content Security Policy violations its
// pages report that it did not take with CSPViolations.
func NewBrowser(t testing.TB) context.Context {
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
	RunBeforeEachPage(t, browserCtx, `document.addEventListener("securitypolicyviolation", (e) =>
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
// browser reports: NewBrowser fails the test with those no test took.
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

// CSPViolations returns the Content Security Policy violations the pages of
// the browser reported since the last call; the test then owns them.
func CSPViolations(ctx context.Context) []string {
	return ctx.Value(cspKey{}).(*cspLog).take()
}

// Navigate loads url in the tab and waits for its load event.
func Navigate(t testing.TB, ctx context.Context, url string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatalf("loading %s: %v", url, err)
	}
}

// WaitJS waits until the JavaScript expression, or the promise it gives,
// is truthy in the page. Errors, such as a page still loading, count as
// false until the wait's time is up.
func WaitJS(t testing.TB, ctx context.Context, expr string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(ctx, WaitTimeout)
	defer cancel()
	check := chromedp.Evaluate[bool]("(async () => !!(await ("+expr+")))()", chromedp.EvalAwaitPromise)
	var err error
	for {
		var ok bool
		if ok, err = chromedp.Run(ctx, check); ok && err == nil {
			return
		}
		if !Pause(ctx, 20*time.Millisecond) {
			t.Fatalf("waiting for %s: %v (last error: %v)", expr, ctx.Err(), err)
		}
	}
}

// EvalJS evaluates a JavaScript expression in the page (awaiting a promise)
// and decodes its result as T.
func EvalJS[T any](t testing.TB, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

// RunBeforeEachPage runs the JavaScript source in every frame the tab loads
// from now on, before the page's own scripts.
func RunBeforeEachPage(t testing.TB, ctx context.Context, source string) {
	t.Helper()
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument,
		page.AddScriptToEvaluateOnNewDocumentParams{Source: source}); err != nil {
		t.Fatalf("adding a script to every page: %v", err)
	}
}

// Pause waits for d and reports whether ctx is still alive.
func Pause(ctx context.Context, d time.Duration) bool {
	select {
	case <-ctx.Done():
		return false
	case <-time.After(d):
		return true
	}
}

// RequestRecorder collects every request the tab's pages make, and the
// responses and failures they get.
type RequestRecorder struct {
	mu        sync.Mutex
	urls      []string
	byID      map[network.RequestID]string
	responses map[string]*network.Response
	failed    []string
}

// RecordRequests starts recording the requests of the tab.
func RecordRequests(t testing.TB, ctx context.Context) *RequestRecorder {
	t.Helper()
	rec := &RequestRecorder{byID: map[network.RequestID]string{}, responses: map[string]*network.Response{}}
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
func (rec *RequestRecorder) URLs() []string {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	return slices.Clone(rec.urls)
}

// Response returns the last response received for url, or nil.
func (rec *RequestRecorder) Response(url string) *network.Response {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	return rec.responses[url]
}

// Failed returns the requests that failed or got an HTTP error so far.
func (rec *RequestRecorder) Failed() []string {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	return slices.Clone(rec.failed)
}

// Foreign returns the URLs requested so far that leave base's host and
// port, except data: and blob: URLs, which make no request.
func (rec *RequestRecorder) Foreign(base string) []string {
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

// DialogWatcher records every JavaScript dialog (alert, confirm, prompt)
// the tab opens, and dismisses it so the page goes on.
type DialogWatcher struct {
	mu       sync.Mutex
	messages []string
}

// WatchDialogs starts watching the tab for dialogs.
func WatchDialogs(t testing.TB, ctx context.Context) *DialogWatcher {
	t.Helper()
	w := &DialogWatcher{}
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
func (w *DialogWatcher) Opened() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return slices.Clone(w.messages)
}

// LogWriter writes lines to the test's log.
func LogWriter(t testing.TB) io.Writer { return testLog{t} }

type testLog struct{ t testing.TB }

func (l testLog) Write(p []byte) (int, error) {
	l.t.Logf("%s", p)
	return len(p), nil
}
