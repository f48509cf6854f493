//go:build !wasm

package main

import (
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/andybalholm/brotli"
)

// encoding is a content coding the server can send a .wasm file in, stored
// pre-compressed beside it (web/app.wasm.br, web/app.wasm.gz).
type encoding struct {
	name string // the Content-Encoding token
	ext  string // the suffix of the stored file
	// compress writes src to dst in this coding at its best compression.
	compress func(dst io.Writer, src io.Reader) error
}

// encodings are in the server's order of preference: brotli is about 25%
// smaller than gzip on Go's wasm output.
var encodings = []encoding{
	{name: "br", ext: ".br", compress: compressBrotli},
	{name: "gzip", ext: ".gz", compress: compressGzip},
}

func compressBrotli(dst io.Writer, src io.Reader) error {
	w := brotli.NewWriterLevel(dst, brotli.BestCompression)
	if _, err := io.Copy(w, src); err != nil {
		return err
	}
	return w.Close()
}

func compressGzip(dst io.Writer, src io.Reader) error {
	w, err := gzip.NewWriterLevel(dst, gzip.BestCompression)
	if err != nil {
		return err
	}
	if _, err := io.Copy(w, src); err != nil {
		return err
	}
	return w.Close()
}

// wasmFiles lists the .wasm files of the web directory.
func wasmFiles(webDir string) ([]string, error) {
	return filepath.Glob(filepath.Join(webDir, "*.wasm"))
}

// isFresh reports whether the compressed file was made from this version of
// source: compressFile gives it the modification time of the file it read,
// so a stale one is never served.
func isFresh(compressed string, source os.FileInfo) bool {
	info, err := os.Stat(compressed)
	return err == nil && info.ModTime().Equal(source.ModTime())
}

// compressStale writes the missing or stale compressed files of every .wasm
// file in webDir and reports each one it writes to log. Brotli's best
// quality takes seconds per megabyte, so fresh files are left alone.
func compressStale(webDir string, log io.Writer) error {
	files, err := wasmFiles(webDir)
	if err != nil {
		return err
	}
	for _, file := range files {
		info, err := os.Stat(file)
		if err != nil {
			return err
		}
		for _, enc := range encodings {
			target := file + enc.ext
			if isFresh(target, info) {
				continue
			}
			if err := compressFile(file, target, enc); err != nil {
				return err
			}
			if out, err := os.Stat(target); err == nil {
				fmt.Fprintf(log, "compressed %s: %d → %d bytes (%s)\n", file, info.Size(), out.Size(), enc.name)
			}
		}
	}
	return nil
}

// compressFile writes source compressed to target through a temporary file
// renamed at the end, so a reader never sees a partial file.
func compressFile(source, target string, enc encoding) (err error) {
	in, err := os.Open(source)
	if err != nil {
		return err
	}
	defer in.Close()
	info, err := in.Stat()
	if err != nil {
		return err
	}
	out, err := os.CreateTemp(filepath.Dir(target), filepath.Base(target)+".tmp*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			out.Close()
			os.Remove(out.Name())
		}
	}()
	if err := enc.compress(out, in); err != nil {
		return fmt.Errorf("compressing %s: %w", source, err)
	}
	if err := out.Chmod(0o644); err != nil {
		return err
	}
	if err := out.Close(); err != nil {
		return err
	}
	if err := os.Chtimes(out.Name(), info.ModTime(), info.ModTime()); err != nil {
		return err
	}
	return os.Rename(out.Name(), target)
}
