// Package plan loads, checks and runs plan documents (DIALECT §9): a whole
// plan in one JSON or YAML text, with sample results for the steps nothing
// here runs.
//
// Load checks every template of every step, the solver and every tool
// definition before anything renders; Run renders the steps in order
// through the engine's one runner (template.Run), one work and output
// budget for the whole run. A broken step blocks only the steps that read
// it. Every error names its step, the JSON Pointer of its place in the
// document and the document's line and column.
package plan

import (
	"slices"
	"strconv"
	"strings"

	"github.com/splicedev/splice/reshape"
	"github.com/splicedev/splice/template"
)

// Form is what a step does.
type Form uint8

// The step forms.
const (
	Call   Form = iota // calls a tool once
	Map                // calls a tool once per element of over; the results in an array
	Fold               // calls a tool once per element, each result the next accumulator
	Decide             // runs the steps of one of its branches
)

var formNames = [...]string{"call", "map", "fold", "decide"}

func (f Form) String() string { return formNames[f] }

// MaxIterations bounds the iterations of one map or fold step.
const MaxIterations = 10000

// builtinReshape is the tool whose result is its rendered input.shape.
const builtinReshape = "builtin__reshape"

// Step is one step of a plan.
type Step struct {
	ID       string
	At       string // JSON Pointer of the step in the document, "/steps/2"
	Form     Form
	ToolName string
	Branch   string   // a decide step's sample decision: the branch that ran
	Branches []Branch // a decide step's branches, in document order
	In       *Step    // the decide step in one of whose branches it sits, nil at the top
	InBranch string   // the name of that branch

	value   template.Value // the step as written, to tell what an edit changed
	input   *reshape.Shape // the input (a call's, an iteration body's, a decide's); nil when absent
	over    *reshape.Shape
	initial *reshape.Shape
	sample  *template.Value // the result given in the document
	how     calling
	tool    *reshape.Tool // a user tool of the plan
	list    []*Step       // the steps it sits among, and its index there
	index   int
	pos     int            // its index in Plan.All: document order
	scope   template.Scope // what its input, over and initial name of their scope
	body    template.Scope // the same for an iteration body's input
	broken  bool           // a load error: it does not run
	deps    []string       // the roots its templates may read, bare keys' fallback included
	reads   []string       // the steps its root-anchored paths read: what blocks it
	paths   []string       // those paths, each once: what its edges in the plan's graph name
}

// Branch is one branch of a decide step.
type Branch struct {
	Name  string
	At    string // JSON Pointer of its list of steps
	Steps []*Step
}

// calling is how a step's result comes about.
type calling uint8

const (
	external calling = iota // a tool nothing here runs: the result is the sample
	checked                 // a user exec or prompt tool: the sample, its call and result checked by the tool's schemas
	reshaped                // builtin__reshape: the rendered input.shape
	tooled                  // a user reshape tool of the plan, called with the rendered input
)

// Computed reports whether the step's result is computed here rather than
// taken from its sample.
func (s *Step) Computed() bool { return s.how == reshaped || s.how == tooled }

// Plan is a loaded plan document.
type Plan struct {
	Input  template.Value
	Steps  []*Step // the top-level steps, in run order
	All    []*Step // every step in document order, branch steps inside their decide step
	Errors ErrorList
	// Warnings are the document's likely mistakes: a YAML comment that
	// hides a tag.
	Warnings []reshape.Warning

	doc         *reshape.Document
	byID        map[string]*Step
	tools       map[string]*reshape.Tool
	toolValues  template.Value // the tools as written, to tell an edit
	solver      *reshape.Shape
	solverScope template.Scope
	solverReads []string
	solverPaths []string
	hasSolver   bool
	drawn       []*reshape.Shape // every template of the document that parses, for Spans
	parsed      int              // the templates its load parsed
	work        int              // what its load did: the first charge to a run's budget
	extents     [][2]int         // of All, computed on the first StepAt
}

