package server

import (
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/splicedev/splice/internal/examples"
	"github.com/splicedev/splice/internal/playground"
	"github.com/splicedev/splice/internal/playground/state"
)

func TestFixAttributes(t *testing.T) {
	tests := []struct{ name, page, want string }{
		{"quotes and escapes", `<pre data-json="\"Core\\n\" \\ <b>">x</pre>`,
			`<pre data-json="&#34;Core\n&#34; \ &lt;b&gt;">x</pre>`},
		{"plain values", `<a href="/docs" class="btn">Docs</a>`, `<a href="/docs" class="btn">Docs</a>`},
		{"a value with an ampersand", `<i title="a & b">`, `<i title="a &amp; b">`},
		{"a boolean attribute", `<input readonly value="x">`, `<input readonly value="x">`},
		{"unicode", `<b aria-label="Undo ⌘ \u00e9">`, `<b aria-label="Undo ⌘ é">`},
		{"not a Go literal", `<a title="C:\path">`, `<a title="C:\path">`},
		{"text between tags", `<p>"quoted" \n</p>`, `<p>"quoted" \n</p>`},
		{"a script's source", `<script>if(a<b)x="\"";</script><i id="\"">`, `<script>if(a<b)x="\"";</script><i id="&#34;">`},
		{"an unclosed tag", `<i title="\"`, `<i title="\"`},
		{"false booleans", `<button class="b" disabled="false">x</button><input checked="false" disabled value="false">`,
			`<button class="b">x</button><input disabled value="false">`},
	}
	for _, tt := range tests {
		if got := string(fixAttributes([]byte(tt.page))); got != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.name, got, tt.want)
		}
	}
}

func TestParseSiteURL(t *testing.T) {
	for raw, want := range map[string]string{"": "", "https://play.example.com/": "https://play.example.com", "http://127.0.0.1:8080": "http://127.0.0.1:8080"} {
		if got, err := ParseSiteURL(raw); err != nil || got != want {
			t.Errorf("ParseSiteURL(%q) = %q, %v", raw, got, err)
		}
	}
	for _, raw := range []string{"play.example.com", "ftp://x", "https://x/?a=1", "https://x/#s", "https://"} {
		if _, err := ParseSiteURL(raw); err == nil {
			t.Errorf("ParseSiteURL(%q) was accepted", raw)
		}
	}
}

// tagPattern and attributePattern read a tag strictly as HTML writes it:
// every attribute a name, and its value (if any) double-quoted without a
// quote inside.
var (
	tagPattern       = regexp.MustCompile(`<([a-zA-Z][a-zA-Z0-9-]*)([^>]*)>`)
	attributePattern = regexp.MustCompile(`^\s+([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:="([^"]*)")?`)
)

// attributes parses a page's opening tags; a tag whose attributes do not
// parse fails the test.
func attributes(t *testing.T, page string) []map[string]string {
	t.Helper()
	var tags []map[string]string
	for _, m := range tagPattern.FindAllStringSubmatch(page, -1) {
		attrs, rest := map[string]string{"": m[1]}, strings.TrimSuffix(m[2], "/")
		for strings.TrimSpace(rest) != "" {
			a := attributePattern.FindStringSubmatch(rest)
			if a == nil {
				t.Fatalf("<%s>: the attributes do not parse at %.60q", m[1], rest)
			}
			attrs[a[1]] = html.UnescapeString(a[2])
			rest = rest[len(a[0]):]
		}
		tags = append(tags, attrs)
	}
	return tags
}

