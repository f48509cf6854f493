// Package template implements the {{Ex.path}} dialect: a small, strict,
// logic-less template language that moves typed data between plan steps.
//
// A template is parsed once (Parse), checked at load time against the roots
// a step can see (Check), and rendered against their data (Render). A
// template that is exactly one variable tag renders to the raw JSON value it
// names (the typed splice); any other template renders to a string.
package template

import (
	"slices"
	"sync/atomic"
)

// Version is the engine's version. It changes whenever a template, a shape
// or a tool may render differently (a revision of the dialect, a fix), so
// that a reproduction can say which engine made its result.
const Version = "1.0.0"

// Template is a parsed template. It is immutable and safe for concurrent use.
type Template struct {
	src      string
	root     *listNode
	spans    []Span
	typed    *variableNode // the single tag of an exact-tag template, else nil
	sizeHint atomic.Int64  // the last output's length, to size the next buffer
}

// Parse parses src. Its error is an ErrorList of ParseErrors in source order.
func Parse(src string) (*Template, error) { return Analyze(src).Template() }

// Reads reports whether a render may read the root called name: a
// root-anchored path starts at it, or a bare key of that name inside a
// section may fall back to it. A view renders what does not read a root
// whose data is broken.
func (t *Template) Reads(name string) bool { return reads(t.root, name) }

func reads(l *listNode, name string) bool {
	for _, n := range l.Nodes {
		var tag *tagSite
		switch n := n.(type) {
		case *variableNode:
			tag = &n.tagSite
		case *sectionNode:
			if reads(n.Body, name) {
				return true
			}
			tag = &n.tagSite
		default:
			continue
		}
		if k := tag.Path.Kind; (k == rootPath || k == keyPath) && tag.Path.Segments[0] == name {
			return true
		}
	}
	return false
}

// RootsRead calls yield with the root of every root-anchored path, in
// source order: the roots a render reads (DIALECT §9 blocks a step on
// them). A root may come more than once.
func (t *Template) RootsRead(yield func(root string)) { rootsRead(t.root, yield) }

func rootsRead(l *listNode, yield func(string)) {
	for _, n := range l.Nodes {
		switch n := n.(type) {
		case *variableNode:
			if n.Path.Kind == rootPath {
				yield(n.Path.Segments[0])
			}
		case *sectionNode:
			if n.Path.Kind == rootPath {
				yield(n.Path.Segments[0])
			}
			rootsRead(n.Body, yield)
		}
	}
}

// Source returns the text the template was parsed from.
func (t *Template) Source() string { return t.src }

// String prints the template back as source, with tags in canonical form.
func (t *Template) String() string { return t.root.String() }

// Spans returns every tag of the template in source order, for
// highlighting. The slice must not be modified.
func (t *Template) Spans() []Span { return t.spans }

// Typed reports whether the template is exactly one variable tag, so that
// Render returns the raw value it names (numbers stay numbers).
func (t *Template) Typed() bool { return t.typed != nil }

// Reserved names: no step id may be one of them (DIALECT §3).
var reserved = []string{"input", "item", "index", "accumulator", "length"}

// iterationRoots join the roots inside an iteration body.
var iterationRoots = []string{"item", "index", "accumulator"}

// IterationRoots returns the names that join the roots inside an
// iteration body, in order: item, index, accumulator.
func IterationRoots() []string { return slices.Clone(iterationRoots) }

// Scope is what a step knows at load time: the roots it may reference in
// step order (input first), the step ids that run after it, the step ids
// internal to a decide step's branch that it is not in (DIALECT §3,
// Branches), and whether it sits in an iteration body (which adds item,
// index and accumulator).
type Scope struct {
	Roots     []string
	Later     []string
	Branch    map[string]string // step id → the decide step in one of whose branches it sits
	Iteration bool

	available []string // Available, worked out once by Prepared
	misnamed  []string // the ids Check rejects, and how many more: worked out once by Prepared
	unlisted  int
}

// Prepared returns the scope with its available roots and misnamed ids
// worked out once, for checking many templates against it (the leaves of
// a shape, the steps of a plan); a prepared scope is returned as it is. A
// prepared scope is not to be changed.
func (s Scope) Prepared() Scope {
	if s.available != nil {
		return s
	}
	s.available = s.Available()
	s.misnamed, s.unlisted = s.misnamedIDs()
	return s
}

