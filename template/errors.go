package template

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// ErrorKind classifies an error (DIALECT §8). Each kind calls for its own
// handling: EmptyData means "nothing found", not a broken plan.
type ErrorKind uint8

// The error kinds.
const (
	ParseError ErrorKind = iota + 1
	ScopeError
	ToolError
	InputError
	MissingStep
	BadPath
	EmptyData
	// LimitError stops a render whose work or output passes the engine's
	// limits (MaxRenderSteps, MaxOutput): nested sections multiply.
	LimitError
)

var errorKindNames = [...]string{"", "ParseError", "ScopeError", "ToolError", "InputError", "MissingStep", "BadPath", "EmptyData", "LimitError"}

func (k ErrorKind) String() string {
	if int(k) < len(errorKindNames) && k > 0 {
		return errorKindNames[k]
	}
	return "ErrorKind(" + strconv.Itoa(int(k)) + ")"
}

// ErrorKinds lists every kind, in the order of DIALECT §8.
func ErrorKinds() []ErrorKind {
	kinds := make([]ErrorKind, 0, len(errorKindNames)-1)
	for k := range len(errorKindNames) - 1 {
		kinds = append(kinds, ErrorKind(k+1))
	}
	return kinds
}

// ParseErrorKind returns the kind named s ("BadPath"), or false.
func ParseErrorKind(s string) (ErrorKind, bool) {
	for k, name := range errorKindNames {
		if name == s && k > 0 {
			return ErrorKind(k), true
		}
	}
	return 0, false
}

// Phase tells when an error arises: at load (no data needed) or at render.
type Phase uint8

// The phases.
const (
	PhaseLoad Phase = iota + 1
	PhaseRender
)

func (p Phase) String() string {
	if p == PhaseLoad {
		return "load"
	}
	return "render"
}

// Pos is a position in a source text: a byte offset and a 1-based line and
// column, the column counted in runes. A '\r' before '\n' belongs to its line.
type Pos struct {
	Offset int
	Line   int
	Column int
}

func (p Pos) String() string { return strconv.Itoa(p.Line) + ":" + strconv.Itoa(p.Column) }

// PosOf returns the position of byte offset off in src.
func PosOf(src string, off int) Pos {
	off = min(max(off, 0), len(src))
	line := 1 + strings.Count(src[:off], "\n")
	lineStart := strings.LastIndexByte(src[:off], '\n') + 1
	return Pos{Offset: off, Line: line, Column: 1 + utf8.RuneCountInString(src[lineStart:off])}
}

// MaxAvailable caps the keys an error lists; More counts the rest.
const MaxAvailable = 20

// Error is one typed error, as the engine knows it: its kind, its place in
// the text it was raised in, the path and what was on offer there. A layer
// above the engine that places it further (a shape's document, a plan's
// step) wraps it. Fields that do not apply are empty.
type Error struct {
	Kind  ErrorKind
	Phase Phase
	Msg   string // the message, without position or kind

	Pos    Pos    // the '{{' of the tag (the opening tag for an unclosed or mismatched section)
	End    int    // byte offset just past the tag, for underlining
	Source string // the text Pos refers to: a template, a shape leaf, a YAML document

	// SegStart and SegEnd are the byte range of the failing segment in
	// Source, for underlining it alone; equal when there is none.
	SegStart, SegEnd int

	Path       string   // the tag's path text, "E0.values.0.idd"
	Segment    string   // the segment where resolution failed, "idd"
	Prefix     string   // the resolved prefix, "E0.values.0"
	Found      string   // the type found at Prefix, "object"
	Available  []string // keys or roots on offer, in order, at most MaxAvailable
	More       int      // how many more keys there were beyond Available
	Suggestion string   // the available key within a small edit distance of Segment

	leftOut int // a capped list's last error: how many it stands for
}

// Error is the whole error on one line, as a log or a replanner sees it:
// where, the kind and Message.
func (e *Error) Error() string {
	return e.Pos.String() + ": " + e.Kind.String() + ": " + e.Message()
}

// Message is Msg made self-contained (DIALECT §4): it also lists what is
// available there (capped) and the did-you-mean.
func (e *Error) Message() string {
	if len(e.Available) == 0 && e.Suggestion == "" {
		return e.Msg
	}
	var b strings.Builder
	b.WriteString(e.Msg)
	if len(e.Available) > 0 {
		b.WriteString("; available")
		if e.Kind == MissingStep {
			b.WriteString(" roots")
		}
		b.WriteString(": ")
		b.WriteString(e.AvailableText())
	}
	if e.Suggestion != "" {
		b.WriteString("; did you mean " + quote(e.Suggestion) + "?")
	}
	return b.String()
}

