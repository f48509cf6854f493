// Command slimwasm rewrites the .wasm files it is given in place with
// gowasm.Slim (Go's function table written by a start function instead of
// its data segments): a build step (make wasm), not a user command. A file
// done already is left as it is.
package main

import (
	"fmt"
	"os"

	"github.com/splicedev/splice/internal/gowasm"
)

func main() {
	for _, name := range os.Args[1:] {
		if err := slim(name); err != nil {
			fmt.Fprintln(os.Stderr, "slimwasm:", err)
			os.Exit(1)
		}
	}
}

func slim(name string) error {
	module, err := os.ReadFile(name)
	if err != nil {
		return err
	}
	slimmed, before, after, err := gowasm.Slim(module)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if before == after {
		return nil
	}
	fmt.Printf("slimmed %s: %d → %d bytes, %d → %d data segments\n", name, len(module), len(slimmed), before, after)
	return os.WriteFile(name, slimmed, 0o755)
}
