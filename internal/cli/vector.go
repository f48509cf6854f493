package cli

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/splicedev/splice/internal/conformance"
	"github.com/splicedev/splice/internal/display"
	"github.com/splicedev/splice/internal/playground/evaluate"
	"github.com/splicedev/splice/internal/playground/state"
	"github.com/splicedev/splice/plan"
)

func init() {
	commands["vector"] = command{
		summary: "print a share link's state, or a plan document, as a conformance vector file: vector LINK | FILE | -",
		run:     runVector,
	}
}

// runVector prints the state of a share link (a whole URL, its fragment
// "#s=…", or the payload alone), or a plan document, as a vector file whose
// one test expects what the engine makes of it now: `splice conformance`
// passes it as is. The argument is the link, a file holding the link or
// the plan, or - to read either from standard input: a long link does not
// fit on a command line.
func runVector(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("vector", stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: splice vector LINK | FILE | -  (a playground link, its #s=… fragment or the payload; or a file or stdin holding one, or a plan document)")
	}
	if fs.Parse(args) != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	link := fs.Arg(0)
	if _, err := os.Stat(link); err == nil || link == "-" {
		text, err := readText(link, stdin)
		if err != nil {
			fmt.Fprintln(stderr, "splice vector:", err)
			return 2
		}
		if strings.TrimSpace(text) == "" {
			source := link
			if link == "-" {
				source = "standard input"
			}
			fmt.Fprintln(stderr, "splice vector: "+source+" is empty: give a playground link, its #s=… fragment or payload, or a plan document")
			return 2
		}
		if plan.IsPlan(text) {
			t := &conformance.Test{Name: "plan reproduction", Plan: &text}
			t.Record()
			fmt.Fprintln(stdout, display.JSON(conformance.File("plan", t)))
			return 0
		}
		link = strings.TrimSpace(text)
	}
	payload := link
	if _, fragment, ok := strings.Cut(link, "#"); ok || strings.HasPrefix(link, state.LinkPrefix) {
		if !ok {
			fragment = link
		}
		if payload, ok, _ = state.SplitFragment(fragment); !ok {
			fmt.Fprintln(stderr, "splice vector: the link holds no state (#"+state.LinkPrefix+"…)")
			return 2
		}
	}
	s, err := state.DecodeLink(payload)
	if err != nil {
		fmt.Fprintln(stderr, "splice vector:", err)
		return 2
	}
	file, err := evaluate.VectorFile(s)
	if err != nil {
		fmt.Fprintln(stderr, "splice vector:", err)
		return 1
	}
	fmt.Fprint(stdout, file)
	if !strings.HasSuffix(file, "\n") {
		fmt.Fprintln(stdout)
	}
	return 0
}
