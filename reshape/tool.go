//go:build !splice_lite

package reshape

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/splicedev/splice/internal/jsonschema"
	"github.com/splicedev/splice/template"
)

// The tool kinds. Only reshape tools run here; exec and prompt tools load
// and are validated, but calling one reports that it cannot run.
const (
	KindExec    = "exec"
	KindPrompt  = "prompt"
	KindReshape = "reshape"
)

var toolKinds = []string{KindExec, KindPrompt, KindReshape}

// The fields a tool document may have: shared ones, then each kind's own.
var (
	commonFields = []string{"name", "kind", "description", "input_schema", "output_schema", "read_only"}
	kindFields   = map[string][]string{
		KindReshape: {"shape", "caller_shape"},
		KindExec:    {"command", "timeout"},
		KindPrompt:  {"prompt", "model"},
	}
)

// Tool is a loaded tool definition (DIALECT §7). It is immutable and safe
// for concurrent use.
type Tool struct {
	Name        string // as written in the file, "pr_card"
	Namespace   string // "user" for tool files, "builtin" for tools compiled in
	Kind        string // KindReshape, KindExec or KindPrompt
	Description string
	ReadOnly    bool
	CallerShape bool   // the shape comes with each call
	Shape       *Shape // the fixed shape of a reshape tool, else nil
	File        string // the file it was loaded from, when loaded from a directory

	InputSchema, OutputSchema template.Value // as written; null when absent

	// Warnings are the likely mistakes of its file (see Warning).
	Warnings []Warning

	input, output *jsonschema.Schema
	action        *Shape       // an exec tool's command, a prompt tool's prompt
	source        string       // the YAML text
	namePos       template.Pos // where the name is, for errors about it
}

// QualifiedName is the name the tool is called by: "user__pr_card".
func (t *Tool) QualifiedName() string { return t.Namespace + "__" + t.Name }

// toolScope is what a tool's templates may reference: its own input only.
var toolScope = template.Scope{Roots: []string{"input"}}

// LoadTool loads a tool from its YAML text and validates it. Problems with
// the document itself are ToolErrors positioned in the YAML, reported
// together in document order; then the templates (a fixed shape's leaves,
// an exec command, a prompt) are parsed and checked with input as the only
// root, their errors keeping their own kind and naming their place in At.
func LoadTool(text []byte) (*Tool, error) {
	return loadTool(string(text), "user")
}

func loadTool(src, namespace string) (*Tool, error) {
	doc, places, err := decodeYAML(src, true)
	if err != nil {
		return nil, err
	}
	return loadToolAt(doc, places, "", namespace)
}

// loadToolAt loads the tool whose document is doc, at JSON Pointer base in
// the text places locates.
func loadToolAt(doc template.Value, places *docPlaces, base, namespace string) (*Tool, error) {
	src := places.text
	l := toolLoader{src: src, places: places, base: base, tool: &Tool{Namespace: namespace, source: src, namePos: places.placeOf(base + "/name").pos}}
	for _, w := range places.warnings {
		if strings.HasPrefix(w.At, base+"/") {
			l.tool.Warnings = append(l.tool.Warnings, w)
		}
	}
	if doc.Kind() != template.Object {
		if doc.IsNull() {
			return nil, l.errorAt("", "the tool file is empty: it must be a YAML mapping of the tool's fields")
		}
		return nil, l.errorAt("", "a tool file must be a YAML mapping of the tool's fields, not "+article(doc.Kind())+" "+doc.Kind().String())
	}
	l.fields(doc)
	if len(l.errs) > 0 {
		return nil, l.errs
	}
	if err := l.templates(doc); err != nil {
		return nil, err
	}
	return l.tool, nil
}

// ToolShapeLenient is the fixed shape of a tool file being written, as
// ParseShapeLenient gives it, placed in the file: a view traces it while
// the file does not load yet. The shape is nil when the file has none.
func ToolShapeLenient(text string) (*Shape, error) {
	doc, places, err := decodeYAML(text, true)
	if err != nil {
		return nil, err
	}
	v, ok := doc.Lookup("shape")
	if !ok || v.Kind() != template.Object {
		return nil, nil
	}
	return compileShape(v, places, "/shape", "", true)
}

type toolLoader struct {
	src    string
	places *docPlaces
	// base is where the tool is in its document: "" for a tool file,
	// "/tools/0" for a tool of a plan, whose errors name their place.
	base string
	tool *Tool
	errs ErrorList
}

