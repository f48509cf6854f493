package app

import (
	"slices"
	"testing"

	"github.com/splicedev/splice/internal/playground/evaluate"
	"github.com/splicedev/splice/template"
)

// TestDrawnMarksHold makes one edit in a template and checks whether the
// marks the view maps through it are taken for the engine's spans of the
// edited text.
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
		})
	}
}

// TestDrawnMarksFollowTyping types a line key by key, a Backspace now and
// then: the keys that leave the tags as they were keep the marks, those
// that type or break one send them again.
func TestDrawnMarksFollowTyping(t *testing.T) {
	text := "title: {{E1.title}} "
	d := &drawnMarks{spans: slices.Clone(template.Analyze(text).Spans)}
	held, sent := 0, 0
	key := func(edit textEdit, next string) {
		d.moved(edit)
		text = next
		if spans := template.Analyze(text).Spans; d.hold(spans, nil) {
			held++
		} else {
			d = &drawnMarks{spans: slices.Clone(spans)} // sent again
			sent++
		}
	}
	for i, r := range "and {{E1.n}} so on{{}}x" {
		at := len(text)
		key(textEdit{at, at, len(string(r))}, text+string(r))
		if i%5 == 4 { // a Backspace, and the key again
			key(textEdit{at, at + 1, 0}, text[:at])
			key(textEdit{at, at, len(string(r))}, text+string(r))
		}
	}
	if held == 0 || sent == 0 {
		t.Fatalf("%d keys kept the marks and %d sent them: want both", held, sent)
	}
}

// TestDrawnMarksSentAgain: problems, an edit of unknown range and too many
// edits make the marks go again.
func TestDrawnMarksSentAgain(t *testing.T) {
	spans := template.Analyze("{{E1.x}} y").Spans
	problem := make([]evaluate.Problem, 1)
	problem[0].End, problem[0].SegStart, problem[0].SegEnd = 8, -1, -1
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
