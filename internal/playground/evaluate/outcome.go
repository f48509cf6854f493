package evaluate

import (
	"slices"

	"github.com/splicedev/splice/internal/display"
	"github.com/splicedev/splice/internal/playground/state"
	"github.com/splicedev/splice/plan"
	"github.com/splicedev/splice/reshape"
	"github.com/splicedev/splice/template"
)

// Problem is one error as the problems pane shows it, positioned in the
// text of the editor it belongs to: the engine's error, with what only
// the playground knows.
type Problem struct {
	// Error is the engine's error placed in Target's text: Pos (Offset
	// -1 when it is not there) and End the tag, SegStart and SegEnd the
	// failing segment (-1, -1 when unknown), Fix what mends it in place of
	// that segment; Source is left out. A warning (reshape.Warning), a
	// data text that does not parse and an error the engine did not type
	// fill only what they have.
	reshape.Error
	Target state.Target
	Step   string // in plan mode, the step it belongs to ("" for the solver)

	// other names a kind the engine has none for: "Warning",
	// "SyntaxError"; "" when untyped.
	other string
}

// KindName is the kind as the pane and its marks name it: the engine's
// kind, or "Warning", "SyntaxError"; "" when untyped.
func (p *Problem) KindName() string {
	if p.Kind != 0 {
		return p.Kind.String()
	}
	return p.other
}

// Label is the kind as people read it.
func (p *Problem) Label() string { return display.ErrorLabel(p.KindName(), !p.Failure()) }

// same reports whether p and q show the same.
func (p *Problem) same(q *Problem) bool {
	return p.Kind == q.Kind && p.other == q.other && p.Phase == q.Phase && p.Msg == q.Msg && p.Target == q.Target && p.At == q.At && p.Step == q.Step &&
		p.Pos == q.Pos && p.End == q.End && p.SegStart == q.SegStart && p.SegEnd == q.SegEnd &&
		p.Path == q.Path && slices.Equal(p.Available, q.Available) && p.More == q.More &&
		p.Suggestion == q.Suggestion && p.Fix == q.Fix
}

// Marked is the byte range an editor underlines: the failing segment when
// it is known, else the tag; -1, -1 when the problem is not placed.
func (p *Problem) Marked() (start, end int) {
	if p.SegEnd > p.SegStart && p.SegStart >= 0 {
		return p.SegStart, p.SegEnd
	}
	return p.Pos.Offset, p.End
}

// Located reports whether the problem can select its tag in an editor.
func (p *Problem) Located() bool { return p.Pos.Offset >= 0 }

// unplaced is the place of a problem that is nowhere in its text.
var unplaced = func() (p Problem) {
	p.Pos.Offset, p.End, p.SegStart, p.SegEnd = -1, -1, -1, -1
	return p
}()

// Outcome is everything one evaluation shows.
type Outcome struct {
	// Note says what the result is when it is not what it seems: what a
	// tool that cannot run here would run.
	Note string

	// Result is the run's result as shown; nil without one.
	Result *display.Shown

	// Partial is a shape's result when some of its leaves failed: what
	// rendered, each failing leaf null and marked. Empty otherwise.
	Partial []display.Part

	Problems []Problem
	Err      error // the first failure behind Problems, for reshape.FormatIn
	Trace    []display.TraceRow
	// rootErrors holds, per root name, why its text does not parse: the
	// problem of Problems whose target is that root.
	rootErrors map[string]*Problem

	// Plan is plan mode's steps and selected step; nil in other modes.
	Plan *PlanView
	// Renamed is a step id edited in the plan document since the
	// evaluation before (the step at the same place called otherwise, its
	// old id gone from the plan): the old id and the new; empty when none.
	Renamed [2]string
	run     *plan.Outcome // the plan's run, for the selection
	// shown is the step of the run the output shows, shownIter its
	// iteration shown.
	shown     *plan.StepResult
	shownIter int
}

// SameView reports whether o and b show the same but for the result.
func (o *Outcome) SameView(b *Outcome) bool {
	return sameMarks(o.Result, b.Result) && slices.Equal(o.Partial, b.Partial) && slices.Equal(o.Trace, b.Trace) && slices.EqualFunc(o.Problems, b.Problems, func(p, q Problem) bool { return p.same(&q) }) &&
		(o.Plan == nil) == (b.Plan == nil) && (o.Plan == nil || o.Plan.same(b.Plan))
}

// sameMarks reports whether r and q, results or none, wear the same
// badge and markers: all that typing changes of a result besides itself.
func sameMarks(r, q *display.Shown) bool {
	if r == nil || q == nil {
		return r == q
	}
	return r.Mixed == q.Mixed && r.Splice == q.Splice && r.Type() == q.Type()
}

