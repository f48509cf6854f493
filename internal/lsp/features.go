package lsp

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/splicedev/splice/internal/display"
	"github.com/splicedev/splice/internal/playground"
	"github.com/splicedev/splice/internal/playground/evaluate"
	"github.com/splicedev/splice/internal/playground/state"
	"github.com/splicedev/splice/plan"
	"github.com/splicedev/splice/template"
)

// What the server tells of a document: its problems, completion, hover,
// symbols, fixes and each step's status, all from the playground's session.

// source names the server in diagnostics.
const source = "splice"

// shows reports whether the document's diagnostics show p. A plan runs
// against its samples: all its problems show. A template, a shape or a
// tool file carries no data, and a template or a shape alone does not
// know the steps before it: of those, only what the text alone decides
// (its syntax, its scope, a tool's definition) shows.
func (d *document) shows(p *evaluate.Problem) bool {
	if p.Target != (state.Target{}) {
		return false
	}
	switch d.mode {
	case state.ModePlan:
		return true
	case state.ModeTool:
		return p.Phase == template.PhaseLoad
	}
	return p.Phase == template.PhaseLoad && p.Kind != template.MissingStep
}

// diagnostics are the document's problems, each where the playground's
// editor underlines it (Problem.Marked); a problem placed nowhere in the
// text is at its start. Likely mistakes (warnings) and what the engine
// calls no failure (EmptyData, "nothing found") are warnings.
func (d *document) diagnostics() []Diagnostic {
	out := []Diagnostic{}
	if d.tooBig {
		msg := fmt.Sprintf("the document is %s, more than the %s the playground opens: it is not checked", display.Size(len(d.text)), display.Size(maxDocument))
		return append(out, Diagnostic{Severity: severityError, Code: "LimitError", Source: source, Message: msg})
	}
	if d.ss == nil {
		return out // none of Splice's
	}
	var shown []*evaluate.Problem
	var offs []int
	for i := range d.ss.Out.Problems {
		if p := &d.ss.Out.Problems[i]; d.shows(p) {
			start, end := p.Marked()
			shown, offs = append(shown, p), append(offs, max(start, 0), max(start, end, 0))
		}
	}
	at := d.positions(offs)
	for i, p := range shown {
		var r Range
		if start, _ := p.Marked(); start >= 0 {
			r = Range{at[2*i], at[2*i+1]}
		}
		out = append(out, d.diagnostic(p, r))
	}
	return out
}

// markedRange is where the playground's editor underlines p.
func (d *document) markedRange(p *evaluate.Problem) Range {
	if start, end := p.Marked(); start >= 0 {
		return d.rangeOf(start, end)
	}
	return Range{}
}

// diagnostic is p placed at r.
func (d *document) diagnostic(p *evaluate.Problem, r Range) Diagnostic {
	severity := severityError
	if !p.Failure() || p.KindName() == "Warning" {
		severity = severityWarning
	}
	msg := p.Label() + ": " + p.Msg
	if p.Step != "" {
		msg += " (step " + p.Step + ")"
	}
	diag := Diagnostic{Range: r, Severity: severity, Code: p.KindName(), Source: source, Message: msg}
	here := Location{URI: d.uri, Range: r}
	if len(p.Available) > 0 {
		label := "available: "
		if p.Kind == template.MissingStep {
			label = "roots: " // as the problems pane says
		}
		keys := label + strings.Join(p.Available, ", ")
		if p.More > 0 {
			keys += " and " + strconv.Itoa(p.More) + " more"
		}
		diag.RelatedInformation = append(diag.RelatedInformation, diagnosticRelatedInformation{Location: here, Message: keys})
	}
	if p.Suggestion != "" {
		diag.RelatedInformation = append(diag.RelatedInformation, diagnosticRelatedInformation{Location: here, Message: "did you mean " + strconv.Quote(p.Suggestion) + "?"})
	}
	return diag
}

// completionKinds are the protocol's item kinds of the engine's
// candidate kinds, by name.
var completionKinds = map[string]int{
	"root": completionVariable, "key": completionField, "index": completionValue,
	"length": completionKeyword, "loopvar": completionVariable, "close": completionKeyword,
}

// completion is what may be typed at byte offset off, as the session
// completes it: in a tag, also one not closed yet; each item with the
// JSON type of what it names. The engine's order is kept.
func (d *document) completion(off int) CompletionList {
	list := CompletionList{Items: []CompletionItem{}}
	if d.ss == nil {
		return list
	}
	line := d.position(off).Line
	lineStart := d.lineStarts()[line]
	units := []int{lineStart, off}
	playground.UTF16Offsets(d.text, units)
	c := d.ss.Complete(units[1])
	if len(c.Items) == 0 || c.From < units[0] || c.To > units[1] {
		return list
	}
	r := Range{Start: Position{line, c.From - units[0]}, End: Position{line, c.To - units[0]}}
	for i, item := range c.Items {
		list.Items = append(list.Items, CompletionItem{
			Label: item.Label, Kind: completionKinds[item.Kind.String()], Detail: item.Type,
			SortText: fmt.Sprintf("%04d", i), TextEdit: TextEdit{Range: r, NewText: item.Label},
		})
	}
	return list
}

