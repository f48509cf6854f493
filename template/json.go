package template

import (
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
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

// ParseJSON decodes one JSON document into a Value. Strings without escapes
// and number literals share the memory of one copy of data.
func ParseJSON(data []byte) (Value, error) { return ParseJSONString(string(data)) }

// ParseJSONString decodes one JSON document held in a string; strings
// without escapes and number literals are substrings of src.
func ParseJSONString(src string) (Value, error) {
	d := decoder{src: src}
	return d.document()
}

// ParseJSONStrings is ParseJSONString that also returns the byte offset of
// the opening quote of every string of src, object keys included, in
// document order, so that errors inside strings can be placed in src.
func ParseJSONStrings(src string) (Value, []int, error) {
	d := decoder{src: src, quotes: []int{}}
	v, err := d.document()
	return v, d.quotes, err
}

func (d *decoder) document() (Value, error) {
	d.skipSpace()
	v := d.value(0)
	if d.err == nil {
		d.skipSpace()
		if d.pos < len(d.src) {
			d.fail("unexpected " + d.describe() + " after the JSON value")
		}
	}
	if d.err != nil {
		return Value{}, d.err
	}
	return v, nil
}

type decoder struct {
	src    string
	pos    int
	err    *SyntaxError
	quotes []int    // offsets of strings' opening quotes, when recording
	elems  []Value  // scratch stack for arrays under construction
	membs  []Member // scratch stack for objects under construction
	vslab  []Value  // preallocated room that finished arrays are carved from
	mslab  []Member // likewise for objects
}

// slabSize bounds the chunks containers are carved from: few allocations
// per document, and little waste for small ones.
const slabSize = 1024

// carve returns a slice of n elements cut from *slab, refilling it as
// needed: one allocation serves many small containers.
func carve[T any](slab *[]T, n int) []T {
	if n > len(*slab) {
		if n > slabSize/4 {
			return make([]T, n)
		}
		*slab = make([]T, min(slabSize, max(4*n, 16, 2*cap(*slab))))
	}
	s := (*slab)[:n:n]
	*slab = (*slab)[n:]
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
	return strconv.QuoteRune(r)
}

func (d *decoder) skipSpace() { d.pos = skipSpace(d.src, d.pos) }

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

func (d *decoder) value(depth int) Value {
	if d.pos >= len(d.src) {
		d.fail("unexpected end of input, expected a JSON value")
		return Value{}
	}
	switch c := d.src[d.pos]; {
	case c == '{':
		return d.object(depth + 1)
	case c == '[':
		return d.array(depth + 1)
	case c == '"':
		s, _ := d.string()
		return Value{kind: String, text: s}
	case c == '-' || (c >= '0' && c <= '9'):
		return d.number()
	case c == 't':
		return d.literal("true", trueValue)
	case c == 'f':
		return d.literal("false", falseValue)
	case c == 'n':
		return d.literal("null", Value{})
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
	v := Value{kind: Number, text: d.src[d.pos : d.pos+n]}
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
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return i
}

// ValidNumber reports whether s is exactly one JSON number literal.
func ValidNumber(s string) bool { return s != "" && numberLen(s) == len(s) }

func (d *decoder) string() (string, bool) {
	if d.quotes != nil {
		d.quotes = append(d.quotes, d.pos)
	}
	d.pos++ // opening quote
	start := d.pos
	for d.pos < len(d.src) {
		c := d.src[d.pos]
		switch {
		case c == '"':
			s := d.src[start:d.pos]
			d.pos++
			return s, true
		case c == '\\':
			return d.escapedString(start)
		case c < 0x20:
			d.fail("control character in string; escape it")
			return "", false
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRuneInString(d.src[d.pos:])
			if r == utf8.RuneError && size == 1 {
				d.fail("invalid UTF-8 in string")
				return "", false
			}
			d.pos += size
		default:
			d.pos++
		}
	}
	d.fail("unterminated string")
	return "", false
}

// escapedString finishes a string that has escapes; it must build a copy.
func (d *decoder) escapedString(start int) (string, bool) {
	buf := make([]byte, 0, d.pos-start+16)
	buf = append(buf, d.src[start:d.pos]...)
	for d.pos < len(d.src) {
		c := d.src[d.pos]
		switch {
		case c == '"':
			d.pos++
			return string(buf), true
		case c < 0x20:
			d.fail("control character in string; escape it")
			return "", false
		case c != '\\':
			r, size := utf8.DecodeRuneInString(d.src[d.pos:])
			if r == utf8.RuneError && size == 1 {
				d.fail("invalid UTF-8 in string")
				return "", false
			}
			buf = append(buf, d.src[d.pos:d.pos+size]...)
			d.pos += size
			continue
		}
		if d.pos+1 >= len(d.src) {
			break
		}
		esc := d.src[d.pos+1]
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
				return "", false
			}
			if utf16.IsSurrogate(r) {
				r2 := utf8.RuneError
				if d.pos+1 < len(d.src) && d.src[d.pos] == '\\' && d.src[d.pos+1] == 'u' {
					save := d.pos
					d.pos += 2
					if lo, ok := d.hex4(); ok {
						r2 = utf16.DecodeRune(r, lo)
						if r2 == utf8.RuneError {
							d.pos = save
						}
					} else {
						return "", false
					}
				}
				r = r2
			}
			buf = utf8.AppendRune(buf, r)
		default:
			d.pos -= 2
			d.fail("invalid escape \\" + string(rune(esc)) + " in string")
			return "", false
		}
	}
	d.fail("unterminated string")
	return "", false
}