// setResult records a run's result and how it is shown.
func (o *Outcome) setResult(v template.Value, typed bool) {
	o.Result = display.Show(v, typed)
}

// setPartial keeps v, what a shape rendered although some leaves failed,
// to be shown with those leaves marked. A failure before the render (a
// call input that fails input_schema) leaves nothing to show.
func (o *Outcome) setPartial(v template.Value) {
	if v.IsNull() {
		return
	}
	if failed := o.failedLeaves(); len(failed) > 0 {
		o.Partial = display.Partial(v, failed)
	}
}

// failedLeaves maps each failing shape leaf's pointer to its first
// problem (or failed tag). A shape is an object: no leaf's pointer is "".
func (o *Outcome) failedLeaves() map[string]string {
	failed := map[string]string{}
	for _, p := range o.Problems {
		if _, seen := failed[p.At]; !seen && p.At != "" && p.Target == (state.Target{}) && p.Phase == template.PhaseRender {
			failed[p.At] = p.Label() + ": " + p.Msg
		}
	}
	// Past the cap on problems, the trace still names the failing leaves.
	for _, row := range o.Trace {
		if _, seen := failed[row.Leaf]; !seen && row.Leaf != "" && row.Failing() {
			failed[row.Leaf] = row.Label() + ": " + row.Value
		}
	}
	return failed
}

// addErrors turns err into problems located in text, the editor target's
// text. Errors that are not typed (a part not built yet, say) still show.
func (o *Outcome) addErrors(text string, target state.Target, err error) {
	if err == nil {
		return
	}
	if o.Err == nil {
		o.Err = err
	}
	list := reshape.Errors(err)
	if list == nil {
		p := unplaced
		p.Phase, p.Msg, p.Target = template.PhaseLoad, display.Message(err.Error()), target
		o.Problems = append(o.Problems, p)
		return
	}
	for _, e := range list {
		o.Problems = append(o.Problems, newProblem(e, text, target))
	}
}

// newProblem places e in text, the editor target's text, by the engine's
// facts: a template's error is in its source; a shape leaf's carries its
// place in the whole document.
func newProblem(e *reshape.Error, text string, target state.Target) Problem {
	if e.Kind == template.InputError && target != (state.Target{Call: true}) {
		if e.Source != "" && e.At == "" { // placed in the call's text (reshape.PlaceInput)
			return placeProblem(e, e.Source, state.Target{Call: true})
		}
		p := placeProblem(e, "", state.Target{Call: true})
		p.Pos, p.End, p.SegStart, p.SegEnd = unplaced.Pos, unplaced.End, unplaced.SegStart, unplaced.SegEnd
		return p // in the call's editor, unplaced
	}
	return placeProblem(e, text, target)
}

// placeProblem places e in text, the editor target's text: by its place
// in the document when it has one (a shape leaf's, a plan's), else in its
// template's source.
func placeProblem(e *reshape.Error, text string, target state.Target) Problem {
	p := Problem{Error: *e, Target: target}
	// The pane compares problems on each render: the text they are in,
	// which each keystroke changes, is the target's, not theirs.
	p.Msg, p.Source = display.Message(e.Msg), ""
	p.Pos, p.End, p.SegStart, p.SegEnd, p.Fix = unplaced.Pos, unplaced.End, unplaced.SegStart, unplaced.SegEnd, ""
	pos, end, segStart, segEnd := e.Pos, e.End, e.SegStart, e.SegEnd
	switch {
	case e.Doc.Line > 0:
		pos, end, segStart, segEnd = e.Doc, e.DocEnd, e.DocSegStart, e.DocSegEnd
	case e.Pos.Line == 0:
		return p // nowhere
	case e.Source != text && e.Source != "":
		return p // a leaf of a shape given without its text
	}
	if pos.Offset > len(text) {
		return p
	}
	p.Pos, p.End = pos, min(max(end, pos.Offset+1), len(text))
	if segEnd > segStart {
		p.SegStart, p.SegEnd, p.Fix = segStart, segEnd, e.Fix
	}
	return p
}

// addWarnings adds a document's likely mistakes (reshape.Warning) as
// problems of the main text, each with its fix. The engine caps them, the
// last saying how many more there were.
func (o *Outcome) addWarnings(warnings []reshape.Warning) {
	for _, w := range warnings {
		p := Problem{other: "Warning"}
		p.Phase, p.Msg, p.At, p.Pos, p.End, p.SegStart, p.SegEnd, p.Fix = template.PhaseLoad, display.Message(w.Msg), w.At, w.Pos, w.End, w.From, w.To, w.Fix
		o.Problems = append(o.Problems, p)
	}
}
