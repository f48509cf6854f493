// Package docscheck checks the Splice examples written in docs: the fenced
// blocks tagged splice, splice-shape, splice-tool and splice-plan of a
// Markdown file and the <pre data-splice> blocks of an HTML page, each run
// as the playground and embed.js run it (as a page opens it), with the
// roots given the way embed.js takes them. Every error is placed in the file
// itself, at its line and column there.
package docscheck

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/splicedev/splice/internal/playground"
	"github.com/splicedev/splice/internal/playground/evaluate"
	"github.com/splicedev/splice/internal/playground/state"
	"github.com/splicedev/splice/reshape"
	"github.com/splicedev/splice/template"
)

// Finding is one error (or warning) of a docs file, placed in it.
type Finding struct {
	Line, Column int    // in the file, 1-based, the column in runes
	Kind         string // the engine's kind ("BadPath"); "" for a mistake in the file's own markup
	Step         string // the plan step it belongs to, if any
	Msg          string
	Warning      bool // a likely mistake (a YAML trap) that does not fail the check

	offset int // in the file, to place it
}

// String is the finding on one line, after the file's name and position.
func (f Finding) String() string {
	if f.Warning {
		return "warning: " + f.Message()
	}
	return f.Message()
}

// Message is the finding on one line without its level: its kind, step
// and message.
func (f Finding) Message() string {
	var b strings.Builder
	if f.Kind != "" && !f.Warning {
		b.WriteString(f.Kind + ": ")
	}
	if f.Step != "" {
		b.WriteString("step " + f.Step + ": ")
	}
	b.WriteString(f.Msg)
	return b.String()
}

// Result is what checking one file found.
type Result struct {
	Blocks   int // the examples checked
	Findings []Finding
}

// Failed reports whether any finding is an error.
func (r Result) Failed() bool {
	return slices.ContainsFunc(r.Findings, func(f Finding) bool { return !f.Warning })
}

// IsDocs reports whether a file's name says it is one the check reads.
func IsDocs(name string) bool { return isMarkdown(name) || isHTML(name) }

func isMarkdown(name string) bool {
	return strings.HasSuffix(name, ".md") || strings.HasSuffix(name, ".markdown")
}

func isHTML(name string) bool {
	return strings.HasSuffix(name, ".html") || strings.HasSuffix(name, ".htm")
}

// Check checks every example of a docs file named name (Markdown or HTML
// by its name) whose text is src. Each example runs with a budget of its
// own (the engine's, DIALECT §5): a hostile one stops at its LimitError.
func Check(name, src string) Result {
	var blocks []*block
	var findings []Finding
	if isHTML(name) {
		blocks, findings = htmlBlocks(src)
	} else {
		blocks, findings = markdownBlocks(src)
	}
	limited := 0
	for i, b := range blocks {
		got, stopped := b.check()
		findings = append(findings, got...)
		if stopped {
			limited++
		}
		if limited == maxLimitedBlocks && i+1 < len(blocks) {
			findings = append(findings, finding(blocks[i+1].at, "the check stops here: "+strconv.Itoa(limited)+" examples before this one passed the engine's limits, and the "+strconv.Itoa(len(blocks)-i-1)+" from here on are not run"))
			blocks = blocks[:i+1]
			break
		}
	}
	placeAll(src, findings)
	return Result{Blocks: len(blocks), Findings: findings}
}

// maxLimitedBlocks is how many examples of a file may pass the engine's
// limits before the check gives up on the file: each has a budget of its
// own, and a file of thousands of them would take as many budgets.
const maxLimitedBlocks = 8

// part is a text taken out of the file (a block's body, its roots), with
// where each of its bytes came from: a fence's indentation is left out of
// each line, an HTML entity stands for its character.
type part struct {
	text  string
	spans []span // by text offset, increasing
}

// span says that text from offset text on comes from offset file on.
type span struct{ text, file int }

// fileOffset is where byte off of the part's text is in the file.
func (p *part) fileOffset(off int) int {
	i, found := slices.BinarySearchFunc(p.spans, off, func(s span, off int) int { return s.text - off })
	if !found {
		i--
	}
	if i < 0 {
		return 0
	}
	return p.spans[i].file + off - p.spans[i].text
}

