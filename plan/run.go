package plan

import (
	"slices"
	"strconv"
	"strings"

	"github.com/splicedev/splice/internal/display"
	"github.com/splicedev/splice/reshape"
	"github.com/splicedev/splice/template"
)

// Status is what became of a step in a run.
type Status uint8

// The statuses.
const (
	Skipped Status = iota // not taken, or never run
	Ran                   // computed here
	Sampled               // its result is its sample
	Failed                // a load or render error: no result
	Blocked               // it reads a step without a result, so it did not run
)

var statusNames = [...]string{"skipped", "ok", "sample", "failed", "blocked"}

func (s Status) String() string { return statusNames[s] }

// Iteration is one iteration of a map or fold step.
type Iteration struct {
	Item, Accumulator template.Value
	Index             int
	Input             template.Value // the rendered input of the body
	Result            template.Value
	HasResult         bool
}

// StepResult is what one step did in a run; the solver's has no Step.
type StepResult struct {
	Step      *Step
	Status    Status
	BlockedBy string // the step whose missing result blocked it (its place when it has no id)

	Input      template.Value // the rendered input of a call or a decide step
	HasInput   bool
	Iterations []Iteration // of a map or fold, those that ran
	Result     template.Value
	HasResult  bool
	// Note says that a computed step's result differs from the result
	// the document gives for it (which is not used).
	Note   string
	Errors ErrorList // its load errors, or its render errors

	trace   []template.TraceEntry
	placeIn *reshape.Document // where trace is yet to be placed (a kept result's)
	from    *StepResult       // a decide step's: the step whose result is in its own (nil for an empty branch)

	// What the result was computed from, so that a later run keeps it
	// when nothing of that changed.
	gen          int // the run in which the result last changed
	deps         []int
	work, output int
}

// Trace is every tag the step rendered, placed in the plan's document. A
// result kept from the previous run places it when first asked: an edit
// shows one step's trace, not every step's.
func (r *StepResult) Trace() []template.TraceEntry {
	if r.placeIn != nil {
		r.trace = slices.Clone(r.trace)
		r.placeIn.PlaceTrace(r.trace)
		r.placeIn = nil
	}
	return r.trace
}

// ResultOf is the id of the step whose result a decide step's result
// holds, which an output names rather than repeating it: "" for any other
// step, and for a decide step whose taken branch is empty.
func (r *StepResult) ResultOf() string {
	if r.from == nil {
		return ""
	}
	return r.from.Step.ID
}

// Outcome is a run of a plan.
type Outcome struct {
	Plan   *Plan
	Steps  []*StepResult // one per step of Plan.All, in that order
	Solver *StepResult   // nil without a solver
	// Errors are the load errors in document order, then the render
	// errors in run order; each phase capped.
	Errors ErrorList
	// Rendered counts the steps (and the solver) rendered by this run:
	// those kept from the previous run are not.
	Rendered int

	byStep    map[*Step]*StepResult
	gen       int
	inputGen  int
	env       *template.Env
	previous  *Outcome
	renderErr ErrorList
}

// Spent is the work and output of the run, its plan's load included, as
// counted against its budget (DIALECT §5).
func (o *Outcome) Spent() (work, output int) { return o.env.Spent() }

// Result returns the result of the step called id.
func (o *Outcome) Result(id string) (*StepResult, bool) {
	s, ok := o.Plan.byID[id]
	if !ok {
		return nil, false
	}
	return o.byStep[s], true
}

// Options tune a run.
type Options struct {
	// Trace records every tag each step rendered, for a view.
	Trace bool
	// Previous is the run before an edit: a step whose text and whose
	// reads are unchanged keeps its result instead of rendering again.
	Previous *Outcome
}

