package reshape

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/splicedev/splice/template"
)

// Where the nodes of a shape's or a tool's document are, so that every
// error from a leaf carries the exact document position of its tag.

// scalarStyle is how a string is written in its document, which decides
// how an offset in the string maps back to the document.
type scalarStyle uint8

const (
	yamlPlain  scalarStyle = iota // as it is, lines folded
	jsonQuoted                    // "…" with JSON escapes
	yamlDouble                    // "…" with YAML escapes, lines folded
	yamlSingle                    // '…' with '' for a quote, lines folded
	yamlBlock                     // | or >: a header line, then indented lines
)

// place is where a node starts in its document (for a quoted string, its
// opening quote) and how a string is written there.
type place struct {
	pos   template.Pos
	style scalarStyle
}

// docPlaces maps the JSON Pointer of every node of a document to where its
// value is and, for an object member, where its key is.
type docPlaces struct {
	text   string
	values map[string]place
	keys   map[string]template.Pos
	lines  *lineIndex
	// warnings are the likely mistakes found while decoding (Warning).
	warnings []Warning
	// aliased says that the text repeats a node through a YAML alias: a
	// string edited in place would leave its copies as they were.
	aliased bool
	// shifts are the edits taken since the text was parsed (Document.Edit):
	// values and keys are shared with the parsed document, and moved as
	// they are read.
	shifts []shift
	// extents are those found of values and keys (Document.Extents).
	extents *extentCache
}

// value is where the node at ptr is, moved by the edits taken since the
// text was parsed.
func (d *docPlaces) value(ptr string) (place, bool) {
	p, ok := d.values[ptr]
	p.pos = d.moved(p.pos)
	return p, ok
}

// placeOf is value without ok.
func (d *docPlaces) placeOf(ptr string) place {
	p, _ := d.value(ptr)
	return p
}

// key is where the key of the member at ptr is, moved as value moves it.
func (d *docPlaces) key(ptr string) (template.Pos, bool) {
	p, ok := d.keys[ptr]
	return d.moved(p), ok
}

// keyPos is key without ok.
func (d *docPlaces) keyPos(ptr string) template.Pos {
	p, _ := d.key(ptr)
	return p
}

// moved is p after the edits taken since the text was parsed, in order.
func (d *docPlaces) moved(p template.Pos) template.Pos {
	for _, s := range d.shifts {
		p = s.move(p)
	}
	return p
}

// movedOffset is a place's byte offset after the edits, as moved moves it.
func (d *docPlaces) movedOffset(off int) int {
	for _, s := range d.shifts {
		if off >= s.at {
			off += s.delta
		}
	}
	return off
}

// shift is an edit inside a string on one line, taken without parsing
// again: the places from at on move by delta bytes, and by columns runes
// on the edit's line.
type shift struct{ at, delta, line, columns int }

// move is p after the edit.
func (s shift) move(p template.Pos) template.Pos {
	if p.Line > 0 && p.Offset >= s.at {
		p.Offset += s.delta
		if p.Line == s.line {
			p.Column += s.columns
		}
	}
	return p
}

// Warning is a likely mistake in a document that loads all the same: its
// value is not what its author meant. Replacing the text from From to To
// with Fix mends it.
type Warning struct {
	Pos      template.Pos // where the mistake starts
	End      int          // the offset past it
	At       string       // the JSON Pointer of the value
	Msg      string
	From, To int
	Fix      string
}

// Error is the warning as one line, as a log shows it.
func (w Warning) Error() string { return w.Pos.String() + ": warning: " + w.Msg }

// pointerBudget bounds the JSON Pointers a document of n bytes may make,
// in bytes, one per node: a long key above many nodes is in every one of
// their pointers, and a few hundred kilobytes of shape could otherwise
// take gigabytes of places.
func pointerBudget(n int) int { return 16*n + 1<<20 }

// tooDeepKeys is the error of a document past its pointer budget.
const tooDeepKeys = "the keys above this value are too long for the values below them: the document's places would take more than 16 times its size"

func newDocPlaces(text string) *docPlaces {
	return &docPlaces{text: text, values: map[string]place{}, keys: map[string]template.Pos{}, lines: newLineIndex(text), extents: &extentCache{}}
}

