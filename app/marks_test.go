package app

import (
	"slices"
	"testing"

	"github.com/splicedev/splice/internal/playground"
	"github.com/splicedev/splice/template"
)

// TestDrawnMarksHold makes one edit in a template and checks whether the
// marks the view maps through it are taken for the engine's spans of the
// edited text, and that marks taken are those spans.
func TestDrawnMarksHold(t *testing.T) {
	const text = "PR {{E1.number}}: {{E1.title}} by {{E1.user.login}}"
	tag := len("PR {{E1.number")
	cases := []struct {
		name     string
		from, to int
		insert   string
		hold     bool
	}{
		{"typed in plain text", 2, 2, "x", true},
		{"typed before a tag", 3, 3, "x", true},
		{"typed right after a tag", tag + 2, tag + 2, "x", true},
		{"typed inside a path", tag, tag, "s", true},
		{"deleted in plain text", 1, 2, "", true},
		{"replaced plain text", 0, 2, "Issue", true},
		{"deleted a tag's brace", tag + 1, tag + 2, "", false},
		{"typed a tag", 0, 0, "{{E2}} ", false},
		{"replaced across a tag", 1, tag + 4, "y", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := &drawnMarks{spans: slices.Clone(template.Analyze(text).Spans)}
			d.moved(textEdit{c.from, c.to, len(c.insert)})
			next := text[:c.from] + c.insert + text[c.to:]
			spans := template.Analyze(next).Spans
			if got := d.hold(spans, nil); got != c.hold {
				t.Fatalf("hold after %q at [%d, %d) = %v, want %v", c.insert, c.from, c.to, got, c.hold)
			}
			if c.hold {
				checkViewMarks(t, d, next, spans)
			}
		})
	}
}

// checkViewMarks fails unless the marks of d mapped through its edits, as
// the view has them, are spans.
func checkViewMarks(t *testing.T, d *drawnMarks, text string, spans []template.Span) {
	t.Helper()
	var view []template.Span
	for _, s := range d.spans {
		for _, e := range d.edits {
			s.Start, _ = e.mapped(s.Start, true)
			s.End, _ = e.mapped(s.End, false)
		}
		if s.Start < s.End {
			view = append(view, s)
		}
	}
	if len(view) != len(spans) {
		t.Fatalf("after %q: the view has %d marks, the engine %d spans", text, len(view), len(spans))
	}
	for j := range spans {
		if view[j].Start != spans[j].Start || view[j].End != spans[j].End || view[j].Kind != spans[j].Kind {
			t.Fatalf("after %q: mark %d is at [%d, %d), the engine's span at [%d, %d)", text, j, view[j].Start, view[j].End, spans[j].Start, spans[j].End)
		}
	}
}

// TestDrawnMarksFollowTyping types a line key by key, a Backspace now and
// then, and checks at each key that marks held are exactly the engine's.
func TestDrawnMarksFollowTyping(t *testing.T) {
	text := "title: {{E1.title}} "
	d := &drawnMarks{spans: slices.Clone(template.Analyze(text).Spans)}
	typed := "and {{E1.n}} so on{{}}x"
	held := 0
	for i, r := range typed {
		at := len(text)
		if i%5 == 4 { // a Backspace
			d.moved(textEdit{at - 1, at, 0})
			text = text[:at-1]
		} else {
			d.moved(textEdit{at, at, len(string(r))})
			text += string(r)
		}
		spans := template.Analyze(text).Spans
		if !d.hold(spans, nil) {
			d = &drawnMarks{spans: slices.Clone(spans)} // sent again
			continue
		}
		held++
		checkViewMarks(t, d, text, spans)
	}
	if held == 0 {
		t.Fatal("no key kept the marks")
	}
}

// TestDrawnMarksSentAgain: problems, an edit of unknown range and too many
// edits make the marks go again.
func TestDrawnMarksSentAgain(t *testing.T) {
	spans := template.Analyze("{{E1.x}} y").Spans
	problem := []playground.Problem{{Start: 0, End: 8, SegStart: -1, SegEnd: -1}}
	fresh := func() *drawnMarks { return &drawnMarks{spans: slices.Clone(spans)} }
	if !fresh().hold(spans, nil) {
		t.Error("unchanged marks are sent again")
	}
	if fresh().hold(spans, problem) {
		t.Error("a problem appearing is not sent")
	}
	if d := (&drawnMarks{spans: slices.Clone(spans), problems: true}); d.hold(spans, nil) {
		t.Error("a problem going away is not sent")
	}
	d := fresh()
	d.lost()
	if d.hold(spans, nil) {
		t.Error("the marks held through an edit of unknown range")
	}
	d = fresh()
	for range maxMoves + 1 {
		d.moved(textEdit{9, 9, 0})
	}
	if d.hold(spans, nil) {
		t.Error("the marks held through more edits than are kept")
	}
	var none *drawnMarks
	none.moved(textEdit{0, 0, 1})
	none.lost()
	if none.hold(nil, nil) {
		t.Error("a view with no marks of ours held them")
	}
}