// Run runs the plan: each step in order, a decide step's taken branch
// after its earlier siblings, then the solver. A step with a load error
// does not run; a step that reads one without a result is blocked; every
// other step runs, sharing one work and output budget.
func Run(p *Plan, opts Options) *Outcome {
	o := &Outcome{Plan: p, byStep: make(map[*Step]*StepResult, len(p.All)), env: &template.Env{Tracing: opts.Trace}, previous: opts.Previous}
	o.gen, o.inputGen = 1, 1
	if prev := o.previous; prev != nil {
		o.gen, o.inputGen = prev.gen+1, prev.inputGen
		if !prev.Plan.Input.Equal(p.Input) {
			o.inputGen = o.gen
		}
	}
	o.env.Charge(p.work, 0)
	results := make([]StepResult, len(p.All)) // one allocation for the steps' results
	o.Steps = make([]*StepResult, len(p.All))
	for i, s := range p.All {
		r := &results[i]
		r.Step = s
		if s.broken {
			r.Status = Failed
		}
		o.Steps[i] = r
		o.byStep[s] = r
	}
	for _, e := range p.Errors {
		if s, ok := p.byID[e.Step]; ok {
			o.byStep[s].Errors = append(o.byStep[s].Errors, e)
		}
	}
	o.runList(p.Steps)
	if p.hasSolver {
		o.Solver = o.solve()
	}
	o.Errors = append(append(o.Errors, p.Errors...), o.renderErr.Capped()...)
	// The run before is read while this one runs: kept, it would keep every
	// run before it, a plan and its document for each keystroke.
	o.previous = nil
	return o
}

func (o *Outcome) runList(steps []*Step) {
	for _, s := range steps {
		o.runStep(s, o.byStep[s])
	}
}

func (o *Outcome) runStep(s *Step, r *StepResult) {
	if s.broken {
		return
	}
	if id := o.blocker(s.reads); id != "" {
		r.Status, r.BlockedBy = Blocked, id
		return
	}
	if s.Form != Decide && o.keep(s, r) {
		return
	}
	if s.Form != Decide || s.input != nil { // a decide step renders its input alone
		o.Rendered++
	}
	work, output := o.env.Spent()
	roots := o.roots(s.scope)
	switch s.Form {
	case Call:
		r.Input, r.Result, r.Status = o.call(s, r, roots, nil)
		r.HasInput, r.HasResult = r.Status != Failed, r.Status != Failed
	case Map, Fold:
		o.iterate(s, r, roots)
	case Decide:
		o.decide(s, r, roots)
	}
	w, out := o.env.Spent()
	r.work, r.output = w-work, out-output
	o.settle(s, r)
}

// blocker returns the first of ids that has no result, or "".
func (o *Outcome) blocker(ids []string) string {
	for _, id := range ids {
		if r := o.byStep[o.Plan.byID[id]]; !r.HasResult {
			return id
		}
	}
	return ""
}

// roots are the values of a scope's roots that have one, in its order.
func (o *Outcome) roots(scope template.Scope) template.Roots {
	roots := make(template.Roots, 0, len(scope.Roots))
	for _, name := range scope.Roots {
		if name == "input" {
			roots = append(roots, template.Root{Name: name, Value: o.Plan.Input})
		} else if r := o.byStep[o.Plan.byID[name]]; r.HasResult {
			roots = append(roots, template.Root{Name: name, Value: r.Result})
		}
	}
	return roots
}

// loaded is a template or value the plan checked when it loaded: the run
// does not check it again for every step and iteration.
type loaded struct{ *reshape.Shape }

func (loaded) Check(template.Scope) error { return nil }

// render runs one compiled template or value of step s.
func (o *Outcome) render(s *Step, r *StepResult, shape *reshape.Shape, scope template.Scope, roots template.Roots) (template.Value, bool) {
	res := template.Run(loaded{shape}, scope, roots, o.env)
	r.trace = append(r.trace, res.Trace...)
	if !res.OK() {
		o.fail(s, r, reshape.Errors(res.Err))
		return template.Value{}, false
	}
	return res.Value, true
}

// fail records render errors of step s (nil: the solver, whose errors
// name no step).
func (o *Outcome) fail(s *Step, r *StepResult, errs reshape.ErrorList) {
	r.Status = Failed
	for _, e := range errs {
		placed := &Error{placedError: *e}
		if s != nil {
			placed.Step = s.ID
		}
		if placed.Phase != template.PhaseLoad {
			placed.Phase = template.PhaseRender
		}
		o.Plan.doc.Place(&placed.placedError)
		r.Errors = append(r.Errors, placed)
		o.renderErr = append(o.renderErr, placed)
	}
}

