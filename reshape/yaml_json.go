//go:build !splice_lite

package reshape

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"github.com/splicedev/splice/template"
)

// A JSON collection in a YAML document (a step's sample pasted from a
// tool's --json output, as plans hold them) is read as YAML reads it,
// without a YAML node for each of its values: jsonSpan accepts the
// collections whose every token YAML's flow syntax reads as JSON does,
// and the decoder reads their text (jsonReader) into the same values,
// places, sizes and errors as it does YAML's nodes. Anything else, or
// anything in doubt, is left to YAML.

// jsonSpans is jsonSpan, and nil to have YAML read every collection (a
// variable for the tests that compare the two).
var jsonSpans = jsonSpan

// maxSpanDepth is the deepest collection jsonSpan accepts: YAML's own
// nesting limit and the decoder's are left to report deeper ones.
const maxSpanDepth = 400

// maxSpanKey is the longest key jsonSpan accepts: YAML looks for a key's
// ':' within 1024 characters.
const maxSpanKey = 1000

// jsonSpan returns the offset past the JSON collection at off in text, or
// -1 when YAML is to read it: where it is not JSON, where YAML could read
// it otherwise (a tab, a carriage return, a character YAML does not take
// or reads as a line break, a key whose ':' is on another line, an escaped
// surrogate or slash), and where something but spaces follows it on its
// line (a comment, a ':' that makes it a key). YAML's flow syntax takes
// lines indented any way.
func jsonSpan(text string, off int) int {
	if off < 0 || off >= len(text) || text[off] != '{' && text[off] != '[' {
		return -1 // not where the text says: left to YAML
	}
	s := spanScanner{text: text, pos: off}
	if !s.value(0) {
		return -1
	}
	end := s.pos
	if s.inline(); s.pos < len(text) && text[s.pos] != '\n' {
		return -1
	}
	return end
}

// spanScanner checks the JSON text from pos on.
type spanScanner struct {
	text string
	pos  int
}

// space skips spaces and line breaks.
func (s *spanScanner) space() { s.pos = skipSpace(s.text, s.pos) }

// skipSpace returns where the spaces and line breaks of text from pos end.
func skipSpace(text string, pos int) int {
	for pos < len(text) && (text[pos] == ' ' || text[pos] == '\n') {
		pos++
	}
	return pos
}

// inline skips spaces on the line.
func (s *spanScanner) inline() {
	for s.pos < len(s.text) && s.text[s.pos] == ' ' {
		s.pos++
	}
}

func (s *spanScanner) value(depth int) bool {
	if s.pos >= len(s.text) {
		return false
	}
	switch c := s.text[s.pos]; {
	case c == '{' || c == '[':
		if depth >= maxSpanDepth {
			return false
		}
		return s.collection(c, depth)
	case c == '"':
		_, ok := s.str()
		return ok
	case c == '-' || c >= '0' && c <= '9':
		return s.number()
	default:
		for _, lit := range [...]string{"true", "false", "null"} {
			if strings.HasPrefix(s.text[s.pos:], lit) {
				s.pos += len(lit)
				return true
			}
		}
		return false
	}
}

func (s *spanScanner) collection(open byte, depth int) bool {
	close := byte(']')
	if open == '{' {
		close = '}'
	}
	s.pos++
	s.space()
	if s.pos < len(s.text) && s.text[s.pos] == close {
		s.pos++
		return true
	}
	for {
		if open == '{' {
			if s.pos >= len(s.text) || s.text[s.pos] != '"' {
				return false
			}
			if n, ok := s.str(); !ok || n > maxSpanKey {
				return false
			}
			s.inline()
			if s.pos >= len(s.text) || s.text[s.pos] != ':' {
				return false
			}
			s.pos++
			s.space()
		}
		if !s.value(depth + 1) {
			return false
		}
		if s.space(); s.pos >= len(s.text) {
			return false
		}
		switch s.text[s.pos] {
		case ',':
			s.pos++
			s.space()
		case close:
			s.pos++
			return true
		default:
			return false
		}
	}
}

