package playground

import (
	"slices"
	"strings"
	"testing"

	"github.com/splicedev/splice/template"
)

func completionRoots(t *testing.T) template.Roots {
	t.Helper()
	var roots template.Roots
	for _, r := range []RootText{
		{"input", `{"team": "Core", "max": 5}`},
		{"E0", `{"issues": [{"number": 1, "title": "a", "labels": ["x"]}, {"number": 2}], "total": 2, "name": "n"}`},
		{"fetch", `{"items": []}`},
	} {
		v, p := DecodeData(r.Text)
		if p != nil {
			t.Fatal(p.Msg)
		}
		roots = append(roots, template.Root{Name: r.Name, Value: v})
	}
	return roots
}

func TestComplete(t *testing.T) {
	roots := completionRoots(t)
	tests := []struct {
		Text string // "|" marks the caret
		want []string
		word string // the partial word the choice replaces
	}{
		{"{{|", []string{"input", "E0", "fetch"}, ""},
		{"x {{ |", []string{"input", "E0", "fetch"}, ""},
		{"{{f|", []string{"fetch"}, "f"},
		{"{{E0.|", []string{"issues", "total", "name"}, ""},
		{"{{E0.ti|", nil, "ti"},
		{"{{E0.t|", []string{"total"}, "t"},
		{"{{E0.A|", []string{"total", "name"}, "A"},            // inside the word, case ignored
		{"{{E0.issues.0.l|", []string{"labels", "title"}, "l"}, // prefixes first
		{"{{ E0.issues.|", []string{"0", "1", "length"}, ""},
		{"{{E0.issues.0.|", []string{"number", "title", "labels"}, ""},
		{"{{E0.name.|", []string{"length"}, ""},
		{"{{E0.total.|", nil, ""},
		{"{{E0.nope.|", nil, ""},
		{"{{fetch.items.|", []string{"length"}, ""},
		{"{{#E0.issues}}{{|", []string{"number", "title", "labels", "input", "E0", "fetch", "@index", "@first", "@last"}, ""},
		{"{{#E0.issues}}{{#labels}}{{|", []string{"number", "title", "labels", "input", "E0", "fetch", "@index", "@first", "@last"}, ""},
		{"{{#E0.issues}}{{labels.|", []string{"0", "length"}, ""},
		{"{{#E0.issues}}{{^@last}}{{/|", []string{"@last"}, ""},
		{"{{#E0.issues}}x{{/|", []string{"E0.issues"}, ""},
		{"{{#E0.issues}}x{{/E0.issues}}{{|", []string{"input", "E0", "fetch"}, ""},
		{"{{/|", nil, ""},
		{"{{E0.x}} |", nil, ""},
		{"plain text|", nil, ""},
		{"{{E0 |", nil, ""},
		{"{{.|", nil, ""},
		{"{{E0.issues.0.title}}|{{", nil, ""},
	}
	for _, tt := range tests {
		caret := strings.IndexByte(tt.Text, '|')
		text := tt.Text[:caret] + tt.Text[caret+1:]
		c := complete(text, caret, roots)
		if !slices.Equal(c.Items, tt.want) {
			t.Errorf("complete(%q) = %q, want %q", tt.Text, c.Items, tt.want)
			continue
		}
		if len(tt.want) > 0 && (c.To != caret || text[c.From:c.To] != tt.word) {
			t.Errorf("complete(%q) replaces %q, want %q", tt.Text, text[c.From:c.To], tt.word)
		}
	}
}

func TestCompleteCapsItems(t *testing.T) {
	var b strings.Builder
	b.WriteString("{")
	for i := range 300 {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(`"k` + strings.Repeat("x", i%7) + string(rune('a'+i%26)) + `_` + strings.Repeat("y", i/26) + `": 1`)
	}
	b.WriteString("}")
	v, p := DecodeData(b.String())
	if p != nil {
		t.Fatal(p.Msg)
	}
	c := complete("{{E0.", 5, template.Roots{{Name: "E0", Value: v}})
	if len(c.Items) != maxCompletions {
		t.Errorf("%d completions, want %d", len(c.Items), maxCompletions)
	}
}
