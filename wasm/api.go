// Command engine is the Splice engine behind a small JavaScript API, for
// docs pages that render examples without the playground. It is built twice:
// web/engine.wasm with -tags splice_lite (templates and JSON shapes; YAML and
// tools report that they need the full engine) and web/engine-full.wasm.
//
// It sets globalThis.splice = {render, renderShape, runTool, check, version,
// ready}. Every call returns a plain object
//
//	{ok, json, text, type, typed, display, engine, errors: [{kind, phase,
//	 message, line, column, offset, path, available, suggestion, at,
//	 failure}]}
//
// and never fails for bad input; only a misuse of the API (an argument of
// the wrong type) returns a JavaScript TypeError, and a panic an Error.
// engine.js turns the calls into promises over both builds, rejecting with
// such an error, and hands the engine the page's values as JSON text.
//
// typed says the result is a value as it is (a typed splice, a shape, a
// tool's result) rather than mixed text; display is the result as the
// playground and the splice command show it (a typed string quoted);
// engine is the engine's version (template.Version), which a link to the
// playground carries; an error's failure is false when it means "nothing
// found" (EmptyData).
//
// This file holds the whole API against jsValue, a small view of a
// JavaScript value, so that it is tested on the host; main_js.go is the glue
// to syscall/js.
package main

import (
	"errors"
	"slices"
	"strconv"

	"github.com/splicedev/splice/internal/display"
	"github.com/splicedev/splice/reshape"
	"github.com/splicedev/splice/template"
)

// version names the build (its commit), set at build time with
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
	// Contents returns the contents of a string; Bool the value of a
	// boolean. (Not String: a String method called through an interface
	// keeps every type's String method in the wasm.)
	Contents() string
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
	// Not comparable, so that the wasm carries no equality code for each
	// size of object built here.
	_ [0]func()
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

// reply makes the object a call hands back to JavaScript.
type reply struct {
	checkOnly bool // a check gives no value either way
}

// of is what the run gave, shown as every surface shows it (typed: a value
// as it is, not mixed text), or the errors that stopped it, extra (a
// root's text that is not JSON) after the run's own. Every result names
// the engine's version, which a link to the playground carries.
func (r reply) of(res template.Result, extra ...object) object {
	errs := make([]object, 0, len(res.Errors)+len(extra))
	for _, e := range res.Errors {
		errs = append(errs, errorObject(e))
	}
	errs = append(errs, extra...)
	var json, text, kind, shown any // null without a value
	if len(errs) == 0 && !r.checkOnly {
		json, text, kind = res.Value.JSON(), res.Value.Text(), res.Value.Kind().String()
		shown = display.Result(res.Value, res.Typed)
	}
	return object{
		{Key: "ok", Value: len(errs) == 0},
		{Key: "json", Value: json},
		{Key: "text", Value: text},
		{Key: "type", Value: kind},
		{Key: "typed", Value: res.Typed},
		{Key: "display", Value: shown},
		{Key: "engine", Value: template.Version},
		{Key: "errors", Value: errs},
	}
}

// failed is the reply to a call stopped before its run: its subject does
// not parse or load, or its input is not JSON.
func (r reply) failed(err error, extra ...object) object {
	list := template.Errors(err)
	if list == nil && err != nil { // not typed: a ToolError without a position
		list = template.ErrorList{{Kind: template.ToolError, Phase: template.PhaseLoad, Msg: err.Error()}}
	}
	return r.of(template.Result{Errors: list}, extra...)
}

// errorObject is e for JavaScript: its fields, and whether the engine
// counts it a failure (EmptyData is "nothing found").
func errorObject(e *template.Error) object {
	var line, column, offset any // null when the error has no position
	if e.Pos.Line > 0 {
		line, column, offset = e.Pos.Line, e.Pos.Column, e.Pos.Offset
	}
	var doc any // a shape leaf's place in the shape's text, null without one
	if e.Doc.Line > 0 {
		doc = object{{Key: "line", Value: e.Doc.Line}, {Key: "column", Value: e.Doc.Column}, {Key: "offset", Value: e.Doc.Offset}}
	}
	available := e.Available
	if available == nil {
		available = []string{}
	}
	return object{
		{Key: "kind", Value: e.Kind.String()},
		{Key: "phase", Value: e.Phase.String()},
		{Key: "message", Value: e.Msg},
		{Key: "line", Value: line},
		{Key: "column", Value: column},
		{Key: "offset", Value: offset},
		{Key: "path", Value: e.Path},
		{Key: "available", Value: available},
		{Key: "more", Value: e.More},
		{Key: "suggestion", Value: e.Suggestion},
		{Key: "at", Value: e.At},
		{Key: "doc", Value: doc},
		{Key: "failure", Value: e.Failure()},
	}
}

// rootArg is one root as the caller gave it: a name and its JSON text.
type rootArg struct {
	name string
	text string
	has  bool      // whether a value or text was given at all
	_    [0]func() // not comparable: no equality code in the wasm
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
		roots[i].name = name.Contents()
		switch text, value := r.Get("text"), r.Get("value"); {
		case text.Type() == jsString:
			roots[i].text, roots[i].has = text.Contents(), true
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
			opts.later = append(opts.later, id.Contents())
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
		opts.mode = mode.Contents()
		if !slices.Contains([]string{"template", "shape", "tool"}, opts.mode) {
			return opts, &usageError{"splice: options.mode must be \"template\", \"shape\" or \"tool\", not " + string(template.AppendQuoted(nil, opts.mode))}
		}
	default:
		return opts, misuse("options.mode", "a string", mode)
	}
	return opts, nil
}

