package evaluate

import "github.com/splicedev/splice/template"

// Hover is what a tag of the main text is worth in an evaluation.
type Hover struct {
	Start, End int // the tag's byte range
	Text       string
	Failed     bool
}

// Hover returns what the tag of spans (the main text's) at byte offset off
// evaluated to, from the trace; false when no tag is there.
func (o *Outcome) Hover(spans []template.Span, off int) (Hover, bool) {
	for _, sp := range spans {
		if off < sp.Start || off >= sp.End {
			continue
		}
		for _, row := range o.hoverRows() {
			if row.start == sp.Start {
				return Hover{Start: sp.Start, End: sp.End, Text: row.describe(), Failed: row.State() == RowFailed}, true
			}
		}
		return Hover{}, false
	}
	return Hover{}, false
}

// hoverRows are the traced tags a hover may show: in plan mode every
// step's and the solver's, else the evaluation's.
func (o *Outcome) hoverRows() []TraceRow {
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
	return traceRows(entries)
}