// TestPagesAreTruthful fetches the pages as they leave the server, before
// any script runs: every attribute parses, the prerendered output's
// data-json is the default example's result, the inline script that marks
// an opened link is the one the policy allows, and the Open Graph tags name
// the configured site or are absent.
func TestPagesAreTruthful(t *testing.T) {
	dir, _ := fakeWebDir(t)
	out := playground.NewSession(examples.Default.Open()).Out
	for _, siteURL := range []string{"", "http://127.0.0.1:8080"} {
		s, err := NewSite(dir, siteURL)
		if err != nil {
			t.Fatal(err)
		}
		for _, path := range []string{"/", state.EmbedPath, "/docs"} {
			res := get(s, path)
			page := string(readBody(t, res))
			tags := attributes(t, page)
			og := map[string]string{}
			json := ""
			for _, a := range tags {
				for name, value := range a {
					if booleanAttributes[name] && value != "" {
						t.Errorf("%s: <%s %s=%q>: a boolean attribute with a value", path, a[""], name, value)
					}
				}
				if _, content := a["content"]; a[""] == "meta" && a["charset"] == "" && !content {
					t.Errorf("%s: a <meta> without content: %v", path, a)
				}
				if p, ok := a["property"]; ok && strings.HasPrefix(p, "og:") {
					og[p] = a["content"]
				}
				if a["data-testid"] == "output" {
					json = a["data-json"]
				}
			}
			if path != "/docs" && json != out.Result.JSON {
				t.Errorf("%s: the prerendered data-json is %q, want %q", path, json, out.Result.JSON)
			}
			want := map[string]string{"og:url": siteURL + path, "og:image": siteURL + siteImage}
			for _, p := range []string{"og:url", "og:image"} {
				if got, ok := og[p]; siteURL == "" && ok || siteURL != "" && got != want[p] {
					t.Errorf("%s with site URL %q: %s = %q (present %v)", path, siteURL, p, got, ok)
				}
			}
			script := regexp.MustCompile(`<script>([^<]*)</script>`).FindStringSubmatch(page)
			if script == nil {
				t.Fatalf("%s: no inline script marks an opened link", path)
			}
			sum := sha256.Sum256([]byte(script[1]))
			if csp := res.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'") {
				t.Errorf("%s: the policy %q does not allow the inline script", path, csp)
			}
		}
	}
}

func TestStaticPagesAreFixed(t *testing.T) {
	dir, _ := fakeWebDir(t)
	out := filepath.Join(t.TempDir(), "site")
	if err := WriteStatic(out, dir, "https://play.example.com", io.Discard); err != nil {
		t.Fatal(err)
	}
	for file, path := range map[string]string{"index.html": "/", "embed.html": "/embed"} {
		page, err := os.ReadFile(filepath.Join(out, file))
		if err != nil {
			t.Fatal(err)
		}
		attributes(t, string(page))
		if want := `<meta property="og:url" content="https://play.example.com` + path + `">`; !strings.Contains(string(page), want) {
			t.Errorf("%s has no %s", file, want)
		}
	}
}

// TestReadmeStatesThePolicy: static hosts copy the policy from the README,
// hash included.
func TestReadmeStatesThePolicy(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.Join(strings.Fields(string(readme)), " "), "script-src 'self' 'wasm-unsafe-eval' "+openingLinkHash+";") {
		t.Errorf("README.md does not give the policy's script-src with %s", openingLinkHash)
	}
}

// TestFixedPageLength: a fixed page's Content-Length is its own, for a
// GET and for a HEAD (go-app renders the page for both).
func TestFixedPageLength(t *testing.T) {
	dir, _ := fakeWebDir(t)
	s := newTestSite(t, dir)
	res := get(s, "/")
	n := strconv.Itoa(len(readBody(t, res)))
	if res.Header.Get("Content-Length") != n {
		t.Errorf("GET: Content-Length %s for %s bytes", res.Header.Get("Content-Length"), n)
	}
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest(http.MethodHead, "/", nil))
	if got := rec.Result().Header.Get("Content-Length"); got != n {
		t.Errorf("HEAD: Content-Length %s, the page is %s bytes", got, n)
	}
}

// Fixing a page costs in proportion to it: twice the tags, about twice the
// bytes allocated (each value was once read with a copy of the page's rest).
func TestFixPageIsLinear(t *testing.T) {
	page := func(n int) []byte {
		var b strings.Builder
		b.WriteString(`<!doctype html><html><head><meta property="og:url" content="https://x/"></head><body>`)
		for i := range n {
			fmt.Fprintf(&b, `<pre class="out" data-json="\"Core %d\\n\"" hidden="false">%d</pre>`, i, i)
		}
		b.WriteString(`</body></html>`)
		return []byte(b.String())
	}
	allocated := func(p []byte) uint64 {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		fixPage(p, "/", "")
		runtime.ReadMemStats(&after)
		return after.TotalAlloc - before.TotalAlloc
	}
	small, large := page(2000), page(4000)
	a, b := allocated(small), allocated(large)
	if ratio := float64(b) / float64(a); ratio > 2.5 {
		t.Errorf("fixing %d bytes allocates %d bytes, fixing %d allocates %d: %.1f×", len(small), a, len(large), b, ratio)
	}
	if got := string(fixPage(small, "/", "")); strings.Contains(got, "og:url") || !strings.Contains(got, `data-json="&#34;Core 1999`) || strings.Contains(got, "hidden") {
		t.Errorf("the page is not fixed: %.300s", got[len(got)-300:])
	}
}
