package main

// The request and the response of one call, as engine.js and the module
// exchange them through the module's memory.
//
// A request is the call's texts (a template, a shape, a root's JSON...),
// UTF-8, one after the other, and then its header, JSON:
//
//	{"fn": "render", "texts": [byte length of each text], "args": [...]}
//
// args are the call's arguments as JSON, except that an object
// {"\u0000": i} stands for the i-th text, and {"\u0000": "BigInt"} for a
// value JSON cannot hold, which only its type matters for (engine.js makes
// every object of args itself, so no argument of the page's takes that
// form). The response is the call's result object as JSON, or
// {"error": "TypeError" or "Error", "message": ...}.

import (
	"errors"
	"strconv"
	"unsafe"

	"github.com/splicedev/splice/template"
)

// functions are the API's functions by name.
var functions = map[string]func([]jsValue) (object, error){
	"render":      render,
	"renderShape": renderShape,
	"runTool":     runTool,
	"check":       check,
	"version":     func([]jsValue) (object, error) { return object{{"version", version}}, nil },
}

func init() {
	for name, fn := range fullOnly {
		functions[name] = fn
	}
}

// answer runs the request in req, whose last headerSize bytes are its
// header, and appends its response to dst. The request's texts are read
// where they are: nothing may keep them past the call but a copy.
func answer(dst, req []byte, headerSize int) []byte {
	out, err := guard(func([]jsValue) (object, error) {
		fn, args, err := decodeRequest(req, headerSize)
		if err != nil {
			return nil, err
		}
		return fn(args)
	}, nil)
	switch err.(type) {
	case nil:
		return appendJSON(dst, out)
	case *usageError:
		return appendJSON(dst, object{{"error", "TypeError"}, {"message", err.Error()}})
	default:
		return appendJSON(dst, object{{"error", "Error"}, {"message", err.Error()}})
	}
}

// decodeRequest reads a request's header and finds its texts.
func decodeRequest(req []byte, headerSize int) (func([]jsValue) (object, error), []jsValue, error) {
	if headerSize < 0 || headerSize > len(req) {
		return nil, nil, errors.New("splice: a request's header is out of its bounds")
	}
	header, err := template.ParseJSON(req[len(req)-headerSize:])
	if err != nil {
		return nil, nil, errors.New("splice: a request's header is not JSON: " + err.Error())
	}
	name, _ := header.Lookup("fn")
	fn := functions[name.Str()]
	if fn == nil {
		return nil, nil, errors.New("splice: no function " + string(template.AppendQuoted(nil, name.Str())))
	}
	lengths, _ := header.Lookup("texts")
	texts := make([]string, lengths.Len())
	at := 0
	for i := range texts {
		n, _ := lengths.Index(i)
		size, err := strconv.Atoi(n.Str())
		if err != nil || size < 0 || at+size > len(req)-headerSize {
			return nil, nil, errors.New("splice: a request's texts are out of its bounds")
		}
		texts[i] = unsafe.String(unsafe.SliceData(req[at:]), size)
		at += size
	}
	list, _ := header.Lookup("args")
	args := make([]jsValue, list.Len())
	for i := range args {
		v, _ := list.Index(i)
		args[i] = wireValue{v, texts}
	}
	return fn, args, nil
}

// wireValue is an argument as the request holds it.
type wireValue struct {
	v     template.Value
	texts []string
}

// tagKey is the key of the objects that stand for a text or a type.
const tagKey = "\x00"

// tag returns what an object {"\u0000": ...} holds.
func (w wireValue) tag() (template.Value, bool) {
	if w.v.Kind() != template.Object || w.v.Len() != 1 {
		return template.Value{}, false
	}
	return w.v.Lookup(tagKey)
}

func (w wireValue) Type() jsType {
	switch w.v.Kind() {
	case template.Null:
		return jsNull
	case template.Bool:
		return jsBoolean
	case template.Number:
		return jsNumber
	case template.String:
		return jsString
	case template.Array:
		return jsArray
	}
	tag, ok := w.tag()
	switch {
	case !ok:
		return jsObject
	case tag.Kind() == template.Number:
		return jsString
	}
	for t, name := range jsTypeNames {
		if name == tag.Str() {
			return jsType(t)
		}
	}
	return jsObject
}

func (w wireValue) Get(key string) jsValue {
	if _, tagged := w.tag(); tagged || w.v.Kind() != template.Object {
		return undefined{}
	}
	v, ok := w.v.Lookup(key)
	if !ok {
		return undefined{}
	}
	return wireValue{v, w.texts}
}

func (w wireValue) Len() int { return w.v.Len() }

func (w wireValue) Index(i int) jsValue {
	v, ok := w.v.Index(i)
	if !ok {
		return undefined{}
	}
	return wireValue{v, w.texts}
}

func (w wireValue) String() string {
	if tag, ok := w.tag(); ok && tag.Kind() == template.Number {
		if i, err := strconv.Atoi(tag.Str()); err == nil && i >= 0 && i < len(w.texts) {
			return w.texts[i]
		}
		return ""
	}
	return w.v.Str()
}

func (w wireValue) Bool() bool { return w.v.Bool() }

func (w wireValue) Keys() []string {
	if w.Type() != jsObject {
		return nil
	}
	return w.v.Keys()
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
