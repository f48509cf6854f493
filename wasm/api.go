// Command engine is the Splice engine behind a small JavaScript API, for
// docs pages that render examples without the playground. It is built twice:
// web/engine.wasm with -tags splice_lite (templates and JSON shapes; YAML and
// tools report that they need the full engine) and web/engine-full.wasm.
//
// It sets globalThis.splice = {render, renderShape, runTool, check, version,
// ready}. Every call returns a plain object
//
//	{ok, json, text, type, errors: [{kind, phase, message, line, column,
//	 offset, path, available, suggestion, at}]}
//
// and never fails for bad input; only a misuse of the API (an argument of
// the wrong type) returns a JavaScript TypeError, and a panic an Error.
// engine.js turns the calls into promises over both builds, rejecting with
// such an error, and hands the engine the page's values as JSON text.
//
// This file holds the whole API against jsValue, a small view of a
// JavaScript value, so that it is tested on the host; main_js.go is the glue
// to syscall/js.
package main

import (
	"errors"
	"slices"
	"strconv"

	"github.com/splicedev/splice/reshape"
	"github.com/splicedev/splice/template"
)

// version is the engine's version, set at build time with
// -ldflags="-X main.version=...".
var version = "devel"

// jsType is the type of a JavaScript value as the API tells them apart.
type jsType uint8

const (
	jsUndefined jsType = iota
	jsNull
	jsBoolean
	jsNumber
	jsString
	jsArray
	jsObject
	jsBigInt
	jsSymbol
	jsFunction
)

var jsTypeNames = [...]string{"undefined", "null", "boolean", "number", "string", "array", "object", "BigInt", "Symbol", "function"}

func (t jsType) String() string { return jsTypeNames[t] }

// jsValue is the part of a JavaScript value the API reads.
type jsValue interface {
	Type() jsType
	// Get returns a property of an object, undefined when absent.
	Get(key string) jsValue
	// Len and Index read an array.
	Len() int
	Index(i int) jsValue
	// String returns the contents of a string; Bool the value of a boolean.
	String() string
	Bool() bool
	// JSON returns JSON.stringify of the value, or false when the value has
	// no JSON form (undefined, a function, a cycle, a bigint).
	JSON() (string, bool)
}

// usageError is a misuse of the API: the glue throws it as a TypeError.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func misuse(where, want string, got jsValue) error {
	return &usageError{"splice: " + where + " must be " + want + ", not " + got.Type().String()}
}

// guard calls fn and turns a panic into an error: a panic in a Go callback
// would end the program, and with it every later call on the page.
func guard(fn func([]jsValue) (object, error), args []jsValue) (out object, err error) {
	defer func() {
		if r := recover(); r != nil {
			msg := "panic"
			switch r := r.(type) {
			case error:
				msg = r.Error()
			case string:
				msg = r
			}
			out, err = nil, errors.New("splice: internal error: "+msg)
		}
	}()
	return fn(args)
}

// object is a JavaScript object under construction, its properties in order.
// Values are nil (null), bool, int, string, []string, object or []object.
type object []property

type property struct {
	Key   string
	Value any
}

// Get returns the value of the property key, for tests and the glue alike.
func (o object) Get(key string) any {
	for _, p := range o {
		if p.Key == key {
			return p.Value
		}
	}
	return nil
}

// outcome is what a call produced: a value or the errors that stopped it.
// A check produces no value either way.
type outcome struct {
	value     template.Value
	errors    []object
	checkOnly bool
}

// object returns the result object a call hands back to JavaScript.
func (o outcome) object() object {
	if len(o.errors) > 0 || o.checkOnly {
		errs := o.errors
		if errs == nil {
			errs = []object{}
		}
		return object{{"ok", len(errs) == 0}, {"json", nil}, {"text", nil}, {"type", nil}, {"errors", errs}}
	}
	return object{
		{"ok", true},
		{"json", o.value.JSON()},
		{"text", o.value.Text()},
		{"type", o.value.Kind().String()},
		{"errors", []object{}},
	}
}

// errorObjects turns err into error objects. An error that carries no typed
// errors becomes one error of kind fallback without a position.
func errorObjects(err error, fallback template.ErrorKind, phase template.Phase) []object {
	if err == nil {
		return nil
	}
	list := template.Errors(err)
	if list == nil {
		list = template.ErrorList{{Kind: fallback, Phase: phase, Msg: err.Error()}}
	}
	objs := make([]object, len(list))
	for i, e := range list {
		objs[i] = errorObject(e)
	}
	return objs
}

