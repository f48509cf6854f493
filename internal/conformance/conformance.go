// Package conformance runs the portable test vectors of the dialect
// (shared/conformance/FORMAT.md): template, shape and tool tests.
package conformance

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/splicedev/splice/plan"
	"github.com/splicedev/splice/reshape"
	"github.com/splicedev/splice/template"
)

// Test is one vector.
type Test struct {
	File      string
	Name      string
	Template  *string         // a template test, or
	Shape     *template.Value // a shape test, or
	Tool      *string         // a tool test with Call, or
	Plan      *string         // a plan test: the plan document's text
	Call      template.Value
	Roots     template.Roots // in step order, input first
	Later     []string
	Branch    map[string]string // branch_steps: step id → its decide step
	Iteration bool
	Expect    *template.Value // a plan test's: {steps, solver, blocked}
	Error     *Expected
}

// Expected is the first error a vector expects. Empty fields are not checked;
// Available is checked when HasAvailable.
type Expected struct {
	Kind, Phase  string
	Path, At     string
	Step         string // a plan test's: the step id
	Line, Column int
	Contains     string
	Available    []string
	HasAvailable bool
}

// Scope is the load-time scope of the vector.
func (t *Test) Scope() template.Scope {
	return template.Scope{Roots: t.Roots.Names(), Later: t.Later, Branch: t.Branch, Iteration: t.Iteration}
}

// Load reads vector files, and the *.json files of folders (not their
// subfolders, which may hold other data).
func Load(paths ...string) ([]*Test, error) {
	var tests []*Test
	for _, p := range paths {
		files := []string{p}
		if info, err := os.Stat(p); err != nil {
			return tests, err
		} else if info.IsDir() {
			files, _ = filepath.Glob(filepath.Join(p, "*.json"))
		}
		for _, f := range files {
			file, err := LoadFile(f)
			if err != nil {
				return tests, err
			}
			tests = append(tests, file...)
		}
	}
	return tests, nil
}

// LoadFile reads one vector file.
func LoadFile(path string) ([]*Test, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	doc, err := template.ParseJSON(data)
	if err != nil {
		return nil, fmt.Errorf("%s:%w", path, err)
	}
	list, ok := doc.Lookup("tests")
	if !ok || list.Kind() != template.Array {
		return nil, fmt.Errorf("%s: not a vector file: no \"tests\" array", path)
	}
	tests := make([]*Test, 0, list.Len())
	seen := map[string]bool{}
	for i, v := range list.Elems() {
		t, err := decodeTest(v)
		if err != nil {
			return nil, fmt.Errorf("%s: test %d: %w", path, i, err)
		}
		if seen[t.Name] {
			return nil, fmt.Errorf("%s: duplicate test name %q", path, t.Name)
		}
		seen[t.Name] = true
		t.File = path
		tests = append(tests, t)
	}
	return tests, nil
}

