package playground

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/splicedev/splice/internal/display"
	"github.com/splicedev/splice/plan"
	"github.com/splicedev/splice/reshape"
	"github.com/splicedev/splice/template"
)

// Targets name the editor a problem points into.
const (
	TargetMain     = ""      // the mode's editor: template, shape or tool
	TargetCall     = "call"  // the tool call's input
	targetRootPref = "root:" // followed by the root's name
)

// RootTarget names the editor of the root called name.
func RootTarget(name string) string { return targetRootPref + name }

// Problem is one error as the problems pane shows it, positioned in the
// text of the editor it belongs to.
type Problem struct {
	Kind   string // "BadPath", "SyntaxError" for data that does not parse, "" when untyped
	Phase  string // "load" or "render"
	Msg    string
	Target string // see targetMain, targetCall, rootTarget
	At     string // JSON Pointer of the failing shape leaf
	Step   string // in plan mode, the step it belongs to ("" for the solver)

	// Line and Column locate the tag in the target's text (1-based, column
	// in runes); zero when the error cannot be placed there.
	Line, Column int
	// Start and End are the tag's byte range in the target's text, and
	// SegStart and SegEnd the failing path segment's; -1 when unknown.
	Start, End       int
	SegStart, SegEnd int

	// NothingFound is the engine's word that the error is no failure:
	// the data ran out (EmptyData), the step is not broken.
	NothingFound bool

	Path       string
	Keys       []string // what is on offer at the failing segment
	More       int      // how many keys were left out of Keys
	Suggestion string
	Fix        string // what mends it in place of [SegStart, SegEnd)
}

// Label is the kind as people read it.
func (p *Problem) Label() string { return errLabel(p.Kind, p.NothingFound) }

// errLabel names an error for people: its kind, or "nothing found" for
// one the engine says is no failure (EmptyData).
func errLabel(kind string, nothingFound bool) string {
	switch {
	case nothingFound:
		return "nothing found"
	case kind == "":
		return "Error"
	}
	return kind
}

// Located reports whether the problem can select its tag in an editor.
func (p *Problem) Located() bool { return p.Start >= 0 }

// TraceRow is one tag of the trace pane.
type TraceRow struct {
	Leaf    string // JSON Pointer of the shape leaf, "" for a template
	Kind    string // span kind: root, key, loopvar, dot, section, inverted
	Path    string
	Tag     string // the tag in canonical form, {{#E0.list}}
	Line    int    // in the leaf or template text
	Column  int
	Start   int    // the tag's byte offset in the editor's text, -1 when unknown
	Count   int    // evaluations; 0 when never reached
	Type    string // JSON type of the value, "" when it failed or was absent
	Preview string // the value as shortened compact JSON
	ErrKind string
	Err     string
	// ErrNothingFound: the error is no failure (see Problem.NothingFound).
	ErrNothingFound bool
	Falsy           bool // a section on a path that goes nowhere (the engine's rule)
}

// ErrLabel names the row's error for people, as Problem.Label does.
func (r *TraceRow) ErrLabel() string { return errLabel(r.ErrKind, r.ErrNothingFound) }

// RowState is what became of a traced tag.
type RowState uint8

// The row states.
const (
	RowValue     RowState = iota // it resolved to a value of Type
	RowFalsy                     // a section on a path that goes nowhere: falsy, not a failure
	RowFailed                    // it failed with ErrKind
	RowUnreached                 // no render reached it
	RowAbsent                    // a bare key nothing had: renders empty
)

// State says what became of the row's tag.
func (r *TraceRow) State() RowState {
	switch {
	case r.Falsy:
		return RowFalsy
	case r.Err != "":
		return RowFailed
	case r.Count == 0:
		return RowUnreached
	case r.Type == "":
		return RowAbsent
	}
	return RowValue
}

// Describe says in one line what the row's tag resolved to, as the trace
// pane shows it.
func (r *TraceRow) Describe() string {
	runs := " (×" + strconv.Itoa(r.Count) + ")"
	switch r.State() {
	case RowFalsy:
		return "falsy: " + r.Err + runs
	case RowFailed:
		return r.ErrLabel() + ": " + r.Err
	case RowUnreached:
		return "not reached"
	case RowAbsent:
		return "absent: renders empty" + runs
	}
	return r.Type + " " + r.Preview + runs
}

