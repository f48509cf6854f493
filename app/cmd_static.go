//go:build !js

package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

func init() {
	commands["static"] = command{summary: "write the playground as a static website", run: runStatic}
}

func runStatic(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("static", stderr)
	out := fs.String("out", "site", "directory to write the website to")
	webDir := fs.String("web", "web", "directory of the built web files (app.wasm, icons, styles)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if err := writeStatic(*out, *webDir, stderr); err != nil {
		fmt.Fprintln(stderr, "splice static:", err)
		return 1
	}
	fmt.Fprintf(stdout, "Splice playground written to %s\n", *out)
	return 0
}

// writeStatic writes every page go-app renders, its scripts and manifest,
// and a copy of webDir with the compressed .wasm files, so a static host can
// serve the playground as it is.
func writeStatic(out, webDir string, log io.Writer) error {
	if err := compressStale(webDir, log); err != nil {
		return err
	}
	s, err := newSite(webDir)
	if err != nil {
		return err
	}
	if err := app.GenerateStaticWebsite(out, s.pages); err != nil {
		return err
	}
	return copyDir(filepath.Join(out, "web"), webDir)
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
		return copyFile(target, name)
	})
}

func copyFile(dst, src string) error {
	return transformFile(src, dst, func(w io.Writer, r io.Reader) error {
		_, err := io.Copy(w, r)
		return err
	})
}
