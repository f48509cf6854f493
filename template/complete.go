package template

import (
	"slices"
	"strconv"
	"strings"
)

// candidateKind tells what a completion candidate names.
type candidateKind uint8

// The candidate kinds.
const (
	candidateRoot    candidateKind = iota // a root: input, a step id, an iteration root
	candidateKey                          // a key of the value at the path so far, or of an enclosing element
	candidateIndex                        // an array index
	candidateLength                       // the length operator
	candidateLoopVar                      // @index, @first, @last
	candidateClose                        // the path of the section a close tag ends
)

var candidateKindNames = [...]string{"root", "key", "index", "length", "loopvar", "close"}

func (k candidateKind) String() string {
	if int(k) < len(candidateKindNames) {
		return candidateKindNames[k]
	}
	return "CandidateKind(" + strconv.Itoa(int(k)) + ")"
}

// Candidate is one completion: the text to put in place and, when the data
// has it, the JSON type of what it names.
type Candidate struct {
	Label string
	Kind  candidateKind
	Type  string
}

// Completion is what may be typed at a caret: candidates for the partial
// word Source[From:To].
type Completion struct {
	From, To int
	Items    []Candidate
}

// MaxCandidates bounds a completion list.
const MaxCandidates = 50

// completionContext is where a caret sits inside a tag being typed: the tag's sigil
// ('#', '^', '/' or 0), the path typed so far up to the caret, where that
// path starts, and the sections around the tag, outermost first.
type completionContext struct {
	Sigil    byte
	Path     string
	PathPos  int
	Sections []*sectionNode
}

// contextAt returns the context of a caret (a byte offset) inside a tag
// whose path is being typed, or false when the caret is elsewhere.
func (a *Analysis) contextAt(caret int) (completionContext, bool) {
	src := a.Source
	caret = min(max(caret, 0), len(src))
	open := strings.LastIndex(src[:caret], leftDelim)
	if open < 0 || strings.Contains(src[open:caret], rightDelim) {
		return completionContext{}, false
	}
	at := skipSpace(src, open+len(leftDelim))
	var c completionContext
	if at < caret && strings.IndexByte("#^/", src[at]) >= 0 {
		c.Sigil = src[at]
		at = skipSpace(src, at+1)
	}
	if at > caret {
		return completionContext{}, false
	}
	c.Path, c.PathPos = src[at:caret], at
	for _, r := range c.Path {
		if r != '.' && r != '@' && !isSegmentRune(r) {
			return completionContext{}, false
		}
	}
	c.Sections = enclosing(a.tree, open, c.Sigil == '/')
	return c, true
}

// enclosing lists the sections whose body holds offset off, outermost
// first; closing counts a section's own close tag as inside it.
func enclosing(l *listNode, off int, closing bool) []*sectionNode {
	var out []*sectionNode
	for found := true; found; {
		found = false
		for _, n := range l.Nodes {
			s, ok := n.(*sectionNode)
			if ok && s.End <= off && (off < s.Close || closing && off == s.Close) {
				out = append(out, s)
				l, found = s.Body, true
				break
			}
		}
	}
	return out
}

// Complete lists what may be typed at caret: after "{{" or a sigil the
// keys of the enclosing elements, the roots in scope and the loop
// variables; after a "." the keys that exist at that point of the path in
// roots; after "{{/" the path of the section it closes. Candidates that
// start with the partial word come first, then those that contain it.
func (a *Analysis) Complete(caret int, scope Scope, roots Roots) Completion {
	c, ok := a.contextAt(caret)
	if !ok {
		return Completion{}
	}
	dot := strings.LastIndexByte(c.Path, '.')
	partial := c.Path[dot+1:]
	out := Completion{From: c.PathPos + dot + 1, To: c.PathPos + len(c.Path)}
	r := renderer{src: a.Source, roots: roots}
	r.enter(c.Sections)
	var items []Candidate
	switch {
	case c.Sigil == '/':
		if n := len(c.Sections); n > 0 {
			out.From = c.PathPos
			partial = c.Path
			items = []Candidate{{Label: c.Sections[n-1].Path.Text, Kind: candidateClose}}
		}
	case dot < 0:
		items = r.scopeCandidates(scope)
	case !strings.ContainsRune(c.Path, '@'):
		items = r.pathCandidates(c.Path[:dot], scope)
	}
	out.Items = filterCandidates(items, partial)
	r.releaseFrames()
	return out
}

