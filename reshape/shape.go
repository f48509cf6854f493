package reshape

import (
	"strconv"
	"strings"

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
}

// Leaf is one string leaf of a shape: where it sits and its template.
type Leaf struct {
	At       string // JSON Pointer of the leaf, "/labels/0/name"
	Template *template.Template
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

// ParseShape parses a shape from JSON or YAML text. Text that starts with
// '{' or '[' is read as JSON when it parses as JSON, and as YAML otherwise;
// when it is neither, the JSON syntax error is reported, since that is what
// its author most likely wrote. Every leaf's parse errors are reported, in
// document order, each with its leaf's JSON Pointer in At.
func ParseShape(text string) (*Shape, error) {
	v, err := decodeShapeText(text)
	if err != nil {
		return nil, err
	}
	if v.Kind() != template.Object {
		var pos template.Pos
		if _, places, _ := decodeYAML(text, true); places != nil {
			pos = places.values[""]
		}
		return nil, notObjectError(v, text, pos)
	}
	return ShapeFromValue(v)
}

func decodeShapeText(text string) (template.Value, error) {
	start := strings.TrimLeft(text, " \t\r\n")
	if start == "" || start[0] != '{' && start[0] != '[' {
		return ParseYAML(text)
	}
	v, jsonErr := template.ParseJSONString(text)
	if jsonErr == nil {
		return v, nil
	}
	if v, err := ParseYAML(text); err == nil {
		return v, nil
	}
	e := &template.Error{Kind: template.ToolError, Phase: template.PhaseLoad, Msg: "JSON syntax: " + jsonErr.Error(), Source: text, Pos: template.Pos{Line: 1, Column: 1}}
	if syntax, ok := jsonErr.(*template.SyntaxError); ok {
		e.Msg, e.Pos, e.End = "JSON syntax: "+syntax.Msg, syntax.Pos, syntax.Pos.Offset
	}
	return template.Value{}, e
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
	var c shapeCompiler
	root := c.node(v, "")
	if len(c.errs) > 0 {
		return nil, c.errs
	}
	return &Shape{value: v, root: root, leaves: c.leaves}, nil
}

// ParseShapeLenient is ParseShape for a shape being written: with the
// errors of ParseShape, it returns the shape of every leaf that parses (a
// leaf that does not renders as null), so that a view can still trace
// those. The shape is nil when the text is not an object at all.
func ParseShapeLenient(text string) (*Shape, error) {
	v, err := decodeShapeText(text)
	if err != nil {
		return nil, err
	}
	if v.Kind() != template.Object {
		return ParseShape(text)
	}
	return LenientShape(v)
}

// LenientShape is ShapeFromValue that keeps going past the leaves that do
// not parse, as ParseShapeLenient does.
func LenientShape(v template.Value) (*Shape, error) {
	if v.Kind() != template.Object {
		return nil, notObjectError(v, "", template.Pos{})
	}
	c := shapeCompiler{lenient: true}
	root := c.node(v, "")
	s := &Shape{value: v, root: root, leaves: c.leaves}
	if len(c.errs) > 0 {
		return s, c.errs
	}
	return s, nil
}

type shapeCompiler struct {
	leaves  []Leaf
	errs    template.ErrorList
	lenient bool // a leaf that does not parse becomes null
}

func (c *shapeCompiler) node(v template.Value, ptr string) shapeNode {
	switch v.Kind() {
	case template.String:
		t, err := template.Parse(v.Str())
		if err != nil {
			c.errs = appendAt(c.errs, err, ptr)
			if c.lenient {
				return shapeNode{constant: true}
			}
			return shapeNode{}
		}
		c.leaves = append(c.leaves, Leaf{At: ptr, Template: t})
		return shapeNode{leaf: len(c.leaves) - 1, kind: template.String}
	case template.Object:
		members := v.Members()
		n := shapeNode{kind: template.Object, constant: true, keys: make([]string, len(members)), children: make([]shapeNode, len(members))}
		var seen map[string]bool
		if len(members) > 1 {
			seen = make(map[string]bool, len(members))
		}
		for i, m := range members {
			at := appendToken(ptr, m.Key)
			if seen != nil {
				if seen[m.Key] {
					c.errs = append(c.errs, &template.Error{Kind: template.ToolError, Phase: template.PhaseLoad, At: at,
						Pos: template.Pos{Line: 1, Column: 1}, Msg: "duplicate key " + strconv.Quote(m.Key) + " in the shape"})
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

// collapse keeps a subtree without templates as the value itself.
func (n shapeNode) collapse(v template.Value) shapeNode {
	if n.constant {
		return shapeNode{constant: true, value: v}
	}
	return n
}

// appendAt appends the typed errors of err, each marked with the leaf's
// JSON Pointer. The errors are copied: the engine's are left untouched.
func appendAt(list template.ErrorList, err error, at string) template.ErrorList {
	for _, e := range template.Errors(err) {
		marked := *e
		marked.At = at
		list = append(list, &marked)
	}
	return list
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
	if err := scopeOnly.Check(scope); err != nil {
		return err
	}
	var errs template.ErrorList
	for _, l := range s.leaves {
		if err := l.Template.Check(scope); err != nil {
			errs = appendAt(errs, err, l.At)
		}
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// Render renders every leaf once, with the typed splice: a leaf that is
// exactly one tag becomes the value it names, any other leaf a string. What
// the leaves resolve to is returned verbatim, never parsed again. The error
// lists every failing leaf's render errors in document order.
func (s *Shape) Render(roots template.Roots) (template.Value, error) {
	r := shapeRenderer{leaves: s.leaves, roots: roots}
	v := r.node(&s.root)
	if len(r.errs) > 0 {
		return template.Value{}, r.errs
	}
	return v, nil
}

// LeafTrace is the trace of one string leaf: every tag of its template, in
// source order, with what it resolved to.
type LeafTrace struct {
	At      string // the leaf's JSON Pointer
	Entries []template.TraceEntry
}

// RenderTrace is Render and the trace of every leaf in one pass, for a
// view that shows both, as (*template.Template).RenderTrace is for a
// template. The traces are in document order, one per leaf; they are
// returned when the render fails too.
func (s *Shape) RenderTrace(roots template.Roots) (template.Value, []LeafTrace, error) {
	r := shapeRenderer{leaves: s.leaves, roots: roots, traces: make([]LeafTrace, len(s.leaves))}
	v := r.node(&s.root)
	if len(r.errs) > 0 {
		return template.Value{}, r.traces, r.errs
	}
	return v, r.traces, nil
}

type shapeRenderer struct {
	leaves []Leaf
	roots  template.Roots
	errs   template.ErrorList
	traces []LeafTrace // by leaf, when tracing
}

func (r *shapeRenderer) node(n *shapeNode) template.Value {
	switch {
	case n.constant:
		return n.value
	case n.kind == template.String:
		l := r.leaves[n.leaf]
		var v template.Value
		var err error
		if r.traces != nil {
			var entries []template.TraceEntry
			v, entries, err = l.Template.RenderTrace(r.roots)
			r.traces[n.leaf] = LeafTrace{At: l.At, Entries: entries}
		} else {
			v, err = l.Template.Render(r.roots)
		}
		if err != nil {
			r.errs = appendAt(r.errs, err, l.At)
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