// hover is what the tag at off resolved to in the plan's run: its type
// and value (and how many times it ran), or its error; in a map's or
// fold's body, in each iteration. nil off a tag, and outside a plan,
// whose files carry no data.
func (d *document) hover(off int) *Hover {
	if d.ss == nil || d.mode != state.ModePlan {
		return nil
	}
	spans := d.ss.Spans()
	h, ok := d.ss.Out.Hover(spans, off)
	if !ok {
		return nil
	}
	text := h.Text
	if p := d.plan(); p == nil {
	} else if scope, id, ok := p.ScopeAt(off); ok && scope.Iteration {
		if each, n := d.ss.Out.HoverEach(spans, off, id, maxHoverIterations); len(each) > 0 {
			lines := make([]string, len(each))
			for i, e := range each {
				lines[i] = "- [" + strconv.Itoa(i) + "] " + e.Text
			}
			if n > len(each) {
				lines = append(lines, "- … "+strconv.Itoa(n-len(each))+" more iterations")
			}
			text = strings.Join(lines, "\n")
		}
	}
	text = "`" + d.text[h.Range[0]:h.Range[1]] + "`\n\n" + text
	return &Hover{Contents: markupContent{Kind: "markdown", Value: text}, Range: d.rangeOf(h.Range[0], h.Range[1])}
}

// maxHoverIterations bounds the iterations a hover in a body shows.
const maxHoverIterations = 10

// plan is the document's plan, nil when it is no plan or does not parse
// (it has no steps to tell of then, only its problems).
func (d *document) plan() *plan.Plan {
	if d.ss == nil || d.mode != state.ModePlan {
		return nil
	}
	if p := d.ss.Plan(); p.Document() != nil {
		return p
	}
	return nil
}

// extents returns where each step of p is, by its pointer: from its first
// line's start (with the list item's dash) to the end of its last line.
func (d *document) extents(p *plan.Plan, ptrs []string) [][2]int {
	out := p.Document().Extents(ptrs)
	for i, e := range out {
		if e[0] < 0 {
			continue
		}
		if start := d.lineStarts()[d.position(e[0]).Line]; strings.Trim(d.text[start:e[0]], " -\t") == "" {
			e[0] = start
		}
		e[1] = d.lineEnd(d.position(e[1]).Line)
		out[i] = e
	}
	return out
}

// symbols are the plan's steps in document order, a decide step's
// branches inside it and their steps inside them, then the solver.
func (d *document) symbols() []DocumentSymbol {
	out := []DocumentSymbol{}
	p := d.plan()
	if p == nil {
		return out
	}
	var ptrs []string
	for _, s := range p.All {
		ptrs = append(ptrs, s.At)
		for _, b := range s.Branches {
			ptrs = append(ptrs, b.At)
		}
	}
	ext := d.extents(p, ptrs)
	where := make(map[string][2]int, len(ptrs))
	for i, ptr := range ptrs {
		where[ptr] = ext[i]
	}
	var list func(steps []*plan.Step) []DocumentSymbol
	list = func(steps []*plan.Step) []DocumentSymbol {
		var syms []DocumentSymbol
		for _, s := range steps {
			e, ok := where[s.At]
			if !ok || e[0] < 0 {
				continue
			}
			sym := DocumentSymbol{Name: s.ID, Detail: s.Form.String(), Kind: symbolFunction, Range: d.rangeOf(e[0], e[1])}
			if s.ToolName != "" {
				sym.Detail += " " + s.ToolName
			}
			if sym.Name == "" {
				sym.Name = "(no id) " + s.At
			}
			sym.SelectionRange = sym.Range
			if from, to, ok := d.idRange(s); ok {
				sym.SelectionRange = d.rangeOf(from, to)
			}
			for _, b := range s.Branches {
				be := where[b.At]
				if be[0] < 0 {
					be = e
				}
				br := d.rangeOf(be[0], be[1])
				sym.Kind = symbolNamespace
				sym.Children = append(sym.Children, DocumentSymbol{Name: b.Name, Detail: "branch", Kind: symbolObject, Range: br, SelectionRange: br, Children: list(b.Steps)})
			}
			syms = append(syms, sym)
		}
		return syms
	}
	out = append(out, list(p.Steps)...)
	if at, ok := p.SolverAt(); ok {
		r := d.rangeOf(at, d.lineEnd(d.position(at).Line))
		out = append(out, DocumentSymbol{Name: "solver", Kind: symbolEvent, Range: r, SelectionRange: r})
	}
	return out
}