// Typed returns err when it carries typed errors, else err as a ToolError
// of phase placed at the start (1:1): how every surface shows an error
// that says nothing more than its text.
func Typed(err error, phase Phase) error {
	if err == nil || Errors(err) != nil {
		return err
	}
	return &Error{Kind: ToolError, Phase: phase, Msg: err.Error(), Pos: Pos{Line: 1, Column: 1}}
}

// listed is what an error of a List is: the engine's, or a layer's that
// wraps it, which knows how many it stands for and how to say that more
// were left out after it.
type listed[E any] interface {
	error
	Count() int
	MoreErrors(n int) E
}

// List holds every error of a phase, in source order: the engine's
// (ErrorList), or those of a layer above it, whose errors wrap the
// engine's.
type List[E listed[E]] []E

// ErrorList is the engine's List.
type ErrorList = List[*Error]

func (l List[E]) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	return l[0].Error() + " (and " + strconv.Itoa(len(l)-1) + " more errors)"
}

// Unwrap is the list's errors, as errors.Join gives them.
func (l List[E]) Unwrap() []error {
	errs := make([]error, len(l))
	for i, e := range l {
		errs[i] = e
	}
	return errs
}

// Errors returns the engine's errors carried by err: an ErrorList, an
// *Error, a layer's List, or anything wrapping them. Other errors give nil.
func Errors(err error) ErrorList {
	return ErrorsAs[*Error](err, func(error) ErrorList { return nil })
}

// ErrorsAs returns the errors of type E carried by err: a List of them,
// one, or anything wrapping those (a List of a layer above included). An
// err that carries none gives lower(err): the errors of the layer below,
// made E's.
func ErrorsAs[E listed[E]](err error, lower func(error) List[E]) List[E] {
	// Unwrapped by hand: errors.As would bring reflection into the
	// engine's wasm.
	for x := err; x != nil; {
		switch e := x.(type) {
		case List[E]:
			return e
		case E:
			return List[E]{e}
		case interface{ Unwrap() []error }:
			var list List[E]
			for _, each := range e.Unwrap() {
				list = append(list, ErrorsAs(each, lower)...)
			}
			return list
		}
		u, ok := x.(interface{ Unwrap() error })
		if !ok {
			break
		}
		x = u.Unwrap()
	}
	if err == nil {
		return nil
	}
	return lower(err)
}

// Err returns the list as an error, nil when it is empty (a nil List in
// an error interface is not a nil error).
func (l List[E]) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

// MaxErrors caps the errors one phase reports: past it, a last LimitError
// says how many more there were (DIALECT §5).
const MaxErrors = 100

// Capped keeps the first MaxErrors errors of a sorted list and says how
// many more there were.
func (l List[E]) Capped() List[E] { return l.cappedWith(0) }

// cappedWith is Capped for a list past whose end unbuilt more errors were
// counted without being built (it then holds more than MaxErrors).
func (l List[E]) cappedWith(unbuilt int) List[E] {
	if len(l) <= MaxErrors {
		return l
	}
	n := unbuilt
	for _, e := range l[MaxErrors:] {
		n += e.Count()
	}
	return append(l[:MaxErrors:MaxErrors], l[MaxErrors].MoreErrors(n))
}

// Count is how many errors e stands for: one, or as many as the last
// error of a capped list says were left out.
func (e *Error) Count() int { return max(e.leftOut, 1) }

// MoreErrors is the last error of a capped list, e the first it leaves
// out: a LimitError there, saying that n were left out. A list capped
// again (a plan's, of its steps' lists) counts the n it stands for.
func (e *Error) MoreErrors(n int) *Error {
	return &Error{Kind: LimitError, Phase: e.Phase, Pos: e.Pos, End: e.End, Source: e.Source, Path: e.Path, leftOut: n,
		Msg: "and " + plural(n, "more error") + " from here on (a phase reports at most " + strconv.Itoa(MaxErrors) + ")"}
}

// setAvailable fills Available and More from keys, capped at MaxAvailable.
func (e *Error) setAvailable(keys []string) {
	if len(keys) > MaxAvailable {
		e.More = len(keys) - MaxAvailable
		keys = keys[:MaxAvailable:MaxAvailable]
	}
	e.Available = keys
}

// AvailableText lists the available keys for a message: `id, title` or
// `id, title, … and 3 more`.
func (e *Error) AvailableText() string {
	s := strings.Join(e.Available, ", ")
	if e.More > 0 {
		s += ", … and " + strconv.Itoa(e.More) + " more"
	}
	return s
}