// block is one example: what it is, its text, and what the file gives
// with it.
type block struct {
	mode      state.Mode
	body      part
	at        int // where it opens in the file: its fence or its tag
	roots     *part
	call      *part // a tool's call input
	later     []string
	iteration bool
	step      string // data-step: the plan step it shows
	expect    []string
	expectAt  int
}

// work counts the bytes the check reads and the bytes of the examples it
// runs, for the tests that hold it proportional to a file's size.
var work int

// finding is a finding of the file's own markup at offset off.
func finding(off int, msg string) Finding { return Finding{Msg: msg, offset: off} }

// check runs the block and returns its errors, placed in the file, less
// those it expects (an expected kind that does not come is an error), and
// whether the engine's limits stopped it, expected or not.
func (b *block) check() ([]Finding, bool) {
	work += len(b.body.text)
	for _, p := range []*part{&b.body, b.roots, b.call} {
		if p == nil {
			continue
		}
		if bad := invalidUTF8(p.text); bad >= 0 {
			return []Finding{finding(p.fileOffset(bad), "the text is not valid UTF-8 (byte 0x"+strconv.FormatUint(uint64(p.text[bad]), 16)+")")}, false
		}
	}
	var got []Finding
	if b.mode == state.ModeTool && b.call == nil { // no call: the tool is loaded alone
		_, err := reshape.LoadTool([]byte(b.body.text))
		for _, e := range reshape.Errors(err) {
			pos := e.Doc
			if pos.Line == 0 {
				pos = e.Pos
			}
			got = append(got, b.engineFinding(&b.body, pos.Line > 0, pos.Offset, e.Kind.String(), "", e.Msg, e.Suggestion))
		}
	} else {
		s := state.State{Mode: b.mode, Later: b.later, Iteration: b.iteration}
		s.SetText(state.Target{}, b.body.text)
		members := map[string]*part{}
		if b.roots != nil {
			roots, err := rootsOf(b.roots)
			if err != nil {
				return []Finding{*err}, false
			}
			for _, r := range roots {
				s.Roots = append(s.Roots, state.RootText{Name: r.name, Text: r.text.text})
				members[r.name] = &r.text
			}
		}
		if b.call != nil {
			s.Call = b.call.text
		}
		o := playground.NewSession(s).Out
		for _, p := range o.Problems {
			in := &b.body
			switch {
			case p.Target.Call && b.call != nil:
				in = b.call
			case p.Target.Root != "" && members[p.Target.Root] != nil:
				in = members[p.Target.Root]
			}
			kind := p.KindName()
			if !p.Failure() {
				kind += " (nothing found)"
			}
			f := b.engineFinding(in, p.Located(), p.Pos.Offset, kind, p.Step, p.Msg, p.Suggestion)
			f.Warning = p.KindName() == "Warning"
			got = append(got, f)
		}
		if b.step != "" && o.Plan != nil && !slices.ContainsFunc(o.Plan.Steps, func(r evaluate.StepRow) bool { return r.ID == b.step }) {
			got = append(got, finding(b.at, "data-step names "+strconv.Quote(b.step)+", which is no step of this plan"))
		}
	}
	stopped := slices.ContainsFunc(got, func(f Finding) bool { return f.Kind == template.LimitError.String() })
	return b.expected(got), stopped
}

// engineFinding is an error of the engine's, at byte off of in when placed
// there, else at the start of in.
func (b *block) engineFinding(in *part, placed bool, off int, kind, step, msg, suggestion string) Finding {
	at := b.at // an error of the block with no place in it
	switch {
	case placed:
		at = in.fileOffset(min(off, len(in.text)))
	case in != &b.body: // the roots' or the call's, at its start
		at = in.fileOffset(0)
	}
	if suggestion != "" {
		msg += "; did you mean " + strconv.Quote(suggestion) + "?"
	}
	return Finding{Kind: kind, Step: step, Msg: oneLine(msg), offset: at}
}

// expected drops the errors of the kinds the block expects, and adds one
// for each expected kind that did not come.
func (b *block) expected(got []Finding) []Finding {
	if len(b.expect) == 0 {
		return got
	}
	seen := map[string]bool{}
	kept := got[:0]
	for _, f := range got {
		kind, _, _ := strings.Cut(f.Kind, " ")
		if !f.Warning && slices.Contains(b.expect, kind) {
			seen[kind] = true
			continue
		}
		kept = append(kept, f)
	}
	for _, kind := range b.expect {
		if !seen[kind] {
			kept = append(kept, finding(b.expectAt, "the example expects a "+kind+", and gives none"))
		}
	}
	return kept
}

