package template

import (
	"math"
	"math/bits"
	"strconv"
	"sync/atomic"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"
)

// MaxJSONDepth bounds the nesting of arrays and objects in decoded JSON, so
// that hostile input cannot exhaust the stack (which is small in WASM).
const MaxJSONDepth = 512

// SyntaxError is a JSON syntax error with its position.
type SyntaxError struct {
	Msg string
	Pos Pos
}

func (e *SyntaxError) Error() string {
	return strconv.Itoa(e.Pos.Line) + ":" + strconv.Itoa(e.Pos.Column) + ": " + e.Msg
}

// ParseJSON decodes one JSON document into a Value. Nothing refers to data
// afterwards: strings and number literals are copied, and keys that repeat
// share one copy.
func ParseJSON(data []byte) (Value, error) {
	// The decoder reads data as a string, but keeps no substring of it.
	return parseJSON(unsafe.String(unsafe.SliceData(data), len(data)), true, nil)
}

// ParseJSONString decodes one JSON document held in a string; strings
// without escapes and number literals are substrings of src.
func ParseJSONString(src string) (Value, error) { return parseJSON(src, false, nil) }

// ParseJSONStrings is ParseJSONString that also returns the byte offset of
// the opening quote of every string of src, object keys included, in
// document order, so that errors inside strings can be placed in src.
func ParseJSONStrings(src string) (Value, []int, error) {
	quotes := []int{}
	v, err := parseJSON(src, false, &quotes)
	return v, quotes, err
}

func parseJSON(src string, copying bool, quotes *[]int) (Value, error) {
	d := decoder{src: src, b: unsafe.Slice(unsafe.StringData(src), len(src)), copying: copying, quotes: quotes}
	s := getScratch()
	d.elems, d.membs, d.unquote, d.keys = s.elems[:0], s.membs[:0], s.unquote[:0], &s.keys
	d.pos = skipSpace(src, 0)
	v := d.value(0)
	if d.err == nil {
		d.pos = skipSpace(src, d.pos)
		if d.pos < len(d.src) {
			d.fail("unexpected " + d.describe() + " after the JSON value")
		}
	}
	s.elems, s.membs, s.unquote = d.elems, d.membs, d.unquote
	putScratch(s)
	if d.err != nil {
		return Value{}, d.err
	}
	return v, nil
}

// scratch is the decoder's working memory, reused from one document to the
// next: its stacks grow to the widest container, which for a large array is
// a large allocation to repeat for every document, and its key cache is
// 4 KiB to clear rather than allocate.
type scratch struct {
	elems   []Value
	membs   []Member
	unquote []byte
	keys    [keyCacheSize]string
}

// maxScratch bounds the stacks kept for reuse, in elements.
const maxScratch = 1 << 16

// spare is one scratch kept for the next document. One is enough: a
// program decodes on few goroutines at once, and a second one at the same
// moment makes its own. (A sync.Pool costs the engine's wasm more code.)
var spare atomic.Pointer[scratch]

func getScratch() *scratch {
	if s := spare.Swap(nil); s != nil {
		return s
	}
	return new(scratch)
}

// putScratch returns s for reuse. What the stacks held is cleared first: it
// points into the document just decoded, which the pool must not keep alive.
func putScratch(s *scratch) {
	if cap(s.elems) > maxScratch || cap(s.membs) > maxScratch || cap(s.unquote) > maxScratch {
		return
	}
	clear(s.elems[:cap(s.elems)])
	clear(s.membs[:cap(s.membs)])
	clear(s.keys[:])
	spare.Store(s)
}

// decoder is a recursive-descent JSON decoder. Containers are built in
// place in chunks (see run), so that a document costs a few large
// allocations rather than one per container.
type decoder struct {
	// src is the document. When copying, it is the caller's memory, which
	// no decoded string may share: strings are copied into the arena.
	src     string
	copying bool
	keys    *[keyCacheSize]string // when copying, recent keys by hash
	b       []byte                // src, read only, for loading eight bytes at a time
	pos     int
	err     *SyntaxError
	elems   []Value       // stack for arrays too long for a chunk
	membs   []Member      // likewise for objects
	varrs   []run[Value]  // by depth, where arrays are built
	mobjs   []run[Member] // likewise for objects
	unquote []byte        // scratch for the string being unescaped
	arena   []byte        // room that strings are copied into
	quotes  *[]int        // where strings open, when recording
}

