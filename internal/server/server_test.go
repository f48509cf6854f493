package server

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/andybalholm/brotli"

	ui "github.com/splicedev/splice/app"
	"github.com/splicedev/splice/internal/assets"
	"github.com/splicedev/splice/internal/planschema"
)

// testWebDir is the built web/ directory, seen from this package.
const testWebDir = "../../web"

// fakeWebDir writes a web directory with a small app.wasm (compressed) and
// returns it with the wasm's bytes. The compressed copies are made once
// and put in place before CompressStale, which then only checks them:
// brotli's best quality takes a while, and every test has the same files.
func fakeWebDir(t *testing.T) (dir string, wasm []byte) {
	t.Helper()
	dir = t.TempDir()
	wasm = []byte("\x00asm\x01\x00\x00\x00")
	for i := range 4000 {
		wasm = strconv.AppendInt(wasm, int64(i*i), 10)
	}
	files := map[string][]byte{"app.wasm": wasm, "app.css": []byte("body{}")}
	fakeCompressed.Lock()
	defer fakeCompressed.Unlock()
	for name, data := range fakeCompressed.files {
		files[name] = data
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := assets.CompressStale(dir, io.Discard); err != nil {
		t.Fatal(err)
	}
	if fakeCompressed.files == nil {
		fakeCompressed.files = map[string][]byte{}
		for _, enc := range assets.Encodings {
			data, err := os.ReadFile(filepath.Join(dir, "app.wasm"+enc.Ext))
			if err != nil {
				t.Fatal(err)
			}
			fakeCompressed.files["app.wasm"+enc.Ext] = data
		}
	}
	return dir, wasm
}

// fakeCompressed holds the compressed copies of fakeWebDir's app.wasm.
var fakeCompressed struct {
	sync.Mutex
	files map[string][]byte
}

// newTestSite is NewSite for a test, with the playground's routes.
func newTestSite(t *testing.T, webDir string) *Site {
	t.Helper()
	s, err := NewSite(webDir, "")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// get sends a GET for path with the given headers to h.
func get(h http.Handler, path string, header ...string) *http.Response {
	req := httptest.NewRequest(http.MethodGet, path, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Result()
}

func readBody(t *testing.T, res *http.Response) []byte {
	t.Helper()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return body
}

func TestAcceptsEncoding(t *testing.T) {
	tests := []struct {
		header, coding string
		want           bool
	}{
		{"gzip, deflate, br, zstd", "br", true},
		{"gzip, deflate", "br", false},
		{"GZIP", "gzip", true},
		{"br;q=0, gzip", "br", false},
		{"br; q=0.0", "br", false},
		{"br;q=0.5", "br", true},
		{"*", "br", true},
		{"*;q=0", "gzip", false},
		{"*, br;q=0", "br", false},
		{"br;q=1, *;q=0", "br", true},
		{"", "gzip", false},
		{"identity", "gzip", false},
		{"brotli", "br", false},
	}
	for _, tt := range tests {
		if got := acceptsEncoding(tt.header, tt.coding); got != tt.want {
			t.Errorf("acceptsEncoding(%q, %q) = %v, want %v", tt.header, tt.coding, got, tt.want)
		}
	}
}

func TestWasmServedInAcceptedEncoding(t *testing.T) {
	dir, wasm := fakeWebDir(t)
	s := newTestSite(t, dir)
	decoders := map[string]func(io.Reader) (io.Reader, error){
		"br":   func(r io.Reader) (io.Reader, error) { return brotli.NewReader(r), nil },
		"gzip": func(r io.Reader) (io.Reader, error) { return gzip.NewReader(r) },
		"":     func(r io.Reader) (io.Reader, error) { return r, nil },
	}
	tests := []struct {
		path, accept, want string
	}{
		{"/web/app.wasm", "gzip, deflate, br", "br"},
		{"/web/app.wasm", "gzip", "gzip"},
		{"/web/app.wasm", "br;q=0, gzip", "gzip"},
		{"/web/app.wasm", "*", "br"},
		{"/web/app.wasm", "", ""},
		{"/web/app.wasm", "deflate", ""},
		{"/app.wasm", "br", "br"}, // go-app's alias of web/app.wasm
	}
	for _, tt := range tests {
		res := get(s, tt.path, "Accept-Encoding", tt.accept)
		body := readBody(t, res)
		if res.StatusCode != http.StatusOK {
			t.Errorf("%s with %q: status %d", tt.path, tt.accept, res.StatusCode)
			continue
		}
		if got := res.Header.Get("Content-Encoding"); got != tt.want {
			t.Errorf("%s with %q: Content-Encoding %q, want %q", tt.path, tt.accept, got, tt.want)
			continue
		}
		if got := res.Header.Get("Content-Type"); got != "application/wasm" {
			t.Errorf("%s with %q: Content-Type %q", tt.path, tt.accept, got)
		}
		if got := res.Header.Get("Vary"); got != "Accept-Encoding" {
			t.Errorf("%s with %q: Vary %q", tt.path, tt.accept, got)
		}
		if got, want := res.Header.Get("Content-Length"), strconv.Itoa(len(body)); got != want {
			t.Errorf("%s with %q: Content-Length %s for %s bytes", tt.path, tt.accept, got, want)
		}
		r, err := decoders[tt.want](bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		if decoded, err := io.ReadAll(r); err != nil || !bytes.Equal(decoded, wasm) {
			t.Errorf("%s with %q: body does not decode to app.wasm (%v)", tt.path, tt.accept, err)
		}
	}
}

// What a docs page loads before its first result is served compressed
// too; other files of web/ as they are.
func TestEngineScriptsServedCompressed(t *testing.T) {
	dir, _ := fakeWebDir(t)
	scripts := map[string][]byte{}
	for _, name := range []string{"engine.js", "embed.js"} {
		scripts[name] = []byte(strings.Repeat("// "+name+"\n(() => {})();\n", 200))
		if err := os.WriteFile(filepath.Join(dir, name), scripts[name], 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := assets.CompressStale(dir, io.Discard); err != nil {
		t.Fatal(err)
	}
	s := newTestSite(t, dir)
	for name, want := range scripts {
		res := get(s, "/web/"+name, "Accept-Encoding", "gzip, br")
		body := readBody(t, res)
		if res.Header.Get("Content-Encoding") != "br" || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/javascript") {
			t.Errorf("%s: Content-Encoding %q, Content-Type %q", name, res.Header.Get("Content-Encoding"), res.Header.Get("Content-Type"))
			continue
		}
		if decoded, err := io.ReadAll(brotli.NewReader(bytes.NewReader(body))); err != nil || !bytes.Equal(decoded, want) {
			t.Errorf("%s: the body does not decode to the script (%v)", name, err)
		}
	}
	if res := get(s, "/web/app.css", "Accept-Encoding", "br"); res.Header.Get("Content-Encoding") != "" {
		t.Errorf("app.css is served as %s", res.Header.Get("Content-Encoding"))
	}
}

func TestWasmRevalidatesPerEncoding(t *testing.T) {
	dir, _ := fakeWebDir(t)
	s := newTestSite(t, dir)
	br := get(s, "/web/app.wasm", "Accept-Encoding", "br")
	gz := get(s, "/web/app.wasm", "Accept-Encoding", "gzip")
	brTag, gzTag := br.Header.Get("ETag"), gz.Header.Get("ETag")
	if brTag == "" || brTag == gzTag {
		t.Fatalf("ETags br %s, gzip %s: want each encoding its own", brTag, gzTag)
	}
	if res := get(s, "/web/app.wasm", "Accept-Encoding", "br", "If-None-Match", brTag); res.StatusCode != http.StatusNotModified {
		t.Errorf("revalidating br with its ETag: status %d, want 304", res.StatusCode)
	}
	if res := get(s, "/web/app.wasm", "Accept-Encoding", "gzip", "If-None-Match", brTag); res.StatusCode != http.StatusOK {
		t.Errorf("revalidating gzip with the br ETag: status %d, want 200", res.StatusCode)
	}
}

func TestStaleCompressedWasmNotServed(t *testing.T) {
	dir, _ := fakeWebDir(t)
	s := newTestSite(t, dir)
	rebuilt := []byte("\x00asm\x01\x00\x00\x00rebuilt")
	if err := os.WriteFile(filepath.Join(dir, "app.wasm"), rebuilt, 0o644); err != nil {
		t.Fatal(err)
	}
	later := time.Now().Add(time.Minute)
	if err := os.Chtimes(filepath.Join(dir, "app.wasm"), later, later); err != nil {
		t.Fatal(err)
	}
	res := get(s, "/web/app.wasm", "Accept-Encoding", "br, gzip")
	if enc := res.Header.Get("Content-Encoding"); enc != "" {
		t.Fatalf("served the stale %s copy of a rebuilt app.wasm", enc)
	}
	if body := readBody(t, res); !bytes.Equal(body, rebuilt) {
		t.Errorf("served %d bytes, want the rebuilt app.wasm", len(body))
	}

	var log bytes.Buffer
	if err := assets.CompressStale(dir, &log); err != nil {
		t.Fatal(err)
	}
	if got := strings.Count(log.String(), "compressed "); got != 2 {
		t.Errorf("CompressStale after a rebuild wrote %d files, want 2:\n%s", got, log.String())
	}
	log.Reset()
	if err := assets.CompressStale(dir, &log); err != nil || log.Len() != 0 {
		t.Errorf("CompressStale with fresh files: err %v, wrote:\n%s", err, log.String())
	}
	if res := get(s, "/web/app.wasm", "Accept-Encoding", "br"); res.Header.Get("Content-Encoding") != "br" {
		t.Error("the recompressed app.wasm is not served as br")
	}
}

// TestRebuiltWithSameBytes rewrites app.wasm unchanged, as go build does:
// the compressed copies are kept, not remade, and served again.
func TestRebuiltWithSameBytes(t *testing.T) {
	dir, wasm := fakeWebDir(t)
	s := newTestSite(t, dir)
	file := filepath.Join(dir, "app.wasm")
	if err := os.WriteFile(file, wasm, 0o644); err != nil {
		t.Fatal(err)
	}
	later := time.Now().Add(time.Minute)
	if err := os.Chtimes(file, later, later); err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	if err := assets.CompressStale(dir, &log); err != nil || log.Len() != 0 {
		t.Errorf("CompressStale after an identical rebuild: err %v, wrote:\n%s", err, log.String())
	}
	for _, enc := range []string{"br", "gzip"} {
		if res := get(s, "/web/app.wasm", "Accept-Encoding", enc); res.Header.Get("Content-Encoding") != enc {
			t.Errorf("after an identical rebuild app.wasm is not served as %s", enc)
		}
	}
}

func TestSecurityHeaders(t *testing.T) {
	dir, _ := fakeWebDir(t)
	s := newTestSite(t, dir)
	tests := []struct {
		path           string
		frameAncestors string
		frameOptions   string
		corsOrigin     string
	}{
		{"/docs", "frame-ancestors 'none'", "DENY", ""},
		{ui.EmbedRoute, "frame-ancestors *", "", ""},
		{"/embed/x", "frame-ancestors 'none'", "DENY", ""},
		{"/app.js", "frame-ancestors 'none'", "DENY", ""},
		{"/web/app.wasm", "frame-ancestors 'none'", "DENY", "*"},
		{"/web/missing.png", "frame-ancestors 'none'", "DENY", "*"},
	}
	for _, tt := range tests {
		h := get(s, tt.path).Header
		csp := h.Get("Content-Security-Policy")
		if !strings.HasPrefix(csp, contentSecurityPolicy+"; ") || !strings.HasSuffix(csp, "; "+tt.frameAncestors) {
			t.Errorf("%s: Content-Security-Policy %q, want the policy with %s", tt.path, csp, tt.frameAncestors)
		}
		for name, want := range map[string]string{
			"X-Frame-Options":             tt.frameOptions,
			"X-Content-Type-Options":      "nosniff",
			"Referrer-Policy":             "no-referrer",
			"Access-Control-Allow-Origin": tt.corsOrigin,
		} {
			if got := h.Get(name); got != want {
				t.Errorf("%s: %s %q, want %q", tt.path, name, got, want)
			}
		}
	}
}

func TestWebFilesStayInWebDir(t *testing.T) {
	dir, _ := fakeWebDir(t)
	s := newTestSite(t, dir)
	for _, path := range []string{"/web/", "/web/../go.mod", "/web/%2e%2e/go.mod", "/web/..%2fgo.mod"} {
		if res := get(s, path); res.StatusCode == http.StatusOK {
			t.Errorf("%s: status 200, want it refused", path)
		}
	}
}

// TestRootFilesReadFromWebDir asks for /robots.txt naming another host: the
// answer comes from web/, and nothing is fetched from that host.
func TestRootFilesReadFromWebDir(t *testing.T) {
	dir, _ := fakeWebDir(t)
	if err := os.WriteFile(filepath.Join(dir, "robots.txt"), []byte("User-agent: *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := newTestSite(t, dir)
	fetched := false
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fetched = true
		w.Write([]byte("Disallow: /poisoned\n"))
	}))
	defer other.Close()

	req := httptest.NewRequest(http.MethodGet, "/robots.txt", nil)
	req.Host = strings.TrimPrefix(other.URL, "http://")
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK || rec.Body.String() != "User-agent: *\n" || fetched {
		t.Errorf("/robots.txt: status %d, body %q, fetched from the named host: %v", rec.Code, rec.Body.String(), fetched)
	}
	if res := get(s, "/sitemap.xml"); res.StatusCode != http.StatusNotFound {
		t.Errorf("/sitemap.xml missing from web/: status %d, want 404", res.StatusCode)
	}
}

// TestPagesLoadOnlyLocalResources reads what the page, the manifest and the
// service worker point at: all of it must be on this server.
func TestPagesLoadOnlyLocalResources(t *testing.T) {
	dir, _ := fakeWebDir(t)
	s := newTestSite(t, dir)
	page := string(readBody(t, get(s, "/docs")))
	for _, m := range regexp.MustCompile(`(?:src|href)="([^"]*)"`).FindAllStringSubmatch(page, -1) {
		if local := strings.HasPrefix(m[1], "/") && !strings.HasPrefix(m[1], "//"); !local && !strings.HasPrefix(m[1], "#") {
			t.Errorf("the page links %q, want a path on this server", m[1])
		}
	}

	var manifest struct{ Icons []struct{ Src string } }
	if err := json.Unmarshal(readBody(t, get(s, "/manifest.webmanifest")), &manifest); err != nil {
		t.Fatal(err)
	}
	for _, icon := range manifest.Icons {
		if !strings.HasPrefix(icon.Src, "/web/") {
			t.Errorf("manifest icon %q, want a file of web/", icon.Src)
		}
	}

	for _, resource := range workerResources(t, s) {
		if !strings.HasPrefix(resource, "/") || strings.HasPrefix(resource, "//") {
			t.Errorf("the service worker caches %q, want a path on this server", resource)
		}
	}
}

// workerResources returns the URLs the service worker caches on install.
func workerResources(t *testing.T, h http.Handler) []string {
	t.Helper()
	worker := readBody(t, get(h, "/app-worker.js"))
	m := regexp.MustCompile(`const resourcesToCache = (\[.*?\]);`).FindSubmatch(worker)
	if m == nil {
		t.Fatal("app-worker.js has no resourcesToCache")
	}
	var resources []string
	if err := json.Unmarshal(m[1], &resources); err != nil {
		t.Fatal(err)
	}
	return resources
}

// TestWorkerResourcesExist checks every file the service worker caches
// against the built web/: one missing file makes its install fail, and the
// playground would not work offline.
func TestWorkerResourcesExist(t *testing.T) {
	if _, err := os.Stat(filepath.Join(testWebDir, "app.wasm")); err != nil {
		t.Fatalf("web/app.wasm is missing: run make build first (%v)", err)
	}
	s := newTestSite(t, testWebDir)
	resources := workerResources(t, s)
	for _, page := range append([]string{"/"}, ui.OfflinePages...) {
		if !strings.Contains(strings.Join(resources, " "), page) {
			t.Errorf("the service worker does not cache %s", page)
		}
	}
	for _, resource := range resources {
		if res := get(s, resource); res.StatusCode != http.StatusOK {
			t.Errorf("the service worker caches %s, which answers %d", resource, res.StatusCode)
		}
	}
}

func TestLoaderCountsUncompressedSize(t *testing.T) {
	dir, wasm := fakeWebDir(t)
	s := newTestSite(t, dir)
	appJS := string(readBody(t, get(s, "/app.js")))
	want := `const goappWasmContentLength = "` + strconv.Itoa(len(wasm)) + `";`
	if !strings.Contains(appJS, want) {
		t.Errorf("app.js lacks %s", want)
	}
}

func TestContentVersion(t *testing.T) {
	dir, _ := fakeWebDir(t)
	first, err := contentVersion(dir)
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := contentVersion(dir); again != first {
		t.Fatalf("version changed between two starts: %s, %s", first, again)
	}
	changes := []struct {
		name, content string
		changes       bool
	}{
		{"app.wasm.br", "recompressed", false},
		{".app.wasm.gz.123", "in progress", false},
		{"app.css", "body{color:red}", true},
		{"icons/new.svg", "<svg/>", true},
	}
	version := first
	for _, c := range changes {
		file := filepath.Join(dir, c.name)
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(c.content), 0o644); err != nil {
			t.Fatal(err)
		}
		next, err := contentVersion(dir)
		if err != nil {
			t.Fatal(err)
		}
		if (next != version) != c.changes {
			t.Errorf("writing %s: version %s → %s, want a change: %v", c.name, version, next, c.changes)
		}
		version = next
	}

	defer func(v string) { buildVersion = v }(buildVersion)
	buildVersion = "v1.2.3"
	if s := newTestSite(t, dir); s.version != "v1.2.3" {
		t.Errorf("version %q, want the build's v1.2.3", s.version)
	}
}

func TestNewSiteWithoutWasm(t *testing.T) {
	_, err := NewSite(t.TempDir(), "")
	if err == nil || !strings.Contains(err.Error(), "run make build first") {
		t.Errorf("NewSite without app.wasm: %v, want a hint to build", err)
	}
}

// startServe runs Serve on a free port until ctx ends and returns its URL
// and the channel of its result.
func startServe(t *testing.T, ctx context.Context, dir string, drain time.Duration) (string, chan error) {
	t.Helper()
	out, w := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, "127.0.0.1:0", dir, "", drain, w, io.Discard) }()
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	go io.Copy(io.Discard, out)
	url, ok := strings.CutPrefix(strings.TrimSpace(line), "Splice playground: ")
	if !ok {
		t.Fatalf("first line %q, want the playground's URL", line)
	}
	return url, done
}

func TestServeUntilCanceled(t *testing.T) {
	dir, _ := fakeWebDir(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	url, done := startServe(t, ctx, dir, DefaultDrain)
	res, err := http.Get(url + "/docs")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK || res.Header.Get("Content-Security-Policy") == "" {
		t.Errorf("GET /docs: status %d, CSP %q", res.StatusCode, res.Header.Get("Content-Security-Policy"))
	}

	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("serve after cancel: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not stop")
	}
	if _, err := http.Get(url + "/docs"); err == nil {
		t.Error("the server still answers after it stopped")
	}
}

func TestListenURL(t *testing.T) {
	tests := map[string]string{
		"127.0.0.1:8080": "http://127.0.0.1:8080",
		"0.0.0.0:8080":   "http://localhost:8080",
		"[::]:9000":      "http://localhost:9000",
		"[::1]:9000":     "http://[::1]:9000",
	}
	for addr, want := range tests {
		tcp, err := net.ResolveTCPAddr("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		if got := listenURL(tcp); got != want {
			t.Errorf("listenURL(%s) = %s, want %s", addr, got, want)
		}
	}
}

func TestStaticWebsite(t *testing.T) {
	dir, wasm := fakeWebDir(t)
	out := t.TempDir()
	if err := WriteStatic(out, dir, "", io.Discard); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{
		"index.html", "docs.html", "app.js", "app-worker.js", "wasm_exec.js", "manifest.webmanifest",
		"web/app.wasm", "web/app.wasm.br", "web/app.wasm.gz", "web/app.css",
	} {
		if _, err := os.Stat(filepath.Join(out, name)); err != nil {
			t.Errorf("the static site lacks %s", name)
		}
	}
	appJS, err := os.ReadFile(filepath.Join(out, "app.js"))
	if err != nil {
		t.Fatal(err)
	}
	if want := `goappWasmContentLength = "` + strconv.Itoa(len(wasm)) + `"`; !bytes.Contains(appJS, []byte(want)) {
		t.Errorf("the static app.js lacks %s", want)
	}
	if !bytes.Contains(appJS, []byte("function spliceFetchWasm(")) {
		t.Error("the static app.js is go-app's own, not the playground's")
	}
	// The copies keep their times, so the site's web/ can be served as is.
	source, _ := os.Stat(filepath.Join(out, "web/app.wasm"))
	if !assets.Fresh(filepath.Join(out, "web/app.wasm.br"), source) {
		t.Error("the copied app.wasm.br is not fresh beside its app.wasm")
	}
}

// TestFastLoader: the playground's app.js registers the service worker
// once the app runs and streams app.wasm into the compiler; the pages
// preload app.wasm; the static export has the same app.js.
func TestFastLoader(t *testing.T) {
	dir, _ := fakeWebDir(t)
	s := newTestSite(t, dir)
	appJS := string(readBody(t, get(s, "/app.js")))
	for _, want := range []string{"goappInitWebAssembly().finally(spliceRegisterWorkerWhenIdle);", "spliceFetchWasm(\"/web/app.wasm\"", "function spliceFetchWasm("} {
		if !strings.Contains(appJS, want) {
			t.Errorf("app.js lacks %s", want)
		}
	}
	if strings.Contains(appJS, "\ngoappInitServiceWorker();") {
		t.Error("app.js registers the service worker first")
	}
	if page := string(readBody(t, get(s, "/"))); !strings.Contains(page, `rel="preload" href="/web/app.wasm" as="fetch"`) {
		t.Error("the page does not preload app.wasm")
	}
	if _, err := patchLoader("no loader here"); err == nil {
		t.Error("patching a loader that changed: no error")
	}
}

// The plan documents' schema is served as JSON Schema, to any site.
func TestPlanSchemaServed(t *testing.T) {
	dir, _ := fakeWebDir(t)
	res := get(newTestSite(t, dir), planschema.Path)
	body, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "application/schema+json" ||
		res.Header.Get("Access-Control-Allow-Origin") != "*" || !bytes.Equal(body, planschema.Plan) {
		t.Errorf("%s: %d %v %.80s", planschema.Path, res.StatusCode, res.Header, body)
	}
}