// Step returns the step called id.
func (p *Plan) Step(id string) (*Step, bool) {
	s, ok := p.byID[id]
	return s, ok
}

// Text is the plan document's text.
func (p *Plan) Text() string {
	if p.doc == nil {
		return ""
	}
	return p.doc.Text()
}

// HasSolver reports whether the plan has a solver template.
func (p *Plan) HasSolver() bool { return p.hasSolver }

// The keys a plan, a step of each form and a decide step may have.
var (
	planKeys   = []string{"input", "tools", "steps", "solver"}
	callKeys   = []string{"id", "tool_name", "input", "result"}
	iterKeys   = []string{"id", "over", "initial", "tool_name", "input", "result"}
	decideKeys = []string{"id", "decide", "branch", "input"}
	stepKeys   = union(slices.Clone(iterKeys), decideKeys)
)

// IsPlan reports whether text is a plan document: a mapping with steps,
// whether or not it loads, or a text that does not parse with its steps
// at its top (a plan with a slip, whose error says where).
func IsPlan(text string) bool {
	doc, err := reshape.ParseData(text)
	if err != nil {
		text = strings.TrimPrefix(text, "\ufeff")
		return strings.HasPrefix(text, "steps:") || strings.Contains(text, "\nsteps:") ||
			reshape.IsJSON(text) && strings.Contains(text, `"steps"`)
	}
	return has(doc, "steps") && doc.Kind() == template.Object
}

// Load parses and checks a plan document. It always returns a plan: one
// whose document does not parse has no steps and that error.
func Load(text string) *Plan {
	doc, err := reshape.ParseDocument(text)
	if err != nil {
		p := newPlan()
		p.Errors = placeAll(err, text, "")
		return p
	}
	return LoadDocument(doc)
}

// LoadDocument checks a plan document already parsed (one an editor took
// an edit into, say: reshape.Document.Edit).
func LoadDocument(doc *reshape.Document) *Plan {
	p := newPlan()
	p.doc, p.Warnings = doc, doc.Warnings()
	l := loader{p: p, doc: doc}
	l.load()
	l.sortErrors()
	p.Errors = l.errs.Capped()
	return p
}

func newPlan() *Plan {
	return &Plan{Input: template.ObjectValue(nil), byID: map[string]*Step{}, tools: map[string]*reshape.Tool{}}
}

type loader struct {
	p    *Plan
	doc  *reshape.Document
	errs ErrorList
}

// fail records a ToolError about the document at the node ptr.
func (l *loader) fail(step *Step, ptr, msg string) *Error {
	return l.failAt(step, ptr, l.doc.Pos(ptr), msg)
}

func (l *loader) failAt(step *Step, ptr string, pos template.Pos, msg string) *Error {
	e := &Error{placedError: *l.doc.Error(ptr, pos, msg)}
	if step != nil {
		e.Step = step.ID
		step.broken = true
	}
	l.errs = append(l.errs, e)
	return e
}

// add records the errors err carries, raised at the node ptr of step.
func (l *loader) add(step *Step, ptr string, err error) {
	if err == nil {
		return
	}
	id := ""
	if step != nil {
		id = step.ID
		step.broken = true
	}
	for _, e := range placeAll(err, l.doc.Text(), id) {
		if e.At == "" {
			e.At = ptr
		}
		l.errs = append(l.errs, e)
	}
}

// sortErrors puts the load errors in document order.
func (l *loader) sortErrors() {
	slices.SortStableFunc(l.errs, func(a, b *Error) int { return a.Doc.Offset - b.Doc.Offset })
}

