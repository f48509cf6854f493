package plan

import (
	"slices"
	"strconv"
	"strings"

	"github.com/splicedev/splice/reshape"
	"github.com/splicedev/splice/template"
)

// What an editor of plan documents asks of a loaded plan: where its tags
// and steps are, and the edits that write a step's sample or a decide
// step's decision into the text.

// The lists of steps and paths a step or the solver reads are shared, not
// copied: a plan is not changed once loaded (an edit makes another), and
// the graph and the steps pane ask for them at every key. Callers must not
// change them; appending copies.

// Reads lists the steps whose results the step's templates read, in
// document order: what blocks it when they have none.
func (s *Step) Reads() []string { return s.reads[:len(s.reads):len(s.reads)] }

// NeedsSample reports whether the step calls a tool nothing here runs and
// the document gives it no sample result.
func (s *Step) NeedsSample() bool {
	return s.ToolName != "" && s.Form != Decide && !s.Computed() && s.sample == nil
}

// SolverReads lists the steps the solver reads.
func (p *Plan) SolverReads() []string { return p.solverReads[:len(p.solverReads):len(p.solverReads)] }

// PathsRead lists the root-anchored paths of the step's templates that
// read another step's result ("E1.number"), each once, in document order.
func (s *Step) PathsRead() []string { return s.paths[:len(s.paths):len(s.paths)] }

// SolverPathsRead lists the paths of the solver that read a step's result.
func (p *Plan) SolverPathsRead() []string {
	return p.solverPaths[:len(p.solverPaths):len(p.solverPaths)]
}

// Spans lists the tags of every template of the document that parses (a
// step's input, over and initial, the solver), placed in the document's
// text and in text order, for highlighting and renaming.
func (p *Plan) Spans() []template.Span {
	var spans []template.Span
	for _, shape := range p.drawn {
		spans = append(spans, shape.Spans()...)
	}
	slices.SortFunc(spans, func(a, b template.Span) int { return a.Start - b.Start })
	return spans
}

// StepAt returns the innermost step whose text holds byte offset off, nil
// when off is outside every step.
func (p *Plan) StepAt(off int) *Step {
	if p.doc == nil {
		return nil
	}
	if p.extents == nil {
		ptrs := make([]string, len(p.All))
		for i, s := range p.All {
			ptrs[i] = s.At
		}
		p.extents = p.doc.Extents(ptrs)
	}
	text := p.doc.Text()
	var at *Step
	for i, s := range p.All {
		first, last := p.extents[i][0], p.extents[i][1]
		if first < 0 {
			continue
		}
		if start := lineStart(text, first); strings.Trim(text[start:first], " -\t") == "" {
			first = start // the list item's dash belongs to it
		}
		end := len(text)
		if n := strings.IndexByte(text[last:], '\n'); n >= 0 {
			end = last + n
		}
		if first <= off && off <= end {
			at = s // a later one is a sibling after it or a step inside it
		}
	}
	return at
}

// SampleSkeleton is the edit that gives step id a sample result: the text
// to insert at byte offset at. The skeleton holds the keys the plan's
// templates read of the step, nested as they are read (an array for a
// map: one result per element), each a placeholder that shows where it is
// read ("<title>"), not a silent null. A step written as a YAML block gets
// it as a block after its last key, its input; any other as a member.
func (p *Plan) SampleSkeleton(id string) (at int, insert string, ok bool) {
	s, found := p.Step(id)
	if !found || !s.NeedsSample() || p.doc == nil {
		return 0, "", false
	}
	sample := template.ArrayValue(nil)
	if s.Form == Call {
		sample = p.readsOf(id)
	}
	if at, insert, ok := p.appendBlock(s, "result", sample); ok {
		return at, insert, true
	}
	return p.insertMember(s, "result", sample.JSON())
}

