package playground

import (
	"errors"
	"maps"
	"slices"
	"strings"

	"github.com/splicedev/splice/internal/playground/state"
)

// The session's history holds its structural edits: roots added, renamed,
// moved and deleted, the mode, the later and branch steps, the iteration
// switch. Texts have their own history, in their editors. Each edit is
// kept as the change that undoes it; applying a change returns the change
// that undoes that in turn, so one stack feeds the other.

// change is one structural edit, applied to a session.
type change interface {
	apply(ss *Session) (inverse change, err error)
}

// entry is one entry of the history: what the user did, and the change
// that takes it back (on the undo stack) or does it again (on the redo
// stack).
type entry struct {
	label  string
	change change
}

// maxHistory bounds each stack: older edits fall off.
const maxHistory = 100

// do applies c, an edit the user made, labelled for the Undo button.
// A refused edit says why in NameError and leaves the history alone.
func (ss *Session) do(label string, c change) bool {
	inverse, err := c.apply(ss)
	if err != nil {
		ss.NameError = err.Error()
		return false
	}
	ss.NameError = ""
	// Typing in a scope field is one edit until something else happens;
	// typed back to where it started, it is none.
	n := len(ss.undo)
	if _, scope := c.(setScope); scope && n > 0 && ss.undo[n-1].label == label {
		first := ss.undo[n-1].change.(setScope) // the same label: the same field
		if slices.Equal(first.later, ss.State.Later) && maps.Equal(first.branch, ss.State.Branch) {
			ss.undo = ss.undo[:n-1]
		}
	} else {
		ss.undo = pushEntry(ss.undo, entry{label, inverse})
	}
	ss.redo = nil
	ss.update()
	return true
}

func pushEntry(entries []entry, e entry) []entry {
	if len(entries) == maxHistory {
		entries = slices.Delete(entries, 0, 1)
	}
	return append(entries, e)
}

// Undo takes the last structural edit back.
func (ss *Session) Undo() { ss.travel(&ss.undo, &ss.redo) }

// Redo makes the last undone edit again.
func (ss *Session) Redo() { ss.travel(&ss.redo, &ss.undo) }

// travel applies the top of from and keeps its inverse on to. When the
// change no longer applies (a name taken since), it stays and NameError
// says why.
func (ss *Session) travel(from, to *[]entry) {
	n := len(*from)
	if n == 0 {
		return
	}
	top := (*from)[n-1]
	ss.renamed = [2]string{}
	inverse, err := top.change.apply(ss)
	if err != nil {
		ss.NameError = err.Error()
		return
	}
	*from = (*from)[:n-1]
	*to = pushEntry(*to, entry{top.label, inverse})
	ss.NameError = ""
	ss.syncScopeFields()
	ss.update()
}

// History names the edits Undo would take back and Redo do again
// ("delete E1"), "" when none.
func (ss *Session) History() (undo, redo string) { return topLabel(ss.undo), topLabel(ss.redo) }

func topLabel(entries []entry) string {
	if len(entries) == 0 {
		return ""
	}
	return entries[len(entries)-1].label
}

// syncScopeFields shows the scope lists as the fields' texts.
func (ss *Session) syncScopeFields() {
	ss.LaterText = strings.Join(ss.State.Later, ", ")
	ss.BranchText = branchText(ss.State.Branch)
}

// insertRoot puts a root at index (adding a step, or undoing a deletion).
type insertRoot struct {
	root  state.RootText
	index int
}

func (c insertRoot) apply(ss *Session) (change, error) {
	if err := (roots{&ss.State}).insert(c.root, c.index); err != nil {
		return nil, err
	}
	ss.Active = c.root.Name
	return removeRoot{c.root.Name}, nil
}

// addRoot adds a step root with the next free name.
type addRoot struct{}

func (addRoot) apply(ss *Session) (change, error) {
	return insertRoot{state.RootText{Name: roots{&ss.State}.nextName(), Text: "{}"}, len(ss.State.Roots)}.apply(ss)
}

// removeRoot deletes a step root and opens the one before it.
type removeRoot struct{ name string }

func (c removeRoot) apply(ss *Session) (change, error) {
	i := ss.State.RootIndex(c.name)
	removed, err := roots{&ss.State}.remove(c.name)
	if err != nil {
		return nil, err
	}
	if ss.Active == c.name {
		ss.Active = ss.State.Roots[i-1].Name
	}
	return insertRoot{removed, i}, nil
}

type renameRoot struct{ from, to string }

func (c renameRoot) apply(ss *Session) (change, error) {
	if err := (roots{&ss.State}).rename(c.from, c.to); err != nil {
		return nil, err
	}
	if ss.Active == c.from {
		ss.Active = c.to
	}
	// The main text's references may follow, either way (RenameOffer).
	ss.renamed = [2]string{c.from, c.to}
	return renameRoot{c.to, c.from}, nil
}

