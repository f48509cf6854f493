package docscheck

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/splicedev/splice/internal/playground/state"
)

// htmlModes are the values of data-splice that embed.js renders.
var htmlModes = map[string]state.Mode{
	"":      state.ModeTemplate,
	"shape": state.ModeShape,
	"plan":  state.ModePlan,
}

// htmlBlocks reads the <pre data-splice> blocks of an HTML page, each with
// the first <script data-splice-roots> after it and before the next block,
// as embed.js takes them. It reads tags as a browser does
// where it matters here (comments, quoted attributes, the raw text of
// scripts and styles, entities) and leaves the rest alone; each search
// starts where the last ended, so a page is read once.
func htmlBlocks(src string) ([]*block, []Finding) {
	lower := asciiLower(src)
	var blocks []*block
	var findings []Finding
	var last *block
	for i := 0; ; {
		j := strings.IndexByte(src[i:], '<')
		work += j + 1
		if j < 0 {
			return blocks, findings
		}
		i += j
		if strings.HasPrefix(src[i:], "<!--") {
			end := strings.Index(src[i+4:], "-->")
			work += end + 4
			if end < 0 {
				return blocks, append(findings, finding(i, "this comment is never closed: the rest of the page is inside it"))
			}
			i += 4 + end + 3
			continue
		}
		name, attrs, end, ok := readTag(src, lower, i)
		if !ok {
			if name != "" {
				return blocks, append(findings, finding(i, "this <"+name+"> tag is never closed"))
			}
			i++
			continue
		}
		raw := name == "script" || name == "style" || name == "textarea" || name == "title"
		if !raw && name != "pre" {
			i = end
			continue
		}
		close := strings.Index(lower[end:], "</"+name)
		work += end - i + close + 1
		if close < 0 {
			return blocks, append(findings, finding(i, "this <"+name+"> is never closed: the rest of the page is inside it"))
		}
		close += end
		switch {
		case name == "pre" && attrs.has("data-splice"):
			b, problem := preBlock(src, i, end, close, attrs)
			if problem != "" {
				findings = append(findings, finding(i, problem))
				last = nil
				break
			}
			blocks = append(blocks, b)
			last = b
		case name == "script" && attrs.has("data-splice-roots") && last != nil && last.mode != state.ModePlan && last.roots == nil:
			last.roots = &part{text: src[end:close], spans: []span{{0, end}}}
		}
		i = close
	}
}

// preBlock is the example of a <pre data-splice> whose start tag spans
// [open, end) and whose text ends at close.
func preBlock(src string, open, end, close int, attrs attributes) (*block, string) {
	kind := attrs.get("data-splice")
	mode, ok := htmlModes[kind]
	if !ok {
		return nil, "data-splice=" + strconv.Quote(kind) + ": want shape or plan, or nothing for a template"
	}
	b := &block{mode: mode, at: open, expectAt: open, step: attrs.get("data-step"), iteration: attrs.has("data-iteration")}
	b.later = strings.FieldsFunc(attrs.get("data-later"), func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' })
	if attrs.has("data-expect") {
		kinds, problem := expectation(attrs.get("data-expect"))
		if problem != "" {
			return nil, problem
		}
		b.expect = kinds
	}
	// A newline just after <pre> is not the text's (the HTML parser drops
	// it), nor is the last one (embed.js drops it).
	if strings.HasPrefix(src[end:close], "\n") {
		end++
	}
	b.body = textOf(src, end, close)
	b.body.text = strings.TrimSuffix(b.body.text, "\n")
	return b, ""
}

// textOf is the text content of src[from:to]: tags left out and entities
// read, each piece placed where it came from.
func textOf(src string, from, to int) part {
	work += to - from
	var p part
	var text strings.Builder
	for i := from; i < to; {
		j := strings.IndexAny(src[i:to], "<&")
		if j < 0 {
			j = to - i
		}
		if j > 0 {
			p.spans = append(p.spans, span{text.Len(), i})
			text.WriteString(src[i : i+j])
			i += j
			continue
		}
		if src[i] == '<' {
			if end := strings.IndexByte(src[i:to], '>'); end >= 0 {
				i += end + 1
				continue
			}
		}
		s, n := entity(src[i:to])
		p.spans = append(p.spans, span{text.Len(), i})
		text.WriteString(s)
		if n > len(s) { // what follows the entity starts a span of its own
			p.spans = append(p.spans, span{text.Len(), i + n})
		}
		i += n
	}
	p.text = text.String()
	return p
}

// entity reads the character reference at the start of s (which starts
// with '&') and returns what it stands for and its length; a lone '&' is
// itself.
func entity(s string) (string, int) {
	end := strings.IndexByte(s, ';')
	if end < 2 || end > 12 {
		return s[:1], 1
	}
	name := s[1:end]
	if named, ok := entities[name]; ok {
		return named, end + 1
	}
	if num, ok := strings.CutPrefix(name, "#"); ok {
		base := 10
		if hex, ok := strings.CutPrefix(num, "x"); ok {
			num, base = hex, 16
		} else if hex, ok := strings.CutPrefix(num, "X"); ok {
			num, base = hex, 16
		}
		if n, err := strconv.ParseUint(num, base, 32); err == nil && utf8.ValidRune(rune(n)) && n != 0 {
			return string(rune(n)), end + 1
		}
	}
	return s[:1], 1
}

// entities are the named references a docs page writes in code.
var entities = map[string]string{"amp": "&", "lt": "<", "gt": ">", "quot": `"`, "apos": "'", "nbsp": "\u00a0"}

// attributes are a start tag's, names lowercased, values with their
// entities read.
type attributes map[string]string

func (a attributes) has(name string) bool   { _, ok := a[name]; return ok }
func (a attributes) get(name string) string { return a[name] }

// readTag reads the start tag at src[i] ('<'): its name lowercased, its
// attributes, and the offset past its '>'. A '<' that starts no tag gives
// no name; a tag that is never closed its name and not ok.
func readTag(src, lower string, i int) (string, attributes, int, bool) {
	j := i + 1
	for j < len(src) && (isLetter(src[j]) || j > i+1 && (src[j] >= '0' && src[j] <= '9' || src[j] == '-')) {
		j++
	}
	if j == i+1 {
		return "", nil, 0, false
	}
	name := lower[i+1 : j]
	attrs := attributes{}
	for j < len(src) {
		switch c := src[j]; {
		case c == '>':
			return name, attrs, j + 1, true
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '/' || c == '\f':
			j++
			continue
		}
		start := j
		for j < len(src) && strings.IndexByte(" \t\n\r\f/>=", src[j]) < 0 {
			j++
		}
		key := lower[start:j]
		value := ""
		if j < len(src) && src[j] == '=' {
			j++
			if j < len(src) && (src[j] == '"' || src[j] == '\'') {
				end := strings.IndexByte(src[j+1:], src[j])
				if end < 0 {
					return name, nil, 0, false
				}
				value = src[j+1 : j+1+end]
				j += end + 2
			} else {
				start := j
				for j < len(src) && strings.IndexByte(" \t\n\r\f>", src[j]) < 0 {
					j++
				}
				value = src[start:j]
			}
		}
		if _, seen := attrs[key]; !seen { // the first of a repeated one counts
			attrs[key] = textOf(value, 0, len(value)).text
		}
	}
	return name, nil, 0, false
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// asciiLower is s with its ASCII letters lowercased, every byte where it
// was: tags and attributes are found in it, read in s.
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
