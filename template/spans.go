package template

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
// "}}") and its path text.
type Span struct {
	Kind       SpanKind
	Start, End int
	Path       string
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

// Spans lists the tags of src in order for highlighting. It works on
// templates that do not parse: a broken tag is a SpanInvalid and the rest
// is still classified.
func Spans(src string) []Span {
	items := lex(src)
	var spans []Span
	var pushed []bool // per open section: whether it pushes a context
	depth := 0
	for i := 0; i < len(items); i++ {
		it := items[i]
		switch it.typ {
		case itemError:
			spans = append(spans, Span{Kind: SpanInvalid, Start: it.pos, End: it.end})
			continue
		case itemOpen:
		default:
			continue
		}
		t, next := readTag(items, i)
		i = next - 1
		sigil, body := t.sigil, t.body
		span := Span{Start: it.pos, End: t.end, Path: body.val}
		kind, msg := RootPath, "empty tag"
		if body.typ != itemRightDelim {
			var path Path
			path, msg = parsePath(body, depth)
			kind = path.Kind
		}
		switch sigil {
		case itemSection, itemInverted:
			span.Kind = SpanSection
			if sigil == itemInverted {
				span.Kind = SpanInverted
			}
			push := sigil == itemSection && kind != LoopVarPath
			pushed = append(pushed, push)
			if push {
				depth++
			}
		case itemClose:
			span.Kind = SpanClose
			if n := len(pushed); n > 0 {
				if pushed[n-1] {
					depth--
				}
				pushed = pushed[:n-1]
			}
		default:
			span.Kind = Path{Kind: kind}.spanKind()
		}
		if msg != "" {
			span.Kind = SpanInvalid
		}
		spans = append(spans, span)
	}
	return spans
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