func (d *decoder) hex4() (rune, bool) {
	if len(d.src)-d.pos < 4 {
		d.fail("invalid \\u escape: want four hex digits")
		return 0, false
	}
	var r rune
	for _, c := range []byte(d.src[d.pos : d.pos+4]) {
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

// open consumes a container's opening bracket and reports whether
// elements follow (false for an empty container or an error).
func (d *decoder) open(close byte, depth int) bool {
	if depth > MaxJSONDepth {
		d.fail("JSON nested deeper than " + strconv.Itoa(MaxJSONDepth) + " levels")
		return false
	}
	d.pos++
	d.skipSpace()
	if d.pos < len(d.src) && d.src[d.pos] == close {
		d.pos++
		return false
	}
	return true
}

// more consumes what follows an element: ',' (another element follows) or
// the closing bracket.
func (d *decoder) more(close byte, container string) bool {
	d.skipSpace()
	if d.pos < len(d.src) {
		switch d.src[d.pos] {
		case ',':
			d.pos++
			d.skipSpace()
			return true
		case close:
			d.pos++
			return false
		}
	}
	d.fail("unexpected " + d.describe() + " in " + container + ", expected ',' or '" + string(close) + "'")
	return false
}

func (d *decoder) array(depth int) Value {
	base := len(d.elems)
	for more := d.open(']', depth); more && d.err == nil; more = d.more(']', "array") {
		d.elems = append(d.elems, d.value(depth))
	}
	elems := carve(&d.vslab, len(d.elems)-base)
	copy(elems, d.elems[base:])
	d.elems = d.elems[:base]
	return Value{kind: Array, elems: elems}
}

func (d *decoder) object(depth int) Value {
	base := len(d.membs)
	for more := d.open('}', depth); more && d.err == nil; more = d.more('}', "object") {
		if d.pos >= len(d.src) || d.src[d.pos] != '"' {
			d.fail("unexpected " + d.describe() + " in object, expected a string key")
			break
		}
		key, _ := d.string()
		d.skipSpace()
		if d.err == nil && (d.pos >= len(d.src) || d.src[d.pos] != ':') {
			d.fail("unexpected " + d.describe() + " after object key, expected ':'")
		}
		if d.err != nil {
			break
		}
		d.pos++
		d.skipSpace()
		d.membs = append(d.membs, Member{Key: key, Value: d.value(depth)})
	}
	members := carve(&d.mslab, len(d.membs)-base)
	copy(members, d.membs[base:])
	d.membs = d.membs[:base]
	return newObject(members)
}

// AppendJSON appends v as compact JSON. Only '"', '\\' and control
// characters are escaped; nothing is HTML-escaped (DIALECT §1).
func (v Value) AppendJSON(dst []byte) []byte {
	switch v.kind {
	case Null:
		return append(dst, "null"...)
	case Bool, Number:
		return append(dst, v.text...)
	case String:
		return AppendQuoted(dst, v.text)
	case Array:
		dst = append(dst, '[')
		for i, e := range v.elems {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = e.AppendJSON(dst)
		}
		return append(dst, ']')
	}
	dst = append(dst, '{')
	for i, m := range v.members {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = AppendQuoted(dst, m.Key)
		dst = append(dst, ':')
		dst = m.Value.AppendJSON(dst)
	}
	return append(dst, '}')
}

// JSON returns v as compact JSON.
func (v Value) JSON() string { return string(v.AppendJSON(nil)) }

// MarshalJSON implements json.Marshaler. Note that encoding/json HTML-escapes
// what it is given; use AppendJSON where output must stay unescaped.
func (v Value) MarshalJSON() ([]byte, error) { return v.AppendJSON(nil), nil }

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
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			if r, size := utf8.DecodeRuneInString(s[i:]); r == utf8.RuneError && size == 1 {
				dst = append(dst, s[start:i]...)
				dst = append(dst, "\\ufffd"...)
				start = i + 1
			} else {
				i += size - 1
			}
			continue
		}
		if c >= 0x20 && c != '"' && c != '\\' {
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
		start = i + 1
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}
