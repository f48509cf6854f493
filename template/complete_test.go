package template_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/splicedev/splice/template"
)

func completionRoots() template.Roots {
	return template.Roots{
		{Name: "input", Value: mustJSON(`{"team": "Core", "max": 5}`)},
		{Name: "E0", Value: mustJSON(`{"issues": [{"number": 1, "title": "a", "labels": ["x"]}, {"number": 2}], "total": 2, "name": "n"}`)},
		{Name: "fetch", Value: mustJSON(`{"items": []}`)},
	}
}

func labels(items []template.Candidate) []string {
	var out []string
	for _, c := range items {
		out = append(out, c.Label)
	}
	return out
}

func TestComplete(t *testing.T) {
	roots := completionRoots()
	scope := template.Scope{Roots: roots.Names()}
	inScope := []string{"input", "E0", "fetch"}
	inSection := []string{"number", "title", "labels", "input", "E0", "fetch", "@index", "@first", "@last"}
	tests := []struct {
		text string // "|" marks the caret
		want []string
		word string // the partial word the choice replaces
	}{
		{"{{|", inScope, ""},
		{"x {{ |", inScope, ""},
		{"{{# |", inScope, ""},
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
		{"{{#E0.issues}}{{|", inSection, ""},
		{"{{#E0.issues}}{{#labels}}{{|", inSection, ""},
		// A dotted path is root-anchored even in a section: labels is no root.
		{"{{#E0.issues}}{{labels.|", nil, ""},
		{"{{#E0.issues}}{{E0.issues.1.|", []string{"number"}, ""},
		{"{{#E0.issues}}{{^@last}}{{/|", []string{"@last"}, ""},
		{"{{#E0.issues}}x{{/|", []string{"E0.issues"}, ""},
		{"{{#E0.issues}}x{{/E0.is|}}", []string{"E0.issues"}, "E0.is"},
		{"{{#E0.issues}}x{{/E0.issues}}{{|", inScope, ""},
		{"{{#E0.issues}}{{|}}{{/E0.issues}}", inSection, ""},
		{"{{^E0.issues}}{{|", inScope, ""}, // an inverted section opens no scope
		{"{{#E0.nope}}{{|", []string{"input", "E0", "fetch", "@index", "@first", "@last"}, ""},
		{"{{#E0.issues}}{{@|", []string{"@index", "@first", "@last"}, "@"},
		{"{{/|", nil, ""},
		{"{{E0.x}} |", nil, ""},
		{"plain text|", nil, ""},
		{"{{E0 |", nil, ""},
		{"{{.|", nil, ""},
		{"{{E0.issues.0.title}}|{{", nil, ""},
		{"{{E0..|", nil, ""},
	}
	for _, tt := range tests {
		caret := strings.IndexByte(tt.text, '|')
		text := tt.text[:caret] + tt.text[caret+1:]
		c := template.Analyze(text).Complete(caret, scope, roots)
		if got := labels(c.Items); !slices.Equal(got, tt.want) {
			t.Errorf("Complete(%q) = %q, want %q", tt.text, got, tt.want)
			continue
		}
		if len(tt.want) > 0 && (c.To != caret || text[c.From:c.To] != tt.word) {
			t.Errorf("Complete(%q) replaces %q, want %q", tt.text, text[c.From:c.To], tt.word)
		}
	}
}

func TestCompleteTypesAndKinds(t *testing.T) {
	c := template.Analyze("{{E0.issues.").Complete(12, template.Scope{Roots: []string{"E0"}}, completionRoots())
	var got []string
	for _, item := range c.Items {
		got = append(got, item.Label+" "+item.Kind.String()+" "+item.Type)
	}
	if want := []string{"0 index object", "1 index object", "length length number"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestCompleteRespectsScope(t *testing.T) {
	roots := completionRoots()
	scope := template.Scope{Roots: []string{"input", "E0"}, Later: []string{"fetch"}, Branch: map[string]string{"E5": "E3"}}
	roots = append(roots, template.Root{Name: "E5", Value: mustJSON(`{"x": 1}`)})
	for _, tt := range []struct {
		text string
		want []string
	}{
		{"{{", []string{"input", "E0"}}, // neither a later step nor a branch-internal one
		{"{{fetch.", nil},
		{"{{E5.", nil},
	} {
		c := template.Analyze(tt.text).Complete(len(tt.text), scope, roots)
		if got := labels(c.Items); !slices.Equal(got, tt.want) {
			t.Errorf("Complete(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
	iteration := template.Scope{Roots: []string{"input"}, Iteration: true}
	if got := labels(template.Analyze("{{").Complete(2, iteration, nil).Items); !slices.Equal(got, []string{"input", "item", "index", "accumulator"}) {
		t.Errorf("iteration roots: %q", got)
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
	roots := template.Roots{{Name: "E0", Value: mustJSON(b.String())}}
	c := template.Analyze("{{E0.").Complete(5, template.Scope{Roots: []string{"E0"}}, roots)
	if len(c.Items) != template.MaxCandidates {
		t.Errorf("%d completions, want %d", len(c.Items), template.MaxCandidates)
	}
}
