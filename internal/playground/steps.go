package playground

import (
	"strings"

	"github.com/splicedev/splice/internal/playground/state"
	"github.com/splicedev/splice/plan"
	"github.com/splicedev/splice/template"
)

// Plan mode's steps: the session selects the step the output shows (a
// click, or the caret in it) and the iteration of a map or fold, writes a
// step's sample and a decide step's decision into the plan document, and
// opens a step alone.

// SelectStep shows step id in the output ("" for the solver), from its
// first iteration.
func (ss *Session) SelectStep(id string) {
	if ss.step == id {
		return
	}
	ss.step, ss.iter = id, 0
	ss.Out.Show(ss.step, ss.iter)
	ss.Version++
}

// AddMissingStep adds the step problem i (a MissingStep of a plan) names
// but the plan lacks, before the step that reads it, with a sample result
// of what the plan reads of it, and selects that sample. It reports
// whether it could.
func (ss *Session) AddMissingStep(i int) bool {
	id, before, ok := ss.missingStep(i)
	if !ok {
		return false
	}
	at, insert, ok := ss.eval.Plan(ss.State.Plan).StepSkeleton(id, before)
	if !ok {
		return false
	}
	text := ss.State.Plan
	ss.write(state.Target{}, text[:at]+insert+text[at:])
	ss.SelectStep(id)
	return true
}

// missingStep is the step problem i names and the plan lacks, and the
// step that reads it; ok is false for any other problem.
func (ss *Session) missingStep(i int) (id, before string, ok bool) {
	if ss.State.Mode != state.ModePlan || i < 0 || i >= len(ss.Out.Problems) {
		return "", "", false
	}
	p := &ss.Out.Problems[i]
	text := ss.State.Plan
	if p.Kind != template.MissingStep || p.Step == "" || p.Suggestion != "" || p.SegStart < 0 || p.SegEnd > len(text) || p.SegStart >= p.SegEnd {
		return "", "", false
	}
	id = text[p.SegStart:p.SegEnd]
	if _, defined := ss.eval.Plan(text).Step(id); defined { // a step that runs later
		return "", "", false
	}
	return id, p.Step, true
}

// BareSteps reports whether the plan document is a bare list of steps
// (pasted without its "steps:"), which WrapInSteps mends.
func (ss *Session) BareSteps() bool {
	_, ok := ss.eval.Plan(ss.State.Plan).StepsWrapped()
	return ss.State.Mode == state.ModePlan && ok
}

// WrapInSteps makes a bare list of steps the steps of a plan document.
func (ss *Session) WrapInSteps() {
	if text, ok := ss.eval.Plan(ss.State.Plan).StepsWrapped(); ok && ss.State.Mode == state.ModePlan {
		ss.write(state.Target{}, text)
	}
}

// MissingStep is the id of the step problem i names and the plan lacks,
// which AddMissingStep adds; "" for any other problem.
func (ss *Session) MissingStep(i int) string {
	id, _, _ := ss.missingStep(i)
	return id
}

// RevealStep selects step id ("" for the solver) and asks the main editor
// to show its id (the solver's key) in the document, a glance that leaves
// the focus in the list: a row clicked or entered leads to the step's
// text. A document that does not parse has no place to show.
func (ss *Session) RevealStep(id string) {
	ss.SelectStep(id)
	p := ss.eval.Plan(ss.State.Plan)
	if p.Document() == nil {
		return
	}
	at, ok := p.SolverAt()
	length := len("solver")
	if id != "" {
		var s *plan.Step
		s, ok = p.Step(id)
		if ok {
			at, length = p.Document().Pos(s.At+"/id").Offset, len(id)
		}
	}
	if ok {
		ss.selectRange(state.Target{}, at, at+length)
		ss.Selection.Glance = true
	}
}

// ShowIteration shows iteration i of the selected map or fold step.
func (ss *Session) ShowIteration(i int) {
	if p := ss.Out.Plan; p == nil || i < 0 || i >= p.Iterations || i == ss.iter {
		return
	}
	ss.iter = i
	ss.Out.Show(ss.step, ss.iter)
	ss.Version++
}

// Caret follows the caret of the main editor at offset off (in UTF-16
// code units): in plan mode, moving it into a step selects that step, and
// onto the solver the solver. It reports whether the selection changed.
func (ss *Session) Caret(off int) bool {
	if ss.State.Mode != state.ModePlan {
		return false
	}
	_, id, ok := ss.Plan().ScopeAt(byteOffset(ss.State.Plan, off))
	if !ok || id == ss.step {
		// In the plan's input or tools the selection stays.
		return false
	}
	ss.SelectStep(id)
	return true
}

// InsertSample writes a sample result skeleton into step id, which has
// none, and selects it: one edit of the main text.
func (ss *Session) InsertSample(id string) {
	p := ss.Plan()
	at, insert, ok := p.SampleSkeleton(id)
	if !ok {
		return
	}
	text := ss.State.Plan
	ss.write(state.Target{}, text[:at]+insert+text[at:])
	lead := len(insert) - len(strings.TrimLeft(insert, "\n")) // a block starts on a line of its own
	ss.selectRange(state.Target{}, at+lead, at+len(strings.TrimRight(insert, " ,\n")))
}

// SetDecision makes branch the sample decision of decide step id: one edit
// of the main text.
func (ss *Session) SetDecision(id, branch string) {
	p := ss.Plan()
	from, to, insert, ok := p.SetBranch(id, branch)
	if !ok {
		return
	}
	text := ss.State.Plan
	ss.write(state.Target{}, text[:from]+insert+text[to:])
}

// OpenStepAlone replaces the state by the selected step alone, as one
// edit.
func (ss *Session) OpenStepAlone() {
	if s, ok := ss.Out.StepAlone(ss.step, ss.iter); ok {
		name := ss.step
		if name == "" {
			name = "the solver"
		}
		ss.do("open "+name+" alone", replaceState{s})
	}
}