// setTexts sets the template's, the shape's and the plan's texts at once
// (references renamed in them), and the rename then on offer: undone, the offer to
// rename the references comes back.
type setTexts struct {
	template, shape, plan string
	offer                 [2]string
}

func (c setTexts) apply(ss *Session) (change, error) {
	inverse := setTexts{ss.State.Template, ss.State.Shape, ss.State.Plan, ss.renamed}
	ss.State.Template, ss.State.Shape, ss.State.Plan, ss.renamed = c.template, c.shape, c.plan, c.offer
	ss.wrote(state.Target{})
	return inverse, nil
}

type moveRoot struct {
	name  string
	delta int
}

func (c moveRoot) apply(ss *Session) (change, error) {
	if !(roots{&ss.State}).move(c.name, c.delta) {
		return nil, errors.New(c.name + " cannot move there")
	}
	ss.Active = c.name
	return moveRoot{c.name, -c.delta}, nil
}

// setMode switches the mode; clear empties the texts that the switch to the
// mode left put its skeletons in (see skeletons).
type setMode struct {
	mode  state.Mode
	clear []state.Target
}

func (c setMode) apply(ss *Session) (change, error) {
	for _, t := range c.clear {
		ss.State.SetText(t, "")
		ss.wrote(t)
	}
	undo := setMode{mode: ss.State.Mode}
	ss.State.Mode = c.mode
	start := func(t state.Target, skeleton string) {
		if skeleton != "" && strings.TrimSpace(ss.State.Text(t)) == "" {
			ss.State.SetText(t, skeleton) // a mode starts from something that runs
			ss.wrote(t)
			undo.clear = append(undo.clear, t)
		}
	}
	start(state.Target{}, skeletons[c.mode])
	if c.mode == state.ModeTool {
		start(state.Target{Call: true}, callSkeleton)
	}
	return undo, nil
}

// skeletons are what an empty Shape, Tool or Plan editor starts with: the
// smallest text that runs and shows what the mode is for.
var skeletons = map[state.Mode]string{
	state.ModeShape: "# keys are kept as written; string leaves are templates\nsummary: \"{{input}}\"\n",
	state.ModeTool:  "name: my_tool\nkind: reshape\ninput_schema:\n  type: object\nshape:\n  echo: \"{{input}}\"\n",
	state.ModePlan:  starterPlan,
}

// callSkeleton is what an empty call input starts with in Tool mode: a
// call the skeleton tool takes (an empty one fails its input_schema).
const callSkeleton = `{"text": "hello"}`

// starterPlan is a small plan that runs: a call with its sample result, a
// map over it and a solver, each a form to copy.
const starterPlan = `# A plan: its steps run in order, each reading earlier results as {{id.path}}.
input: {repo: octo/hello}
steps:
  - id: E1
    tool_name: github__list_prs       # runs elsewhere: its result is the sample
    input: {repo: "{{input.repo}}"}
    result:
      - {number: 7, title: Fix the docs}
      - {number: 9, title: Add a test}
  - id: lines                         # a map: the body once per item
    over: "{{E1}}"
    tool_name: builtin__reshape
    input: {shape: {line: "PR #{{item.number}}: {{item.title}}"}}
solver: "{{#lines}}{{line}}{{^@last}}; {{/@last}}{{/lines}}"
`

// replaceState puts another state in place of the session's (a template
// opened as a plan, a step opened alone): undone, the state before comes
// back whole, its texts, roots and settings.
type replaceState struct{ s state.State }

func (c replaceState) apply(ss *Session) (change, error) {
	was := replaceState{ss.State.Clone()}
	ss.State = c.s.Clone()
	ss.wrote(state.Target{})
	ss.wrote(state.Target{Call: true})
	for _, r := range ss.State.Roots {
		ss.wrote(state.Target{Root: r.Name})
	}
	ss.openLastRoot()
	ss.syncScopeFields()
	ss.renamed = [2]string{}
	ss.step, ss.iter = "", 0
	return was, nil
}

// setScope sets the later and branch steps together.
type setScope struct {
	later  []string
	branch map[string]string
}

func (c setScope) apply(ss *Session) (change, error) {
	was := setScope{ss.State.Later, ss.State.Branch}
	ss.State.Later, ss.State.Branch = slices.Clone(c.later), maps.Clone(c.branch)
	return was, nil
}

type setIteration struct{ on bool }

func (c setIteration) apply(ss *Session) (change, error) {
	ss.State.SetIteration(c.on)
	if !c.on {
		if state.FixedRoot(ss.Active) && ss.Active != "input" {
			ss.Active = "input"
		}
	}
	return setIteration{!c.on}, nil
}

// branchText writes branch steps as the field shows them, in id order.
func branchText(steps map[string]string) string {
	var pairs []string
	for _, id := range slices.Sorted(maps.Keys(steps)) {
		pairs = append(pairs, id+"="+steps[id])
	}
	return strings.Join(pairs, ", ")
}
