package cli

import (
	"fmt"
	"io"
	"os"
	"strings"
	"unicode/utf8"

	"github.com/splicedev/splice/internal/display"
	"github.com/splicedev/splice/plan"
	"github.com/splicedev/splice/plan/graph"
	"github.com/splicedev/splice/reshape"
	"github.com/splicedev/splice/template"
)

func init() {
	commands["plan"] = command{
		summary: "check and run a plan document (JSON or YAML): plan [-v] [--json] [--step ID] [--format mermaid] FILE",
		run:     runPlan,
	}
}

// summaryWidth cuts a result in the step list; --step prints it whole.
const summaryWidth = 100

func runPlan(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("plan", stderr)
	verbose := fs.Bool("v", false, "print every iteration of a map or fold step")
	asJSON := fs.Bool("json", false, `print {"steps": {ID: {"status", "form", "in", "blocked_by", "input", "iterations", "result", "note"}}, "solver", "errors", "warnings"} as JSON`)
	stepID := fs.String("step", "", "print the rendered input and the result of step `ID`")
	format := fs.String("format", "text", "print the steps as `text`, json (as --json), or mermaid: the plan's dataflow graph as a Mermaid flowchart")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: splice plan [-v] [--json] [--step ID] [--format text|json|mermaid] FILE  (- for stdin)")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	switch *format {
	case "text":
	case "json":
		*asJSON = true
	case "mermaid":
	default:
		fmt.Fprintf(stderr, "splice plan: --format %q: give text, json or mermaid\n", *format)
		return 2
	}
	file := fs.Arg(0)
	text, err := readText(file, stdin)
	if err != nil {
		fmt.Fprintln(stderr, "splice plan:", err)
		return 2
	}
	p := plan.Load(text)
	printWarnings(stderr, file, text, p.Warnings)
	o := plan.Run(p, plan.Options{})
	switch {
	case *format == "mermaid":
		fmt.Fprint(stdout, graph.Mermaid(graph.Build(p, o)))
	case *asJSON:
		stdout.Write(o.JSON())
		fmt.Fprintln(stdout)
	case *stepID != "":
		r, ok := o.Result(*stepID)
		if !ok {
			fmt.Fprintf(stderr, "splice plan: no step %q in %s\n", *stepID, file)
			return 2
		}
		printStep(stdout, r)
	default:
		printSteps(stdout, o, *verbose)
	}
	if len(o.Errors) > 0 {
		fmt.Fprint(stderr, formatFile(o.Errors, file, p.Text()))
		return 1
	}
	return 0
}

// checkPlan runs the load-time checks of a plan document: every template
// of every step, the solver, the tools and the ids.
func checkPlan(file string, stdin io.Reader, stdout, stderr io.Writer) int {
	text, err := readText(file, stdin)
	if err != nil {
		fmt.Fprintln(stderr, "splice check:", err)
		return 2
	}
	if !plan.IsPlan(text) {
		fmt.Fprintln(stderr, "splice check: "+file+" is not a plan document (a mapping with steps); give -t, -f or --shape for a template or a shape")
		return 2
	}
	p := plan.Load(text)
	printWarnings(stderr, file, text, p.Warnings)
	if len(p.Errors) > 0 {
		fmt.Fprint(stderr, formatFile(p.Errors, file, p.Text()))
		return 1
	}
	fmt.Fprintln(stdout, "ok")
	return 0
}

// formatFile prints the errors of a plan read from file, as compilers do:
// "FILE:LINE:COL: Kind: step ID: message (at POINTER)" at each error's
// place in doc (Doc, or Pos for an error of doc itself; doc is "" when it
// did not parse, and such an error is of its own source), then that line
// of doc with a caret under the tag, the keys on offer, the suggestion and
// the fix.
func formatFile(errs plan.ErrorList, file, doc string) string {
	var b strings.Builder
	for _, e := range errs {
		pos, end := e.Doc, e.DocEnd
		if doc == "" {
			doc = e.Source
		}
		if pos.Line == 0 && e.Source == doc {
			pos, end = e.Pos, e.End
		}
		b.WriteString(file)
		if pos.Line > 0 {
			b.WriteString(":" + pos.String())
		}
		b.WriteString(": " + e.Kind.String() + ": ")
		if e.Step != "" {
			b.WriteString("step " + e.Step + ": ")
		}
		b.WriteString(e.Msg)
		if e.At != "" {
			b.WriteString(" (at " + e.At + ")")
		}
		b.WriteByte('\n')
		if pos.Line > 0 {
			b.WriteString(template.Excerpt(doc, pos, end))
		}
		b.WriteString(e.Hints())
		b.WriteString(e.FixHint())
	}
	return b.String()
}

