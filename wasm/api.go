// Command engine is the Splice engine behind a small JavaScript API, for
// docs pages that render examples without the playground. It is built twice:
// web/engine.wasm with -tags splice_lite (templates and JSON shapes; YAML and
// tools report that they need the full engine) and web/engine-full.wasm.
//
// engine.js defines globalThis.splice = {render, renderShape, runTool,
// check, runPlan, version, ready} over it. Every call resolves to a plain
// object
//
//	{ok, json, text, type, typed, display, engine, errors: [{kind, phase,
//	 message, line, column, offset, path, available, more, suggestion, at,
//	 doc, failure, text}]}
//
// typed says the result is a value as it is (a typed splice, a shape, a
// tool's result) rather than mixed text; display is the result as the
// playground and the splice command show it (a typed string quoted);
// engine is the engine's version (template.Version), which a link to the
// playground carries.
//
// and never fails for bad input; only a misuse of the API (an argument of
// the wrong type) is a JavaScript TypeError, and a panic an Error.
//
// A call crosses into the module once: engine.js writes its arguments into
// the module's memory as one request (wire.go), the page's values already
// JSON text, and reads back one response (a result with a value as its
// texts, any other as JSON). This file holds the API
// against jsValue, a small view of an argument, so that it is tested on the
// host; exports.go is the glue to JavaScript.
package main

