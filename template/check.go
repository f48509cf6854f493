package template

import (
	"slices"
	"strings"
)

// Check runs the load-time checks of DIALECT §6 without data: every
// root-anchored path must start at a root the step can see, step ids must
// not be reserved, and "." and loop variables need an enclosing section.
// Its error is an ErrorList of MissingStep and ScopeError in source order.
func (t *Template) Check(s Scope) error {
	c := checker{src: t.src, scope: s, known: s.available()}
	c.scopeNames()
	c.list(t.root, 0)
	return c.errs.err()
}

type checker struct {
	src   string
	scope Scope
	known []string
	errs  ErrorList
}

func (c *checker) fail(kind ErrorKind, t *Tag, msg string) *Error {
	e := &Error{Kind: kind, Phase: PhaseLoad, Msg: msg, Pos: t.Pos, End: t.End, Source: c.src, Path: t.Path.Text}
	c.errs = append(c.errs, e)
	return e
}

// scopeNames rejects step ids that shadow a reserved name. They are not in
// the template, so they are reported first, at its start.
func (c *checker) scopeNames() {
	start := &Tag{Pos: Pos{Line: 1, Column: 1}}
	for _, names := range [][]string{c.scope.Roots, c.scope.Later} {
		for _, name := range names {
			if name == "input" || c.scope.Iteration && slices.Contains(iterationRoots, name) {
				continue
			}
			if why := ValidateStepID(name); why != "" {
				c.fail(ScopeError, start, why)
			}
		}
	}
}

// list checks a body; depth counts the enclosing sections that push a
// context, so "." and loop variables are valid when it is positive.
func (c *checker) list(l *ListNode, depth int) {
	for _, n := range l.Nodes {
		switch n := n.(type) {
		case *VariableNode:
			c.path(&n.Tag, depth)
		case *SectionNode:
			c.path(&n.Tag, depth)
			inner := depth
			if pushesContext(n) {
				inner++
			}
			c.list(n.Body, inner)
		}
	}
}

func (c *checker) path(t *Tag, depth int) {
	switch t.Path.Kind {
	case DotPath, LoopVarPath:
		if depth == 0 {
			c.fail(ScopeError, t, t.Path.Text+" is only valid inside a section ({{#…}}); an inverted section opens no scope")
		}
	case RootPath:
		if !slices.Contains(c.known, t.Path.Segments[0]) {
			c.missing(t)
		}
	}
}

// missing reports a root that the step cannot see, saying why.
func (c *checker) missing(t *Tag) {
	root, known, later := t.Path.Segments[0], c.known, c.scope.Later
	var msg string
	switch {
	case slices.Contains(later, root):
		msg = "step " + quote(root) + " runs after this step: a step may reference input and the steps before it"
	case root == "length":
		msg = "length is a path operator, not a root: write it after a path, as in E0.items.length"
	case slices.Contains(iterationRoots, root) && !c.scope.Iteration:
		msg = root + " is a root only inside an iteration body"
	default:
		msg = "unknown root " + quote(root) + ": no step or input by that name"
	}
	e := c.fail(MissingStep, t, msg)
	e.Segment = root
	e.setAvailable(known)
	if !slices.Contains(later, root) && root != "length" {
		e.Suggestion = suggest(root, known)
	}
}

// suggest returns the candidate nearest to s within a small edit distance
// that keeps some of s, or "".
func suggest(s string, candidates []string) string {
	limit := 1
	if len(s) > 3 {
		limit = 2
	}
	best, bestDist := "", limit+1
	for _, c := range candidates {
		if d := editDistance(strings.ToLower(s), strings.ToLower(c)); d < bestDist && d < len(s) && c != s {
			best, bestDist = c, d
		}
	}
	return best
}

// editDistance is the optimal string alignment distance (Levenshtein plus
// adjacent transpositions) between a and b, in runes.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	if len(ra) > 64 || len(rb) > 64 {
		return 1 << 30 // long keys are never typos of each other worth suggesting
	}
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}
