package cli

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/splicedev/splice/internal/display"
	"github.com/splicedev/splice/internal/docscheck"
)

// maxDocsFile bounds a docs file the check reads whole: far past any page
// written by hand, short of what would take the machine's memory.
const maxDocsFile = 64 << 20

// isDocsArg reports whether a check's argument names docs (a Markdown or
// HTML file, or a directory of them) rather than a plan document.
func isDocsArg(arg string) bool {
	if docscheck.IsDocs(arg) {
		return true
	}
	info, err := os.Stat(arg)
	return err == nil && info.IsDir()
}

// checkDocs checks the examples of the docs files and directories named in
// args, and prints each finding on one line: FILE:LINE:COL: Kind: message,
// or as a GitHub Actions annotation with format "github".
func checkDocs(args []string, format string, stdout, stderr io.Writer) int {
	if format != "text" && format != "github" {
		fmt.Fprintf(stderr, "splice check: --format %q: want text or github\n", format)
		return 2
	}
	var files []string
	for _, arg := range args {
		info, err := os.Stat(arg)
		if err != nil {
			fmt.Fprintln(stderr, "splice check:", err)
			return 2
		}
		if !info.IsDir() {
			files = append(files, arg)
			continue
		}
		err = filepath.WalkDir(arg, func(path string, d fs.DirEntry, err error) error {
			switch {
			case err != nil:
				return err
			case d.IsDir() && path != arg && (strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules"):
				return filepath.SkipDir
			case !d.IsDir() && docscheck.IsDocs(path):
				files = append(files, path)
			}
			return nil
		})
		if err != nil {
			fmt.Fprintln(stderr, "splice check:", err)
			return 2
		}
	}
	out := stderr
	if format == "github" {
		out = stdout // the runner reads annotations from the step's output
	}
	blocks, failed := 0, false
	for _, file := range files {
		info, err := os.Stat(file)
		if err == nil && info.Size() > maxDocsFile {
			err = fmt.Errorf("%s: %d bytes, past the %d MiB a docs file may take", file, info.Size(), maxDocsFile>>20)
		}
		var data []byte
		if err == nil {
			data, err = os.ReadFile(file)
		}
		if err != nil {
			fmt.Fprintln(stderr, "splice check:", err)
			return 2
		}
		r := docscheck.Check(file, string(data))
		blocks += r.Blocks
		failed = failed || r.Failed()
		for _, f := range r.Findings {
			if format == "github" {
				level := "error"
				if f.Warning {
					level = "warning"
				}
				fmt.Fprintf(out, "::%s file=%s,line=%d,col=%d::%s\n", level, annotationProperty(file), f.Line, f.Column, annotationData(f.Message()))
				continue
			}
			fmt.Fprintf(out, "%s:%d:%d: %s\n", file, f.Line, f.Column, f)
		}
	}
	if failed {
		return 1
	}
	fmt.Fprintf(stdout, "ok: %s in %s\n", display.Count(blocks, "example"), display.Count(len(files), "file"))
	return 0
}

// annotationData and annotationProperty escape a workflow command's
// message and properties as the runner reads them.
func annotationData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

func annotationProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
