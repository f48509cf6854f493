// Package server serves the Splice playground over HTTP: go-app's pages
// behind the security headers, the files of web/ with content ETags and
// their pre-compressed .wasm copies, a graceful shutdown, and the export of
// all of it as a static website.
package server

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	ui "github.com/splicedev/splice/app"
	"github.com/splicedev/splice/internal/assets"
	"github.com/splicedev/splice/internal/planschema"
)

// buildVersion names the build when set with -ldflags
// "-X github.com/splicedev/splice/internal/server.buildVersion=...". Empty
// means a hash of the files under web/, computed when the server starts.
var buildVersion string

// contentSecurityPolicy allows only this origin, WebAssembly compilation
// for app.wasm, and the one inline script of the pages (openingLinkScript,
// by its hash). go-app's page has no inline script or style of its own.
var contentSecurityPolicy = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval' " + openingLinkHash + "; " +
	"style-src 'self'; img-src 'self'; connect-src 'self'; object-src 'none'; " +
	"base-uri 'none'; form-action 'none'"

// rootFiles are the files of web/ served at the root. go-app would fetch
// them over HTTP from whatever host the request names, and cache the answer
// for everyone: they are read from web/ directly instead.
var rootFiles = map[string]bool{"/robots.txt": true, "/sitemap.xml": true, "/ads.txt": true}

// Site is the playground over HTTP: go-app's pages and files behind the
// security headers, with the .wasm files served pre-compressed.
type Site struct {
	pages   *app.Handler
	files   webFiles
	version string
	loader  []byte // the patched app.js, or nil for go-app's own
	siteURL string // the site's public URL for Open Graph tags, "" for none
}

// NewSite serves the playground from webDir, which must hold a built
// app.wasm, at siteURL (see ParseSiteURL; "" when unknown). Its version is
// buildVersion or else a hash of webDir's files.
func NewSite(webDir, siteURL string) (*Site, error) {
	ui.Routes()
	s, err := NewAppSite(webDir, pagesHandler)
	if err != nil {
		return nil, err
	}
	if s.siteURL, err = ParseSiteURL(siteURL); err != nil {
		return nil, err
	}
	return s, s.UseFastLoader()
}

// Pages makes the go-app handler of a site's pages from the files of web/
// (its Resources), the site's version and app.wasm's size.
type Pages func(files app.ResourceResolver, version string, wasmSize int64) *app.Handler

// NewAppSite serves any go-app app the way the playground is served: its
// pages, which pages makes, behind the security headers, and the files of
// webDir (which must hold a built app.wasm) with content ETags and their
// pre-compressed .wasm copies. The app's routes must be set already. The
// cold-load benchmark serves an empty go-app app with it.
func NewAppSite(webDir string, pages Pages) (*Site, error) {
	wasm, err := os.Stat(filepath.Join(webDir, "app.wasm"))
	if err != nil {
		return nil, fmt.Errorf("%w (run make build first)", err)
	}
	version := buildVersion
	if version == "" {
		if version, err = contentVersion(webDir); err != nil {
			return nil, err
		}
	}
	files := webFiles{dir: webDir, files: http.StripPrefix("/web", http.FileServer(http.Dir(webDir))), etags: new(etagCache)}
	return &Site{pages: pages(files, version, wasm.Size()), files: files, version: version}, nil
}

// pagesHandler is go-app's configuration of the playground. Every icon is
// local: go-app's defaults load them from another host.
func pagesHandler(files app.ResourceResolver, version string, wasmSize int64) *app.Handler {
	return &app.Handler{
		Name:        "Splice",
		ShortName:   "Splice",
		Title:       "Splice playground",
		Author:      "Splice",
		Description: "Write {{Ex.path}} templates against JSON roots and see the typed result, every splice and every error as you type.",
		Icon: app.Icon{
			Default:  "/web/icon-192.png",
			Large:    "/web/icon-512.png",
			Maskable: "/web/icon-512.png",
			SVG:      "/web/icon.svg",
		},
		LoadingLabel: "Loading Splice {progress}%",
		Styles:       []string{"/web/app.css", "/web/docs.css"},
		// The editors' bundle runs before app.wasm starts (both deferred,
		// in order), so the editors can be made as the page mounts.
		Scripts:            []string{"/web/editor.js defer"},
		CacheableResources: ui.OfflinePages,
		Version:            version,
		// app.wasm comes compressed, so Content-Length is not the size the
		// loader counts its progress against.
		WasmContentLength: strconv.FormatInt(wasmSize, 10),
		Resources:         files,
		RawHeaders:        []string{WasmPreload, openingLinkTag},
	}
}

