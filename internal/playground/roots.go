package playground

import (
	"errors"
	"slices"
	"strconv"

	"github.com/splicedev/splice/internal/playground/state"
	"github.com/splicedev/splice/template"
)

// roots edits the roots of a state as the roots pane does: a step root
// added, renamed, moved or deleted, input kept first and the iteration
// roots last.
type roots struct{ s *state.State }

// nextName returns the first E<n> that names no step yet.
func (r roots) nextName() string {
	for n := 0; ; n++ {
		if name := "E" + strconv.Itoa(n); !r.s.Taken(name) {
			return name
		}
	}
}

// lastStep is the index after which a new step goes: after the last step
// id, before the iteration roots.
func (r roots) lastStep() int {
	last := 0
	for i, root := range r.s.Roots {
		if !state.FixedRoot(root.Name) {
			last = i
		}
	}
	return last
}

// checkName validates name for a new step: the dialect's step id rules,
// and unique among the roots and the later steps (except for old, the
// root being renamed).
func (r roots) checkName(name, old string) error {
	if reason := template.ValidateStepID(name); reason != "" {
		return errors.New(reason)
	}
	if name != old && r.s.Taken(name) {
		return errors.New("a step called " + strconv.Quote(name) + " already exists")
	}
	return nil
}

// rename renames the step root old to name.
func (r roots) rename(old, name string) error {
	i := r.s.RootIndex(old)
	if i < 0 {
		return errors.New("no root called " + strconv.Quote(old))
	}
	if state.FixedRoot(old) {
		return errors.New(strconv.Quote(old) + " cannot be renamed")
	}
	if err := r.checkName(name, old); err != nil {
		return err
	}
	r.s.Roots[i].Name = name
	return nil
}

// remove removes the step root called name and returns it.
func (r roots) remove(name string) (state.RootText, error) {
	i := r.s.RootIndex(name)
	if i < 0 || state.FixedRoot(name) {
		return state.RootText{}, errors.New(strconv.Quote(name) + " cannot be deleted")
	}
	removed := r.s.Roots[i]
	r.s.Roots = slices.Delete(r.s.Roots, i, i+1)
	return removed, nil
}

// insert puts root at index i among the step roots (a new step, or
// a deleted one put back), or after the last when i is past it. It fails
// when the name is taken.
func (r roots) insert(root state.RootText, i int) error {
	if err := r.checkName(root.Name, ""); err != nil {
		return err
	}
	i = min(max(i, 1), r.lastStep()+1)
	r.s.Roots = slices.Insert(r.s.Roots, i, root)
	return nil
}

// move moves the step root called name by delta places among the step
// ids; input stays first and the iteration roots last. It reports whether
// anything moved.
func (r roots) move(name string, delta int) bool {
	if !r.movable(name, delta) {
		return false
	}
	i := r.s.RootIndex(name)
	j := i + delta
	moved := r.s.Roots[i]
	r.s.Roots = slices.Delete(r.s.Roots, i, i+1)
	r.s.Roots = slices.Insert(r.s.Roots, j, moved)
	return true
}

// movable reports whether move(name, delta) would move anything.
func (r roots) movable(name string, delta int) bool {
	i := r.s.RootIndex(name)
	if i < 0 || state.FixedRoot(name) {
		return false
	}
	j := i + delta
	return j >= 1 && j < len(r.s.Roots) && !state.FixedRoot(r.s.Roots[j].Name)
}
