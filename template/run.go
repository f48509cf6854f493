package template

import (
	"strconv"
	"strings"
)

// Subject is what one step renders: a template, a shape, a tool call, a
// plan step. Every surface runs one through Run, so that loading, checking
// and rendering are wired once.
type Subject interface {
	// Check runs the load-time checks against the step's scope (DIALECT §6).
	Check(Scope) error
	// RenderIn renders against roots within run's budget, tracing when run
	// traces; a failing shape returns its partial result with the errors.
	RenderIn(roots Roots, run *Env) (Value, []TraceEntry, error)
	// Typed reports whether the result is a value as it is (a typed
	// splice, a shape, a tool's result) rather than mixed text.
	Typed() bool
}

// Env is one run: the work and output budget that all its renders share
// (DIALECT §5, and §9 for the steps of a plan), and whether they trace (the
// engine built for docs pages, -tags splice_lite, never traces).
type Env struct {
	Tracing      bool
	work, output int // spent so far
}

// spent reports, before a render starts, that the run's budget is gone.
func (run *Env) spent(t *Template) *Error {
	var why string
	switch {
	case run.work > MaxRenderSteps:
		why = "earlier renders of this run did " + plural(MaxRenderSteps, "step") + " of work, all it may do"
	case run.output > MaxOutput:
		why = "earlier renders of this run wrote " + strconv.Itoa(MaxOutput>>20) + " MiB, all it may write"
	default:
		return nil
	}
	return &Error{Kind: LimitError, Phase: PhaseRender, Msg: why, Pos: Pos{Line: 1, Column: 1}, Source: t.src}
}

// charge adds what r did to the run, and reports a render that wrote past
// the run's output budget. A render a limit stopped spends the budget it
// broke. A typed splice writes nothing yet costs the output it will be
// written to: a shape of many leaves naming one large value would
// otherwise be a large result for free.
func (run *Env) charge(r *renderer, v Value, t *Template) *Error {
	switch {
	case r.steps >= stopped && len(r.out) > MaxOutput-r.outSpent:
		run.output = MaxOutput + 1
	case r.steps > MaxRenderSteps:
		run.work = MaxRenderSteps + 1
	case t.typed != nil:
		bytes, values := v.size(MaxOutput - run.output)
		run.work, run.output = r.steps+values, run.output+bytes
		if run.output > MaxOutput {
			return &Error{Kind: LimitError, Phase: PhaseRender, Pos: t.typed.Pos, End: t.typed.End, Source: t.src, Path: t.typed.Path.Text,
				Msg: "the output passed " + strconv.Itoa(MaxOutput>>20) + " MiB: this value is too large to splice here after what the run wrote before"}
		}
	default:
		run.work = r.steps
		if v.kind() == String {
			run.output += v.length()
		}
	}
	return nil
}

// Result is what one run of a subject gave.
type Result struct {
	Value  Value // the result; a shape's partial one (failing leaves null) when it failed at render
	Typed  bool  // Value is a value as is, not mixed text
	Loaded bool  // the subject passed its load-time checks, so it rendered
	// Err holds the typed errors that stopped it, as the subject gave
	// them (a shape's placed in its document), an untyped one made typed
	// (see Typed); nil when none did.
	Err   error
	Trace []TraceEntry // every tag, in source (document) order, when the run traces
}

// OK reports whether the run gave its result: it loaded and no render
// error stopped it.
func (r *Result) OK() bool { return r.Loaded && r.Err == nil }

// Run checks s against scope and, when it loads, renders it against roots
// within run (nil: a run of its own). Load errors stop it before the render
// (DIALECT §6); a traced run still renders what failed to load, for the
// trace alone, so that a view shows what each tag finds while the step is
// being written.
func Run(s Subject, scope Scope, roots Roots, run *Env) Result {
	res := Check(s, scope)
	if run == nil {
		run = &Env{}
	}
	if !res.Loaded {
		if traces && run.Tracing {
			_, res.Trace, _ = s.RenderIn(roots, run)
		}
		return res
	}
	v, trace, err := s.RenderIn(roots, run)
	res.Value, res.Trace, res.Err = v, trace, Typed(err, PhaseRender)
	return res
}

// Check runs s's load-time checks alone, as Run does first: a step checked
// without its data. Loaded reports whether it would render.
func Check(s Subject, scope Scope) Result {
	res := Result{Typed: s.Typed()}
	res.Err = Typed(s.Check(scope), PhaseLoad)
	res.Loaded = res.Err == nil
	return res
}

// Failure reports whether the error means the render failed: EmptyData
// means "nothing found", not a broken plan (DIALECT §8), and is shown as
// such, though it too leaves the render without a result.
func (e *Error) Failure() bool { return e.Kind != EmptyData }

// Spent is the work and output the run has spent so far.
func (run *Env) Spent() (work, output int) { return run.work, run.output }

// Charge adds work and output spent before: a result that a run reuses
// from an earlier one still counts against its budget.
func (run *Env) Charge(work, output int) { run.work, run.output = run.work+work, run.output+output }

// Falsy reports whether the entry is a section that rendered as falsy
// because its path goes nowhere, and why. Any other error fails the render,
// at a section as at a variable (DIALECT §5).
func (e *TraceEntry) Falsy() (why string, falsy bool) {
	if e.Err == nil || e.Kind != spanSection && e.Kind != spanInverted || !goesNowhere(e.Err) {
		return "", false
	}
	return e.Err.Msg, true
}

// Tag is the entry's tag in canonical form: {{E0.id}}, or a section's
// opening tag {{#E0.list}}.
func (e *TraceEntry) Tag() string {
	var b strings.Builder
	switch e.Kind {
	case spanSection:
		writeTag(&b, "#", e.Path)
	case spanInverted:
		writeTag(&b, "^", e.Path)
	default:
		writeTag(&b, "", e.Path)
	}
	return b.String()
}

// goesNowhere reports whether a section's path error makes it falsy
// rather than failing the render: the path does not resolve in the data.
func goesNowhere(e *Error) bool { return e.Kind == BadPath || e.Kind == EmptyData }
