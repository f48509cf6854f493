package server

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/splicedev/splice/internal/assets"
)

// TestOtherMethodsNotAllowed: the site has nothing to post to.
func TestOtherMethodsNotAllowed(t *testing.T) {
	dir, _ := fakeWebDir(t)
	s := newTestSite(t, dir)
	for _, method := range []string{"POST", "PUT", "DELETE", "PATCH", "TRACE", "OPTIONS", "CONNECT", "PROPFIND"} {
		for _, path := range []string{"/", "/embed", "/docs", "/web/app.wasm", "/robots.txt", "/app.js"} {
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, httptest.NewRequest(method, path, strings.NewReader("x=1")))
			res := rec.Result()
			if res.StatusCode != http.StatusMethodNotAllowed || res.Header.Get("Allow") != "GET, HEAD" {
				t.Errorf("%s %s: status %d, Allow %q; want 405 with GET, HEAD", method, path, res.StatusCode, res.Header.Get("Allow"))
			}
			if res.Header.Get("Content-Security-Policy") == "" {
				t.Errorf("%s %s: the 405 lacks the security headers", method, path)
			}
		}
	}
	for _, method := range []string{"GET", "HEAD"} {
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest(method, "/web/app.css", nil))
		if rec.Code != http.StatusOK {
			t.Errorf("%s /web/app.css: status %d", method, rec.Code)
		}
	}
}

// TestETagFollowsRebuild: a file rebuilt while the server runs gets a new
// ETag, so the old one no longer answers 304; the same bytes keep it.
func TestETagFollowsRebuild(t *testing.T) {
	dir, wasm := fakeWebDir(t)
	s := newTestSite(t, dir)
	for _, tt := range []struct{ path, name string }{{"/web/app.css", "app.css"}, {"/web/app.wasm", "app.wasm"}, {"/app.wasm", "app.wasm"}} {
		for _, enc := range []string{"identity", "br", "gzip"} {
			first := get(s, tt.path, "Accept-Encoding", enc)
			etag := first.Header.Get("ETag")
			if etag == "" || etag == `"`+s.Version()+`"` {
				t.Fatalf("%s (%s): ETag %q, want one of the file's content", tt.path, enc, etag)
			}
			if res := get(s, tt.path, "Accept-Encoding", enc, "If-None-Match", etag); res.StatusCode != http.StatusNotModified {
				t.Errorf("%s (%s): revalidating: status %d, want 304", tt.path, enc, res.StatusCode)
			}
		}
	}
	before := get(s, "/web/app.css").Header.Get("ETag")
	beforeWasm := get(s, "/web/app.wasm", "Accept-Encoding", "br").Header.Get("ETag")

	// The rebuild: new bytes, and a time the cache has not seen.
	later := time.Now().Add(time.Minute)
	for name, data := range map[string][]byte{"app.css": []byte("body{color:red}"), "app.wasm": append(wasm, "more"...)} {
		file := filepath.Join(dir, name)
		if err := os.WriteFile(file, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(file, later, later); err != nil {
			t.Fatal(err)
		}
	}
	res := get(s, "/web/app.css", "If-None-Match", before)
	if res.StatusCode != http.StatusOK || string(readBody(t, res)) != "body{color:red}" || res.Header.Get("ETag") == before {
		t.Errorf("after a rebuild: status %d, ETag %s (was %s); want the new file", res.StatusCode, res.Header.Get("ETag"), before)
	}
	if err := assets.CompressStale(dir, io.Discard); err != nil {
		t.Fatal(err)
	}
	if res := get(s, "/web/app.wasm", "Accept-Encoding", "br", "If-None-Match", beforeWasm); res.StatusCode != http.StatusOK {
		t.Errorf("the rebuilt app.wasm answers %d to its old ETag, want 200", res.StatusCode)
	}

	// Rewritten with the same bytes (go build does), the ETag holds.
	css := filepath.Join(dir, "app.css")
	again := get(s, "/web/app.css").Header.Get("ETag")
	if err := os.Chtimes(css, later.Add(time.Minute), later.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if res := get(s, "/web/app.css", "If-None-Match", again); res.StatusCode != http.StatusNotModified {
		t.Errorf("the same bytes: status %d, want 304", res.StatusCode)
	}
}

// TestStaticRefusesToCopyItself: -out inside -web, or -web inside -out,
// would make the copy of web/ copy itself.
func TestStaticRefusesToCopyItself(t *testing.T) {
	dir, _ := fakeWebDir(t)
	parent := filepath.Dir(dir)
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(dir, link); err != nil {
		t.Fatal(err)
	}
	tests := []struct{ out, web, msg string }{
		{filepath.Join(dir, "site"), dir, "is inside -web"},
		{dir, dir, "is inside -web"},
		{filepath.Join(dir, "a", "b"), dir, "is inside -web"},
		{filepath.Join(link, "site"), dir, "is inside -web"},
		{parent, dir, "is inside -out"},
		{filepath.Join(dir, ".."), dir, "is inside -out"},
	}
	for _, tt := range tests {
		err := WriteStatic(tt.out, tt.web, "", io.Discard)
		if err == nil || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("WriteStatic(%s, %s) = %v, want an error saying it %s", tt.out, tt.web, err, tt.msg)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "site")); !os.IsNotExist(err) {
		t.Errorf("a refused export wrote %s", filepath.Join(dir, "site"))
	}
	// A sibling whose name starts like the web directory is apart from it.
	if err := WriteStatic(dir+"-site", dir, "", io.Discard); err != nil {
		t.Errorf("a sibling directory: %v", err)
	}
}

// TestServeDrainEnds: a request still in flight when the drain period ends
// is cut, and Serve says so.
func TestServeDrainEnds(t *testing.T) {
	dir, _ := fakeWebDir(t)
	big := make([]byte, 16<<20)
	if err := os.WriteFile(filepath.Join(dir, "big.bin"), big, 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	url, done := startServe(t, ctx, dir, 200*time.Millisecond)
	res, err := http.Get(url + "/web/big.bin")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	cancel()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "still in flight") {
			t.Errorf("Serve = %v, want the requests still in flight named", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Serve did not stop after its drain period")
	}
	if n, _ := io.Copy(io.Discard, res.Body); n >= int64(len(big)) {
		t.Error("the download was not cut")
	}
}
