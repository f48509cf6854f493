//go:build js && wasm

package main

import (
	"syscall/js"
)

func main() {
	splice := js.Global().Get("splice")
	if splice.Type() != js.TypeObject {
		splice = js.Global().Get("Object").New()
		js.Global().Set("splice", splice)
	}
	splice.Set("render", export(render))
	splice.Set("renderShape", export(renderShape))
	splice.Set("runTool", export(runTool))
	splice.Set("check", export(check))
	for name, fn := range fullOnly {
		splice.Set(name, export(fn))
	}
	splice.Set("version", version)
	// engine.js hands each module an object of its own and makes
	// splice.ready itself; a page that loads the module by hand gets a
	// settled one.
	if splice.Get("ready").IsUndefined() {
		splice.Set("ready", js.Global().Get("Promise").Call("resolve", splice))
	}
	select {}
}

// export wraps an API function: it converts the arguments and the result
// object. A misuse comes back as a TypeError object and a panic as an Error,
// not thrown: a Go callback cannot throw (a panic would stop the module), so
// engine.js rejects the call's promise with what it returns.
func export(fn func([]jsValue) (object, error)) js.Func {
	return js.FuncOf(func(_ js.Value, args []js.Value) any {
		in := make([]jsValue, len(args))
		for i, a := range args {
			in[i] = value{a}
		}
		out, err := guard(fn, in)
		switch err.(type) {
		case *usageError:
			return js.Global().Get("TypeError").New(err.Error())
		case nil:
		default:
			return js.Global().Get("Error").New(err.Error())
		}
		return toJS(out)
	})
}

// toJS converts a result object and its properties to JavaScript.
func toJS(v any) any {
	switch v := v.(type) {
	case object:
		o := js.Global().Get("Object").New()
		for _, p := range v {
			o.Set(p.Key, toJS(p.Value))
		}
		return o
	case []object:
		a := js.Global().Get("Array").New(len(v))
		for i, e := range v {
			a.SetIndex(i, toJS(e))
		}
		return a
	case []string:
		a := js.Global().Get("Array").New(len(v))
		for i, s := range v {
			a.SetIndex(i, s)
		}
		return a
	}
	return v // nil, bool, int, string: js.ValueOf converts them
}

// value is a jsValue backed by syscall/js.
type value struct{ v js.Value }

var (
	isArray   = js.Global().Get("Array").Get("isArray")
	stringify = js.Global().Get("JSON").Get("stringify")
)

// Type tells the value's type. syscall/js panics on a BigInt, the one type
// it does not know, and Array.isArray throws on a revoked proxy: t holds
// what a panic at each point means.
func (v value) Type() (t jsType) {
	defer func() { recover() }()
	t = jsBigInt
	switch v.v.Type() {
	case js.TypeUndefined:
		return jsUndefined
	case js.TypeNull:
		return jsNull
	case js.TypeBoolean:
		return jsBoolean
	case js.TypeNumber:
		return jsNumber
	case js.TypeString:
		return jsString
	case js.TypeSymbol:
		return jsSymbol
	case js.TypeFunction:
		return jsFunction
	}
	t = jsObject
	if isArray.Invoke(v.v).Bool() {
		return jsArray
	}
	return jsObject
}

func (v value) Get(key string) jsValue {
	if v.v.Type() != js.TypeObject {
		return value{js.Undefined()}
	}
	return value{v.v.Get(key)}
}

func (v value) Len() int            { return v.v.Length() }
func (v value) Index(i int) jsValue { return value{v.v.Index(i)} }
func (v value) Contents() string    { return v.v.String() }
func (v value) Bool() bool          { return v.v.Bool() }

// JSON calls JSON.stringify, which throws on a cycle or a bigint and gives
// undefined for values without a JSON form.
func (v value) JSON() (text string, ok bool) {
	defer func() {
		if recover() != nil {
			text, ok = "", false
		}
	}()
	s := stringify.Invoke(v.v)
	if s.Type() != js.TypeString {
		return "", false
	}
	return s.String(), true
}