// failAt records a render error of step s at the node ptr.
func (o *Outcome) failAt(s *Step, r *StepResult, kind template.ErrorKind, ptr, msg string) {
	e := &reshape.Error{At: ptr}
	e.Kind, e.Phase, e.Msg, e.Pos = kind, template.PhaseRender, msg, template.Pos{Line: 1, Column: 1}
	o.fail(s, r, reshape.ErrorList{e})
}

// call renders a call (or an iteration's body, at index i) and gives its
// input and result; the status is Failed when either fails.
func (o *Outcome) call(s *Step, r *StepResult, roots template.Roots, iteration *Iteration) (input, result template.Value, status Status) {
	input = template.ObjectValue(nil)
	scope := s.scope
	if iteration != nil {
		scope = s.body
	}
	if s.input != nil {
		var ok bool
		if input, ok = o.render(s, r, s.input, scope, roots); !ok {
			return input, result, Failed
		}
	}
	sample := o.sample(s, iteration)
	switch s.how {
	case reshaped:
		result, _ = input.Lookup("shape")
		if s.sample != nil && iteration == nil && !s.sample.Equal(result) {
			r.Note = "the result given for this step differs from the one computed here, which is used: " + preview(*s.sample)
		}
		return input, result, Ran
	case tooled:
		res := template.Run(reshape.Call{Tool: s.tool, Input: input}, scope, nil, o.env)
		r.trace = append(r.trace, res.Trace...)
		if !res.OK() {
			o.fail(s, r, o.atInput(s, reshape.Errors(res.Err)))
			return input, result, Failed
		}
		return input, res.Value, Ran
	case checked:
		if err := s.tool.CheckInput(input, o.env); err != nil {
			o.fail(s, r, o.atInput(s, reshape.Errors(err)))
			return input, result, Failed
		}
		if err := s.tool.CheckResult(sample, o.env); err != nil {
			list := reshape.Errors(err)
			for _, e := range list {
				e.At = s.At + "/result"
			}
			o.fail(s, r, list)
			return input, result, Failed
		}
	}
	return input, sample, Sampled
}

// atInput places errors of a tool call without a place of their own (an
// InputError names the field in Path) at the step's input.
func (o *Outcome) atInput(s *Step, errs reshape.ErrorList) reshape.ErrorList {
	for _, e := range errs {
		if e.At == "" {
			e.At = s.At + "/input"
			if e.Path != "" {
				if _, ok := template.ResolvePointer(s.value, "/input"+e.Path); ok {
					e.At += e.Path
				}
			}
		}
	}
	return errs
}

// sample is the sample result of a call, or of iteration's element of a
// map's sample array.
func (o *Outcome) sample(s *Step, iteration *Iteration) template.Value {
	switch {
	case s.sample == nil:
		return template.Value{}
	case iteration == nil:
		return *s.sample
	}
	v, _ := s.sample.Index(iteration.Index)
	return v
}

