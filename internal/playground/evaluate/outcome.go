package evaluate

import (
	"maps"
	"slices"
	"strconv"

	"github.com/splicedev/splice/internal/display"
	"github.com/splicedev/splice/internal/playground/state"
	"github.com/splicedev/splice/plan"
	"github.com/splicedev/splice/reshape"
	"github.com/splicedev/splice/template"
)

// Problem is one error as the problems pane shows it, positioned in the
// text of the editor it belongs to.
type Problem struct {
	Kind   string // "BadPath", "SyntaxError" for data that does not parse, "" when untyped
	Phase  string // "load" or "render"
	Msg    string
	Target state.Target
	At     string // JSON Pointer of the failing shape leaf
	Step   string // in plan mode, the step it belongs to ("" for the solver)

	// Line and Column locate the tag in the target's text (1-based, column
	// in runes); zero when the error cannot be placed there.
	Line, Column int
	// Start and End are the tag's byte range in the target's text, and
	// SegStart and SegEnd the failing path segment's; -1 when unknown.
	Start, End       int
	SegStart, SegEnd int

	// NothingFound is the engine's word that the error is no failure:
	// the data ran out (EmptyData), the step is not broken.
	NothingFound bool

	path       string
	Keys       []string // what is on offer at the failing segment
	More       int      // how many keys were left out of Keys
	Suggestion string
	Fix        string // what mends it in place of [SegStart, SegEnd)
}

// Label is the kind as people read it.
func (p *Problem) Label() string { return errLabel(p.Kind, p.NothingFound) }

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
	return p.Kind == q.Kind && p.Phase == q.Phase && p.Msg == q.Msg && p.Target == q.Target && p.At == q.At && p.Step == q.Step &&
		p.Line == q.Line && p.Column == q.Column && p.Start == q.Start && p.End == q.End && p.SegStart == q.SegStart && p.SegEnd == q.SegEnd &&
		p.NothingFound == q.NothingFound && p.path == q.path && slices.Equal(p.Keys, q.Keys) && p.More == q.More &&
		p.Suggestion == q.Suggestion && p.Fix == q.Fix
}

// Marked is the byte range an editor underlines: the failing segment when
// it is known, else the tag; -1, -1 when the problem is not placed.
func (p *Problem) Marked() (start, end int) {
	if p.SegEnd > p.SegStart && p.SegStart >= 0 {
		return p.SegStart, p.SegEnd
	}
	return p.Start, p.End
}

// Located reports whether the problem can select its tag in an editor.
func (p *Problem) Located() bool { return p.Start >= 0 }

// TraceRow is one tag of the trace pane.
type TraceRow struct {
	Leaf    string // JSON Pointer of the shape leaf, "" for a template
	Kind    string // span kind: root, key, loopvar, dot, section, inverted
	Tag     string // the tag in canonical form, {{#E0.list}}
	Line    int    // in the leaf or template text
	Column  int
	Count   int    // evaluations; 0 when never reached
	Type    string // JSON type of the value, "" when it failed or was absent
	Preview string // the value as shortened compact JSON
	ErrKind string
	Err     string

	path  string
	start int // the tag's byte offset in the editor's text, -1 when unknown
	// errNothingFound: the error is no failure (see Problem.NothingFound).
	errNothingFound bool
	falsy           bool // a section on a path that goes nowhere (the engine's rule)
}

// ErrLabel names the row's error for people, as Problem.Label does.
func (r *TraceRow) ErrLabel() string { return errLabel(r.ErrKind, r.errNothingFound) }

// RowState is what became of a traced tag.
type RowState uint8

// The row states.
const (
	rowValue     RowState = iota // it resolved to a value of Type
	RowFalsy                     // a section on a path that goes nowhere: falsy, not a failure
	RowFailed                    // it failed with ErrKind
	RowUnreached                 // no render reached it
	RowAbsent                    // a bare key nothing had: renders empty
)

// State says what became of the row's tag.
func (r *TraceRow) State() RowState {
	switch {
	case r.falsy:
		return RowFalsy
	case r.Err != "":
		return RowFailed
	case r.Count == 0:
		return RowUnreached
	case r.Type == "":
		return RowAbsent
	}
	return rowValue
}

// describe says in one line what the row's tag resolved to, as a hover
// shows it.
func (r *TraceRow) describe() string {
	runs := " (×" + strconv.Itoa(r.Count) + ")"
	switch r.State() {
	case RowFalsy:
		return "falsy: " + r.Err + runs
	case RowFailed:
		return r.ErrLabel() + ": " + r.Err
	case RowUnreached:
		return "not reached"
	case RowAbsent:
		return "absent: renders empty" + runs
	}
	return r.Type + " " + r.Preview + runs
}

