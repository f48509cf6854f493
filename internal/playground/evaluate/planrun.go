package evaluate

import (
	"slices"
	"strconv"
	"strings"

	"github.com/splicedev/splice/internal/display"
	"github.com/splicedev/splice/internal/playground/state"
	"github.com/splicedev/splice/plan"
	"github.com/splicedev/splice/plan/graph"
	"github.com/splicedev/splice/reshape"
	"github.com/splicedev/splice/template"
)

// Plan mode: the main editor holds a plan document (DIALECT §9), which
// carries its own input and samples. An edit typed in a template checks
// that step again (plan.Reload; any other edit loads the whole plan) and
// runs the plan given the run before, so that only the steps that read
// what changed render again.

// StepRow is one step of the steps pane, or the solver.
type StepRow struct {
	ID        string // "" for the solver and a step without a valid id
	at        string // the step's JSON Pointer in the document, "" for the solver
	tool      string
	Form      string // call, map, fold, decide
	Status    string // ok, sample, failed, blocked, skipped
	BlockedBy string
	JSON      string // the result as compact JSON (cut: see stepRow), "" without one
	Reads     []string
	ReadBy    []string // the steps that read it, in order, then "" for the solver
	// branch is the branch of its decide step that holds it; Depth how
	// many decide steps hold it.
	branch string
	Depth  int
	Note   string
	// NeedsSample: it calls a tool nothing here runs and has no sample.
	NeedsSample bool
	Problems    int
}

// PlanView is what plan mode shows besides the problems: every step, the
// solver, and the selected step's input and iteration.
type PlanView struct {
	Steps   []StepRow
	Solver  *StepRow // nil without a solver
	Summary string   // "5 steps: 4 ran, 1 blocked"
	// Graph is the plan's dataflow; the last run's, the very same, when
	// this run's is equal to it, so that the picture is drawn again only
	// when it changed.
	Graph *graph.Graph

	// Selected is the step shown in the output ("" for the solver).
	Selected string
	Input    string // its rendered input, pretty JSON; "" without one
	// Iteration is the shown iteration of a map or fold, Iterations how
	// many ran, and IterationRoots that iteration's item, index and
	// accumulator, pretty JSON.
	Iteration, Iterations int
	IterationRoots        []state.RootText
	// Alone: it can be opened alone (StepAlone), a step with an input.
	Alone bool
	// Branches are a decide step's branches, Decision its sample decision.
	Branches []string
	Decision string
	// Stale: the document does not parse, and this is the last run of it
	// that did, kept in view under the parse error.
	Stale bool
}

// same reports whether v and w show the same.
func (v *PlanView) same(w *PlanView) bool {
	return slices.EqualFunc(v.Steps, w.Steps, func(a, b StepRow) bool { return a.same(&b) }) &&
		(v.Solver == nil) == (w.Solver == nil) && (v.Solver == nil || v.Solver.same(w.Solver)) &&
		v.Summary == w.Summary && v.Graph.Equal(w.Graph) && v.Selected == w.Selected && v.Input == w.Input &&
		v.Iteration == w.Iteration && v.Iterations == w.Iterations && v.Alone == w.Alone && slices.Equal(v.IterationRoots, w.IterationRoots) &&
		slices.Equal(v.Branches, w.Branches) && v.Decision == w.Decision && v.Stale == w.Stale
}

// What says what the step is, as its row names it: "branch b · map ·
// tool", its branch when it is in one, its form, its tool.
func (r *StepRow) What() string {
	what := r.Form
	if r.tool != "" {
		what += " · " + r.tool
	}
	if r.branch != "" {
		what = "branch " + r.branch + " · " + what
	}
	return what
}

// same reports whether r and q show the same.
func (r *StepRow) same(q *StepRow) bool {
	return r.ID == q.ID && r.at == q.at && r.tool == q.tool && r.Form == q.Form && r.Status == q.Status && r.BlockedBy == q.BlockedBy &&
		r.JSON == q.JSON && slices.Equal(r.Reads, q.Reads) && slices.Equal(r.ReadBy, q.ReadBy) &&
		r.branch == q.branch && r.Depth == q.Depth && r.Note == q.Note && r.NeedsSample == q.NeedsSample && r.Problems == q.Problems
}

