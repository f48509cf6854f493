package main

import (
	"strings"

	"github.com/splicedev/splice/reshape"
	"github.com/splicedev/splice/template"
)

// A docs page renders many examples, often against the same roots and
// often the same template with other data: the engine keeps what it made
// of a text (a parsed root, a template or shape parsed and checked) for the
// next call that gives the same text.
var (
	parsedRoots = newCache(64, 32<<20, parseRoot)
	templates   = newCache(512, 8<<20, loadTemplate)
	shapes      = newCache(256, 8<<20, loadShape)
)

// cache holds what make made of a text, within bounds on its entries and
// on the bytes of their texts: when full, it keeps the more recently used
// of its entries. (Not generic, and without map deletes: each instance of
// a generic type, and the maps' delete, is code of its own in the module.)
type cache struct {
	maxEntries, maxBytes int
	make                 func(text string) any
	entries              map[string]*cacheEntry
	bytes                int
	clock                uint64 // counts gets, to tell the least recently used
	// lastText and last are the entry got last: a page gives the same
	// text call after call, which comparing finds sooner than hashing.
	lastText string
	last     *cacheEntry
}

type cacheEntry struct {
	_     noCompare
	value any
	used  uint64
	text  string // its key, a copy of the text it was made of
}

func newCache(maxEntries, maxBytes int, make func(string) any) *cache {
	return &cache{maxEntries: maxEntries, maxBytes: maxBytes, make: make, entries: map[string]*cacheEntry{}}
}

// get returns what was made of text, making it on a miss. text may be a
// view of a request's memory, which the next request overwrites: make gets
// a copy, which the entry keeps.
func (c *cache) get(text string) any {
	c.clock++
	if c.last != nil && text == c.lastText {
		c.last.used = c.clock
		return c.last.value
	}
	e, ok := c.entries[text]
	if !ok {
		text = strings.Clone(text)
		v := c.make(text)
		if len(text) > c.maxBytes {
			return v
		}
		for len(c.entries) >= c.maxEntries || c.bytes+len(text) > c.maxBytes {
			c.dropOlder()
		}
		e = &cacheEntry{value: v, text: text}
		c.entries[text] = e
		c.bytes += len(text)
	}
	e.used = c.clock
	c.lastText, c.last = e.text, e
	return e.value
}

// dropOlder keeps the entries used since halfway between the least
// recently used one and now, at least the most recent one.
func (c *cache) dropOlder() {
	oldest := c.clock
	for _, e := range c.entries {
		oldest = min(oldest, e.used)
	}
	since := oldest + (c.clock-oldest)/2 + 1
	kept := make(map[string]*cacheEntry, len(c.entries))
	c.bytes = 0
	for text, e := range c.entries {
		if e.used >= since {
			kept[text] = e
			c.bytes += len(text)
		}
	}
	c.entries = kept
	c.lastText, c.last = "", nil
}

// parsedRoot is a root's JSON text decoded, or why it is not JSON.
type parsedRoot struct {
	value template.Value
	err   error
}

func parseRoot(text string) any {
	v, err := template.ParseJSONString(text)
	return &parsedRoot{v, err}
}

// loaded is a template or a shape as it parsed, and its load-time checks
// against each scope it was run in, the most recent first.
type loaded struct {
	subj   template.Subject
	err    error // it does not parse
	checks []*checked
}

// maxScopes bounds the checks a loaded subject keeps: the same example is
// rarely run in more than a few scopes.
const maxScopes = 16

func loadTemplate(src string) any {
	t, err := template.Parse(src)
	if err != nil {
		return &loaded{err: err}
	}
	return &loaded{subj: t}
}

func loadShape(text string) any {
	s, err := reshape.ParseShape(text)
	if err != nil {
		return &loaded{err: err}
	}
	return &loaded{subj: s}
}

// checkedIn returns the subject with its load-time checks against scope
// run once: template.Run and template.Check find them done. scope's names
// may be a buffer the next call reuses: a check reads them only while it
// runs, and its errors list the available roots in slices of their own;
// the scope kept with the checks is a copy.
func (l *loaded) checkedIn(scope template.Scope) template.Subject {
	for i, c := range l.checks {
		if sameScope(c.scope, scope) {
			if i > 0 {
				copy(l.checks[1:i+1], l.checks[:i])
				l.checks[0] = c
			}
			return c
		}
	}
	c := &checked{l.subj, template.Scope{
		Roots:     append([]string(nil), scope.Roots...),
		Later:     append([]string(nil), scope.Later...),
		Branch:    scope.Branch, // made for its call
		Iteration: scope.Iteration,
	}, l.subj.Check(scope)}
	l.checks = append([]*checked{c}, l.checks[:min(len(l.checks), maxScopes-1)]...)
	return c
}

// sameScope reports whether two scopes are the same: the same roots and
// later steps in the same order, the same branch steps, the same
// iteration.
func sameScope(a, b template.Scope) bool {
	if a.Iteration != b.Iteration || len(a.Roots) != len(b.Roots) || len(a.Later) != len(b.Later) || len(a.Branch) != len(b.Branch) {
		return false
	}
	for i, n := range a.Roots {
		if b.Roots[i] != n {
			return false
		}
	}
	for i, n := range a.Later {
		if b.Later[i] != n {
			return false
		}
	}
	for id, decide := range a.Branch {
		if other, ok := b.Branch[id]; !ok || other != decide {
			return false
		}
	}
	return true
}

// checked is a subject whose load-time checks in scope gave err.
type checked struct {
	template.Subject
	scope template.Scope
	err   error
}

func (c *checked) Check(template.Scope) error { return c.err }
