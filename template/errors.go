package template

import (
	"errors"
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

// Error is one typed error. Fields that do not apply are empty.
type Error struct {
	Kind  ErrorKind
	Phase Phase
	Msg   string // the message, without position or kind

	Pos    Pos    // the '{{' of the tag (the opening tag for an unclosed or mismatched section)
	End    int    // byte offset just past the tag, for underlining
	Source string // the text Pos refers to: a template, a shape leaf, a YAML document

	Path       string   // the tag's path text, "E0.values.0.idd"
	Segment    string   // the segment where resolution failed, "idd"
	Prefix     string   // the resolved prefix, "E0.values.0"
	Found      string   // the type found at Prefix, "object"
	Available  []string // keys or roots on offer, in order, at most MaxAvailable
	More       int      // how many more keys there were beyond Available
	Suggestion string   // the available key within a small edit distance of Segment
	At         string   // JSON Pointer of the failing shape leaf, "/labels/0/name"
}

func (e *Error) Error() string {
	var b strings.Builder
	if e.At != "" {
		b.WriteString(e.At)
		b.WriteByte(' ')
	}
	b.WriteString(e.Pos.String())
	b.WriteString(": ")
	b.WriteString(e.Kind.String())
	b.WriteString(": ")
	b.WriteString(e.Msg)
	return b.String()
}

// ErrorList holds every error of a phase, in source order.
type ErrorList []*Error

func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	return l[0].Error() + " (and " + strconv.Itoa(len(l)-1) + " more errors)"
}

// Errors returns the typed errors carried by err: an ErrorList, an *Error,
// or anything wrapping them. Other errors give nil.
func Errors(err error) ErrorList {
	var list ErrorList
	if errors.As(err, &list) {
		return list
	}
	var one *Error
	if errors.As(err, &one) {
		return ErrorList{one}
	}
	return nil
}

func (l ErrorList) err() error {
	if len(l) == 0 {
		return nil
	}
	return l
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
		e.format(&b)
	}
	return b.String()
}

func (e *Error) format(b *strings.Builder) {
	b.WriteString(e.Kind.String())
	b.WriteString(" (")
	b.WriteString(e.Phase.String())
	b.WriteString(")")
	if e.At != "" {
		b.WriteString(" at ")
		b.WriteString(e.At)
	}
	b.WriteString(", line ")
	b.WriteString(e.Pos.String())
	b.WriteString(": ")
	b.WriteString(e.Msg)
	b.WriteByte('\n')
	if e.Source != "" && e.Pos.Offset <= len(e.Source) {
		lineStart := strings.LastIndexByte(e.Source[:e.Pos.Offset], '\n') + 1
		lineEnd := strings.IndexByte(e.Source[e.Pos.Offset:], '\n')
		if lineEnd < 0 {
			lineEnd = len(e.Source)
		} else {
			lineEnd += e.Pos.Offset
		}
		line := strings.TrimSuffix(e.Source[lineStart:lineEnd], "\r")
		gutter := strconv.Itoa(e.Pos.Line)
		pad := strings.Repeat(" ", len(gutter))
		b.WriteString("  " + gutter + " | " + strings.ReplaceAll(line, "\t", " ") + "\n")
		width := 1
		if end := min(e.End, lineStart+len(line)); end > e.Pos.Offset {
			width = utf8.RuneCountInString(e.Source[e.Pos.Offset:end])
		}
		b.WriteString("  " + pad + " | " + strings.Repeat(" ", e.Pos.Column-1) + strings.Repeat("^", width) + "\n")
	}
	if len(e.Available) > 0 {
		b.WriteString("  available: " + e.AvailableText() + "\n")
	}
	if e.Suggestion != "" {
		b.WriteString("  did you mean " + strconv.Quote(e.Suggestion) + "?\n")
	}
}
