package template

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// itemType identifies a lexical item.
type itemType uint8

const (
	itemError      itemType = iota // a lexical error; val is the message
	itemEOF                        // end of input
	itemText                       // literal text between tags
	itemOpen                       // "{{" plus the spaces after it
	itemSection                    // '#' after "{{"
	itemInverted                   // '^' after "{{"
	itemClose                      // '/' after "{{"
	itemPath                       // a run of segment characters and dots: "E0.values.0"
	itemDot                        // "." alone: the current element
	itemLoopVar                    // '@' and a name: "@index"
	itemRightDelim                 // "}}" plus the spaces before it
)

// item is one lexical item: its type, its byte offset and its text. Error
// items are about the whole tag at pos; end is where it stops.
type item struct {
	typ itemType
	pos int
	end int
	val string
}

const (
	leftDelim  = "{{"
	rightDelim = "}}"
)

// stateFn is a lexer state; it returns the next state (text/template style).
type stateFn func(*lexer) stateFn

// lexer splits a template into items. Tags are short, so it runs to the end
// of input eagerly and the parser reads the slice.
type lexer struct {
	src      string
	start    int // start of the current item
	pos      int // current offset
	tagPos   int // offset of the current tag's "{{"
	tagClose int // offset of the current tag's "}}"
	tagItem  int // index in items of the current tag's first item
	items    []item
}

func lex(src string) []item {
	l := &lexer{src: src}
	for state := lexText; state != nil; {
		state = state(l)
	}
	return l.items
}

func (l *lexer) emit(t itemType) {
	l.items = append(l.items, item{typ: t, pos: l.start, end: l.pos, val: l.src[l.start:l.pos]})
	l.start = l.pos
}

// errorAt emits an error item for the current tag, which ends at end, and
// resumes lexing text at resume, so one pass finds every error.
func (l *lexer) errorAt(end int, msg string, resume int) stateFn {
	l.items = append(l.items[:l.tagItem], item{typ: itemError, pos: l.tagPos, end: end, val: msg})
	l.pos, l.start = resume, resume
	return lexText
}

func lexText(l *lexer) stateFn {
	i := strings.Index(l.src[l.pos:], leftDelim)
	if i < 0 {
		l.pos = len(l.src)
		if l.pos > l.start {
			l.emit(itemText)
		}
		l.emit(itemEOF)
		return nil
	}
	l.pos += i
	if l.pos > l.start {
		l.emit(itemText)
	}
	return lexOpen
}

// unsupportedFeature names the feature a tag body starting with c would
// start, or "" (DIALECT §2). A switch, not a map: the engine's wasm would
// carry the map's setup.
func unsupportedFeature(c byte) string {
	switch c {
	case '!':
		return "comments ({{! … }})"
	case '>':
		return "partials ({{> … }})"
	case '{':
		return "unescaped tags ({{{ … }}}); output is never escaped, so use {{path}}"
	case '&':
		return "unescaped tags ({{& … }}); output is never escaped, so use {{path}}"
	case '=':
		return "set-delimiters ({{= … =}})"
	case '$':
		return "template inheritance ({{$ … }})"
	case '<':
		return "template inheritance ({{< … }})"
	}
	return ""
}

const useAStep = " are not supported: the dialect is logic-less; put computation in a step (a user tool)"

// lexOpen scans "{{", the spaces after it and an optional sigil.
func lexOpen(l *lexer) stateFn {
	l.tagPos, l.tagItem = l.pos, len(l.items)
	l.pos += len(leftDelim)
	end := l.tagEnd()
	if end < 0 {
		return l.unclosed()
	}
	l.tagClose = end
	l.skipSpace()
	if l.pos < len(l.src) {
		if feature := unsupportedFeature(l.src[l.pos]); feature != "" {
			closeAt := end + len(rightDelim)
			if l.src[l.pos] == '{' && strings.HasPrefix(l.src[closeAt:], "}") {
				closeAt++
			}
			return l.errorAt(closeAt, feature+useAStep, closeAt)
		}
	}
	l.emit(itemOpen)
	switch {
	case strings.HasPrefix(l.src[l.pos:], "#"):
		l.pos++
		l.emit(itemSection)
	case strings.HasPrefix(l.src[l.pos:], "^"):
		l.pos++
		l.emit(itemInverted)
	case strings.HasPrefix(l.src[l.pos:], "/"):
		l.pos++
		l.emit(itemClose)
	}
	l.skipSpace()
	l.start = l.pos
	return lexInside
}