func errorObject(e *template.Error) object {
	var line, column, offset any // null when the error has no position
	if e.Pos.Line > 0 {
		line, column, offset = e.Pos.Line, e.Pos.Column, e.Pos.Offset
	}
	var doc any // a shape leaf's place in the shape's text, null without one
	if e.Doc.Line > 0 {
		doc = object{{"line", e.Doc.Line}, {"column", e.Doc.Column}, {"offset", e.Doc.Offset}}
	}
	available := e.Available
	if available == nil {
		available = []string{}
	}
	return object{
		{"kind", e.Kind.String()},
		{"phase", e.Phase.String()},
		{"message", e.Msg},
		{"line", line},
		{"column", column},
		{"offset", offset},
		{"path", e.Path},
		{"available", available},
		{"more", e.More},
		{"suggestion", e.Suggestion},
		{"at", e.At},
		{"doc", doc},
	}
}

// rootArg is one root as the caller gave it: a name and its JSON text.
type rootArg struct {
	name string
	text string
	has  bool // whether a value or text was given at all
}

// decodeRoots reads the roots argument: an array of {name, value} or
// {name, text}, in step order; undefined or null for none.
func decodeRoots(v jsValue) ([]rootArg, error) {
	switch v.Type() {
	case jsUndefined, jsNull:
		return nil, nil
	case jsArray:
	default:
		return nil, misuse("roots", "an array of {name, value} or {name, text}", v)
	}
	roots := make([]rootArg, v.Len())
	for i := range roots {
		where := "roots[" + strconv.Itoa(i) + "]"
		r := v.Index(i)
		if r.Type() != jsObject {
			return nil, misuse(where, "an object {name, value} or {name, text}", r)
		}
		name := r.Get("name")
		if name.Type() != jsString {
			return nil, misuse(where+".name", "a string", name)
		}
		roots[i].name = name.String()
		switch text, value := r.Get("text"), r.Get("value"); {
		case text.Type() == jsString:
			roots[i].text, roots[i].has = text.String(), true
		case text.Type() != jsUndefined:
			return nil, misuse(where+".text", "a string of JSON", text)
		case value.Type() != jsUndefined:
			s, ok := value.JSON()
			if !ok {
				return nil, misuse(where+".value", "a JSON value", value)
			}
			roots[i].text, roots[i].has = s, true
		}
	}
	return roots, nil
}

// options are the third argument of render, renderShape and check.
type options struct {
	later     []string
	branch    map[string]string // step id → its decide step, for steps of a branch this one is not in
	iteration bool
	mode      string // check only: "template", "shape" or "tool"
}

func decodeOptions(v jsValue) (options, error) {
	opts := options{mode: "template"}
	switch v.Type() {
	case jsUndefined, jsNull:
		return opts, nil
	case jsObject:
	default:
		return opts, misuse("options", "an object {later, branchSteps, iteration}", v)
	}
	switch later := v.Get("later"); later.Type() {
	case jsUndefined, jsNull:
	case jsArray:
		for i := range later.Len() {
			id := later.Index(i)
			if id.Type() != jsString {
				return opts, misuse("options.later["+strconv.Itoa(i)+"]", "a string", id)
			}
			opts.later = append(opts.later, id.String())
		}
	default:
		return opts, misuse("options.later", "an array of step ids", later)
	}
	switch branch := v.Get("branchSteps"); branch.Type() {
	case jsUndefined, jsNull:
	case jsObject:
		text, _ := branch.JSON()
		steps, _ := template.ParseJSONString(text)
		opts.branch = map[string]string{}
		for _, m := range steps.Members() {
			if m.Value.Kind() != template.String {
				return opts, &usageError{"splice: options.branchSteps." + m.Key + " must be the id of a decide step (a string), not " + m.Value.JSON()}
			}
			opts.branch[m.Key] = m.Value.Str()
		}
	default:
		return opts, misuse("options.branchSteps", "an object: step id → decide step id", branch)
	}
	switch it := v.Get("iteration"); it.Type() {
	case jsUndefined, jsNull:
	case jsBoolean:
		opts.iteration = it.Bool()
	default:
		return opts, misuse("options.iteration", "a boolean", it)
	}
	switch mode := v.Get("mode"); mode.Type() {
	case jsUndefined, jsNull:
	case jsString:
		opts.mode = mode.String()
		if !slices.Contains([]string{"template", "shape", "tool"}, opts.mode) {
			return opts, &usageError{"splice: options.mode must be \"template\", \"shape\" or \"tool\", not " + string(template.AppendQuoted(nil, opts.mode))}
		}
	default:
		return opts, misuse("options.mode", "a string", mode)
	}
	return opts, nil
}

