package reshape

import (
	"strconv"
	"strings"

	"github.com/splicedev/splice/template"
)

// engineError is template.Error under a name of its own, for Error to
// embed: embedded as template.Error, its field Error would hide the
// method Error.
type engineError = template.Error

// Error is an engine error placed in the document of a shape, a tool or a
// plan: the node it belongs to and its place in the document's text.
type Error struct {
	engineError
	At string // JSON Pointer of the failing node, "/labels/0/name"
	// Doc is where the error is in the whole document (Pos is within a
	// leaf's string), DocEnd the end of its tag there and DocSegStart,
	// DocSegEnd its failing segment's range; Doc.Line is 0 when the shape
	// came without its text.
	Doc                            template.Pos
	DocEnd, DocSegStart, DocSegEnd int
	// Fix mends the error when it takes the place of [SegStart, SegEnd)
	// in Source: an unquoted template quoted.
	Fix string
}

// ErrorList holds every placed error of a phase, in document order.
type ErrorList = template.List[*Error]

// Error is the whole error on one line: its node, then the engine's.
func (e *Error) Error() string {
	if e.At == "" {
		return e.engineError.Error()
	}
	return e.At + " " + e.engineError.Error()
}

// Unwrap is the engine's error.
func (e *Error) Unwrap() error { return &e.engineError }

// Placed is e at the node at: an error read back from a surface that
// reports its node beside the engine's fields (the JS API's).
func Placed(e *template.Error, at string) *Error { return &Error{engineError: *e, At: at} }

// MoreErrors is the last error of a capped list (see
// template.Error.MoreErrors), at the node and place of e.
func (e *Error) MoreErrors(n int) *Error {
	return &Error{engineError: *e.engineError.MoreErrors(n), At: e.At, Doc: e.Doc, DocEnd: e.DocEnd}
}

// Errors returns the placed errors carried by err: an ErrorList, an
// *Error, a plan's, or anything wrapping them; the engine's own errors
// come unplaced. Other errors give nil.
func Errors(err error) ErrorList {
	return template.ErrorsAs[*Error](err, func(err error) ErrorList {
		engine := template.Errors(err)
		if engine == nil {
			return nil
		}
		list := make(ErrorList, len(engine))
		for i, e := range engine {
			list[i] = &Error{engineError: *e}
		}
		return list
	})
}

// FormatIn prints errors for people as template.Format does, each with
// its node, and at its place in doc, the text of its document, when it has
// one there ("" for none): the caret under its tag in the document's line.
func FormatIn(err error, doc string) string {
	list := Errors(err)
	if list == nil {
		return template.Format(err)
	}
	var b strings.Builder
	for _, e := range list {
		b.WriteString(e.format(doc))
	}
	return b.String()
}

func (e *Error) format(doc string) string {
	source, pos, end := e.Source, e.Pos, e.End
	inDoc := doc != "" && e.Doc.Line > 0
	if inDoc {
		source, pos, end = doc, e.Doc, e.DocEnd
	}
	where := ""
	if e.At != "" {
		where = " at " + e.At
	}
	if pos.Line > 0 {
		where += ", line " + pos.String()
	}
	switch {
	case inDoc:
		where += " (in the leaf " + e.Pos.String() + ")"
	case e.Doc.Line > 0:
		where += " (document " + e.Doc.String() + ")"
	}
	return e.Report(where, source, pos, end) + e.FixHint()
}

// FixHint is the line that says what mends e, "" without a fix: the fix,
// or, when it rewrites a line (a YAML slip, maybe above where the parser
// stopped), that line as it should read, quoted so that its indentation
// shows.
func (e *Error) FixHint() string {
	if e.Fix == "" {
		return ""
	}
	if at := template.PosOf(e.Source, e.SegStart); e.Source != "" && at.Column == 1 {
		return "  fix: line " + strconv.Itoa(at.Line) + " as " + string(template.AppendQuoted(nil, e.Fix)) + "\n" // strconv.Quote would weigh on the engine's wasm
	}
	return "  fix: " + e.Fix + "\n"
}
