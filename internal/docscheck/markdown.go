package docscheck

import (
	"strings"

	"github.com/splicedev/splice/internal/playground/state"
)

// The tags of a fenced block's info string, any word of it: "```splice",
// "```yaml splice-plan". A splice or splice-shape block's roots are the
// next fenced block when it is tagged splice-roots (a JSON object of root
// name → value, as embed.js's roots script), and a tool's call the next one
// tagged splice-call. A template's info string may also say later=E8,E9
// and iteration.
var fenceModes = map[string]state.Mode{
	"splice":       state.ModeTemplate,
	"splice-shape": state.ModeShape,
	"splice-tool":  state.ModeTool,
	"splice-plan":  state.ModePlan,
}

const (
	rootsTag = "splice-roots"
	callTag  = "splice-call"
	// expectMarker, in an HTML comment on a line of its own before a
	// block, names the errors it shows on purpose.
	expectMarker = "splice: expect"
)

// fence is a fenced block's opening line.
type fence struct {
	char   byte // '`' or '~'
	length int
	indent int
	info   []string
}

// openFence reads a fence's opening line (CommonMark: three or more
// backticks or tildes; a backtick fence's info has no backtick).
func openFence(line string) (fence, bool) {
	rest := strings.TrimLeft(line, " ")
	f := fence{indent: len(line) - len(rest)}
	if len(rest) < 3 || rest[0] != '`' && rest[0] != '~' {
		return f, false
	}
	f.char = rest[0]
	for f.length < len(rest) && rest[f.length] == f.char {
		f.length++
	}
	info := rest[f.length:]
	if f.length < 3 || f.char == '`' && strings.IndexByte(info, '`') >= 0 {
		return f, false
	}
	f.info = strings.Fields(info)
	return f, true
}

// closes reports whether line closes f: the same character, at least as
// many, nothing else but spaces.
func (f fence) closes(line string) bool {
	rest := strings.Trim(line, " \t")
	return len(rest) >= f.length && strings.Trim(rest, string(f.char)) == ""
}

// lineAt returns the line starting at off, without its line end, and the
// offset of the next line.
func lineAt(src string, off int) (string, int) {
	end := strings.IndexByte(src[off:], '\n')
	work += end + 1
	if end < 0 {
		return strings.TrimSuffix(src[off:], "\r"), len(src)
	}
	return strings.TrimSuffix(src[off:off+end], "\r"), off + end + 1
}

// markdownBlocks reads the examples of a Markdown text, line by line.
func markdownBlocks(src string) ([]*block, []Finding) {
	var blocks []*block
	var findings []Finding
	var expect []string
	expectAt := 0
	var last *block // the block a roots or call block may follow
	for off := 0; off < len(src); {
		line, next := lineAt(src, off)
		f, ok := openFence(line)
		if !ok {
			trimmed := strings.TrimSpace(line)
			if inner, ok := strings.CutPrefix(trimmed, "<!--"); ok && strings.HasSuffix(inner, "-->") && strings.HasPrefix(strings.TrimSpace(inner), expectMarker) {
				list := strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(inner), expectMarker), "-->")
				kinds, problem := expectation(list)
				if problem != "" {
					findings = append(findings, finding(off+len(line)-len(strings.TrimLeft(line, " \t")), problem))
				}
				expect, expectAt = kinds, off+len(line)-len(strings.TrimLeft(line, " \t"))
			} else if trimmed != "" {
				expect = nil
			}
			off = next
			continue
		}
		fenceAt := off + f.indent
		body := part{}
		var text strings.Builder
		closed := false
		for off = next; off < len(src); {
			line, next := lineAt(src, off)
			if f.closes(line) {
				off, closed = next, true
				break
			}
			// The fence's indentation is left out of each line, as
			// CommonMark does.
			strip := min(f.indent, len(line)-len(strings.TrimLeft(line, " ")))
			body.spans = append(body.spans, span{text.Len(), off + strip})
			text.WriteString(line[strip:])
			text.WriteByte('\n')
			off = next
		}
		body.text = text.String()
		if !closed {
			findings = append(findings, finding(fenceAt, "this fence ("+strings.Repeat(string(f.char), f.length)+") is never closed: the rest of the file is inside it"))
			break
		}
		mode, tag := blockTag(f.info)
		switch {
		case tag == rootsTag || tag == callTag:
			wantsCall := tag == callTag
			switch {
			case last == nil || wantsCall != (last.mode == state.ModeTool) || last.mode == state.ModePlan:
				want := "a splice or splice-shape block"
				if wantsCall {
					want = "a splice-tool block"
				}
				findings = append(findings, finding(fenceAt, "a "+tag+" block follows "+want+", and none comes before it"))
			case wantsCall:
				last.call = &body
			default:
				last.roots = &body
			}
			last = nil
		case tag != "":
			b := &block{mode: mode, body: body, at: fenceAt, expect: expect, expectAt: expectAt}
			b.body.text = strings.TrimSuffix(b.body.text, "\n")
			for _, word := range f.info {
				if ids, ok := strings.CutPrefix(word, "later="); ok {
					b.later = strings.FieldsFunc(ids, func(r rune) bool { return r == ',' })
				}
				b.iteration = b.iteration || word == "iteration"
			}
			blocks = append(blocks, b)
			last = b
		default:
			last = nil
		}
		expect = nil
	}
	return blocks, findings
}

// blockTag returns the tag of a fence's info string and, for an example,
// its mode; "" for a block that is none of the check's.
func blockTag(info []string) (state.Mode, string) {
	for _, word := range info {
		if mode, ok := fenceModes[word]; ok {
			return mode, word
		}
		if word == rootsTag || word == callTag {
			return "", word
		}
	}
	return "", ""
}