// planned is the last plan document loaded and run, kept for the next
// edit's run and for the view's questions.
type planned struct {
	text   string
	plan   *plan.Plan
	out    *plan.Outcome
	spans  []template.Span
	placed bool // spans holds the plan's tags
}

// tags are the plan's tags placed in its document, found when first asked
// for: after the keystroke's frame, and only for a view that draws them.
func (r *planned) tags() []template.Span {
	if !r.placed && r.plan != nil {
		r.spans, r.placed = r.plan.Spans(), true
	}
	return r.spans
}

// runPlan loads and runs text, from the last evaluation when it is the same
// text; an edit's run is given the run before it.
func (e *Evaluator) runPlan(text string) *planned {
	if r := &e.planned; r.plan != nil && r.text == text {
		return r
	}
	var p *plan.Plan
	if doc := e.planned.document(); doc != nil {
		edit := doc.Edit
		if from, to, given := e.rangeOf(e.planned.text, text); given {
			edit = func(text string) (*reshape.Document, bool) { return doc.Replace(from, to, text) }
		}
		if edited, ok := edit(text); ok { // typing in a template: no parse
			p = e.planned.plan.Reload(edited)
		}
	}
	if p == nil {
		p = plan.Load(text)
		e.work.Decodes++
	}
	e.work.Parses += p.Parsed()
	previous := e.planned.out
	if e.planned.document() == nil { // after a slip, the run before it
		previous = e.parsed.out
	}
	if previous == nil { // a run from scratch: its generations start again
		e.resultJSON = nil
	}
	out := plan.Run(p, plan.Options{Trace: true, Previous: previous})
	e.work.Renders += out.Rendered
	e.planned = planned{text: text, plan: p, out: out}
	if p.Document() != nil {
		e.keep(out)
	}
	return &e.planned
}

// keep records the steps of out that have data, and forgets the steps the
// plan no longer has.
func (e *Evaluator) keep(out *plan.Outcome) {
	if e.kept == nil {
		e.kept = map[string]*plan.StepResult{}
	}
	for _, res := range out.Steps {
		if res.Step.ID != "" && (res.HasResult || len(res.Iterations) > 0) {
			e.kept[res.Step.ID] = res
		}
	}
	if len(e.kept) > len(out.Steps) {
		for id := range e.kept {
			if _, ok := out.Result(id); !ok {
				delete(e.kept, id)
			}
		}
	}
}

// result is step id's result in r's run, or else its last one with data.
func (e *Evaluator) result(r *planned, id string) (*plan.StepResult, bool) {
	if res, ok := r.out.Result(id); ok && (res.HasResult || len(res.Iterations) > 0) {
		return res, true
	}
	res, ok := e.kept[id]
	return res, ok
}

// document is the last plan's parsed document, nil when there is none.
func (r *planned) document() *reshape.Document {
	if r.plan == nil {
		return nil
	}
	return r.plan.Document()
}

