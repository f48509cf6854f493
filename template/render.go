package template

import (
	"strconv"
	"strings"
	"sync/atomic"
	"unsafe"
)

// Limits of one render (DIALECT §5): sections nest and multiply, so a
// small template over small data could otherwise run for hours or fill
// memory.
const (
	// MaxRenderSteps bounds a render's work: every node, every value
	// visited and every key compared, did-you-mean included.
	MaxRenderSteps = 1 << 24
	// MaxOutput bounds the text a render produces, in bytes; it is checked
	// at every write.
	MaxOutput = 1 << 25
	// maxSuggestCells bounds the did-you-mean work of a render, in cells of
	// edit distance; past it errors come without a suggestion.
	maxSuggestCells = 1 << 22
)

// Render renders the template against roots. An exact-tag template returns
// the raw value it names (the typed splice); any other template returns a
// string. Its error is an ErrorList of every failing tag in source order
// (one error per tag, however often a section repeats it).
func (t *Template) Render(roots Roots) (Value, error) {
	v, _, err := t.RenderIn(roots, nil)
	return v, err
}

// RenderIn renders the template within run's budget, which the renders of
// one run share, and traces it when run traces (see Run); a nil run is a
// run of its own, untraced.
func (t *Template) RenderIn(roots Roots, run *Env) (Value, []TraceEntry, error) {
	var entries []TraceEntry
	r := renderer{src: t.src, roots: roots}
	if run != nil {
		if err := run.spent(t); err != nil {
			return Value{}, nil, ErrorList{err}
		}
		r.steps, r.outSpent = run.work, run.output
		if traces && run.Tracing {
			entries = t.traceEntries()
			r.trace = make(map[int]*TraceEntry, len(entries))
			for i := range entries {
				r.trace[entries[i].Pos.Offset] = &entries[i]
			}
		}
	}
	v, err := t.run(&r)
	r.releaseFrames()
	if run != nil {
		if e := run.charge(&r, v, t); e != nil && err == nil {
			return Value{}, entries, ErrorList{e}
		}
	}
	return v, entries, err
}

// run renders the template with r, which may be tracing.
func (t *Template) run(r *renderer) (Value, error) {
	if t.typed != nil {
		v, err := r.variable(&t.typed.tagSite)
		switch {
		case err != nil:
			return Value{}, ErrorList{err}
		case v == nil:
			return Value{}, r.errs // stopped by a limit
		}
		return *v, nil
	}
	if hint := t.sizeHint.Load(); hint > 0 {
		r.out = make([]byte, 0, hint)
	} else {
		r.out = make([]byte, 0, len(t.src)+64)
	}
	r.out = r.list(t.root, r.out)
	if len(r.errs) > 0 {
		sortErrors(r.errs)
		return Value{}, r.errs.Capped()
	}
	t.sizeHint.Store(int64(len(r.out)))
	if len(r.out) == 0 {
		return StringValue(""), nil
	}
	// The buffer is never written again, so the string may share it.
	return StringValue(unsafe.String(unsafe.SliceData(r.out), len(r.out))), nil
}

// frame is the context a section pushes: the element and its loop
// position. A section over an array pushes one frame and moves its index.
type frame struct {
	elems   []Value // the array iterated, or nil for an iteration of one
	one     Value   // the value of an iteration of one
	index   int
	section *tagSite // the section that pushed it
}

// current returns the element the frame is at.
func (f *frame) current() *Value {
	if f.elems != nil {
		return &f.elems[f.index]
	}
	return &f.one
}

type renderer struct {
	src      string
	roots    Roots
	out      []byte
	frames   []frame
	errs     ErrorList
	steps    int          // work done, against MaxRenderSteps
	outSpent int          // output written by earlier renders of its run
	suggest  int          // did-you-mean work done, against maxSuggestCells
	number   Value        // holds a computed @index or length while it is used
	failed   map[int]bool // offsets of tags already reported
	// misses memoizes failed root-anchored paths by tag offset: with the
	// roots fixed they fail the same way each time a section repeats them,
	// and building an error (keys, suggestions) is the costly part.
	misses map[int]*Error
	trace  map[int]*TraceEntry // by tag offset, when tracing

	rootScans int            // roots compared by scanning so far
	rootIndex map[string]int // root name → its index, once scanning costs more
}

