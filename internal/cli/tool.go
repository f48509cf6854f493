package cli

import (
	"fmt"
	"io"
	"os"
	"text/tabwriter"

	"github.com/splicedev/splice/internal/display"
	"github.com/splicedev/splice/reshape"
	"github.com/splicedev/splice/template"
)

func init() {
	commands["tool"] = command{
		summary: "load a tool file, and call it: tool FILE [--call INPUT.json]",
		run:     runTool,
	}
	commands["tools"] = command{
		summary: "load and check a tools directory, one line per tool: tools [DIR]",
		run:     runTools,
	}
}

func runTool(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("tool", stderr)
	call := fs.String("call", "", "call the tool with the input in `FILE` (JSON, or YAML by its text; - for stdin)")
	// Flags may come before or after the tool file.
	var files []string
	for {
		if fs.Parse(args) != nil {
			return 2
		}
		if fs.NArg() == 0 {
			break
		}
		files, args = append(files, fs.Arg(0)), fs.Args()[1:]
	}
	if len(files) != 1 {
		fmt.Fprintln(stderr, "usage: splice tool FILE [--call INPUT.json]")
		return 2
	}
	data, err := os.ReadFile(files[0])
	if err != nil {
		fmt.Fprintln(stderr, "splice tool:", err)
		return 1
	}
	tool, err := reshape.LoadTool(data)
	if err != nil {
		fmt.Fprintf(stderr, "%s:\n%s", files[0], reshape.FormatIn(err, string(data)))
		return 1
	}
	printWarnings(stderr, files[0], string(data), tool.Warnings)
	if *call == "" {
		fmt.Fprintln(stdout, tool.QualifiedName(), tool.Kind, "ok")
		return 0
	}
	text, err := readText(*call, stdin)
	var input template.Value
	if err == nil {
		input, err = parseValue(*call, text)
	}
	if err == nil {
		res := template.Run(reshape.Call{Tool: tool, Input: input}, template.Scope{}, nil, nil)
		if err = res.Err; err == nil {
			fmt.Fprintln(stdout, display.Result(res.Value, res.Typed))
			return 0
		}
		// A call its input_schema refuses is shown in the call's text.
		if list := template.Errors(err); len(list) > 0 && list[0].Kind == template.InputError {
			fmt.Fprintf(stderr, "%s:\n%s", *call, reshape.FormatIn(reshape.PlaceInput(err, text), ""))
			return 1
		}
	}
	fmt.Fprint(stderr, reshape.FormatIn(err, string(data)))
	return 1
}

// runTools loads a tools directory (by default ./.graph/tools and
// ~/.config/graph/tools) and prints one line per tool file; the errors of
// failing files follow on stderr.
func runTools(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("tools", stderr)
	if fs.Parse(args) != nil {
		return 2
	}
	var catalog *reshape.Catalog
	var err error
	switch fs.NArg() {
	case 0:
		catalog, err = reshape.LoadDirs(reshape.DefaultDirs()...)
	case 1:
		catalog, err = reshape.LoadDir(fs.Arg(0))
	default:
		fmt.Fprintln(stderr, "usage: splice tools [DIR]")
		return 2
	}
	if err != nil {
		fmt.Fprintln(stderr, "splice tools:", err)
		return 1
	}
	if len(catalog.Files) == 0 {
		fmt.Fprintln(stdout, "no tool files (*.yaml, *.yml)")
		return 0
	}
	w := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	failed := 0
	for _, f := range catalog.Files {
		if f.Err != nil {
			failed++
			fmt.Fprintf(w, "%s\t-\t%s\n", f.Path, f.Err)
			continue
		}
		fmt.Fprintf(w, "%s\t%s\tok\n", f.Tool.QualifiedName(), f.Tool.Kind)
	}
	w.Flush()
	for _, f := range catalog.Files {
		if f.Err != nil {
			fmt.Fprintf(stderr, "\n%s:\n%s", f.Path, reshape.FormatIn(f.Err, ""))
		}
	}
	if failed > 0 {
		return 1
	}
	return 0
}