// UseFastLoader serves go-app's loader with the changes of loaderPatches.
// The pages should carry WasmPreload in their RawHeaders.
func (s *Site) UseFastLoader() error {
	js, err := fastLoader(s.pages)
	if err != nil {
		return err
	}
	s.loader = js
	return nil
}

// Version is what the pages and the service worker know this build by.
func (s *Site) Version() string { return s.version }

// allowedMethods are the only methods the site answers; it has nothing to
// post to.
const allowedMethods = "GET, HEAD"

func (s *Site) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	setSecurityHeaders(w.Header(), r.URL.Path)
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", allowedMethods)
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	switch {
	case rootFiles[r.URL.Path]:
		r = r.Clone(r.Context())
		r.URL.Path = "/web" + r.URL.Path
	case r.URL.Path == "/app.wasm" || r.URL.Path == "/goapp.wasm":
		r = r.Clone(r.Context())
		r.URL.Path = "/web/app.wasm"
	case s.loader != nil && (r.URL.Path == "/app.js" || r.URL.Path == "/goapp.js"):
		serveLoader(w, r, s.loader)
		return
	case r.URL.Path == planschema.Path:
		servePlanSchema(w, r)
		return
	case !strings.HasPrefix(r.URL.Path, "/web/"):
		s.servePage(w, r)
		return
	}
	// The files of web/ are served here rather than by go-app, whose ETag
	// is the version the server started with: a rebuild would go on
	// answering 304 for files that changed.
	w.Header().Set("Cache-Control", "no-cache")
	s.files.ServeHTTP(w, r)
}

// servePlanSchema serves the plan documents' JSON Schema, which editors
// and their YAML servers fetch from anywhere.
func servePlanSchema(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/schema+json")
	w.Header().Set("Access-Control-Allow-Origin", "*")
	w.Header().Set("Cache-Control", "no-cache")
	http.ServeContent(w, r, "plan.json", time.Time{}, bytes.NewReader(planschema.Plan))
}

// setSecurityHeaders sets the headers every response carries. Only the
// embed page may be framed, by any site; the files under /web/ may be
// fetched from any site, so that docs pages can run engine.wasm.
func setSecurityHeaders(h http.Header, urlPath string) {
	frameAncestors := "frame-ancestors 'none'"
	if urlPath == ui.EmbedRoute {
		frameAncestors = "frame-ancestors *"
	} else {
		h.Set("X-Frame-Options", "DENY")
	}
	h.Set("Content-Security-Policy", contentSecurityPolicy+"; "+frameAncestors)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	if strings.HasPrefix(urlPath, "/web/") {
		h.Set("Access-Control-Allow-Origin", "*")
	}
}

// contentVersion hashes the names and contents of the files under webDir,
// so the version changes exactly when what the service worker caches does.
// Compressed copies follow from the files they copy and are left out.
func contentVersion(webDir string) (string, error) {
	sum := sha256.New()
	err := filepath.WalkDir(webDir, func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !versioned(d.Name()) {
			return err
		}
		f, err := os.Open(name)
		if err != nil {
			return err
		}
		defer f.Close()
		rel, _ := filepath.Rel(webDir, name)
		fmt.Fprintf(sum, "%s\x00", filepath.ToSlash(rel))
		_, err = io.Copy(sum, f)
		return err
	})
	if err != nil {
		return "", err
	}
	return hex.EncodeToString(sum.Sum(nil))[:16], nil
}

// versioned reports whether a file of web/ counts in the content version.
func versioned(name string) bool {
	for _, enc := range assets.Encodings {
		if strings.HasSuffix(name, enc.Ext) {
			return false
		}
	}
	return !strings.HasPrefix(name, ".")
}

// webFiles serves web/ under /web/: each precompressed file in the best
// stored compression the client accepts, the other files as they are.
type webFiles struct {
	dir   string
	files http.Handler
	etags *etagCache
}

// Resolve maps /web/ paths to URL paths on this server.
func (f webFiles) Resolve(location string) string { return app.LocalDir("").Resolve(location) }