// at is the pointer an error at ptr in the tool names: none in a tool
// file, where the file is the place; from the plan's top in a plan.
func (l *toolLoader) at(ptr string) string {
	if l.base == "" {
		return ""
	}
	return l.base + ptr
}

// errorAt records a ToolError at the value ptr names (the tool's start
// for ""), or at its key when the document does not place the value.
func (l *toolLoader) errorAt(ptr, msg string) *Error {
	pos := l.places.placeOf(l.base + ptr).pos
	if pos.Line == 0 {
		pos, _ = l.places.key(l.base + ptr)
	}
	e := l.errorAtPos(pos, msg)
	e.At = l.at(ptr)
	return e
}

func (l *toolLoader) errorAtPos(pos template.Pos, msg string) *Error {
	if pos.Line == 0 {
		pos = template.Pos{Line: 1, Column: 1}
	}
	e := &Error{engineError: *yamlError(l.src, pos, msg)}
	l.errs = append(l.errs, e)
	return e
}

// fields validates every field of the document in document order, then
// what the document as a whole lacks.
func (l *toolLoader) fields(doc template.Value) {
	t := l.tool
	if kind, _ := doc.Lookup("kind"); kind.Kind() == template.String && slices.Contains(toolKinds, kind.Str()) {
		t.Kind = kind.Str()
	}
	// Without a valid kind, any kind's fields are allowed: the kind is
	// what is wrong.
	allowed := slices.Concat(commonFields, kindFields[KindExec], kindFields[KindPrompt], kindFields[KindReshape])
	if t.Kind != "" {
		allowed = slices.Concat(commonFields, kindFields[t.Kind])
	}
	t.ReadOnly = t.Kind != KindExec
	for _, m := range doc.Members() {
		l.field(m, allowed)
	}
	for _, field := range []string{"name", "kind", map[string]string{KindExec: "command", KindPrompt: "prompt"}[t.Kind]} {
		if _, ok := doc.Lookup(field); field != "" && !ok {
			l.errorAt("", "missing required field "+strconv.Quote(field))
		}
	}
	if t.Kind == KindReshape {
		caller, hasCaller := doc.Lookup("caller_shape")
		_, hasShape := doc.Lookup("shape")
		switch {
		case hasCaller && caller.Kind() != template.Bool:
			// already reported
		case hasShape && caller.Bool():
			l.errorAt("/caller_shape", "a reshape tool has either a fixed shape or caller_shape: true, not both")
		case !hasShape && !caller.Bool():
			l.errorAt("", "a reshape tool needs a fixed shape or caller_shape: true")
		}
	}
}

// field validates one field's type; templates are checked later.
func (l *toolLoader) field(m template.Member, allowed []string) {
	ptr := template.ChildPointer("", m.Key)
	v := m.Value
	want := func(kind template.Kind, what string) bool {
		if v.Kind() != kind {
			l.errorAt(ptr, m.Key+" must be "+what+", not "+article(v.Kind())+" "+v.Kind().String())
			return false
		}
		return true
	}
	if !slices.Contains(allowed, m.Key) {
		e := l.errorAtPos(l.places.keyPos(l.base+ptr), "unknown field "+strconv.Quote(m.Key))
		e.Available, e.At = allowed, l.at(ptr)
		return
	}
	t := l.tool
	switch m.Key {
	case "name":
		if !want(template.String, "a string") {
			return
		}
		if !template.IsName(v.Str()) {
			l.errorAt(ptr, "name "+strconv.Quote(v.Str())+" must match [a-zA-Z0-9_-]+")
			return
		}
		t.Name = v.Str()
	case "kind":
		if t.Kind == "" {
			e := l.errorAt(ptr, "kind "+v.JSON()+" is not one of "+strings.Join(toolKinds, ", "))
			e.Available = toolKinds
		}
	case "description":
		if want(template.String, "a string") {
			t.Description = v.Str()
		}
	case "read_only":
		if want(template.Bool, "true or false") {
			t.ReadOnly = v.Bool()
		}
	case "caller_shape":
		if want(template.Bool, "true or false") {
			t.CallerShape = v.Bool()
		}
	case "shape":
		want(template.Object, "an object (a JSON tree whose string leaves are templates)")
	case "prompt", "model":
		want(template.String, "a string")
	case "input_schema", "output_schema":
		l.schema(m.Key, v)
	case "command":
		l.command(v)
	case "timeout":
		l.timeout(v)
	}
}

