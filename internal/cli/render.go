package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/splicedev/splice/internal/display"
	"github.com/splicedev/splice/reshape"
	"github.com/splicedev/splice/template"
)

func init() {
	commands["render"] = command{
		summary: "render a template or shape against roots: render -t TEMPLATE | -f FILE | --shape FILE --root NAME=FILE.json ...",
		run: func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
			return runSubject("render", args, stdin, stdout, stderr)
		},
	}
	commands["check"] = command{
		summary: "run the load-time checks alone: check -t TEMPLATE | -f FILE | --shape FILE --root NAME=FILE.json ... | check PLAN_FILE; run the examples of docs: check [--format github] DOCS... (.md, .html, directories)",
		run: func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
			return runSubject("check", args, stdin, stdout, stderr)
		},
	}
}

// listFlag collects a repeated flag; commas separate values too.
type listFlag []string

func (l *listFlag) String() string { return strings.Join(*l, ",") }
func (l *listFlag) Set(s string) error {
	for _, v := range strings.Split(s, ",") {
		if v = strings.TrimSpace(v); v != "" {
			*l = append(*l, v)
		}
	}
	return nil
}

// branchFlag collects --branch-step ID=DECIDE.
type branchFlag map[string]string

func (b branchFlag) String() string { return fmt.Sprint(map[string]string(b)) }
func (b branchFlag) Set(s string) error {
	id, decide, ok := strings.Cut(s, "=")
	if !ok || template.ValidateStepID(id) != "" || template.ValidateStepID(decide) != "" {
		return errors.New("want ID=DECIDE, two step ids, as in E5=E3")
	}
	b[id] = decide
	return nil
}

// rootFlag collects --root NAME=FILE in step order. A name given again
// takes the later file's value in its first place, as a key repeated in a
// JSON object does (template.Roots.WithInput).
type rootFlag struct {
	roots template.Roots
	stdin io.Reader // for the file "-"
}

func (r *rootFlag) String() string { return strings.Join(r.roots.Names(), ",") }
func (r *rootFlag) Set(s string) error {
	name, file, ok := strings.Cut(s, "=")
	if !ok || name == "" || file == "" {
		return errors.New("want NAME=FILE, as in E0=result.json")
	}
	v, err := readValue(file, r.stdin)
	if err != nil {
		return err
	}
	r.roots = append(r.roots, template.Root{Name: name, Value: v})
	return nil
}

// readValue reads a file of JSON or YAML by the one rule of
// reshape.ParseData; "-" is stdin.
func readValue(file string, stdin io.Reader) (template.Value, error) {
	data, err := readText(file, stdin)
	if err != nil {
		return template.Value{}, err
	}
	return parseValue(file, data)
}

// parseValue parses data, the text of file, as readValue does.
func parseValue(file, data string) (template.Value, error) {
	v, err := reshape.ParseData(data)
	if list := template.Errors(err); len(list) == 1 {
		named := *list[0]
		named.Msg = file + ": " + named.Msg
		return template.Value{}, &named
	}
	if err != nil {
		return template.Value{}, fmt.Errorf("%s: %w", file, err)
	}
	return v, nil
}

// runSubject implements render and check, which share their flags.
func runSubject(name string, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet(name, stderr)
	text := fs.String("t", "", "the template `TEXT`")
	file := fs.String("f", "", "read the template from `FILE`")
	shapeFile := fs.String("shape", "", "a shape `FILE` (JSON or YAML) instead of a template")
	roots := rootFlag{stdin: stdin}
	var later listFlag
	fs.Var(&roots, "root", "a root `NAME=FILE` (JSON, or YAML, by the text; - for stdin), repeated in step order; a name given again takes the later file")
	fs.Var(&later, "later", "step `IDS` that run after this step (forward references), repeatable")
	branch := branchFlag{}
	fs.Var(branch, "branch-step", "`ID=DECIDE`: step ID sits in a branch of decide step DECIDE that this step is not in, repeatable")
	iteration := fs.Bool("iteration", false, "the template sits in an iteration body (item, index, accumulator are roots)")
	var format *string
	if name == "check" {
		format = fs.String("format", "text", "how docs' errors are printed: text (FILE:LINE:COL: message), or github (workflow annotations, on stdout)")
	}
	if fs.Parse(args) != nil {
		return 2
	}
	if name == "check" && countSet(fs, "t", "f", "shape") == 0 && fs.NArg() > 0 {
		if fs.NArg() > 1 || isDocsArg(fs.Arg(0)) {
			return checkDocs(fs.Args(), *format, stdout, stderr)
		}
		return checkPlan(fs.Arg(0), stdin, stdout, stderr)
	}
	if given := countSet(fs, "t", "f", "shape"); given != 1 || fs.NArg() > 0 {
		what := "give exactly one of -t TEMPLATE, -f FILE or --shape FILE"
		if name == "check" && given == 0 {
			what = "give a plan file, docs to check (.md, .html, directories), or one of -t TEMPLATE, -f FILE or --shape FILE"
		}
		fmt.Fprintln(stderr, "splice "+name+": "+what)
		return 2
	}
	steps := roots.roots.WithInput()
	scope := steps.Scope(later, branch, *iteration)

	var subj template.Subject
	var err error
	var doc string // the shape's text, where its errors are shown
	switch {
	case *shapeFile != "":
		var shape *reshape.Shape
		if shape, doc, err = readShape(*shapeFile); shape != nil {
			subj = shape
			printWarnings(stderr, *shapeFile, doc, shape.Warnings())
		}
	case *file != "":
		var data []byte
		if data, err = os.ReadFile(*file); err == nil {
			subj, err = template.Parse(string(data))
		}
	default:
		subj, err = template.Parse(*text)
	}
	if err == nil {
		var res template.Result
		if name == "render" {
			res = template.Run(subj, scope, steps, nil)
		} else {
			res = template.Check(subj, scope)
		}
		switch err = res.Err; {
		case err != nil:
		case name == "render":
			fmt.Fprintln(stdout, display.Result(res.Value, res.Typed))
		default:
			fmt.Fprintln(stdout, "ok")
		}
	}
	if err != nil {
		fmt.Fprint(stderr, reshape.FormatIn(err, doc))
		return 1
	}
	return 0
}

func readShape(file string) (*reshape.Shape, string, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, "", err
	}
	s, err := reshape.ParseShape(string(data))
	if err != nil {
		return nil, string(data), err // keep the nil interface a nil *Shape is not
	}
	return s, string(data), nil
}

// countSet counts how many of the named flags were given.
func countSet(fs *flag.FlagSet, names ...string) int {
	n := 0
	fs.Visit(func(f *flag.Flag) {
		for _, name := range names {
			if f.Name == name {
				n++
			}
		}
	})
	return n
}