// list renders l, appending to out. The output is passed along rather than
// kept in r.out while rendering: storing to a field of *r would cost a write
// barrier per append while the garbage collector runs.
func (r *renderer) list(l *listNode, out []byte) []byte {
	// spend, written out here and below on the paths of every element: the
	// engine for the browser is built without inlining, where a call costs
	// more than these lines.
	if r.steps += len(l.Nodes); r.steps > MaxRenderSteps {
		r.overWork(nil)
		return out
	}
	for _, n := range l.Nodes {
		var tag *tagSite
		switch n := n.(type) {
		case *textNode:
			if t := n.Text; len(t) <= 4 && cap(out)-len(out) >= 4 {
				// Separators are short: copying them inline beats a call.
				o := len(out)
				out = out[:o+len(t)]
				for i := 0; i < len(t); i++ {
					out[o+i] = t[i]
				}
				continue
			}
			out = append(out, n.Text...)
		case *variableNode:
			tag = &n.tagSite
			if n.Path.Kind == keyPath && r.trace == nil {
				// The usual tag of a section body, straight to its lookup.
				if v := r.key(n.Path.Segments[0], tag); v != nil && v.n>>kindShift-1 < 3 { // hasText
					out = append(out, unsafe.String((*byte)(v.p), v.n&lenMask)...)
				} else if v != nil {
					out = v.appendText(out)
				}
				break
			}
			v, err := r.variable(tag)
			switch {
			case err != nil:
				r.fail(err)
			case v != nil:
				out = v.appendText(out)
			}
		case *sectionNode:
			if n.Path.Kind == loopVarPath && r.trace == nil && len(r.frames) > 0 {
				// A section on a loop variable only gates its body. A body
				// of one text (a separator: {{^@last}}, {{/@last}}) is
				// written here, as list would.
				f, truthy := &r.frames[len(r.frames)-1], false
				switch n.Path.loopVar {
				case loopIndex:
					truthy = f.index != 0
				case loopFirst:
					truthy = f.index == 0
				default:
					truthy = f.elems == nil || f.index == len(f.elems)-1
				}
				switch {
				case truthy == n.Inverted:
				case n.onlyText != nil:
					if r.steps++; r.steps > MaxRenderSteps {
						r.overWork(nil)
						return out
					}
					out = append(out, n.onlyText.Text...)
				default:
					out = r.list(n.Body, out)
				}
			} else {
				out = r.section(n, out)
			}
			if r.steps > MaxRenderSteps { // halted
				return out
			}
			continue
		}
		// The output limit holds at every write (DIALECT §5).
		if len(out) > MaxOutput-r.outSpent {
			r.halt(tag, "the output passed "+strconv.Itoa(MaxOutput>>20)+" MiB")
			return out
		}
	}
	return out
}

// spend counts n units of work done for tag t (nil: a text node) and
// reports whether the render must stop.
func (r *renderer) spend(n int, t *tagSite) bool {
	if r.steps += n; r.steps > MaxRenderSteps {
		r.overWork(t)
		return true
	}
	return false
}

// halted reports whether a limit stopped the render: it unwinds without
// rendering more.
func (r *renderer) halted() bool { return r.steps > MaxRenderSteps }

func (r *renderer) overWork(t *tagSite) {
	if r.steps < stopped {
		r.halt(t, "the render did more than "+plural(MaxRenderSteps, "step")+" of work")
	}
}

// stopped is the work count of a stopped render: past any count of work.
const stopped = 1 << 62

