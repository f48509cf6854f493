package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/splicedev/splice/internal/playground"
)

func init() {
	commands["vector"] = command{
		summary: "print a share link's state as a conformance vector file: vector LINK",
		run:     runVector,
	}
}

// runVector prints the state of a share link (a whole URL, its fragment
// "#s=…", or the payload alone) as a vector file whose one test expects
// what the engine makes of it now: `splice conformance` passes it as is.
func runVector(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("vector", stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: splice vector LINK  (a playground link, its #s=… fragment, or the payload)")
	}
	if fs.Parse(args) != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	link := fs.Arg(0)
	payload := link
	if _, fragment, ok := strings.Cut(link, "#"); ok || strings.HasPrefix(link, playground.LinkPrefix) {
		if !ok {
			fragment = link
		}
		if payload, ok = playground.PayloadOf(fragment); !ok {
			fmt.Fprintln(stderr, "splice vector: the link holds no state (#"+playground.LinkPrefix+"…)")
			return 2
		}
	}
	s, err := playground.DecodeLink(payload)
	if err != nil {
		fmt.Fprintln(stderr, "splice vector:", err)
		return 2
	}
	file, err := playground.VectorFile(s)
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
