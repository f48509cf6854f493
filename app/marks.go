package app

import (
	"slices"

	"github.com/splicedev/splice/internal/playground"
	"github.com/splicedev/splice/internal/playground/evaluate"
	"github.com/splicedev/splice/template"
)

// drawnMarks are the marks a view was last sent and the edits typed in
// it since: the view maps its marks through its edits itself, so when the
// engine's new tags are the sent ones moved by those edits (typing that
// changes no tag: the common keystroke), nothing is written or sent again.
type drawnMarks struct {
	marks    string          // as sent (editorMarks)
	spans    []template.Span // in UTF-16 code units
	problems bool            // problems were underlined: their marks are always sent again
	edits    []textEdit
	unknown  bool // an edit of unknown range, or more than maxMoves: the marks go again
}

// textEdit is an edit of the view's text in UTF-16 code units: [from, to)
// replaced by n units.
type textEdit struct{ from, to, n int }

// maxMoves bounds the edits kept between two sendings.
const maxMoves = 64

// syncMarks sends the view the tags and problems of the fields, unless
// the view has them already.
func (e *codeEditor) syncMarks() {
	spans := utf16Spans(e.Text, e.Spans)
	if e.drawn.hold(spans, e.Problems) {
		return
	}
	marks := editorMarks(e.Text, e.Spans, e.Problems)
	if e.drawn == nil || len(e.drawn.edits) > 0 || e.drawn.unknown || marks != e.drawn.marks {
		e.view.Call("setMarks", marks)
	}
	e.drawn = &drawnMarks{marks: marks, spans: spans, problems: len(e.Problems) > 0}
}

// utf16Spans returns spans of text with their offsets in UTF-16 code
// units, as the view and the edits it reports count them.
func utf16Spans(text string, spans []template.Span) []template.Span {
	offs := make([]int, 0, 2*len(spans))
	for _, s := range spans {
		offs = append(offs, s.Start, s.End)
	}
	playground.UTF16Offsets(text, offs)
	spans = slices.Clone(spans)
	for i := range spans {
		spans[i].Start, spans[i].End = offs[2*i], offs[2*i+1]
	}
	return spans
}

// moved records an edit made in the view.
func (d *drawnMarks) moved(edit textEdit) {
	if d != nil && !d.unknown {
		d.edits = append(d.edits, edit)
		d.unknown = len(d.edits) > maxMoves
	}
}

// lost records an edit whose range is unknown.
func (d *drawnMarks) lost() {
	if d != nil {
		d.unknown = true
	}
}

// hold reports whether the view's marks, the sent ones mapped through the
// edits as the view maps a mark that does not take text typed at its
// edges, are spans with no problem.
func (d *drawnMarks) hold(spans []template.Span, problems []evaluate.Problem) bool {
	if d == nil || d.unknown || d.problems || len(problems) > 0 {
		return false
	}
	i := 0
	for _, s := range d.spans {
		start, end, ok := s.Start, s.End, true
		for _, e := range d.edits {
			if start, ok = e.mapped(start, true); !ok {
				return false
			}
			if end, ok = e.mapped(end, false); !ok {
				return false
			}
		}
		if start >= end { // the view drops an emptied mark
			continue
		}
		if i == len(spans) || spans[i].Start != start || spans[i].End != end || spans[i].Kind != s.Kind {
			return false
		}
		i++
	}
	return i == len(spans)
}

// mapped is where a mark's start (or end) at pos is after the edit; false
// where the view's mapping is not followed here (a replacement around it).
func (e textEdit) mapped(pos int, start bool) (int, bool) {
	switch {
	case pos < e.from:
		return pos, true
	case pos > e.to:
		return pos + e.n - (e.to - e.from), true
	case e.from == e.to: // typed at pos: a start goes after the text, an end stays
		if start {
			return pos + e.n, true
		}
		return pos, true
	case e.n == 0: // deleted around or up to pos
		return e.from, true
	}
	return 0, false
}
