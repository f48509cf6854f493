package playground

import (
	"strings"

	"github.com/splicedev/splice/internal/playground/state"
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
	ss.Select(state.Target{}, at, at+len(strings.TrimRight(insert, " ,\n")))
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

// OpenStepAlone replaces the state by the selected step alone.
func (ss *Session) OpenStepAlone() {
	if s, ok := ss.Out.StepAlone(ss.step, ss.iter); ok {
		ss.Load(s)
	}
}

// CanOpenStepAlone reports whether the selected step can be opened alone:
// a step with an input.
func (ss *Session) CanOpenStepAlone() bool { return ss.Out.CanOpenAlone(ss.step) }
