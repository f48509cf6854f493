package template

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// MaxSectionDepth bounds section nesting so that hostile templates cannot
// exhaust the stack while rendering (which is small in WASM).
const MaxSectionDepth = 64

// posTracker turns byte offsets into positions. Offsets mostly arrive in
// increasing order, so it advances from the last one: linear in total.
type posTracker struct {
	src  string
	last Pos
}

func newPosTracker(src string) posTracker { return posTracker{src: src, last: Pos{Line: 1, Column: 1}} }

func (t *posTracker) at(off int) Pos {
	if off < t.last.Offset {
		return PosOf(t.src, off)
	}
	p := t.last
	for _, r := range t.src[p.Offset:off] {
		if r == '\n' {
			p.Line++
			p.Column = 1
		} else {
			p.Column++
		}
	}
	p.Offset = off
	t.last = p
	return p
}

// Analysis is the one tolerant parse of a template that the checker, the
// renderer, highlighting and completion all use: the tree of every tag
// that parses, each tag's span, and the syntax errors.
type Analysis struct {
	Source string
	// tree holds every tag that parses. A broken tag is left out and an
	// unclosed section runs to the end, so an editor sees the structure of
	// a template that is still being typed.
	tree   *listNode
	Spans  []Span    // every tag in source order, broken ones as spanInvalid
	Errors ErrorList // the ParseErrors in source order, capped at MaxErrors
}

// Analyze parses src tolerantly; it never fails.
func Analyze(src string) *Analysis {
	p := &parser{src: src, items: lex(src), pos: newPosTracker(src)}
	top := &listNode{Pos: Pos{Line: 1, Column: 1}}
	p.lists = []*listNode{top}
	for {
		it := p.items[p.next]
		p.next++
		switch it.typ {
		case itemEOF:
			for i := len(p.open) - 1; i >= 0; i-- {
				s := p.open[i]
				s.Close = len(src)
				p.errorAt(s.Pos, s.End, s.Path.Text, "unclosed section "+sigilOf(s)+s.Path.Text+"}}: missing {{/"+s.Path.Text+"}}")
			}
			sortErrors(p.errs)
			return &Analysis{Source: src, tree: top, Spans: p.spans, Errors: p.errs.Capped()}
		case itemText:
			p.add(&textNode{Pos: p.pos.at(it.pos), Text: it.val})
		case itemError:
			p.spans = append(p.spans, Span{Kind: spanInvalid, Start: it.pos, End: it.end, PathPos: it.end})
			p.errorAt(p.pos.at(it.pos), it.end, "", it.val)
		case itemOpen:
			p.tag(it)
		}
	}
}

// Template returns the parsed template, or the ParseErrors as an ErrorList.
func (a *Analysis) Template() (*Template, error) {
	if len(a.Errors) > 0 {
		return nil, a.Errors
	}
	t := &Template{src: a.Source, root: a.tree, spans: a.Spans}
	if len(a.tree.Nodes) == 1 {
		t.typed, _ = a.tree.Nodes[0].(*variableNode)
	}
	return t, nil
}

// parser builds the tree from the lexer's items. Sections are kept on an
// explicit stack, so nesting never recurses.
type parser struct {
	src   string
	items []item
	next  int
	pos   posTracker
	errs  ErrorList
	spans []Span
	open  []*sectionNode // the open sections, innermost last
	lists []*listNode    // the list being filled for each open section, plus the top level
	scope int            // open sections that push a context (item reads start here)
}

func sigilOf(s *sectionNode) string {
	if s.Inverted {
		return "{{^"
	}
	return "{{#"
}

func (p *parser) add(n node) {
	l := p.lists[len(p.lists)-1]
	l.Nodes = append(l.Nodes, n)
}

func (p *parser) errorAt(pos Pos, end int, path, msg string) {
	p.errs = append(p.errs, &Error{Kind: ParseError, Phase: PhaseLoad, Msg: msg, Pos: pos, End: end, Source: p.src, Path: path})
}

