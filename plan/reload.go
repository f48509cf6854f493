package plan

import (
	"strings"

	"github.com/splicedev/splice/reshape"
	"github.com/splicedev/splice/template"
)

// Reload loads doc, the plan's document with one string edited in place
// (reshape.Document.Replace): it gives what LoadDocument gives. When that
// string is a template or the sample of one step, the solver or the
// plan's input, only that part is checked again: the other steps keep
// their templates, moved to their places in doc. Any other edit, or one in
// a plan with errors elsewhere or with tools of its own, loads doc whole.
func (p *Plan) Reload(doc *reshape.Document) *Plan {
	ptr := doc.Edited()
	if ptr == "" || p.doc == nil || len(p.tools) > 0 || !p.toolValues.IsNull() {
		return LoadDocument(doc)
	}
	var edited *Step // the step whose templates or sample changed
	solver := false  // or the solver's
	switch {
	case under(ptr, "/input"), under(ptr, "/solver"):
		solver = under(ptr, "/solver")
	default:
		for _, s := range p.All {
			if strings.HasPrefix(ptr, s.At+"/") && (edited == nil || len(s.At) > len(edited.At)) {
				edited = s
			}
		}
		if edited == nil || edited.ID == "" || !ownPart(ptr[len(edited.At):]) {
			return LoadDocument(doc)
		}
	}
	// The errors must be those the reload makes again: of the part edited.
	for _, e := range p.Errors {
		ours := solver && under(e.At, "/solver")
		if edited != nil {
			ours = e.Step == edited.ID && strings.HasPrefix(e.At, edited.At+"/") && ownPart(e.At[len(edited.At):])
		}
		if !ours {
			return LoadDocument(doc)
		}
	}
	q := p.moved(doc, edited, solver)
	l := loader{p: q, doc: doc}
	switch {
	case edited != nil:
		s := q.byID[edited.ID]
		*s = Step{ID: s.ID, At: s.At, Form: s.Form, Branch: s.Branch, Branches: s.Branches, In: s.In, InBranch: s.InBranch,
			value: s.value, list: s.list, index: s.index, pos: s.pos}
		l.step(s)
	case solver:
		v, _ := doc.Value.Lookup("solver")
		l.solver(v)
	default:
		q.Input, _ = doc.Value.Lookup("input")
	}
	l.sortErrors()
	q.Errors = l.errs.Capped()
	return q
}

// ownPart reports whether rest, a pointer from a step's own, is inside
// what the step's load reads again: its templates and its sample.
func ownPart(rest string) bool {
	for _, key := range []string{"/input", "/over", "/initial", "/result"} {
		if under(rest, key) {
			return true
		}
	}
	return false
}

// under reports whether ptr is at or below the node top.
func under(ptr, top string) bool {
	return ptr == top || strings.HasPrefix(ptr, top+"/")
}

// moved is a copy of p for doc: every step and shape where doc has it.
// The templates of edited, or the solver's, are left to be checked again.
func (p *Plan) moved(doc *reshape.Document, edited *Step, solver bool) *Plan {
	q := &Plan{Input: p.Input, Warnings: doc.Warnings(), doc: doc, byID: make(map[string]*Step, len(p.byID)), tools: p.tools, toolValues: p.toolValues,
		solverScope: p.solverScope, solverReads: p.solverReads, solverPaths: p.solverPaths, hasSolver: p.hasSolver, solver: doc.Moved(p.solver)}
	steps := make(map[*Step]*Step, len(p.All))
	copies := make([]Step, len(p.All)) // one allocation for the plan's steps
	q.All = make([]*Step, len(p.All))
	for i, s := range p.All {
		c := &copies[i]
		*c = *s
		c.value, _ = template.ResolvePointer(doc.Value, s.At)
		c.input, c.over, c.initial = doc.Moved(s.input), doc.Moved(s.over), doc.Moved(s.initial)
		steps[s] = c
		q.All[i] = c
		if c.ID != "" {
			q.byID[c.ID] = c
		}
	}
	list := func(old []*Step) []*Step {
		l := make([]*Step, len(old))
		for i, s := range old {
			l[i] = steps[s]
			l[i].list = l
		}
		return l
	}
	q.Steps = list(p.Steps)
	for _, s := range q.All {
		s.In = steps[s.In]
		if s.Branches != nil {
			branches := make([]Branch, len(s.Branches))
			for i, b := range s.Branches {
				branches[i] = Branch{Name: b.Name, At: b.At, Steps: list(b.Steps)}
			}
			s.Branches = branches
		}
		if edited != nil && s.ID == edited.ID {
			continue
		}
		for _, shape := range []*reshape.Shape{s.over, s.initial, s.input} {
			if shape != nil {
				q.drawn = append(q.drawn, shape)
			}
		}
	}
	if q.solver != nil && !solver {
		q.drawn = append(q.drawn, q.solver)
	}
	return q
}