// Outcome is everything one evaluation shows.
type Outcome struct {
	// Note says what the result is when it is not what it seems: what a
	// tool that cannot run here would run.
	Note string

	HasValue bool
	Value    template.Value
	JSON     string // compact JSON of Value (a JSON string for mixed text)
	Display  string // pretty-printed JSON, or the text verbatim, cut at MaxShown
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
	// RootErrors holds, per root name, why its text does not parse.
	RootErrors map[string]*Problem

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
		maps.EqualFunc(o.RootErrors, b.RootErrors, (*Problem).same) &&
		(o.Plan == nil) == (b.Plan == nil) && (o.Plan == nil || o.Plan.same(b.Plan))
}

// Type is the result's JSON type, for the badge.
func (o *Outcome) Type() string { return o.Value.Kind().String() }

// setResult records a run's result and how it is shown.
func (o *Outcome) setResult(v template.Value, typed bool) {
	o.HasValue, o.Value, o.Mixed = true, v, !typed
	o.JSON = v.JSON()
	o.Display, o.More = shownResult(v, typed, len(o.JSON))
}

// WholeDisplay is the result as copied and exported: Display uncut. Only
// the pane's start is made with every run, a copy of the whole on demand.
func (o *Outcome) WholeDisplay() string {
	if o.More == "" {
		return o.Display
	}
	return display.Result(o.Value, !o.Mixed)
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
		if _, seen := failed[p.At]; !seen && p.At != "" && p.Target == (state.Target{}) && p.Phase == "render" {
			failed[p.At] = p.Label() + ": " + p.Msg
		}
	}
	// Past the cap on problems, the trace still names the failing leaves.
	for _, row := range o.Trace {
		if _, seen := failed[row.Leaf]; !seen && row.Leaf != "" && row.ErrKind != "" {
			failed[row.Leaf] = row.ErrLabel() + ": " + row.Err
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
		o.Problems = append(o.Problems, Problem{Phase: "load", Msg: shownText(err.Error()), Target: target, Start: -1, End: -1, SegStart: -1, SegEnd: -1})
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
		p.Line, p.Column, p.Start, p.End, p.SegStart, p.SegEnd = 0, 0, -1, -1, -1, -1
		return p // in the call's editor, which places none
	}
	return placeProblem(e, text, target)
}

// placeProblem places e in text, the editor target's text: by its place
// in the document when it has one (a shape leaf's, a plan's), else in its
// template's source.
func placeProblem(e *reshape.Error, text string, target state.Target) Problem {
	p := Problem{
		Kind: e.Kind.String(), Phase: e.Phase.String(), Msg: shownText(e.Msg), Target: target, At: e.At, NothingFound: !e.Failure(),
		Start: -1, End: -1, SegStart: -1, SegEnd: -1,
		path: e.Path, Keys: e.Available, More: e.More, Suggestion: e.Suggestion,
	}
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
	p.Line, p.Column, p.Start, p.End = pos.Line, pos.Column, pos.Offset, min(max(end, pos.Offset+1), len(text))
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
		o.Problems = append(o.Problems, Problem{Kind: "Warning", Phase: "load", Msg: shownText(w.Msg), Target: state.Target{}, At: w.At,
			Line: w.Pos.Line, Column: w.Pos.Column, Start: w.Pos.Offset, End: w.End, SegStart: w.From, SegEnd: w.To, Fix: w.Fix})
	}
}

// traceRows turns a run's trace into rows. A shape leaf's row is labelled
// with its leaf and placed in the document, as its problems are.
func traceRows(entries []template.TraceEntry) []TraceRow {
	rows := make([]TraceRow, 0, len(entries))
	for _, t := range entries {
		row := TraceRow{Leaf: t.At, Kind: t.Kind.String(), path: t.Path, Tag: t.Tag(), Line: t.Pos.Line, Column: t.Pos.Column, start: t.Pos.Offset, Count: t.Count}
		if t.At != "" {
			row.start = -1
			if t.Doc.Line > 0 {
				row.Line, row.Column, row.start = t.Doc.Line, t.Doc.Column, t.Doc.Offset
			}
		}
		_, row.falsy = t.Falsy()
		switch {
		case t.Err != nil:
			row.ErrKind, row.Err, row.errNothingFound = t.Err.Kind.String(), shownText(t.Err.Msg), !t.Err.Failure()
		case t.Count > 0 && t.Found:
			row.Type, row.Preview = t.Value.Kind().String(), runsPreview(&t)
		}
		rows = append(rows, row)
	}
	return rows
}