// jsonPlaces places the members and strings of a JSON document from the
// offsets of its strings' opening quotes, which come in document order. A
// key repeated in one object is an error at the repeat, as in YAML.
func jsonPlaces(text string, v template.Value, quotes []int) (*docPlaces, error) {
	d := newDocPlaces(text)
	next := func() template.Pos {
		if len(quotes) == 0 {
			return template.Pos{}
		}
		off := quotes[0]
		quotes = quotes[1:]
		return d.lines.pos(off)
	}
	budget := pointerBudget(len(text))
	var fail *Error
	docError := func(pos template.Pos, msg string) *Error {
		return &Error{engineError: engineError{Kind: template.ToolError, Phase: template.PhaseLoad, Msg: msg, Pos: pos, End: pos.Offset, Source: text}}
	}
	var walk func(ptr string, v template.Value) bool
	walk = func(ptr string, v template.Value) bool {
		if budget -= len(ptr); budget < 0 {
			pos := d.lines.pos(0)
			if len(quotes) > 0 {
				pos = d.lines.pos(quotes[0])
			}
			fail = docError(pos, tooDeepKeys)
			return false
		}
		switch v.Kind() {
		case template.String:
			d.values[ptr] = place{pos: next(), style: jsonQuoted}
		case template.Object:
			members := v.Members()
			var keys keySet
			for i, m := range members {
				at, pos := template.ChildPointer(ptr, m.Key), next()
				if keys.first(members[:i], m.Key) >= 0 {
					fail = docError(pos, string(duplicateKey(nil, m.Key, pos, d.keys[at])))
					fail.At = at
					return false
				}
				d.keys[at] = pos
				if !walk(at, m.Value) {
					return false
				}
			}
		case template.Array:
			for i, e := range v.Elems() {
				if !walk(appendIndex(ptr, i), e) {
					return false
				}
			}
		}
		return true
	}
	if !walk("", v) {
		return nil, fail
	}
	return d, nil
}

// smallMapping is the most keys a mapping checks for duplicates without a set.
const smallMapping = 8

// duplicateKey appends the message of key given again at pos, first at
// first (its Line 0 when unknown).
func duplicateKey(b []byte, key string, pos, first template.Pos) []byte {
	b = template.AppendQuoted(append(b, "duplicate key "...), key) // strconv.Quote's tables would weigh on the engine's wasm
	switch {
	case first.Line == pos.Line:
		b = strconv.AppendInt(append(b, ": first given at column "...), int64(first.Column), 10)
	case first.Line > 0:
		b = strconv.AppendInt(append(b, ": first given on line "...), int64(first.Line), 10)
	}
	return b
}

// keySet finds a key repeated in a mapping: a few keys are compared with
// the ones before them, more go into a set.
type keySet struct{ seen map[string]int }

// first is the index among before, the mapping's keys so far, of key's
// first place, or -1 when key is not one of them; it takes key in.
func (k *keySet) first(before []template.Member, key string) int {
	if k.seen == nil && len(before) < smallMapping {
		for i, m := range before { // a loop: slices.IndexFunc would weigh on the engine's wasm
			if m.Key == key {
				return i
			}
		}
		return -1
	}
	if k.seen == nil {
		k.seen = make(map[string]int, 2*len(before))
		for i, m := range before {
			k.seen[m.Key] = i
		}
	}
	if i, ok := k.seen[key]; ok {
		return i
	}
	k.seen[key] = len(before)
	return -1
}

// lineIndex turns offsets into positions and YAML's line and column marks
// into positions. Both usually come in document order, so it goes on from
// the last one: linear in total, even on one long line. Lines are broken
// at '\n' alone (DIALECT §2), and a leading byte-order mark is no column
// of the first.
type lineIndex struct {
	text string
	// starts holds the offset where each line starts, but for the lines
	// from moved.line on, which start moved.delta bytes later: the edits
	// typed on one line share one slice, never written once made.
	starts []int
	moved  lineShift
	last   template.Pos
	// yamlStarts are where YAML's lines start, when YAML breaks lines
	// where §2 does not (a lone '\r', U+0085, U+2028, U+2029); nil when
	// its lines are these. yamlLast is the last mark placed by them.
	yamlStarts []int
	yamlLast   yamlMark
}

// lineShift moves the starts of the lines from index line on by delta.
type lineShift struct{ line, delta int }

// start is the offset where the line of index i (0-based) starts.
func (x *lineIndex) start(i int) int {
	if x.moved.delta != 0 && i >= x.moved.line {
		return x.starts[i] + x.moved.delta
	}
	return x.starts[i]
}

// yamlMark is a YAML line and column and the offset they stand for.
type yamlMark struct{ line, column, offset int }

// byteOrderMark is the text a leading byte-order mark takes.
const byteOrderMark = "\uFEFF"

