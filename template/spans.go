package template

import "strings"

// SpanKind classifies a tag for highlighting.
type SpanKind uint8

// The span kinds.
const (
	SpanRoot     SpanKind = iota // a root-anchored path
	SpanKey                      // a bare key read inside a section
	SpanLoopVar                  // @index, @first, @last
	SpanDot                      // ".", the current element
	SpanSection                  // {{#path}}
	SpanInverted                 // {{^path}}
	SpanClose                    // {{/path}}
	SpanInvalid                  // a tag that does not parse
)

var spanKindNames = [...]string{"root", "key", "loopvar", "dot", "section", "inverted", "close", "invalid"}

func (k SpanKind) String() string {
	if int(k) < len(spanKindNames) {
		return spanKindNames[k]
	}
	return "invalid"
}

// Span is one tag of a template: its kind, its byte range (from "{{" to past
// "}}"), its path text and where that text starts, and whether the path is
// root-anchored (its first segment names a root; a close tag's is its
// section's).
type Span struct {
	Kind       SpanKind
	Start, End int
	Path       string
	PathPos    int
	Anchored   bool
}

// References returns the byte ranges of the tags' root segments that name
// root, for renaming a step everywhere it is read.
func References(spans []Span, root string) [][2]int {
	var refs [][2]int
	for _, s := range spans {
		if s.Anchored && root != "" && strings.HasPrefix(s.Path, root) && (len(s.Path) == len(root) || s.Path[len(root)] == '.') {
			refs = append(refs, [2]int{s.PathPos, s.PathPos + len(root)})
		}
	}
	return refs
}

func (p Path) spanKind() SpanKind {
	switch p.Kind {
	case KeyPath:
		return SpanKey
	case DotPath:
		return SpanDot
	case LoopVarPath:
		return SpanLoopVar
	}
	return SpanRoot
}

// pathKindOf classifies a tag body as the parser would at this depth.
func pathKindOf(body item, depth int) PathKind {
	switch body.typ {
	case itemDot:
		return DotPath
	case itemLoopVar:
		return LoopVarPath
	}
	for _, c := range []byte(body.val) {
		if c == '.' {
			return RootPath
		}
	}
	if depth > 0 {
		return KeyPath
	}
	return RootPath
}