// evaluatePlan fills o with a run of the plan document text: its problems
// placed in the document, each naming its step, and the rows of its steps.
func (e *Evaluator) evaluatePlan(text string, o *Outcome) {
	before := e.planned.plan
	r := e.runPlan(text)
	o.run = r.out
	o.Renamed = stepRenamed(before, r.plan)
	o.Err = r.out.Errors.Err()
	placed := reshape.Errors(r.out.Errors)
	for i, err := range r.out.Errors {
		p := placeProblem(placed[i], text, state.Target{})
		p.Step = err.Step
		o.Problems = append(o.Problems, p)
	}
	if r.plan.Document() == nil && e.parsedView != nil {
		// A slip in the YAML: the last run that parsed stays, marked.
		view := *e.parsedView
		view.Stale = true
		o.run, o.Plan = e.parsed.out, &view
		return
	}
	warnings := append(slices.Clip(r.plan.Warnings), r.out.NullReads()...)
	o.addWarnings(warnings)
	for i := len(o.Problems) - len(warnings); i < len(o.Problems); i++ {
		if s := r.plan.StepAt(o.Problems[i].Pos.Offset); s != nil { // a warning names its step as an error does
			o.Problems[i].Step = s.ID
		}
	}
	view := &PlanView{Steps: make([]StepRow, 0, len(r.out.Steps))}
	counts := map[plan.Status]int{}
	room := maxStepsJSON
	for _, res := range r.out.Steps { // one for each of r.plan.All, in order
		s := res.Step
		row := e.stepRow(s.ID, res, &room)
		row.ID, row.at, row.tool, row.Form, row.branch = s.ID, s.At, s.ToolName, s.Form.String(), s.InBranch
		row.Reads, row.NeedsSample = s.Reads(), s.NeedsSample()
		for in := s.In; in != nil; in = in.In {
			row.Depth++
		}
		for _, p := range o.Problems {
			if p.Step == s.ID && s.ID != "" {
				row.Problems++
			}
		}
		counts[res.Status]++
		view.Steps = append(view.Steps, row)
	}
	if res := r.out.Solver; res != nil {
		row := e.stepRow("", res, &room)
		row.Reads = r.plan.SolverReads()
		view.Solver = &row
	}
	readBy := map[string][]string{}
	for _, row := range view.Steps {
		for _, id := range row.Reads {
			readBy[id] = append(readBy[id], row.ID)
		}
	}
	if view.Solver != nil {
		for _, id := range view.Solver.Reads {
			readBy[id] = append(readBy[id], "")
		}
	}
	for i := range view.Steps {
		view.Steps[i].ReadBy = readBy[view.Steps[i].ID]
	}
	view.Summary = planSummary(len(r.out.Steps), counts)
	view.Graph = graph.Build(r.plan, r.out)
	if e.parsedView != nil && e.parsedView.Graph.Equal(view.Graph) {
		view.Graph = e.parsedView.Graph
	}
	o.Plan = view
	if r.plan.Document() != nil {
		e.parsed, e.parsedView = *r, view
	}
}

// maxStepsJSON bounds the results the steps' rows hold in all: the run's
// output budget. Nested decide steps share one result, which each row
// would otherwise hold again.
const maxStepsJSON = template.MaxOutput

// stepRow is what a run made of a step, as its row shows it: its result
// as JSON cut at display.MaxShown, and within room, what the rows before
// it left of maxStepsJSON, which it takes its JSON from. A step's result the run
// kept from the one before keeps its JSON: typing re-encodes only the
// results that changed. The solver (id "") has no generation: its result
// is encoded each time.
func (e *Evaluator) stepRow(id string, res *plan.StepResult, room *int) StepRow {
	row := StepRow{Status: res.Status.String(), BlockedBy: res.BlockedBy, Note: display.Message(res.Note)}
	if !res.HasResult {
		return row
	}
	limit := min(display.MaxShown, *room)
	if limit <= 0 {
		row.JSON = "… (not shown: the rows above hold " + display.Size(maxStepsJSON) + " of results, all the steps pane shows)"
		return row
	}
	m, ok := e.resultJSON[id]
	if !ok || id == "" || res.Step == nil || m.gen != res.Generation() || !m.fits(limit) {
		m.gen = res.Generation()
		m.json, m.cut = display.CompactCut(res.Result, limit)
		m.limit = limit
		if id != "" && res.Step != nil {
			if e.resultJSON == nil {
				e.resultJSON = map[string]encoded{}
			}
			e.resultJSON[id] = m
		}
	}
	row.JSON = m.json
	*room -= len(m.json)
	return row
}

// encoded is a step's result as JSON, and the generation it encodes;
// cut at limit bytes when cut.
type encoded struct {
	gen   int
	json  string
	limit int
	cut   bool
}

// fits reports whether m is the step's JSON under limit: whole and no
// longer, or cut at that very limit.
func (m *encoded) fits(limit int) bool {
	if m.cut {
		return m.limit == limit
	}
	return len(m.json) <= limit
}

// planSummary says what became of the steps: "5 steps: 4 ran, 1 blocked".
// A step whose result is its sample ran as far as the plan is concerned.
func planSummary(n int, counts map[plan.Status]int) string {
	parts := []string{}
	for _, c := range []struct {
		n    int
		what string
	}{
		{counts[plan.Ran] + counts[plan.Sampled], "ran"},
		{counts[plan.Failed], "failed"},
		{counts[plan.Blocked], "blocked"},
		{counts[plan.Skipped], "not taken"},
	} {
		if c.n > 0 {
			parts = append(parts, strconv.Itoa(c.n)+" "+c.what)
		}
	}
	summary := display.Count(n, "step")
	if len(parts) > 0 {
		summary += ": " + strings.Join(parts, ", ")
	}
	return summary
}