// Outcome is everything one evaluation shows.
type Outcome struct {
	// Note says what the result is when it is not what it seems: what a
	// tool that cannot run here would run.
	Note string

	HasValue bool
	Value    template.Value
	JSON     string // compact JSON of Value (a JSON string for mixed text)
	Display  string // pretty-printed JSON, or the text verbatim
	Mixed    bool   // a string rendered from mixed text
	Typed    bool   // a typed splice: the template is exactly one tag

	// Partial is a shape's result when some of its leaves failed: what
	// rendered, each failing leaf null and marked. Empty otherwise.
	Partial []PartialPart

	Problems []Problem
	Err      error // the first failure behind Problems, for template.Format
	Trace    []TraceRow
	// RootErrors holds, per root name, why its text does not parse.
	RootErrors map[string]*Problem

	// Plan is plan mode's steps and selected step; nil in other modes.
	Plan *PlanView
	run  *plan.Outcome // the plan's run, for the selection
}

// Type is the result's JSON type, for the badge.
func (o *Outcome) Type() string { return o.Value.Kind().String() }

// decoded is a root or call text decoded once.
type decoded struct {
	Text  string
	value template.Value
	err   *Problem
	doc   *template.JSONDoc // a large JSON text's document, to edit in place
}

// Evaluator evaluates states, keeping decoded root texts so that an edit
// to the template never decodes the roots again, and the last shape and
// tool it parsed, so that an edit of the roots or of the call input alone
// parses neither again. Lookups compare texts with ==, which is a pointer
// check for a text that did not change.
type Evaluator struct {
	cache    []*decoded
	analysis *template.Analysis // of the last template text: tree, spans and completion
	shape    parsedShape
	tool     loadedTool
	planned  planned
	// resultJSON keeps each plan step's result as JSON, by step id.
	resultJSON map[string]encoded
	work       Work // what the evaluations so far cost, for tests
}

// Work counts what evaluations ask of the engine: documents (a shape or a
// tool file) decoded, data texts (a root, the call input) decoded, and
// templates (a template, or a shape's string leaves) parsed and rendered.
type Work struct {
	Decodes, DataDecodes, Parses, Renders int
}

// parsedShape is a shape text parsed leniently: the shape of the leaves
// that parse, and the errors.
type parsedShape struct {
	text  string
	done  bool
	shape *reshape.Shape
	err   error
}

// loadedTool is a tool file loaded; when it does not load, trace is the
// shape of the leaves of its shape that parse, for the trace pane.
type loadedTool struct {
	text  string
	done  bool
	tool  *reshape.Tool
	trace *reshape.Shape
	err   error
	input template.Value // the input schema; of a tool being written, the last one found
}

// leaves is how many templates a shape holds.
func leaves(s *reshape.Shape) int {
	if s == nil {
		return 0
	}
	return len(s.Leaves())
}

// parseShape returns text parsed, from the last evaluation when it parsed
// the same text.
func (e *Evaluator) parseShape(text string) *parsedShape {
	if p := &e.shape; p.done && p.text == text {
		return p
	}
	shape, err := reshape.ParseShapeLenient(text)
	e.work.Decodes++
	e.work.Parses += leaves(shape)
	e.shape = parsedShape{text: text, done: true, shape: shape, err: err}
	return &e.shape
}

// Analyze returns the engine's one parse of a template text, from the last
// call when the text is the same: evaluation, highlighting and completion
// of a keystroke share it.
func (e *Evaluator) Analyze(text string) *template.Analysis {
	if a := e.analysis; a != nil && a.Source == text {
		return a
	}
	e.work.Parses++
	e.analysis = template.Analyze(text)
	return e.analysis
}

// spans are the tags of the state's main text, placed in it, from the
// parse of its last evaluation: a template's, or the leaves of a shape or
// of a tool's shape.
func (e *Evaluator) spans(s *State) []template.Span {
	var shape *reshape.Shape
	switch s.Mode {
	case ModeTemplate:
		return e.Analyze(s.Template).Spans
	case ModePlan:
		return e.runPlan(s.Plan).spans
	case ModeShape:
		shape = e.parseShape(s.Shape).shape
	case ModeTool:
		if l := e.loadTool(s.Tool); l.tool != nil {
			shape = l.tool.Templates()
		} else {
			shape = l.trace
		}
	}
	if shape == nil {
		return nil
	}
	return shape.Spans()
}