func (l *loader) load() {
	top := l.doc.Value
	if top.Kind() != template.Object {
		what := "nothing"
		if !top.IsNull() {
			what = article(top.Kind()) + " " + top.Kind().String()
		}
		l.fail(nil, "", "a plan document must be a mapping of steps (and input, tools, solver), not "+what)
		return
	}
	for _, m := range top.Members() {
		if !slices.Contains(planKeys, m.Key) {
			l.unknownKey(nil, top, "", m.Key, "the plan", planKeys)
		}
	}
	if v, ok := top.Lookup("input"); ok {
		l.p.Input = v
	}
	if v, ok := top.Lookup("tools"); ok {
		l.tools(v)
	}
	steps, ok := top.Lookup("steps")
	switch {
	case !ok:
		l.fail(nil, "", "a plan needs steps: the list of its steps, in run order")
	case steps.Kind() != template.Array:
		e := l.fail(nil, "/steps", "steps must be a list of steps, not "+article(steps.Kind())+" "+steps.Kind().String())
		if steps.Kind() == template.Object {
			l.dashFix(e)
		}
	default:
		l.p.Steps = l.list(steps, "/steps", nil, "")
	}
	for _, s := range l.p.All {
		l.step(s)
	}
	if v, ok := top.Lookup("solver"); ok {
		l.p.hasSolver = true
		l.solver(v)
	}
}

// dashFix mends e, steps written as one step's mapping (its "- "
// forgotten), when its first key starts a block line: that line as the
// first item of a list, its dash two columns left of the key so that the
// keys below stay the step's. It is offered only when the mapping's lines,
// so mended, read as a list of steps: the trial reads no more than they.
func (l *loader) dashFix(e *Error) {
	text := l.doc.Text()
	at := e.Doc.Offset
	start := strings.LastIndexByte(text[:at], '\n') + 1
	indent := text[start:at]
	if len(indent) < 2 || strings.Trim(indent, " ") != "" {
		return
	}
	end := at + strings.IndexByte(text[at:]+"\n", '\n')
	end -= len(text[at:end]) - len(strings.TrimSuffix(text[at:end], "\r"))
	fix := indent[2:] + "- " + text[at:end]
	if len(fix) > maxFixLine {
		return
	}
	// The mapping goes on while its lines are blank or as deep as its key.
	block := end
	for block < len(text) {
		next := block + 1 + strings.IndexByte(text[block+1:]+"\n", '\n')
		line := strings.TrimRight(text[block+1:min(next, len(text))], "\r")
		if strings.TrimSpace(line) != "" && !strings.HasPrefix(line, indent) {
			break
		}
		block = next
	}
	doc, err := reshape.ParseData("steps:\n" + fix + text[end:min(block, len(text))])
	if steps, ok := doc.Lookup("steps"); err != nil || !ok || steps.Kind() != template.Array {
		return
	}
	e.Fix, e.SegStart, e.SegEnd, e.DocSegStart, e.DocSegEnd = fix, start, end, start, end
}

// maxFixLine bounds a line a fix rewrites: the fix is shown whole.
const maxFixLine = 400

// solver checks the solver template v.
func (l *loader) solver(v template.Value) {
	shape := l.parse(nil, "/solver", v)
	l.p.solverScope = l.scopeNamed(nil, shape)
	l.p.solver = l.check(nil, "/solver", shape, l.p.solverScope)
	l.p.solverReads = reads(l.p.solver, l.p.solverScope)
	l.p.solverPaths = paths(l.p.solver, l.p.solverReads)
}

// tools loads the plan's tool definitions.
func (l *loader) tools(v template.Value) {
	l.p.toolValues = v
	if v.Kind() != template.Array {
		l.fail(nil, "/tools", "tools must be a list of tool definitions, not "+article(v.Kind())+" "+v.Kind().String())
		return
	}
	for i, def := range v.Elems() {
		ptr := "/tools/" + strconv.Itoa(i)
		tool, err := l.doc.Tool(ptr, def)
		if err != nil {
			l.add(nil, ptr, err)
			continue
		}
		name := tool.QualifiedName()
		if _, taken := l.p.tools[name]; taken {
			l.fail(nil, ptr+"/name", "duplicate tool name "+strconv.Quote(tool.Name)+": each tool of the plan needs its own")
			continue
		}
		l.p.tools[name] = tool
	}
}