// arenaSize bounds the chunks strings are copied into: unescaped ones, and
// all of them when copying.
const arenaSize = 16 << 10

// keep returns a copy of s that stays valid: in the arena, whose bytes are
// never written again once a string refers to them.
func (d *decoder) keep(s []byte) string {
	if n := len(d.arena); len(s) <= cap(d.arena)-n && len(s) > 0 {
		d.arena = append(d.arena, s...)
		return unsafe.String(&d.arena[n], len(s))
	}
	if len(s) == 0 {
		return ""
	}
	if len(s) > cap(d.arena)-len(d.arena) {
		if len(s) > arenaSize/4 {
			return string(s)
		}
		d.arena = make([]byte, 0, min(arenaSize, max(4*len(s), 64, 2*cap(d.arena))))
	}
	n := len(d.arena)
	d.arena = append(d.arena, s...)
	return unsafe.String(&d.arena[n], len(s))
}

// text returns src[i:j] as the decoded document may keep it.
func (d *decoder) text(i, j int) string {
	if d.copying {
		return d.keep(d.b[i:j])
	}
	return d.src[i:j]
}

// keyCacheSize is the number of keys remembered while copying: objects in
// arrays repeat their keys, which then cost no memory but the first time.
const keyCacheSize = 256

// intern returns the key src[i:j], shared with the previous occurrence of
// the same key if it is still cached.
func (d *decoder) intern(i, j int) string {
	k := d.b[i:j]
	if len(k) == 0 {
		return ""
	}
	h := (uint(len(k))*0x9e ^ uint(k[0])<<3 ^ uint(k[len(k)-1])<<1 ^ uint(k[len(k)>>1])) % keyCacheSize
	if s := d.keys[h]; s == string(k) {
		return s
	}
	s := d.keep(k)
	d.keys[h] = s
	return s
}

func (d *decoder) fail(msg string) {
	if d.err == nil {
		d.err = &SyntaxError{Msg: msg, Pos: PosOf(d.src, d.pos)}
	}
}

// describe names the input at the current position for an error message.
func (d *decoder) describe() string {
	if d.pos >= len(d.src) {
		return "end of input"
	}
	r, _ := utf8.DecodeRuneInString(d.src[d.pos:])
	return quoteRune(r)
}