func (l *toolLoader) schema(field string, v template.Value) {
	ptr := "/" + field
	if v.Kind() != template.Object && v.Kind() != template.Bool {
		l.errorAt(ptr, field+" must be a JSON Schema (an object), not "+article(v.Kind())+" "+v.Kind().String())
		return
	}
	compiled, issue := jsonschema.Compile(v)
	if issue != nil {
		l.errorAt(ptr+issue.Pointer, field+" is not a valid JSON Schema: "+issue.Msg)
		return
	}
	if field == "input_schema" {
		l.tool.InputSchema, l.tool.input = v, compiled
	} else {
		l.tool.OutputSchema, l.tool.output = v, compiled
	}
}

// command is a string or a non-empty list of strings (program and
// arguments), each a template over input.
func (l *toolLoader) command(v template.Value) {
	switch v.Kind() {
	case template.String:
		if strings.TrimSpace(v.Str()) != "" {
			return
		}
	case template.Array:
		for i, arg := range v.Elems() {
			if arg.Kind() != template.String {
				l.errorAt(appendIndex("/command", i), "command arguments must be strings, not "+article(arg.Kind())+" "+arg.Kind().String())
			}
		}
		if v.Len() > 0 {
			return
		}
	}
	l.errorAt("/command", "command must be a non-empty string or list of strings")
}

// timeout is a duration ("30s", "2m") or a number of seconds.
func (l *toolLoader) timeout(v template.Value) {
	var d time.Duration
	switch v.Kind() {
	case template.String:
		d, _ = time.ParseDuration(v.Str())
	case template.Number:
		seconds, err := strconv.ParseFloat(v.Str(), 64)
		if err == nil {
			d = time.Duration(seconds * float64(time.Second))
		}
	}
	if d <= 0 {
		l.errorAt("/timeout", "timeout must be a positive duration (\"30s\", \"2m\") or number of seconds, not "+v.JSON())
	}
}

// templates parses and checks the tool's templates: syntax for all of them
// first, then roots and scope (DIALECT §6: a failing pass stops the next).
// A fixed shape is the tool's Shape; an exec tool's command and a prompt
// tool's prompt, its action.
func (l *toolLoader) templates(doc template.Value) error {
	t := l.tool
	field := map[string]string{KindReshape: "shape", KindExec: "command", KindPrompt: "prompt"}[t.Kind]
	if t.CallerShape {
		return nil
	}
	v, _ := doc.Lookup(field)
	at := l.at("/" + field)
	if t.Kind != KindReshape {
		at = l.base + "/" + field // its leaves are named from the file's top
	}
	shape, err := compileShape(v, l.places, l.base+"/"+field, at, false)
	if err != nil {
		return err
	}
	if err := shape.Check(toolScope); err != nil {
		return err
	}
	if t.Kind == KindReshape {
		t.Shape = shape
	} else {
		t.action = shape
	}
	return nil
}

// Templates is the shape of the tool's templates: the fixed shape of a
// reshape tool, an exec tool's command, a prompt tool's prompt; nil for a
// caller-shape tool. A view colours and traces their tags.
func (t *Tool) Templates() *Shape {
	if t.Shape != nil {
		return t.Shape
	}
	return t.action
}

// Preview is what an exec or prompt tool would run for a call, which it
// cannot here: the call checked against input_schema, then {"command":
// argv} or {"prompt": text, "output_schema": the schema its answer must
// meet}, rendered.
type Preview struct {
	Tool  *Tool
	Input template.Value
}

// Check has nothing left to check, as for a Call.
func (Preview) Check(template.Scope) error { return nil }

// Typed is true: the preview is a value.
func (Preview) Typed() bool { return true }

// RenderIn renders the preview within run (see template.Run).
func (p Preview) RenderIn(_ template.Roots, run *template.Env) (template.Value, []template.TraceEntry, error) {
	t := p.Tool
	if t.action == nil {
		return template.Value{}, nil, callError(t.QualifiedName() + " is a reshape tool: it runs, with nothing to preview")
	}
	if err := t.CheckInput(p.Input, run); err != nil {
		return template.Value{}, nil, err
	}
	v, trace, err := t.action.RenderIn(template.Roots{{Name: "input", Value: p.Input}}, run)
	if err != nil {
		return template.Value{}, trace, err
	}
	field := "command"
	if t.Kind == KindPrompt {
		field = "prompt"
	}
	preview := []template.Member{{Key: field, Value: v}}
	if t.Kind == KindPrompt && !t.OutputSchema.IsNull() {
		preview = append(preview, template.Member{Key: "output_schema", Value: t.OutputSchema})
	}
	return template.ObjectValue(preview), trace, nil
}

// traces is true: shapes trace when their run asks (see lite.go).
const traces = true