import (
	"errors"
	"strconv"
	"strings"

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

// String is not inlined: it is called in many error messages, cold paths
// that would only grow.
//
//go:noinline
func (t jsType) String() string { return jsTypeNames[t] }

// jsValue is the part of a JavaScript value the API reads.
type jsValue interface {
	Type() jsType
	// Get returns a property of an object, undefined when absent.
	Get(key string) jsValue
	// Len and Index read an array.
	Len() int
	Index(i int) jsValue
	// String returns the contents of a string, which may be a view of the
	// request that lasts as long as the call: what outlives it is copied.
	// Bool returns the value of a boolean.
	String() string
	Bool() bool
	// Keys lists an object's own keys, in order.
	Keys() []string
}

// usageError is a misuse of the API: engine.js throws it as a TypeError.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

// misuse is not inlined: it is called on many cold paths, which would only
// grow.
//
//go:noinline
func misuse(where, want string, got jsValue) error {
	return &usageError{"splice: " + where + " must be " + want + ", not " + got.Type().String()}
}

// guard calls fn and turns a panic into an error: a panic in an exported
// function would end the program, and with it every later call on the page.
func guard(fn func([]jsValue) (result, error), args []jsValue) (out result, err error) {
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

// reply makes the object a call hands back to JavaScript.
type reply struct {
	doc       string // the text a shape's or tool's errors are shown in
	checkOnly bool   // a check gives no value either way
}

// of is what the run gave, shown as every surface shows it (typed: a value
// as it is, not mixed text), or the errors that stopped it, extra (a
// root's text that is not JSON) after the run's own. Every result names
// the engine's version, which a link to the playground carries.
func (r reply) of(res template.Result, extra ...object) result {
	var errs []object
	list := reshape.Errors(res.Err)
	if n := len(list) + len(extra); n > 0 {
		errs = make([]object, 0, n)
	}
	for _, e := range list {
		errs = append(errs, errorObject(e, r.doc))
	}
	errs = append(errs, extra...)
	if len(errs) > 0 || r.checkOnly {
		return object{{"ok", len(errs) == 0}, {"json", nil}, {"text", nil}, {"type", nil}, {"typed", res.Typed}, {"display", nil},
			{"engine", template.Version}, {"errors", errs}}
	}
	lastValue = value{res.Value, res.Typed}
	return &lastValue
}

// lastValue is the value of the last call that gave one, which its
// response is written from before the next call.
var lastValue value

// result is what a call gives: an object, or most often a value, whose
// response is written from the value itself: a call's allocations are
// most of its cost in wasm.
type result interface {
	appendResponse(dst []byte) []byte
}

func (o object) appendResponse(dst []byte) []byte { return appendJSON(dst, o) }

// value is a result with a value: the object {ok: true, json, text, type,
// typed, display, engine, errors: []} (engine.js makes it of the texts).
type value struct {
	v     template.Value
	typed bool
}

// failed is the reply to a call stopped before its run: its subject does
// not parse or load, or its input is not JSON.
func (r reply) failed(err error, extra ...object) result {
	return r.of(template.Result{Err: template.Typed(err, template.PhaseLoad)}, extra...)
}

// errorObject is e for JavaScript: its fields, whether the engine counts
// it a failure (EmptyData is "nothing found"), and its text as the splice
// command prints it, in doc when it is placed there.
func errorObject(e *reshape.Error, doc string) object {
	var line, column, offset any // null when the error has no position
	if e.Pos.Line > 0 {
		line, column, offset = e.Pos.Line, e.Pos.Column, e.Pos.Offset
	}
	var docPos any // a shape leaf's place in the shape's text, null without one
	if e.Doc.Line > 0 {
		docPos = object{{"line", e.Doc.Line}, {"column", e.Doc.Column}, {"offset", e.Doc.Offset}}
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
		{"doc", docPos},
		{"failure", e.Failure()},
		{"text", reshape.FormatIn(e, doc)},
	}
}

// rootArg is one root as the caller gave it: a name and its JSON text
// (engine.js writes a root's value as JSON text).
type rootArg struct {
	_    noCompare
	name string
	text string
	has  bool // whether a value or text was given at all
}

// decodeRoots reads the roots argument: an array of {name, text}, in step
// order; undefined or null for none.
func decodeRoots(v jsValue) ([]rootArg, error) {
	switch v.Type() {
	case jsUndefined, jsNull:
		return nil, nil
	case jsArray:
	default:
		return nil, misuse("roots", "an array of {name, value} or {name, text}", v)
	}
	roots := rootArgs[:0]
	for i := range v.Len() {
		where := func() string { return "roots[" + strconv.Itoa(i) + "]" }
		r := v.Index(i)
		if r.Type() != jsObject {
			return nil, misuse(where(), "an object {name, value} or {name, text}", r)
		}
		name := r.Get("name")
		if name.Type() != jsString {
			return nil, misuse(where()+".name", "a string", name)
		}
		root := rootArg{name: keptName(name.String())}
		switch text := r.Get("text"); text.Type() {
		case jsString:
			root.text, root.has = text.String(), true
		case jsUndefined:
		default:
			return nil, misuse(where()+".text", "a string of JSON", text)
		}
		roots = append(roots, root)
	}
	rootArgs = roots
	return roots, nil
}

// rootArgs holds each call's roots as decodeRoots reads them.
var rootArgs []rootArg

// keptNames are the root and step names calls gave, each one copy of it:
// names outlive their call (in the checks kept), the request they are
// read from does not, and a page gives the same few again and again.
var keptNames = map[string]string{}

// maxKeptNames bounds keptNames: when full, it starts again.
const maxKeptNames = 256

// keptName returns the kept copy of name, keeping one if there is none.
func keptName(name string) string {
	if kept, ok := keptNames[name]; ok {
		return kept
	}
	if len(keptNames) >= maxKeptNames {
		keptNames = map[string]string{}
	}
	kept := strings.Clone(name)
	keptNames[kept] = kept
	return kept
}

// noCompare, a struct's first field, makes it a type that == does not
// compare: Go makes no code to compare it (the engine's wasm is smaller).
type noCompare [0]func()

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
			opts.later = append(opts.later, keptName(id.String()))
		}
	default:
		return opts, misuse("options.later", "an array of step ids", later)
	}
	switch branch := v.Get("branchSteps"); branch.Type() {
	case jsUndefined, jsNull:
	case jsObject:
		opts.branch = map[string]string{}
		for _, id := range branch.Keys() {
			decide := branch.Get(id)
			if decide.Type() != jsString {
				return opts, misuse("options.branchSteps."+id, "the id of a decide step (a string)", decide)
			}
			opts.branch[keptName(id)] = keptName(decide.String())
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
		if opts.mode != "template" && opts.mode != "shape" && opts.mode != "tool" {
			return opts, &usageError{"splice: options.mode must be \"template\", \"shape\" or \"tool\", not " + string(template.AppendQuoted(nil, opts.mode))}
		}
	default:
		return opts, misuse("options.mode", "a string", mode)
	}
	return opts, nil
}

// parseRoots decodes every root's JSON text into the roots of a step
// (template.Roots.WithInput, in memory the next call reuses), each text
// once while parsedRoots keeps it.
// A root given without data renders as null. A root whose text is not JSON
// is an InputError positioned in that text; it stays among the roots,
// without data, for the load-time checks.
func parseRoots(args []rootArg) (template.Roots, []object) {
	if cap(givenRoots) < len(args) {
		givenRoots = make(template.Roots, len(args))
	}
	roots := givenRoots[:len(args)]
	var errs []object
	for i, r := range args {
		roots[i] = template.Root{Name: r.name}
		if !r.has {
			continue
		}
		parsed := parsedRoots.get(r.text).(*parsedRoot)
		roots[i].Value = parsed.value
		if parsed.err != nil {
			errs = append(errs, jsonError("root "+r.name, r.name, parsed.err))
		}
	}
	stepRoots = roots.AppendWithInput(stepRoots[:0])
	return stepRoots, errs
}

// givenRoots and stepRoots hold each call's roots as it gives them and as
// its step sees them.
var givenRoots, stepRoots template.Roots

// scopeNames holds each call's root names, for its scope.
var scopeNames []string

