package evaluate

import (
	"slices"
	"strconv"

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
func (p *Problem) Label() string { return errLabel(p.KindName(), !p.Failure()) }

// errLabel names an error for people: its kind, or "nothing found" for
// one the engine says is no failure (EmptyData).
func errLabel(kind string, nothingFound bool) string {
	switch {
	case nothingFound:
		return "nothing found"
	case kind == "":
		return "Error"
	}
	return kind
}

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

// TraceRow is one tag of the trace pane.
type TraceRow struct {
	Leaf  string       // JSON Pointer of the shape leaf, "" for a template
	Kind  string       // span kind: root, key, loopvar, dot, section, inverted
	Tag   string       // the tag in canonical form, {{#E0.list}}
	Pos   template.Pos // in the leaf or template text
	Count int          // evaluations; 0 when never reached
	// Status is what became of the tag: "value", "falsy", "failed",
	// "unreached" or "absent" (see rowValue and the others).
	Status string
	// Type is the value's JSON type; for a falsy or failed tag, the
	// error's kind.
	Type string
	// Value is what the pane shows of it: the value as shortened compact
	// JSON, the error's message, or why there is none.
	Value string

	path  string
	start int // the tag's byte offset in the editor's text, -1 when unknown
	// errNothingFound: the error is no failure (template.Error.Failure).
	errNothingFound bool
}

// Label is a failed tag's error kind as people read it, as Problem.Label.
func (r *TraceRow) Label() string { return errLabel(r.Type, r.errNothingFound) }

// The row statuses.
const (
	rowValue     = "value"     // it resolved to a value of Type
	rowFalsy     = "falsy"     // a section on a path that goes nowhere: falsy, not a failure
	rowFailed    = "failed"    // it failed with an error of kind Type
	rowUnreached = "unreached" // no render reached it
	rowAbsent    = "absent"    // a bare key nothing had: renders empty
)

// describe says in one line what the row's tag resolved to, as a hover
// shows it.
func (r *TraceRow) describe() string {
	runs := " (×" + strconv.Itoa(r.Count) + ")"
	switch r.Status {
	case rowFalsy:
		return "falsy: " + r.Value + runs
	case rowFailed:
		return r.Label() + ": " + r.Value
	case rowUnreached:
		return r.Value
	case rowAbsent:
		return r.Value + runs
	}
	return r.Type + " " + r.Value + runs
}

// Outcome is everything one evaluation shows.
type Outcome struct {
	// Note says what the result is when it is not what it seems: what a
	// tool that cannot run here would run.
	Note string

	HasValue bool
	value    template.Value
	JSON     string // compact JSON of the result (a JSON string for mixed text)
	Display  string // pretty-printed JSON, or the text verbatim, cut at maxShown
	// More says for people what Display leaves out of a longer result; ""
	// when Display is whole.
	More        string
	Mixed       bool // a string rendered from mixed text
	TypedSplice bool // the template is exactly one tag: a shape, whose result is a value too, is none

	// Partial is a shape's result when some of its leaves failed: what
	// rendered, each failing leaf null and marked. Empty otherwise.
	Partial []PartialPart

	Problems []Problem
	Err      error // the first failure behind Problems, for reshape.FormatIn
	Trace    []TraceRow
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
	return o.HasValue == b.HasValue && o.Mixed == b.Mixed && slices.Equal(o.Partial, b.Partial) && o.TypedSplice == b.TypedSplice && o.Type() == b.Type() &&
		slices.Equal(o.Trace, b.Trace) && slices.EqualFunc(o.Problems, b.Problems, func(p, q Problem) bool { return p.same(&q) }) &&
		(o.Plan == nil) == (b.Plan == nil) && (o.Plan == nil || o.Plan.same(b.Plan))
}

// Type is the result's JSON type, for the badge.
func (o *Outcome) Type() string { return o.value.Kind().String() }

// setResult records a run's result and how it is shown.
func (o *Outcome) setResult(v template.Value, typed bool) {
	o.HasValue, o.value, o.Mixed = true, v, !typed
	o.JSON = v.JSON()
	o.Display, o.More = shownResult(v, typed, len(o.JSON))
}

// WholeDisplay is the result as copied and exported: Display uncut. Only
// the pane's start is made with every run, a copy of the whole on demand.
func (o *Outcome) WholeDisplay() string {
	if o.More == "" {
		return o.Display
	}
	return display.Result(o.value, !o.Mixed)
}

// setPartial keeps v, what a shape rendered although some leaves failed,
// to be shown with those leaves marked. A failure before the render (a
// call input that fails input_schema) leaves nothing to show.
func (o *Outcome) setPartial(v template.Value) {
	if v.IsNull() {
		return
	}
	if failed := o.failedLeaves(); len(failed) > 0 {
		o.Partial = partialParts(v, failed)
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
		if _, seen := failed[row.Leaf]; !seen && row.Leaf != "" && (row.Status == rowFailed || row.Status == rowFalsy) {
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
		p.Phase, p.Msg, p.Target = template.PhaseLoad, shownText(err.Error()), target
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
		p := placeProblem(e, "", state.Target{Call: true})
		p.Pos, p.End, p.SegStart, p.SegEnd = unplaced.Pos, unplaced.End, unplaced.SegStart, unplaced.SegEnd
		return p // in the call's editor, which places none
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
	p.Msg, p.Source = shownText(e.Msg), ""
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
		p.Phase, p.Msg, p.At, p.Pos, p.End, p.SegStart, p.SegEnd, p.Fix = template.PhaseLoad, shownText(w.Msg), w.At, w.Pos, w.End, w.From, w.To, w.Fix
		o.Problems = append(o.Problems, p)
	}
}

// traceRows turns a run's trace into rows. A shape leaf's row is labelled
// with its leaf and placed in the document, as its problems are.
func traceRows(entries []template.TraceEntry) []TraceRow {
	rows := make([]TraceRow, 0, len(entries))
	for _, t := range entries {
		row := TraceRow{Leaf: t.At, Kind: t.Kind.String(), path: t.Path, Tag: t.Tag(), Pos: t.Pos, start: t.Pos.Offset, Count: t.Count}
		if t.At != "" {
			row.start = -1
			if t.Doc.Line > 0 {
				row.Pos, row.start = t.Doc, t.Doc.Offset
			}
		}
		_, falsy := t.Falsy()
		switch {
		case t.Err != nil:
			row.Status, row.Type, row.Value, row.errNothingFound = rowFailed, t.Err.Kind.String(), shownText(t.Err.Msg), !t.Err.Failure()
			if falsy {
				row.Status = rowFalsy
			}
		case t.Count == 0:
			row.Status, row.Value = rowUnreached, "not reached"
		case !t.Found:
			row.Status, row.Value = rowAbsent, "absent: renders empty"
		default:
			row.Status, row.Type, row.Value = rowValue, t.Value.Kind().String(), runsPreview(&t)
		}
		rows = append(rows, row)
	}
	return rows
}