// loadTool returns text loaded as a tool, from the last evaluation when it
// loaded the same text.
func (e *Evaluator) loadTool(text string) *loadedTool {
	if l := &e.tool; l.done && l.text == text {
		return l
	}
	tool, err := reshape.LoadTool([]byte(text))
	e.work.Decodes++
	l := loadedTool{text: text, done: true, tool: tool, err: err, input: e.tool.input}
	if tool != nil {
		e.work.Parses += leaves(tool.Templates())
		l.input = tool.InputSchema
	} else if l.trace, _ = reshape.ToolShapeLenient(text); l.trace != nil {
		// Trace what can be traced of a tool being written, and complete
		// from its input schema.
		e.work.Decodes++
		e.work.Parses += leaves(l.trace)
		if doc, err := reshape.ParseData(text); err == nil {
			l.input, _ = doc.Lookup("input_schema")
		}
	}
	e.tool = l
	return &e.tool
}

// decode returns text decoded (see lookup) and records it as used by the
// evaluation under way, which keeps it in the cache.
func (e *Evaluator) decode(text string, used *[]*decoded) *decoded {
	d := e.lookup(text)
	*used = append(*used, d)
	return d
}

// lookup returns text decoded, from the cache when the last evaluation
// decoded an identical text. A large JSON text that differs from a cached
// one only inside a string value (typing in a large root) is not decoded
// again: the cached value takes the edit.
func (e *Evaluator) lookup(text string) *decoded {
	for _, d := range e.cache {
		if d.Text == text {
			return d
		}
	}
	if len(text) >= editedInPlace && reshape.IsJSON(text) {
		if d := e.editCached(text); d != nil {
			return d
		}
		if doc, err := template.ParseJSONDoc(text); err == nil {
			e.work.DataDecodes++
			return &decoded{Text: text, value: doc.Value, doc: doc}
		}
	}
	e.work.DataDecodes++
	d := &decoded{Text: text}
	d.value, d.err = DecodeData(text)
	return d
}

// prepare reports whether text decodes quickly: a small text, one the last
// evaluation decoded, or a large JSON text it can take as an edit of a
// cached one, which it then keeps for the evaluation to find.
func (e *Evaluator) prepare(text string) bool {
	if len(text) < editedInPlace || !reshape.IsJSON(text) {
		return len(text) < editedInPlace
	}
	for _, d := range e.cache {
		if d.Text == text {
			return true
		}
	}
	d := e.editCached(text)
	if d != nil {
		e.cache = append(e.cache, d)
	}
	return d != nil
}

// editCached returns text decoded as an edit of a cached large JSON text,
// nil when it is not one.
func (e *Evaluator) editCached(text string) *decoded {
	for _, d := range e.cache {
		if d.doc == nil {
			continue
		}
		if doc, ok := d.doc.Edit(text); ok {
			return &decoded{Text: text, value: doc.Value, doc: doc}
		}
	}
	return nil
}

// editedInPlace is the size from which a JSON root keeps where its
// strings are, to take edits inside them without decoding again.
const editedInPlace = 64 << 10

// DecodeData reads a root or call text by the engine's one rule for JSON
// or YAML (reshape.ParseData); a text that does not parse is a problem at
// the place of its error.
func DecodeData(text string) (template.Value, *Problem) {
	v, err := reshape.ParseData(text)
	if err == nil {
		return v, nil
	}
	if list := template.Errors(err); list != nil {
		return template.Value{}, syntaxProblem(list[0].Msg, text, list[0].Pos.Offset)
	}
	return template.Value{}, syntaxProblem(err.Error(), text, -1)
}

// syntaxProblem is a data text that does not parse, at byte offset off
// (-1 when unknown).
func syntaxProblem(msg, text string, off int) *Problem {
	p := &Problem{Kind: "SyntaxError", Phase: "load", Msg: msg, Start: -1, End: -1, SegStart: -1, SegEnd: -1}
	if off >= 0 {
		pos := template.PosOf(text, off)
		p.Line, p.Column, p.Start, p.End = pos.Line, pos.Column, pos.Offset, min(pos.Offset+1, len(text))
	}
	return p
}

