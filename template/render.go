package template

import (
	"strconv"
	"strings"
	"unsafe"
)

// Limits of one render: sections nest and multiply, so a small template over
// small data could otherwise run for hours or fill memory.
const (
	MaxRenderSteps = 1 << 24 // nodes visited
	MaxOutput      = 1 << 25 // bytes of text produced
)

// Render renders the template against roots. An exact-tag template returns
// the raw value it names (the typed splice); any other template returns a
// string. Its error is an ErrorList of every failing tag in source order
// (one error per tag, however often a section repeats it).
func (t *Template) Render(roots Roots) (Value, error) {
	r := renderer{src: t.src, roots: roots}
	if t.typed != nil {
		v, _, err := r.variable(t.typed.Pos, t.typed.End, t.typed.Path)
		if err != nil {
			return Value{}, ErrorList{err}
		}
		return v, nil
	}
	if hint := t.sizeHint.Load(); hint > 0 {
		r.out = make([]byte, 0, hint)
	} else {
		r.out = make([]byte, 0, len(t.src)+64)
	}
	r.list(t.root)
	if len(r.errs) > 0 {
		sortErrors(r.errs)
		return Value{}, r.errs
	}
	t.sizeHint.Store(int64(len(r.out)))
	if len(r.out) == 0 {
		return StringValue(""), nil
	}
	// The buffer is never written again, so the string may share it.
	return StringValue(unsafe.String(unsafe.SliceData(r.out), len(r.out))), nil
}

// frame is the context a section pushes: the element and its loop position.
type frame struct {
	value Value
	index int
	count int
}

type renderer struct {
	src    string
	roots  Roots
	out    []byte
	frames []frame
	errs   ErrorList
	steps  int                 // nodes visited, against MaxRenderSteps
	halted bool                // a limit was hit: unwind without rendering more
	failed map[int]bool        // offsets of tags already reported
	trace  map[int]*TraceEntry // by tag offset, when tracing
}

func (r *renderer) list(l *ListNode) {
	r.steps += len(l.Nodes)
	for _, n := range l.Nodes {
		if r.halted {
			return
		}
		switch n := n.(type) {
		case *TextNode:
			r.out = append(r.out, n.Text...)
		case *VariableNode:
			v, found, err := r.variable(n.Pos, n.End, n.Path)
			switch {
			case err != nil:
				r.fail(err)
			case found:
				r.out = v.AppendText(r.out)
			}
		case *SectionNode:
			r.section(n)
		}
	}
}

func (r *renderer) fail(e *Error) {
	if r.failed[e.Pos.Offset] {
		return
	}
	if r.failed == nil {
		r.failed = map[int]bool{}
	}
	r.failed[e.Pos.Offset] = true
	r.errs = append(r.errs, e)
}

func (r *renderer) section(n *SectionNode) {
	v, _, err := r.variable(n.Pos, n.End, n.Path)
	if err != nil && err.Kind != BadPath && err.Kind != EmptyData {
		r.fail(err) // a path that goes nowhere is falsy; an unknown root is not
		return
	}
	truthy := err == nil && v.Truthy()
	switch {
	case n.Inverted:
		if !truthy {
			r.list(n.Body)
		}
	case !truthy:
	case n.Path.Kind == LoopVarPath:
		r.list(n.Body) // sections on loop variables only gate
	case v.kind == Array:
		r.grow()
		for i, e := range v.elems {
			if r.overLimit(n) {
				return
			}
			r.frames = append(r.frames, frame{value: e, index: i, count: len(v.elems)})
			r.list(n.Body)
			r.frames = r.frames[:len(r.frames)-1]
		}
	default:
		r.grow()
		r.frames = append(r.frames, frame{value: v, count: 1})
		r.list(n.Body)
		r.frames = r.frames[:len(r.frames)-1]
	}
}