// list reads a list of steps at ptr, the top level or a branch of in.
func (l *loader) list(v template.Value, ptr string, in *Step, branch string) []*Step {
	var steps []*Step
	for i, sv := range v.Elems() {
		s := &Step{At: ptr + "/" + strconv.Itoa(i), value: sv, In: in, InBranch: branch}
		if sv.Kind() != template.Object {
			l.fail(nil, s.At, "a step must be a mapping with an id, not "+article(sv.Kind())+" "+sv.Kind().String())
			continue
		}
		s.index, s.pos, steps = len(steps), len(l.p.All), append(steps, s)
		l.p.All = append(l.p.All, s)
		l.header(s)
	}
	for _, s := range steps {
		s.list = steps
	}
	return steps
}

// header reads a step's id, form and keys, and the branches of a decide.
func (l *loader) header(s *Step) {
	v := s.value
	keys := callKeys
	switch _, decide := v.Lookup("decide"); {
	case decide:
		s.Form, keys = Decide, decideKeys
	case has(v, "over") && has(v, "initial"):
		s.Form, keys = Fold, iterKeys
	case has(v, "over"):
		s.Form, keys = Map, iterKeys
	}
	l.id(s)
	for _, m := range v.Members() {
		if !slices.Contains(keys, m.Key) {
			l.unknownKey(s, v, s.At, m.Key, "a "+s.Form.String()+" step", keys)
		}
	}
	if s.Form == Decide {
		l.branches(s)
	}
}

// unknownKey reports key, of the mapping m at ptr (step s's, nil for the
// plan's), as no key of what, among keys, with a did-you-mean: the key
// other plan formats name so (tool for tool_name), when m lacks it, or the
// nearest.
func (l *loader) unknownKey(s *Step, m template.Value, ptr, key, what string, keys []string) {
	ptr = template.ChildPointer(ptr, key)
	e := l.failAt(s, ptr, l.doc.KeyPos(ptr), "unknown key "+strconv.Quote(key)+" in "+what)
	e.Available, e.Suggestion = keys, template.Suggest(key, keys)
	known := keys
	if s != nil {
		known = stepKeys // an alias may make the step another form (foreach: over)
	}
	if alias, ok := keyAliases[strings.ToLower(key)]; ok && slices.Contains(known, alias) && !has(m, alias) {
		e.Suggestion = alias
	}
	l.replaces(e, e.Doc, key)
	if key == "shape" && s != nil && !has(m, "input") {
		e.Msg += ": a shape is the input of its step's call (input: {shape: …})"
		l.shapeFix(e)
	}
}

// shapeFix mends e, the shape of step s written as a key of the step,
// when it fits on its line ("shape: {…}"): that line as "input: {shape:
// {…}}", offered only when that line reads as such an input.
func (l *loader) shapeFix(e *Error) {
	text := l.doc.Text()
	at := e.Doc.Offset
	end := at + strings.IndexByte(text[at:]+"\n", '\n')
	line := strings.TrimRight(text[at:end], " \t\r")
	value, ok := strings.CutPrefix(line, "shape:")
	value = strings.TrimSpace(value)
	if !ok || !strings.HasPrefix(value, "{") || len(line) > maxFixLine {
		return
	}
	fix := "input: {shape: " + value + "}"
	doc, err := reshape.ParseData(fix)
	if shape, ok := template.ResolvePointer(doc, "/input/shape"); err != nil || !ok || shape.Kind() != template.Object {
		return
	}
	e.Fix, e.SegStart, e.SegEnd, e.DocSegStart, e.DocSegEnd = fix, at, at+len(line), at, at+len(line)
}

