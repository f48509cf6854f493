package playground

import "github.com/splicedev/splice/template"

// Completion is what the autocomplete popup offers at the caret: names
// that may replace the partial word text[From:To].
type Completion struct {
	From, To int
	Items    []string
}

// complete asks the engine what may be typed at caret (a byte offset in
// the analysed text) given the scope and the actual root data.
func complete(a *template.Analysis, caret int, scope template.Scope, roots template.Roots) Completion {
	c := a.Complete(caret, scope, roots)
	out := Completion{From: c.From, To: c.To}
	for _, it := range c.Items {
		out.Items = append(out.Items, it.Label)
	}
	return out
}
