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

// Reads lists the steps whose results the step's templates read, in
// document order: what blocks it when they have none.
func (s *Step) Reads() []string { return slices.Clone(s.reads) }

// NeedsSample reports whether the step calls a tool nothing here runs and
// the document gives it no sample result.
func (s *Step) NeedsSample() bool {
	return s.ToolName != "" && s.Form != Decide && !s.Computed() && s.sample == nil
}

// SolverReads lists the steps the solver reads.
func (p *Plan) SolverReads() []string { return slices.Clone(p.solverReads) }

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
// templates read of the step (an array for a map: one result per element).
func (p *Plan) SampleSkeleton(id string) (at int, insert string, ok bool) {
	s, found := p.Step(id)
	if !found || !s.NeedsSample() {
		return 0, "", false
	}
	value := "[]"
	if s.Form == Call {
		var keys []string
		for _, sp := range p.Spans() {
			root, rest, _ := strings.Cut(sp.Path, ".")
			key, _, _ := strings.Cut(rest, ".")
			if sp.Anchored && root == id && key != "" && !slices.Contains(keys, key) {
				keys = append(keys, key)
			}
		}
		members := make([]string, len(keys))
		for i, k := range keys {
			members[i] = strconv.Quote(k) + ": null"
		}
		value = "{" + strings.Join(members, ", ") + "}"
	}
	return p.insertMember(s, "result", value)
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