// keyAliases are the names other plan and workflow formats give the keys
// of a plan's steps, too far from them for an edit distance to find.
var keyAliases = map[string]string{
	"tool": "tool_name", "tool_id": "tool_name", "uses": "tool_name", "call": "tool_name",
	"args": "input", "arguments": "input", "params": "input", "parameters": "input", "with": "input",
	"output": "result", "sample": "result", "response": "result",
	"foreach": "over", "for_each": "over", "each": "over", "items": "over", "loop": "over",
	"branches": "decide", "switch": "decide", "cases": "decide",
	"init": "initial", "start": "initial",
}

// replaces makes text, at pos in the document bare or in quotes, the
// segment of e that a name on offer or its did-you-mean takes the place
// of (and what e underlines, when it starts there).
func (l *loader) replaces(e *Error, pos template.Pos, text string) {
	doc := l.doc.Text()
	at := min(pos.Offset, len(doc))
	if q := doc[at:]; strings.HasPrefix(q, `"`+text+`"`) || strings.HasPrefix(q, "'"+text+"'") {
		at++
	}
	if pos.Line == 0 || !strings.HasPrefix(doc[at:], text) {
		return
	}
	end := at + len(text)
	e.SegStart, e.SegEnd, e.DocSegStart, e.DocSegEnd = at, end, at, end
	if at <= e.Doc.Offset+1 {
		e.End, e.DocEnd = end, end
	}
}

// id reads and registers a step's id.
func (l *loader) id(s *Step) {
	v, ok := s.value.Lookup("id")
	switch {
	case !ok:
		l.fail(s, s.At, "a step needs an id")
		return
	case v.Kind() != template.String:
		l.fail(s, s.At+"/id", "a step id must be a string, not "+article(v.Kind())+" "+v.Kind().String())
		return
	}
	if why := template.ValidateStepID(v.Str()); why != "" {
		l.fail(s, s.At+"/id", why).Kind = template.ScopeError
		return
	}
	if first, taken := l.p.byID[v.Str()]; taken {
		l.fail(s, s.At+"/id", "step id "+strconv.Quote(v.Str())+" is taken by the step at "+first.At+": an id names one step in the whole plan").Kind = template.ScopeError
		return
	}
	s.ID = v.Str()
	l.p.byID[s.ID] = s
}

// branches reads a decide step's branches and its sample decision. A
// wrong decision lists the first branch names, and how many more there are,
// as a missing root lists the roots.
func (l *loader) branches(s *Step) {
	d, _ := s.value.Lookup("decide")
	if d.Kind() != template.Object {
		l.fail(s, s.At+"/decide", "decide must be a mapping of branch name to its list of steps, not "+article(d.Kind())+" "+d.Kind().String())
		return
	}
	members := d.Members()
	names := make([]string, 0, min(len(members), template.MaxAvailable))
	for _, m := range members {
		ptr := template.ChildPointer(s.At+"/decide", m.Key)
		if len(names) < template.MaxAvailable {
			names = append(names, m.Key)
		}
		if m.Value.Kind() != template.Array {
			l.fail(s, ptr, "branch "+strconv.Quote(m.Key)+" must be a list of steps, not "+article(m.Value.Kind())+" "+m.Value.Kind().String())
			continue
		}
		s.Branches = append(s.Branches, Branch{Name: m.Key, At: ptr, Steps: l.list(m.Value, ptr, s, m.Key)})
	}
	listNames := func(e *Error) {
		e.Available, e.More = names, len(members)-len(names)
		e.Msg += e.AvailableText()
	}
	b, ok := s.value.Lookup("branch")
	switch {
	case !ok:
		listNames(l.fail(s, s.At, "a decide step needs its sample decision: branch: NAME, one of "))
	case b.Kind() != template.String || !has(d, b.Str()):
		e := l.fail(s, s.At+"/branch", "branch "+preview(b)+" is not one of the decide step's branches: ")
		listNames(e)
		if b.Kind() == template.String {
			e.Suggestion = template.Suggest(b.Str(), names)
			l.replaces(e, e.Doc, b.Str())
		}
	default:
		s.Branch = b.Str()
	}
}

