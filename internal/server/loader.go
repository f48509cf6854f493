package server

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"strings"
	"time"
)

// WasmPreload is the page header that starts fetching app.wasm as soon as
// the browser reads the page's head, rather than once the deferred scripts
// have run: the loader's fetch then takes the preloaded response.
const WasmPreload = `<link rel="preload" href="/web/app.wasm" as="fetch" type="application/wasm" crossorigin="anonymous">`

// go-app's loader (its app.js) is served with changes that make the first
// visit faster and the start sure; each must apply exactly once, so that a
// go-app upgrade that moves the code fails the tests instead of loading
// slowly.
//
//   - The service worker is registered once the app runs and the page is
//     idle, not first: its install fetches app.wasm, the pages and their
//     files again, competing with the page for the network and the CPU.
//   - app.wasm streams into the compiler through a TransformStream that
//     counts its bytes, and the label shows the progress at most once a
//     frame, instead of a JavaScript loop that copies every chunk into a
//     new stream and rewrites the label (a layout of the whole page) for
//     each one.
//   - The app runs once the page's deferred scripts have: its first render
//     calls the editors' bundle (web/editor.js), which V8 compiles whole
//     before running it, and which could otherwise come after a fast
//     app.wasm.
var loaderPatches = []struct{ old, new string }{
	{
		old: "goappInitServiceWorker();\ngoappWatchForUpdate();\ngoappWatchForInstallable();\ngoappInitWebAssembly();\n",
		new: "goappWatchForUpdate();\ngoappWatchForInstallable();\ngoappInitWebAssembly().finally(spliceRegisterWorkerWhenIdle);\n",
	},
	{
		old: "      fetchWithProgress(",
		new: "      spliceFetchWasm(",
	},
	{
		old: "    go.run(wasm.instance);\n",
		new: "    await spliceScriptsRun;\n    go.run(wasm.instance);\n",
	},
}

// loaderAdditions are the functions the patches call.
const loaderAdditions = `
// -----------------------------------------------------------------------------
// Splice: faster first visits
// -----------------------------------------------------------------------------
function spliceRegisterWorkerWhenIdle() {
  const register = () => goappInitServiceWorker();
  if ("requestIdleCallback" in window) {
    requestIdleCallback(register, { timeout: 3000 });
  } else {
    setTimeout(register, 1000);
  }
}

// spliceScriptsRun settles once the deferred scripts have run, when the
// document's DOMContentLoaded comes.
const spliceScriptsRun = new Promise((resolve) => {
  const nav = performance.getEntriesByType("navigation")[0];
  if (document.readyState === "complete" || (nav && nav.domContentLoadedEventStart > 0)) {
    resolve();
  } else {
    document.addEventListener("DOMContentLoaded", resolve, { once: true });
  }
});

async function spliceFetchWasm(url, progress) {
  const response = await fetch(url);
  const total = parseInt(goappWasmContentLength, 10) || parseInt(response.headers.get("Content-Length"), 10);
  if (!response.ok || !response.body || !total || typeof TransformStream !== "function") {
    return response;
  }
  let loaded = 0;
  let frame = 0;
  const show = () => {
    frame = 0;
    progress(Math.min(100, Math.round((loaded * 100) / total)));
  };
  const body = response.body.pipeThrough(new TransformStream({
    transform(chunk, controller) {
      loaded += chunk.byteLength;
      if (!frame) {
        frame = requestAnimationFrame(show);
      }
      controller.enqueue(chunk);
    },
    flush() {
      cancelAnimationFrame(frame);
      show();
    },
  }));
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}
`

// patchLoader applies loaderPatches to go-app's app.js.
func patchLoader(appJS string) (string, error) {
	for _, p := range loaderPatches {
		if n := strings.Count(appJS, p.old); n != 1 {
			return "", fmt.Errorf("go-app's app.js has %d copies of %q, want 1: the loader patch needs updating", n, p.old)
		}
		appJS = strings.Replace(appJS, p.old, p.new, 1)
	}
	return appJS + loaderAdditions, nil
}

// fastLoader renders go-app's app.js from pages and patches it.
func fastLoader(pages http.Handler) ([]byte, error) {
	rec := &recorder{header: http.Header{}, code: http.StatusOK}
	req, err := http.NewRequest(http.MethodGet, "/app.js", nil)
	if err != nil {
		return nil, err
	}
	pages.ServeHTTP(rec, req)
	if rec.code != http.StatusOK {
		return nil, fmt.Errorf("go-app's app.js: status %d", rec.code)
	}
	js, err := patchLoader(rec.body.String())
	return []byte(js), err
}

// recorder keeps what a handler writes.
type recorder struct {
	header http.Header
	code   int
	body   bytes.Buffer
}

func (r *recorder) Header() http.Header         { return r.header }
func (r *recorder) WriteHeader(code int)        { r.code = code }
func (r *recorder) Write(p []byte) (int, error) { return r.body.Write(p) }

// serveLoader serves the patched app.js, with an ETag of its content.
func serveLoader(w http.ResponseWriter, r *http.Request, js []byte) {
	sum := sha256.Sum256(js)
	h := w.Header()
	h.Set("Content-Type", "application/javascript")
	h.Set("Cache-Control", "no-cache")
	h.Set("ETag", `"`+hex.EncodeToString(sum[:12])+`"`)
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(js))
}
