package state

import (
	"errors"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/splicedev/splice/template"
)

// Mode is what the playground renders: a template, a shape, a tool call or
// a whole plan.
type Mode string

// The modes, as they are spelled in share links.
const (
	ModeTemplate Mode = "template"
	ModeShape    Mode = "shape"
	ModeTool     Mode = "tool"
	ModePlan     Mode = "plan"
)

// Title is the mode's tab label.
func (m Mode) Title() string {
	switch m {
	case ModeShape:
		return "Shape"
	case ModeTool:
		return "Tool"
	case ModePlan:
		return "Plan"
	}
	return "Template"
}

// RootText is one root as the author typed it: JSON or YAML text.
type RootText struct {
	Name string `json:"name"`
	Text string `json:"text"`
}

// State is everything a share link carries besides its schema version
// and the engine that wrote it (schema v2: v1 had no plan). Editor texts are
// kept verbatim. Roots are in step order: input first, then step ids, then
// (in an iteration body) item, index and accumulator.
type State struct {
	Mode     Mode   `json:"mode"`
	Template string `json:"template"`
	Shape    string `json:"shape"`
	Tool     string `json:"tool"`
	Call     string `json:"call"`
	// Plan is the plan document of plan mode (DIALECT §9), which holds
	// its own input and samples: the roots are not its.
	Plan  string     `json:"plan,omitempty"`
	Roots []RootText `json:"roots"`
	Later []string   `json:"later"`
	// Branch names the steps of a decide step's branch this step is not in:
	// step id → the decide step (DIALECT §3, Branches).
	Branch    map[string]string `json:"branch,omitempty"`
	Iteration bool              `json:"iteration"`

	// aside holds the iteration roots while the iteration body is switched
	// off (typed before, or carried so by a link): kept for the switch, and
	// in links and the autosave, not dropped.
	aside []RootText
	// ignored names the fields of a link this playground does not know,
	// to be named in the banner rather than dropped without a word.
	ignored []string
	// engine is the engine version (template.Version) that wrote the link
	// the state came from, for the banner.
	engine string
}

// asideNames names the iteration roots the state set aside (see aside).
func (s *State) asideNames() []string {
	names := make([]string, len(s.aside))
	for i, r := range s.aside {
		names[i] = r.Name
	}
	return names
}

// stateVersion is the schema version this build writes.
const stateVersion = 2

// iterationRoots join the roots in an iteration body: the engine's
// (template.IterationRoots: item, index, accumulator), each with its
// starting text.
var iterationRoots = func() []RootText {
	starts := []string{"{}", "0", "null"}
	roots := make([]RootText, 0, len(starts))
	for i, name := range template.IterationRoots() {
		roots = append(roots, RootText{Name: name, Text: starts[i]})
	}
	return roots
}()

// FixedRoot reports whether name is a root the playground manages itself:
// input and the iteration roots cannot be renamed, moved or deleted.
func FixedRoot(name string) bool {
	return name == "input" || slices.ContainsFunc(iterationRoots, func(r RootText) bool { return r.Name == name })
}

// Clone returns a deep copy, so edits to it never reach s.
func (s State) Clone() State {
	s.Roots = slices.Clone(s.Roots)
	s.aside = slices.Clone(s.aside)
	s.Later = slices.Clone(s.Later)
	s.Branch = maps.Clone(s.Branch)
	return s
}

// Same reports whether s and t are the same state: every text, root and
// setting. It is asked once a page opens, not on typing: reflection costs
// less code than comparing field by field.
func (s *State) Same(t *State) bool { return reflect.DeepEqual(s, t) }

// Text returns the text target names.
func (s *State) Text(target Target) string {
	switch {
	case target.Call:
		return s.Call
	case target.Root != "":
		if i := s.RootIndex(target.Root); i >= 0 {
			return s.Roots[i].Text
		}
		return ""
	}
	return *s.mainText()
}

// SetText replaces the text target names.
func (s *State) SetText(target Target, text string) {
	switch {
	case target.Call:
		s.Call = text
	case target.Root != "":
		if i := s.RootIndex(target.Root); i >= 0 {
			s.Roots[i].Text = text
		}
	default:
		*s.mainText() = text
	}
}

// mainText is the text of the mode's main editor.
func (s *State) mainText() *string {
	switch s.Mode {
	case ModeShape:
		return &s.Shape
	case ModeTool:
		return &s.Tool
	case ModePlan:
		return &s.Plan
	}
	return &s.Template
}

// RootIndex returns the position of the root called name, or -1.
func (s *State) RootIndex(name string) int {
	return slices.IndexFunc(s.Roots, func(r RootText) bool { return r.Name == name })
}

// Names returns every root's name in order.
func (s *State) Names() []string {
	names := make([]string, len(s.Roots))
	for i, r := range s.Roots {
		names[i] = r.Name
	}
	return names
}

// steps returns the names a template may start a path with, in step order:
// input and the step ids (the iteration roots come from Scope.Iteration).
func (s *State) steps() []string {
	names := make([]string, 0, len(s.Roots))
	for _, r := range s.Roots {
		if r.Name == "input" || !FixedRoot(r.Name) {
			names = append(names, r.Name)
		}
	}
	return names
}

// Taken reports whether a root, a later step or a branch step is called
// name: a step id names one step.
func (s *State) Taken(name string) bool {
	_, branch := s.Branch[name]
	return s.RootIndex(name) >= 0 || slices.Contains(s.Later, name) || branch
}