// StepSkeleton is the edit that adds a step id, which the plan reads but
// does not have, before step before (which reads it): a call of a tool to
// name, with a sample result holding what the plan reads of it. ok is
// false when before is not an item of a YAML block list.
func (p *Plan) StepSkeleton(id, before string) (at int, insert string, ok bool) {
	s, found := p.Step(before)
	if _, taken := p.Step(id); !found || taken || p.doc == nil || reshape.IsJSON(p.doc.Text()) || !plainName(id) {
		return 0, "", false
	}
	text := p.doc.Text()
	members := s.value.Members()
	if len(members) == 0 {
		return 0, "", false
	}
	first := p.doc.KeyPos(template.ChildPointer(s.At, members[0].Key)).Offset
	at = lineStart(text, first)
	dash := strings.TrimLeft(text[at:first], " ")
	if first > len(text) || !strings.HasPrefix(dash, "-") || strings.Trim(dash, " -") != "" {
		return 0, "", false
	}
	indent := strings.Repeat(" ", first-at)
	var b strings.Builder
	b.WriteString(text[at:first] + "id: " + id + "\n" + indent + "tool_name: server__tool # the tool it calls\n" + indent + "input: {}")
	writeBlock(&b, indent, "result", p.readsOf(id))
	b.WriteString("\n")
	return at, b.String(), true
}

// StepsWrapped is a bare list of steps (a document whose top is a list,
// pasted without its key) made a plan document: the list under "steps:"
// in YAML, where a block list may sit at its key's indentation, or
// {"steps": …} in JSON. ok is false for any other document.
func (p *Plan) StepsWrapped() (text string, ok bool) {
	if p.doc == nil || p.doc.Value.Kind() != template.Array {
		return "", false
	}
	if text = p.doc.Text(); reshape.IsJSON(text) {
		return `{"steps": ` + text + "}", true
	}
	return "steps:\n" + text, true
}

// readsOf is what the plan's templates read of step id, as an object of
// placeholders: every path past the root, nested; a key read with an index
// or a length is an array of one such element.
func (p *Plan) readsOf(id string) template.Value {
	root := newRead()
	for _, sp := range p.Spans() {
		first, rest, _ := strings.Cut(sp.Path, ".")
		if !sp.Anchored || first != id || rest == "" {
			continue
		}
		at := root
		for key := range strings.SplitSeq(rest, ".") {
			switch {
			case key == "length":
				at.array = true
			case key != "" && key[0] >= '0' && key[0] <= '9':
				at.array = true
				if at.elem == nil {
					at.elem = newRead()
				}
				at = at.elem
				continue
			case key != "":
				next, ok := at.kids[key]
				if !ok {
					next = newRead()
					at.kids[key], at.keys = next, append(at.keys, key)
				}
				at = next
				continue
			}
			break
		}
	}
	return root.value("")
}

// read is what templates read at a place of a step's result: keys under
// it, or elements.
type read struct {
	keys  []string
	kids  map[string]*read
	array bool
	elem  *read // what is read of an element, nil when nothing is
}

func newRead() *read { return &read{kids: map[string]*read{}} }

// value is r as a sample: a placeholder "<key>" where nothing is read
// further.
func (r *read) value(key string) template.Value {
	if r.array {
		elem := template.StringValue("<" + key + " item>")
		if r.elem != nil {
			elem = r.elem.value(key + " item")
		}
		return template.ArrayValue([]template.Value{elem})
	}
	if len(r.keys) == 0 && key != "" {
		return template.StringValue("<" + key + ">")
	}
	members := make([]template.Member, len(r.keys))
	for i, k := range r.keys {
		members[i] = template.Member{Key: k, Value: r.kids[k].value(k)}
	}
	return template.ObjectValue(members)
}

