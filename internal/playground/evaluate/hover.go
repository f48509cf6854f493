package evaluate

import (
	"github.com/splicedev/splice/internal/display"
	"github.com/splicedev/splice/template"
)

// Hover returns what the tag of spans (the main text's) at byte offset off
// evaluated to, from the trace; false when no tag is there.
func (o *Outcome) Hover(spans []template.Span, off int) (display.Hover, bool) {
	if sp, ok := spanAt(spans, off); ok {
		return display.HoverOver(o.hoverRows(), sp)
	}
	return display.Hover{}, false
}

// spanAt returns the tag of spans at byte offset off.
func spanAt(spans []template.Span, off int) (template.Span, bool) {
	for _, sp := range spans {
		if off >= sp.Start && off < sp.End {
			return sp, true
		}
	}
	return template.Span{}, false
}

// HoverEach returns what the tag at byte offset off, in the body of the
// plan's map or fold step id, evaluated to in each of its first limit
// iterations, and how many iterations ran: every run, where Hover tells
// the iteration shown.
func (o *Outcome) HoverEach(spans []template.Span, off int, id string, limit int) (each []display.Hover, iterations int) {
	sp, ok := spanAt(spans, off)
	if o.run == nil || !ok {
		return nil, 0
	}
	res, ok := o.run.Result(id)
	if !ok {
		return nil, 0
	}
	for i := range min(limit, len(res.Iterations)) {
		if h, ok := display.HoverOver(display.Trace(o.run.IterationTrace(id, i)), sp); ok {
			each = append(each, h)
		}
	}
	return each, len(res.Iterations)
}

// hoverRows are the traced tags a hover may show: in plan mode every
// step's and the solver's, else the evaluation's.
func (o *Outcome) hoverRows() []display.TraceRow {
	run := o.run
	if run == nil {
		return o.Trace
	}
	// In the shown map's or fold's body, the tags are worth what they
	// were in the iteration shown.
	var entries []template.TraceEntry
	if o.shown != nil && o.shown.Step != nil {
		entries = run.IterationTrace(o.shown.Step.ID, o.shownIter)
	}
	for _, r := range run.Steps {
		entries = append(entries, r.Trace()...)
	}
	if run.Solver != nil {
		entries = append(entries, run.Solver.Trace()...)
	}
	return display.Trace(entries)
}