// skipSpace returns the offset of the first byte at or after i that is not
// JSON whitespace; tags share the same four characters.
func skipSpace(s string, i int) int {
	for i < len(s) {
		switch s[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

// skipSpaceAt is skipSpace over the decoder's bytes. Between members the decoder calls it
// only at a byte <= ' ': the engine for the browser is built without inlining.
func skipSpaceAt(b []byte, i int) int {
	for i < len(b) && b[i] <= ' ' {
		switch b[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

func (d *decoder) value(depth int) Value {
	if d.pos >= len(d.b) {
		d.fail("unexpected end of input, expected a JSON value")
		return Value{}
	}
	switch c := d.b[d.pos]; c {
	case '"':
		return textValue(String, d.string(false))
	case '{':
		return d.object(depth + 1)
	case '[':
		return d.array(depth + 1)
	case 't':
		return d.literal("true", trueValue)
	case 'f':
		return d.literal("false", falseValue)
	case 'n':
		return d.literal("null", Value{})
	default:
		if c == '-' || c-'0' < 10 {
			return d.number()
		}
	}
	d.fail("unexpected " + d.describe() + ", expected a JSON value")
	return Value{}
}

func (d *decoder) literal(word string, v Value) Value {
	if len(d.src)-d.pos >= len(word) && d.src[d.pos:d.pos+len(word)] == word {
		d.pos += len(word)
		return v
	}
	d.fail("invalid literal, expected " + word)
	return Value{}
}

func (d *decoder) number() Value {
	n := numberLen(d.src[d.pos:])
	if n == 0 {
		d.fail("invalid number")
		return Value{}
	}
	v := textValue(Number, d.text(d.pos, d.pos+n))
	d.pos += n
	return v
}

// numberLen returns the length of the JSON number at the start of s, or 0.
func numberLen(s string) int {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case i < len(s) && s[i] >= '1' && s[i] <= '9':
		i = digits(s, i)
	default:
		return 0
	}
	if i < len(s) && s[i] == '.' {
		if i = digits(s, i+1); s[i-1] == '.' {
			return 0 // a fraction needs a digit
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		start := i
		if i = digits(s, i); i == start {
			return 0 // an exponent needs a digit
		}
	}
	return i
}

// digits returns the offset past the decimal digits that start at i.
func digits(s string, i int) int {
	for i < len(s) && s[i]-'0' < 10 {
		i++
	}
	return i
}

// ValidNumber reports whether s is exactly one JSON number literal.
func ValidNumber(s string) bool { return s != "" && numberLen(s) == len(s) }

// Bytes repeated in each lane of a word, for scanning eight at a time.
const (
	lanes01 = 0x0101010101010101
	lanes80 = 0x8080808080808080
)

// load64 reads eight bytes little-endian; the compiler makes it one load.
// (encoding/binary would bring reflect into the engine's wasm.)
func load64(b []byte) uint64 {
	_ = b[7]
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
}

// specialLanes returns w with the high bit of each byte set where the byte
// ends a plain run of string contents: a quote, a backslash, a control
// character or a byte that is not ASCII. A borrow can also mark a byte
// after a marked one, so only the lowest marked byte is certain, and it is
// the only one used.
func specialLanes(w uint64) uint64 {
	q := w ^ lanes01*'"'
	e := w ^ lanes01*'\\'
	return ((q-lanes01)&^q | (e-lanes01)&^e | (w - lanes01*0x20) | w) & lanes80
}

// plainRun returns the offset of the first byte at or after i that ends a
// plain run of string contents, or len(b).
func plainRun(b []byte, i int) int {
	for ; i+8 <= len(b); i += 8 {
		if m := specialLanes(load64(b[i:])); m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
	}
	for ; i < len(b); i++ {
		if c := b[i]; c == '"' || c == '\\' || c < 0x20 || c >= utf8.RuneSelf {
			return i
		}
	}
	return i
}

// string decodes the string whose opening quote is at d.pos, an object key
// when key is set.
func (d *decoder) string(key bool) string {
	if d.quotes != nil {
		*d.quotes = append(*d.quotes, d.pos)
	}
	b := d.b
	start := d.pos + 1
	for i := start; ; {
		// plainRun, with its common case here rather than in a call.
		for ; i+8 <= len(b); i += 8 {
			if m := specialLanes(load64(b[i:])); m != 0 {
				i += bits.TrailingZeros64(m) >> 3
				goto special
			}
		}
		if i = plainRun(b, i); i >= len(b) {
			d.pos = i
			d.fail("unterminated string")
			return ""
		}
	special:
		switch c := b[i]; {
		case c == '"':
			d.pos = i + 1
			if key && d.copying {
				return d.intern(start, i)
			}
			return d.text(start, i)
		case c == '\\':
			d.pos = i
			return d.escapedString(start)
		case c < 0x20:
			d.pos = i
			d.fail("control character in string; escape it")
			return ""
		}
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 {
			d.pos = i
			d.fail("invalid UTF-8 in string")
			return ""
		}
		i += size
	}
}

// escapedString finishes a string that has escapes, from the first one at
// d.pos; it must build a copy.
func (d *decoder) escapedString(start int) string {
	b := d.b
	buf := append(d.unquote[:0], b[start:d.pos]...)
	for d.pos < len(b) {
		if j := plainRun(b, d.pos); j > d.pos {
			buf = append(buf, b[d.pos:j]...)
			if d.pos = j; j >= len(b) {
				break
			}
		}
		c := b[d.pos]
		switch {
		case c == '"':
			d.pos++
			d.unquote = buf
			return d.keep(buf)
		case c < 0x20:
			d.fail("control character in string; escape it")
			return ""
		case c != '\\':
			r, size := utf8.DecodeRune(b[d.pos:])
			if r == utf8.RuneError && size == 1 {
				d.fail("invalid UTF-8 in string")
				return ""
			}
			buf = append(buf, b[d.pos:d.pos+size]...)
			d.pos += size
			continue
		}
		if d.pos+1 >= len(b) {
			break
		}
		esc := b[d.pos+1]
		d.pos += 2
		switch esc {
		case '"', '\\', '/':
			buf = append(buf, esc)
		case 'b':
			buf = append(buf, '\b')
		case 'f':
			buf = append(buf, '\f')
		case 'n':
			buf = append(buf, '\n')
		case 'r':
			buf = append(buf, '\r')
		case 't':
			buf = append(buf, '\t')
		case 'u':
			r, ok := d.hex4()
			if !ok {
				return ""
			}
			if utf16.IsSurrogate(r) {
				r2 := utf8.RuneError
				if d.pos+1 < len(b) && b[d.pos] == '\\' && b[d.pos+1] == 'u' {
					save := d.pos
					d.pos += 2
					lo, ok := d.hex4()
					if !ok {
						return ""
					}
					if r2 = utf16.DecodeRune(r, lo); r2 == utf8.RuneError {
						d.pos = save
					}
				}
				r = r2
			}
			buf = utf8.AppendRune(buf, r)
		default:
			d.pos -= 2
			d.fail("invalid escape \\" + string(rune(esc)) + " in string")
			return ""
		}
	}
	d.fail("unterminated string")
	return ""
}

func (d *decoder) hex4() (rune, bool) {
	if len(d.b)-d.pos < 4 {
		d.fail("invalid \\u escape: want four hex digits")
		return 0, false
	}
	var r rune
	for _, c := range d.b[d.pos : d.pos+4] {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c -= 'a' - 10
		case c >= 'A' && c <= 'F':
			c -= 'A' - 10
		default:
			d.fail("invalid \\u escape: want four hex digits")
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	d.pos += 4
	return r, true
}

// tooDeep reports, as an error, a container nested beyond MaxJSONDepth.
func (d *decoder) tooDeep(depth int) bool {
	if depth > MaxJSONDepth {
		d.fail("JSON nested deeper than " + strconv.Itoa(MaxJSONDepth) + " levels")
		return true
	}
	return false
}

// next consumes what follows an element: ',' (true: another element
// follows, and d.pos is at it) or the closing bracket (false).
func (d *decoder) next(close byte, container string) bool {
	b := d.b
	i := d.pos
	if i < len(b) && b[i] <= ' ' {
		i = skipSpaceAt(b, i)
	}
	if i < len(b) {
		switch b[i] {
		case ',':
			if i++; i < len(b) && b[i] <= ' ' {
				i = skipSpaceAt(b, i)
			}
			d.pos = i
			return true
		case close:
			d.pos = i + 1
			return false
		}
	}
	d.pos = i
	d.fail("unexpected " + d.describe() + " in " + container + ", expected ',' or '" + string(close) + "'")
	return false
}

// array decodes the array whose '[' is at d.pos.
func (d *decoder) array(depth int) Value {
	if d.tooDeep(depth) {
		return Value{}
	}
	if d.pos = skipSpaceAt(d.b, d.pos+1); d.pos < len(d.b) && d.b[d.pos] == ']' {
		d.pos++
		return arrayOf(nil)
	}
	d.arrays(depth).open()
	for {
		v := d.value(depth) // may grow d.varrs: the run is looked up again
		if d.err != nil {
			return Value{}
		}
		if r := &d.varrs[depth]; len(r.chunk) < cap(r.chunk) {
			r.chunk = append(r.chunk, v) // never grows: see run
		} else {
			r.addSlow(v, &d.elems)
		}
		if !d.next(']', "array") {
			break
		}
	}
	if d.err != nil {
		return Value{}
	}
	return arrayOf(d.varrs[depth].close(&d.elems))
}

// object decodes the object whose '{' is at d.pos.
func (d *decoder) object(depth int) Value {
	if d.tooDeep(depth) {
		return Value{}
	}
	b := d.b
	if d.pos = skipSpaceAt(b, d.pos+1); d.pos < len(b) && b[d.pos] == '}' {
		d.pos++
		return newObject(nil)
	}
	d.objects(depth).open()
	for {
		if d.pos >= len(b) || b[d.pos] != '"' {
			d.fail("unexpected " + d.describe() + " in object, expected a string key")
			return Value{}
		}
		key := d.string(true)
		if d.err != nil {
			return Value{}
		}
		if d.pos < len(b) && b[d.pos] <= ' ' {
			d.pos = skipSpaceAt(b, d.pos)
		}
		if d.pos >= len(b) || b[d.pos] != ':' {
			d.fail("unexpected " + d.describe() + " after object key, expected ':'")
			return Value{}
		}
		if d.pos++; d.pos < len(b) && b[d.pos] <= ' ' {
			d.pos = skipSpaceAt(b, d.pos)
		}
		v := d.value(depth)
		if d.err != nil {
			return Value{}
		}
		if r := &d.mobjs[depth]; len(r.chunk) < cap(r.chunk) {
			r.chunk = append(r.chunk, Member{Key: key, Value: v}) // never grows: see run
		} else {
			r.addSlow(Member{Key: key, Value: v}, &d.membs)
		}
		if !d.next('}', "object") {
			break
		}
	}
	if d.err != nil {
		return Value{}
	}
	return newObject(d.mobjs[depth].close(&d.membs))
}

// AppendJSON appends v as compact JSON. Only '"', '\\' and control
// characters are escaped; nothing is HTML-escaped (DIALECT §1).
func (v Value) AppendJSON(dst []byte) []byte { return v.appendJSON(dst) }

func (v *Value) appendJSON(dst []byte) []byte {
	switch v.kind() {
	case Null:
		return append(dst, "null"...)
	case Bool, Number:
		return append(dst, v.text()...)
	case String:
		return AppendQuoted(dst, v.text())
	case Array:
		dst = append(dst, '[')
		for i, elems := 0, v.elems(); i < len(elems); i++ {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = elems[i].appendJSON(dst)
		}
		return append(dst, ']')
	}
	dst = append(dst, '{')
	for i, members := 0, v.members(); i < len(members); i++ {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = AppendQuoted(dst, members[i].Key)
		dst = append(dst, ':')
		dst = members[i].Value.appendJSON(dst)
	}
	return append(dst, '}')
}

// JSON returns v as compact JSON.
// The buffer is sized first and becomes the string: a large value is
// written once, not grown by doubling and then copied.
func (v Value) JSON() string {
	b := v.appendJSON(make([]byte, 0, v.SizeWithin(math.MaxInt)))
	return unsafe.String(unsafe.SliceData(b), len(b)) // b is not written again
}

// SizeWithin is about how many bytes v's compact JSON takes (strings
// counted unescaped), read only until it passes limit: what an output
// checks before it writes a value that may not fit.
func (v Value) SizeWithin(limit int) int {
	bytes, _ := v.size(limit)
	return bytes
}

// size is about how many bytes v's compact JSON takes (strings unescaped)
// and how many values it holds, counted until the size passes limit: what
// a typed splice costs the output it will be written to.
func (v *Value) size(limit int) (bytes, values int) {
	values = 1
	switch v.kind() {
	case Null:
		return 4, 1
	case Bool, Number:
		return len(v.text()), 1
	case String:
		return v.length() + 2, 1
	case Array:
		bytes = 2
		for i, elems := 0, v.elems(); i < len(elems) && bytes <= limit; i++ {
			b, n := elems[i].size(limit - bytes)
			bytes, values = bytes+b+1, values+n
		}
		return bytes, values
	}
	bytes = 2
	for i, members := 0, v.members(); i < len(members) && bytes <= limit; i++ {
		b, n := members[i].Value.size(limit - bytes)
		bytes, values = bytes+b+len(members[i].Key)+4, values+n
	}
	return bytes, values
}

// MarshalJSON implements json.Marshaler. Note that encoding/json HTML-escapes
// what it is given; use AppendJSON where output must stay unescaped.
func (v Value) MarshalJSON() ([]byte, error) { return v.appendJSON(nil), nil }

// UnmarshalJSON implements json.Unmarshaler, keeping order and number text.
func (v *Value) UnmarshalJSON(data []byte) error {
	w, err := ParseJSON(data)
	if err != nil {
		return err
	}
	*v = w
	return nil
}

const hexDigits = "0123456789abcdef"

// AppendQuoted appends s as a JSON string literal. Bytes that are not
// UTF-8 become U+FFFD, as in encoding/json, so the output is always JSON.
func AppendQuoted(dst []byte, s string) []byte {
	dst = append(dst, '"')
	b := unsafe.Slice(unsafe.StringData(s), len(s))
	start := 0
	for i := plainRun(b, 0); i < len(s); i = plainRun(b, i) {
		c := s[i]
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				dst = append(dst, s[start:i]...)
				dst = append(dst, "\\ufffd"...)
				start = i + 1
			}
			i += size
			continue
		}
		dst = append(dst, s[start:i]...)
		switch c {
		case '"', '\\':
			dst = append(dst, '\\', c)
		case '\b':
			dst = append(dst, '\\', 'b')
		case '\f':
			dst = append(dst, '\\', 'f')
		case '\n':
			dst = append(dst, '\\', 'n')
		case '\r':
			dst = append(dst, '\\', 'r')
		case '\t':
			dst = append(dst, '\\', 't')
		default:
			dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
		}
		i++
		start = i
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}