// bomLen is how many bytes a byte-order mark at the start of text takes.
func bomLen(text string) int {
	if strings.HasPrefix(text, byteOrderMark) {
		return len(byteOrderMark)
	}
	return 0
}

func newLineIndex(text string) *lineIndex {
	starts := []int{bomLen(text)}
	for i := 0; i < len(text); i++ {
		if text[i] == '\n' {
			starts = append(starts, i+1)
		}
	}
	return &lineIndex{text: text, starts: starts, last: template.Pos{Offset: starts[0], Line: 1, Column: 1}}
}

// pos returns the position of byte offset off.
func (x *lineIndex) pos(off int) template.Pos {
	off = min(max(off, x.start(0)), len(x.text))
	p := x.last
	if off < p.Offset || p.Offset < x.start(0) || off >= x.lineEnd(p.Line) {
		line := x.lineOf(off)
		p = template.Pos{Offset: x.start(line - 1), Line: line, Column: 1}
	}
	p.Column += utf8.RuneCountInString(x.text[p.Offset:off])
	p.Offset = off
	x.last = p
	return p
}

// at returns the position of YAML's 1-based line and rune column, clamped
// to the text and to the line.
func (x *lineIndex) at(line, column int) template.Pos {
	if x.yamlStarts != nil {
		return x.pos(x.yamlOffset(line, column))
	}
	line = min(max(line, 1), len(x.starts))
	p := x.last
	if p.Line != line || p.Column > column || p.Offset < x.start(0) {
		p = template.Pos{Offset: x.start(line - 1), Line: line, Column: 1}
	}
	end := x.lineEnd(line)
	for p.Column < column && p.Offset < end {
		_, size := utf8.DecodeRuneInString(x.text[p.Offset:])
		p.Offset += size
		p.Column++
	}
	x.last = p
	return p
}

// yamlOffset is the offset of YAML's line and column by YAML's lines,
// clamped to the text and to the line.
func (x *lineIndex) yamlOffset(line, column int) int {
	line = min(max(line, 1), len(x.yamlStarts))
	m := x.yamlLast
	if m.line != line || m.column > column {
		m = yamlMark{line: line, column: 1, offset: x.yamlStarts[line-1]}
	}
	for m.column < column && m.offset < len(x.text) {
		r, size := utf8.DecodeRuneInString(x.text[m.offset:])
		if isYAMLBreak(r) {
			break
		}
		m.offset += size
		m.column++
	}
	x.yamlLast = m
	return m.offset
}

// isYAMLBreak reports whether YAML reads r as a line break.
func isYAMLBreak(r rune) bool {
	return r == '\n' || r == '\r' || r == 0x85 || r == 0x2028 || r == 0x2029
}

// lineEnd is the offset past the last byte of line before its '\n'.
func (x *lineIndex) lineEnd(line int) int {
	if line < len(x.starts) {
		return x.start(line) - 1
	}
	return len(x.text)
}