// Available lists the roots a path may start with, in order: input first,
// then the step roots (each once), then the iteration roots. Later and
// branch-internal steps are never among them.
func (s Scope) Available() []string {
	if s.available != nil {
		return s.available
	}
	names := make([]string, 0, len(s.Roots)+1+len(iterationRoots))
	// A plan's scopes are small and made for every step: scanning them
	// costs less than hashing; a large one is hashed.
	taken := func(n string) bool { return slices.Contains(names, n) || slices.Contains(s.Later, n) }
	if len(s.Roots)+len(s.Later) > 32 {
		seen := make(map[string]bool, len(s.Roots)+1+len(iterationRoots)+len(s.Later))
		for _, n := range s.Later {
			seen[n] = true
		}
		taken = func(n string) bool {
			was := seen[n]
			seen[n] = true
			return was
		}
	}
	add := func(n string) {
		if !taken(n) && s.Branch[n] == "" {
			names = append(names, n)
		}
	}
	add("input")
	for _, n := range s.Roots {
		add(n)
	}
	if s.Iteration {
		for _, n := range iterationRoots {
			add(n)
		}
	}
	return names
}

// Root is a named root value: the plan input or a step's result.
type Root struct {
	Name  string
	Value Value
}

// Roots are the root values in step order. When two share a name the
// last wins, as for the keys of a JSON object.
type Roots []Root

// WithInput returns the roots as a step sees them, in step order: input
// first (moved there when given elsewhere, else the empty object), then
// every other name once, where it first comes, with the value of the last
// root of that name, as a JSON object reads a key given twice. Every
// surface orders the roots of a step with it.
func (r Roots) WithInput() Roots { return r.AppendWithInput(make(Roots, 0, len(r)+1)) }

// AppendWithInput appends the roots WithInput returns to dst, for a caller
// that keeps their memory from step to step.
func (r Roots) AppendWithInput(dst Roots) Roots {
	start := len(dst)
	dst = append(dst, Root{Name: "input", Value: ObjectValue(nil)})
	for _, root := range r {
		if v := dst[start:].lookup(root.Name); v != nil {
			*v = root.Value
		} else {
			dst = append(dst, root)
		}
	}
	return dst
}

// Scope is the load-time scope of a step whose roots are r (ordered by
// WithInput), with the later steps, the branch steps it is not among, and
// whether it sits in an iteration body.
func (r Roots) Scope(later []string, branch map[string]string, iteration bool) Scope {
	return Scope{Roots: r.WithInput().Names(), Later: later, Branch: branch, Iteration: iteration}
}

// NamedRoots returns roots of the given names without values, for a step
// checked without its data.
func NamedRoots(names []string) Roots {
	roots := make(Roots, len(names))
	for i, name := range names {
		roots[i].Name = name
	}
	return roots
}

// Lookup returns the value of the root called name.
func (r Roots) Lookup(name string) (Value, bool) {
	if v := r.lookup(name); v != nil {
		return *v, true
	}
	return Value{}, false
}

// lookup is Lookup without copying.
func (r Roots) lookup(name string) *Value {
	for i := len(r) - 1; i >= 0; i-- {
		if r[i].Name == name {
			return &r[i].Value
		}
	}
	return nil
}

// Names returns the root names in order, each once.
func (r Roots) Names() []string {
	names := make([]string, 0, len(r))
	seen := make(map[string]bool, len(r))
	for i := range r {
		if !seen[r[i].Name] {
			seen[r[i].Name] = true
			names = append(names, r[i].Name)
		}
	}
	return names
}

// ValidateStepID reports why id cannot name a step, or "" when it can: it
// must match [A-Za-z0-9_-]+ and not be a reserved name.
func ValidateStepID(id string) string {
	if id == "" {
		return "a step id cannot be empty"
	}
	if !IsName(id) {
		return "step id " + quote(id) + " must match [A-Za-z0-9_-]+"
	}
	if slices.Contains(reserved, id) {
		return "step id " + quote(id) + " is reserved (input, item, index, accumulator and length cannot name a step)"
	}
	return ""
}

// IsName reports whether s matches [A-Za-z0-9_-]+, the form of step ids
// and tool names.
func IsName(s string) bool {
	for _, c := range []byte(s) {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			return false
		}
	}
	return s != ""
}
