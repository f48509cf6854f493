package main

import (
	"strconv"
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
// on the bytes of their texts, dropping the least recently used first.
type cache[V any] struct {
	maxEntries, maxBytes int
	make                 func(text string) V
	entries              map[string]*cacheEntry[V]
	bytes                int
	clock                uint64 // counts gets, to tell the least recently used
}

type cacheEntry[V any] struct {
	value V
	used  uint64
}

func newCache[V any](maxEntries, maxBytes int, make func(string) V) *cache[V] {
	return &cache[V]{maxEntries: maxEntries, maxBytes: maxBytes, make: make, entries: map[string]*cacheEntry[V]{}}
}

// get returns what was made of text, making it on a miss. text may be a
// view of a request's memory, which the next request overwrites: make gets
// a copy, which the entry keeps.
func (c *cache[V]) get(text string) V {
	c.clock++
	if e, ok := c.entries[text]; ok {
		e.used = c.clock
		return e.value
	}
	text = strings.Clone(text)
	v := c.make(text)
	if len(text) > c.maxBytes {
		return v
	}
	for len(c.entries) >= c.maxEntries || c.bytes+len(text) > c.maxBytes {
		c.dropLeastRecent()
	}
	c.entries[text] = &cacheEntry[V]{value: v, used: c.clock}
	c.bytes += len(text)
	return v
}

// dropLeastRecent drops one entry. A scan is enough: a cache holds a few
// hundred entries at most, and drops one only when full.
func (c *cache[V]) dropLeastRecent() {
	var oldest string
	var used uint64
	first := true
	for text, e := range c.entries {
		if first || e.used < used {
			oldest, used, first = text, e.used, false
		}
	}
	delete(c.entries, oldest)
	c.bytes -= len(oldest)
}

// parsedRoot is a root's JSON text decoded, or why it is not JSON.
type parsedRoot struct {
	value template.Value
	err   error
}

func parseRoot(text string) parsedRoot {
	v, err := template.ParseJSONString(text)
	return parsedRoot{v, err}
}

// loaded is a template or a shape as it parsed, and its load-time checks
// against each scope it was run in.
type loaded struct {
	subj   template.Subject
	err    error // it does not parse
	checks map[string]error
}

// maxScopes bounds the checks a loaded subject keeps: the same example is
// rarely run in more than a few scopes.
const maxScopes = 16

func loadTemplate(src string) *loaded {
	t, err := template.Parse(src)
	if err != nil {
		return &loaded{err: err}
	}
	return &loaded{subj: t, checks: map[string]error{}}
}

func loadShape(text string) *loaded {
	s, err := reshape.ParseShape(text)
	if err != nil {
		return &loaded{err: err}
	}
	return &loaded{subj: s, checks: map[string]error{}}
}

// checkedIn returns the subject with its load-time checks against scope
// run once: template.Run and template.Check find them done.
func (l *loaded) checkedIn(scope template.Scope) template.Subject {
	key := scopeKey(scope)
	err, ok := l.checks[key]
	if !ok {
		if len(l.checks) >= maxScopes {
			clear(l.checks)
		}
		err = l.subj.Check(scope)
		l.checks[key] = err
	}
	return checked{l.subj, err}
}

// checked is a subject whose load-time checks in one scope gave err.
type checked struct {
	template.Subject
	err error
}

func (c checked) Check(template.Scope) error { return c.err }

// scopeKey tells scopes apart: every name is written with its length, so
// that no two scopes write the same key.
func scopeKey(s template.Scope) string {
	var b []byte
	list := func(tag byte, names []string) {
		b = append(b, tag)
		for _, n := range names {
			b = append(strconv.AppendInt(b, int64(len(n)), 10), ':')
			b = append(b, n...)
		}
	}
	list('r', s.Roots)
	list('l', s.Later)
	if len(s.Branch) > 0 {
		ids := make([]string, 0, 2*len(s.Branch))
		for id := range s.Branch {
			ids = append(ids, id)
		}
		sortStrings(ids)
		for i := range len(s.Branch) {
			ids = append(ids, s.Branch[ids[i]])
		}
		list('b', ids)
	}
	if s.Iteration {
		b = append(b, 'i')
	}
	return string(b)
}

// sortStrings sorts a few strings in place: an insertion sort, which
// brings in nothing of the generic sorts.
func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}