// lineOf returns the 1-based line holding offset off.
func (x *lineIndex) lineOf(off int) int {
	lo, hi := 0, len(x.starts)
	for lo+1 < hi {
		mid := (lo + hi) / 2
		if x.start(mid) <= off {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo + 1
}

// walker walks a decoded string and its place in doc in step, for offsets
// that come in increasing order.
func (p place) walker(doc, text string) *stringWalker {
	w := &stringWalker{doc: doc, text: text, style: p.style, s: p.pos.Offset}
	switch p.style {
	case jsonQuoted, yamlDouble, yamlSingle:
		w.s++ // the opening quote
	case yamlBlock:
		if nl := strings.IndexByte(doc[w.s:], '\n'); nl >= 0 {
			w.s += nl + 1 // the header line: "|", ">-", comments
		}
	}
	return w
}

// stringWalker is where a walk is: byte s of the document stands for byte
// d of the decoded string.
type stringWalker struct {
	doc, text string
	style     scalarStyle
	s, d      int
}

// to walks on to offset off of the decoded string and returns its offset in
// the document. What is written as itself matches; an escape stands for
// what it decodes to; whitespace that folding or indentation removed is
// skipped; a character folding added (a space or a line break) is not in
// the document. Tags are written as themselves, so a tag's place is exact.
func (w *stringWalker) to(off int) int {
	doc, text := w.doc, w.text
	for w.d < off && w.s < len(doc) {
		c := doc[w.s]
		switch {
		case c == '\\' && (w.style == jsonQuoted || w.style == yamlDouble):
			n, produced := escapeLen(doc[w.s:], w.style == yamlDouble)
			w.s += n
			w.d += produced
		case c == '\'' && w.style == yamlSingle && strings.HasPrefix(doc[w.s:], "''"):
			w.s += 2
			w.d++
		case c == text[w.d]:
			w.s++
			w.d++
		case isBlank(c):
			w.s++
		default:
			w.d++
		}
	}
	for w.d < len(text) && w.s < len(doc) && !isBlank(text[w.d]) && isBlank(doc[w.s]) {
		w.s++ // indentation before the character off is at
	}
	return w.s
}

// escapeLen returns the length of the escape at the start of s and how
// many bytes it decodes to; a YAML escaped line break decodes to nothing.
func escapeLen(s string, yaml bool) (n, produced int) {
	if len(s) < 2 {
		return len(s), 0
	}
	hex := 0 // the hexadecimal digits the escape takes
	switch s[1] {
	case 'x':
		hex = 2
	case 'u':
		hex = 4
	case 'U':
		hex = 8
	}
	switch {
	case yaml && (s[1] == '\n' || s[1] == '\r'):
		n = 2 + strings.IndexFunc(s[2:]+"x", func(r rune) bool { return r != ' ' && r != '\t' && r != '\r' && r != '\n' })
		return n, 0
	case hex == 0 || len(s) < 2+hex:
		switch s[1] {
		case 'N', '_':
			return 2, 2 // U+0085, U+00A0
		case 'L', 'P':
			return 2, 3 // U+2028, U+2029
		}
		return 2, 1
	}
	r := rune(0)
	for _, c := range []byte(s[2 : 2+hex]) {
		r = r<<4 | rune(hexValue(c))
	}
	n = 2 + hex
	if r >= 0xD800 && r < 0xDC00 && strings.HasPrefix(s[n:], `\u`) && len(s) >= n+6 {
		return n + 6, 4 // a surrogate pair
	}
	if r >= 0xD800 && r < 0xE000 || r > utf8.MaxRune {
		r = utf8.RuneError
	}
	return n, utf8.RuneLen(r)
}

func hexValue(c byte) byte {
	switch {
	case c >= 'a':
		return c - 'a' + 10
	case c >= 'A':
		return c - 'A' + 10
	}
	return c - '0'
}

// locate places e, an error of the leaf at p (e.Source is its string), in the
// document: Doc and DocEnd, and the segment's range, in doc's offsets.
func (d *docPlaces) locate(e *Error, p place) {
	if p.pos.Line == 0 {
		return
	}
	// One walk, in the order the offsets come: the tag, its segment, its end.
	w := p.walker(d.text, e.Source)
	e.Doc = d.lines.pos(w.to(e.Pos.Offset))
	if e.SegEnd > e.SegStart {
		e.DocSegStart = w.to(e.SegStart)
		e.DocSegEnd = w.to(e.SegEnd)
	}
	e.DocEnd = w.to(e.End)
}

// notObject reports a document whose top level is not an object, at the
// value.
func (d *docPlaces) notObject(v template.Value) *template.Error {
	pos := d.placeOf("").pos
	if pos.Line == 0 { // JSON places only strings: find the value
		pos = d.lines.pos(leadingSpace(d.text))
	}
	return notObjectError(v, d.text, pos)
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// docs places the tags of a leaf's trace in the document; nil when d
// does not place it.
func (d *docPlaces) docs(leaf Leaf, entries []template.TraceEntry) []template.Pos {
	if d == nil || leaf.place.pos.Line == 0 {
		return nil
	}
	docs := make([]template.Pos, len(entries))
	w := leaf.place.walker(d.text, leaf.Template.Source())
	for i, e := range entries {
		docs[i] = d.lines.pos(w.to(e.Pos.Offset))
	}
	return docs
}

// Spans lists the tags of every leaf that parses, placed in the shape's
// text, for highlighting; nil when the shape came without its text.
func (s *Shape) Spans() []template.Span {
	d := s.places
	if d == nil {
		return nil
	}
	var spans []template.Span
	for _, l := range s.leaves {
		if l.place.pos.Line == 0 {
			continue
		}
		w := l.place.walker(d.text, l.Template.Source())
		for _, sp := range l.Template.Spans() {
			sp.Start = w.to(sp.Start)
			sp.PathPos = w.to(sp.PathPos)
			sp.End = w.to(sp.End)
			spans = append(spans, sp)
		}
	}
	return spans
}
