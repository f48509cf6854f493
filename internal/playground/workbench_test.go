package playground

import (
	"slices"
	"strings"
	"testing"

	"github.com/splicedev/splice/internal/examples"
	"github.com/splicedev/splice/internal/playground/evaluate"
	"github.com/splicedev/splice/internal/playground/state"
)

// A slip in the YAML keeps the last run that parsed in view, marked stale,
// with the parse error placed; the next text that parses runs again.
func TestSlipKeepsTheLastRun(t *testing.T) {
	ss := NewSession(examples.ByID("pr-plan").Open())
	good := ss.State.Plan
	ids := stepIDs(ss)
	solver := ss.Out.Result.JSON
	slip := strings.Replace(good, "  - id: card", " - id: card", 1)
	ss.write(state.Target{}, slip)
	view := ss.Out.Plan
	if view == nil || !view.Stale || !slices.Equal(stepIDs(ss), ids) {
		t.Fatalf("after a slip: stale %v, steps %v; want the last run's %v, stale", view != nil && view.Stale, stepIDs(ss), ids)
	}
	line := strings.Count(slip[:strings.Index(slip, " - id: card")], "\n") + 1
	if len(ss.Out.Problems) == 0 || ss.Out.Problems[0].Pos.Line < line-1 || ss.Out.Problems[0].Pos.Line > line+1 {
		t.Errorf("problems %+v, want the parse error near line %d", ss.Out.Problems, line)
	}
	if ss.Out.Result == nil || ss.Out.Result.JSON != solver {
		t.Errorf("the output shows %s, want the last run's %s", ss.Out.Result.JSON, solver)
	}
	ss.SelectStep("card")
	if ss.Out.Plan.Selected != "card" || ss.Out.Result == nil {
		t.Errorf("selecting a step of the stale run shows %q", ss.Out.Plan.Selected)
	}
	ss.write(state.Target{}, good)
	if ss.Out.Plan.Stale || len(ss.Out.Problems) > 0 {
		t.Errorf("mended: stale %v, problems %v", ss.Out.Plan.Stale, ss.Out.Problems)
	}
}

// Completion is offered while the tag is typed: in a tag that fails its
// step, and in a line that breaks the document, from the last good run.
func TestCompletionWhileTyping(t *testing.T) {
	ss := NewSession(examples.ByID("pr-plan").Open())
	text := ss.State.Plan
	at := strings.Index(text, `n: "{{index}}"`)
	for _, typed := range []string{
		`m: "{{item.", `, // the tag unfinished: the step fails
		`m: "{{item.`,    // the quote too: the document does not parse
	} {
		tag := strings.Index(typed, "{{item.") + len("{{item.")
		for i := range typed {
			ss.write(state.Target{}, text[:at]+typed[:i+1]+text[at:])
		}
		if got := offered(ss, at+tag); !slices.Equal(got, []string{"additions", "path"}) {
			t.Errorf("after typing %q: offered %v, want the items' keys", typed, got)
		}
		ss.write(state.Target{}, text)
	}
}

func stepIDs(ss *Session) []string {
	var ids []string
	for _, r := range ss.Out.Plan.Steps {
		ids = append(ids, r.ID)
	}
	return ids
}

// Revealing a step selects it and its id in the document; the solver's
// key for the solver.
func TestRevealStep(t *testing.T) {
	ss := NewSession(examples.ByID("pr-plan").Open())
	text := ss.State.Plan
	for _, tt := range []struct{ id, at, selected string }{{"per_file", "id: per_file", "per_file"}, {"review", "id: review", "review"}, {"", "solver:", "solver"}} {
		ss.RevealStep(tt.id)
		sel := ss.Selection
		from := strings.Index(text, tt.at) + strings.Index(tt.at, tt.selected)
		if ss.Out.Plan.Selected != tt.id || sel.Target != (state.Target{}) || sel.Range != [2]int{from, from + len(tt.selected)} {
			t.Errorf("reveal %q: selected %q, selection %+v, want [%d, %d)", tt.id, ss.Out.Plan.Selected, sel, from, from+len(tt.selected))
		}
	}
}

