// Package display says how every surface (the splice command, the
// playground, its docs and the JavaScript API) shows a run's result, so
// that they show it alike.
package display

import (
	"github.com/splicedev/splice/template"
)

// Result is a run's result as people read it: mixed text as itself; a
// value as it is (a typed splice, a shape, a tool's result) as indented
// JSON, so a typed string shows quoted.
func Result(v template.Value, typed bool) string {
	if !typed {
		return v.Str()
	}
	return JSON(v)
}

// width is the longest line on which an array or object is kept whole.
const width = 80

// JSON indents v by two spaces, keeping an array or object on one line
// when it fits in width columns: { "a": 1, "b": [1, 2] }.
func JSON(v template.Value) string {
	var w writer
	w.value(v, 0)
	return string(w.buf)
}

// writer writes indented JSON. It is standard library only, as the
// engine's wasm wants: the JSON encoders bring reflection.
type writer struct {
	buf       []byte
	lineStart int // where the current line's columns start
}

func (w *writer) value(v template.Value, depth int) {
	switch v.Kind() {
	case template.Array, template.Object:
	default:
		w.buf = v.AppendJSON(w.buf)
		return
	}
	// One line when it fits in what is left of this line.
	if room := width - (len(w.buf) - w.lineStart); room > 3 {
		start := len(w.buf)
		if w.buf = appendLine(w.buf, v); len(w.buf)-start <= room {
			return
		}
		w.buf = w.buf[:start]
	}
	open, close, n := byte('['), byte(']'), len(v.Elems())
	if v.Kind() == template.Object {
		open, close, n = '{', '}', len(v.Members())
	}
	w.buf = append(w.buf, open)
	for i := range n {
		if i > 0 {
			w.buf = append(w.buf, ',')
		}
		// The first element of an array counts its line's newline among
		// the line's columns, as the indenter the playground used did.
		w.newline(depth+1, i == 0 && open == '[')
		if open == '{' {
			m := v.Members()[i]
			w.buf = append(template.AppendQuoted(w.buf, m.Key), ':', ' ')
			w.value(m.Value, depth+1)
		} else {
			w.value(v.Elems()[i], depth+1)
		}
	}
	if n > 0 {
		w.newline(depth, true)
	}
	w.buf = append(w.buf, close)
}

// newline starts a line indented depth levels; countNewline says whether
// the newline is among the line's columns.
func (w *writer) newline(depth int, countNewline bool) {
	w.lineStart = len(w.buf)
	if !countNewline {
		w.lineStart++
	}
	w.buf = append(w.buf, '\n')
	for range depth {
		w.buf = append(w.buf, ' ', ' ')
	}
}

// appendLine appends v on one line: [1, 2] and { "a": 1 }.
func appendLine(dst []byte, v template.Value) []byte {
	switch v.Kind() {
	case template.Array:
		dst = append(dst, '[')
		for i, e := range v.Elems() {
			if i > 0 {
				dst = append(dst, ',', ' ')
			}
			dst = appendLine(dst, e)
		}
		return append(dst, ']')
	case template.Object:
		dst = append(dst, '{')
		for i, m := range v.Members() {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = append(template.AppendQuoted(append(dst, ' '), m.Key), ':', ' ')
			dst = appendLine(dst, m.Value)
		}
		return append(dst, ' ', '}')
	}
	return v.AppendJSON(dst)
}