// Scope is what the template is checked against.
func (s *State) Scope() template.Scope {
	return template.NamedRoots(s.steps()).Scope(slices.Clone(s.Later), maps.Clone(s.Branch), s.Iteration)
}

// SetIteration switches the iteration body on or off, adding or removing
// the item, index and accumulator roots. The removed roots whose texts are
// not the starting ones are set aside, and come back when it is switched
// on again.
func (s *State) SetIteration(on bool) {
	s.Iteration = on
	if !on {
		var removed []RootText
		s.Roots = slices.DeleteFunc(s.Roots, func(r RootText) bool {
			if r.Name == "input" || !FixedRoot(r.Name) {
				return false
			}
			if !slices.Contains(iterationRoots, r) {
				removed = append(removed, r)
			}
			return true
		})
		s.aside = removed
		return
	}
	for _, r := range iterationRoots {
		if s.RootIndex(r.Name) >= 0 {
			continue
		}
		if k := slices.IndexFunc(s.aside, func(x RootText) bool { return x.Name == r.Name }); k >= 0 {
			r = s.aside[k]
		}
		s.Roots = append(s.Roots, r)
	}
	s.aside = nil
}

// ParseLater reads a list of later step ids separated by commas or spaces,
// each a valid step id that names no root.
func (s *State) ParseLater(text string) ([]string, error) {
	var ids []string
	for _, id := range strings.FieldsFunc(text, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' }) {
		if reason := template.ValidateStepID(id); reason != "" {
			return nil, errors.New(reason)
		}
		if s.RootIndex(id) >= 0 {
			return nil, errors.New(strconv.Quote(id) + " is a root already: a later step runs after this one")
		}
		if _, branch := s.Branch[id]; branch {
			return nil, errors.New(strconv.Quote(id) + " is a branch step already: a later step is not in a branch")
		}
		if !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	return ids, nil
}

// ParseBranch reads the branch-steps field: pairs ID=DECIDE separated by
// commas or spaces, each ID a valid step id that names no root and no later
// step, each DECIDE a valid step id.
func (s *State) ParseBranch(text string) (map[string]string, error) {
	var steps map[string]string
	for _, pair := range strings.FieldsFunc(text, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' }) {
		id, decide, ok := strings.Cut(pair, "=")
		if !ok {
			return nil, errors.New(strconv.Quote(pair) + ": write a branch step as ID=DECIDE, as in E5=E3")
		}
		if err := s.checkBranchStep(id, decide); err != nil {
			return nil, err
		}
		if steps == nil {
			steps = map[string]string{}
		}
		steps[id] = decide
	}
	return steps, nil
}

// checkBranchStep says why step id cannot sit in a branch of decide.
func (s *State) checkBranchStep(id, decide string) error {
	return validateBranchStep(id, decide, s.RootIndex(id) >= 0 || slices.Contains(s.Later, id))
}

// validateBranchStep says why step id cannot sit in a branch of decide;
// taken tells that a root or a later step is called id.
func validateBranchStep(id, decide string, taken bool) error {
	for _, name := range []string{id, decide} {
		if reason := template.ValidateStepID(name); reason != "" {
			return errors.New(reason)
		}
	}
	if taken {
		return errors.New(strconv.Quote(id) + " is a root or a later step already: a branch step is neither")
	}
	return nil
}

// Normalize makes a decoded or a built state usable: a known mode, input first, the
// iteration roots present exactly when the iteration switch is on. It
// fails on what cannot be repaired without guessing: bad or duplicate
// names.
func (s *State) Normalize() error {
	switch s.Mode {
	case "":
		s.Mode = ModeTemplate
	case ModeTemplate, ModeShape, ModeTool, ModePlan:
	default:
		return errors.New("unknown mode " + strconv.Quote(briefly(string(s.Mode), maxQuoted)))
	}
	if s.RootIndex("input") < 0 {
		s.Roots = slices.Insert(s.Roots, 0, RootText{Name: "input", Text: "{}"})
	}
	if n := slices.IndexFunc(s.Roots[s.RootIndex("input")+1:], func(r RootText) bool { return r.Name == "input" }); n >= 0 {
		return errors.New(`two roots are called "input"`)
	}
	var steps, iter []RootText
	input := s.Roots[s.RootIndex("input")]
	for _, r := range s.Roots {
		switch {
		case r.Name == "input":
		case FixedRoot(r.Name):
			iter = append(iter, r)
		default:
			steps = append(steps, r)
		}
	}
	seen := map[string]bool{"input": true}
	for _, r := range append(steps, iter...) {
		if seen[r.Name] {
			return errors.New("two roots are called " + strconv.Quote(r.Name))
		}
		seen[r.Name] = true
	}
	for _, r := range steps {
		if reason := template.ValidateStepID(r.Name); reason != "" {
			return errors.New(reason)
		}
	}
	s.Roots = append([]RootText{input}, steps...)
	s.aside = iter
	if s.Iteration {
		s.SetIteration(true)
	}
	// Sets, not scans: a link may name tens of thousands of steps.
	later := s.Later
	s.Later = nil
	for _, id := range later {
		if reason := template.ValidateStepID(id); reason != "" {
			return errors.New(reason)
		}
		if !seen[id] {
			seen[id] = true
			s.Later = append(s.Later, id)
		}
	}
	for _, id := range slices.Sorted(maps.Keys(s.Branch)) { // the same error for the same link
		if err := validateBranchStep(id, s.Branch[id], seen[id]); err != nil {
			return err
		}
	}
	return nil
}
