package playground

import (
	"slices"

	"github.com/splicedev/splice/template"
)

// Segment is a run of editor text drawn in one style behind the textarea.
type Segment struct {
	Text  string
	Class string // "" for plain text; "tk tk-<span kind>" for a tag; "tk-err" added under a failing tag
}

// Highlight cuts src into styled runs: every tag by its span kind, and the
// ranges in marks (failing tags, [start, end) byte offsets) underlined.
func Highlight(src string, spans []template.Span, marks [][2]int) []Segment {
	cuts := []int{0, len(src)}
	for _, s := range spans {
		cuts = append(cuts, s.Start, s.End)
	}
	for _, m := range marks {
		cuts = append(cuts, m[0], m[1])
	}
	slices.Sort(cuts)
	cuts = slices.Compact(cuts)

	var segs []Segment
	span := 0
	for i := 0; i+1 < len(cuts); i++ {
		from, to := cuts[i], cuts[i+1]
		if from < 0 || to > len(src) || from >= to {
			continue
		}
		for span < len(spans) && spans[span].End <= from {
			span++
		}
		class := ""
		if span < len(spans) && spans[span].Start <= from {
			class = "tk tk-" + spans[span].Kind.String()
		}
		if slices.ContainsFunc(marks, func(m [2]int) bool { return m[0] <= from && to <= m[1] }) {
			class = joinClass(class, "tk-err")
		}
		if n := len(segs); n > 0 && segs[n-1].Class == class {
			segs[n-1].Text += src[from:to]
			continue
		}
		segs = append(segs, Segment{Text: src[from:to], Class: class})
	}
	return segs
}

func joinClass(a, b string) string {
	if a == "" {
		return b
	}
	return a + " " + b
}
