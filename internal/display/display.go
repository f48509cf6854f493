// Package display says how every surface (the splice command, the
// playground, its docs and the JavaScript API) shows a run's result, so
// that they show it alike.
package display

import (
	"math"

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
	w := writer{buf: dst, lineStart: len(dst), end: math.MaxInt}
	w.value(v, 0)
	return w.buf
}

// AppendJSONUpTo appends the first limit bytes of JSON(v) to dst (cut on
// a rune), and reports whether it cut: the start of a large value costs
// about limit bytes of work, not the value's size.
func AppendJSONUpTo(dst []byte, v template.Value, limit int) ([]byte, bool) {
	w := writer{buf: dst, lineStart: len(dst), end: len(dst) + limit}
	w.value(v, 0)
	if !w.full() {
		return w.buf, false
	}
	return cutOnRune(w.buf, len(dst), w.end), true
}

// writer writes indented JSON. It is standard library only, as the
// engine's wasm wants: the JSON encoders bring reflection.
type writer struct {
	buf       []byte
	lineStart int  // where the current line's columns start
	oneLine   bool // writing an array or object whole on one line
	end       int  // past this length of buf, nothing more is written
}

// full reports whether buf is past end: what is left is not written.
func (w *writer) full() bool { return len(w.buf) > w.end }

func (w *writer) value(v template.Value, depth int) {
	kind := v.Kind()
	switch {
	case w.full():
		return
	case kind == template.String:
		w.quoted(v.Str())
		return
	case kind != template.Array && kind != template.Object:
		w.buf = v.AppendJSON(w.buf)
		return
	}
	// One line when it fits in what is left of this line; the try stops
	// as soon as it does not, so that a large value is not written whole
	// at each depth.
	if room := width - (len(w.buf) - w.lineStart); !w.oneLine && room > 3 {
		start, end := len(w.buf), w.end
		w.oneLine, w.end = true, start+room
		w.value(v, depth)
		w.oneLine, w.end = false, end
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
		if w.full() {
			return
		}
		switch {
		case i > 0:
			w.buf = append(w.buf, ',')
			w.separate(depth+1, false)
		default:
			w.separate(depth+1, open == '[')
		}
		if open == '{' {
			m := v.Members()[i]
			w.quoted(m.Key)
			w.buf = append(w.buf, ':', ' ')
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

// quoted writes s as a JSON string, up to end (appendQuotedUpTo).
func (w *writer) quoted(s string) { w.buf = appendQuotedUpTo(w.buf, s, w.end) }

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
