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
func JSON(v template.Value) string { return string(AppendJSON(nil, v)) }

// AppendJSON appends JSON(v) to dst.
func AppendJSON(dst []byte, v template.Value) []byte {
	w := writer{buf: dst, lineStart: len(dst)}
	w.value(v, 0)
	return w.buf
}

// writer writes indented JSON. It is standard library only, as the
// engine's wasm wants: the JSON encoders bring reflection.
type writer struct {
	buf       []byte
	lineStart int  // where the current line's columns start
	oneLine   bool // writing an array or object whole on one line
}

func (w *writer) value(v template.Value, depth int) {
	kind := v.Kind()
	if kind != template.Array && kind != template.Object {
		w.buf = v.AppendJSON(w.buf)
		return
	}
	// One line when it fits in what is left of this line.
	if room := width - (len(w.buf) - w.lineStart); !w.oneLine && room > 3 {
		start := len(w.buf)
		w.oneLine = true
		w.value(v, depth)
		w.oneLine = false
		if len(w.buf)-start <= room {
			return
		}
		w.buf = w.buf[:start]
	}
	open, close, n := byte('['), byte(']'), len(v.Elems())
	if kind == template.Object {
		open, close, n = '{', '}', len(v.Members())
	}
	w.buf = append(w.buf, open)
	for i := range n {
		switch {
		case i > 0:
			w.buf = append(w.buf, ',')
			w.separate(depth+1, false)
		default:
			w.separate(depth+1, open == '[')
		}
		if open == '{' {
			m := v.Members()[i]
			w.buf = append(template.AppendQuoted(w.buf, m.Key), ':', ' ')
			w.value(m.Value, depth+1)
		} else {
			w.value(v.Elems()[i], depth+1)
		}
	}
	switch {
	case w.oneLine && open == '{':
		w.buf = append(w.buf, ' ')
	case !w.oneLine && n > 0:
		w.newline(depth, true)
	}
	w.buf = append(w.buf, close)
}

// separate goes on to an array's or object's next item: a new line
// indented depth levels, or a space on one line. Opening an array counts
// the newline among its line's columns, as the indenter the playground
// used did, and on one line takes no space.
func (w *writer) separate(depth int, openingArray bool) {
	switch {
	case !w.oneLine:
		w.newline(depth, openingArray)
	case !openingArray:
		w.buf = append(w.buf, ' ')
	}
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
