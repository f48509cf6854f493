package reshape

import (
	"slices"

	"github.com/splicedev/splice/template"
)

// Shape is a parsed shape (DIALECT §7): a JSON object whose keys are literal
// and whose string leaves are templates; numbers, booleans and nulls pass
// through, arrays and objects recurse. It is immutable and safe for
// concurrent use.
type Shape struct {
	value  template.Value
	root   shapeNode
	leaves []Leaf
	places *docPlaces // where its nodes are in its text; nil without one
}

// Leaf is one string leaf of a shape: where it sits and its template.
type Leaf struct {
	At       string // JSON Pointer of the leaf, "/labels/0/name"
	Template *template.Template
	place    place // where its string is in the shape's text
}

// shapeNode is a shape value prepared for rendering. A subtree without
// templates is kept whole and returned as is.
type shapeNode struct {
	constant bool
	value    template.Value // the subtree, when constant
	leaf     int            // index in Shape.leaves, for a string leaf
	kind     template.Kind
	keys     []string // object keys in order
	children []shapeNode
}

// ParseData decodes the text of a root, a call input or a shape by the one
// rule of the project: a text whose first non-space character is '{' or
// '[' is JSON, so that a JSON typo is reported as one rather than read as
// YAML's flow style; any other text is YAML; an empty text is null. Errors
// are ToolErrors positioned in text.
func ParseData(text string) (template.Value, error) {
	v, _, err := parseData(text, false)
	return v, err
}

// IsJSON reports whether ParseData reads text as JSON (else as YAML).
func IsJSON(text string) bool {
	i := leadingSpace(text)
	return i < len(text) && (text[i] == '{' || text[i] == '[')
}

// leadingSpace is how many bytes of white space, after a byte-order mark,
// text starts with: a loop rather than strings.TrimLeft, whose Unicode cut
// sets are kilobytes of code in the engine's wasm.
func leadingSpace(text string) int {
	i := bomLen(text)
	for i < len(text) && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n') {
		i++
	}
	return i
}

// parseData is ParseData that can also place every node.
func parseData(text string, track bool) (template.Value, *docPlaces, error) {
	if !IsJSON(text) {
		return decodeYAML(text, track)
	}
	// A byte-order mark is no part of the JSON, nor a column of its line.
	bom := bomLen(text)
	v, quotes, err := template.ParseJSONStrings(text[bom:])
	if err != nil {
		e := &template.Error{Kind: template.ToolError, Phase: template.PhaseLoad, Msg: "JSON syntax: " + err.Error(), Source: text, Pos: template.Pos{Offset: bom, Line: 1, Column: 1}}
		if syntax, ok := err.(*template.SyntaxError); ok {
			e.Msg, e.Pos = "JSON syntax: "+syntax.Msg, syntax.Pos
			e.Pos.Offset += bom
			e.End = e.Pos.Offset
		}
		return template.Value{}, nil, e
	}
	if bom > 0 {
		for i := range quotes {
			quotes[i] += bom
		}
	}
	if !track {
		return v, nil, nil
	}
	places, err := jsonPlaces(text, v, quotes)
	if err != nil {
		return template.Value{}, nil, err
	}
	return v, places, nil
}

// ParseShape parses a shape from JSON or YAML text (see ParseData). Every
// leaf's parse errors are reported, in document order, each with its
// leaf's JSON Pointer in At and its place in the text in Doc.
func ParseShape(text string) (*Shape, error) {
	v, places, err := parseData(text, true)
	if err != nil {
		return nil, err
	}
	if v.Kind() != template.Object {
		return nil, places.notObject(v)
	}
	return compileShape(v, places, "", "", false)
}

// notObjectError reports a shape whose top level is not an object.
func notObjectError(v template.Value, source string, pos template.Pos) *template.Error {
	if pos.Line == 0 {
		pos = template.Pos{Line: 1, Column: 1}
	}
	return &template.Error{Kind: template.ToolError, Phase: template.PhaseLoad, Source: source, Pos: pos, End: pos.Offset,
		Found: v.Kind().String(), Msg: "a shape must be an object, not " + article(v.Kind()) + " " + v.Kind().String()}
}

func article(k template.Kind) string {
	if k == template.Array || k == template.Object {
		return "an"
	}
	return "a"
}

// ShapeFromValue makes a shape from a decoded value, parsing every string
// leaf. A top level that is not an object, or an object with a duplicate
// key, is a ToolError.
func ShapeFromValue(v template.Value) (*Shape, error) {
	if v.Kind() != template.Object {
		return nil, notObjectError(v, "", template.Pos{})
	}
	return compileShape(v, nil, "", "", false)
}