// lastWins makes each name one root, where it first comes, with the data of
// the last root of that name: a name given twice is read as a JSON object
// (and encoding/json) reads a key given twice.
func lastWins(roots []rootArg) []rootArg {
	at := make(map[string]int, len(roots))
	out := roots[:0:0]
	for _, r := range roots {
		if i, ok := at[r.name]; ok {
			out[i] = r
			continue
		}
		at[r.name] = len(out)
		out = append(out, r)
	}
	return out
}

// scope is what a step knows at load time: the root names in step order,
// input first even when the caller left it out.
func (o options) scope(roots []rootArg) template.Scope {
	names := make([]string, 0, len(roots)+1)
	for _, r := range roots {
		names = append(names, r.name)
	}
	if !slices.Contains(names, "input") {
		names = slices.Insert(names, 0, "input")
	}
	return template.Scope{Roots: names, Later: o.later, Branch: o.branch, Iteration: o.iteration}
}

// parseRoots decodes every root's JSON text. A root given without data
// renders as null; input left out is the empty object. A root whose text is
// not JSON is an InputError positioned in that text.
func parseRoots(args []rootArg) (template.Roots, []object) {
	roots := make(template.Roots, 0, len(args)+1)
	if !slices.ContainsFunc(args, func(r rootArg) bool { return r.name == "input" }) {
		roots = append(roots, template.Root{Name: "input", Value: template.ObjectValue(nil)})
	}
	var errs []object
	for _, r := range args {
		var v template.Value
		if r.has {
			var err error
			if v, err = template.ParseJSONString(r.text); err != nil {
				errs = append(errs, jsonError("root "+r.name, r.name, err))
				continue
			}
		}
		roots = append(roots, template.Root{Name: r.name, Value: v})
	}
	return roots, errs
}

// jsonError reports a text that is not JSON as an InputError positioned in
// that text; what names the text in the message, path names the root.
func jsonError(what, path string, err error) object {
	e := &template.Error{Kind: template.InputError, Phase: template.PhaseLoad, Msg: what + ": " + err.Error(), Path: path}
	if syn, ok := err.(*template.SyntaxError); ok {
		e.Msg = what + " is not valid JSON: " + syn.Msg
		e.Pos = syn.Pos
	}
	return errorObject(e)
}

// render is splice.render(template, roots, options).
func render(args []jsValue) (object, error) {
	src, err := stringArg(args, 0, "template")
	if err != nil {
		return nil, err
	}
	rootArgs, opts, err := rootsAndOptions(args)
	if err != nil {
		return nil, err
	}
	t, err := template.Load(src, opts.scope(rootArgs))
	errs := errorObjects(err, template.ParseError, template.PhaseLoad)
	roots, rootErrs := parseRoots(rootArgs)
	if errs = append(errs, rootErrs...); len(errs) > 0 {
		return outcome{errors: errs}.object(), nil
	}
	v, err := t.Render(roots)
	return outcome{value: v, errors: errorObjects(err, template.BadPath, template.PhaseRender)}.object(), nil
}

// renderShape is splice.renderShape(shape, roots, options): shape is JSON or
// YAML text, or the shape itself as a JavaScript object.
func renderShape(args []jsValue) (object, error) {
	shape, err := shapeArg(args)
	if err != nil {
		return nil, err
	}
	rootArgs, opts, err := rootsAndOptions(args)
	if err != nil {
		return nil, err
	}
	s, err := reshape.ParseShape(shape)
	errs := errorObjects(err, template.ToolError, template.PhaseLoad)
	if err == nil {
		errs = errorObjects(s.Check(opts.scope(rootArgs)), template.ToolError, template.PhaseLoad)
	}
	roots, rootErrs := parseRoots(rootArgs)
	if errs = append(errs, rootErrs...); len(errs) > 0 {
		return outcome{errors: errs}.object(), nil
	}
	v, err := s.Render(roots)
	return outcome{value: v, errors: errorObjects(err, template.ToolError, template.PhaseRender)}.object(), nil
}

