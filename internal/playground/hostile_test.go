package playground_test

import (
	"runtime"
	"strings"
	"testing"

	"github.com/splicedev/splice/internal/examples"
	"github.com/splicedev/splice/internal/playground"
	"github.com/splicedev/splice/internal/playground/evaluate"
	"github.com/splicedev/splice/internal/playground/hostileplans"
	"github.com/splicedev/splice/internal/playground/state"
)

// maxShown is what a pane shows of a value at once: 1 MiB, then a note.
const maxShown = 1 << 20

// viewMargin is what a shown value may hold past maxShown: the note that
// it was cut.
const viewMargin = 100

// openPlan opens a plan as its link would, and fails on a refused link.
func openPlan(t testing.TB, plan string) *playground.Session {
	t.Helper()
	s, banner, refused := state.InitialState("#s="+state.Pack(hostileplans.PlanState(plan, nil)), "", examples.Default.Open())
	if refused {
		t.Fatal(banner)
	}
	return playground.NewSession(s)
}

// viewStrings are the texts the playground's panes hold of a plan's
// outcome, by what they are, but for the result pane's, which it cuts as
// it draws them.
func viewStrings(out *evaluate.Outcome) map[string][]string {
	texts := map[string][]string{}
	add := func(what string, s ...string) { texts[what] = append(texts[what], s...) }
	rows := out.Plan.Steps
	if out.Plan.Solver != nil {
		rows = append(rows, *out.Plan.Solver)
	}
	for _, r := range rows {
		add("step json", r.JSON)
		add("step text", r.ID, r.BlockedBy, r.What(), r.Note)
	}
	v := out.Plan
	add("selected", v.Input, v.Summary, v.Decision)
	for _, r := range v.IterationRoots {
		add("iteration root", r.Text)
	}
	for _, p := range out.Problems {
		add("problem", p.Msg, p.Suggestion, p.Fix)
	}
	for _, r := range out.Trace {
		add("trace", r.Value, r.Tag)
	}
	return texts
}

// checkView fails when a text of the view passes maxShown and its note,
// or the steps' results pass the run's output budget in all, and returns
// how many bytes the view holds.
func checkView(t *testing.T, out *evaluate.Outcome) int {
	t.Helper()
	total := 0
	for what, texts := range viewStrings(out) {
		sum := 0
		for _, s := range texts {
			if len(s) > maxShown+viewMargin {
				t.Errorf("a %s of %d bytes: %.80s…", what, len(s), s)
			}
			sum += len(s)
		}
		if what == "step json" && sum > 32<<20+len(texts)*viewMargin {
			t.Errorf("the steps' results hold %d bytes in all", sum)
		}
		total += sum
	}
	return total
}

// allocated is how many bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// Nested decide steps share one large result: each row holds it cut at
// maxShown, with a note, and the view grows with the steps only as far as
// the run's output budget.
func TestNestedDecidesAroundALargeResult(t *testing.T) {
	viewBytes := map[int]int{}
	for _, depth := range []int{8, 16, 32} {
		ss := openPlan(t, hostileplans.NestedDecides(depth, 100_000, 30)) // a result of 3 MB
		if len(ss.Out.Plan.Steps) != depth+1 {
			t.Fatalf("depth %d: %d steps (%s)", depth, len(ss.Out.Plan.Steps), ss.Out.Plan.Summary)
		}
		for _, r := range ss.Out.Plan.Steps[:min(depth, 31)] { // the 32nd is cut shorter: see TestStepsShowTheRunsOutputBudget
			if !strings.HasSuffix(r.JSON, "… (cut at 1 MiB)") || !strings.HasPrefix(r.JSON, `{"`) {
				t.Fatalf("step %s: %.60s … %s", r.ID, r.JSON, r.JSON[max(len(r.JSON)-40, 0):])
			}
		}
		viewBytes[depth] = checkView(t, &ss.Out)
		ss.SelectStep("d0")
		checkView(t, &ss.Out)
	}
	for _, depth := range []int{16, 32} {
		if grown := float64(viewBytes[depth]) / float64(viewBytes[depth/2]); grown > 2.3 {
			t.Errorf("depth %d: the view holds %d bytes, %.2f× depth %d's", depth, viewBytes[depth], grown, depth/2)
		}
	}
}

