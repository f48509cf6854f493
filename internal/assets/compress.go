// Package assets makes the built files of the web directory: the
// compressed copies the server sends (and reads back to tell fresh ones),
// and the engine's script with Go's loader in it. The build steps use it
// without the server or the playground.
package assets

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"

	"github.com/andybalholm/brotli"
)

// Encoding is a content coding the server can send a file of web/ in (a
// .wasm file, the editor bundle, the engine's scripts), stored
// pre-compressed beside it (web/app.wasm.br, web/app.wasm.gz).
type Encoding struct {
	Name string // the Content-Encoding token
	Ext  string // the suffix of the stored file
	// compress writes src to dst in this coding at its best compression.
	compress func(dst io.Writer, src io.Reader) error
	// decompress reads src in this coding.
	decompress func(src io.Reader) (io.Reader, error)
}

// Encodings are in the server's order of preference: brotli is about 25%
// smaller than gzip on Go's wasm output.
var Encodings = []Encoding{
	{Name: "br", Ext: ".br", compress: compressBrotli, decompress: decompressBrotli},
	{Name: "gzip", Ext: ".gz", compress: compressGzip, decompress: decompressGzip},
}

func decompressBrotli(src io.Reader) (io.Reader, error) { return brotli.NewReader(src), nil }

func decompressGzip(src io.Reader) (io.Reader, error) { return gzip.NewReader(src) }

// compressBrotli uses the best quality and the largest window brotli's own
// tool uses: a 16 MiB window sees all of a wasm file at once.
func compressBrotli(dst io.Writer, src io.Reader) error {
	w := brotli.NewWriterOptions(dst, brotli.WriterOptions{Quality: brotli.BestCompression, LGWin: 24})
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

// precompressedScripts are the scripts of web/ served from their
// compressed copies: the editors' bundle, built from editor/ and committed,
// and what a docs page loads before its first result (embed.js and
// engine.js, Go's loader in it), whose every byte is on the way to it.
var precompressedScripts = []string{"editor.js", "embed.js", "engine.js"}

// Precompressed reports whether the file called name of web/ is served
// from its compressed copies.
func Precompressed(name string) bool {
	return filepath.Ext(name) == ".wasm" || slices.Contains(precompressedScripts, filepath.Base(name))
}

// precompressedFiles lists the files of the web directory that are served
// compressed.
func precompressedFiles(webDir string) ([]string, error) {
	files, err := filepath.Glob(filepath.Join(webDir, "*.wasm"))
	for _, name := range precompressedScripts {
		if _, serr := os.Stat(filepath.Join(webDir, name)); serr == nil {
			files = append(files, filepath.Join(webDir, name))
		}
	}
	return files, err
}

// Fresh reports whether the compressed file was made from this version of
// source: compressFile gives it the modification time of the file it read,
// so a stale one is never served.
func Fresh(compressed string, source os.FileInfo) bool {
	info, err := os.Stat(compressed)
	return err == nil && info.ModTime().Equal(source.ModTime())
}

// CompressStale writes the missing or stale compressed files of every
// precompressed file in webDir and reports each one it writes to log. Brotli's best
// quality takes seconds per megabyte, so fresh files are left alone, and so
// are copies of a file rewritten with the same bytes (go build rewrites its
// output every time): they only take its new time.
func CompressStale(webDir string, log io.Writer) error {
	files, err := precompressedFiles(webDir)
	if err != nil {
		return err
	}
	for _, file := range files {
		info, err := os.Stat(file)
		if err != nil {
			return err
		}
		for _, enc := range Encodings {
			target := file + enc.Ext
			if Fresh(target, info) {
				continue
			}
			if decodesTo(target, enc, file) {
				if err := os.Chtimes(target, info.ModTime(), info.ModTime()); err != nil {
					return err
				}
				continue
			}
			if err := compressFile(file, target, enc); err != nil {
				return err
			}
			if out, err := os.Stat(target); err == nil {
				fmt.Fprintf(log, "compressed %s: %d → %d bytes (%s)\n", file, info.Size(), out.Size(), enc.Name)
			}
		}
	}
	return nil
}

// decodesTo reports whether the compressed file decodes to the bytes of
// source; decoding takes a fraction of the time of compressing.
func decodesTo(compressed string, enc Encoding, source string) bool {
	c, err := os.Open(compressed)
	if err != nil {
		return false
	}
	defer c.Close()
	decoded, err := enc.decompress(c)
	if err != nil {
		return false
	}
	s, err := os.Open(source)
	if err != nil {
		return false
	}
	defer s.Close()
	return sameBytes(decoded, s)
}

// sameBytes reports whether a and b read the same bytes to their ends.
func sameBytes(a, b io.Reader) bool {
	bufA, bufB := make([]byte, 64<<10), make([]byte, 64<<10)
	for {
		n, errA := io.ReadFull(a, bufA)
		m, errB := io.ReadFull(b, bufB)
		if n != m || !bytes.Equal(bufA[:n], bufB[:m]) {
			return false
		}
		endA := errA == io.EOF || errA == io.ErrUnexpectedEOF
		endB := errB == io.EOF || errB == io.ErrUnexpectedEOF
		if errA != nil && !endA || errB != nil && !endB {
			return false
		}
		if endA || endB {
			return endA && endB
		}
	}
}

// compressFile writes source compressed to target.
func compressFile(source, target string, enc Encoding) error {
	return transformFile(source, target, func(dst io.Writer, src io.Reader) error {
		if err := enc.compress(dst, src); err != nil {
			return fmt.Errorf("compressing %s: %w", source, err)
		}
		return nil
	})
}

// CopyFile copies source to target, keeping its modification time, so
// that the compressed copies copied beside it stay fresh.
func CopyFile(target, source string) error {
	return transformFile(source, target, func(w io.Writer, r io.Reader) error {
		_, err := io.Copy(w, r)
		return err
	})
}

// transformFile writes source, passed through transform, to target. It goes
// through a temporary file renamed at the end, so a reader never sees a
// partial file, and keeps source's modification time: a derived file is
// fresh only with its source's.
func transformFile(source, target string, transform func(dst io.Writer, src io.Reader) error) (err error) {
	in, err := os.Open(source)
	if err != nil {
		return err
	}
	defer in.Close()
	info, err := in.Stat()
	if err != nil {
		return err
	}
	out, err := os.CreateTemp(filepath.Dir(target), "."+filepath.Base(target)+".*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			out.Close()
			os.Remove(out.Name())
		}
	}()
	if err := transform(out, in); err != nil {
		return err
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
