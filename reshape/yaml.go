//go:build !splice_lite

package reshape

import (
	"errors"
	"io"
	"math/big"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/splicedev/splice/template"
)

// The YAML reader: a YAML 1.2 core schema document becomes an ordered
// template.Value (DIALECT §1). go.yaml.in/yaml/v3 parses (in linear time,
// with a depth limit); everything after parsing — scalar resolution,
// anchors, duplicate keys — is decided here, so the rules are the dialect's
// rather than a YAML library's.

// ParseYAML decodes one YAML document (YAML 1.2 core schema) into an ordered
// value. Its errors are ToolErrors positioned in text.
func ParseYAML(text string) (template.Value, error) {
	v, _, err := decodeYAML(text, false)
	return v, err
}

// yamlBudget bounds the size of a document after alias expansion, counted in
// nodes plus scalar bytes, so that a few lines of nested aliases (a "billion
// laughs" document) cannot make a value too large to walk or print. A
// document without aliases always fits.
func yamlBudget(text string) int { return 4*len(text) + 1<<20 }

// yamlDecoder turns a parsed YAML document into a Value.
type yamlDecoder struct {
	src     string
	anchors map[*yaml.Node]anchored
	size    int // nodes plus scalar bytes so far, aliases expanded
	budget  int
	err     error // the first: a *template.Error, or an *Error with a Fix
	lines   *lineIndex
	// places locates every node, when the caller wants to point at fields
	// and leaves (shapes and tools).
	places   *docPlaces
	pointers int // the pointer bytes places may still make (see pointerBudget)
	// unwarned counts the warnings past maxWarnings; firstUnwarned is where
	// the first of them is.
	unwarned      int
	firstUnwarned Warning
	// keyStarts holds the offsets of the keys of the JSON mappings being
	// read, outermost first, for every span of the text: a duplicate
	// key's error says where the key was first.
	keyStarts []int
}

// anchored is the value of an anchored node, once decoded; an alias met
// while its anchor is still being decoded refers to itself.
type anchored struct {
	value   template.Value
	size    int
	decoded bool
}

// decodeYAML parses text; with track it also returns where every node is.
func decodeYAML(text string, track bool) (template.Value, *docPlaces, error) {
	d := yamlDecoder{src: text, anchors: map[*yaml.Node]anchored{}, budget: yamlBudget(text)}
	if track {
		d.places = newDocPlaces(text)
		d.lines = d.places.lines
		d.pointers = pointerBudget(len(text))
	} else {
		d.lines = newLineIndex(text)
	}
	d.lines.yamlStarts = yamlLineStarts(text)
	dec := yaml.NewDecoder(strings.NewReader(asYAML11(text)))
	if span := jsonSpans; span != nil && breaksAsLines(text) {
		dec.JSONSpans(func(off int) int { return span(text, off) })
	}
	var doc yaml.Node
	switch err := dec.DecodeNode(&doc); {
	case errors.Is(err, io.EOF):
		return template.Value{}, d.places, nil
	case err != nil:
		return template.Value{}, nil, syntaxError(text, d.lines, err)
	}
	var second yaml.Node
	switch err := dec.DecodeNode(&second); {
	case errors.Is(err, io.EOF):
	case err != nil:
		return template.Value{}, nil, syntaxError(text, d.lines, err)
	case len(second.Content) > 0 && !isEmptyNull(second.Content[0]):
		return template.Value{}, nil, yamlError(text, d.nodePos(second.Content[0]), "a second YAML document starts here; the file must hold one")
	}
	var body *yaml.Node
	if len(doc.Content) > 0 {
		body = doc.Content[0]
	}
	v, _ := d.value(body, "", 0)
	if d.err != nil {
		return template.Value{}, nil, d.err
	}
	d.countUnwarned()
	return v, d.places, nil
}

// isEmptyNull reports a document that holds nothing, as after a final "---".
func isEmptyNull(n *yaml.Node) bool {
	return n.Kind == yaml.ScalarNode && n.Value == "" && n.Style == 0 && n.Tag == "!!null"
}

// yamlError is a load-time ToolError positioned in a YAML document.
func yamlError(text string, pos template.Pos, msg string) *template.Error {
	return &template.Error{Kind: template.ToolError, Phase: template.PhaseLoad, Msg: msg, Pos: pos, End: pos.Offset, Source: text}
}