// step checks a step's templates and its tool. Its templates are parsed
// first, so that its scope holds only the roots they name.
func (l *loader) step(s *Step) {
	iterates := s.Form == Map || s.Form == Fold
	var over, initial, input *reshape.Shape
	if iterates {
		if v, ok := s.value.Lookup("over"); ok {
			over = l.parse(s, s.At+"/over", v)
		}
		if v, ok := s.value.Lookup("initial"); ok {
			initial = l.parse(s, s.At+"/initial", v)
		}
	}
	if v, ok := s.value.Lookup("input"); ok {
		if v.Kind() != template.Object {
			l.fail(s, s.At+"/input", "input must be a mapping of the call's arguments, not "+article(v.Kind())+" "+v.Kind().String())
		} else {
			input = l.parse(s, s.At+"/input", v)
		}
	}
	s.scope = l.scopeNamed(s, over, initial, input)
	inputScope := s.scope
	if iterates {
		s.body = s.scope
		s.body.Iteration = true
		inputScope = s.body
		s.over = l.check(s, s.At+"/over", over, s.scope)
		s.initial = l.check(s, s.At+"/initial", initial, s.scope)
	}
	s.input = l.check(s, s.At+"/input", input, inputScope)
	if r, ok := s.value.Lookup("result"); ok {
		s.sample = &r
	}
	if s.Form != Decide {
		l.tool(s)
	}
}

// tool resolves the tool a call or iteration step calls.
func (l *loader) tool(s *Step) {
	name, ok := s.value.Lookup("tool_name")
	switch {
	case !ok:
		l.fail(s, s.At, "a "+s.Form.String()+" step needs tool_name: the tool it calls")
		return
	case name.Kind() != template.String || name.Str() == "":
		l.fail(s, s.At+"/tool_name", "tool_name must be a tool's name, not "+name.JSON())
		return
	}
	s.ToolName = name.Str()
	switch {
	case s.ToolName == builtinReshape:
		s.how = reshaped
		input, ok := s.value.Lookup("input")
		switch shape, hasShape := input.Lookup("shape"); {
		case ok && input.Kind() != template.Object: // said where the input is read: it must be a mapping
		case !hasShape:
			l.fail(s, s.At+"/input", "builtin__reshape needs input.shape: the shape (a mapping) to render")
		case shape.Kind() != template.Object:
			l.fail(s, s.At+"/input/shape", "input.shape must be a mapping (the shape to render), not "+article(shape.Kind())+" "+shape.Kind().String())
		}
	case strings.HasPrefix(s.ToolName, "user__"):
		tool, ok := l.p.tools[s.ToolName]
		if !ok {
			names := make([]string, 0, len(l.p.tools))
			for n := range l.p.tools {
				names = append(names, n)
			}
			slices.Sort(names)
			// Named as written, user__ and all, as the available names are.
			msg := "no tool " + strconv.Quote(s.ToolName) + " in the plan's tools"
			if len(names) == 0 {
				msg += ": the plan defines none (tools: a list of tool definitions)"
			}
			e := l.fail(s, s.At+"/tool_name", msg)
			e.Available, e.Suggestion = names, template.Suggest(s.ToolName, names)
			l.replaces(e, e.Doc, s.ToolName)
			return
		}
		s.tool, s.how = tool, checked
		if tool.Kind == reshape.KindReshape {
			s.how = tooled
		}
	default:
		s.how = external
	}
	switch {
	case s.Form == Fold && !s.Computed():
		l.fail(s, s.At+"/tool_name", "a fold's body must be computed here (builtin__reshape or a reshape tool of the plan): each iteration's accumulator is the one before's result, which "+s.ToolName+" cannot give")
	case !s.Computed() && s.sample == nil:
		what := "which nothing here runs"
		if s.Form == Map {
			what += "; a map's sample is the array of every iteration's result"
		}
		e := l.failAt(s, s.At, l.doc.KeyPos(s.At+"/tool_name"), "step "+s.ID+" calls "+s.ToolName+", "+what+": give its sample result (result: …)")
		if near := template.Suggest(s.ToolName, []string{builtinReshape}); near != "" { // builtin_reshape, say
			e.Suggestion = near
			l.replaces(e, l.doc.Pos(s.At+"/tool_name"), s.ToolName)
		}
	}
}

