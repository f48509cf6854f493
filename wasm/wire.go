package main

// The request and the response of one call, as engine.js and the module
// exchange them through the module's memory.
//
// A request is the call's strings (a template, a root's name and JSON
// text...), UTF-8, one after the other, and then its header, ASCII: the
// strings' byte lengths, "count;length;length;...;", then the function's
// name and the arguments, each value written as
//
//	t<i>;            the i-th string
//	n T F #          null, true, false, a number (only its type matters)
//	[<count>;...     an array and its elements
//	{<count>;...     an object and its keys (strings) and values, in turns
//	u B S f o a      undefined, a BigInt, a Symbol, a function, and an
//	                 object or an array of which only the type matters
//
// The response is the call's result object as JSON, or {"error":
// "TypeError" or "Error", "message": ...}; but a result with a value, which
// most calls give, is its texts as they are (JSON would escape each, and
// engine.js unescape it again):
//
//	=<typed: T or F><lengths><json><text><type><display><engine>
//
// each text's length in bytes in 4 bytes, little endian, of which
// engine.js makes the object (see value). Both stay in buffers the module keeps, so that a page's calls
// allocate little and grow nothing.

import (
	"errors"
	"strconv"
	"unsafe"

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
		return func([]jsValue) (result, error) { return object{{"version", version}}, nil }
	}
	return fullOnly(name)
}

// answer runs the request in req, whose last headerSize bytes are its
// header, and appends its response to dst. The request's texts are read
// where they are: nothing may keep them past the call but a copy.
func answer(dst, req []byte, headerSize int) []byte {
	out, err := guard(func([]jsValue) (result, error) {
		fn, args, err := decodeRequest(req, headerSize)
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

// decodeRequest reads a request. Its strings are read where they are, in
// the request's memory, which the next request overwrites: what the call
// keeps of them it copies.
func decodeRequest(req []byte, headerSize int) (func([]jsValue) (result, error), []jsValue, error) {
	if headerSize < 0 || headerSize > len(req) {
		return nil, nil, errors.New("splice: a request's header is out of its bounds")
	}
	d := &request
	*d = wireDecoder{src: unsafe.String(unsafe.SliceData(req[len(req)-headerSize:]), headerSize), texts: d.texts[:0], nodes: d.nodes[:0], args: d.args}
	rest := req[:len(req)-headerSize]
	for range d.count() {
		size := d.count()
		if size > len(rest) {
			d.fail()
			break
		}
		d.texts = append(d.texts, unsafe.String(unsafe.SliceData(rest), size))
		rest = rest[size:]
	}
	d.nodes = append(d.nodes, wireValue{}, wireValue{})
	d.value(0, 0)
	d.value(1, 0)
	if d.bad || d.pos != len(d.src) || d.nodes[1].typ != jsArray {
		return nil, nil, errors.New("splice: a request's header is malformed at byte " + strconv.Itoa(d.pos))
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
	src   string
	pos   int
	bad   bool
	texts []string
	nodes []wireValue
	args  []jsValue // the arguments, nodes of the call's array
}

// wireValue is a value of a request.
type wireValue struct {
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
	if d.pos >= len(d.src) || depth > maxWireDepth {
		d.fail()
		return
	}
	c := d.src[d.pos]
	d.pos++
	v := wireValue{d: d}
	if int(c) < len(wireTypes) {
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
		if v.n > len(d.src)-d.pos {
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

// count reads a number and its ';'.
func (d *wireDecoder) count() int {
	n := 0
	start := d.pos
	for d.pos < len(d.src) && d.src[d.pos] >= '0' && d.src[d.pos] <= '9' && d.pos-start < 10 {
		n = n*10 + int(d.src[d.pos]-'0')
		d.pos++
	}
	if d.pos == start || d.pos >= len(d.src) || d.src[d.pos] != ';' {
		d.fail()
		return 0
	}
	d.pos++
	return n
}

func (d *wireDecoder) fail() {
	d.bad = true
	d.pos = len(d.src)
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

// responseTexts holds a value's texts while its response is written.
var responseTexts []byte

func (r *value) appendResponse(dst []byte) []byte {
	texts, ends := r.appendTexts(responseTexts[:0])
	responseTexts = texts
	dst = append(dst, '=', 'F')
	if r.typed {
		dst[len(dst)-1] = 'T'
	}
	start := 0
	for _, end := range ends {
		n := end - start
		dst = append(dst, byte(n), byte(n>>8), byte(n>>16), byte(n>>24))
		start = end
	}
	return append(dst, texts...)
}
