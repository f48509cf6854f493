package template

import (
	"slices"
	"strings"
)

// Node is an element of the parse tree. The set of nodes is sealed: every
// node carries the position of its source and prints back as source.
type Node interface {
	// Position returns where the node starts in the source.
	Position() Pos
	// String prints the node as canonical source.
	String() string
	writeTo(b *strings.Builder)
}

// ListNode is a sequence of nodes: the template, or a section's body.
type ListNode struct {
	Pos   Pos
	Nodes []Node
}

// TextNode is literal text.
type TextNode struct {
	Pos  Pos
	Text string
}

// Tag is what variable and section tags share: where the tag is and its path.
type Tag struct {
	Pos     Pos
	End     int // byte offset past the tag's "}}"
	PathPos int // byte offset of the path text
	Path    Path
}

// segmentRange returns the byte range of segment i of the tag's path.
func (t *Tag) segmentRange(i int) (start, end int) {
	start = t.PathPos
	for _, s := range t.Path.Segments[:i] {
		start += len(s) + 1
	}
	return start, start + len(t.Path.Segments[i])
}

// VariableNode is a variable tag: {{path}}, {{.}} or {{@index}}.
type VariableNode struct {
	Tag
}

// SectionNode is a section {{#path}}…{{/path}} or, when Inverted, an
// inverted section {{^path}}…{{/path}}. Its Tag is the opening tag.
type SectionNode struct {
	Tag
	Inverted bool
	Body     *ListNode
	Close    int // byte offset of the closing tag's "{{"; the source's length when unclosed
}

func (n *ListNode) Position() Pos     { return n.Pos }
func (n *TextNode) Position() Pos     { return n.Pos }
func (n *VariableNode) Position() Pos { return n.Pos }
func (n *SectionNode) Position() Pos  { return n.Pos }

func (n *ListNode) String() string     { return nodeString(n) }
func (n *TextNode) String() string     { return n.Text }
func (n *VariableNode) String() string { return nodeString(n) }
func (n *SectionNode) String() string  { return nodeString(n) }

func nodeString(n Node) string {
	var b strings.Builder
	n.writeTo(&b)
	return b.String()
}

func (n *ListNode) writeTo(b *strings.Builder) {
	for _, c := range n.Nodes {
		c.writeTo(b)
	}
}

func (n *TextNode) writeTo(b *strings.Builder) { b.WriteString(n.Text) }

func (n *VariableNode) writeTo(b *strings.Builder) { writeTag(b, "", n.Path.Text) }

func (n *SectionNode) writeTo(b *strings.Builder) {
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

// PathKind tells how a path resolves.
type PathKind uint8

const (
	// RootPath is root-anchored: a dotted path, or a bare key outside all
	// sections. Its first segment names a root.
	RootPath PathKind = iota
	// KeyPath is a bare key inside a section: an item read that falls back
	// through enclosing elements to the roots.
	KeyPath
	// DotPath is ".", the current element.
	DotPath
	// LoopVarPath is @index, @first or @last.
	LoopVarPath
)

// Path is a parsed path, split once at parse time so that rendering does
// no string work.
type Path struct {
	Kind     PathKind
	Text     string   // as written, without surrounding spaces
	Segments []string // the dot-separated segments; one for a bare key
	indexes  []int    // per segment: its value as a canonical array index, or -1
	loopVar  loopVar  // which loop variable, for a LoopVarPath
}

// loopVar names a loop variable without string comparisons at render time.
type loopVar uint8

const (
	loopIndex loopVar = iota + 1
	loopFirst
	loopLast
)

var loopVars = []string{"@index", "@first", "@last"}

func newPath(kind PathKind, text string) Path {
	p := Path{Kind: kind, Text: text}
	if kind == LoopVarPath {
		p.loopVar = loopVar(slices.Index(loopVars, text) + 1)
	}
	if kind == RootPath || kind == KeyPath {
		p.Segments = strings.Split(text, ".")
		p.indexes = make([]int, len(p.Segments))
		for i, s := range p.Segments {
			p.indexes[i] = canonicalIndex(s)
		}
	}
	return p
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