// parse compiles the template or value at ptr; nil when it does not
// parse. What parses is drawn, as far as it goes.
func (l *loader) parse(s *Step, ptr string, v template.Value) *reshape.Shape {
	shape, err := l.doc.Compile(ptr, v)
	if err != nil {
		l.add(s, ptr, err)
		if drawn := l.doc.CompileLenient(ptr, v); drawn != nil {
			l.p.drawn = append(l.p.drawn, drawn)
			l.p.parsed += len(drawn.Leaves())
		}
		return nil
	}
	l.p.drawn = append(l.p.drawn, shape)
	l.p.parsed += len(shape.Leaves())
	return shape
}

// check checks a parsed shape against scope (DIALECT §6) and gives it
// back, or nil when it fails. A step records the roots it may read.
func (l *loader) check(s *Step, ptr string, shape *reshape.Shape, scope template.Scope) *reshape.Shape {
	if shape == nil {
		return nil
	}
	scope = scope.Prepared()
	if err := shape.Check(scope); err != nil {
		if len(l.errs) < template.MaxErrors {
			// A reported error lists every root the step may read and the
			// nearest to a typo: the whole scope, for the errors kept alone.
			full := l.p.Scope(s)
			full.Iteration = scope.Iteration
			l.p.work += len(l.p.All)
			err = shape.Check(full)
		}
		l.add(s, ptr, err)
		return nil
	}
	if s != nil {
		named := map[string]bool{}
		for _, leaf := range shape.Leaves() {
			for _, span := range leaf.Template.Spans() {
				if root, _, _ := strings.Cut(span.Path, "."); root != "" {
					named[root] = true
				}
			}
		}
		for _, root := range scope.Available() {
			if named[root] && !slices.Contains(s.deps, root) {
				s.deps = append(s.deps, root)
			}
		}
		s.reads = union(s.reads, reads(shape, scope))
		s.paths = union(s.paths, paths(shape, s.reads))
	}
	return shape
}

// reads lists the steps whose results a shape's root-anchored paths read,
// in document order: what blocks it (DIALECT §9).
func reads(shape *reshape.Shape, scope template.Scope) []string {
	var ids []string
	if shape == nil {
		return nil
	}
	shape.RootsRead(func(root string) {
		if root != "input" && slices.Contains(scope.Roots, root) && !slices.Contains(ids, root) {
			ids = append(ids, root)
		}
	})
	return ids
}

// paths lists the root-anchored paths of a shape that read one of steps,
// each once, in document order: "E1.number".
func paths(shape *reshape.Shape, steps []string) []string {
	var found []string
	if shape == nil {
		return nil
	}
	for _, leaf := range shape.Leaves() {
		for _, span := range leaf.Template.Spans() {
			root, _, _ := strings.Cut(span.Path, ".")
			if span.Anchored && slices.Contains(steps, root) && !slices.Contains(found, span.Path) {
				found = append(found, span.Path)
			}
		}
	}
	return found
}

// link is one level of a step's place: a branch of a decide step.
type link struct {
	decide *Step
	branch string
}

// chain is where a step sits: the branches that hold it, outermost first.
func chain(s *Step) []link {
	var c []link
	for ; s != nil && s.In != nil; s = s.In {
		c = append(c, link{s.In, s.InBranch})
	}
	slices.Reverse(c)
	return c
}

