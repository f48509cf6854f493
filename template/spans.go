package template

import "strings"

// spanKind classifies a tag for highlighting.
type spanKind uint8

// The span kinds.
const (
	spanRoot     spanKind = iota // a root-anchored path
	spanKey                      // a bare key read inside a section
	spanLoopVar                  // @index, @first, @last
	spanDot                      // ".", the current element
	spanSection                  // {{#path}}
	spanInverted                 // {{^path}}
	spanClose                    // {{/path}}
	spanInvalid                  // a tag that does not parse
)

var spanKindNames = [...]string{"root", "key", "loopvar", "dot", "section", "inverted", "close", "invalid"}

func (k spanKind) String() string {
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
	Kind       spanKind
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

func (p parsedPath) spanKind() spanKind {
	switch p.Kind {
	case keyPath:
		return spanKey
	case dotPath:
		return spanDot
	case loopVarPath:
		return spanLoopVar
	}
	return spanRoot
}

// pathKindOf classifies a tag body as the parser would at this depth.
func pathKindOf(body item, depth int) pathKind {
	switch body.typ {
	case itemDot:
		return dotPath
	case itemLoopVar:
		return loopVarPath
	}
	for _, c := range []byte(body.val) {
		if c == '.' {
			return rootPath
		}
	}
	if depth > 0 {
		return keyPath
	}
	return rootPath
}