// compileShape parses the leaves of v, which sits at JSON Pointer base in
// the document that places locates (nil: no document); at prefixes the
// pointers its leaves and errors name (a plan names them from the plan's
// top, a tool file from the shape's). A failing leaf fails the shape,
// unless lenient: then the shape of the leaves that parse comes with the
// errors (a leaf that does not parse renders as null).
func compileShape(v template.Value, places *docPlaces, base, at string, lenient bool) (*Shape, error) {
	c := shapeCompiler{places: places, base: base, at: at, lenient: lenient, budget: 64 << 20}
	if places != nil {
		c.budget = pointerBudget(len(places.text))
	}
	root := c.node(v, "")
	if c.budget < 0 {
		e := &Error{engineError: engineError{Kind: template.ToolError, Phase: template.PhaseLoad, Msg: tooDeepKeys, Pos: template.Pos{Line: 1, Column: 1}}}
		if places != nil {
			pos := places.placeOf(base).pos
			e.Source, e.Pos, e.Doc = places.text, pos, pos
		}
		return nil, ErrorList{e}
	}
	s := &Shape{value: v, root: root, leaves: c.leaves, places: places}
	switch {
	case len(c.errs) == 0:
		return s, nil
	case lenient:
		return s, c.errs.Capped()
	}
	return nil, c.errs.Capped()
}

// ParseShapeLenient is ParseShape for a shape being written: with the
// errors of ParseShape, it returns the shape of every leaf that parses (a
// leaf that does not renders as null), so that a view can still trace
// those. The shape is nil when the text is not an object at all.
func ParseShapeLenient(text string) (*Shape, error) {
	v, places, err := parseData(text, true)
	if err != nil {
		return nil, err
	}
	if v.Kind() != template.Object {
		return nil, places.notObject(v)
	}
	return compileShape(v, places, "", "", true)
}

type shapeCompiler struct {
	places  *docPlaces
	base    string // where the shape is in the document
	at      string // the prefix of the pointers leaves and errors name
	leaves  []Leaf
	errs    ErrorList
	lenient bool // a leaf that does not parse becomes null
	budget  int  // the pointer bytes it may still make (see pointerBudget)
}

func (c *shapeCompiler) node(v template.Value, ptr string) shapeNode {
	if c.budget -= len(c.at) + len(ptr); c.budget < 0 {
		return shapeNode{constant: true}
	}
	switch v.Kind() {
	case template.String:
		leaf := Leaf{At: c.at + ptr}
		if c.places != nil {
			leaf.place, _ = c.places.value(c.base + ptr)
		}
		t, err := template.Parse(v.Str())
		if err != nil {
			c.errs = c.places.mark(c.errs, err, leaf)
			if c.lenient {
				return shapeNode{constant: true}
			}
			return shapeNode{}
		}
		leaf.Template = t
		c.leaves = append(c.leaves, leaf)
		return shapeNode{leaf: len(c.leaves) - 1, kind: template.String}
	case template.Object:
		members := v.Members()
		n := shapeNode{kind: template.Object, constant: true, keys: make([]string, len(members)), children: make([]shapeNode, len(members))}
		var seen map[string]bool
		if len(members) > 1 {
			seen = make(map[string]bool, len(members))
		}
		for i, m := range members {
			at := template.ChildPointer(ptr, m.Key)
			if seen != nil {
				if seen[m.Key] {
					c.duplicate(m.Key, at)
				}
				seen[m.Key] = true
			}
			n.keys[i] = m.Key
			n.children[i] = c.node(m.Value, at)
			n.constant = n.constant && n.children[i].constant
		}
		return n.collapse(v)
	case template.Array:
		elems := v.Elems()
		n := shapeNode{kind: template.Array, constant: true, children: make([]shapeNode, len(elems))}
		for i, e := range elems {
			n.children[i] = c.node(e, appendIndex(ptr, i))
			n.constant = n.constant && n.children[i].constant
		}
		return n.collapse(v)
	}
	return shapeNode{constant: true, value: v}
}

// duplicate reports a key the shape repeats, at the repeated key.
func (c *shapeCompiler) duplicate(key, at string) {
	e := &Error{engineError: engineError{Kind: template.ToolError, Phase: template.PhaseLoad,
		Pos: template.Pos{Line: 1, Column: 1}, Msg: "duplicate key " + string(template.AppendQuoted(nil, key)) + " in the shape"}, At: c.at + at}
	if c.places != nil {
		if pos, ok := c.places.key(c.base + at); ok {
			e.Pos, e.End, e.Source = pos, pos.Offset, c.places.text
			e.Doc, e.DocEnd = pos, pos.Offset
		}
	}
	c.errs = append(c.errs, e)
}

// collapse keeps a subtree without templates as the value itself.
func (n shapeNode) collapse(v template.Value) shapeNode {
	if n.constant {
		return shapeNode{constant: true, value: v}
	}
	return n
}

// mark appends the typed errors of err, raised by leaf, each placed at the
// leaf's JSON Pointer and, when d places the document, at its place there.
// The errors are copied: the engine's are left untouched.
func (d *docPlaces) mark(list ErrorList, err error, leaf Leaf) ErrorList {
	for _, e := range template.Errors(err) {
		marked := &Error{engineError: *e, At: leaf.At}
		if d != nil && len(list) < template.MaxErrors {
			d.locate(marked, leaf.place)
		}
		list = append(list, marked)
	}
	return list
}