// asYAML11 rewrites a %YAML 1.2 directive as 1.1: the parser knows YAML
// 1.1 by version number and rejects 1.2. The same number of bytes keeps
// every position.
func asYAML11(text string) string {
	const directive = "%YAML 1.2"
	var b []byte
	for off := 0; ; {
		i := strings.Index(text[off:], directive)
		if i < 0 {
			break
		}
		i += off
		off = i + len(directive)
		if (i == 0 || text[i-1] == '\n') && (off == len(text) || !isWordByte(text[off])) {
			if b == nil {
				b = []byte(text)
			}
			b[off-1] = '1'
		}
	}
	if b == nil {
		return text
	}
	return string(b)
}

func isWordByte(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_'
}

func (d *yamlDecoder) nodePos(n *yaml.Node) template.Pos {
	if n == nil || n.Line == 0 {
		return template.Pos{Line: 1, Column: 1}
	}
	return d.lines.at(n.Line, n.Column)
}

// valueStart is where the text of n starts: past the properties (an
// &anchor, a !tag, and the spaces, line breaks and comments after them)
// that the parser's position of n includes.
func (d *yamlDecoder) valueStart(n *yaml.Node) template.Pos {
	pos := d.nodePos(n)
	if n.Anchor == "" && n.Style&yaml.TaggedStyle == 0 {
		return pos
	}
	src, off := d.src, pos.Offset
	for off < len(src) && (src[off] == '&' || src[off] == '!') {
		for off < len(src) && !isBlank(src[off]) {
			off++
		}
		for off < len(src) && (isBlank(src[off]) || src[off] == '#') {
			if src[off] == '#' {
				off += yamlLineEnd(src[off:])
				continue
			}
			off++
		}
	}
	return d.lines.pos(off)
}

// nodeStyle is how the scalar n is written.
func nodeStyle(n *yaml.Node) scalarStyle {
	switch {
	case n.Style&yaml.DoubleQuotedStyle != 0:
		return yamlDouble
	case n.Style&yaml.SingleQuotedStyle != 0:
		return yamlSingle
	case n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0:
		return yamlBlock
	}
	return yamlPlain
}

func (d *yamlDecoder) errorAt(n *yaml.Node, msg string) {
	if d.err == nil {
		d.failAt(d.nodePos(n), msg)
	}
}

// duplicate sets the decoder's error, unless it has one: key given again
// at pos, first at first (its Line 0 when unknown). The error underlines
// the key as written.
func (d *yamlDecoder) duplicate(pos, first template.Pos, key string) {
	if d.err != nil {
		return
	}
	e := yamlError(d.src, pos, string(duplicateKey(nil, key, pos, first)))
	for _, written := range []string{key, strconv.Quote(key), "'" + key + "'"} {
		if strings.HasPrefix(d.src[pos.Offset:], written) {
			e.End = pos.Offset + len(written)
			break
		}
	}
	d.err = e
}

// failAt sets the decoder's error at pos, unless it has one.
func (d *yamlDecoder) failAt(pos template.Pos, msg string) {
	if d.err == nil {
		d.err = yamlError(d.src, pos, msg)
	}
}

// grow accounts for size more units and fails when the budget is spent.
func (d *yamlDecoder) grow(n *yaml.Node, size int) bool {
	if !d.spend(size) {
		d.errorAt(n, tooLarge)
		return false
	}
	return true
}

// spend counts size more units against the budget and reports whether
// they are within it.
func (d *yamlDecoder) spend(size int) bool {
	d.size += size
	return d.size <= d.budget
}

const tooLarge = "the YAML is too large once its aliases are expanded"

// value decodes node n found at JSON Pointer ptr, returning the value and
// its size (nodes plus scalar bytes). After an error it returns null; the
// error is in d.err.
func (d *yamlDecoder) value(n *yaml.Node, ptr string, depth int) (template.Value, int) {
	switch {
	case d.err != nil:
		return template.Value{}, 0
	case n == nil:
		return template.Value{}, 1
	}
	if msg := d.limit(ptr, depth); msg != "" {
		d.errorAt(n, msg)
		return template.Value{}, 0
	}
	if d.unplaced(ptr) {
		// An alias's value is written at its anchor, where its leaves'
		// tags are.
		at := n
		if n.Kind == yaml.AliasNode && n.Alias != nil {
			at = n.Alias
		}
		d.places.values[ptr] = place{pos: d.valueStart(at), style: nodeStyle(at)}
	}
	if n.Kind == yaml.AliasNode {
		a, ok := d.anchors[n.Alias]
		switch {
		case !ok || n.Alias == nil:
			d.errorAt(n, "unknown anchor "+strconv.Quote(n.Value)+" (an alias must follow its anchor)")
			return template.Value{}, 0
		case !a.decoded:
			d.errorAt(n, "alias *"+n.Value+" refers to the node it sits in")
			return template.Value{}, 0
		case !d.grow(n, a.size):
			return template.Value{}, 0
		}
		if d.places != nil {
			d.places.aliased = true
		}
		return a.value, a.size
	}
	if n.Anchor != "" {
		d.anchors[n] = anchored{}
	}
	v, size := d.node(n, ptr, depth)
	if n.Anchor != "" {
		d.anchors[n] = anchored{v, size, true}
	}
	return v, size
}

