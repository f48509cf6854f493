package template_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/splicedev/splice/template"
)

func TestJSONDocEdit(t *testing.T) {
	const src = `{"issues": [{"title": "Crash on empty plan", "n": 1}], "x": "a\"b", "k": ["é", ""]}`
	tests := []struct {
		name, next string
		ok         bool
	}{
		{"type inside a string", strings.Replace(src, "Crash", "Crashes", 1), true},
		{"delete inside a string", strings.Replace(src, "on empty ", "", 1), true},
		{"empty a string", strings.Replace(src, "Crash on empty plan", "", 1), true},
		{"type into an empty string", strings.Replace(src, `""`, `"ok"`, 1), true},
		{"after a multibyte rune", strings.Replace(src, `"é"`, `"éa"`, 1), true},
		{"no change", src, true},
		{"a key", strings.Replace(src, `"title"`, `"titles"`, 1), false},
		{"a number", strings.Replace(src, `1}`, `12}`, 1), false},
		{"a quote typed", strings.Replace(src, "Crash", `Cr"ash`, 1), false},
		{"a backslash typed", strings.Replace(src, "Crash", `Cr\ash`, 1), false},
		{"a string with an escape", strings.Replace(src, `a\"b`, `ax\"b`, 1), false},
		{"across two strings", strings.Replace(src, `plan", "n`, `plan", "m`, 1), false},
		{"a line break typed", strings.Replace(src, "Crash", "Cr\nash", 1), false},
	}
	doc, err := template.ParseJSONDoc(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		next, ok := doc.Edit(tt.next)
		if ok != tt.ok {
			t.Errorf("%s: ok = %v, want %v", tt.name, ok, tt.ok)
			continue
		}
		if ok {
			checkDoc(t, tt.name, next, tt.next)
		}
	}
}

// checkDoc fails unless doc is src decoded afresh.
func checkDoc(t *testing.T, name string, doc *template.JSONDoc, src string) {
	t.Helper()
	want, err := template.ParseJSONString(src)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if doc.Src != src || !doc.Value.Equal(want) || doc.Value.String() != want.String() {
		t.Errorf("%s: value %s, want %s", name, doc.Value, want)
	}
}

// TestJSONDocEditsLikeDecoding types, deletes and pastes at random places
// of a document, edit after edit: whenever Edit (or, every other edit,
// Replace with the range typed over) takes an edit, its value is the new
// text decoded afresh, and the next edits build on it.
func TestJSONDocEditsLikeDecoding(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"issues": [`)
	for i := range 60 {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(`{"title": "issue number ` + strings.Repeat("x", i%7) + `", "labels": ["bug", "p1"], "wide": {`)
		for j := range 40 { // wide objects have an index
			if j > 0 {
				b.WriteString(", ")
			}
			b.WriteString(`"k` + string(rune('a'+j%26)) + string(rune('a'+j/26)) + `": "v"`)
		}
		b.WriteString(`}}`)
	}
	b.WriteString(`]}`)
	src := b.String()
	doc, err := template.ParseJSONDoc(src)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 2))
	pieces := []string{"a", "é", "😀", " ", `"`, `\`, "{", "\n", "12"}
	taken := 0
	for i := range 2000 {
		at := r.IntN(len(src) + 1)
		end := min(len(src), at+r.IntN(3))
		next := src[:at] + pieces[r.IntN(len(pieces))] + src[end:]
		if _, err := template.ParseJSONString(next); err != nil {
			continue // the editor would show the problem; Edit need not take it
		}
		edit := func() (*template.JSONDoc, bool) { return doc.Edit(next) }
		if i%2 == 1 {
			edit = func() (*template.JSONDoc, bool) { return doc.Replace(at, end, next) }
		}
		if d, ok := edit(); ok {
			checkDoc(t, "edit "+string(rune('0'+i%10)), d, next)
			doc, taken = d, taken+1
		} else if doc, err = template.ParseJSONDoc(next); err != nil {
			t.Fatal(err)
		}
		src = next
	}
	if taken < 100 {
		t.Errorf("only %d edits were taken without decoding", taken)
	}
	t.Logf("%d edits taken without decoding", taken)
}