// printWarnings prints the likely mistakes of a document read from file,
// as errors are printed, each with its fix.
func printWarnings(w io.Writer, file, text string, warnings []reshape.Warning) {
	for _, warning := range warnings {
		fmt.Fprintf(w, "%s:%s: warning: %s\n%s", file, warning.Pos, warning.Msg, template.Excerpt(text, warning.Pos, warning.End))
		if warning.Fix != "" { // the last of a capped list, which counts the rest, has none
			fmt.Fprintf(w, "  fix: %s\n", warning.Fix)
		}
	}
}

// readText reads a file, or stdin for "-".
func readText(file string, stdin io.Reader) (string, error) {
	var data []byte
	var err error
	if file == "-" {
		data, err = io.ReadAll(stdin)
	} else {
		data, err = os.ReadFile(file)
	}
	return string(data), err
}

// printSteps prints a line per step, branch steps indented under their
// decide step, then the solver's output.
func printSteps(w io.Writer, o *plan.Outcome, verbose bool) {
	width := 0
	for _, r := range o.Steps {
		width = max(width, len(r.Step.ID)+2*depth(r.Step))
	}
	for _, r := range o.Steps {
		if r.Step.ID == "" {
			continue
		}
		indent := strings.Repeat("  ", depth(r.Step))
		fmt.Fprintf(w, "%s%-*s  %-7s  %s\n", indent, width-len(indent), r.Step.ID, r.Status, describe(r))
		if verbose {
			for _, it := range r.Iterations {
				result := "(failed)"
				if it.HasResult {
					result = summary(it.Result)
				}
				fmt.Fprintf(w, "%s  [%d] item %s → %s\n", indent, it.Index, summary(it.Item), result)
			}
		}
	}
	if s := o.Solver; s != nil {
		fmt.Fprintf(w, "solver: %s\n", describe(s))
	}
}

// describe says in a line what a step gave.
func describe(r *plan.StepResult) string {
	switch {
	case r.BlockedBy != "":
		return "by " + r.BlockedBy
	case r.HasResult && r.Step == nil && r.Result.Kind() == template.String:
		return r.Result.Str() // the solver's text
	case r.HasResult:
		s := summary(r.Result)
		if r.Note != "" {
			s += "  (note: the given result differs)"
		}
		return s
	case r.Status == plan.Skipped && r.Step != nil && r.Step.In != nil:
		return "branch " + r.Step.InBranch + " not taken"
	case len(r.Errors) > 0:
		return r.Errors[0].Kind.String()
	}
	return ""
}

// printStep prints a step's rendered input and result, pretty.
func printStep(w io.Writer, r *plan.StepResult) {
	fmt.Fprintf(w, "%s: %s %s\n", r.Step.ID, r.Status, describe(r))
	if r.HasInput {
		fmt.Fprintf(w, "input:\n%s\n", display.JSON(r.Input))
	}
	for _, it := range r.Iterations {
		fmt.Fprintf(w, "iteration %d input:\n%s\n", it.Index, display.JSON(it.Input))
	}
	if r.HasResult {
		fmt.Fprintf(w, "result:\n%s\n", display.JSON(r.Result))
	}
	if r.Note != "" {
		fmt.Fprintln(w, "note:", r.Note)
	}
}

// depth is how many decide steps hold the step.
func depth(s *plan.Step) int {
	d := 0
	for ; s.In != nil; s = s.In {
		d++
	}
	return d
}

// summary is v's compact JSON cut at summaryWidth runes. A rune takes
// utf8.UTFMax bytes at the most: the bytes of one rune more than the line
// holds are all that is encoded, and they tell cut that there is more. A
// value of megabytes costs its line.
func summary(v template.Value) string {
	b, _ := display.AppendCompactUpTo(nil, v, utf8.UTFMax*(summaryWidth+1))
	return cut(string(b))
}

// cut shortens a line of JSON to summaryWidth runes, "…" the last.
func cut(s string) string {
	n, end := 0, 0
	for i := range s {
		switch n++; n {
		case summaryWidth:
			end = i // the last rune kept is the one before
		case summaryWidth + 1:
			return s[:end] + "…"
		}
	}
	return s
}
