package plan

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/splicedev/splice/template"
)

// twoStrands has two strands: E0 → E1 → E2 and E3 → E4, and a solver over both.
const twoStrands = `input: {who: ana}
steps:
  - id: E0
    tool_name: gh__pr
    input: {}
    result: {n: 1, title: Fix}
  - id: E1
    tool_name: builtin__reshape
    input: {shape: {n: "{{E0.n}}"}}
  - id: E2
    tool_name: builtin__reshape
    input: {shape: {line: "#{{E1.n}}"}}
  - id: E3
    tool_name: gh__user
    input: {login: "{{input.who}}"}
    result: {name: Ana, langs: [go, js]}
  - id: E4
    over: "{{E3.langs}}"
    tool_name: builtin__reshape
    input: {shape: {c: "{{item}}"}}
solver: "{{E2.line}} by {{E3.name}}"
`

// rerun runs text after prev, checks the result matches a run from
// scratch, and returns it.
func rerun(t *testing.T, prev *Outcome, text string) *Outcome {
	t.Helper()
	o := Run(Load(text), Options{Previous: prev, Trace: true})
	fresh := Run(Load(text), Options{Trace: true})
	if got, want := o.JSON(), fresh.JSON(); !bytes.Equal(got, want) {
		t.Fatalf("the run after an edit differs from a run from scratch:\n got %s\nwant %s", got, want)
	}
	for i, r := range o.Steps {
		if !slices.Equal(docs(r.Trace()), docs(fresh.Steps[i].Trace())) {
			t.Fatalf("step %s: trace placed at %v, a fresh run places it at %v", r.Step.ID, docs(r.Trace()), docs(fresh.Steps[i].Trace()))
		}
	}
	return o
}

func docs(trace []template.TraceEntry) []template.Pos {
	var out []template.Pos
	for _, e := range trace {
		out = append(out, e.Doc)
	}
	return out
}

func TestIncrementalRendersOnlyWhatReadsTheEdit(t *testing.T) {
	first := Run(Load(twoStrands), Options{Trace: true})
	if len(first.Errors) != 0 {
		t.Fatalf("errors: %v", first.Errors)
	}
	if first.Rendered != 6 { // five steps and the solver
		t.Fatalf("a first run rendered %d, want 6", first.Rendered)
	}
	cases := []struct {
		name, from, to string
		rendered       int
	}{
		// E0 and E1 render again, and the solver; E1 gives what it gave, so
		// E2 is kept, and so are E3 and E4.
		{"a sample edited", "title: Fix}", "title: Fixed}", 3},
		{"a sample edited where it is read", "{n: 1, title: Fix}", "{n: 2, title: Fix}", 4},
		{"a sample at the end of the other strand", "langs: [go, js]", "langs: [go, js, c]", 3},
		{"an edit of the last step", `{c: "{{item}}"}`, `{c: "{{item}}!"}`, 2},
		// E3 reads input; its sample is the same, so E4 is kept.
		{"the plan input", "who: ana", "who: bo", 2},
		// Lines added above every step move them all: nothing renders
		// again but the solver, and every place follows.
		{"lines added above", "input: {who: ana}", "# a comment\n\ninput: {who: ana}", 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			edited := strings.Replace(twoStrands, c.from, c.to, 1)
			if edited == twoStrands {
				t.Fatal("the edit changed nothing")
			}
			o := rerun(t, first, edited)
			if o.Rendered != c.rendered {
				t.Errorf("rendered %d steps, want %d", o.Rendered, c.rendered)
			}
		})
	}
}

func TestIncrementalKeepsErrorsInPlace(t *testing.T) {
	broken := strings.Replace(twoStrands, "{{E0.n}}", "{{E0.nn}}", 1)
	first := Run(Load(broken), Options{Trace: true})
	if len(first.Errors) != 1 || first.Errors[0].Kind != template.BadPath {
		t.Fatalf("errors: %v", first.Errors)
	}
	// An edit of another strand keeps E1's error, placed anew below the
	// lines added.
	edited := strings.Replace(broken, "input: {who: ana}", "input:\n  who: bo", 1)
	o := rerun(t, first, edited)
	if o.Rendered != 1 {
		t.Errorf("rendered %d, want 1: E3 reads input; E4 reads E3, whose sample is the same; the solver is blocked by E2", o.Rendered)
	}
	if e := o.Errors[0]; e.Doc.Line != first.Errors[0].Doc.Line+1 {
		t.Errorf("the kept error is at line %d, want %d", e.Doc.Line, first.Errors[0].Doc.Line+1)
	}
}

