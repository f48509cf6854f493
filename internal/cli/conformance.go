package cli

import (
	"fmt"
	"io"

	"github.com/splicedev/splice/internal/conformance"
)

func init() {
	commands["conformance"] = command{
		summary: "run conformance vector files or folders: conformance PATH...",
		run:     runConformance,
	}
}

func runConformance(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("conformance", stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: splice conformance PATH...  (vector files, or folders of *.json)")
	}
	if fs.Parse(args) != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return 2
	}
	tests, err := conformance.Load(fs.Args()...)
	if err != nil {
		fmt.Fprintln(stderr, "splice conformance:", err)
		return 2
	}
	report := conformance.RunAll(tests)
	for _, f := range report.Failures {
		fmt.Fprintln(stdout, "FAIL", f)
	}
	fmt.Fprintln(stdout, report.Summary())
	if len(report.Failures) > 0 {
		return 1
	}
	return 0
}