// overLimit stops the render when it has done too much work, blaming the
// section that repeats.
func (r *renderer) overLimit(n *SectionNode) bool {
	if r.halted {
		return true
	}
	if r.steps <= MaxRenderSteps && len(r.out) <= MaxOutput {
		return false
	}
	r.halted = true
	r.fail(r.newError(LimitError, n.Pos, n.End, n.Path, "the render stopped at "+plural(MaxRenderSteps, "step")+
		" or "+strconv.Itoa(MaxOutput>>20)+" MiB of output: sections repeat too much"))
	return true
}

// grow makes room for one more frame, allocating the stack once for
// typical nesting.
func (r *renderer) grow() {
	if r.frames == nil {
		r.frames = make([]frame, 0, 8)
	}
}

// variable evaluates a tag's path. found is false for a bare key that no
// element or root has, which renders empty.
func (r *renderer) variable(pos Pos, end int, p Path) (v Value, found bool, err *Error) {
	switch p.Kind {
	case RootPath:
		v, err = r.resolve(pos, end, p)
		found = err == nil
	case KeyPath:
		v, found = r.key(p.Segments[0])
	case DotPath, LoopVarPath:
		if len(r.frames) == 0 {
			err = r.newError(ScopeError, pos, end, p, p.Text+" is only valid inside a section ({{#…}})")
			break
		}
		v, found = r.frames[len(r.frames)-1].get(p.Text), true
	}
	if r.trace != nil {
		r.record(pos, v, found, err)
	}
	return v, found, err
}

// get returns "." or a loop variable of the frame.
func (f *frame) get(name string) Value {
	switch name {
	case "@index":
		return IntValue(f.index)
	case "@first":
		return BoolValue(f.index == 0)
	case "@last":
		return BoolValue(f.index == f.count-1)
	}
	return f.value
}

// key reads a bare key from the current element, then the enclosing
// elements (innermost first), then the roots (DIALECT §5).
func (r *renderer) key(name string) (Value, bool) {
	for i := len(r.frames) - 1; i >= 0; i-- {
		if r.frames[i].value.kind == Object {
			if v, ok := r.frames[i].value.Lookup(name); ok {
				return v, true
			}
		}
	}
	return r.roots.Lookup(name)
}

func (r *renderer) newError(kind ErrorKind, pos Pos, end int, p Path, msg string) *Error {
	return &Error{Kind: kind, Phase: PhaseRender, Msg: msg, Pos: pos, End: end, Source: r.src, Path: p.Text}
}

// resolve walks a root-anchored path (DIALECT §4). It allocates only when
// it fails.
func (r *renderer) resolve(pos Pos, end int, p Path) (Value, *Error) {
	v, ok := r.roots.Lookup(p.Segments[0])
	if !ok {
		e := r.newError(MissingStep, pos, end, p, "unknown root "+quote(p.Segments[0])+": no step or input by that name")
		e.Segment = p.Segments[0]
		e.setAvailable(r.roots.Names())
		e.Suggestion = suggest(p.Segments[0], e.Available)
		return Value{}, e
	}
	for i := 1; i < len(p.Segments); i++ {
		seg, last := p.Segments[i], i == len(p.Segments)-1
		switch v.kind {
		case Object:
			if w, ok := v.Lookup(seg); ok {
				v = w
				continue
			}
			e := r.pathError(BadPath, pos, end, p, i, v, "no key "+quote(seg)+" in the object at "+prefix(p, i))
			e.setAvailable(v.Keys())
			e.Suggestion = suggest(seg, v.Keys())
			return Value{}, e
		case Array:
			if idx := p.indexes[i]; idx >= 0 {
				if idx < len(v.elems) {
					v = v.elems[idx]
					continue
				}
				msg := "index " + seg + ", array has " + plural(len(v.elems), "element") + " at " + prefix(p, i)
				if len(v.elems) == 0 {
					msg = "index " + seg + ", the array at " + prefix(p, i) + " is empty"
				}
				return Value{}, r.pathError(EmptyData, pos, end, p, i, v, msg)
			}
			if last && seg == "length" {
				return IntValue(len(v.elems)), nil
			}
			e := r.pathError(BadPath, pos, end, p, i, v, quote(seg)+" is not an index of the array at "+prefix(p, i)+" ("+plural(len(v.elems), "element")+"); use an index or length")
			e.setAvailable(arrayKeys(len(v.elems)))
			e.More = len(v.elems) + 1 - len(e.Available)
			e.Suggestion = suggest(seg, e.Available)
			return Value{}, e
		case String:
			if last && seg == "length" {
				return IntValue(runeCount(v.text)), nil
			}
			return Value{}, r.pathError(BadPath, pos, end, p, i, v, "cannot read "+quote(seg)+" from the string at "+prefix(p, i)+"; only length applies to a string")
		case Null:
			return Value{}, r.pathError(EmptyData, pos, end, p, i, v, "walked into null at "+prefix(p, i))
		default:
			return Value{}, r.pathError(BadPath, pos, end, p, i, v, "cannot read "+quote(seg)+" from the "+v.kind.String()+" at "+prefix(p, i))
		}
	}
	return v, nil
}