// scopeNamed is the part of viewer's scope (the solver's for nil) that its
// shapes name: the steps they name that it sees, in document order, the
// later ones and those inside a branch it is not in. Checking and running
// a step then cost what it names, not the plan's length; its whole scope
// (scope) is made for messages and completion alone.
func (l *loader) scopeNamed(viewer *Step, shapes ...*reshape.Shape) template.Scope {
	sc := template.Scope{Roots: []string{"input"}}
	at := chain(viewer)
	seen := map[string]bool{}
	var visible []*Step
	for _, shape := range shapes {
		if shape == nil {
			continue
		}
		for _, leaf := range shape.Leaves() {
			l.p.work += len(leaf.Template.Spans())
			for _, span := range leaf.Template.Spans() {
				root, _, _ := strings.Cut(span.Path, ".")
				t, ok := l.p.byID[root]
				if !ok || seen[root] {
					continue
				}
				seen[root] = true
				l.p.work += len(at) // placing it walks viewer's levels
				switch decide := seenFrom(viewer, at, t); {
				case decide != nil:
					if sc.Branch == nil {
						sc.Branch = map[string]string{}
					}
					sc.Branch[root] = decide.ID
				case before(viewer, at, t):
					visible = append(visible, t)
				default:
					sc.Later = append(sc.Later, root)
				}
			}
		}
	}
	slices.SortFunc(visible, func(a, b *Step) int { return a.pos - b.pos })
	for _, t := range visible {
		sc.Roots = append(sc.Roots, t.ID)
	}
	return sc
}

// seenFrom is the decide step inside one of whose branches t sits where
// viewer, whose place is at, is not; nil when t sits in one of the lists
// that hold viewer.
func seenFrom(viewer *Step, at []link, t *Step) *Step {
	c := chain(t)
	k := 0
	for k < len(c) && k < len(at) && c[k] == at[k] {
		k++
	}
	if k < len(c) {
		return c[k].decide
	}
	return nil
}

// before reports whether t, in one of the lists that hold viewer, comes
// before viewer's place in that list. The solver comes after every step.
func before(viewer *Step, at []link, t *Step) bool {
	if viewer == nil {
		return true
	}
	anc := viewer
	for range len(at) - len(chain(t)) {
		anc = anc.In
	}
	return t.index < anc.index
}

// Scope is what the templates of viewer see (DIALECT §3 and §9): input,
// then the steps before it at every level of its place; the others are
// later (in its own lists) or inside a branch it is not in. For the solver
// (viewer nil), every top-level step is a root.
func (p *Plan) Scope(viewer *Step) template.Scope {
	roots := []string{"input"}
	var at []link
	if viewer == nil {
		for _, s := range p.Steps {
			if s.ID != "" {
				roots = append(roots, s.ID)
			}
		}
	} else {
		at = chain(viewer)
		var before func(s *Step)
		before = func(s *Step) {
			if s.In != nil {
				before(s.In)
			}
			for _, sib := range s.list[:s.index] {
				if sib.ID != "" {
					roots = append(roots, sib.ID)
				}
			}
		}
		before(viewer)
	}
	sc := template.Scope{Roots: roots}
	// A set of the roots: a plan of n steps would otherwise compare n² ids
	// for each of its n steps.
	isRoot := make(map[string]bool, len(roots))
	for _, r := range roots {
		isRoot[r] = true
	}
	for _, s := range p.All {
		if s.ID == "" || isRoot[s.ID] {
			continue
		}
		c := chain(s)
		k := 0
		for k < len(c) && k < len(at) && c[k] == at[k] {
			k++
		}
		if k == len(c) {
			sc.Later = append(sc.Later, s.ID)
			continue
		}
		if sc.Branch == nil {
			sc.Branch = map[string]string{}
		}
		sc.Branch[s.ID] = c[k].decide.ID
	}
	return sc
}

func has(v template.Value, key string) bool {
	_, ok := v.Lookup(key)
	return ok
}

// union appends to a the names of b it lacks.
func union(a, b []string) []string {
	for _, n := range b {
		if !slices.Contains(a, n) {
			a = append(a, n)
		}
	}
	return a
}

func article(k template.Kind) string {
	if k == template.Array || k == template.Object {
		return "an"
	}
	return "a"
}