// str checks a string and returns its length in the text.
func (s *spanScanner) str() (int, bool) {
	start := s.pos
	s.pos++
	for s.pos < len(s.text) {
		c := s.text[s.pos]
		switch {
		case c == '"':
			s.pos++
			return s.pos - start, true
		case c == '\\':
			if s.pos+1 >= len(s.text) {
				return 0, false
			}
			switch s.text[s.pos+1] {
			case '"', '\\', 'b', 'f', 'n', 'r', 't': // not \/, which YAML does not take
				s.pos += 2
			case 'u':
				if s.pos+6 > len(s.text) {
					return 0, false
				}
				r, err := strconv.ParseUint(s.text[s.pos+2:s.pos+6], 16, 16)
				if err != nil || r >= 0xD800 && r <= 0xDFFF {
					return 0, false
				}
				s.pos += 6
			default:
				return 0, false
			}
		case c >= 0x20 && c < 0x7F:
			s.pos++
		case c < utf8.RuneSelf:
			return 0, false // a control character, DEL
		default:
			r, size := utf8.DecodeRuneInString(s.text[s.pos:])
			if r < 0xA0 || r == 0x2028 || r == 0x2029 || r == 0xFEFF || r == 0xFFFE || r == 0xFFFF || r == utf8.RuneError && size == 1 {
				return 0, false // not text to YAML, or a line break to it
			}
			s.pos += size
		}
	}
	return 0, false
}

// number checks a JSON number, as the engine reads one.
func (s *spanScanner) number() bool {
	end := s.pos
	for end < len(s.text) && strings.IndexByte("+-.0123456789eE", s.text[end]) >= 0 {
		end++
	}
	if !template.ValidNumber(s.text[s.pos:end]) {
		return false
	}
	s.pos = end
	return true
}

// jsonCollection decodes the collection n that jsonSpan accepted, whose
// own place and pointer value has taken, as node decodes YAML's.
func (d *yamlDecoder) jsonCollection(n *yaml.Node, ptr string, depth int) (template.Value, int) {
	start := d.nodePos(n)
	if !strings.HasPrefix(d.src[start.Offset:], n.Value) {
		d.errorAt(n, "the JSON here is not where its text says") // a bug: the spans are the text's
		return template.Value{}, 0
	}
	j := jsonReader{d: d, text: d.src[:start.Offset+len(n.Value)], pos: start.Offset}
	return j.node(start, ptr, depth)
}

// jsonReader reads a JSON text that jsonSpan accepted.
type jsonReader struct {
	d    *yamlDecoder
	text string
	pos  int
}

func (j *jsonReader) space() { j.pos = skipSpace(j.text, j.pos) }

// grow is yamlDecoder.grow at a place of the text.
func (j *jsonReader) grow(pos template.Pos, size int) bool {
	if !j.d.spend(size) {
		j.d.failAt(pos, tooLarge)
		return false
	}
	return true
}

// value reads the value at pos as yamlDecoder.value reads a node.
func (j *jsonReader) value(ptr string, depth int) (template.Value, int) {
	d := j.d
	pos := d.lines.pos(j.pos)
	if d.err != nil {
		return template.Value{}, 0
	}
	if msg := d.limit(ptr, depth); msg != "" {
		j.d.failAt(pos, msg)
		return template.Value{}, 0
	}
	if d.unplaced(ptr) {
		style := yamlPlain
		if j.text[j.pos] == '"' {
			style = yamlDouble
		}
		d.places.values[ptr] = place{pos: pos, style: style}
	}
	return j.node(pos, ptr, depth)
}

