package server

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/splicedev/splice/internal/assets"
)

// WriteStatic writes every page go-app renders, its scripts and manifest,
// and a copy of webDir with the compressed .wasm files, so a static host can
// serve the playground as it is. out and webDir may not hold each other:
// the copy would copy itself.
func WriteStatic(out, webDir, siteURL string, log io.Writer) error {
	if err := checkApart(out, webDir); err != nil {
		return err
	}
	if err := assets.CompressStale(webDir, log); err != nil {
		return err
	}
	s, err := NewSite(webDir, siteURL)
	if err != nil {
		return err
	}
	if err := app.GenerateStaticWebsite(out, s.pages); err != nil {
		return err
	}
	if err := s.fixStaticPages(out); err != nil {
		return err
	}
	if s.loader != nil {
		if err := os.WriteFile(filepath.Join(out, "app.js"), s.loader, 0o644); err != nil {
			return err
		}
	}
	return copyDir(filepath.Join(out, "web"), webDir)
}

// fixStaticPages fixes the pages GenerateStaticWebsite wrote (fixPage):
// out/index.html is "/", out/embed.html "/embed".
func (s *Site) fixStaticPages(out string) error {
	return filepath.WalkDir(out, func(file string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(file) != ".html" {
			return err
		}
		rel, err := filepath.Rel(out, file)
		if err != nil {
			return err
		}
		urlPath := "/" + strings.TrimSuffix(filepath.ToSlash(rel), ".html")
		if urlPath == "/index" {
			urlPath = "/"
		}
		page, err := os.ReadFile(file)
		if err != nil {
			return err
		}
		return os.WriteFile(file, fixPage(page, urlPath, s.siteURL), 0o644)
	})
}

// checkApart refuses an output directory inside the web directory, or the
// reverse (the same directory included).
func checkApart(out, webDir string) error {
	o, err := realPath(out)
	if err != nil {
		return err
	}
	w, err := realPath(webDir)
	if err != nil {
		return err
	}
	switch {
	case within(o, w):
		return fmt.Errorf("-out %s is inside -web %s: the website would copy itself; write it elsewhere", out, webDir)
	case within(w, o):
		return fmt.Errorf("-web %s is inside -out %s: the website would copy web/ onto itself; write it elsewhere", webDir, out)
	}
	return nil
}

// realPath is name made absolute with its links resolved, as far as it
// exists: a directory yet to be made is resolved through its parents.
func realPath(name string) (string, error) {
	abs, err := filepath.Abs(name)
	if err != nil {
		return "", err
	}
	var rest []string
	for dir := abs; ; dir = filepath.Dir(dir) {
		if real, err := filepath.EvalSymlinks(dir); err == nil {
			return filepath.Join(append([]string{real}, rest...)...), nil
		}
		if filepath.Dir(dir) == dir {
			return abs, nil
		}
		rest = append([]string{filepath.Base(dir)}, rest...)
	}
}

// within reports whether path is dir or below it.
func within(path, dir string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// copyDir copies the regular files under src into dst, except hidden ones
// (compression in progress).
func copyDir(dst, src string) error {
	return filepath.WalkDir(src, func(name string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, name)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		switch {
		case d.IsDir():
			return os.MkdirAll(target, 0o755)
		case !d.Type().IsRegular() || d.Name()[0] == '.':
			return nil
		}
		return assets.CopyFile(target, name)
	})
}