// iterate runs a map or fold step: the body once per element of over.
func (o *Outcome) iterate(s *Step, r *StepResult, roots template.Roots) {
	over, ok := o.render(s, r, s.over, s.scope, roots)
	if !ok {
		return
	}
	if over.Kind() != template.Array {
		o.failAt(s, r, template.ToolError, s.At+"/over", "over must resolve to an array to iterate, not "+article(over.Kind())+" "+over.Kind().String()+": "+preview(over))
		return
	}
	elems := over.Elems()
	if len(elems) > MaxIterations {
		o.failAt(s, r, template.LimitError, s.At+"/over", "over has "+strconv.Itoa(len(elems))+" elements: a step iterates at most "+strconv.Itoa(MaxIterations)+" times")
		return
	}
	if s.Form == Map && !s.Computed() && (s.sample.Kind() != template.Array || s.sample.Len() != len(elems)) {
		got := article(s.sample.Kind()) + " " + s.sample.Kind().String()
		if s.sample.Kind() == template.Array {
			got = "an array of " + strconv.Itoa(s.sample.Len())
		}
		o.failAt(s, r, template.ToolError, s.At+"/result", "a map's sample result is the array of every iteration's result: over has "+strconv.Itoa(len(elems))+" elements, the sample is "+got)
		return
	}
	var acc template.Value
	results := make([]template.Value, 0, len(elems))
	r.Iterations = slices.Grow(r.Iterations, len(elems))
	if s.Form == Fold {
		if s.initial != nil {
			if acc, ok = o.render(s, r, s.initial, s.scope, roots); !ok {
				return
			}
		}
	}
	// The engine's iteration roots, in its order: item, index, accumulator.
	bodyRoots := roots[:len(roots):len(roots)]
	for _, name := range template.IterationRoots() {
		bodyRoots = append(bodyRoots, template.Root{Name: name})
	}
	n := len(bodyRoots)
	// The first iteration's trace is kept for a view; the others are made
	// again when asked (IterationTrace): kept, they would cost the body's
	// tags times the iterations.
	tracing := o.env.Tracing
	defer func() { o.env.Tracing = tracing }()
	for i, item := range elems {
		o.env.Tracing = tracing && i == 0
		if s.Form == Map {
			acc = template.ArrayValue(results[:len(results):len(results)])
		}
		it := Iteration{Item: item, Index: i, Accumulator: acc}
		bodyRoots[n-3].Value, bodyRoots[n-2].Value, bodyRoots[n-1].Value = item, template.IntValue(i), acc
		before := len(r.Errors)
		input, result, status := o.call(s, r, bodyRoots, &it)
		it.Input, it.Result, it.HasResult = input, result, status != Failed
		r.Iterations = append(r.Iterations, it)
		if status == Failed {
			for _, e := range r.Errors[before:] {
				e.Msg += " (iteration with index " + strconv.Itoa(i) + ")"
			}
			return
		}
		results = append(results, result)
		acc = result
	}
	r.Result, r.HasResult, r.Status = acc, true, Sampled
	if s.Form == Map {
		r.Result = template.ArrayValue(results)
	}
	if s.Computed() {
		r.Status = Ran
	}
}

// decide runs a decide step: its input (shown, not used), then the steps
// of its taken branch.
func (o *Outcome) decide(s *Step, r *StepResult, roots template.Roots) {
	if s.input != nil {
		var ok bool
		if r.Input, ok = o.render(s, r, s.input, s.scope, roots); !ok {
			return
		}
		r.HasInput = true
	}
	for _, b := range s.Branches {
		if b.Name != s.Branch {
			continue
		}
		o.runList(b.Steps)
		result := template.Value{}
		if len(b.Steps) > 0 {
			last := o.byStep[b.Steps[len(b.Steps)-1]]
			if !last.HasResult {
				r.Status, r.BlockedBy = Blocked, last.Step.ID
				if r.BlockedBy == "" { // a step without a valid id: its place
					r.BlockedBy = last.Step.At
				}
				return
			}
			result, r.from = last.Result, last
		}
		r.Status, r.HasResult = Ran, true
		r.Result = template.ObjectValue([]template.Member{{Key: "branch", Value: template.StringValue(b.Name)}, {Key: "result", Value: result}})
	}
}

// solve renders the solver against input and every top-level step.
func (o *Outcome) solve() *StepResult {
	p := o.Plan
	r := &StepResult{}
	if p.solver == nil {
		r.Status = Failed
		for _, e := range p.Errors {
			if e.Step == "" && strings.HasPrefix(e.At, "/solver") {
				r.Errors = append(r.Errors, e)
			}
		}
		return r
	}
	if id := o.blocker(p.solverReads); id != "" {
		r.Status, r.BlockedBy = Blocked, id
		return r
	}
	o.Rendered++
	if v, ok := o.render(nil, r, p.solver, p.solverScope, o.roots(p.solverScope)); ok {
		r.Status, r.Result, r.HasResult = Ran, v, true
	}
	return r
}