// scope is the load-time scope of a step with roots, as WithInput orders
// them (each name once). Its names are in a buffer the next call reuses.
func (o options) scope(roots template.Roots) template.Scope {
	scopeNames = scopeNames[:0]
	for _, r := range roots {
		scopeNames = append(scopeNames, r.Name)
	}
	return template.Scope{Roots: scopeNames, Later: o.later, Branch: o.branch, Iteration: o.iteration}
}

// jsonError reports a text that is not JSON as an InputError positioned in
// that text; what names the text in the message, path names the root.
func jsonError(what, path string, err error) object {
	e := &reshape.Error{}
	e.Kind, e.Phase, e.Msg, e.Path = template.InputError, template.PhaseLoad, what+": "+err.Error(), path
	if syn, ok := err.(*template.SyntaxError); ok {
		e.Msg = what + " is not valid JSON: " + syn.Msg
		e.Pos = syn.Pos
	}
	return errorObject(e, "")
}

// render is splice.render(template, roots, options).
func render(args []jsValue) (result, error) {
	src, err := stringArg(args, 0, "template")
	if err != nil {
		return nil, err
	}
	return run(templates.get(src).(*loaded), reply{}, args)
}

// renderShape is splice.renderShape(shape, roots, options): shape is JSON or
// YAML text (engine.js writes a shape given as an object as JSON).
func renderShape(args []jsValue) (result, error) {
	shape, err := shapeArg(args)
	if err != nil {
		return nil, err
	}
	return run(shapes.get(shape).(*loaded), reply{doc: shape}, args)
}

// run runs a loaded template or shape against the roots and options of
// args. A root whose text is not JSON stops the call after the load-time
// checks, with their errors.
func run(l *loaded, r reply, args []jsValue) (result, error) {
	rootArgs, err := decodeRoots(arg(args, 1))
	if err != nil {
		return nil, err
	}
	opts, err := decodeOptions(arg(args, 2))
	if err != nil {
		return nil, err
	}
	return runWith(l, r, rootArgs, opts), nil
}

// runWith is run once its roots and options are read.
func runWith(l *loaded, r reply, rootArgs []rootArg, opts options) result {
	roots, rootErrs := parseRoots(rootArgs)
	if l.err != nil {
		return r.failed(l.err, rootErrs...)
	}
	scope := opts.scope(roots)
	subj := l.checkedIn(scope)
	if rootErrs != nil {
		return r.of(template.Check(subj, scope), rootErrs...)
	}
	runEnv = template.Env{}
	return r.of(template.Run(subj, scope, roots, &runEnv))
}

// runEnv is each run's budget, kept so that a call does not allocate it.
var runEnv template.Env

// runTool is splice.runTool(toolYAML, call): call is the call's input as
// JSON text (engine.js writes a call given as an object as JSON). Only
// engine-full.wasm answers it (fullOnly).
func runTool(args []jsValue) (result, error) {
	yaml, err := stringArg(args, 0, "tool")
	if err != nil {
		return nil, err
	}
	call := arg(args, 1)
	if call.Type() != jsString {
		return nil, misuse("call", "an object or a string of JSON", call)
	}
	r := reply{doc: yaml}
	tool, err := reshape.LoadTool([]byte(yaml))
	if err != nil {
		return r.failed(err), nil
	}
	input, err := template.ParseJSONString(call.String())
	if err != nil {
		return r.failed(nil, jsonError("the call", "input", err)), nil
	}
	return r.of(callTool(tool, input)), nil
}

// check is splice.check(source, roots, options): the load-time checks only,
// without data. options.mode says what source is: "template" (the default),
// "shape" or "tool". roots may also be plain names.
func check(args []jsValue) (result, error) {
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
			names = append(names, keptName(n.String()))
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
	r := reply{doc: src, checkOnly: true}
	var l *loaded
	switch opts.mode {
	case "tool": // a tool's templates are checked as it loads
		_, err := reshape.LoadTool([]byte(src))
		return r.failed(err), nil
	case "shape":
		l = shapes.get(src).(*loaded)
	default:
		l = templates.get(src).(*loaded)
	}
	if l.err != nil {
		return r.failed(l.err), nil
	}
	scope := opts.scope(template.NamedRoots(names).WithInput())
	return r.of(template.Check(l.checkedIn(scope), scope)), nil
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

// shapeArg reads a shape's text.
func shapeArg(args []jsValue) (string, error) {
	v := arg(args, 0)
	if v.Type() != jsString {
		return "", misuse("shape", "a string of JSON or YAML, or an object", v)
	}
	return v.String(), nil
}

// undefined is the value of a missing argument.
type undefined struct{}

func (undefined) Type() jsType       { return jsUndefined }
func (undefined) Get(string) jsValue { return undefined{} }
func (undefined) Len() int           { return 0 }
func (undefined) Index(int) jsValue  { return undefined{} }
func (undefined) String() string     { return "" }
func (undefined) Bool() bool         { return false }
func (undefined) Keys() []string     { return nil }
