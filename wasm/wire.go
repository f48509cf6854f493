package main

// The request and the response of one call, as engine.js and the module
// exchange them through the module's memory.
//
// A request is the call's strings (a template, a root's name and JSON
// text...), UTF-8, one after the other, and then, from the next multiple of
// 4 bytes, its header: 32-bit little-endian words, the strings' byte
// lengths (count, length, length...), then the function's name and the
// arguments, each value written as a code (an ASCII letter) and, for some,
// a word after it:
//
//	t <i>            the i-th string
//	n T F #          null, true, false, a number (only its type matters)
//	[ <count> ...    an array and its elements
//	{ <count> ...    an object and its keys (strings) and values, in turns
//	u B S f o a      undefined, a BigInt, a Symbol, a function, and an
//	                 object or an array of which only the type matters
//
// The usual call, a render or renderShape of a text with roots {name, text}
// and no options, is written shorter: R and the words usual reads.
//
// The response is the call's result object as JSON (runPlan's is the
// plan's outcome), or {"error": "TypeError" or "Error", "message": ...};
// but a result with a value, which
// most calls give, is its texts as they are (JSON would escape each, and
// engine.js unescape it again), those that are not the others:
//
//	=<flags><kind><length><length><texts>
//
// flags is a byte: 1 the result is typed, 2 its JSON is its text quoted; kind
// the value's template.Kind (a byte); then two lengths in bytes, 4 bytes
// little endian each, of the texts that follow. A string's texts are its
// JSON (unless flags has 2) and its text; another value's are its JSON
// (which is its text too) and, for an array or an object, its display. A
// typed string displays as its JSON, mixed text as its text, another
// scalar as its JSON. engine.js makes the object of them (the engine's
// version is the same in every result: the version call gives it). Both
// stay in buffers the module keeps, so that a page's calls allocate little
// and grow nothing.

import (
	"errors"
	"strconv"
	"unsafe"

	"github.com/splicedev/splice/internal/display"
	"github.com/splicedev/splice/template"
)

// function returns the API's function called name; fullOnly those of
// engine-full.wasm alone.
func function(name string) func([]jsValue) (result, error) {
	switch name {
	case "render":
		return render
	case "renderShape":
		return renderShape
	case "check":
		return check
	case "version":
		return versions
	}
	return fullOnly(name)
}

// versions is the version call: the build's version and the engine's,
// which every result names.
func versions([]jsValue) (result, error) {
	return object{{"version", version}, {"engine", template.Version}}, nil
}

// answer runs the request in req: its texts take the first textsSize
// bytes, its header's tokenCount words start at the next multiple of 4.
// It appends its response to dst. The request's texts are read where they
// are: nothing may keep them past the call but a copy. The first keptSize
// bytes of texts are the last request's, which engine.js did not write
// again (see unchanged).
func answer(dst, req []byte, textsSize, tokenCount, keptSize int) []byte {
	unchanged.seq++
	unchanged.from, unchanged.to = 0, 0
	if keptSize > 0 && keptSize <= textsSize && textsSize <= len(req) {
		unchanged.from = uintptr(unsafe.Pointer(unsafe.SliceData(req)))
		unchanged.to = unchanged.from + uintptr(keptSize)
	}
	out, err := guard(func([]jsValue) (result, error) {
		d := &request
		if err := d.start(req, textsSize, tokenCount); err != nil {
			return nil, err
		}
		if out, ok := d.usual(); ok {
			return out, nil
		}
		fn, args, err := d.call()
		if err != nil {
			return nil, err
		}
		return fn(args)
	}, nil)
	switch err.(type) {
	case nil:
		return out.appendResponse(dst)
	case *usageError:
		return appendJSON(dst, object{{"error", "TypeError"}, {"message", err.Error()}})
	default:
		return appendJSON(dst, object{{"error", "Error"}, {"message", err.Error()}})
	}
}

// unchanged is the memory of the request being answered that engine.js
// did not write for it, [from, to): the texts there are byte for byte those
// of the request before, the seq-th. (Each request's is numbered.)
var unchanged struct {
	from, to uintptr
	seq      uint64
}

// textView is where a text was read: in the memory of the seq-th request,
// when there.
type textView struct {
	p   uintptr
	n   int
	seq uint64
}

func viewOf(text string) textView {
	return textView{uintptr(unsafe.Pointer(unsafe.StringData(text))), len(text), unchanged.seq}
}

// again reports whether text is the text of v, in the request after v's,
// read in the same memory, which engine.js did not write since: a text
// found again without comparing its bytes.
func (v textView) again(text string) bool {
	p := uintptr(unsafe.Pointer(unsafe.StringData(text)))
	return v.seq+1 == unchanged.seq && p == v.p && len(text) == v.n && p >= unchanged.from && p+uintptr(len(text)) <= unchanged.to
}