// The steps' rows hold 32 MiB of results at the most: past it, a row
// says that it shows none.
func TestStepsShowTheRunsOutputBudget(t *testing.T) {
	ss := openPlan(t, hostileplans.NestedDecides(40, 100_000, 30))
	last := ss.Out.Plan.Steps[len(ss.Out.Plan.Steps)-1]
	if !strings.Contains(last.JSON, "not shown") || len(last.JSON) > viewMargin {
		t.Errorf("the 41st row holds %.100s", last.JSON)
	}
	checkView(t, &ss.Out)
}

// Showing an iteration of large items shows each value cut, and encodes
// that iteration's values alone: a click costs the same however large the
// accumulator has grown.
func TestLargeIterationsShownCut(t *testing.T) {
	ss := openPlan(t, hostileplans.LargeIterations(10, 1_500_000))
	ss.SelectStep("per")
	if ss.Out.Plan.Iterations != 10 {
		t.Fatalf("%d iterations (%s)", ss.Out.Plan.Iterations, ss.Out.Plan.Summary)
	}
	perClick := map[int]uint64{}
	for _, i := range []int{1, 2, 4, 8, 9} { // the accumulator doubles from 1.5 MB to 12 MB
		perClick[i] = allocated(func() { ss.ShowIteration(i) })
		checkView(t, &ss.Out)
		if v := ss.Out.Plan; !strings.HasSuffix(v.IterationRoots[0].Text, "(cut at 1 MiB)") || !strings.HasSuffix(v.IterationRoots[2].Text, "(cut at 1 MiB)") ||
			!strings.HasSuffix(v.Input, "(cut at 1 MiB)") {
			t.Fatalf("iteration %d is shown uncut: %d, %d, %d bytes", i, len(v.IterationRoots[0].Text), len(v.IterationRoots[2].Text), len(v.Input))
		}
	}
	for _, i := range []int{2, 4, 8} {
		if grown := float64(perClick[i]) / float64(perClick[i/2]); grown > 1.3 || perClick[i] > 16<<20 {
			t.Errorf("the click to iteration %d allocates %d bytes, %.2f× the click to %d", i+1, perClick[i], grown, i/2+1)
		}
	}
}

// A link's engine field of megabytes: the banner quotes a few hundred
// bytes of it.
func TestBannerQuotesALargeEngineFieldCut(t *testing.T) {
	engine := strings.Repeat("9", 12<<20)
	link := "#s=" + state.Pack(hostileplans.PlanState("steps: []\n", map[string]any{"engine": engine}))
	_, banner, refused := state.InitialState(link, "", examples.Default.Open())
	if refused || !strings.Contains(banner, "made with engine 999") || !strings.Contains(banner, "…") || len(banner) > 600 {
		t.Errorf("refused %v, the banner holds %d bytes: %.300s", refused, len(banner), banner)
	}
	if long := state.Brief(engine); len(long) > 2100 || !strings.Contains(long, "…") {
		t.Errorf("Brief leaves %d bytes", len(long))
	}
}

// The exports of a large result are built when asked: the share dialog
// keeps the state and its outcome as they were when it opened.
func TestShareBuildsExportsWhenAsked(t *testing.T) {
	ss := openPlan(t, hostileplans.NestedDecides(8, 100_000, 30))
	links := allocated(func() { state.ShareLinks("http://x", ss.State) })
	var markdown string
	asked := allocated(func() { markdown = evaluate.Markdown(ss.State, &ss.Out, "http://x") })
	if asked < 8<<20 || asked < links || !strings.Contains(markdown, "**Step `d7`** (ok)") {
		t.Errorf("the Markdown, %d bytes, allocates %d, the links %d", len(markdown), asked, links)
	}
	if vector, err := evaluate.VectorFile(ss.State); err != nil || !strings.Contains(vector, `"plan"`) {
		t.Errorf("the vector: %v %.200s", err, vector)
	}
}

// The Markdown export keeps a branch name in inline code, however many
// backticks it holds, and names a step without a valid id by its place.
func TestMarkdownOfAHostileBranch(t *testing.T) {
	plan, branch := hostileplans.BlockedByHostileBranch()
	ss := openPlan(t, plan)
	md := evaluate.Markdown(ss.State, &ss.Out, "")
	at := "/steps/0/decide/" + branch + "/0"
	if !strings.Contains(md, "blocked by ``"+at+"``") {
		t.Errorf("the blocked-by pointer is not fenced by two backticks:\n%s", md)
	}
	if !strings.Contains(md, "**Step at ``"+at+"``** (failed)") {
		t.Errorf("the step without an id is not named by its place:\n%s", md)
	}
	if n := strings.Count(md, "**Solver**"); n != 1 {
		t.Errorf("%d solvers in:\n%s", n, md)
	}
}
