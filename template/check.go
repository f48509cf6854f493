package template

import (
	"slices"
)

// Check runs the load-time checks of DIALECT §6 without data: every
// root-anchored path must start at a root the step can see, step ids must
// not be reserved, and "." and loop variables need an enclosing section.
// Its error is an ErrorList of MissingStep and ScopeError in source order.
// Against a prepared scope it costs the template and the misnamed ids, not
// the scope.
func (t *Template) Check(s Scope) error {
	s = s.Prepared()
	c := checker{src: t.src, scope: s, known: s.available, unbuilt: s.unlisted}
	c.scopeNames()
	c.list(t.root, 0)
	return c.errs.cappedWith(c.unbuilt).Err()
}

type checker struct {
	src   string
	scope Scope
	known []string
	errs  ErrorList
	// unbuilt counts the errors past the report's cap, found but not built.
	unbuilt int
}

// reporting reports whether the next error is to be built; past the cap
// of a report it is only counted.
func (c *checker) reporting() bool {
	if len(c.errs) <= MaxErrors {
		return true
	}
	c.unbuilt++
	return false
}

func (c *checker) fail(kind ErrorKind, t *tagSite, msg string) *Error {
	e := &Error{Kind: kind, Phase: PhaseLoad, Msg: msg, Pos: t.Pos, End: t.End, Source: c.src, Path: t.Path.Text}
	c.errs = append(c.errs, e)
	return e
}

// scopeNames rejects step ids that shadow a reserved name. They are not in
// the template, so they are reported first, at its start.
func (c *checker) scopeNames() {
	start := &tagSite{Pos: Pos{Line: 1, Column: 1}}
	for _, name := range c.scope.misnamed {
		if c.reporting() {
			c.fail(ScopeError, start, ValidateStepID(name))
		}
	}
}

// misnamedIDs lists the step ids of s that cannot name a step, in the
// order Check reports them: the roots' and the later steps' as they come,
// then the branch steps' in id order (a map has none of its own). Only the
// first MaxErrors+1 are kept, enough for a capped report; unlisted counts
// the rest. Only these ids are ordered: a plan's are all valid, and its
// branch steps may be thousands.
func (s Scope) misnamedIDs() (ids []string, unlisted int) {
	const kept = MaxErrors + 1
	misnamed := func(name string) bool {
		return name != "input" && !(s.Iteration && slices.Contains(iterationRoots, name)) && ValidateStepID(name) != ""
	}
	for _, names := range [][]string{s.Roots, s.Later} {
		for _, name := range names {
			switch {
			case !misnamed(name):
			case len(ids) < kept:
				ids = append(ids, name)
			default:
				unlisted++
			}
		}
	}
	listed := len(ids)
	// Ranging over even an empty map calls into the map's iterator, which
	// the engine's wasm then compiles at a page's first call.
	if len(s.Branch) == 0 {
		return ids, unlisted
	}
	for id := range s.Branch {
		if misnamed(id) {
			ids, unlisted = keepSmallest(ids, listed, kept, id, unlisted)
		}
	}
	return ids, unlisted
}