// enter pushes a frame for each section that pushes a context, as the
// render of the body would see first: an array's first element, or null
// when the section's value is unknown.
func (r *renderer) enter(sections []*sectionNode) {
	for _, s := range sections {
		if !pushesContext(s) {
			continue
		}
		v, _ := r.variable(&s.tagSite)
		f := frame{section: &s.tagSite}
		switch {
		case v == nil:
		case v.kind() == Array && v.length() > 0:
			f.elems = v.elems()
		default:
			f.one = *v
		}
		r.push(f)
	}
}

// scopeCandidates are the names a path may start with here: the keys of
// the enclosing elements (innermost first), the roots and the loop
// variables.
func (r *renderer) scopeCandidates(scope Scope) []Candidate {
	var items []Candidate
	seen := map[string]bool{}
	add := func(c Candidate) {
		if !seen[c.Label] {
			seen[c.Label] = true
			items = append(items, c)
		}
	}
	for i := len(r.frames) - 1; i >= 0; i-- {
		if v := r.frames[i].current(); v.kind() == Object {
			for _, m := range v.members() {
				add(Candidate{Label: m.Key, Kind: candidateKey, Type: m.Value.kind().String()})
			}
		}
	}
	for _, name := range scope.Available() {
		c := Candidate{Label: name, Kind: candidateRoot}
		if v := r.roots.lookup(name); v != nil {
			c.Type = v.kind().String()
		}
		add(c)
	}
	if len(r.frames) > 0 {
		for _, name := range loopVars {
			add(Candidate{Label: name, Kind: candidateLoopVar, Type: loopVarType(name)})
		}
	}
	return items
}

func loopVarType(name string) string {
	if name == "@index" {
		return Number.String()
	}
	return Bool.String()
}

// pathCandidates are what may follow prefix and a ".": a dotted path is
// root-anchored, so the prefix is walked from its root as a render would.
func (r *renderer) pathCandidates(prefix string, scope Scope) []Candidate {
	if prefix == "" || strings.Contains(prefix, "..") || prefix[0] == '.' {
		return nil
	}
	p := newPath(rootPath, prefix)
	if !slices.Contains(scope.Available(), p.Segments[0]) {
		return nil
	}
	v, failed := r.follow(&p, len(p.Segments), nil)
	if failed >= 0 {
		return nil
	}
	switch v.kind() {
	case Object:
		items := make([]Candidate, v.length())
		for i, m := range v.members() {
			items[i] = Candidate{Label: m.Key, Kind: candidateKey, Type: m.Value.kind().String()}
		}
		return items
	case Array:
		var items []Candidate
		for i := range min(v.length(), MaxAvailable) {
			items = append(items, Candidate{Label: strconv.Itoa(i), Kind: candidateIndex, Type: v.elems()[i].kind().String()})
		}
		return append(items, Candidate{Label: "length", Kind: candidateLength, Type: Number.String()})
	case String:
		return []Candidate{{Label: "length", Kind: candidateLength, Type: Number.String()}}
	}
	return nil
}

// filterCandidates keeps the candidates that start with partial (ignoring
// case) first, then those that contain it, at most MaxCandidates.
func filterCandidates(items []Candidate, partial string) []Candidate {
	lower := strings.ToLower(partial)
	var prefixed, inside []Candidate
	for _, c := range items {
		l := strings.ToLower(c.Label)
		switch {
		case strings.HasPrefix(l, lower):
			prefixed = append(prefixed, c)
		case strings.Contains(l, lower):
			inside = append(inside, c)
		}
	}
	out := append(prefixed, inside...)
	return out[:min(len(out), MaxCandidates)]
}
