package playground

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/splicedev/splice/internal/conformance"
	"github.com/splicedev/splice/internal/examples"
	"github.com/splicedev/splice/internal/playground/state"
)

// offered are the labels of the candidates at caret, sorted.
func offered(ss *Session, caret int) []string {
	ls := strings.Fields(labels(ss.Complete(caret)))
	slices.Sort(ls)
	return ls
}

// Completion in a plan offers what the step at the caret may read: the
// roots before it, the keys of their samples and results, the iteration
// roots in a map's body.
func TestCompletePlan(t *testing.T) {
	ss := NewSession(examples.ByID("pr-plan").Open())
	text := ss.State.Plan
	for _, tt := range []struct {
		after, insert string
		want          []string
	}{
		{`title: "#{{fetch_pr.number}} {{`, "", []string{"fetch_pr", "input"}},
		{`title: "#{{fetch_pr.number}} {{fetch_pr.`, "", []string{"author", "files", "number", "title"}},
		{`line: "{{item.`, "", []string{"additions", "path"}},
		{`by: "{{card.`, "", []string{"by", "title"}},
	} {
		at := strings.Index(text, tt.after) + len(tt.after)
		if got := offered(ss, at); !slices.Equal(got, tt.want) {
			t.Errorf("after %q: %v, want %v", tt.after, got, tt.want)
		}
	}
	// A root the step may not read is not offered: card runs before per_file.
	at := strings.Index(text, `title: "#{{`) + len(`title: "#{{`)
	if got := offered(ss, at); slices.Contains(got, "per_file") || slices.Contains(got, "item") {
		t.Errorf("card is offered %v", got)
	}
}

// A step id edited in the document offers to rename its references, from
// the first id however many keys it took to type the new one.
func TestPlanRenameOffer(t *testing.T) {
	ss := NewSession(examples.ByID("pr-plan").Open())
	text := ss.State.Plan
	at := strings.Index(text, "id: card") + len("id: card")
	for i, c := range "_x" {
		ss.write(state.Target{}, text[:at]+"_x"[:i]+string(c)+text[at:])
	}
	r, n, _ := ss.RenameOffer()
	if r != [2]string{"card", "card_x"} || n != 3 {
		t.Fatalf("offer %+v in %d places", r, n)
	}
	ss.UpdateReferences()
	if strings.Contains(ss.State.Plan, "{{card.") || len(ss.Out.Problems) > 0 {
		t.Errorf("after the rename: %v\n%s", ss.Out.Problems, ss.State.Plan)
	}
}

// The caret selects the step it is in, the solver on the solver, and
// leaves the selection alone in the plan's input.
func TestCaretSelectsStep(t *testing.T) {
	ss := NewSession(examples.ByID("pr-plan").Open())
	text := ss.State.Plan
	for _, tt := range []struct{ at, want string }{
		{"over:", "per_file"},
		{"input: {repo", "per_file"},
		{"small: []", "route"},
		{"solver:", ""},
		{"- id: card", "card"},
	} {
		ss.Caret(strings.Index(text, tt.at))
		if ss.step != tt.want || ss.Out.Plan.Selected != tt.want {
			t.Errorf("caret at %q selects %q", tt.at, ss.step)
		}
	}
}

// Typing in a template of a plan takes the edit into the parsed document:
// the plan is not parsed again, and shows what a fresh evaluation shows.
func TestPlanTypingParsesOnce(t *testing.T) {
	ss := NewSession(examples.ByID("broken-plan").Open())
	text := ss.State.Plan
	at := strings.Index(text, "titel") + len("tite")
	edited := text[:at] + text[at+1:] // titel → tite
	ss.write(state.Target{}, edited)
	fresh := NewSession(ss.State).Out
	if !reflect.DeepEqual(ss.Out.Problems, fresh.Problems) || !reflect.DeepEqual(ss.Out.Plan, fresh.Plan) {
		t.Errorf("after typing:\n%+v\n%+v\nfresh:\n%+v\n%+v", ss.Out.Problems, ss.Out.Plan, fresh.Problems, fresh.Plan)
	}
}

// In a map's body, hovering a tag shows its value in the iteration shown.
func TestHoverInSelectedIteration(t *testing.T) {
	ss := NewSession(examples.ByID("pr-plan").Open())
	text := ss.State.Plan
	tag := strings.Index(text, "{{item.path}}") + 3
	ss.SelectStep("per_file")
	ss.ShowIteration(1)
	if h, ok := ss.HoverAt(tag); !ok || !strings.Contains(h.Text, `"docs/plan.md"`) {
		t.Errorf("hover in iteration 2: %+v %v", h, ok)
	}
	if len(ss.Out.Trace) < 2 || ss.Out.Trace[0].Tag != "{{fetch_pr.files}}" || !strings.Contains(ss.Out.Trace[1].Value, "docs/plan.md") {
		t.Errorf("trace of iteration 2: %+v", ss.Out.Trace)
	}
}

// One session opening every plan vector in turn, each run given the one
// before, shows what a fresh evaluation of each shows.
func TestPlanVectorsInOneSession(t *testing.T) {
	tests, err := conformance.Load("../../plan/testdata")
	if err != nil {
		t.Fatal(err)
	}
	ss := NewSession(examples.Default.Open())
	for _, v := range tests {
		s := state.State{Mode: state.ModePlan, Plan: *v.Plan, Roots: []state.RootText{{Name: "input", Text: "{}"}}}
		ss.Load(s)
		if fresh := NewSession(s).Out; !reflect.DeepEqual(ss.Out.Plan, fresh.Plan) || !reflect.DeepEqual(ss.Out.Problems, fresh.Problems) {
			t.Errorf("%s: the session shows\n%+v\na fresh evaluation\n%+v", v.Name, ss.Out.Plan, fresh.Plan)
		}
	}
}

// Each step's row names what reads it, the solver last: a step only the
// solver reads is not shown as read by nothing.
func TestStepsReadBy(t *testing.T) {
	ss := NewSession(examples.ByID("pr-plan").Open())
	got := map[string][]string{}
	for _, row := range ss.Out.Plan.Steps {
		got[row.ID] = row.ReadBy
	}
	want := map[string][]string{
		"fetch_pr": {"card", "per_file"},
		"card":     {"review", ""},
		"per_file": {"review", ""},
		"route":    {""},
		"review":   nil,
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("read by %v, want %v", got, want)
	}
}