// keep takes the step's result from the previous run when the step is
// written the same, sits at the same place, calls the same tools and every
// root it may read is as it was then; its errors and trace are placed in
// the document as it is now.
func (o *Outcome) keep(s *Step, r *StepResult) bool {
	prev := o.previous
	if prev == nil || o.env.Tracing && !prev.env.Tracing {
		return false
	}
	ps, ok := prev.Plan.byID[s.ID]
	if !ok || ps.At != s.At || ps.broken || !ps.value.Equal(s.value) {
		return false
	}
	if s.tool != nil && !prev.Plan.toolValues.Equal(o.Plan.toolValues) {
		return false
	}
	pr := prev.byStep[ps]
	if pr.Status == Skipped || pr.Status == Blocked || len(pr.deps) != len(s.deps) {
		return false
	}
	for i, root := range s.deps {
		if pr.deps[i] != o.depGen(root) {
			return false
		}
	}
	*r = *pr
	r.Step = s
	r.Errors = make(ErrorList, len(pr.Errors))
	for i, e := range pr.Errors {
		placed := *e
		o.Plan.doc.Place(&placed.placedError)
		r.Errors[i] = &placed
		o.renderErr = append(o.renderErr, &placed)
	}
	if r.trace != nil {
		r.placeIn = o.Plan.doc
	}
	o.env.Charge(pr.work, pr.output)
	return true
}

// settle records what a step's result was computed from, and in which run
// it last changed.
func (o *Outcome) settle(s *Step, r *StepResult) {
	r.deps = make([]int, len(s.deps))
	for i, root := range s.deps {
		r.deps[i] = o.depGen(root)
	}
	r.gen = o.gen
	if prev := o.previous; prev != nil {
		if ps, ok := prev.Plan.byID[s.ID]; ok {
			pr := prev.byStep[ps]
			if pr.HasResult == r.HasResult && pr.Result.Equal(r.Result) {
				r.gen = pr.gen
			}
		}
	}
}

// depGen is the run in which the value of root last changed; 0 when it
// has none.
func (o *Outcome) depGen(root string) int {
	if root == "input" {
		return o.inputGen
	}
	s, ok := o.Plan.byID[root]
	if !ok || !o.byStep[s].HasResult {
		return 0
	}
	return o.byStep[s].gen
}

// preview is a value as compact JSON, cut for a message: only its start
// is encoded.
func preview(v template.Value) string {
	b, cut := display.AppendCompactUpTo(nil, v, 80)
	if cut {
		b = append(b, "…"...)
	}
	return string(b)
}

// NullReads are the warnings of a traced run (Options.Trace): a tag in
// mixed text that reads null from a step's sample, which renders as the
// text "null" ("PR #null") where its author surely meant a value. A
// typed splice keeps null as null: no warning. At most maxNullReads.
func (o *Outcome) NullReads() []reshape.Warning {
	var warnings []reshape.Warning
	for _, r := range o.Steps {
		if r.Status != Ran || o.Plan.doc == nil {
			continue
		}
		// Only the null reads are placed: a kept result's trace stays
		// unplaced until it is shown, or every key would place every step's.
		var reads []template.TraceEntry
		for _, e := range r.trace {
			if len(warnings)+len(reads) == maxNullReads {
				break
			}
			if o.readsNullSample(e) {
				reads = append(reads, e)
			}
		}
		if r.placeIn != nil {
			r.placeIn.PlaceTrace(reads)
		}
		for _, e := range reads {
			root, _, _ := strings.Cut(e.Path, ".")
			warnings = append(warnings, reshape.Warning{Pos: e.Doc, End: e.Doc.Offset + e.End - e.Pos.Offset, At: e.At, From: -1, To: -1,
				Msg: e.Tag() + " is null in " + root + "'s sample: mixed text renders it as \"null\"; give the sample a value"})
		}
		if len(warnings) == maxNullReads {
			return warnings
		}
	}
	return warnings
}

// readsNullSample reports whether e reads null by name from a sample, in
// mixed text: where NullReads warns.
func (o *Outcome) readsNullSample(e template.TraceEntry) bool {
	if e.Kind.String() != "root" || !e.Found || !e.Value.IsNull() || e.Err != nil || e.At == "" {
		return false // only a path from a step's root reads its sample by name
	}
	root, _, _ := strings.Cut(e.Path, ".")
	if source, ok := o.Result(root); !ok || source.Status != Sampled {
		return false
	}
	leaf, _ := template.ResolvePointer(o.Plan.doc.Value, e.At)
	return e.Pos.Offset != 0 || e.End != len(leaf.Str()) // the leaf as one tag is a typed splice
}

// maxNullReads bounds NullReads, as the load's warnings are bounded.
const maxNullReads = 100