// expectation reads the kinds an expect marker names ("BadPath",
// "BadPath MissingStep"), or says what is wrong with them.
func expectation(list string) ([]string, string) {
	kinds := strings.FieldsFunc(list, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' })
	if len(kinds) == 0 {
		return nil, "an expect marker names the error kinds the example shows, as in expect BadPath"
	}
	for _, k := range kinds {
		if _, ok := template.ParseErrorKind(k); !ok {
			var names []string
			for _, k := range template.ErrorKinds() {
				names = append(names, k.String())
			}
			return nil, "no error kind " + strconv.Quote(k) + ": want one of " + strings.Join(names, ", ")
		}
	}
	return kinds, ""
}

// root is one member of a roots object: its name and its value's text.
type root struct {
	name string
	text part
}

// rootsOf splits a roots object (root name → value, in step order) into
// its members, each value's text as written, so that numbers and key order
// reach the engine as they are, as embed.js gives them.
func rootsOf(p *part) ([]root, *Finding) {
	v, err := template.ParseJSONString(p.text)
	if err != nil {
		f := finding(p.fileOffset(0), "the roots are not JSON: "+err.Error())
		if syn, ok := err.(*template.SyntaxError); ok {
			f = finding(p.fileOffset(syn.Pos.Offset), "the roots are not JSON: "+syn.Msg)
		}
		return nil, &f
	}
	if v.Kind() != template.Object {
		f := finding(p.fileOffset(0), "the roots must be a JSON object of root name to value, not "+v.Kind().String())
		return nil, &f
	}
	var roots []root
	s := p.text
	i := strings.IndexByte(s, '{') + 1
	for {
		i = skipSpace(s, i)
		if s[i] == '}' {
			return roots, nil
		}
		keyEnd := skipString(s, i)
		name, _ := strconv.Unquote(s[i:keyEnd]) // a JSON key the parse accepted
		if name == "" {
			name = s[i+1 : keyEnd-1]
		}
		i = skipSpace(s, keyEnd) + 1 // the colon
		i = skipSpace(s, i)
		start := i
		for depth := 0; ; i++ {
			c := s[i]
			if c == '"' {
				i = skipString(s, i) - 1
				continue
			}
			if c == '{' || c == '[' {
				depth++
			} else if (c == '}' || c == ']') && depth == 0 || c == ',' && depth == 0 {
				break
			} else if c == '}' || c == ']' {
				depth--
			}
		}
		text := strings.TrimRight(s[start:i], " \t\r\n")
		roots = append(roots, root{name: name, text: part{text: text, spans: []span{{0, p.fileOffset(start)}}}})
		if s[i] == ',' {
			i++
		}
	}
}

func skipSpace(s string, i int) int {
	for i < len(s) && strings.IndexByte(" \t\r\n", s[i]) >= 0 {
		i++
	}
	return i
}

// skipString returns the offset past the JSON string that opens at i.
func skipString(s string, i int) int {
	for i++; s[i] != '"'; i++ {
		if s[i] == '\\' {
			i++
		}
	}
	return i + 1
}

// invalidUTF8 is the offset of s's first byte that is not UTF-8, -1 when
// there is none.
func invalidUTF8(s string) int {
	if utf8.ValidString(s) {
		return -1
	}
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			return i
		}
		i += n
	}
	return -1
}

// oneLine makes a message fit one line.
func oneLine(s string) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(s, "\n", " ")), " ")
}

// placeAll sets each finding's line and column from its offset in src,
// and sorts them by it. Columns are counted from the last finding on the
// same line, so that many findings on one long line cost that line once.
func placeAll(src string, findings []Finding) {
	slices.SortStableFunc(findings, func(a, b Finding) int { return a.offset - b.offset })
	line, at, column := 1, 0, 1
	for i := range findings {
		off := min(findings[i].offset, len(src))
		if n := strings.Count(src[at:off], "\n"); n > 0 {
			line += n
			at, column = at+strings.LastIndexByte(src[at:off], '\n')+1, 1
		}
		column += utf8.RuneCountInString(src[at:off])
		at = off
		findings[i].Line, findings[i].Column = line, column
	}
}