// start reads a request's texts. They are read where they are, in the
// request's memory, which the next request overwrites: what the call keeps
// of them it copies.
func (d *wireDecoder) start(req []byte, textsSize, tokenCount int) error {
	header := (textsSize + 3) &^ 3
	if textsSize < 0 || tokenCount < 0 || header > len(req) || tokenCount > (len(req)-header)/4 {
		return errors.New("splice: a request's header is out of its bounds")
	}
	*d = wireDecoder{texts: d.texts[:0], nodes: d.nodes[:0], args: d.args}
	if tokenCount > 0 {
		d.tokens = unsafe.Slice((*int32)(unsafe.Pointer(&req[header])), tokenCount)
	}
	rest, w := req[:textsSize], d.tokens
	if len(w) == 0 || w[0] < 0 || int(w[0]) >= len(w) {
		d.fail()
		return nil
	}
	n := int(w[0])
	for _, size := range w[1 : 1+n] {
		if size < 0 || int(size) > len(rest) {
			d.fail()
			return nil
		}
		d.texts = append(d.texts, unsafe.String(unsafe.SliceData(rest), size))
		rest = rest[size:]
	}
	d.pos = 1 + n
	return nil
}

// usual answers the usual call at once: render or renderShape of a text
// with roots given as {name, text} and no options, whose header engine.js
// writes as
//
//	R <0: render, 1: renderShape> <source> <name> <text> <name> <text>...
//
// every word after the second a text's index. ok is false for any other
// header, which call reads.
func (d *wireDecoder) usual() (out result, ok bool) {
	w, texts := d.tokens[d.pos:], d.texts
	if len(w) < 3 || len(w)%2 == 0 || w[0] != 'R' || uint32(w[1]) > 1 {
		return nil, false
	}
	for _, i := range w[2:] {
		if uint32(i) >= uint32(len(texts)) {
			return nil, false
		}
	}
	// A root's name is most often the last call's, kept already.
	last, roots := rootArgs, rootArgs[:0]
	for r := w[3:]; len(r) > 0; r = r[2:] {
		name := texts[r[0]]
		if i := len(roots); i < len(last) && last[i].name == name {
			name = last[i].name
		} else {
			name = keptName(name)
		}
		roots = append(roots, rootArg{name: name, text: texts[r[1]], has: true})
	}
	rootArgs = roots
	c, rep, src := templates, reply{}, texts[w[2]]
	if w[1] == 1 {
		c, rep = shapes, reply{doc: src}
	}
	return runWith(c.get(src).(*loaded), rep, roots, options{mode: "template"}), true
}

// call reads the rest of a request: the function it calls and the
// arguments.
func (d *wireDecoder) call() (func([]jsValue) (result, error), []jsValue, error) {
	d.nodes = append(d.nodes, wireValue{}, wireValue{})
	d.value(0, 0)
	d.value(1, 0)
	if d.bad || d.pos != len(d.tokens) || d.nodes[1].typ != jsArray {
		return nil, nil, errors.New("splice: a request's header is malformed at word " + strconv.Itoa(d.pos))
	}
	fn := function(d.nodes[0].str)
	if fn == nil {
		return nil, nil, errors.New("splice: no function " + string(template.AppendQuoted(nil, d.nodes[0].str)))
	}
	args := d.args[:0]
	for i := range d.nodes[1].n {
		args = append(args, &d.nodes[d.nodes[1].first+i])
	}
	d.args = args
	return fn, args, nil
}

// request decodes each call's request into the same memory.
var request wireDecoder

// wireDecoder reads a request's header into nodes, where the elements of
// an array (an object's keys and values, in turns) follow one another.
type wireDecoder struct {
	tokens []int32
	pos    int
	bad    bool
	texts  []string
	nodes  []wireValue
	args   []jsValue // the arguments, nodes of the call's array
}

// wireValue is a value of a request.
type wireValue struct {
	_        noCompare
	typ      jsType
	str      string // a string
	first, n int    // an array's elements, an object's keys and values: nodes[first:first+n]
	d        *wireDecoder
}

// maxWireDepth bounds the nesting of a header: engine.js writes three
// levels at most.
const maxWireDepth = 8

var wireTypes = [...]jsType{'n': jsNull, 'T': jsBoolean, 'F': jsBoolean, '#': jsNumber, 'u': jsUndefined,
	'B': jsBigInt, 'S': jsSymbol, 'f': jsFunction, 'o': jsObject, 'a': jsArray, 't': jsString, '[': jsArray, '{': jsObject}

