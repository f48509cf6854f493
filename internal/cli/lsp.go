package cli

import (
	"errors"
	"fmt"
	"io"

	"github.com/splicedev/splice/internal/lsp"
)

func init() {
	commands["lsp"] = command{summary: "a language server (LSP over stdio) for plans, templates, shapes and tools", run: runLSP}
}

func runLSP(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("lsp", stderr)
	if fs.Parse(args) != nil {
		return 2
	}
	switch err := lsp.Serve(stdin, stdout); {
	case errors.Is(err, lsp.ErrExitWithoutShutdown):
		return 1
	case err != nil:
		fmt.Fprintln(stderr, "splice lsp:", err)
		return 1
	}
	return 0
}
