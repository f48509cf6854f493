package display

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/splicedev/splice/template"
)

// TraceRow is one tag of a run's trace as people read it.
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

	start int // the tag's byte offset in the editor's text, -1 when unknown
	// errNothingFound: the error is no failure (template.Error.Failure).
	errNothingFound bool
}

// The row statuses.
const (
	rowValue     = "value"     // it resolved to a value of Type
	rowFalsy     = "falsy"     // a section on a path that goes nowhere: falsy, not a failure
	rowFailed    = "failed"    // it failed with an error of kind Type
	rowUnreached = "unreached" // no render reached it
	rowAbsent    = "absent"    // a bare key nothing had: renders empty
)

// Label is a failed tag's error kind as people read it (ErrorLabel).
func (r *TraceRow) Label() string { return ErrorLabel(r.Type, r.errNothingFound) }

// Failing reports whether the tag failed or went nowhere (falsy).
func (r *TraceRow) Failing() bool { return r.Status == rowFailed || r.Status == rowFalsy }

// ErrorLabel names an error for people: its kind, or "nothing found" for
// one the engine says is no failure (EmptyData).
func ErrorLabel(kind string, nothingFound bool) string {
	switch {
	case nothingFound:
		return "nothing found"
	case kind == "":
		return "Error"
	}
	return kind
}

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

// Trace turns a run's trace into rows. A shape leaf's row is labelled
// with its leaf and placed in the document, as its problems are.
func Trace(entries []template.TraceEntry) []TraceRow {
	rows := make([]TraceRow, 0, len(entries))
	for _, t := range entries {
		row := TraceRow{Leaf: t.At, Kind: t.Kind.String(), Tag: t.Tag(), Pos: t.Pos, start: t.Pos.Offset, Count: t.Count}
		if t.At != "" {
			row.start = -1
			if t.Doc.Line > 0 {
				row.Pos, row.start = t.Doc, t.Doc.Offset
			}
		}
		_, falsy := t.Falsy()
		switch {
		case t.Err != nil:
			row.Status, row.Type, row.Value, row.errNothingFound = rowFailed, t.Err.Kind.String(), Message(t.Err.Msg), !t.Err.Failure()
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

// Hover is what a tag is worth in a run, as a hover shows it.
type Hover struct {
	Range  [2]int // the tag's byte range
	Text   string
	Failed bool
}

// HoverOver is what the row of tag sp says, false when no row traced it.
func HoverOver(rows []TraceRow, sp template.Span) (Hover, bool) {
	for _, row := range rows {
		if row.start == sp.Start {
			return Hover{Range: [2]int{sp.Start, sp.End}, Text: row.describe(), Failed: row.Status == rowFailed}, true
		}
	}
	return Hover{}, false
}

// runsPreview is what a tag gave: its value, or for a tag a section
// repeats with different values, those of its first runs ("false, false,
// true", then "…" when it ran more often).
func runsPreview(t *template.TraceEntry) string {
	differ := false
	for _, v := range t.Runs[1:] {
		differ = differ || !v.Equal(t.Runs[0])
	}
	if !differ {
		return preview(t.Value, previewLimit)
	}
	each := make([]string, len(t.Runs), len(t.Runs)+1)
	for i, v := range t.Runs {
		each[i] = preview(v, previewLimit/len(t.Runs))
	}
	if t.Count > len(t.Runs) {
		each = append(each, "…")
	}
	return strings.Join(each, ", ")
}

// previewLimit bounds a trace preview, in bytes of JSON.
const previewLimit = 120

// preview writes v as compact JSON cut after about limit bytes with "…",
// without encoding all of a large value first.
func preview(v template.Value, limit int) string {
	b := appendPreview(nil, v, limit)
	if len(b) > limit {
		cut := limit
		for cut > 0 && !utf8.RuneStart(b[cut]) {
			cut--
		}
		return string(b[:cut]) + "…"
	}
	return string(b)
}

// appendPreview appends v as compact JSON, stopping once dst passes limit.
func appendPreview(dst []byte, v template.Value, limit int) []byte {
	switch v.Kind() {
	case template.Array:
		elems := v.Elems()
		return appendItems(dst, '[', ']', len(elems), limit, func(dst []byte, i int) []byte {
			return appendPreview(dst, elems[i], limit)
		})
	case template.Object:
		members := v.Members()
		return appendItems(dst, '{', '}', len(members), limit, func(dst []byte, i int) []byte {
			dst = template.AppendQuoted(dst, members[i].Key)
			dst = append(dst, ':')
			return appendPreview(dst, members[i].Value, limit)
		})
	case template.String:
		if s := v.Str(); len(s) > limit {
			return template.AppendQuoted(dst, s[:limit+1])
		}
	}
	return v.AppendJSON(dst)
}

// appendItems appends n items between open and close, separated by
// commas, stopping (unclosed) once dst passes limit.
func appendItems(dst []byte, open, close byte, n, limit int, item func(dst []byte, i int) []byte) []byte {
	dst = append(dst, open)
	for i := range n {
		if len(dst) > limit {
			return dst
		}
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = item(dst, i)
	}
	return append(dst, close)
}