// idRange is where step s's id is written in the text: inside its quotes
// when quoted; false when the text does not hold it as written (escapes).
func (d *document) idRange(s *plan.Step) (from, to int, ok bool) {
	if s.ID == "" {
		return 0, 0, false
	}
	at := d.plan().Document().Pos(s.At + "/id").Offset
	if at < len(d.text) && (d.text[at] == '"' || d.text[at] == '\'') {
		at++
	}
	if !strings.HasPrefix(d.text[min(at, len(d.text)):], s.ID) {
		return 0, 0, false
	}
	return at, at + len(s.ID), true
}

// codeActions are the playground's fixes of the problems in r, each one
// edit, as the problems pane offers them: the problem's Fix (quoting a
// template, or a value a comment cuts), the did-you-mean, every other key
// on offer in place of the failing segment, a step the plan reads and
// lacks, a bare list wrapped in "steps:"; and, as the steps pane does, a
// sample result for a step that needs one and has none.
func (d *document) codeActions(r Range) []CodeAction {
	out := []CodeAction{}
	if d.ss == nil {
		return out
	}
	from, to := d.offset(r.Start), d.offset(r.End)
	for i := range d.ss.Out.Problems {
		p := &d.ss.Out.Problems[i]
		start, end := p.Marked()
		if !d.shows(p) || start < 0 || end < from || start > to || p.SegStart < 0 {
			continue
		}
		diag := d.diagnostic(p, d.markedRange(p))
		seg := d.text[p.SegStart:p.SegEnd]
		fix := func(title, text string, preferred bool) {
			edit := TextEdit{Range: d.rangeOf(p.SegStart, p.SegEnd), NewText: text}
			out = append(out, CodeAction{Title: title, Kind: "quickfix", Diagnostics: []Diagnostic{diag}, IsPreferred: preferred,
				Edit: WorkspaceEdit{Changes: map[string][]TextEdit{d.uri: {edit}}}})
		}
		if p.Fix != "" {
			fix("Replace "+strconv.Quote(seg)+" with "+p.Fix, p.Fix, true)
		}
		if p.Suggestion != "" {
			fix("Did you mean "+strconv.Quote(p.Suggestion)+"?", p.Suggestion, true)
		}
		for _, key := range p.Available {
			if key != p.Fix && key != p.Suggestion {
				fix("Use "+strconv.Quote(key), key, false)
			}
		}
		if id := d.ss.MissingStep(i); id != "" {
			if at, insert, ok := d.ss.Plan().StepSkeleton(id, p.Step); ok {
				out = append(out, CodeAction{Title: "Add step " + id + " with a sample result", Kind: "quickfix", Diagnostics: []Diagnostic{diag},
					Edit: WorkspaceEdit{Changes: map[string][]TextEdit{d.uri: {{Range: d.rangeOf(at, at), NewText: insert}}}}})
			}
		}
	}
	if text, ok := d.ss.Plan().StepsWrapped(); ok && d.mode == state.ModePlan {
		out = append(out, CodeAction{Title: "Wrap in steps:", Kind: "quickfix",
			Edit: WorkspaceEdit{Changes: map[string][]TextEdit{d.uri: {{Range: d.rangeOf(0, len(d.text)), NewText: text}}}}})
	}
	if p := d.plan(); p != nil {
		var ptrs []string
		for _, s := range p.All {
			ptrs = append(ptrs, s.At)
		}
		for i, e := range d.extents(p, ptrs) {
			s := p.All[i]
			if e[0] < 0 || e[1] < from || e[0] > to || !s.NeedsSample() {
				continue
			}
			if at, insert, ok := p.SampleSkeleton(s.ID); ok {
				edit := TextEdit{Range: d.rangeOf(at, at), NewText: insert}
				out = append(out, CodeAction{Title: "Add a sample result to " + s.ID, Kind: "quickfix",
					Edit: WorkspaceEdit{Changes: map[string][]TextEdit{d.uri: {edit}}}})
			}
		}
	}
	return out
}

// inlayHints show each step's status after its id, as the steps pane
// does: ok, sample, failed, blocked (by what), skipped (a branch not
// taken).
func (d *document) inlayHints(r Range) []InlayHint {
	out := []InlayHint{}
	p := d.plan()
	if p == nil || d.ss.Out.Plan == nil {
		return out
	}
	from, to := d.offset(r.Start), d.offset(r.End)
	rows := d.ss.Out.Plan.Steps // one for each of p.All, in order
	for i, s := range p.All {
		if i >= len(rows) || rows[i].ID != s.ID {
			break
		}
		_, end, ok := d.idRange(s)
		if !ok || end < from || end > to {
			continue
		}
		label := rows[i].Status
		if rows[i].BlockedBy != "" {
			label += " by " + rows[i].BlockedBy
		}
		out = append(out, InlayHint{Position: d.position(end), Label: label, PaddingLeft: true})
	}
	return out
}