// runTool is splice.runTool(toolYAML, call): call is the call's input, as an
// object or as JSON text.
func runTool(args []jsValue) (object, error) {
	yaml, err := stringArg(args, 0, "tool")
	if err != nil {
		return nil, err
	}
	call := arg(args, 1)
	callText, ok := call.String(), call.Type() == jsString
	if !ok {
		if callText, ok = call.JSON(); !ok {
			return nil, misuse("call", "an object or a string of JSON", call)
		}
	}
	tool, err := reshape.LoadTool([]byte(yaml))
	if err != nil {
		return outcome{errors: errorObjects(err, template.ToolError, template.PhaseLoad)}.object(), nil
	}
	input, err := template.ParseJSONString(callText)
	if err != nil {
		return outcome{errors: []object{jsonError("the call", "input", err)}}.object(), nil
	}
	v, err := tool.Call(input)
	return outcome{value: v, errors: errorObjects(err, template.InputError, template.PhaseRender)}.object(), nil
}

// check is splice.check(source, roots, options): the load-time checks only,
// without data. options.mode says what source is: "template" (the default),
// "shape" or "tool". roots may also be plain names.
func check(args []jsValue) (object, error) {
	src, err := stringArg(args, 0, "source")
	if err != nil {
		return nil, err
	}
	opts, err := decodeOptions(arg(args, 2))
	if err != nil {
		return nil, err
	}
	var rootArgs []rootArg
	if names := arg(args, 1); names.Type() == jsArray && names.Len() > 0 && names.Index(0).Type() == jsString {
		for i := range names.Len() {
			n := names.Index(i)
			if n.Type() != jsString {
				return nil, misuse("roots["+strconv.Itoa(i)+"]", "a string like the other names", n)
			}
			rootArgs = append(rootArgs, rootArg{name: n.String()})
		}
	} else if rootArgs, err = decodeRoots(names); err != nil {
		return nil, err
	}
	scope := opts.scope(lastWins(rootArgs))
	switch opts.mode {
	case "shape":
		s, err := reshape.ParseShape(src)
		if err == nil {
			err = s.Check(scope)
		}
		return outcome{errors: errorObjects(err, template.ToolError, template.PhaseLoad), checkOnly: true}.object(), nil
	case "tool":
		_, err := reshape.LoadTool([]byte(src))
		return outcome{errors: errorObjects(err, template.ToolError, template.PhaseLoad), checkOnly: true}.object(), nil
	}
	_, err = template.Load(src, scope)
	return outcome{errors: errorObjects(err, template.ParseError, template.PhaseLoad), checkOnly: true}.object(), nil
}

// arg returns argument i, undefined when the caller passed fewer.
func arg(args []jsValue, i int) jsValue {
	if i < len(args) {
		return args[i]
	}
	return undefined{}
}

func stringArg(args []jsValue, i int, name string) (string, error) {
	v := arg(args, i)
	if v.Type() != jsString {
		return "", misuse(name, "a string", v)
	}
	return v.String(), nil
}

// shapeArg reads a shape given as text or as an object.
func shapeArg(args []jsValue) (string, error) {
	v := arg(args, 0)
	switch v.Type() {
	case jsString:
		return v.String(), nil
	case jsObject, jsArray:
		if s, ok := v.JSON(); ok {
			return s, nil
		}
	}
	return "", misuse("shape", "a string of JSON or YAML, or an object", v)
}

func rootsAndOptions(args []jsValue) ([]rootArg, options, error) {
	roots, err := decodeRoots(arg(args, 1))
	if err != nil {
		return nil, options{}, err
	}
	opts, err := decodeOptions(arg(args, 2))
	return lastWins(roots), opts, err
}

// undefined is the value of a missing argument.
type undefined struct{}

func (undefined) Type() jsType         { return jsUndefined }
func (undefined) Get(string) jsValue   { return undefined{} }
func (undefined) Len() int             { return 0 }
func (undefined) Index(int) jsValue    { return undefined{} }
func (undefined) String() string       { return "" }
func (undefined) Bool() bool           { return false }
func (undefined) JSON() (string, bool) { return "", false }
