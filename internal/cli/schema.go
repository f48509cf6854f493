package cli

import (
	"fmt"
	"io"

	"github.com/splicedev/splice/internal/planschema"
)

func init() {
	commands["schema"] = command{summary: "print the JSON Schema of plan documents: schema plan", run: runSchema}
}

func runSchema(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("schema", stderr)
	if fs.Parse(args) != nil {
		return 2
	}
	if fs.NArg() != 1 || fs.Arg(0) != "plan" {
		fmt.Fprintln(stderr, "splice schema: give the schema's name: plan (the JSON Schema of plan documents)")
		return 2
	}
	stdout.Write(planschema.Plan)
	return 0
}
