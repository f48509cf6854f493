package main

import (
	"slices"
	"strings"
	"unsafe"

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
	// text call after call, which comparing finds sooner than hashing, and
	// where the request unchanged since (lastView) sooner still.
	lastText string
	last     *cacheEntry
	lastView textView
	key      [2*keyEnds + 4]byte // a long text's key
}

// A text longer than its key would be is keyed by its first and last
// keyEnds bytes and its length: in wasm a map hashes its key byte by byte,
// for a root of a few kB given for the first time most of the call. get
// compares the whole text, and one text replaces another of its key (most
// often an older version of it, edited between its ends).
const keyEnds = 64

type cacheEntry struct {
	_     noCompare
	value any
	used  uint64
	text  string // a copy of the text it was made of, its key when short
}

func newCache(maxEntries, maxBytes int, make func(string) any) *cache {
	return &cache{maxEntries: maxEntries, maxBytes: maxBytes, make: make, entries: map[string]*cacheEntry{}}
}

// get returns what was made of text, making it on a miss. text may be a
// view of a request's memory, which the next request overwrites: make gets
// a copy, which the entry keeps.
func (c *cache) get(text string) any {
	c.clock++
	if c.last != nil && (c.lastView.again(text) || text == c.lastText) {
		c.last.used = c.clock
		c.lastView = viewOf(text)
		return c.last.value
	}
	key := text
	if n := len(text); n > len(c.key) {
		copy(c.key[:keyEnds], text)
		copy(c.key[keyEnds:], text[n-keyEnds:])
		c.key[2*keyEnds], c.key[2*keyEnds+1], c.key[2*keyEnds+2], c.key[2*keyEnds+3] = byte(n), byte(n>>8), byte(n>>16), byte(n>>24)
		key = unsafe.String(&c.key[0], len(c.key))
	}
	e := c.entries[key]
	if e == nil || e.text != text {
		text = strings.Clone(text)
		v := c.make(text)
		if len(text) > c.maxBytes {
			return v
		}
		for len(c.entries) >= c.maxEntries || c.bytes+len(text) > c.maxBytes {
			c.dropOlder()
		}
		if e != nil && c.entries[key] == e {
			c.bytes -= len(e.text) // replaced
		}
		if key = text; len(text) > len(c.key) {
			key = string(c.key[:])
		}
		e = &cacheEntry{value: v, text: text}
		c.entries[key] = e
		c.bytes += len(text)
	}
	e.used = c.clock
	c.lastText, c.last, c.lastView = e.text, e, viewOf(text)
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
	for key, e := range c.entries {
		if e.used >= since {
			kept[key] = e
			c.bytes += len(e.text)
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
// against each scope it was run in.
type loaded struct {
	subj   template.Subject
	err    error // it does not parse
	checks map[string]*checked
	// last is the checks of the last scope that had roots alone, whose
	// names are lastRoots: a page's calls of one example give the same
	// names each time, found again without writing and hashing a key.
	last      *checked
	lastRoots []string
}

// maxScopes bounds the checks a loaded subject keeps: the same example is
// rarely run in more than a few scopes.
const maxScopes = 16

func loadTemplate(src string) any {
	t, err := template.Parse(src)
	if err != nil {
		return &loaded{err: err}
	}
	return &loaded{subj: t, checks: map[string]*checked{}}
}

func loadShape(text string) any {
	s, err := reshape.ParseShape(text)
	if err != nil {
		return &loaded{err: err}
	}
	return &loaded{subj: s, checks: map[string]*checked{}}
}

// scopeKeyBytes holds each call's scope key: a call that finds its checks
// done allocates nothing for them.
var scopeKeyBytes []byte

// checkedIn returns the subject with its load-time checks against scope
// run once: template.Run and template.Check find them done. scope's names
// may be a buffer the next call reuses: a check reads them only while it
// runs, and its errors list the available roots in slices of their own.
func (l *loaded) checkedIn(scope template.Scope) template.Subject {
	rootsAlone := len(scope.Later) == 0 && len(scope.Branch) == 0 && !scope.Iteration
	if rootsAlone && l.last != nil && slices.Equal(scope.Roots, l.lastRoots) {
		return l.last
	}
	scopeKeyBytes = appendScopeKey(scopeKeyBytes[:0], scope)
	c, ok := l.checks[string(scopeKeyBytes)]
	if !ok {
		if len(l.checks) >= maxScopes {
			l.checks = map[string]*checked{}
		}
		c = &checked{l.subj, l.subj.Check(scope)}
		l.checks[string(scopeKeyBytes)] = c
	}
	if rootsAlone {
		l.last, l.lastRoots = c, append(l.lastRoots[:0], scope.Roots...)
	}
	return c
}

// checked is a subject whose load-time checks in one scope gave err.
type checked struct {
	template.Subject
	err error
}

func (c *checked) Check(template.Scope) error { return c.err }

// appendScopeKey appends what tells scopes apart: each name is quoted, so
// that no two scopes write the same key.
func appendScopeKey(b []byte, s template.Scope) []byte {
	for _, n := range s.Roots {
		b = template.AppendQuoted(b, n)
	}
	b = append(b, 'l')
	for _, n := range s.Later {
		b = template.AppendQuoted(b, n)
	}
	b = append(b, 'b')
	if len(s.Branch) > 0 {
		ids := make([]string, 0, len(s.Branch))
		for id := range s.Branch {
			ids = append(ids, id)
		}
		sortStrings(ids)
		for _, id := range ids {
			b = template.AppendQuoted(template.AppendQuoted(b, id), s.Branch[id])
		}
	}
	if s.Iteration {
		b = append(b, 'i')
	}
	return b
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