func TestIncrementalChargesTheBudget(t *testing.T) {
	rows := "[" + strings.Repeat("0,", 209) + "0]"
	heavy := "steps:\n  - id: E0\n    tool_name: t\n    result: " + rows + "\n" +
		"  - id: E1\n    tool_name: builtin__reshape\n    input: {shape: {n: \"{{#E0}}{{#E0}}{{#E0}}.{{/E0}}{{/E0}}{{/E0}}\"}}\n" +
		"  - id: E2\n    tool_name: builtin__reshape\n    input: {shape: {n: \"{{#E0}}{{#E0}}{{#E0}}.{{/E0}}{{/E0}}{{/E0}}\"}}\n"
	first := Run(Load(heavy), Options{})
	if len(first.Errors) == 0 || first.Errors[0].Kind != template.LimitError {
		t.Fatalf("want a LimitError at E2, got %v", first.Errors)
	}
	// E1 is kept, yet its work still counts: E2 fails as before.
	o := Run(Load(heavy+"solver: x\n"), Options{Previous: first})
	if r, _ := o.Result("E1"); !r.HasResult {
		t.Fatal("E1 lost its result")
	}
	if r, _ := o.Result("E2"); r.Status != Failed {
		t.Errorf("E2 is %s after the edit; a run from scratch fails it", r.Status)
	}
}

func TestStatusesAndReads(t *testing.T) {
	text := strings.Replace(twoStrands, "{{E0.n}}", "{{E0.nn}}", 1) + `  - id: D
    decide:
      a: []
      b:
        - id: B1
          tool_name: t
          input: {}
          result: 1
    branch: a
`
	text = strings.Replace(text, "solver: \"{{E2.line}} by {{E3.name}}\"\n", "", 1) + "solver: \"{{E2.line}}\"\n"
	o := Run(Load(text), Options{})
	want := map[string]Status{"E0": Sampled, "E1": Failed, "E2": Blocked, "E3": Sampled, "E4": Ran, "D": Ran, "B1": Skipped}
	for id, status := range want {
		if r, _ := o.Result(id); r.Status != status {
			t.Errorf("%s is %s, want %s", id, r.Status, status)
		}
	}
	if r, _ := o.Result("E2"); r.BlockedBy != "E1" {
		t.Errorf("E2 blocked by %q, want E1", r.BlockedBy)
	}
	if o.Solver.Status != Blocked || o.Solver.BlockedBy != "E2" {
		t.Errorf("the solver is %s by %q, want blocked by E2", o.Solver.Status, o.Solver.BlockedBy)
	}
	e4, _ := o.Plan.Step("E4")
	if !slices.Equal(e4.reads, []string{"E3"}) {
		t.Errorf("E4 reads %v, want [E3]", e4.reads)
	}
}

func TestNote(t *testing.T) {
	o := Run(Load("steps:\n  - id: E0\n    tool_name: builtin__reshape\n    input: {shape: {a: 1}}\n    result: {a: 2}\n"), Options{})
	r, _ := o.Result("E0")
	if len(o.Errors) != 0 || !strings.Contains(r.Note, `{"a":2}`) {
		t.Errorf("errors %v, note %q: want no error and a note naming the given result", o.Errors, r.Note)
	}
}

// TestEveryErrorIsPlaced runs every plan of the project's vectors: no
// error without a place in the document, and blocking follows the reads.
func TestEveryErrorIsPlaced(t *testing.T) {
	plans := vectorPlans(t, "../../shared/design/plans.json")
	for _, text := range plans {
		checkOutcome(t, text)
	}
	if len(plans) < 100 {
		t.Errorf("ran %d plans, want the project's suite and the examples", len(plans))
	}
}

// vectorPlans returns the plan of every test of the project's vectors and
// of the files named (the shared examples, when they are there: always in
// CI), each as its text.
func vectorPlans(t testing.TB, more ...string) []string {
	files, _ := filepath.Glob("testdata/*.json")
	var plans []string
	for _, f := range append(files, more...) {
		data, err := os.ReadFile(f)
		if err != nil {
			if os.Getenv("CI") == "" && slices.Contains(more, f) {
				continue
			}
			t.Fatal(err)
		}
		doc, err := template.ParseJSON(data)
		if err != nil {
			t.Fatal(f, err)
		}
		tests, _ := doc.Lookup("tests")
		for _, test := range tests.Elems() {
			text, _ := test.Lookup("plan")
			if text.Kind() != template.String {
				text = template.StringValue(text.JSON())
			}
			plans = append(plans, text.Str())
		}
	}
	return plans
}

// checkOutcome checks what must hold of any run of any text.
func checkOutcome(t *testing.T, text string) {
	t.Helper()
	o := Run(Load(text), Options{})
	for _, e := range o.Errors {
		if e.Doc.Line < 1 || e.Doc.Column < 1 || e.Doc.Offset > len(text) {
			t.Fatalf("%q: error not placed in the document: %v (doc %v)", text, e, e.Doc)
		}
	}
	for _, r := range o.Steps {
		switch r.Status {
		case Ran, Sampled:
			if !r.HasResult && r.Step.Form != Decide {
				t.Fatalf("%q: step %s is %s without a result", text, r.Step.ID, r.Status)
			}
			for _, id := range r.Step.reads {
				if dep, _ := o.Result(id); !dep.HasResult {
					t.Fatalf("%q: step %s ran though %s, which it reads, has no result", text, r.Step.ID, id)
				}
			}
		case Blocked:
			if strings.HasPrefix(r.BlockedBy, "/") {
				continue // a decide step's last branch step, which has no id
			}
			dep, ok := o.Result(r.BlockedBy)
			if !ok || dep.HasResult {
				t.Fatalf("%q: step %s blocked by %q, which has a result or is no step", text, r.Step.ID, r.BlockedBy)
			}
			if r.Step.Form != Decide && !slices.Contains(r.Step.reads, r.BlockedBy) {
				t.Fatalf("%q: step %s blocked by %s, which it does not read", text, r.Step.ID, r.BlockedBy)
			}
			if r.HasResult || len(r.Errors) > 0 {
				t.Fatalf("%q: blocked step %s has a result or errors of its own", text, r.Step.ID)
			}
		}
	}
}