// formatContext is how many runes of a source line Format shows on each
// side of the tag, so that an error in a long line prints a short one.
const formatContext = 40

// window cuts line around the byte range [from, to) for a caret line: the
// text shown, the caret's column in it (0-based, in runes) and its width.
// A cut side is marked with "…".
func window(line string, from, to int) (shown string, caretAt, width int) {
	width = max(utf8.RuneCountInString(line[from:to]), 1)
	start, end := from, to
	for n := 0; n < formatContext && start > 0; n++ {
		_, size := utf8.DecodeLastRuneInString(line[:start])
		start -= size
	}
	if width > 2*formatContext { // a huge tag: show its start
		for n, cut := 0, from; n < 2*formatContext; n++ {
			_, size := utf8.DecodeRuneInString(line[cut:])
			cut += size
			end = cut
		}
		width = 2 * formatContext
	}
	for n := 0; n < formatContext && end < len(line); n++ {
		_, size := utf8.DecodeRuneInString(line[end:])
		end += size
	}
	shown = line[start:end]
	caretAt = utf8.RuneCountInString(line[start:from])
	if start > 0 {
		shown, caretAt = "…"+shown, caretAt+1
	}
	if end < len(line) {
		shown += "…"
	}
	return shown, caretAt, width
}

// Format prints an error for people: the message, the source line with a
// caret under the tag, the available keys and the suggestion. Errors that
// are not typed print as themselves.
func Format(err error) string {
	list := Errors(err)
	if list == nil {
		if err == nil {
			return ""
		}
		return err.Error() + "\n"
	}
	var b strings.Builder
	for _, e := range list {
		where := ""
		if e.Pos.Line > 0 {
			where = ", line " + e.Pos.String()
		}
		b.WriteString(e.Report(where, e.Source, e.Pos, e.End))
	}
	return b.String()
}

// Report prints e for people: its kind, where it is (in the words of the
// layer that placed it: ", line 3:5") and its message, then the line of
// source at pos with a caret under [pos, end) and its Hints.
func (e *Error) Report(where, source string, pos Pos, end int) string {
	var b strings.Builder
	b.WriteString(e.Kind.String())
	b.WriteString(" (")
	b.WriteString(e.Phase.String())
	b.WriteString(")")
	if !e.Failure() {
		b.WriteString(", nothing found")
	}
	b.WriteString(where)
	b.WriteString(": ")
	b.WriteString(e.Msg)
	b.WriteByte('\n')
	b.WriteString(Excerpt(source, pos, end))
	b.WriteString(e.Hints())
	return b.String()
}

// Hints are the keys on offer and the suggestion, a line each.
func (e *Error) Hints() string {
	var s string
	if len(e.Available) > 0 {
		s += "  available: " + e.AvailableText() + "\n"
	}
	if e.Suggestion != "" {
		s += "  did you mean " + quote(e.Suggestion) + "?\n"
	}
	return s
}

// Excerpt is the line of source at pos, cut around [pos, end) when long,
// with a caret line under that range; "" when pos is not in source.
func Excerpt(source string, pos Pos, end int) string {
	if source == "" || pos.Offset > len(source) {
		return ""
	}
	lineStart := strings.LastIndexByte(source[:pos.Offset], '\n') + 1
	lineEnd := strings.IndexByte(source[pos.Offset:], '\n')
	if lineEnd < 0 {
		lineEnd = len(source)
	} else {
		lineEnd += pos.Offset
	}
	line := strings.TrimSuffix(source[lineStart:lineEnd], "\r")
	end = min(max(end, pos.Offset), lineStart+len(line))
	shown, caretAt, width := window(line, pos.Offset-lineStart, end-lineStart)
	gutter := strconv.Itoa(pos.Line)
	// Written byte by byte: strings.Repeat and ReplaceAll would bring
	// kilobytes of code into the engine's wasm for these few bytes. The
	// caret line is the first line's head, blanked, and the carets.
	head := "  " + gutter + " | "
	lines := head + shown + "\n" + head
	caret := len(lines)
	b := make([]byte, caret+caretAt+width+1)
	copy(b, lines)
	for i := range b {
		switch {
		case i >= caret+caretAt:
			b[i] = '^'
		case b[i] == '\t', i >= caret-len(head) && b[i] != '|': // a tab shows as a space; the caret line has no number
			b[i] = ' '
		}
	}
	b[len(b)-1] = '\n'
	return string(b)
}