// parseRoots decodes every root's JSON text into the roots of a step
// (template.Roots.WithInput). A root given without data renders as null.
// A root whose text is not JSON is an InputError positioned in that text;
// it stays among the roots, without data, for the load-time checks.
func parseRoots(args []rootArg) (template.Roots, []object) {
	roots := make(template.Roots, len(args))
	var errs []object
	for i, r := range args {
		roots[i].Name = r.name
		if !r.has {
			continue
		}
		var err error
		if roots[i].Value, err = template.ParseJSONString(r.text); err != nil {
			errs = append(errs, jsonError("root "+r.name, r.name, err))
		}
	}
	return roots.WithInput(), errs
}

// scope is the load-time scope of a step with roots.
func (o options) scope(roots template.Roots) template.Scope {
	return roots.Scope(o.later, o.branch, o.iteration)
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
	t, err := template.Parse(src)
	return run(t, err, args)
}

// renderShape is splice.renderShape(shape, roots, options): shape is JSON or
// YAML text, or the shape itself as a JavaScript object.
func renderShape(args []jsValue) (object, error) {
	shape, err := shapeArg(args)
	if err != nil {
		return nil, err
	}
	s, err := reshape.ParseShape(shape)
	if err != nil {
		return run(nil, err, args)
	}
	return run(s, nil, args)
}

// run runs a template or a shape (parsed, or parseErr) against the roots
// and options of args. A root whose text is not JSON stops the call after
// the load-time checks, with their errors.
func run(subj template.Subject, parseErr error, args []jsValue) (object, error) {
	rootArgs, err := decodeRoots(arg(args, 1))
	if err != nil {
		return nil, err
	}
	opts, err := decodeOptions(arg(args, 2))
	if err != nil {
		return nil, err
	}
	roots, rootErrs := parseRoots(rootArgs)
	if parseErr != nil {
		return reply{}.failed(parseErr, rootErrs...), nil
	}
	if rootErrs != nil {
		return reply{}.of(template.Check(subj, opts.scope(roots)), rootErrs...), nil
	}
	return reply{}.of(template.Run(subj, opts.scope(roots), roots, nil)), nil
}

// runTool is splice.runTool(toolYAML, call): call is the call's input, as an
// object or as JSON text.
func runTool(args []jsValue) (object, error) {
	yaml, err := stringArg(args, 0, "tool")
	if err != nil {
		return nil, err
	}
	call := arg(args, 1)
	callText, ok := call.Contents(), call.Type() == jsString
	if !ok {
		if callText, ok = call.JSON(); !ok {
			return nil, misuse("call", "an object or a string of JSON", call)
		}
	}
	tool, err := reshape.LoadTool([]byte(yaml))
	if err != nil {
		return reply{}.failed(err), nil
	}
	input, err := template.ParseJSONString(callText)
	if err != nil {
		return reply{}.failed(nil, jsonError("the call", "input", err)), nil
	}
	return reply{}.of(callTool(tool, input)), nil
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
	var names []string
	if roots := arg(args, 1); roots.Type() == jsArray && roots.Len() > 0 && roots.Index(0).Type() == jsString {
		for i := range roots.Len() {
			n := roots.Index(i)
			if n.Type() != jsString {
				return nil, misuse("roots["+strconv.Itoa(i)+"]", "a string like the other names", n)
			}
			names = append(names, n.Contents())
		}
	} else {
		rootArgs, err := decodeRoots(roots)
		if err != nil {
			return nil, err
		}
		for _, r := range rootArgs {
			names = append(names, r.name)
		}
	}
	var subj template.Subject
	switch opts.mode {
	case "shape":
		subj, err = reshape.ParseShape(src)
	case "tool":
		_, err = reshape.LoadTool([]byte(src))
	default:
		subj, err = template.Parse(src)
	}
	r := reply{checkOnly: true}
	if err != nil || subj == nil { // a tool that loads has passed its checks as it loaded
		return r.failed(err), nil
	}
	return r.of(template.Check(subj, opts.scope(template.NamedRoots(names)))), nil
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
	return v.Contents(), nil
}

// shapeArg reads a shape given as text or as an object.
func shapeArg(args []jsValue) (string, error) {
	v := arg(args, 0)
	switch v.Type() {
	case jsString:
		return v.Contents(), nil
	case jsObject, jsArray:
		if s, ok := v.JSON(); ok {
			return s, nil
		}
	}
	return "", misuse("shape", "a string of JSON or YAML, or an object", v)
}

// undefined is the value of a missing argument.
type undefined struct{}

func (undefined) Type() jsType         { return jsUndefined }
func (undefined) Get(string) jsValue   { return undefined{} }
func (undefined) Len() int             { return 0 }
func (undefined) Index(int) jsValue    { return undefined{} }
func (undefined) Contents() string     { return "" }
func (undefined) Bool() bool           { return false }
func (undefined) JSON() (string, bool) { return "", false }