// maxFuzzPlan caps a fuzzed plan: the engine's bounds are tested apart.
const maxFuzzPlan = 4 << 10

func FuzzPlan(f *testing.F) {
	f.Add(twoStrands)
	for _, text := range vectorPlans(f) {
		if len(text) <= maxFuzzPlan {
			f.Add(text)
		}
	}
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > maxFuzzPlan {
			return
		}
		checkOutcome(t, text)
	})
}

// TestCappedStepErrorsCountedOnce: a step's errors capped at MaxErrors and
// the plan's capped again say how many were left out in all.
func TestCappedStepErrorsCountedOnce(t *testing.T) {
	o := Run(Load(failingItems(300)), Options{})
	if len(o.Errors) != template.MaxErrors+1 {
		t.Fatalf("%d errors, want %d", len(o.Errors), template.MaxErrors+1)
	}
	if last := o.Errors[template.MaxErrors]; last.Kind != template.LimitError || !strings.Contains(last.Msg, "and 200 more errors") {
		t.Errorf("the last error is %v %q, want a LimitError counting 200 more", last.Kind, last.Msg)
	}
}

// TestWrongBranchQuotedCut: a wrong decision is quoted cut in its message.
func TestWrongBranchQuotedCut(t *testing.T) {
	p := Load("steps:\n  - id: d\n    branch: " + strings.Repeat("x", 10000) + "\n    decide: {a: []}\n")
	if len(p.Errors) != 1 || len(p.Errors[0].Msg) > 200 || !strings.Contains(p.Errors[0].Msg, "xxx…") {
		t.Errorf("errors %v, want one whose message quotes the decision cut", p.Errors)
	}
}

// A step calling a tool the plan does not define names it as written and
// offers the nearest the plan has.
func TestMissingUserToolNamedAsWritten(t *testing.T) {
	p := Load("tools: [{name: fetch_issue, kind: exec, command: [gh]}]\nsteps:\n  - {id: a, tool_name: user__fetch_isue, input: {}}\n")
	if len(p.Errors) != 1 || !strings.Contains(p.Errors[0].Msg, `"user__fetch_isue"`) || p.Errors[0].Suggestion != "user__fetch_issue" {
		t.Fatalf("errors %v", p.Errors)
	}
}

// A sample's null read as text warns once per tag that reads it, at most
// maxNullReads in all.
func TestNullReadsCapped(t *testing.T) {
	var shape strings.Builder
	for i := range 3 * maxNullReads {
		fmt.Fprintf(&shape, "k%d: \"PR #{{E1.number}}\", ", i)
	}
	text := "steps:\n  - {id: E1, tool_name: gh__pr, input: {}, result: {number: null}}\n" +
		"  - {id: card, tool_name: builtin__reshape, input: {shape: {" + shape.String() + "}}}\n"
	warnings := Run(Load(text), Options{Trace: true}).NullReads()
	if len(warnings) != maxNullReads || !strings.Contains(warnings[0].Msg, "{{E1.number}} is null in E1's sample") ||
		text[warnings[0].Pos.Offset:warnings[0].End] != "{{E1.number}}" {
		t.Fatalf("%d warnings, the first %+v", len(warnings), warnings[0])
	}
}

// A plan with a slip in its YAML is still a plan (its error says where);
// a mapping without steps, parsed or not, is not one.
func TestIsPlan(t *testing.T) {
	for text, want := range map[string]bool{
		"steps:\n  - id: a\n    tool_name: t\n    result: 1\n":      true,
		"input: {}\nsteps:\n  - id: a\n    tool_name:t\n    x: 1\n": true,
		"\ufeffsteps:\n\t- id: a\n":                                 true,
		`{"steps": [}`:                                              true,
		"title: \"{{E0.title}}\"\n":                                 false,
		"title: {{E0.title}}: x\n  y\n":                             false,
		"[1, 2]":                                                    false,
	} {
		if got := IsPlan(text); got != want {
			t.Errorf("IsPlan(%q) = %v, want %v", text, got, want)
		}
	}
}

// builtin__reshape called with an input that is no mapping is told so
// once: not also that the input lacks its shape.
func TestReshapeInputThatIsNoMapping(t *testing.T) {
	p := Load("steps:\n  - id: a\n    tool_name: builtin__reshape\n    input: \"{{input}}\"\n")
	if len(p.Errors) != 1 || !strings.Contains(p.Errors[0].Msg, "input must be a mapping") {
		t.Errorf("errors %v, want the one that the input must be a mapping", p.Errors)
	}
}