// An unquoted template in a plan document offers its quoting as a fix, a
// warning names the step it is in, and the two commonest YAML slips offer
// the line that mends them.
func TestPlanTrapsOfferFixes(t *testing.T) {
	text := "steps:\n  - id: a\n    tool_name: builtin__reshape\n    input:\n      shape:\n        x: {{input.a}}\n"
	ss := NewSession(state.State{Mode: state.ModePlan, Plan: text})
	if len(ss.Out.Problems) != 1 || ss.Out.Problems[0].Fix != `"{{input.a}}"` {
		t.Fatalf("problems %+v, want the quoting as a fix", ss.Out.Problems)
	}
	ss.Fix(0, ss.Out.Problems[0].Fix)
	if !strings.Contains(ss.State.Plan, `x: "{{input.a}}"`) {
		t.Errorf("after the fix:\n%s", ss.State.Plan)
	}
	warned := "input: {a: 1}\nsteps:\n  - id: a\n    tool_name: builtin__reshape\n    input:\n      shape:\n        x: PR #{{input.a}}\n"
	ss = NewSession(state.State{Mode: state.ModePlan, Plan: warned})
	if len(ss.Out.Problems) != 1 || ss.Out.Problems[0].KindName() != "Warning" || ss.Out.Problems[0].Step != "a" || ss.Out.Problems[0].Fix == "" {
		t.Errorf("problems %+v, want a warning of step a with its fix", ss.Out.Problems)
	}
	// A key with no space after its ':' and a line indented by a tab.
	for _, slip := range []string{"tool_name:builtin__reshape", "\ttool_name: builtin__reshape"} {
		text := "steps:\n  - id: a\n    " + slip + "\n    input: {shape: {x: 1}}\n"
		ss = NewSession(state.State{Mode: state.ModePlan, Plan: text})
		if len(ss.Out.Problems) != 1 || ss.Out.Problems[0].Fix == "" {
			t.Fatalf("%q: problems %+v, want one with its fix", slip, ss.Out.Problems)
		}
		ss.Fix(0, ss.Out.Problems[0].Fix)
		if len(ss.Out.Problems) != 0 || ss.Out.Plan.Steps[0].Status != "ok" {
			t.Errorf("%q: after the fix, problems %+v:\n%s", slip, ss.Out.Problems, ss.State.Plan)
		}
	}
	// Steps written as one step's mapping; a shape beside its input; a
	// flow bracket left open.
	for _, trap := range []string{
		"steps:\n  id: a\n  tool_name: builtin__reshape\n  input: {shape: {x: 1}}\n",
		"steps:\n  - id: a\n    tool_name: builtin__reshape\n    shape: {x: 1}\n",
		"steps:\n  - id: a\n    tool_name: builtin__reshape\n    input: {shape: {x: 1}\n",
	} {
		ss = NewSession(state.State{Mode: state.ModePlan, Plan: trap})
		i := slices.IndexFunc(ss.Out.Problems, func(p evaluate.Problem) bool { return p.Fix != "" })
		if i < 0 {
			t.Fatalf("%q: problems %+v, want one with its fix", trap, ss.Out.Problems)
		}
		ss.Fix(i, ss.Out.Problems[i].Fix)
		if len(ss.Out.Problems) != 0 || ss.Out.Plan.Steps[0].Status != "ok" {
			t.Errorf("%q: after the fix, problems %+v:\n%s", trap, ss.Out.Problems, ss.State.Plan)
		}
	}
}

