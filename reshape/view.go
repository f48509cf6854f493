package reshape

import (
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/splicedev/splice/template"
)

// Extents says where the nodes at ptrs and everything under them are in
// the text: for each pointer the byte offsets of the first and the last
// place the document holds for it (a key, or a value's start), {-1, -1}
// when it holds none. A view uses them to tell which node the caret is in.
// Finding them walks every place of the document; the documents edited
// from one parse share what it found, moved by their edits.
func (d *Document) Extents(ptrs []string) [][2]int {
	out := d.places.extents.of(d.places, ptrs)
	for i, e := range out {
		if e[0] >= 0 {
			out[i] = [2]int{d.places.movedOffset(e[0]), d.places.movedOffset(e[1])}
		}
	}
	return out
}

// extentCache holds the extents found of the places of one parse, at
// their offsets in the parsed text: an edit in place moves what lies after
// it and starts no place inside it, so it keeps their order.
type extentCache struct {
	mu    sync.Mutex
	found map[string][2]int
}

// of returns the extents of ptrs, walking the places for those not found
// before.
func (c *extentCache) of(d *docPlaces, ptrs []string) [][2]int {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.found == nil {
		c.found = map[string][2]int{}
	}
	var index map[string]int // of the pointers not found before
	var lengths []int        // theirs: a place is looked up at these only
	for _, p := range ptrs {
		if _, ok := c.found[p]; !ok {
			if index == nil {
				index = map[string]int{}
			}
			index[p] = -1
			if !slices.Contains(lengths, len(p)) {
				lengths = append(lengths, len(p))
			}
		}
	}
	if index != nil {
		sought := make([][2]int, 0, len(index))
		for p := range index {
			index[p] = len(sought)
			sought = append(sought, [2]int{-1, -1})
		}
		note := func(ptr string, off int) {
			for _, n := range lengths {
				if n > len(ptr) || n < len(ptr) && ptr[n] != '/' {
					continue
				}
				if i, ok := index[ptr[:n]]; ok {
					e := &sought[i]
					if e[0] < 0 || off < e[0] {
						e[0] = off
					}
					e[1] = max(e[1], off)
				}
			}
		}
		for ptr, p := range d.values {
			if p.pos.Line > 0 {
				note(ptr, p.pos.Offset)
			}
		}
		for ptr, pos := range d.keys {
			note(ptr, pos.Offset)
		}
		for p, i := range index {
			c.found[p] = sought[i]
		}
	}
	out := make([][2]int, len(ptrs))
	for i, p := range ptrs {
		out[i] = c.found[p]
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

// Edited is the JSON Pointer of the string the edit that made d changed
// in place (Edit, Replace), "" for a document parsed.
func (d *Document) Edited() string { return d.edited }

// Moved is s, compiled from the document d was edited from (Compile,
// CompileLenient), with its leaves at their places in d: what an edit
// elsewhere in the text left as it was need not be compiled again.
func (d *Document) Moved(s *Shape) *Shape {
	if s == nil || s.places == nil {
		return s
	}
	moved := *s
	moved.places = d.places
	moved.leaves = slices.Clone(s.leaves)
	for i := range moved.leaves {
		moved.leaves[i].place, _ = d.places.value(moved.leaves[i].At)
	}
	return &moved
}

// Edit returns the document as text, an edit of its own text, without
// parsing it again when it can: when the edit lies inside one quoted
// string on one line (a template being typed) and adds or removes no
// quote, backslash or line break, or inside a plain YAML scalar that stays
// one (plainEdited), that value takes the edit and every place after it
// moves. ok is false when the text must be parsed.
func (d *Document) Edit(text string) (doc *Document, ok bool) {
	return d.edit(text, 0, len(d.places.text))
}

// Replace is Edit for text, the document's text with [from, to) replaced,
// when the caller knows the range: only the text replaced is compared with
// the text put there.
func (d *Document) Replace(from, to int, text string) (doc *Document, ok bool) {
	if from < 0 || from > to || to > len(d.places.text) || len(text) < from+len(d.places.text)-to {
		return nil, false
	}
	return d.edit(text, from, to)
}

// edit is Edit for text, which differs from the document's text only in
// [from, to) of the latter.
func (d *Document) edit(text string, from, to int) (doc *Document, ok bool) {
	old := d.places.text
	if d.places.aliased {
		return nil, false
	}
	n := min(to, len(text)-(len(old)-to)) // the edit's end in either text, whichever comes first
	for from < n && old[from] == text[from] {
		from++
	}
	tail := 0
	for tail < n-from && old[to-1-tail] == text[len(text)-(len(old)-to)-1-tail] {
		tail++
	}
	to -= tail
	inserted := text[from : len(text)-(len(old)-to)]
	if strings.ContainsAny(old[from:to]+inserted, "\"'\\\r\n") || !plainlyPrintable(inserted) {
		return nil, false
	}
	ptr, by, found := d.editedValue(text, from, to, inserted)
	if !found {
		return nil, false
	}
	delta := len(inserted) - (to - from)
	value, ok := replaceAt(d.Value, ptr, by)
	if !ok {
		return nil, false
	}
	// The places are shared with the document parsed; they move as they
	// are read. A long run of edits is folded into new maps now and then.
	line := d.places.lines.pos(from).Line
	edit := shift{at: to, delta: delta, line: line, columns: utf8.RuneCountInString(inserted) - utf8.RuneCountInString(old[from:to])}
	places := &docPlaces{text: text, values: d.places.values, keys: d.places.keys, lines: d.places.lines.movedBy(text, line, delta),
		warnings: movedWarnings(d.places.warnings, edit), shifts: withShift(d.places.shifts, edit), extents: d.places.extents}
	if len(places.shifts) > maxShifts {
		places.settle()
	}
	return &Document{Value: value, places: places, edited: ptr}, true
}

// plainlyPrintable reports whether s holds no character that a parser
// reads as other than itself in a string: C0 and C1 controls (tab
// included, which JSON refuses), DEL, the line and paragraph separators and
// the byte order mark (which YAML reads as breaks or refuses), U+FFFE and
// U+FFFF. A text with one is parsed again, which says what it makes of it.
func plainlyPrintable(s string) bool {
	for _, r := range s {
		if r < 0x20 || r >= 0x7f && r <= 0x9f || r == 0x2028 || r == 0x2029 || r == 0xfeff || r == 0xfffe || r == 0xffff {
			return false
		}
	}
	return true
}

// movedWarnings returns warnings after the edit s: they are few, and
// move at once.
func movedWarnings(warnings []Warning, s shift) []Warning {
	moved := slices.Clone(warnings)
	for i := range moved {
		w := &moved[i]
		w.Pos = s.move(w.Pos)
		for _, off := range []*int{&w.End, &w.From, &w.To} {
			if *off >= s.at {
				*off += s.delta
			}
		}
	}
	return moved
}

// movedBy is the index of text, the indexed text with an edit on line that
// moved what follows by delta bytes and broke no line. Keys typed on one
// line share the starts; an edit on another line writes them anew.
func (x *lineIndex) movedBy(text string, line, delta int) *lineIndex {
	moved := lineShift{line: line, delta: delta}
	starts := x.starts
	switch {
	case x.moved.delta == 0:
	case x.moved.line == line:
		moved.delta += x.moved.delta
	default:
		starts = make([]int, len(x.starts))
		for i := range starts {
			starts[i] = x.start(i)
		}
	}
	return &lineIndex{text: text, starts: starts, moved: moved, last: template.Pos{Line: 1, Column: 1}}
}

// withShift returns shifts and then s. Typing on from the last edit's end
// makes one shift of the two: what moved by the last moves by both, and
// what did not lies before both (the span between them is inside the
// string edited, where no node starts); so a run of keys in one place
// never needs the places settled.
func withShift(shifts []shift, s shift) []shift {
	if n := len(shifts); n > 0 {
		if last := shifts[n-1]; last.line == s.line && last.at+last.delta == s.at {
			last.delta += s.delta
			last.columns += s.columns
			return append(slices.Clip(shifts[:n-1]), last)
		}
	}
	return append(slices.Clip(shifts), s)
}

// maxShifts bounds the edits a document's places move by as they are read.
const maxShifts = 32

// settle moves every place by the shifts into maps of its own.
func (d *docPlaces) settle() {
	values := make(map[string]place, len(d.values))
	for k, p := range d.values {
		p.pos = d.moved(p.pos)
		values[k] = p
	}
	keys := make(map[string]template.Pos, len(d.keys))
	for k, p := range d.keys {
		keys[k] = d.moved(p)
	}
	d.values, d.keys, d.shifts, d.extents = values, keys, nil, &extentCache{}
}

// editedValue is the node at ptr that takes the edit of [from, to) by
// inserted in place, and its value after it: a quoted string's or a plain
// scalar's (plainEdited). The value the last edit changed is tried first,
// before the scans of every place: typing goes on in it.
func (d *Document) editedValue(text string, from, to int, inserted string) (ptr string, v template.Value, ok bool) {
	plainFirst := d.edited != "" && d.places.placeOf(d.edited).style == yamlPlain
	if plainFirst {
		if ptr, v, ok = d.plainEdited(from, to, inserted); ok {
			return ptr, v, true
		}
	}
	if ptr, open, end, found := d.quotedAround(from, to); found {
		content := text[open+1 : end+len(inserted)-(to-from)]
		if !utf8.ValidString(content) { // a range that cut a character in two
			return "", template.Value{}, false
		}
		return ptr, template.StringValue(content), true
	}
	if plainFirst { // tried already
		return "", template.Value{}, false
	}
	return d.plainEdited(from, to, inserted)
}

// quotedAround finds the string value written quoted on one line, without
// escapes, whose text holds [from, to): its pointer, the offsets of its
// quotes.
// The string of the last edit is tried first: typing goes on in it.
func (d *Document) quotedAround(from, to int) (ptr string, open, end int, ok bool) {
	if d.edited != "" {
		if open, end, ok := d.quoted(d.places.placeOf(d.edited), from, to); ok {
			return d.edited, open, end, true
		}
	}
	for k, p := range d.places.values {
		p.pos = d.places.moved(p.pos)
		if open, end, ok := d.quoted(p, from, to); ok {
			return k, open, end, true
		}
	}
	return "", 0, 0, false
}

// quoted reports whether the string at p is written quoted on one line,
// without escapes, and holds [from, to): the offsets of its quotes.
func (d *Document) quoted(p place, from, to int) (open, end int, ok bool) {
	text := d.places.text
	open = p.pos.Offset
	if p.pos.Line == 0 || open >= from || (p.style != jsonQuoted && p.style != yamlDouble && p.style != yamlSingle) {
		return 0, 0, false
	}
	q := text[open]
	end = strings.IndexByte(text[open+1:], q)
	if end < 0 {
		return 0, 0, false
	}
	end += open + 1
	if to > end || strings.ContainsAny(text[open+1:end], "\\\n") || (q == '\'' && end+1 < len(text) && text[end+1] == '\'') {
		return 0, 0, false
	}
	return open, end, true
}

// replaceAt returns v with the node at ptr replaced by by, sharing every
// other node.
func replaceAt(v template.Value, ptr string, by template.Value) (template.Value, bool) {
	if ptr == "" {
		return by, true
	}
	token, rest, deeper := strings.Cut(ptr[1:], "/")
	if deeper {
		rest = "/" + rest
	}
	token = strings.ReplaceAll(strings.ReplaceAll(token, "~1", "/"), "~0", "~")
	switch v.Kind() {
	case template.Object:
		members := v.Members()
		for i := len(members) - 1; i >= 0; i-- { // the last of two equal keys is the one read
			if members[i].Key == token {
				child, ok := replaceAt(members[i].Value, rest, by)
				copied := append([]template.Member(nil), members...)
				copied[i].Value = child
				return template.ObjectValue(copied), ok
			}
		}
	case template.Array:
		i, err := strconv.Atoi(token)
		elems := v.Elems()
		if err == nil && i >= 0 && i < len(elems) {
			child, ok := replaceAt(elems[i], rest, by)
			copied := append([]template.Value(nil), elems...)
			copied[i] = child
			return template.ArrayValue(copied), ok
		}
	}
	return v, false
}
