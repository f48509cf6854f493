package plan

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"
	"weak"
)

// reloadPlan has every part Reload takes alone: the input, samples, call,
// map, fold and decide steps (branch steps among them), the solver.
const reloadPlan = `input: {owner: "octo", n: "2"}
steps:
  - id: fetch
    tool_name: api__list
    input: {owner: "{{input.owner}}"}
    result: {items: [{name: "a b", size: 1}, {name: "c", size: 2}], note: "kept"}
  - id: first
    tool_name: builtin__reshape
    input: {shape: {name: "{{fetch.items.0.name}} x", count: "{{fetch.items.length}}", owner: "{{input.owner}}"}}
  - id: each
    over: "{{fetch.items}}"
    tool_name: builtin__reshape
    input: {shape: {n: "{{index}}", label: "{{item.name}} ({{item.size}})", first: "{{first.name}}"}}
  - id: total
    over: "{{each}}"
    initial: {labels: "start"}
    tool_name: builtin__reshape
    input: {shape: {labels: "{{accumulator.labels}}, {{item.label}}"}}
  - id: pick
    decide:
      big:
        - id: inner
          tool_name: builtin__reshape
          input: {shape: {count: "{{first.count}} of {{input.n}}"}}
      small: []
    branch: big
solver: "{{first.name}} / {{total.labels}} / {{pick.count}}"
`

// TestReloadLikeLoading edits the plan key by key at random places (the
// pieces a typist types into templates) and checks that what Reload gives
// is what loading the edited document gives: the errors, the tags drawn,
// every step's scope and reads, and runs of it.
func TestReloadLikeLoading(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	reloaded, reused := 0, 0
	for range 1000 {
		// A few keys from the plan as written, which loads without errors.
		text := reloadPlan
		p := Load(text)
		if len(p.Errors) > 0 {
			t.Fatal(p.Errors)
		}
		out := Run(p, Options{Trace: true})
		for range 3 {
			next, got, ok := reloadKey(t, r, p, out)
			if !ok {
				continue
			}
			reloaded++
			if kept(p, got) {
				reused++
			}
			p, text = got, next
			out = Run(p, Options{Trace: true, Previous: out})
		}
	}
	if reloaded < 300 || reused < reloaded/2 {
		t.Errorf("%d edits reloaded, %d of them kept templates: Reload loads whole", reloaded, reused)
	}
}

// TestReloadLikeLoadingVectors types keys into every plan of the project's
// vectors: tools, branches, broken steps and all.
func TestReloadLikeLoadingVectors(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	plans, incremental := vectorPlans(t), 0
	for _, text := range plans {
		p := Load(text)
		if p.Document() == nil {
			continue
		}
		out := Run(p, Options{Trace: true})
		if work, _ := out.Spent(); work > 1<<20 {
			continue // a limit's vector: it runs for a second a key, and reloads as any other
		}
		for range 40 {
			if _, got, ok := reloadKey(t, r, p, out); ok && kept(p, got) {
				incremental++
			}
		}
	}
	if len(plans) < 100 || incremental < 50 {
		t.Errorf("typed into %d plans, %d keys checked only what they edited: want the project's suite, and keys reloaded in part", len(plans), incremental)
	}
}

// reloadKey types a key at a random place of p's text: when the document
// takes it in place, what Reload gives must be what loading gives, and so
// must runs of it, from scratch and after out (a run of p).
func reloadKey(t *testing.T, r *rand.Rand, p *Plan, out *Outcome) (next string, got *Plan, ok bool) {
	t.Helper()
	pieces := []string{"a", "é", " ", ".", "{", "{{", "}}", "#", "/", "item", "first.name", "input"}
	text := p.Text()
	from := r.IntN(len(text) + 1)
	to := min(len(text), from+r.IntN(3))
	if r.IntN(2) == 0 {
		to = from
	}
	next = text[:from] + pieces[r.IntN(len(pieces))] + text[to:]
	p.ScopeAt(from) // what the document finds of its steps' places, shared with the edited one
	doc, ok := p.Document().Replace(from, to, next)
	if !ok {
		return next, nil, false
	}
	got, want := p.Reload(doc), LoadDocument(doc)
	if g, w := loadText(got), loadText(want); g != w {
		t.Fatalf("%q:\nReload:\n%s\nLoadDocument:\n%s", next, g, w)
	}
	parsed := Load(next)
	for _, off := range []int{from, r.IntN(len(next) + 1)} {
		_, g, gok := got.ScopeAt(off)
		if _, w, wok := parsed.ScopeAt(off); g != w || gok != wok {
			t.Fatalf("%q: the step at %d is %q (%v) after the edit, %q (%v) parsed", next, off, g, gok, w, wok)
		}
	}
	for _, prev := range []*Outcome{nil, out} {
		g := runText(Run(got, Options{Trace: true, Previous: prev}))
		if w := runText(Run(want, Options{Trace: true, Previous: prev})); g != w {
			t.Fatalf("runs of %q differ:\nReload's:\n%s\nLoadDocument's:\n%s", next, g, w)
		}
	}
	return next, got, true
}