// Evaluate runs the state's mode and gathers what the panes show.
func (e *Evaluator) Evaluate(s *State) Outcome {
	var used []*decoded
	defer func() { e.cache = used }()

	o := Outcome{RootErrors: map[string]*Problem{}}
	var roots template.Roots
	if s.Mode == ModePlan { // a plan holds its own input and samples
		e.evaluatePlan(s.Plan, &o)
		return o
	}
	if s.Mode != ModeTool { // a tool sees only its call
		roots = e.roots(s, &o, &used).WithInput()
	}
	step := stepRun{o: &o, scope: s.Scope(), roots: roots}

	switch s.Mode {
	case ModeShape:
		// One decode and parse per edit of the shape, one render with
		// the trace per evaluation.
		p := e.parseShape(s.Shape)
		o.addErrors(s.Shape, TargetMain, p.err)
		if p.shape != nil {
			o.addWarnings(p.shape.Warnings())
		}
		if p.shape != nil {
			e.work.Renders += step.run(p.shape, p.err, s.Shape, p.shape.Reads, leaves(p.shape))
		}
	case ModeTool:
		l := e.loadTool(s.Tool)
		o.addErrors(s.Tool, TargetMain, l.err)
		if l.tool != nil {
			o.addWarnings(l.tool.Warnings)
		}
		call := e.decode(s.Call, &used)
		if call.err != nil {
			p := *call.err
			p.Target, p.Msg = TargetCall, "call input: "+p.Msg
			o.Problems = append(o.Problems, p)
			break
		}
		step.roots = template.Roots{{Name: "input", Value: call.value}}
		step.scope = step.roots.Scope(nil, nil, false)
		readsNoRoot := func(string) bool { return false } // only its call
		switch {
		case l.tool != nil && l.tool.Kind != reshape.KindReshape:
			// It cannot run here: what it would run is shown instead.
			e.work.Renders += step.run(reshape.Preview{Tool: l.tool, Input: call.value}, nil, s.Tool, readsNoRoot, leaves(l.tool.Templates()))
			o.Note = "A " + l.tool.Kind + " tool cannot run here: this is what it would run for this call."
		case l.tool != nil:
			e.work.Renders += step.run(reshape.Call{Tool: l.tool, Input: call.value}, nil, s.Tool, readsNoRoot, leaves(l.tool.Shape))
			if l.tool.CallerShape {
				o.Note = "A caller-shape tool returns the shape it is given. In a plan, the pipeline renders the shape's templates first: open it as a shape to see them rendered."
			}
		case l.trace != nil:
			e.work.Renders += step.run(l.trace, l.err, s.Tool, readsNoRoot, leaves(l.trace))
		}
	default:
		t, err := e.Analyze(s.Template).Template()
		o.addErrors(s.Template, TargetMain, err)
		if t != nil {
			e.work.Renders += step.run(t, nil, s.Template, t.Reads, 1)
			o.Typed = o.HasValue && t.Typed() // the marker of a typed splice
		}
	}
	return o
}

// stepRun is the step an evaluation runs: its scope and roots, and the
// outcome it fills.
type stepRun struct {
	o     *Outcome
	scope template.Scope
	roots template.Roots
}

// run runs subj through the engine's runner, tracing, and records its
// errors against text, its trace and its result. A subject with errors
// of its own (loadErr: it did not parse whole) is rendered for the trace
// alone; one that reads a root whose text does not parse is only checked,
// since that root blocks it. It returns the templates rendered.
func (st *stepRun) run(subj template.Subject, loadErr error, text string, reads func(string) bool, templates int) int {
	o := st.o
	for name := range o.RootErrors {
		if reads(name) {
			if loadErr == nil {
				o.addErrors(text, TargetMain, template.Check(subj, st.scope).Errors.Err())
			}
			return 0
		}
	}
	res := template.Run(subj, st.scope, st.roots, &template.Env{Tracing: true})
	o.Trace = traceRows(res.Trace)
	if loadErr != nil {
		return templates
	}
	o.addErrors(text, TargetMain, res.Errors.Err())
	switch {
	case res.OK():
		o.setResult(res.Value, res.Typed)
	case res.Loaded:
		o.setPartial(res.Value)
	}
	return templates
}

// roots decodes the state's roots, recording in o the lines of each and
// the problems of those that do not parse (which are left out).
func (e *Evaluator) roots(s *State, o *Outcome, used *[]*decoded) template.Roots {
	roots := make(template.Roots, 0, len(s.Roots))
	for _, r := range s.Roots {
		d := e.decode(r.Text, used)
		if d.err != nil {
			p := *d.err
			p.Target = RootTarget(r.Name)
			p.Msg = "root " + r.Name + ": " + p.Msg
			if o.Err == nil {
				o.Err = errors.New(p.Msg)
			}
			o.RootErrors[r.Name] = &p
			o.Problems = append(o.Problems, p)
			continue
		}
		roots = append(roots, template.Root{Name: r.Name, Value: d.value})
	}
	return roots
}