// halt stops the render with a LimitError. It blames the outermost
// section that repeats, where the multiplying starts, else the tag.
func (r *renderer) halt(t *tagSite, why string) {
	r.steps = stopped
	msg := why + ": sections repeat too much or the data is too large for one render"
	if len(r.frames) > 0 {
		t = r.frames[0].section
	}
	if t == nil {
		t = &tagSite{Pos: Pos{Line: 1, Column: 1}}
	}
	e := r.newError(LimitError, t, msg)
	r.errs = append(r.errs, e)
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

// full reports whether the render has as many errors as it may report in
// full: the later ones are built without the costly details (the keys on
// offer, the suggestion), and only the first MaxErrors in source order are
// reported.
func (r *renderer) full() bool { return len(r.errs) >= MaxErrors }

func (r *renderer) section(n *sectionNode, out []byte) []byte {
	v, err := r.variable(&n.tagSite)
	if err != nil && !goesNowhere(err) {
		r.fail(err) // a path that goes nowhere is falsy; an unknown root is not
		return out
	}
	truthy := v != nil && v.truthy()
	switch {
	case n.Inverted:
		if !truthy {
			out = r.list(n.Body, out)
		}
	case !truthy:
	case n.Path.Kind == loopVarPath:
		out = r.list(n.Body, out) // sections on loop variables only gate
	case v.kind() == Array:
		elems := v.elems()
		r.push(frame{elems: elems, section: &n.tagSite})
		f := len(r.frames) - 1
		for i := range elems {
			if r.steps > MaxRenderSteps { // halted
				break
			}
			r.frames[f].index = i
			out = r.list(n.Body, out)
		}
		r.frames = r.frames[:f]
	default:
		r.push(frame{one: *v, section: &n.tagSite}) // a copy: v may point at r.number, which the body reuses
		out = r.list(n.Body, out)
		r.frames = r.frames[:len(r.frames)-1]
	}
	return out
}

// push pushes a frame onto the stack the last render left, or onto one of
// its own for typical nesting.
func (r *renderer) push(f frame) {
	if r.frames == nil {
		if p := (*[spareFrames]frame)(atomic.SwapPointer(&spareStack, nil)); p != nil {
			r.frames = p[:0]
		} else {
			r.frames = make([]frame, 0, spareFrames)
		}
	}
	r.frames = append(r.frames, f)
}

// spareStack is the frame stack a finished render left for the next one,
// a *[spareFrames]frame: most renders over data push frames, and would
// each allocate a stack.
var spareStack unsafe.Pointer

const spareFrames = 8

// releaseFrames leaves the frame stack for the next render, holding no
// values: they would keep the data they point into alive.
func (r *renderer) releaseFrames() {
	if cap(r.frames) == spareFrames {
		stack := r.frames[:spareFrames]
		clear(stack)
		atomic.StorePointer(&spareStack, unsafe.Pointer(unsafe.SliceData(stack)))
	}
	r.frames = nil
}

// variable evaluates a tag's path. The value it returns is valid until the
// next evaluation; it is nil, with no error, for a bare key that no element
// or root has, which renders empty.
func (r *renderer) variable(t *tagSite) (v *Value, err *Error) {
	switch t.Path.Kind {
	case rootPath:
		v, err = r.resolve(t)
	case keyPath:
		v = r.key(t.Path.Segments[0], t)
	case dotPath, loopVarPath:
		if len(r.frames) == 0 {
			err = r.newError(ScopeError, t, t.Path.Text+" is only valid inside a section ({{#…}})")
			break
		}
		v = r.loopValue(t.Path.loopVar)
	}
	if traces && r.trace != nil {
		r.record(t, v, err)
	}
	return v, err
}

// loopValue returns "." (lv 0) or a loop variable of the innermost frame.
func (r *renderer) loopValue(lv loopVar) *Value {
	f := &r.frames[len(r.frames)-1]
	switch lv {
	case loopIndex:
		r.number = IntValue(f.index)
		return &r.number
	case loopFirst:
		return boolPtr(f.index == 0)
	case loopLast:
		return boolPtr(f.elems == nil || f.index == len(f.elems)-1)
	}
	return f.current()
}

func boolPtr(b bool) *Value {
	if b {
		return &trueValue
	}
	return &falseValue
}

// key reads a bare key from the current element, then the enclosing
// elements (innermost first), then the roots (DIALECT §5).
func (r *renderer) key(name string, t *tagSite) *Value {
	for i := len(r.frames) - 1; i >= 0; i-- {
		f := &r.frames[i]
		v := &f.one // current, written out
		if f.elems != nil {
			v = &f.elems[f.index]
		}
		if v.n>>kindShift == uint64(Object) {
			// A small object: this is the lookup of every bare key in a
			// section, its calls written out.
			if r.steps += (1 + len(name)>>6) * int(v.n&lenMask); r.steps > MaxRenderSteps {
				r.overWork(t)
				return nil
			}
			if w := v.scan(name); w != nil {
				return w
			}
		} else if w := r.member(v, name, t); w != nil {
			return w
		}
	}
	if r.spend(1, t) {
		return nil
	}
	return r.root(name)
}

// root looks a root up by name: by scanning while the render has scanned
// less than a few times the roots, then by an index, so that a render over
// thousands of roots costs each lookup about once, and a small one builds
// no index.
func (r *renderer) root(name string) *Value {
	if r.rootIndex == nil {
		if r.rootScans += len(r.roots); r.rootScans <= 4*len(r.roots)+64 {
			return r.roots.lookup(name)
		}
		r.rootIndex = make(map[string]int, len(r.roots))
		for i := range r.roots {
			r.rootIndex[r.roots[i].Name] = i // the last of a name wins
		}
	}
	if i, ok := r.rootIndex[name]; ok {
		return &r.roots[i].Value
	}
	return nil
}

// member looks key up in the object v, counting the keys it compares (a
// key longer than 64 bytes counts once per 64 bytes).
func (r *renderer) member(v *Value, key string, t *tagSite) *Value {
	cost := 1 + len(key)>>6
	if v.isSmallObject() {
		cost *= v.length()
	}
	if r.spend(cost, t) {
		return nil
	}
	return v.member(key)
}

func (r *renderer) newError(kind ErrorKind, t *tagSite, msg string) *Error {
	return &Error{Kind: kind, Phase: PhaseRender, Msg: msg, Pos: t.Pos, End: t.End, Source: r.src, Path: t.Path.Text}
}

// resolve resolves a root-anchored path (DIALECT §4). It allocates only
// when it fails.
func (r *renderer) resolve(t *tagSite) (*Value, *Error) {
	if e := r.misses[t.Pos.Offset]; e != nil {
		return nil, e
	}
	v, failed := r.follow(&t.Path, len(t.Path.Segments), t)
	switch {
	case failed < 0:
		return v, nil
	case r.halted():
		return nil, nil // stopped by a limit, which is the error
	}
	e := r.missError(t, v, failed)
	if r.misses == nil {
		r.misses = map[int]*Error{}
	}
	r.misses[t.Pos.Offset] = e
	return nil, e
}

// follow walks the first n segments of a root-anchored path: the one path
// walker of the engine, for rendering and for completion. It returns the
// value reached and -1, or the value where segment failed could not be
// read (nil when the root itself is unknown) and failed.
func (r *renderer) follow(p *parsedPath, n int, t *tagSite) (v *Value, failed int) {
	if v = r.root(p.Segments[0]); v == nil {
		return nil, 0
	}
	for i := 1; i < n; i++ {
		if r.spend(1, t) {
			return v, i
		}
		seg, last := p.Segments[i], i == len(p.Segments)-1
		switch v.kind() {
		case Object:
			if w := r.member(v, seg, t); w != nil {
				v = w
				continue
			}
		case Array:
			if idx := p.indexes[i]; idx >= 0 && idx < v.length() {
				v = &v.elems()[idx]
				continue
			}
			if last && seg == "length" {
				r.number = IntValue(v.length())
				return &r.number, -1
			}
		case String:
			if last && seg == "length" {
				r.number = IntValue(runeCount(v.text()))
				return &r.number, -1
			}
		}
		return v, i
	}
	return v, -1
}

// missError explains why segment i of t's path cannot be read from v.
func (r *renderer) missError(t *tagSite, v *Value, i int) *Error {
	p := &t.Path
	if v == nil {
		e := r.newError(MissingStep, t, "unknown root "+quote(p.Segments[0])+": no step or input by that name")
		e.Segment = p.Segments[0]
		e.SegStart, e.SegEnd = t.segmentRange(0)
		e.setAvailable(r.roots.Names())
		e.Suggestion = suggest(p.Segments[0], e.Available)
		return e
	}
	seg := p.Segments[i]
	var e *Error
	switch v.kind() {
	case Object:
		e = r.pathError(BadPath, t, i, v, "no key "+quote(seg)+" in the object at "+prefix(p, i))
		if !r.full() {
			r.offerKeys(e, v, t)
		}
	case Array:
		if p.indexes[i] >= 0 {
			msg := "index " + seg + ", array has " + plural(v.length(), "element") + " at " + prefix(p, i)
			if v.length() == 0 {
				msg = "index " + seg + ", the array at " + prefix(p, i) + " is empty"
			}
			return r.pathError(EmptyData, t, i, v, msg)
		}
		e = r.pathError(BadPath, t, i, v, quote(seg)+" is not an index of the array at "+prefix(p, i)+" ("+plural(v.length(), "element")+"); use an index or length")
		e.setAvailable(arrayKeys(v.length()))
		e.More = v.length() + 1 - len(e.Available)
		e.Suggestion = suggest(seg, e.Available)
	case String:
		e = r.pathError(BadPath, t, i, v, "cannot read "+quote(seg)+" from the string at "+prefix(p, i)+"; only length applies to a string")
	case Null:
		e = r.pathError(EmptyData, t, i, v, "walked into null at "+prefix(p, i))
	default:
		e = r.pathError(BadPath, t, i, v, "cannot read "+quote(seg)+" from the "+v.kind().String()+" at "+prefix(p, i))
	}
	return e
}

// offerKeys lists an object's first keys in e and the one nearest its
// segment, counting the work: an object may have millions of keys.
func (r *renderer) offerKeys(e *Error, v *Value, t *tagSite) {
	members := v.members()
	n := min(len(members), MaxAvailable)
	keys := make([]string, n)
	for i := range keys {
		keys[i] = members[i].Key
	}
	e.Available, e.More = keys, len(members)-n
	limit := suggestLimit(e.Segment)
	best, bestDist := "", limit+1
	for i := range members {
		if r.spend(1, t) || r.suggest > maxSuggestCells {
			return
		}
		key := members[i].Key
		d, cells := distance(e.Segment, key, limit)
		r.suggest += cells
		if d < bestDist && key != e.Segment {
			best, bestDist = key, d
		}
	}
	e.Suggestion = best
}

func (r *renderer) pathError(kind ErrorKind, t *tagSite, i int, at *Value, msg string) *Error {
	e := r.newError(kind, t, msg)
	e.Segment = t.Path.Segments[i]
	e.SegStart, e.SegEnd = t.segmentRange(i)
	e.Prefix = prefix(&t.Path, i)
	e.Found = at.kind().String()
	return e
}

// prefix is the path text of the first i segments.
func prefix(p *parsedPath, i int) string { return strings.Join(p.Segments[:i], ".") }

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
// For a section tag, an error means the section was falsy or that the
// render failed (see Falsy).
type TraceEntry struct {
	Kind  spanKind
	Pos   Pos // in the template's text
	End   int
	At    string // a shape leaf's JSON Pointer, "" for a template
	Doc   Pos    // a shape leaf's tag in the document; Line 0 without one
	Path  string
	Value Value
	Found bool // false for a bare key that nothing had, which renders empty
	Err   *Error
	Count int
	// Runs are the values of its first runs that found one, at most
	// MaxTracedRuns: a tag a section repeats shows "false, false, true".
	Runs []Value
}

// MaxTracedRuns bounds the values a trace entry keeps of a repeated tag.
const MaxTracedRuns = 5

// Trace renders the template and reports every tag in source order, so a
// plan author sees each splice at once.
func (t *Template) Trace(roots Roots) []TraceEntry {
	_, entries, _ := t.RenderIn(roots, &Env{Tracing: true})
	return entries
}

// traceEntries lists every tag in source order, not yet reached.
func (t *Template) traceEntries() []TraceEntry {
	var entries []TraceEntry
	var walk func(l *listNode)
	walk = func(l *listNode) {
		for _, n := range l.Nodes {
			switch n := n.(type) {
			case *variableNode:
				entries = append(entries, TraceEntry{Kind: n.Path.spanKind(), Pos: n.Pos, End: n.End, Path: n.Path.Text})
			case *sectionNode:
				kind := spanSection
				if n.Inverted {
					kind = spanInverted
				}
				entries = append(entries, TraceEntry{Kind: kind, Pos: n.Pos, End: n.End, Path: n.Path.Text})
				walk(n.Body)
			}
		}
	}
	walk(t.root)
	return entries
}

func (r *renderer) record(t *tagSite, v *Value, err *Error) {
	e := r.trace[t.Pos.Offset]
	if e == nil {
		return
	}
	if e.Count == 0 {
		e.Found, e.Err = v != nil, err
		if v != nil {
			e.Value = *v
		}
	}
	if v != nil && len(e.Runs) < MaxTracedRuns {
		e.Runs = append(e.Runs, *v)
	}
	e.Count++
}