// Reads reports whether a render of the shape may read the root called
// name (see template.Template.Reads).
func (s *Shape) Reads(name string) bool {
	for _, l := range s.leaves {
		if l.Template.Reads(name) {
			return true
		}
	}
	return false
}

// RootsRead calls yield with the root of every root-anchored path of every
// leaf, in document order (see template.Template.RootsRead).
func (s *Shape) RootsRead(yield func(root string)) {
	for _, l := range s.leaves {
		l.Template.RootsRead(yield)
	}
}

// Warnings are the likely mistakes of the shape's document (see Warning);
// none for a shape given without its text.
func (s *Shape) Warnings() []Warning {
	if s.places == nil {
		return nil
	}
	return s.places.warnings
}

// Value returns the shape as it was given.
func (s *Shape) Value() template.Value { return s.value }

// Leaves returns the string leaves in document order. The slice must not be
// modified.
func (s *Shape) Leaves() []Leaf { return s.leaves }

// scopeOnly holds no tags, so checking it reports only the scope's own
// errors (a reserved step id), which belong to no leaf.
var scopeOnly, _ = template.Parse("")

// Check runs the load-time root and scope checks (MissingStep, ScopeError)
// over every leaf and returns all their errors in document order, each with
// its leaf's JSON Pointer in At.
func (s *Shape) Check(scope template.Scope) error {
	scope = scope.Prepared()
	if err := scopeOnly.Check(scope); err != nil {
		return err
	}
	var errs ErrorList
	for _, l := range s.leaves {
		if err := l.Template.Check(scope); err != nil {
			errs = s.places.mark(errs, err, l)
		}
	}
	if len(errs) > 0 {
		return errs.Capped()
	}
	return nil
}

// Render renders every leaf once, with the typed splice: a leaf that is
// exactly one tag becomes the value it names, any other leaf a string. What
// the leaves resolve to is returned verbatim, never parsed again. The error
// lists every failing leaf's render errors in document order.
func (s *Shape) Render(roots template.Roots) (template.Value, error) {
	v, _, err := s.RenderIn(roots, nil)
	if err != nil {
		return template.Value{}, err
	}
	return v, nil
}

// Typed is true: a shape's result is a value as it is.
func (s *Shape) Typed() bool { return true }

// RenderIn is Render within run, the budget its leaves share with the
// rest of the run (see template.Run). When run traces, the trace holds
// every leaf's tags in document order, each naming its leaf and placed in
// the document. A failing render returns the partial result too, each
// failing leaf null.
func (s *Shape) RenderIn(roots template.Roots, run *template.Env) (template.Value, []template.TraceEntry, error) {
	if run == nil {
		run = &template.Env{} // one budget for all the leaves
	}
	r := shapeRenderer{shape: s, roots: roots, run: run}
	v := r.node(&s.root)
	if len(r.errs) > 0 {
		return v, r.trace, r.errs.Capped()
	}
	return v, r.trace, nil
}

// shapeRenderer renders a shape's nodes within one run; a struct rather
// than a closure, so that rendering a shape for each item of a map makes
// no renderer on the heap.
type shapeRenderer struct {
	shape   *Shape
	roots   template.Roots
	run     *template.Env
	trace   []template.TraceEntry
	errs    ErrorList
	limited bool // a leaf stopped at a limit: the rest are not rendered
}

// leaf renders a leaf, within the run and tracing when it traces.
func (r *shapeRenderer) leaf(l Leaf) (template.Value, error) {
	v, entries, err := l.Template.RenderIn(r.roots, r.run)
	if !traces || len(entries) == 0 { // an untraced run's leaves are placed for nothing
		return v, err
	}
	docs := r.shape.places.docs(l, entries)
	for i := range entries {
		entries[i].At = l.At
		if docs != nil {
			entries[i].Doc = docs[i]
		}
	}
	r.trace = append(r.trace, entries...)
	return v, err
}

func (r *shapeRenderer) node(n *shapeNode) template.Value {
	switch {
	case n.constant:
		return n.value
	case n.kind == template.String:
		if r.limited {
			return template.Value{} // the budget is spent: one LimitError says so
		}
		l := r.shape.leaves[n.leaf]
		v, err := r.leaf(l)
		if err != nil {
			r.errs = r.shape.places.mark(r.errs, err, l)
			r.limited = slices.ContainsFunc(r.errs[len(r.errs)-len(template.Errors(err)):], func(e *Error) bool { return e.Kind == template.LimitError })
		}
		return v
	case n.kind == template.Object:
		members := make([]template.Member, len(n.children))
		for i := range n.children {
			members[i] = template.Member{Key: n.keys[i], Value: r.node(&n.children[i])}
		}
		return template.ObjectValue(members)
	}
	elems := make([]template.Value, len(n.children))
	for i := range n.children {
		elems[i] = r.node(&n.children[i])
	}
	return template.ArrayValue(elems)
}