// Call runs the tool on a call's input. input_schema is checked first, so
// a bad call is an InputError naming the field, never a BadPath. A fixed
// shape renders against the root input; a caller shape (the input's shape
// field) is returned verbatim. A result that fails output_schema is a
// ToolError. Exec and prompt tools report that they cannot run here.
func (t *Tool) Call(input template.Value) (template.Value, error) {
	v, _, err := Call{t, input}.RenderIn(nil, &template.Env{})
	if err != nil {
		return template.Value{}, err
	}
	return v, nil
}

// Call is a tool called with its input: the subject of template.Run for a
// tool call.
type Call struct {
	Tool  *Tool
	Input template.Value
}

// Check has nothing left to check: the tool's templates were checked when
// it loaded, against its input alone.
func (Call) Check(template.Scope) error { return nil }

// Typed is true: a tool's result is a value as it is.
func (Call) Typed() bool { return true }

// RenderIn runs the call within run (see template.Run); the roots are the
// call's input alone.
func (c Call) RenderIn(_ template.Roots, run *template.Env) (template.Value, []template.TraceEntry, error) {
	var trace []template.TraceEntry
	v, err := c.Tool.call(c.Input, run, func(roots template.Roots) (template.Value, error) {
		v, tr, err := c.Tool.Shape.RenderIn(roots, run)
		trace = tr
		return v, err
	})
	return v, trace, err
}

// call runs the tool on input within run, its fixed shape rendered by
// renderShape. When run traces, a call input that fails input_schema is
// rendered too, for the trace alone.
func (t *Tool) call(input template.Value, run *template.Env, renderShape func(template.Roots) (template.Value, error)) (template.Value, error) {
	if t.Kind != KindReshape {
		if err := t.CheckInput(input, run); err != nil {
			return template.Value{}, err // a bad call, whether or not the tool can run
		}
		return template.Value{}, callError(t.QualifiedName() + " is a tool of kind " + t.Kind + ", which cannot run in this environment: only reshape tools run here")
	}
	roots := template.Roots{{Name: "input", Value: input}}
	if err := t.CheckInput(input, run); err != nil {
		if run != nil && run.Tracing && t.Shape != nil {
			renderShape(roots)
		}
		return template.Value{}, err
	}
	var result template.Value
	if t.CallerShape {
		shape, ok := input.Lookup("shape")
		switch {
		case input.Kind() != template.Object:
			return template.Value{}, inputError("", "the input: want object, got "+input.Kind().String())
		case !ok:
			return template.Value{}, inputError("/shape", `missing required field "shape" (the shape to return)`)
		case shape.Kind() != template.Object:
			return template.Value{}, inputError("/shape", "field /shape: want object, got "+shape.Kind().String())
		}
		result = shape
	} else {
		var err error
		if result, err = renderShape(roots); err != nil {
			return result, err // the partial result
		}
	}
	if err := t.CheckResult(result, run); err != nil {
		return template.Value{}, err
	}
	return result, nil
}

// CheckInput validates a call's input against input_schema within run's
// work budget (nil: one of its own): an InputError per failing field. A
// plan checks the calls of tools that do not run here.
func (t *Tool) CheckInput(input template.Value, run *template.Env) error {
	if t.input == nil {
		return nil
	}
	return t.input.Validate(input, "the input", run).Errors(template.InputError, "").Err()
}

// CheckResult validates a result against output_schema within run's work
// budget (nil: one of its own): a ToolError per failing field. A plan
// checks the sample results of tools that do not run here.
func (t *Tool) CheckResult(result template.Value, run *template.Env) error {
	if t.output == nil {
		return nil
	}
	return t.output.Validate(result, "the result", run).Errors(template.ToolError, "the result does not match output_schema: ").Err()
}

// callError is a ToolError raised by a call.
func callError(msg string) *template.Error {
	return &template.Error{Kind: template.ToolError, Phase: template.PhaseRender, Msg: msg, Pos: template.Pos{Line: 1, Column: 1}}
}

// inputError reports a call input that fails: an InputError naming the
// field at ptr in Path, as a failure of input_schema does.
func inputError(ptr, msg string) template.ErrorList {
	return template.ErrorList{{Kind: template.InputError, Phase: template.PhaseRender, Msg: msg, Path: ptr, Pos: template.Pos{Line: 1, Column: 1}}}
}

// Tool loads the tool definition v, the node at ptr of the document (a
// tool of a plan), as user__<name>. Its errors name their place from the
// document's top.
func (d *Document) Tool(ptr string, v template.Value) (*Tool, error) {
	return loadToolAt(v, d.places, ptr, "user")
}