// tagEnd returns the offset of the "}}" that closes the current tag, or -1
// when the input ends first or another "{{" comes first: then the tag is
// unclosed. It searches no further than the next "{{", which keeps lexing
// linear however many tags are left open.
func (l *lexer) tagEnd() int {
	rest := l.src[l.pos:]
	if openAt := strings.Index(rest, leftDelim); openAt >= 0 {
		rest = rest[:openAt]
	}
	if closeAt := strings.Index(rest, rightDelim); closeAt >= 0 {
		return l.pos + closeAt
	}
	return -1
}

// unclosed reports a tag with no "}}" and resumes at the next "{{".
func (l *lexer) unclosed() stateFn {
	resume := len(l.src)
	if next := strings.Index(l.src[l.pos:], leftDelim); next >= 0 {
		resume = l.pos + next
	}
	end := resume
	if nl := strings.IndexByte(l.src[l.tagPos:resume], '\n'); nl >= 0 {
		end = l.tagPos + nl
	}
	return l.errorAt(end, "unclosed tag: missing }}", resume)
}

func (l *lexer) skipSpace() { l.pos = skipSpace(l.src, l.pos) }

// isSegmentRune reports whether r may appear in a path segment (DIALECT
// §2): a Unicode letter, mark or decimal digit, '_' or '-'.
func isSegmentRune(r rune) bool {
	if r < utf8.RuneSelf {
		return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-'
	}
	return unicode.IsLetter(r) || unicode.IsMark(r) || unicode.Is(unicode.Nd, r)
}

// lexInside scans the body of a tag: a path, ".", or a loop variable, then
// the closing "}}". Anything else makes the whole tag unsupported.
func lexInside(l *lexer) stateFn {
	end := l.tagClose
	if strings.HasPrefix(l.src[l.pos:], "@") {
		l.pos++
		l.scanSegments()
		l.emit(itemLoopVar)
	} else {
		l.scanSegments()
		switch {
		case l.pos == l.start:
		case l.src[l.start:l.pos] == ".":
			l.emit(itemDot)
		default:
			l.emit(itemPath)
		}
	}
	l.skipSpace()
	if l.pos == end {
		l.pos += len(rightDelim)
		l.emit(itemRightDelim)
		return lexText
	}
	return l.errorAt(end+len(rightDelim), l.junkMessage(), end+len(rightDelim))
}

func (l *lexer) scanSegments() {
	for l.pos < len(l.src) {
		r, size := utf8.DecodeRuneInString(l.src[l.pos:])
		if r != '.' && !isSegmentRune(r) {
			return
		}
		l.pos += size
	}
}

// junkMessage explains why the rest of a tag body is not a path.
func (l *lexer) junkMessage() string {
	r, _ := utf8.DecodeRuneInString(l.src[l.pos:])
	switch {
	case r == '[' || r == ']':
		return "brackets are not supported: index arrays with a dot, as in items.0"
	case r == '"' || r == '\'':
		return "string literals" + useAStep
	case l.pos > l.start || r < utf8.RuneSelf && strings.IndexByte("()|=!<>&+*%,?:~", byte(r)) >= 0:
		// Words after the path or an operator: "#if x", "upper name", "a | b", "a == b".
		return "conditionals and functions" + useAStep
	}
	return "invalid character " + quoteRune(r) + " in a tag: a path segment is letters, digits, _ or -"
}

// tagItems is a well-formed tag as the lexer emits it: "{{", an optional
// sigil, an optional body and "}}".
type tagItems struct {
	sigil itemType // itemOpen when there is no sigil
	body  item     // itemRightDelim when the body is empty
	end   int      // offset past "}}"
}

// readTag reads the tag whose itemOpen is items[i] and returns it with the
// index of the item after it. The lexer guarantees the closing "}}":
// anything else became an error item.
func readTag(items []item, i int) (tagItems, int) {
	t := tagItems{sigil: itemOpen, body: item{typ: itemRightDelim}}
	i++
	if typ := items[i].typ; typ == itemSection || typ == itemInverted || typ == itemClose {
		t.sigil = typ
		i++
	}
	if typ := items[i].typ; typ == itemPath || typ == itemDot || typ == itemLoopVar {
		t.body = items[i]
		i++
	}
	t.end = items[i].end
	return t, i + 1
}
