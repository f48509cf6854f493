package template

import (
	"slices"
	"strings"
)

// node is an element of the parse tree. The set of nodes is sealed: every
// node carries the position of its source and prints back as source.
type node interface {
	// String prints the node as canonical source.
	String() string
	writeTo(b *strings.Builder)
}

// listNode is a sequence of nodes: the template, or a section's body.
type listNode struct {
	Pos   Pos
	Nodes []node
}

// textNode is literal text.
type textNode struct {
	Pos  Pos
	Text string
}

// tagSite is what variable and section tags share: where the tag is and its path.
type tagSite struct {
	Pos     Pos
	End     int // byte offset past the tag's "}}"
	PathPos int // byte offset of the path text
	Path    parsedPath
}

// segmentRange returns the byte range of segment i of the tag's path.
func (t *tagSite) segmentRange(i int) (start, end int) {
	start = t.PathPos
	for _, s := range t.Path.Segments[:i] {
		start += len(s) + 1
	}
	return start, start + len(t.Path.Segments[i])
}

// variableNode is a variable tag: {{path}}, {{.}} or {{@index}}.
type variableNode struct {
	tagSite
}

// sectionNode is a section {{#path}}…{{/path}} or, when Inverted, an
// inverted section {{^path}}…{{/path}}. Its Tag is the opening tag.
type sectionNode struct {
	tagSite
	Inverted bool
	Body     *listNode
	Close    int // byte offset of the closing tag's "{{"; the source's length when unclosed
	// onlyText is the body when it is one text alone (a separator), which
	// the renderer writes without walking the body.
	onlyText *textNode
}

func (n *listNode) String() string     { return nodeString(n) }
func (n *textNode) String() string     { return n.Text }
func (n *variableNode) String() string { return nodeString(n) }
func (n *sectionNode) String() string  { return nodeString(n) }

func nodeString(n node) string {
	var b strings.Builder
	n.writeTo(&b)
	return b.String()
}

func (n *listNode) writeTo(b *strings.Builder) {
	for _, c := range n.Nodes {
		c.writeTo(b)
	}
}

func (n *textNode) writeTo(b *strings.Builder) { b.WriteString(n.Text) }

func (n *variableNode) writeTo(b *strings.Builder) { writeTag(b, "", n.Path.Text) }

func (n *sectionNode) writeTo(b *strings.Builder) {
	if n.Inverted {
		writeTag(b, "^", n.Path.Text)
	} else {
		writeTag(b, "#", n.Path.Text)
	}
	n.Body.writeTo(b)
	b.WriteString("{{/")
	b.WriteString(n.Path.Text)
	b.WriteString(rightDelim)
}

// writeTag writes a tag in canonical form: its sigil ("" for a variable)
// and path between the braces, without spaces.
func writeTag(b *strings.Builder, sigil, path string) {
	b.WriteString(leftDelim)
	b.WriteString(sigil)
	b.WriteString(path)
	b.WriteString(rightDelim)
}

// pathKind tells how a path resolves.
type pathKind uint8

const (
	// rootPath is root-anchored: a dotted path, or a bare key outside all
	// sections. Its first segment names a root.
	rootPath pathKind = iota
	// keyPath is a bare key inside a section: an item read that falls back
	// through enclosing elements to the roots.
	keyPath
	// dotPath is ".", the current element.
	dotPath
	// loopVarPath is @index, @first or @last.
	loopVarPath
)

// parsedPath is a parsed path, split once at parse time so that rendering does
// no string work.
type parsedPath struct {
	Kind     pathKind
	Text     string   // as written, without surrounding spaces
	Segments []string // the dot-separated segments; one for a bare key
	indexes  []int    // per segment: its value as a canonical array index, or -1
	loopVar  loopVar  // which loop variable, for a loopVarPath
}

// loopVar names a loop variable without string comparisons at render time.
type loopVar uint8

const (
	loopIndex loopVar = iota + 1
	loopFirst
	loopLast
)

var loopVars = []string{"@index", "@first", "@last"}

func newPath(kind pathKind, text string) parsedPath {
	p := parsedPath{Kind: kind, Text: text}
	if kind == loopVarPath {
		p.loopVar = loopVar(slices.Index(loopVars, text) + 1)
	}
	if kind == rootPath || kind == keyPath {
		p.Segments = splitDots(text)
		p.indexes = make([]int, len(p.Segments))
		for i, s := range p.Segments {
			p.indexes[i] = canonicalIndex(s)
		}
	}
	return p
}

// splitDots is strings.Split(text, "."), without the general split's code
// (some 3 kB of the engine's wasm).
func splitDots(text string) []string {
	segments := make([]string, 1+strings.Count(text, "."))
	last := len(segments) - 1
	for i := range last {
		dot := strings.IndexByte(text, '.')
		segments[i], text = text[:dot], text[dot+1:]
	}
	segments[last] = text
	return segments
}

// CanonicalIndex returns the array index a path segment or a JSON Pointer
// token denotes ("0", "7"; not "-1", "01", "+1"), or false.
func CanonicalIndex(s string) (int, bool) {
	i := canonicalIndex(s)
	return i, i >= 0
}

// canonicalIndex is CanonicalIndex with -1 for no index. Indexes beyond
// any real array length saturate.
func canonicalIndex(s string) int {
	if s == "" || len(s) > 1 && s[0] == '0' {
		return -1
	}
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return -1
		}
		if n < 1<<40 {
			n = n*10 + int(c-'0')
		}
	}
	return n
}
