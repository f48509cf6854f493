package lsp

import (
	"path"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/splicedev/splice/internal/playground"
	"github.com/splicedev/splice/internal/playground/state"
	"github.com/splicedev/splice/plan"
	"github.com/splicedev/splice/reshape"
	"github.com/splicedev/splice/template"
)

// maxDocument bounds a document the server evaluates: the largest state
// the playground opens. A larger one gets a diagnostic saying so.
const maxDocument = state.MaxLinkState

// document is an open document: its text as the client has it, and the
// playground's session on it, in the mode its kind is; no session for a
// document too large, or one that is none of Splice's.
type document struct {
	uri     string
	version int
	text    string
	mode    state.Mode
	ss      *playground.Session
	lines   []int // byte offsets of each line's start; nil until asked
	tooBig  bool  // past maxDocument: not evaluated
}

// openDocument starts the session on text, in the mode of uri's kind.
func openDocument(uri string, version int, text string) *document {
	d := &document{uri: uri, version: version}
	m, ours := modeOf(uri, text)
	d.load(text, m, ours)
	return d
}

// load evaluates text afresh in mode m, when it is Splice's.
func (d *document) load(text string, m state.Mode, ours bool) {
	d.text, d.mode, d.lines = text, m, nil
	d.tooBig = len(text) > maxDocument
	if d.tooBig || !ours {
		d.ss = nil
		return
	}
	s := state.State{Mode: m, Roots: []state.RootText{{Name: "input", Text: "{}"}}, Call: "{}"}
	s.SetText(state.Target{}, text)
	if d.ss == nil {
		d.ss = playground.NewSession(s)
	} else {
		d.ss.Load(s)
	}
}

// modeOf tells a document's kind by its name and text: a `.splice` file
// is a template, a `.shape.json` or `.shape.yaml` a shape; another data
// file (JSON or YAML) is a plan when it is a mapping with steps, a tool
// when it has a tool's name and kind, else none of Splice's (a workflow,
// a chart: its strings are no templates); any other file is a plan by
// its text, else a template.
func modeOf(uri, text string) (m state.Mode, ours bool) {
	name := strings.ToLower(path.Base(uri))
	switch ext := path.Ext(name); {
	case ext == ".splice":
		return state.ModeTemplate, true
	case ext == ".json" || ext == ".yaml" || ext == ".yml":
		switch {
		case strings.HasSuffix(strings.TrimSuffix(name, ext), ".shape"):
			return state.ModeShape, true
		case isPlan(text):
			return state.ModePlan, true
		case isTool(text):
			return state.ModeTool, true
		}
		return state.ModeShape, false
	case isPlan(text):
		return state.ModePlan, true
	}
	return state.ModeTemplate, true
}

// isPlan reports whether text is a plan document (plan.IsPlan), one that
// does not parse but has steps at its top (a plan with a slip, whose
// diagnostics say where), or a bare list of steps (pasted without its
// "steps:", which a code action wraps).
func isPlan(text string) bool {
	if len(text) > maxDocument || !strings.Contains(text, "steps") && !strings.Contains(text, "tool_name") {
		return false // parsed only when it may be one
	}
	if v, err := reshape.ParseData(text); err == nil && v.Kind() == template.Array && len(v.Elems()) > 0 {
		_, id := v.Elems()[0].Lookup("id")
		_, tool := v.Elems()[0].Lookup("tool_name")
		return id && tool
	}
	return plan.IsPlan(text)
}

// isTool reports whether text is a mapping with a tool's name and kind.
func isTool(text string) bool {
	if !strings.Contains(text, "kind") || len(text) > maxDocument {
		return false
	}
	v, err := reshape.ParseData(text)
	if err != nil || v.Kind() != template.Object {
		return false
	}
	_, name := v.Lookup("name")
	_, kind := v.Lookup("kind")
	return name && kind
}