// Show makes the output show step id of a plan's run (the solver for "",
// or the first step when there is no solver): its result, its trace, its
// rendered input and, for a map or fold, iteration iter. Showing another
// iteration of the step shown encodes that iteration's values alone.
func (o *Outcome) Show(id string, iter int) {
	if o.run == nil {
		return
	}
	res := o.run.Solver
	if r, ok := o.run.Result(id); ok && id != "" {
		res = r
	} else if res == nil && len(o.run.Steps) > 0 {
		res = o.run.Steps[0]
	}
	if res == nil {
		o.shown = nil
		o.showResult(nil)
		return
	}
	iter = min(max(iter, 0), max(len(res.Iterations)-1, 0))
	if o.shown == res && o.shownIter == iter {
		return
	}
	if o.shown != res {
		o.showResult(res)
	}
	o.shown, o.shownIter = res, iter
	o.showIteration(res, iter)
}

// showResult makes the output show res (nothing when nil) but for its
// trace and iteration: its result, its rendered input and branches.
func (o *Outcome) showResult(res *plan.StepResult) {
	view := o.Plan
	*view = PlanView{Steps: view.Steps, Solver: view.Solver, Summary: view.Summary, Graph: view.Graph, Stale: view.Stale}
	o.Result = nil
	o.Trace = nil
	if res == nil {
		return
	}
	if res.HasResult {
		// The solver is a template: a string it renders is text.
		o.setResult(res.Result, res.Step != nil || res.Result.Kind() != template.String)
	}
	if res.Step == nil {
		return
	}
	s := res.Step
	view.Selected, view.Alone = s.ID, aloneInput(s) != nil
	if res.HasInput && len(res.Iterations) == 0 {
		view.Input = display.ShownJSON(res.Input)
	}
	for _, b := range s.Branches {
		view.Branches = append(view.Branches, b.Name)
	}
	view.Decision = s.Branch
}

// showIteration makes the output show res's trace and, for a map or fold,
// its iteration iter: that iteration's item, accumulator and input, each
// cut as the result pane cuts.
func (o *Outcome) showIteration(res *plan.StepResult, iter int) {
	if res.Step == nil || len(res.Iterations) == 0 {
		o.Trace = display.Trace(res.Trace())
		return
	}
	// over and initial as they ran, then the body in the iteration shown
	var entries []template.TraceEntry
	for _, e := range res.Trace() {
		if !strings.HasPrefix(e.At, res.Step.At+"/input") {
			entries = append(entries, e)
		}
	}
	o.Trace = display.Trace(append(entries, o.run.IterationTrace(res.Step.ID, iter)...))
	it := res.Iterations[iter]
	view := o.Plan
	view.Iteration, view.Iterations = it.Index, len(res.Iterations)
	view.IterationRoots = []state.RootText{{Name: "item", Text: display.ShownJSON(it.Item)}, {Name: "index", Text: strconv.Itoa(it.Index)},
		{Name: "accumulator", Text: display.ShownJSON(it.Accumulator)}}
	view.Input = display.ShownJSON(it.Input)
}

// stepRenamed returns a step id edited from plan before to plan now: the
// step at the same place called otherwise, and its old id gone from the
// plan; empty when there is none.
func stepRenamed(before, now *plan.Plan) (renamed [2]string) {
	if before == nil || before == now {
		return renamed
	}
	for _, s := range now.All {
		old := stepAt(before, s.At)
		if old == nil || old.ID == s.ID {
			continue
		}
		if _, still := now.Step(old.ID); still && old.ID != "" {
			continue
		}
		return [2]string{old.ID, s.ID}
	}
	return renamed
}

// stepAt returns the step of p at JSON Pointer at.
func stepAt(p *plan.Plan, at string) *plan.Step {
	for _, s := range p.All {
		if s.At == at {
			return s
		}
	}
	return nil
}