// value reads the value at the header's position into nodes[at].
func (d *wireDecoder) value(at, depth int) {
	if d.pos >= len(d.tokens) || depth > maxWireDepth {
		d.fail()
		return
	}
	c := d.tokens[d.pos]
	d.pos++
	v := wireValue{d: d}
	if c >= 0 && int(c) < len(wireTypes) {
		v.typ = wireTypes[c]
	}
	switch c {
	case 'T':
		v.str = "true" // Bool reads it
	case 't':
		if i := d.count(); i < len(d.texts) {
			v.str = d.texts[i]
		} else {
			d.fail()
		}
	case '[', '{':
		v.n = d.count()
		if c == '{' {
			v.n *= 2
		}
		if v.n > len(d.tokens)-d.pos {
			d.fail()
			return
		}
		v.first = len(d.nodes)
		d.nodes = append(d.nodes, make([]wireValue, v.n)...)
		for i := range v.n {
			d.value(v.first+i, depth+1)
		}
	case 'n', 'F', '#', 'u', 'B', 'S', 'f', 'o', 'a':
	default:
		d.fail()
	}
	d.nodes[at] = v
}

// count reads a count, a length or an index: a word from 0 up.
func (d *wireDecoder) count() int {
	if d.pos >= len(d.tokens) || d.tokens[d.pos] < 0 {
		d.fail()
		return 0
	}
	d.pos++
	return int(d.tokens[d.pos-1])
}

func (d *wireDecoder) fail() {
	d.bad = true
	d.pos = len(d.tokens)
}

func (w *wireValue) Type() jsType { return w.typ }

func (w *wireValue) Get(key string) jsValue {
	if w.typ == jsObject {
		for i := w.first; i < w.first+w.n; i += 2 {
			if w.d.nodes[i].str == key {
				return &w.d.nodes[i+1]
			}
		}
	}
	return undefined{}
}

func (w *wireValue) Len() int {
	if w.typ != jsArray {
		return 0
	}
	return w.n
}

func (w *wireValue) Index(i int) jsValue {
	if w.typ != jsArray || i < 0 || i >= w.n {
		return undefined{}
	}
	return &w.d.nodes[w.first+i]
}

func (w *wireValue) String() string { return w.str }
func (w *wireValue) Bool() bool     { return w.str == "true" }

func (w *wireValue) Keys() []string {
	if w.typ != jsObject {
		return nil
	}
	keys := make([]string, 0, w.n/2)
	for i := w.first; i < w.first+w.n; i += 2 {
		keys = append(keys, w.d.nodes[i].str)
	}
	return keys
}

// appendJSON appends a result object, or one of its values, as JSON.
func appendJSON(dst []byte, v any) []byte {
	switch v := v.(type) {
	case nil:
		return append(dst, "null"...)
	case bool:
		return strconv.AppendBool(dst, v)
	case int:
		return strconv.AppendInt(dst, int64(v), 10)
	case string:
		return template.AppendQuoted(dst, v)
	case []string:
		dst = append(dst, '[')
		for i, s := range v {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = template.AppendQuoted(dst, s)
		}
		return append(dst, ']')
	case object:
		dst = append(dst, '{')
		for i, p := range v {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = append(template.AppendQuoted(dst, p.Key), ':')
			dst = appendJSON(dst, p.Value)
		}
		return append(dst, '}')
	case []object:
		dst = append(dst, '[')
		for i, o := range v {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendJSON(dst, o)
		}
		return append(dst, ']')
	}
	panic("splice: no JSON for a result's value")
}

// The flags of a response with a value.
const (
	responseTyped  = 1
	responseQuoted = 2
)

func (r *value) appendResponse(dst []byte) []byte {
	kind := r.v.Kind()
	flags := byte(0)
	if r.typed {
		flags = responseTyped
	}
	start := len(dst)
	dst = append(dst, '=', flags, byte(kind), 0, 0, 0, 0, 0, 0, 0, 0)
	first := len(dst)
	dst = r.v.AppendJSON(dst)
	second := len(dst)
	switch kind {
	case template.String:
		s := r.v.Str()
		if second-first == len(s)+2 { // nothing escaped
			dst = append(dst[:first], s...)
			dst[start+1] |= responseQuoted
			second = len(dst)
		} else {
			dst = append(dst, s...)
		}
	case template.Array, template.Object:
		dst = display.AppendJSON(dst, r.v)
	}
	for i, n := range [...]int{second - first, len(dst) - second} {
		for j := range 4 {
			dst[start+3+4*i+j] = byte(n >> (8 * j))
		}
	}
	return dst
}
