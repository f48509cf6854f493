package plan

import (
	"github.com/splicedev/splice/reshape"
	"github.com/splicedev/splice/template"
)

// placedError is reshape.Error under a name of its own, for Error to
// embed: embedded as reshape.Error, its field Error would hide the method
// Error.
type placedError = reshape.Error

// Error is an error of a plan: placed in the plan's document, and naming
// the step it belongs to.
type Error struct {
	placedError
	Step string // the id of the step; "" for the solver, a tool or the document itself
}

// ErrorList holds the errors of a plan's load or run, each phase in
// order.
type ErrorList = template.List[*Error]

// Unwrap is the error as placed in the document.
func (e *Error) Unwrap() error { return &e.placedError }

// MoreErrors is the last error of a capped list (see
// template.Error.MoreErrors), at the place of e; it names no step.
func (e *Error) MoreErrors(n int) *Error { return &Error{placedError: *e.placedError.MoreErrors(n)} }

// Errors returns the plan errors carried by err: an ErrorList, an *Error,
// or anything wrapping them; a shape's or the engine's errors name no
// step. Other errors give nil.
func Errors(err error) ErrorList {
	return template.ErrorsAs[*Error](err, func(err error) ErrorList { return named(reshape.Errors(err), "") })
}

// named makes each of list an error of step.
func named(list reshape.ErrorList, step string) ErrorList {
	if list == nil {
		return nil
	}
	out := make(ErrorList, len(list))
	for i, e := range list {
		out[i] = &Error{placedError: *e, Step: step}
	}
	return out
}

// placeAll returns the errors of err, an untyped one made a ToolError
// (template.Typed), each placed in the document text and naming step.
func placeAll(err error, text, step string) ErrorList {
	list := named(reshape.Errors(template.Typed(err, template.PhaseLoad)), step)
	for _, e := range list {
		if e.Doc.Line == 0 && e.Source == text {
			// The document's own error (its syntax): placed in it
			// already, with the segment its fix replaces.
			e.Doc, e.DocEnd, e.DocSegStart, e.DocSegEnd = e.Pos, e.End, e.SegStart, e.SegEnd
		}
	}
	return list
}