// node reads the value at pos as yamlDecoder.node reads a node.
func (j *jsonReader) node(pos template.Pos, ptr string, depth int) (template.Value, int) {
	switch j.text[j.pos] {
	case '{':
		return j.mapping(pos, ptr, depth)
	case '[':
		if !j.grow(pos, 1) {
			return template.Value{}, 0
		}
		j.pos++
		var elems []template.Value
		size := 1
		for j.space(); j.text[j.pos] != ']'; j.space() {
			v, s := j.value(appendIndex(ptr, len(elems)), depth+1)
			if j.d.err != nil {
				return template.Value{}, 0
			}
			elems, size = append(elems, v), size+s
			if j.space(); j.text[j.pos] == ',' {
				j.pos++
			}
		}
		j.pos++
		return template.ArrayValue(elems), size
	case '"':
		s := j.str()
		if !j.grow(pos, 1+len(s)) {
			return template.Value{}, 0
		}
		return template.StringValue(s), 1 + len(s)
	}
	start := j.pos
	for j.pos < len(j.text) && !strings.ContainsRune(" \n,]}", rune(j.text[j.pos])) {
		j.pos++
	}
	lit := j.text[start:j.pos]
	if !j.grow(pos, 1+len(lit)) {
		return template.Value{}, 0
	}
	v, msg := resolvePlain(lit)
	if msg != "" {
		j.d.failAt(pos, msg)
	}
	return v, 1 + len(lit)
}

// mapping reads an object as yamlDecoder.mapping reads a mapping.
func (j *jsonReader) mapping(pos template.Pos, ptr string, depth int) (template.Value, int) {
	d := j.d
	if !j.grow(pos, 1) {
		return template.Value{}, 0
	}
	j.pos++
	var members []template.Member
	var keys keySet
	size := 1
	base := len(d.keyStarts)
	for j.space(); j.text[j.pos] != '}'; j.space() {
		keyPos := d.lines.pos(j.pos)
		d.keyStarts = append(d.keyStarts, j.pos)
		key := j.str()
		if first := keys.first(members, key); first >= 0 {
			d.duplicate(keyPos, d.lines.pos(d.keyStarts[base+first]), key)
			return template.Value{}, 0
		}
		at := template.ChildPointer(ptr, key)
		if d.places != nil {
			d.places.keys[at] = keyPos
		}
		j.space()
		j.pos++ // the ':'
		j.space()
		v, s := j.value(at, depth+1)
		if d.err != nil {
			return template.Value{}, 0
		}
		members = append(members, template.Member{Key: key, Value: v})
		size += len(key) + s
		if j.space(); j.text[j.pos] == ',' {
			j.pos++
		}
	}
	j.pos++
	d.keyStarts = d.keyStarts[:base]
	return template.ObjectValue(members), size
}

// str reads a string: the text itself when it has no escapes, else as
// the engine decodes JSON.
func (j *jsonReader) str() string {
	start := j.pos
	j.pos++
	for j.text[j.pos] != '"' && j.text[j.pos] != '\\' {
		j.pos++
	}
	if j.text[j.pos] == '"' {
		j.pos++
		return j.text[start+1 : j.pos-1]
	}
	for j.text[j.pos] != '"' {
		if j.text[j.pos] == '\\' {
			j.pos++
		}
		j.pos++
	}
	j.pos++
	v, _ := template.ParseJSONString(j.text[start:j.pos]) // jsonSpan took it
	return v.Str()
}

// breaksAsLines reports whether YAML breaks text into the lines lineIndex
// does: it also breaks lines at a lone '\r', U+0085, U+2028 and U+2029,
// and the places of collections read whole are found by their offsets.
func breaksAsLines(text string) bool {
	for rest := text; ; {
		i := strings.IndexByte(rest, '\r')
		if i < 0 {
			break
		}
		if i+1 == len(rest) || rest[i+1] != '\n' {
			return false
		}
		rest = rest[i+2:]
	}
	return !strings.Contains(text, "\u0085") && !strings.Contains(text, "\u2028") && !strings.Contains(text, "\u2029")
}

// yamlLineStarts returns where YAML's lines start in text, or nil when
// they are the lines lineIndex counts.
func yamlLineStarts(text string) []int {
	if breaksAsLines(text) {
		return nil
	}
	starts := []int{bomLen(text)}
	for i := starts[0]; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		i += size
		if r == '\r' && i < len(text) && text[i] == '\n' {
			i++
		}
		if isYAMLBreak(r) {
			starts = append(starts, i)
		}
	}
	return starts
}
