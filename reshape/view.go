package reshape

import (
	"strings"

	"github.com/splicedev/splice/template"
)

// Extents says where the nodes at ptrs and everything under them are in
// the text, in one walk of the document's places: for each pointer the
// byte offsets of the first and the last place the document holds for it
// (a key, or a value's start), {-1, -1} when it holds none. A view uses
// them to tell which node the caret is in.
func (d *Document) Extents(ptrs []string) [][2]int {
	out := make([][2]int, len(ptrs))
	index := make(map[string]int, len(ptrs))
	for i, p := range ptrs {
		out[i] = [2]int{-1, -1}
		index[p] = i
	}
	note := func(ptr string, off int) {
		for {
			if i, ok := index[ptr]; ok {
				if e := &out[i]; e[0] < 0 || off < e[0] {
					e[0] = off
				}
				if e := &out[i]; off > e[1] {
					e[1] = off
				}
			}
			cut := strings.LastIndexByte(ptr, '/')
			if cut < 0 {
				return
			}
			ptr = ptr[:cut]
		}
	}
	for ptr, p := range d.places.values {
		if p.pos.Line > 0 {
			note(ptr, p.pos.Offset)
		}
	}
	for ptr, pos := range d.places.keys {
		note(ptr, pos.Offset)
	}
	return out
}

// CompileLenient is Compile for a view of a document being written: it
// also returns the leaves that parse when others do not, so that their
// tags can be drawn. The shape is nil only when no leaf is there at all.
func (d *Document) CompileLenient(ptr string, v template.Value) *Shape {
	s, _ := compileShape(v, d.places, ptr, ptr, true)
	return s
}