// appendBlock is the edit that adds key: value to step s written as a
// YAML block, as lines of the block after its last key's; ok is false for
// a step written otherwise (a flow mapping, JSON).
func (p *Plan) appendBlock(s *Step, key string, value template.Value) (at int, insert string, ok bool) {
	members := s.value.Members()
	text := p.doc.Text()
	if len(members) == 0 || reshape.IsJSON(text) {
		return 0, "", false
	}
	first := p.doc.KeyPos(template.ChildPointer(s.At, members[0].Key)).Offset
	if first > len(text) || strings.Trim(text[lineStart(text, first):first], " -") != "" {
		return 0, "", false
	}
	column := first - lineStart(text, first)
	last := p.doc.Extents([]string{s.At})[0][1]
	if last < first {
		return 0, "", false
	}
	// The block ends with the last line more indented than its keys.
	at = lineEnd(text, last)
	for next := at; next < len(text); {
		end := lineEnd(text, next+1)
		line := text[next+1 : end]
		if body := strings.TrimLeft(line, " "); body != "" {
			if len(line)-len(body) <= column {
				break
			}
			at = end
		}
		next = end
	}
	var b strings.Builder
	writeBlock(&b, strings.Repeat(" ", column), key, value)
	return at, b.String(), true
}

// writeBlock writes key: value as YAML block lines, each after a line
// break and indent.
func writeBlock(b *strings.Builder, indent, key string, value template.Value) {
	b.WriteString("\n" + indent + yamlKey(key) + ":")
	if value.Kind() != template.Object || len(value.Members()) == 0 {
		b.WriteString(" " + value.JSON())
		return
	}
	for _, m := range value.Members() {
		writeBlock(b, indent+"  ", m.Key, m.Value)
	}
}

// yamlKey is key as a YAML block key: plain when YAML reads it back as
// that string, else quoted.
func yamlKey(key string) string {
	if plainName(key) {
		return key
	}
	return strconv.Quote(key)
}

// lineEnd is the offset of the line break ending the line holding off (or
// the text's end).
func lineEnd(text string, off int) int {
	if off >= len(text) {
		return len(text)
	}
	if n := strings.IndexByte(text[off:], '\n'); n >= 0 {
		return off + n
	}
	return len(text)
}

// SetBranch is the edit that makes name the sample decision of the decide
// step id: replace text[from:to] by insert.
func (p *Plan) SetBranch(id, name string) (from, to int, insert string, ok bool) {
	s, found := p.Step(id)
	if !found || s.Form != Decide || !slices.ContainsFunc(s.Branches, func(b Branch) bool { return b.Name == name }) {
		return 0, 0, "", false
	}
	text := p.doc.Text()
	written := name
	if reshape.IsJSON(text) || !plainName(name) {
		written = strconv.Quote(name)
	}
	if _, has := s.value.Lookup("branch"); !has {
		at, insert, ok := p.insertMember(s, "branch", written)
		return at, at, insert, ok
	}
	from = p.doc.Pos(s.At + "/branch").Offset
	return from, scalarEnd(text, from), written, true
}

// plainName reports whether YAML reads the branch name as that string
// when written plain: [A-Za-z_][A-Za-z0-9_-]*. (Not a regexp: compiled at
// start, one cost the playground's first visit would pay.)
func plainName(name string) bool {
	for i := range len(name) {
		c := name[i]
		letter := c == '_' || 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z'
		if !letter && (i == 0 || c != '-' && (c < '0' || c > '9')) {
			return false
		}
	}
	return name != ""
}

// insertMember is the edit that adds key: value to step s, written before
// its first key in the document's style: a line of its own in a YAML
// block, else a member of the flow mapping.
func (p *Plan) insertMember(s *Step, key, value string) (at int, insert string, ok bool) {
	members := s.value.Members()
	if p.doc == nil || len(members) == 0 {
		return 0, "", false
	}
	text := p.doc.Text()
	at = p.doc.KeyPos(template.ChildPointer(s.At, members[0].Key)).Offset
	if at > len(text) {
		return 0, "", false
	}
	start := lineStart(text, at)
	switch {
	case reshape.IsJSON(text):
		return at, strconv.Quote(key) + ": " + value + ", ", true
	case strings.Trim(text[start:at], " -") == "":
		return at, key + ": " + value + "\n" + strings.Repeat(" ", at-start), true
	}
	return at, key + ": " + value + ", ", true
}