// keepSmallest puts id in order into ids[from:], which holds the smallest
// ids so far, sorted, while ids is shorter than kept; an id past them is
// only counted, in unlisted. A binary search and a copy by hand: the sort
// package and slices.Insert would weigh on the engine's wasm.
func keepSmallest(ids []string, from, kept int, id string, unlisted int) ([]string, int) {
	lo, hi := from, len(ids)
	for lo < hi {
		if mid := (lo + hi) / 2; ids[mid] < id {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if len(ids) == kept {
		if lo == kept {
			return ids, unlisted + 1
		}
		ids, unlisted = ids[:kept-1], unlisted+1 // the largest kept id leaves
	}
	ids = append(ids, "")
	copy(ids[lo+1:], ids[lo:])
	ids[lo] = id
	return ids, unlisted
}

// list checks a body; depth counts the enclosing sections that push a
// context, so "." and loop variables are valid when it is positive.
func (c *checker) list(l *listNode, depth int) {
	for _, n := range l.Nodes {
		switch n := n.(type) {
		case *variableNode:
			c.path(&n.tagSite, depth)
		case *sectionNode:
			c.path(&n.tagSite, depth)
			inner := depth
			if pushesContext(n) {
				inner++
			}
			c.list(n.Body, inner)
		}
	}
}

func (c *checker) path(t *tagSite, depth int) {
	switch t.Path.Kind {
	case dotPath, loopVarPath:
		if depth == 0 && c.reporting() {
			c.fail(ScopeError, t, t.Path.Text+" is only valid inside a section ({{#…}}); an inverted section opens no scope")
		}
	case rootPath:
		if !slices.Contains(c.known, t.Path.Segments[0]) && c.reporting() {
			c.missing(t)
		}
	}
}

// missing reports a root that the step cannot see, saying why.
func (c *checker) missing(t *tagSite) {
	root, known, later := t.Path.Segments[0], c.known, c.scope.Later
	var msg string
	switch decide := c.scope.Branch[root]; {
	case decide != "":
		msg = "step " + quote(root) + " runs inside a branch of decide step " + quote(decide) +
			": only later steps in that branch can see it; reference {{" + decide + ".result…}} instead"
	case slices.Contains(later, root):
		msg = "step " + quote(root) + " runs later: it runs after this step, and a step may reference input and the steps before it"
	case root == "length":
		msg = "length is a path operator, not a root: write it after a path, as in E0.items.length"
	case slices.Contains(iterationRoots, root) && !c.scope.Iteration:
		msg = root + " is a root only inside an iteration body"
	default:
		msg = "unknown root " + quote(root) + ": no step or input by that name"
	}
	e := c.fail(MissingStep, t, msg)
	e.Segment = root
	e.SegStart, e.SegEnd = t.segmentRange(0)
	e.setAvailable(known)
	if !slices.Contains(later, root) && root != "length" && c.scope.Branch[root] == "" {
		e.Suggestion = suggest(root, known)
	}
}

// Suggest is the did-you-mean of a name among candidates, as an error of
// the engine's gives it: the nearest within a small edit distance, or "".
func Suggest(name string, candidates []string) string { return suggest(name, candidates) }

// suggest returns the candidate nearest to s within a small edit distance
// that keeps some of s, or "". Candidate lists here are short (roots).
func suggest(s string, candidates []string) string {
	limit := suggestLimit(s)
	best, bestDist := "", limit+1
	for _, c := range candidates {
		if d, _ := distance(s, c, limit); d < bestDist && c != s {
			best, bestDist = c, d
		}
	}
	return best
}

// suggestLimit is the largest edit distance worth suggesting for s: one
// edit for short names, two for longer ones.
func suggestLimit(s string) int {
	if len(s) > 3 {
		return 2
	}
	return 1
}

// maxSuggestRunes bounds the names compared for a suggestion: long keys are
// never typos of each other worth suggesting.
const maxSuggestRunes = 64

// distance returns the optimal string alignment distance (Levenshtein plus
// adjacent transpositions) between a and b, ignoring case, when it is at
// most limit and smaller than a's length; otherwise a number above limit.
// cells is the work done. It does not allocate.
func distance(a, b string, limit int) (d, cells int) {
	var ra, rb [maxSuggestRunes]rune
	la, okA := lowerRunes(a, &ra)
	lb, okB := lowerRunes(b, &rb)
	if !okA || !okB || la-lb > limit || lb-la > limit {
		return limit + 1, 1
	}
	var rows [3][maxSuggestRunes + 1]int
	prev2, prev, cur := &rows[0], &rows[1], &rows[2]
	for j := 0; j <= lb; j++ {
		prev[j] = j
	}
	for i := 1; i <= la; i++ {
		cur[0] = i
		rowMin := i
		for j := 1; j <= lb; j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
			rowMin = min(rowMin, cur[j])
		}
		cells += lb
		if rowMin > limit {
			return limit + 1, cells + 1 // every alignment already costs more
		}
		prev2, prev, cur = prev, cur, prev2
	}
	if d = prev[lb]; d >= la {
		return limit + 1, cells + 1 // nothing of a is kept
	}
	return d, cells + 1
}

// lowerRunes decodes s, its ASCII letters lowercased, into buf; false when
// s is longer.
func lowerRunes(s string, buf *[maxSuggestRunes]rune) (int, bool) {
	n := 0
	for _, r := range s {
		if n == len(buf) {
			return 0, false
		}
		if r >= 'A' && r <= 'Z' {
			r += 'a' - 'A' // ASCII only: Unicode's case tables cost the engine's wasm more than they suggest
		}
		buf[n] = r
		n++
	}
	return n, true
}