// change applies one change: a range replaced, or the whole text. An edit
// of a plan goes through the session's Edit, which re-runs only the steps
// that read what changed; a text that becomes another kind loads afresh.
func (d *document) change(c contentChange) error {
	if c.Range == nil {
		m, ours := modeOf(d.uri, c.Text)
		d.load(c.Text, m, ours)
		return nil
	}
	from, to := d.offset(c.Range.Start), d.offset(c.Range.End)
	if from > to {
		return &ResponseError{Code: codeInvalidParams, Message: "a change whose range ends before it starts"}
	}
	next := d.text[:from] + c.Text + d.text[to:]
	if d.ss == nil || len(next) > maxDocument || (d.mode != state.ModePlan && d.mode != state.ModeTool && isPlan(next)) {
		m, ours := modeOf(d.uri, next)
		d.load(next, m, ours)
		return nil
	}
	units := []int{from, to}
	playground.UTF16Offsets(d.text, units)
	taken, _, later := d.ss.Edit(state.Target{}, d.ss.Rewrites(state.Target{}), units[0], units[1], c.Text)
	switch {
	case !taken:
		d.load(next, d.mode, true)
	case later:
		d.ss.Settle()
	}
	d.text, d.lines = next, nil
	return nil
}

// lineStarts returns the byte offsets where the lines start; a line ends
// at "\n", "\r\n" or "\r", as the protocol counts lines.
func (d *document) lineStarts() []int {
	if d.lines != nil {
		return d.lines
	}
	lines := make([]int, 1, 1+strings.Count(d.text, "\n"))
	for i := 0; i < len(d.text); i++ {
		switch d.text[i] {
		case '\n':
			lines = append(lines, i+1)
		case '\r':
			if i+1 < len(d.text) && d.text[i+1] == '\n' {
				i++
			}
			lines = append(lines, i+1)
		}
	}
	d.lines = lines
	return lines
}

// lineEnd is where line i's text ends, before its line break.
func (d *document) lineEnd(i int) int {
	lines := d.lineStarts()
	if i+1 >= len(lines) {
		return len(d.text)
	}
	end := lines[i+1] - 1
	if end > lines[i] && d.text[end] == '\n' && d.text[end-1] == '\r' {
		end--
	}
	return end
}

// offset converts p to a byte offset of the text. A line past the end is
// the end; a character past its line's end is that end, and one inside a
// surrogate pair is the pair's start.
func (d *document) offset(p Position) int {
	lines := d.lineStarts()
	if p.Line < 0 {
		return 0
	}
	if p.Line >= len(lines) {
		return len(d.text)
	}
	at, end := lines[p.Line], d.lineEnd(p.Line)
	for units := 0; at < end && units < p.Character; {
		r, size := utf8.DecodeRuneInString(d.text[at:])
		n := 1
		if r >= 0x10000 {
			n = 2
		}
		if units+n > p.Character {
			break
		}
		at, units = at+size, units+n
	}
	return at
}

// position converts a byte offset of the text to a position.
func (d *document) position(off int) Position { return d.positions([]int{off})[0] }

// positions converts byte offsets of the text to positions, walking each
// line they are on once from its start: many places on one long line (a
// JSON document on one line) cost one pass of it.
func (d *document) positions(offs []int) []Position {
	order := make([]int, len(offs))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return offs[a] - offs[b] })
	lines := d.lineStarts()
	out := make([]Position, len(offs))
	line, at, units := -1, 0, 0 // d.text[lines[line]:at] is units UTF-16 units long
	for _, i := range order {
		off := min(max(offs[i], 0), len(d.text))
		if line < 0 || line+1 < len(lines) && lines[line+1] <= off {
			line, _ = slices.BinarySearch(lines, off)
			if line == len(lines) || lines[line] > off {
				line--
			}
			at, units = lines[line], 0
		}
		n := []int{off - at}
		playground.UTF16Offsets(d.text[at:], n)
		at, units = off, units+n[0]
		out[i] = Position{Line: line, Character: units}
	}
	return out
}

// rangeOf converts a byte range of the text to a range.
func (d *document) rangeOf(from, to int) Range {
	return Range{Start: d.position(from), End: d.position(max(from, to))}
}