// kept reports whether got, reloaded from p, kept a step's templates.
func kept(p, got *Plan) bool {
	for i, s := range got.All {
		if i < len(p.All) && s.input != nil && p.All[i].input != nil && len(s.input.Leaves()) > 0 && len(p.All[i].input.Leaves()) > 0 &&
			s.input.Leaves()[0].Template == p.All[i].input.Leaves()[0].Template {
			return true
		}
	}
	return false
}

// loadText writes what a load gives that a run or a view reads.
func loadText(p *Plan) string {
	var b strings.Builder
	fmt.Fprintf(&b, "input %s\n", p.Input.JSON())
	for _, e := range p.Errors {
		fmt.Fprintf(&b, "error %s\n", errorText(e))
	}
	for _, s := range p.Spans() {
		fmt.Fprintf(&b, "span %+v\n", s)
	}
	for _, s := range p.All {
		in := ""
		if s.In != nil {
			in = s.In.ID + "." + s.InBranch
		}
		fmt.Fprintf(&b, "step %s %s %s %s in %s #%d/%d broken %v deps %v reads %v paths %v scope %v %v body %v sample %v\n", s.ID, s.At, s.Form, s.ToolName, in,
			s.index, len(s.list), s.broken, s.deps, s.reads, s.paths, s.scope.Available(), s.scope.Later, s.body.Available(), s.sample != nil)
		if s.list[s.index] != s {
			fmt.Fprintf(&b, "step %s is not in its list\n", s.ID)
		}
		for _, br := range s.Branches {
			for _, bs := range br.Steps {
				if bs.In != s || !slices.Contains(p.All, bs) {
					fmt.Fprintf(&b, "branch step %s is not the plan's\n", bs.ID)
				}
			}
		}
	}
	fmt.Fprintf(&b, "solver %v %v %v\n", p.solverScope.Available(), p.solverReads, p.solverPaths)
	return b.String()
}

// runText writes what a run gives.
func runText(o *Outcome) string {
	var b strings.Builder
	for _, r := range append(slices.Clone(o.Steps), o.Solver) {
		if r == nil {
			continue
		}
		fmt.Fprintf(&b, "%s %s blocked by %q result %v %s\n", r.Status, r.BlockedBy, r.BlockedBy, r.HasResult, r.Result.JSON())
		for _, e := range r.Errors {
			fmt.Fprintf(&b, "  error %s\n", errorText(e))
		}
		for _, e := range r.Trace() {
			fmt.Fprintf(&b, "  trace %s %s %+v %s\n", e.At, e.Path, e.Doc, e.Value.JSON())
		}
	}
	for _, e := range o.Errors {
		fmt.Fprintf(&b, "error %s\n", errorText(e))
	}
	return b.String()
}

func errorText(e *Error) string {
	c := *e
	c.Source = "" // the same text, or the same leaf
	return fmt.Sprintf("%+v", c)
}

// TestRunDropsTheRunBefore: a run reads the run before it while it runs,
// and keeps nothing of it after, so that runs chained keystroke after
// keystroke do not keep every plan and document typed since the first.
func TestRunDropsTheRunBefore(t *testing.T) {
	p := Load(reloadPlan)
	first := Run(p, Options{Trace: true})
	before, rendered := weak.Make(first), first.Rendered
	second := Run(p, Options{Trace: true, Previous: first})
	first = nil
	runtime.GC()
	if before.Value() != nil {
		t.Fatal("the second run keeps the first one alive")
	}
	if second.Rendered >= rendered {
		t.Errorf("the second run rendered %d steps, the first %d: it kept nothing of the first", second.Rendered, rendered)
	}
	runtime.KeepAlive(second)
}