// tag parses one well-formed tag starting at items[p.next-1].
func (p *parser) tag(open item) {
	pos := p.pos.at(open.pos)
	t, next := readTag(p.items, p.next-1)
	p.next = next
	sigil, body, end := t.sigil, t.body, t.end
	span := Span{Kind: spanInvalid, Start: open.pos, End: end, Path: body.val, PathPos: body.pos}
	defer func() { p.spans = append(p.spans, span) }()

	if body.typ == itemRightDelim {
		msg := "empty tag {{}}: name a path, as in {{E0.id}}"
		if sigil != itemOpen {
			msg = "empty section tag: name a path after the sigil, as in {{#E0.items}}"
		}
		span.PathPos = end - len(rightDelim)
		p.errorAt(pos, end, "", msg)
		return
	}
	path, msg := parsePath(body, p.scope)
	if msg != "" {
		p.errorAt(pos, end, body.val, msg)
		return
	}
	tag := tagSite{Pos: pos, End: end, PathPos: body.pos, Path: path}
	switch sigil {
	case itemOpen:
		span.Kind, span.Anchored = path.spanKind(), path.Kind == rootPath
		p.add(&variableNode{tag})
	case itemSection, itemInverted:
		if len(p.open) >= MaxSectionDepth {
			p.errorAt(pos, end, path.Text, "sections nested deeper than "+strconv.Itoa(MaxSectionDepth)+" levels")
			return
		}
		s := &sectionNode{tagSite: tag, Inverted: sigil == itemInverted, Body: &listNode{Pos: p.pos.at(end)}}
		span.Kind, span.Anchored = spanSection, path.Kind == rootPath
		if s.Inverted {
			span.Kind = spanInverted
		}
		p.add(s)
		p.open = append(p.open, s)
		p.lists = append(p.lists, s.Body)
		if pushesContext(s) {
			p.scope++
		}
	case itemClose:
		if s := p.close(pos, end, path); s != nil {
			span.Kind, span.Anchored = spanClose, s.Path.Text == path.Text && s.Path.Kind == rootPath
		}
	}
}

// pushesContext reports whether a section's body reads items from it:
// inverted sections and sections on loop variables only gate.
func pushesContext(s *sectionNode) bool { return !s.Inverted && s.Path.Kind != loopVarPath }

// close closes the innermost open section and returns it; nil for a close
// tag with no open section.
func (p *parser) close(pos Pos, end int, path parsedPath) *sectionNode {
	if len(p.open) == 0 {
		p.errorAt(pos, end, path.Text, "close tag {{/"+path.Text+"}} has no open section")
		return nil
	}
	s := p.open[len(p.open)-1]
	if s.Path.Text != path.Text {
		p.errorAt(s.Pos, s.End, s.Path.Text, "section "+sigilOf(s)+s.Path.Text+"}} is closed by {{/"+path.Text+"}}")
	}
	s.Close = pos.Offset
	if len(s.Body.Nodes) == 1 {
		s.onlyText, _ = s.Body.Nodes[0].(*textNode)
	}
	p.open = p.open[:len(p.open)-1]
	p.lists = p.lists[:len(p.lists)-1]
	if pushesContext(s) {
		p.scope--
	}
	return s
}

// parsePath validates a tag body and classifies it for a tag inside depth
// sections that push a context; msg is non-empty on error.
func parsePath(body item, depth int) (path parsedPath, msg string) {
	switch body.typ {
	case itemDot:
		return newPath(dotPath, "."), ""
	case itemLoopVar:
		for _, v := range loopVars {
			if body.val == v {
				return newPath(loopVarPath, v), ""
			}
		}
		return parsedPath{}, "unknown loop variable " + quote(body.val) + ": use @index, @first or @last"
	}
	text := body.val
	if text[0] == '.' || text[len(text)-1] == '.' || strings.Contains(text, "..") {
		return parsedPath{}, "empty segment in path " + quote(text) + ": segments are joined by single dots, as in E0.items.0"
	}
	return newPath(pathKindOf(body, depth), text), ""
}

// quote quotes s for a message as a JSON string, keeping non-ASCII text
// readable. (strconv.Quote would bring its tables of printable runes into
// the engine's wasm.)
func quote(s string) string { return string(AppendQuoted(nil, s)) }

// quoteRune quotes one character of a source for a message: 'x'.
func quoteRune(r rune) string {
	switch {
	case r == utf8.RuneError:
		return "(invalid UTF-8)"
	case r < 0x20 || r == 0x7f:
		return "U+00" + string(hexDigits[r>>4]) + string(hexDigits[r&0xf])
	case r == '\'':
		return `'\''`
	}
	return "'" + string(r) + "'"
}

// sortErrors puts errors in source order; errors at one offset keep the
// order they were found in.
func sortErrors(errs ErrorList) {
	// A merge sort of its own: the standard library's generic sorts cost
	// the engine's wasm some 30 kB.
	if len(errs) < 2 {
		return
	}
	buf := make(ErrorList, len(errs))
	for width := 1; width < len(errs); width *= 2 {
		for lo := 0; lo < len(errs); lo += 2 * width {
			mid, hi := min(lo+width, len(errs)), min(lo+2*width, len(errs))
			i, j, k := lo, mid, lo
			for ; i < mid && j < hi; k++ {
				if errs[j].Pos.Offset < errs[i].Pos.Offset {
					buf[k], j = errs[j], j+1
				} else {
					buf[k], i = errs[i], i+1
				}
			}
			k += copy(buf[k:], errs[i:mid])
			copy(buf[k:], errs[j:hi])
		}
		copy(errs, buf)
	}
}