func decodeTest(v template.Value) (*Test, error) {
	if v.Kind() != template.Object {
		return nil, fmt.Errorf("a test must be an object, not %s", v.Kind())
	}
	t := &Test{}
	name, _ := v.Lookup("name")
	if t.Name = name.Str(); name.Kind() != template.String || t.Name == "" {
		return nil, fmt.Errorf("a test needs a name")
	}
	if s, ok := v.Lookup("template"); ok {
		text := s.Str()
		t.Template = &text
	}
	if s, ok := v.Lookup("shape"); ok {
		t.Shape = &s
	}
	if s, ok := v.Lookup("tool"); ok {
		text := s.Str()
		t.Tool = &text
		t.Call, _ = v.Lookup("call")
	}
	if s, ok := v.Lookup("plan"); ok {
		text := s.Str()
		if s.Kind() != template.String {
			text = s.JSON()
		}
		t.Plan = &text
	}
	if subjects := btoi(t.Template != nil) + btoi(t.Shape != nil) + btoi(t.Tool != nil) + btoi(t.Plan != nil); subjects != 1 {
		return nil, fmt.Errorf("%q: a test has exactly one of template, shape, tool or plan", t.Name)
	}
	roots, _ := v.Lookup("roots")
	for _, m := range roots.Members() {
		t.Roots = append(t.Roots, template.Root{Name: m.Key, Value: m.Value})
	}
	t.Roots = t.Roots.WithInput()
	later, _ := v.Lookup("later")
	t.Later = strs(later)
	if branch, ok := v.Lookup("branch_steps"); ok {
		if branch.Kind() != template.Object {
			return nil, fmt.Errorf("%q: branch_steps must be an object of step id to decide step id", t.Name)
		}
		t.Branch = map[string]string{}
		for _, m := range branch.Members() {
			t.Branch[m.Key] = m.Value.Str()
		}
	}
	it, _ := v.Lookup("iteration")
	t.Iteration = it.Bool()
	if e, ok := v.Lookup("expect"); ok {
		t.Expect = &e
	}
	if e, ok := v.Lookup("error"); ok {
		t.Error = decodeExpected(e)
	}
	switch {
	case t.Plan != nil:
		if t.Expect != nil && t.Expect.Kind() != template.Object {
			return nil, fmt.Errorf("%q: a plan test's expect is an object of steps, solver and blocked", t.Name)
		}
	case (t.Expect == nil) == (t.Error == nil):
		return nil, fmt.Errorf("%q: a test has exactly one of expect or error", t.Name)
	}
	return t, nil
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

func decodeExpected(v template.Value) *Expected {
	str := func(k string) string { s, _ := v.Lookup(k); return s.Str() }
	num := func(k string) int {
		s, _ := v.Lookup(k)
		var n int
		fmt.Sscan(s.Str(), &n)
		return n
	}
	e := &Expected{Kind: str("kind"), Phase: str("phase"), Path: str("path"), At: str("at"), Step: str("step"),
		Line: num("line"), Column: num("column"), Contains: str("contains")}
	if a, ok := v.Lookup("available"); ok {
		e.Available, e.HasAvailable = strs(a), true
	}
	return e
}

func strs(v template.Value) []string {
	out := make([]string, 0, v.Len())
	for _, e := range v.Elems() {
		out = append(out, e.Str())
	}
	return out
}

// Run runs the test and describes how it failed, or returns "".
func (t *Test) Run() (failure string) {
	defer func() {
		if p := recover(); p != nil {
			failure = fmt.Sprint("panic: ", p)
		}
	}()
	if t.Plan != nil {
		return t.ComparePlan(plan.Run(plan.Load(*t.Plan), plan.Options{}))
	}
	return t.Compare(t.result())
}

// Compare describes how a result differs from what the vector expects, or
// returns "". Runners elsewhere (the engine in a browser) judge with it too.
func (t *Test) Compare(v template.Value, err error) string {
	if t.Error != nil {
		if err == nil {
			return "expected " + t.Error.Kind + " (" + t.Error.Phase + "), got result " + v.JSON()
		}
		return t.Error.mismatch(err, false)
	}
	if err != nil {
		return "expected " + t.Expect.JSON() + ", got " + strings.TrimSpace(reshape.FormatIn(err, ""))
	}
	if !v.Equal(*t.Expect) {
		return "expected " + t.Expect.JSON() + ", got " + v.JSON()
	}
	return ""
}

// result loads and renders the vector's subject through the engine's one
// runner.
func (t *Test) result() (template.Value, error) {
	subject, err := t.subject()
	if err != nil {
		return template.Value{}, err
	}
	res := template.Run(subject, t.Scope(), t.Roots, nil)
	if !res.OK() {
		return template.Value{}, res.Err
	}
	return res.Value, nil
}

// subject parses the vector's template, shape or tool call.
func (t *Test) subject() (template.Subject, error) {
	switch {
	case t.Template != nil:
		return template.Parse(*t.Template)
	case t.Shape != nil:
		return reshape.ShapeFromValue(*t.Shape)
	case t.Plan != nil:
		return nil, fmt.Errorf("a plan test is run by ComparePlan")
	}
	tool, err := reshape.LoadTool([]byte(*t.Tool))
	if err != nil {
		return nil, err
	}
	return reshape.Call{Tool: tool, Input: t.Call}, nil
}

// mismatch compares the first error with the expectation; a plan's line
// and column are the document's.
func (x *Expected) mismatch(err error, inDoc bool) string {
	list := plan.Errors(err)
	if len(list) == 0 {
		return "expected " + x.Kind + ", got untyped error: " + err.Error()
	}
	e := list[0]
	var diffs []string
	check := func(field, want, got string) {
		if want != got {
			diffs = append(diffs, fmt.Sprintf("%s %q, got %q", field, want, got))
		}
	}
	check("kind", x.Kind, e.Kind.String())
	check("phase", x.Phase, e.Phase.String())
	if x.Step != "" {
		check("step", x.Step, e.Step)
	}
	pos := e.Pos
	if inDoc {
		pos = e.Doc
	}
	if x.Path != "" {
		check("path", x.Path, e.Path)
	}
	if x.At != "" {
		check("at", x.At, e.At)
	}
	if x.Line != 0 {
		check("line", fmt.Sprint(x.Line), fmt.Sprint(pos.Line))
	}
	if x.Column != 0 {
		check("column", fmt.Sprint(x.Column), fmt.Sprint(pos.Column))
	}
	if x.HasAvailable && !slices.Equal(x.Available, e.Available) {
		diffs = append(diffs, fmt.Sprintf("available %q, got %q", x.Available, e.Available))
	}
	if x.Contains != "" && !strings.Contains(strings.ToLower(e.Message()), strings.ToLower(x.Contains)) {
		diffs = append(diffs, fmt.Sprintf("message containing %q, got %q", x.Contains, e.Message()))
	}
	if len(diffs) == 0 {
		return ""
	}
	return "expected " + strings.Join(diffs, "; ")
}

// ComparePlan describes how a run of the vector's plan differs from what
// it expects, or returns "": the first error, the results of the steps and
// the solver it names, and the steps it says were blocked.
func (t *Test) ComparePlan(o *plan.Outcome) string {
	var diffs []string
	switch {
	case t.Error != nil && len(o.Errors) == 0:
		diffs = append(diffs, "expected "+t.Error.Kind+" ("+t.Error.Phase+"), got no error")
	case t.Error != nil:
		if msg := t.Error.mismatch(o.Errors, true); msg != "" {
			diffs = append(diffs, msg)
		}
	case len(o.Errors) > 0:
		diffs = append(diffs, "expected no error, got "+strings.TrimSpace(reshape.FormatIn(o.Errors[:1], o.Plan.Text())))
	}
	if t.Expect != nil {
		steps, _ := t.Expect.Lookup("steps")
		for _, m := range steps.Members() {
			r, ok := o.Result(m.Key)
			switch {
			case !ok:
				diffs = append(diffs, "expected step "+m.Key+", the plan has none")
			case !r.HasResult:
				diffs = append(diffs, "expected step "+m.Key+" to give "+m.Value.JSON()+", it has no result (status "+r.Status.String()+describeBlock(r)+")")
			case !r.Result.Equal(m.Value):
				diffs = append(diffs, "expected step "+m.Key+" to give "+m.Value.JSON()+", got "+r.Result.JSON())
			}
		}
		if want, ok := t.Expect.Lookup("solver"); ok {
			switch s := o.Solver; {
			case s == nil:
				diffs = append(diffs, "expected the solver to give "+want.JSON()+", the plan has none")
			case !s.HasResult:
				diffs = append(diffs, "expected the solver to give "+want.JSON()+", it has no result (status "+s.Status.String()+describeBlock(s)+")")
			case !s.Result.Equal(want):
				diffs = append(diffs, "expected the solver to give "+want.JSON()+", got "+s.Result.JSON())
			}
		}
		blocked, _ := t.Expect.Lookup("blocked")
		for _, id := range strs(blocked) {
			if r, ok := o.Result(id); !ok || r.Status != plan.Blocked {
				got := "no such step"
				if ok {
					got = r.Status.String()
				}
				diffs = append(diffs, "expected step "+id+" to be blocked, got "+got)
			}
		}
	}
	return strings.Join(diffs, "; ")
}

func describeBlock(r *plan.StepResult) string {
	if r.BlockedBy == "" {
		return ""
	}
	return " by " + r.BlockedBy
}

// Report is the outcome of a run.
type Report struct {
	Passed   int
	Failures []string // "file: name: what differed"
}

// RunAll runs tests and collects the failures.
func RunAll(tests []*Test) Report {
	var r Report
	for _, t := range tests {
		if msg := t.Run(); msg != "" {
			r.Failures = append(r.Failures, t.File+": "+t.Name+": "+msg)
		} else {
			r.Passed++
		}
	}
	return r
}

// Summary is the runner's closing line.
func (r Report) Summary() string {
	return fmt.Sprintf("%d passed, %d failed", r.Passed, len(r.Failures))
}