// setResult records a run's result and how it is shown.
func (o *Outcome) setResult(v template.Value, typed bool) {
	o.HasValue, o.Value, o.Mixed = true, v, !typed
	o.JSON = string(v.AppendJSON(nil))
	o.Display = display.Result(v, typed)
}

// setPartial keeps v, what a shape rendered although some leaves failed,
// to be shown with those leaves marked. A failure before the render (a
// call input that fails input_schema) leaves nothing to show.
func (o *Outcome) setPartial(v template.Value) {
	if v.IsNull() {
		return
	}
	if failed := o.failedLeaves(); len(failed) > 0 {
		o.Partial = partialParts(v, failed)
	}
}

// failedLeaves maps each failing shape leaf's pointer to its first
// problem (or failed tag). A shape is an object: no leaf's pointer is "".
func (o *Outcome) failedLeaves() map[string]string {
	failed := map[string]string{}
	for _, p := range o.Problems {
		if _, seen := failed[p.At]; !seen && p.At != "" && p.Target == TargetMain && p.Phase == "render" {
			failed[p.At] = p.Label() + ": " + p.Msg
		}
	}
	// Past the cap on problems, the trace still names the failing leaves.
	for _, row := range o.Trace {
		if _, seen := failed[row.Leaf]; !seen && row.Leaf != "" && row.ErrKind != "" {
			failed[row.Leaf] = row.ErrLabel() + ": " + row.Err
		}
	}
	return failed
}

// addErrors turns err into problems located in text, the editor target's
// text. Errors that are not typed (a part not built yet, say) still show.
func (o *Outcome) addErrors(text, target string, err error) {
	if err == nil {
		return
	}
	if o.Err == nil {
		o.Err = err
	}
	list := template.Errors(err)
	if list == nil {
		o.Problems = append(o.Problems, Problem{Phase: "load", Msg: err.Error(), Target: target, Start: -1, End: -1, SegStart: -1, SegEnd: -1})
		return
	}
	for _, e := range list {
		o.Problems = append(o.Problems, newProblem(e, text, target))
	}
}

// newProblem places e in text, the editor target's text, by the engine's
// facts: a template's error is in its source; a shape leaf's carries its
// place in the whole document.
func newProblem(e *template.Error, text, target string) Problem {
	if e.Kind == template.InputError && target != TargetCall {
		p := placeProblem(e, "", TargetCall)
		p.Line, p.Column, p.Start, p.End, p.SegStart, p.SegEnd = 0, 0, -1, -1, -1, -1
		return p // in the call's editor, which places none
	}
	return placeProblem(e, text, target)
}

// placeProblem places e in text, the editor target's text: by its place
// in the document when it has one (a shape leaf's, a plan's), else in its
// template's source.
func placeProblem(e *template.Error, text, target string) Problem {
	p := Problem{
		Kind: e.Kind.String(), Phase: e.Phase.String(), Msg: e.Msg, Target: target, At: e.At, NothingFound: !e.Failure(),
		Start: -1, End: -1, SegStart: -1, SegEnd: -1,
		Path: e.Path, Keys: e.Available, More: e.More, Suggestion: e.Suggestion,
	}
	pos, end, segStart, segEnd := e.Pos, e.End, e.SegStart, e.SegEnd
	switch {
	case e.Doc.Line > 0:
		pos, end, segStart, segEnd = e.Doc, e.DocEnd, e.DocSegStart, e.DocSegEnd
	case e.Pos.Line == 0:
		return p // nowhere
	case e.Source != text && e.Source != "":
		return p // a leaf of a shape given without its text
	}
	if pos.Offset > len(text) {
		return p
	}
	p.Line, p.Column, p.Start, p.End = pos.Line, pos.Column, pos.Offset, min(max(end, pos.Offset+1), len(text))
	if segEnd > segStart {
		p.SegStart, p.SegEnd, p.Fix = segStart, segEnd, e.Fix
	}
	return p
}