// limit is what a value at ptr, depth levels down, is past ("" when
// nothing), its pointer counted against the places' budget.
func (d *yamlDecoder) limit(ptr string, depth int) string {
	if depth > template.MaxJSONDepth {
		return "the YAML nests more than " + strconv.Itoa(template.MaxJSONDepth) + " levels deep"
	}
	if d.places != nil {
		if d.pointers -= len(ptr); d.pointers < 0 {
			return tooDeepKeys
		}
	}
	return ""
}

// unplaced reports whether the value at ptr is to be placed: the first
// time it is decoded, when places are kept.
func (d *yamlDecoder) unplaced(ptr string) bool {
	if d.places == nil {
		return false
	}
	_, seen := d.places.values[ptr]
	return !seen
}

// node decodes a node that is not an alias.
func (d *yamlDecoder) node(n *yaml.Node, ptr string, depth int) (template.Value, int) {
	tag := ""
	if n.Style&yaml.TaggedStyle != 0 {
		tag = n.Tag
	}
	switch n.Kind {
	case yaml.MappingNode, yaml.SequenceNode:
		want := "!!seq"
		if n.Kind == yaml.MappingNode {
			want = "!!map"
		}
		if tag != "" && tag != want {
			d.errorAt(n, "the tag "+tag+" does not fit a "+strings.TrimPrefix(want, "!!"))
			return template.Value{}, 0
		}
		if !d.grow(n, 1) {
			return template.Value{}, 0
		}
		if n.Kind == yaml.MappingNode {
			return d.mapping(n, ptr, depth)
		}
		elems := make([]template.Value, len(n.Content))
		size := 1
		for i, e := range n.Content {
			if d.err != nil {
				return template.Value{}, 0
			}
			v, s := d.value(e, appendIndex(ptr, i), depth+1)
			elems[i], size = v, size+s
		}
		return template.ArrayValue(elems), size
	case yaml.ScalarNode:
		if n.Style&yaml.JSONStyle != 0 {
			return d.jsonCollection(n, ptr, depth)
		}
		if !d.grow(n, 1+len(n.Value)) {
			return template.Value{}, 0
		}
		d.hiddenTag(n, ptr)
		return d.scalar(n, tag), 1 + len(n.Value)
	}
	d.errorAt(n, "unsupported YAML node")
	return template.Value{}, 0
}

func (d *yamlDecoder) mapping(n *yaml.Node, ptr string, depth int) (template.Value, int) {
	members := make([]template.Member, len(n.Content)/2)
	var keys keySet
	size := 1
	for i := range members {
		if d.err != nil {
			return template.Value{}, 0
		}
		keyNode, valueNode := n.Content[2*i], n.Content[2*i+1]
		key, ok := d.key(keyNode)
		if !ok {
			return template.Value{}, 0
		}
		if first := keys.first(members[:i], key); first >= 0 {
			d.duplicate(d.nodePos(keyNode), d.nodePos(n.Content[2*first]), key)
			return template.Value{}, 0
		}
		at := template.ChildPointer(ptr, key)
		if d.places != nil {
			d.places.keys[at] = d.nodePos(keyNode)
		}
		v, s := d.value(valueNode, at, depth+1)
		members[i] = template.Member{Key: key, Value: v}
		size += len(key) + s
	}
	return template.ObjectValue(members), size
}