// A step the plan reads but lacks is added, before its reader, with a
// sample of what the plan reads of it.
func TestAddMissingStep(t *testing.T) {
	text := "steps:\n  - id: card\n    tool_name: builtin__reshape\n    input:\n      shape: {t: \"{{E1.title}}\", by: \"{{E1.author.login}}\"}\n"
	ss := NewSession(state.State{Mode: state.ModePlan, Plan: text})
	if len(ss.Out.Problems) == 0 || ss.MissingStep(0) != "E1" {
		t.Fatalf("problems %+v: want a MissingStep of E1 to add", ss.Out.Problems)
	}
	if !ss.AddMissingStep(0) {
		t.Fatal("AddMissingStep refused")
	}
	want := "steps:\n  - id: E1\n    tool_name: server__tool # the tool it calls\n    input: {}\n    result:\n      title: \"<title>\"\n      author:\n        login: \"<login>\"\n  - id: card\n"
	if !strings.HasPrefix(ss.State.Plan, want) || len(ss.Out.Problems) > 0 || ss.Out.Plan.Selected != "E1" {
		t.Errorf("after adding E1 (problems %v, selected %q):\n%s", ss.Out.Problems, ss.Out.Plan.Selected, ss.State.Plan)
	}
	typo := "steps:\n  - id: E1\n    tool_name: x__y\n    input: {}\n    result: {title: T}\n  - id: card\n    tool_name: builtin__reshape\n    input: {shape: {t: \"{{E2.title}}\"}}\n"
	if ss := NewSession(state.State{Mode: state.ModePlan, Plan: typo}); ss.MissingStep(0) != "" {
		t.Errorf("a misspelt step is offered as a new one: %+v", ss.Out.Problems)
	}
}

// A bare list of steps, pasted without its key, is wrapped in "steps:"
// (YAML) or {"steps": …} (JSON) and runs.
func TestWrapInSteps(t *testing.T) {
	for _, bare := range []string{
		"- id: a\n  tool_name: builtin__reshape\n  input: {shape: {x: 1}}\n",
		`[{"id": "a", "tool_name": "builtin__reshape", "input": {"shape": {"x": 1}}}]`,
	} {
		ss := NewSession(state.State{Mode: state.ModePlan, Plan: bare})
		if !ss.BareSteps() || len(ss.Out.Problems) == 0 {
			t.Fatalf("%q: bare %v, problems %v", bare, ss.BareSteps(), ss.Out.Problems)
		}
		ss.WrapInSteps()
		if ss.BareSteps() || len(ss.Out.Problems) > 0 || len(ss.Out.Plan.Steps) != 1 || ss.Out.Plan.Steps[0].Status != "ok" {
			t.Errorf("wrapped:\n%s\nproblems %v", ss.State.Plan, ss.Out.Problems)
		}
	}
}

// A sample's null read in mixed text warns at the read; a typed splice of
// it does not. Typed in another step, the read's step is kept from the
// last run and its warning moves with the text.
func TestNullSampleReadAsText(t *testing.T) {
	text := "steps:\n  - id: E1\n    tool_name: gh__pr\n    input: {}\n    result: {number: null}\n" +
		"  - id: other\n    tool_name: builtin__reshape\n    input: {shape: {a: \"hi\"}}\n" +
		"  - id: card\n    tool_name: builtin__reshape\n    input: {shape: {t: \"PR #{{E1.number}}\", n: \"{{E1.number}}\"}}\n"
	ss := NewSession(state.State{Mode: state.ModePlan, Plan: text})
	check := func(text string) {
		t.Helper()
		var warned []string
		for _, p := range ss.Out.Problems {
			warned = append(warned, p.KindName()+" "+p.Step+" "+text[p.Pos.Offset:p.End])
		}
		if !slices.Equal(warned, []string{"Warning card {{E1.number}}"}) || ss.Out.Problems[0].Pos.Column != strings.Index(strings.Split(text, "\n")[10], "{{")+1 {
			t.Errorf("problems %v (%+v), want one warning at the mixed text's read", warned, ss.Out.Problems)
		}
	}
	check(text)
	at := strings.Index(text, "hi")
	ss.Edit(state.Target{}, ss.Rewrites(state.Target{}), at, at, "abc")
	check(ss.State.Plan)
}