// lineStart is the offset of the start of the line holding off.
func lineStart(text string, off int) int {
	return strings.LastIndexByte(text[:off], '\n') + 1
}

// scalarEnd is where the scalar written at from ends: past its closing
// quote, or at the end of a plain scalar.
func scalarEnd(text string, from int) int {
	if from >= len(text) {
		return from
	}
	switch q := text[from]; q {
	case '"', '\'':
		for i := from + 1; i < len(text); i++ {
			switch {
			case q == '"' && text[i] == '\\':
				i++
			case text[i] == q && q == '\'' && i+1 < len(text) && text[i+1] == '\'':
				i++
			case text[i] == q:
				return i + 1
			}
		}
		return len(text)
	}
	end := from
	for end < len(text) && !strings.ContainsRune(",}]\n#", rune(text[end])) {
		end++
	}
	return from + len(strings.TrimRight(text[from:end], " \t\r"))
}

// Written is the step as the document writes it: its id, tool, input
// (templates as written), sample and the rest.
func (s *Step) Written() template.Value { return s.value }

// SolverAt is where the solver's key is in the document; ok is false
// without a solver.
func (p *Plan) SolverAt() (at int, ok bool) {
	if !p.hasSolver || p.doc == nil {
		return 0, false
	}
	return lineStart(p.doc.Text(), p.doc.KeyPos("/solver").Offset), true
}

// ScopeAt is the scope of the template at byte offset off: the step's
// there (its iteration body's inside a map's or fold's input), the
// solver's on the solver. ok is false elsewhere. step is "" for the
// solver.
func (p *Plan) ScopeAt(off int) (scope template.Scope, step string, ok bool) {
	s := p.StepAt(off)
	solver, hasSolver := p.SolverAt()
	switch {
	case s == nil && hasSolver && off >= solver:
		return p.Scope(nil), "", true
	case s == nil:
		return template.Scope{}, "", false
	}
	scope = p.Scope(s)
	if s.Form == Map || s.Form == Fold {
		in := p.doc.Extents([]string{s.At + "/input"})[0]
		scope.Iteration = in[0] >= 0 && off >= lineStart(p.doc.Text(), in[0])
	}
	return scope, s.ID, true
}

// Document is the plan's parsed document, nil when it did not parse.
func (p *Plan) Document() *reshape.Document { return p.doc }

// Parsed counts the templates the plan's load parsed: every one of the
// document, or those of the part a Reload checked again.
func (p *Plan) Parsed() int { return p.parsed }

// Generation is the run in which the step's result last changed: results
// of runs chained by Options.Previous with the same generation are the
// same, which a view uses to keep what it made of them.
func (r *StepResult) Generation() int { return r.gen }

// IterationTrace renders the input of iteration i of map or fold step id
// again, tracing: every tag of its body with what it resolved to in that
// iteration, placed in the document. nil when the step has no such
// iteration.
func (o *Outcome) IterationTrace(id string, i int) []template.TraceEntry {
	r, ok := o.Result(id)
	if !ok || r.Step == nil || r.Step.input == nil || i < 0 || i >= len(r.Iterations) {
		return nil
	}
	s, it := r.Step, r.Iterations[i]
	roots := append(o.roots(s.scope), template.Root{Name: "item", Value: it.Item},
		template.Root{Name: "index", Value: template.IntValue(it.Index)}, template.Root{Name: "accumulator", Value: it.Accumulator})
	res := template.Run(loaded{s.input}, s.body, roots, &template.Env{Tracing: true})
	o.Plan.doc.PlaceTrace(res.Trace)
	return res.Trace
}