// key returns a mapping key as text. Keys are never resolved: `1`, `yes`
// and `~` are the keys "1", "yes" and "~"; a plain `<<` is the key "<<"
// (merge keys are YAML 1.1).
func (d *yamlDecoder) key(n *yaml.Node) (string, bool) {
	if n.Kind == yaml.AliasNode {
		v, _ := d.value(n, "", 0)
		if d.err != nil {
			return "", false
		}
		if v.Kind() != template.Array && v.Kind() != template.Object {
			return v.Text(), true
		}
	} else if n.Kind == yaml.ScalarNode {
		if n.Anchor != "" {
			d.anchors[n] = anchored{template.StringValue(n.Value), 1 + len(n.Value), true}
		}
		return n.Value, true
	}
	if tmpl, at, ok := d.unquotedTemplate(n); ok {
		// {{x}} unquoted is a flow mapping whose key is the flow mapping {x}.
		e := &Error{engineError: *yamlError(d.src, at, "an unquoted template: YAML reads "+tmpl+" as a mapping; quote the template: \""+tmpl+"\""),
			Fix: string(template.AppendQuoted(nil, tmpl))}
		e.End = at.Offset + len(tmpl)
		e.SegStart, e.SegEnd = at.Offset, e.End
		d.err = e
		return "", false
	}
	d.errorAt(n, "a mapping key must be a scalar, not a collection")
	return "", false
}

// unquotedTemplate reports whether the collection key n is the inside of
// a template written without quotes, and that template and where it starts.
func (d *yamlDecoder) unquotedTemplate(n *yaml.Node) (string, template.Pos, bool) {
	off := d.nodePos(n).Offset
	if n.Kind != yaml.MappingNode || off < 1 || !strings.HasPrefix(d.src[off-1:], "{{") {
		return "", template.Pos{}, false
	}
	end := strings.Index(d.src[off:], "}}")
	if end < 0 || yamlLineEnd(d.src[off:off+end]) < end {
		return "", template.Pos{}, false
	}
	return d.src[off-1 : off+end+2], d.lines.pos(off - 1), true
}

// hiddenTag warns of a plain scalar whose line comment holds a tag: in
// `title: PR #{{pr.number}}` the " #" starts a YAML comment, and the value
// is "PR".
func (d *yamlDecoder) hiddenTag(n *yaml.Node, ptr string) {
	if d.places == nil || n.Kind != yaml.ScalarNode || n.Style != 0 || !strings.Contains(n.LineComment, "{{") {
		return
	}
	start := d.valueStart(n).Offset
	line := d.src[start:]
	line = line[:yamlLineEnd(line)]
	hash := strings.Index(line, " #")
	if hash < 0 {
		return
	}
	meant := strings.TrimRight(line, " \t\r")
	pos := d.lines.pos(start + hash + 1)
	if len(d.places.warnings) == maxWarnings {
		if d.unwarned == 0 {
			d.firstUnwarned = Warning{Pos: pos, End: start + len(meant), At: ptr, From: start, To: start}
		}
		d.unwarned++
		return
	}
	d.places.warnings = append(d.places.warnings, Warning{
		Pos: pos, End: start + len(meant), At: ptr,
		Msg:  "this comment hides a tag: the value is " + strconv.Quote(n.Value) + ", not " + strconv.Quote(meant) + "; quote the value",
		From: start, To: start + len(meant), Fix: string(template.AppendQuoted(nil, meant)),
	})
}

// yamlLineEnd is where the YAML line that s starts on ends: its first line
// break, as YAML reads them, or its end.
func yamlLineEnd(s string) int {
	if i := strings.IndexAny(s, "\r\n\u0085\u2028\u2029"); i >= 0 {
		return i
	}
	return len(s)
}

// maxWarnings caps the warnings a document keeps, as a phase caps its
// errors: past it they are only counted.
const maxWarnings = template.MaxErrors

// countUnwarned ends the warnings with one, where the first left out is,
// that says how many more there were; it has no fix.
func (d *yamlDecoder) countUnwarned() {
	if d.unwarned == 0 {
		return
	}
	noun := " more warnings"
	if d.unwarned == 1 {
		noun = " more warning"
	}
	more := d.firstUnwarned
	more.Msg = "and " + strconv.Itoa(d.unwarned) + noun + " from here on (a document shows at most " + strconv.Itoa(maxWarnings) + ")"
	d.places.warnings = append(d.places.warnings, more)
}