// addWarnings adds a document's likely mistakes (reshape.Warning) as
// problems of the main text, each with its fix.
func (o *Outcome) addWarnings(warnings []reshape.Warning) {
	for _, w := range warnings {
		o.Problems = append(o.Problems, Problem{Kind: "Warning", Phase: "load", Msg: w.Msg, Target: TargetMain, At: w.At,
			Line: w.Pos.Line, Column: w.Pos.Column, Start: w.Pos.Offset, End: w.End, SegStart: w.From, SegEnd: w.To, Fix: w.Fix})
	}
}

// ReplaceSegment puts key in place of the problem's failing segment.
func ReplaceSegment(text string, p *Problem, key string) (string, bool) {
	if p.SegStart < 0 || p.SegEnd > len(text) || p.SegStart > p.SegEnd {
		return text, false
	}
	return text[:p.SegStart] + key + text[p.SegEnd:], true
}

// traceRows turns a run's trace into rows. A shape leaf's row is labelled
// with its leaf and placed in the document, as its problems are.
func traceRows(entries []template.TraceEntry) []TraceRow {
	rows := make([]TraceRow, 0, len(entries))
	for _, t := range entries {
		row := TraceRow{Leaf: t.At, Kind: t.Kind.String(), Path: t.Path, Tag: t.Tag(), Line: t.Pos.Line, Column: t.Pos.Column, Start: t.Pos.Offset, Count: t.Count}
		if t.At != "" {
			row.Start = -1
			if t.Doc.Line > 0 {
				row.Line, row.Column, row.Start = t.Doc.Line, t.Doc.Column, t.Doc.Offset
			}
		}
		_, row.Falsy = t.Falsy()
		switch {
		case t.Err != nil:
			row.ErrKind, row.Err, row.ErrNothingFound = t.Err.Kind.String(), t.Err.Msg, !t.Err.Failure()
		case t.Count > 0 && t.Found:
			row.Type, row.Preview = t.Value.Kind().String(), runsPreview(&t)
		}
		rows = append(rows, row)
	}
	return rows
}

// runsPreview is what a tag gave: its value, or for a tag a section
// repeats with different values, those of its first runs ("false, false,
// true", then "…" when it ran more often).
func runsPreview(t *template.TraceEntry) string {
	differ := false
	for _, v := range t.Runs[1:] {
		differ = differ || !v.Equal(t.Runs[0])
	}
	if !differ {
		return preview(t.Value, previewLimit)
	}
	each := make([]string, len(t.Runs), len(t.Runs)+1)
	for i, v := range t.Runs {
		each[i] = preview(v, previewLimit/len(t.Runs))
	}
	if t.Count > len(t.Runs) {
		each = append(each, "…")
	}
	return strings.Join(each, ", ")
}

// previewLimit bounds a trace preview, in bytes of JSON.
const previewLimit = 120

// preview writes v as compact JSON cut after about limit bytes with "…",
// without encoding all of a large value first.
func preview(v template.Value, limit int) string {
	b := appendPreview(nil, v, limit)
	if len(b) > limit {
		cut := limit
		for cut > 0 && !utf8.RuneStart(b[cut]) {
			cut--
		}
		return string(b[:cut]) + "…"
	}
	return string(b)
}

// appendPreview appends v as compact JSON, stopping once dst passes limit.
func appendPreview(dst []byte, v template.Value, limit int) []byte {
	switch v.Kind() {
	case template.Array:
		elems := v.Elems()
		return appendItems(dst, '[', ']', len(elems), limit, func(dst []byte, i int) []byte {
			return appendPreview(dst, elems[i], limit)
		})
	case template.Object:
		members := v.Members()
		return appendItems(dst, '{', '}', len(members), limit, func(dst []byte, i int) []byte {
			dst = template.AppendQuoted(dst, members[i].Key)
			dst = append(dst, ':')
			return appendPreview(dst, members[i].Value, limit)
		})
	case template.String:
		if s := v.Str(); len(s) > limit {
			return template.AppendQuoted(dst, s[:limit+1])
		}
	}
	return v.AppendJSON(dst)
}

// Evaluate evaluates s afresh, as a page that opens it does.
func Evaluate(s State) Outcome {
	var e Evaluator
	return e.Evaluate(&s)
}

// appendItems appends n items between open and close, separated by
// commas, stopping (unclosed) once dst passes limit.
func appendItems(dst []byte, open, close byte, n, limit int, item func(dst []byte, i int) []byte) []byte {
	dst = append(dst, open)
	for i := range n {
		if len(dst) > limit {
			return dst
		}
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = item(dst, i)
	}
	return append(dst, close)
}