func (r *renderer) pathError(kind ErrorKind, pos Pos, end int, p Path, i int, at Value, msg string) *Error {
	e := r.newError(kind, pos, end, p, msg)
	e.Segment = p.Segments[i]
	e.Prefix = prefix(p, i)
	e.Found = at.kind.String()
	return e
}

// prefix is the path text of the first i segments.
func prefix(p Path, i int) string { return strings.Join(p.Segments[:i], ".") }

// arrayKeys lists what an array offers: its first indexes, then length.
func arrayKeys(n int) []string {
	keys := make([]string, 0, min(n, MaxAvailable)+1)
	for i := 0; i < n && i < MaxAvailable; i++ {
		keys = append(keys, strconv.Itoa(i))
	}
	return append(keys, "length")
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// TraceEntry is what one tag did in a render: the first value it resolved
// to or its error, and how often it was evaluated (0 when never reached).
// For a section tag, an error means the section was falsy (or, for
// MissingStep, that the render failed).
type TraceEntry struct {
	Kind  SpanKind
	Pos   Pos
	End   int
	Path  string
	Value Value
	Found bool // false for a bare key that nothing had, which renders empty
	Err   *Error
	Count int
}

// Trace renders the template and reports every tag in source order, so a
// plan author sees each splice at once.
func (t *Template) Trace(roots Roots) []TraceEntry {
	var entries []TraceEntry
	var walk func(l *ListNode)
	walk = func(l *ListNode) {
		for _, n := range l.Nodes {
			switch n := n.(type) {
			case *VariableNode:
				entries = append(entries, TraceEntry{Kind: n.Path.spanKind(), Pos: n.Pos, End: n.End, Path: n.Path.Text})
			case *SectionNode:
				kind := SpanSection
				if n.Inverted {
					kind = SpanInverted
				}
				entries = append(entries, TraceEntry{Kind: kind, Pos: n.Pos, End: n.End, Path: n.Path.Text})
				walk(n.Body)
			}
		}
	}
	walk(t.root)
	r := renderer{src: t.src, roots: roots, trace: make(map[int]*TraceEntry, len(entries))}
	for i := range entries {
		r.trace[entries[i].Pos.Offset] = &entries[i]
	}
	if t.typed != nil {
		r.variable(t.typed.Pos, t.typed.End, t.typed.Path)
	} else {
		r.list(t.root)
	}
	return entries
}

func (r *renderer) record(pos Pos, v Value, found bool, err *Error) {
	e := r.trace[pos.Offset]
	if e == nil {
		return
	}
	if e.Count == 0 {
		e.Value, e.Found, e.Err = v, found, err
	}
	e.Count++
}