func (f webFiles) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	clean := path.Clean(r.URL.Path)
	if !strings.HasPrefix(clean, "/web/") || strings.HasSuffix(r.URL.Path, "/") {
		http.NotFound(w, r) // nothing outside web/, no directory listings
		return
	}
	name := filepath.Join(f.dir, filepath.FromSlash(strings.TrimPrefix(clean, "/web/")))
	info, err := os.Stat(name)
	if err != nil || !info.Mode().IsRegular() {
		f.files.ServeHTTP(w, r) // its own 404 or error
		return
	}
	etag, err := f.etags.get(name, info)
	if err != nil {
		http.Error(w, "cannot read the file", http.StatusInternalServerError)
		return
	}
	w.Header().Set("ETag", etag)
	if assets.Precompressed(name) && f.serveCompressed(w, r, name, info) {
		return
	}
	f.files.ServeHTTP(w, r)
}

// etagCache holds the content ETag of each file of web/, remade when the
// file's size or time changes: hashing app.wasm on every request would
// cost milliseconds each.
type etagCache struct {
	mu    sync.Mutex
	files map[string]etagEntry
}

type etagEntry struct {
	size    int64
	modTime time.Time
	etag    string
}

// get returns the ETag of the file called name: a hash of its content, so
// that a rebuild that changes the file changes it too.
func (c *etagCache) get(name string, info os.FileInfo) (string, error) {
	c.mu.Lock()
	e, ok := c.files[name]
	c.mu.Unlock()
	if ok && e.size == info.Size() && e.modTime.Equal(info.ModTime()) {
		return e.etag, nil
	}
	f, err := os.Open(name)
	if err != nil {
		return "", err
	}
	defer f.Close()
	sum := sha256.New()
	if _, err := io.Copy(sum, f); err != nil {
		return "", err
	}
	etag := `"` + hex.EncodeToString(sum.Sum(nil))[:24] + `"`
	c.mu.Lock()
	if c.files == nil {
		c.files = map[string]etagEntry{}
	}
	c.files[name] = etagEntry{size: info.Size(), modTime: info.ModTime(), etag: etag}
	c.mu.Unlock()
	return etag, nil
}

// serveCompressed serves the stored compressed copy of a precompressed
// file in the first of assets.Encodings the request accepts, and reports whether
// it did.
func (f webFiles) serveCompressed(w http.ResponseWriter, r *http.Request, name string, source os.FileInfo) bool {
	w.Header().Add("Vary", "Accept-Encoding")
	accept := r.Header.Get("Accept-Encoding")
	for _, enc := range assets.Encodings {
		if !acceptsEncoding(accept, enc.Name) || !assets.Fresh(name+enc.Ext, source) {
			continue
		}
		file, err := os.Open(name + enc.Ext)
		if err != nil {
			continue
		}
		defer file.Close()
		h := w.Header()
		h.Set("Content-Type", contentType(name))
		h.Set("Content-Encoding", enc.Name)
		// ServeContent leaves the length of an encoded body out.
		if info, err := file.Stat(); err == nil && r.Header.Get("Range") == "" {
			h.Set("Content-Length", strconv.FormatInt(info.Size(), 10))
		}
		// Each encoding is its own representation, with its own validator.
		if etag := h.Get("ETag"); etag != "" {
			h.Set("ETag", strings.TrimSuffix(etag, `"`)+"-"+enc.Name+`"`)
		}
		http.ServeContent(w, r, "", source.ModTime(), file)
		return true
	}
	return false
}

func contentType(name string) string {
	if filepath.Ext(name) == ".wasm" {
		return "application/wasm"
	}
	return "text/javascript; charset=utf-8"
}

// acceptsEncoding reports whether an Accept-Encoding header allows coding:
// named, or covered by "*", with a quality above zero. A coding named
// explicitly overrides "*".
func acceptsEncoding(header, coding string) bool {
	star := false
	for _, item := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(item, ";")
		switch name = strings.TrimSpace(name); {
		case strings.EqualFold(name, coding):
			return !zeroQuality(params)
		case name == "*":
			star = !zeroQuality(params)
		}
	}
	return star
}

// zeroQuality reports whether the parameters of an Accept-Encoding item
// give it q=0, which means "not acceptable".
func zeroQuality(params string) bool {
	for _, param := range strings.Split(params, ";") {
		key, value, _ := strings.Cut(strings.TrimSpace(param), "=")
		if strings.EqualFold(key, "q") {
			q, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
			return err == nil && q == 0
		}
	}
	return false
}
