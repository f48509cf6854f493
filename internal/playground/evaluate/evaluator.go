package evaluate

import (
	"errors"

	"github.com/splicedev/splice/internal/display"
	"github.com/splicedev/splice/internal/playground/state"
	"github.com/splicedev/splice/plan"
	"github.com/splicedev/splice/reshape"
	"github.com/splicedev/splice/template"
)

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
	// parsed is the last plan run whose document parsed, and its view:
	// what plan mode keeps showing, marked stale, while the text does not.
	parsed     planned
	parsedView *PlanView
	// kept holds each step's last result that had data (a result or
	// iterations), by id: what completion offers while the step fails.
	kept map[string]*plan.StepResult
	// resultJSON keeps each plan step's result as JSON, by step id.
	resultJSON map[string]encoded
	// edited is the last edit an editor gave as a range, so that a cached
	// large text takes it without comparing texts; nil when there is none.
	edited *rangeEdit
	work   engineWork // what the evaluations so far cost, for tests
}

// rangeEdit is an edit given as a range: old with [from, to) replaced is
// next.
type rangeEdit struct {
	old, next string
	from, to  int
}

// engineWork counts what evaluations ask of the engine: documents (a shape or a
// tool file) decoded, data texts (a root, the call input) decoded, and
// templates (a template, or a shape's string leaves) parsed and rendered.
// Compares counts the large texts compared with a cached one to find
// what an edit changed.
type engineWork struct {
	Decodes, DataDecodes, Parses, Renders, Compares int
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

// analyze returns the engine's one parse of a template text, from the last
// call when the text is the same: evaluation, highlighting and completion
// of a keystroke share it.
func (e *Evaluator) analyze(text string) *template.Analysis {
	if a := e.analysis; a != nil && a.Source == text {
		return a
	}
	e.work.Parses++
	e.analysis = template.Analyze(text)
	return e.analysis
}

// Spans are the tags of the state's main text, placed in it, from the
// parse of its last evaluation: a template's, a plan's, or the leaves of a
// shape or of a tool's shape.
func (e *Evaluator) Spans(s *state.State) []template.Span {
	var shape *reshape.Shape
	switch s.Mode {
	case state.ModeTemplate:
		return e.analyze(s.Template).Spans
	case state.ModePlan:
		return e.runPlan(s.Plan).tags()
	case state.ModeShape:
		shape = e.parseShape(s.Shape).shape
	case state.ModeTool:
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
	d.value, d.err = decodeData(text)
	return d
}

// DecodesQuickly reports whether a root or call text decodes quickly: a
// small text, one the last evaluation decoded, or a large JSON text it can
// take as an edit of a cached one, which it then keeps for the evaluation
// to find.
func (e *Evaluator) DecodesQuickly(text string) bool {
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
// nil when it is not one. The edit an editor gave as a range is taken as
// such; any other is found by comparing the texts.
func (e *Evaluator) editCached(text string) *decoded {
	for _, d := range e.cache {
		if d.doc == nil {
			continue
		}
		var doc *template.JSONDoc
		var ok bool
		if from, to, given := e.rangeOf(d.Text, text); given {
			doc, ok = d.doc.Replace(from, to, text)
		} else {
			doc, ok = d.doc.Edit(text)
		}
		if ok {
			return &decoded{Text: text, value: doc.Value, doc: doc}
		}
	}
	return nil
}

// rangeOf returns the range of old that next replaced, when it was given
// (see Edit); else the texts must be compared, which work counts.
func (e *Evaluator) rangeOf(old, next string) (from, to int, given bool) {
	if r := e.edited; r != nil && r.next == next && r.old == old {
		return r.from, r.to, true
	}
	e.work.Compares++
	return 0, 0, false
}

// Edit returns old, a text of the state the next evaluation runs, with
// [from, to) bytes replaced by insert, and keeps the edit for the caches
// of that evaluation: a large text takes it in place (rangeOf). An edit
// outside the text is none.
func (e *Evaluator) Edit(old string, from, to int, insert string) (string, bool) {
	if from < 0 || from > to || to > len(old) {
		return "", false
	}
	next := old[:from] + insert + old[to:]
	e.edited = &rangeEdit{old: old, next: next, from: from, to: to}
	return next, true
}

// editedInPlace is the size from which a JSON root keeps where its
// strings are, to take edits inside them without decoding again.
const editedInPlace = 64 << 10

// decodeData reads a root or call text by the engine's one rule for JSON
// or YAML (reshape.ParseData); a text that does not parse is a problem at
// the place of its error.
func decodeData(text string) (template.Value, *Problem) {
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
	p := unplaced
	p.other, p.Phase, p.Msg = "SyntaxError", template.PhaseLoad, display.Message(msg)
	if off >= 0 {
		p.Pos = template.PosOf(text, off)
		p.End = min(p.Pos.Offset+1, len(text))
	}
	return &p
}

// Evaluate runs the state's mode and gathers what the panes show.
func (e *Evaluator) Evaluate(s *state.State) Outcome {
	var used []*decoded
	defer func() { e.cache, e.edited = used, nil }()

	o := Outcome{rootErrors: map[string]*Problem{}}
	var roots template.Roots
	if s.Mode == state.ModePlan { // a plan holds its own input and samples
		e.evaluatePlan(s.Plan, &o)
		return o
	}
	if s.Mode != state.ModeTool { // a tool sees only its call
		roots = e.roots(s, &o, &used).WithInput()
	}
	step := stepRun{o: &o, scope: s.Scope(), roots: roots}

	switch s.Mode {
	case state.ModeShape:
		// One decode and parse per edit of the shape, one render with
		// the trace per evaluation.
		p := e.parseShape(s.Shape)
		o.addErrors(s.Shape, state.Target{}, p.err)
		if p.shape != nil {
			o.addWarnings(p.shape.Warnings())
		}
		if p.shape != nil {
			e.work.Renders += step.run(p.shape, p.err, s.Shape, p.shape.Reads, leaves(p.shape))
		}
	case state.ModeTool:
		l := e.loadTool(s.Tool)
		o.addErrors(s.Tool, state.Target{}, l.err)
		if l.tool != nil {
			o.addWarnings(l.tool.Warnings)
		}
		call := e.decode(s.Call, &used)
		if call.err != nil {
			p := *call.err
			p.Target, p.Msg = state.Target{Call: true}, "call input: "+p.Msg
			o.Problems = append(o.Problems, p)
			break
		}
		step.roots, step.call = template.Roots{{Name: "input", Value: call.value}}, s.Call
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
		t, err := e.analyze(s.Template).Template()
		o.addErrors(s.Template, state.Target{}, err)
		if t != nil {
			e.work.Renders += step.run(t, nil, s.Template, t.Reads, 1)
			if o.Result != nil {
				o.Result.Splice = t.Typed() // the marker of a typed splice
			}
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
	call  string // a tool's call input, where the errors of its fields are placed
}

// run runs subj through the engine's runner, tracing, and records its
// errors against text, its trace and its result. A subject with errors
// of its own (loadErr: it did not parse whole) is rendered for the trace
// alone; one that reads a root whose text does not parse is only checked,
// since that root blocks it. It returns the templates rendered.
func (st *stepRun) run(subj template.Subject, loadErr error, text string, reads func(string) bool, templates int) int {
	o := st.o
	for name := range o.rootErrors {
		if reads(name) {
			if loadErr == nil {
				o.addErrors(text, state.Target{}, template.Check(subj, st.scope).Err)
			}
			return 0
		}
	}
	res := template.Run(subj, st.scope, st.roots, &template.Env{Tracing: true})
	o.Trace = display.Trace(res.Trace)
	if loadErr != nil {
		return templates
	}
	err := res.Err
	if err != nil && st.call != "" {
		err = reshape.PlaceInput(err, st.call)
	}
	o.addErrors(text, state.Target{}, err)
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
func (e *Evaluator) roots(s *state.State, o *Outcome, used *[]*decoded) template.Roots {
	roots := make(template.Roots, 0, len(s.Roots))
	for _, r := range s.Roots {
		d := e.decode(r.Text, used)
		if d.err != nil {
			p := *d.err
			p.Target = state.Target{Root: r.Name}
			p.Msg = "root " + r.Name + ": " + p.Msg
			if o.Err == nil {
				o.Err = errors.New(p.Msg)
			}
			o.rootErrors[r.Name] = &p
			o.Problems = append(o.Problems, p)
			continue
		}
		roots = append(roots, template.Root{Name: r.Name, Value: d.value})
	}
	return roots
}

// Plan returns the plan document text loaded, from the last evaluation
// when it ran the same text.
func (e *Evaluator) Plan(text string) *plan.Plan { return e.runPlan(text).plan }

// CallerShape is the shape the call of a caller-shape tool gives, as a
// shape text: the result of out, an evaluation of s; "" when s is no such
// call.
func (e *Evaluator) CallerShape(s *state.State, out *Outcome) string {
	if s.Mode != state.ModeTool || out.Result == nil {
		return ""
	}
	if l := e.loadTool(s.Tool); l.tool == nil || !l.tool.CallerShape {
		return ""
	}
	return display.JSON(out.Result.Value()) + "\n"
}