// scalar resolves a scalar by its explicit tag, or by the core schema when
// it is plain (unquoted and not a block scalar).
func (d *yamlDecoder) scalar(n *yaml.Node, tag string) template.Value {
	plain := n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle) == 0
	var want template.Kind
	switch tag {
	case "":
		if !plain {
			return template.StringValue(n.Value)
		}
		v, msg := resolvePlain(n.Value)
		if msg != "" {
			d.errorAt(n, msg)
		}
		return v
	case "!!str", "!":
		return template.StringValue(n.Value)
	case "!!int", "!!float":
		want = template.Number
	case "!!bool":
		want = template.Bool
	case "!!null":
		want = template.Null
	case "!!map", "!!seq":
		d.errorAt(n, "the tag "+tag+" does not fit a scalar")
		return template.Value{}
	default:
		d.errorAt(n, "unsupported YAML tag "+tag+" (YAML 1.2 core has !!str, !!int, !!float, !!bool, !!null, !!map and !!seq)")
		return template.Value{}
	}
	v, msg := resolvePlain(n.Value)
	switch {
	case msg != "":
		d.errorAt(n, msg)
	case v.Kind() != want:
		d.errorAt(n, tag+" does not fit "+strconv.Quote(n.Value))
	}
	return v
}

// resolvePlain resolves a plain scalar by the YAML 1.2 core schema. The
// message is set for the scalars JSON cannot hold (.inf, .nan).
func resolvePlain(s string) (template.Value, string) {
	switch s {
	case "", "~", "null", "Null", "NULL":
		return template.Value{}, ""
	case "true", "True", "TRUE":
		return template.BoolValue(true), ""
	case "false", "False", "FALSE":
		return template.BoolValue(false), ""
	case ".nan", ".NaN", ".NAN":
		return template.Value{}, s + " is not a number JSON can hold; quote it to keep it as text"
	}
	if inf := strings.TrimLeft(s, "+-"); len(s)-len(inf) <= 1 && (inf == ".inf" || inf == ".Inf" || inf == ".INF") {
		return template.Value{}, s + " is not a number JSON can hold; quote it to keep it as text"
	}
	if lit, ok := yamlNumber(s); ok {
		return template.NumberValue(lit), ""
	}
	return template.StringValue(s), ""
}

// yamlNumber returns the JSON literal of a core-schema number: JSON number
// text as it is, other forms (0x1F, 0o17, .5, +1, 01, 1.) in plain JSON
// form. Underscores between digits (1_000) are dropped, as YAML 1.1 allowed.
func yamlNumber(s string) (string, bool) {
	if template.ValidNumber(s) {
		return s, true
	}
	if strings.Contains(s, "_") {
		var ok bool
		if s, ok = dropDigitSeparators(s); !ok {
			return "", false
		}
		if template.ValidNumber(s) {
			return s, true
		}
	}
	if len(s) > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'o') {
		base := 16
		if s[1] == 'o' {
			base = 8
		}
		n, ok := new(big.Int).SetString(s[2:], base)
		if !ok || strings.ContainsAny(s[2:], "+-_") {
			return "", false
		}
		return n.String(), true
	}
	return decimalNumber(s)
}

// dropDigitSeparators removes underscores that sit between two digits; any
// other underscore means s is not a number.
func dropDigitSeparators(s string) (string, bool) {
	isDigit := func(c byte) bool { return c >= '0' && c <= '9' }
	if strings.HasPrefix(s, "0x") {
		isDigit = func(c byte) bool { return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }
	}
	for i := 0; i < len(s); i++ {
		if s[i] == '_' && (i == 0 || i == len(s)-1 || !isDigit(s[i-1]) || !isDigit(s[i+1])) {
			return "", false
		}
	}
	return strings.ReplaceAll(s, "_", ""), true
}

// decimalNumber matches the core int and float forms
// [-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)? and writes them as JSON.
func decimalNumber(s string) (string, bool) {
	var b strings.Builder
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		if s[i] == '-' {
			b.WriteByte('-')
		}
		i++
	}
	digits := func() string {
		start := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		return s[start:i]
	}
	whole := digits()
	var frac string
	dot := i < len(s) && s[i] == '.'
	if dot {
		i++
		frac = digits()
	}
	if whole == "" && frac == "" {
		return "", false
	}
	whole = strings.TrimLeft(whole, "0")
	if whole == "" {
		whole = "0"
	}
	b.WriteString(whole)
	if dot {
		if frac == "" {
			frac = "0"
		}
		b.WriteString("." + frac)
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		b.WriteByte(s[i])
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			b.WriteByte(s[i])
			i++
		}
		exp := digits()
		if exp == "" {
			return "", false
		}
		b.WriteString(exp)
	}
	if i != len(s) {
		return "", false
	}
	return b.String(), true
}
