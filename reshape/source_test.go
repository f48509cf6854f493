//go:build !splice_lite

package reshape

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/splicedev/splice/template"
)

// TestLeafErrorsArePlacedInTheDocument: a leaf's error carries the exact
// document place of its tag and failing segment, however the leaf's string
// is written.
func TestLeafErrorsArePlacedInTheDocument(t *testing.T) {
	roots := template.Roots{{Name: "input", Value: template.ObjectValue(nil)},
		{Name: "E0", Value: mustParse(t, `{"name": "Ada", "v": [1]}`)}}
	tests := []struct {
		name, text string
		at         string // the leaf
		doc        string // line:column of the tag in the document
		leaf       string // line:column of the tag in the leaf
	}{
		{"JSON", `{"a": 1, "body": "Hello {{E0.nme}}"}`, "/body", "1:25", "1:7"},
		{"JSON with escapes before the tag", `{"b": "\"q\" \u00e9\n\t\ud83d\ude00 {{E0.nme}}"}`, "/b", "1:37", "2:4"},
		{"JSON multi-line document", "{\r\n  \"x\": \"a\",\r\n  \"y\": \"{{E0.nme}}\"\r\n}", "/y", "3:9", "1:1"},
		{"JSON comment-like text in another leaf", `{"c": "{{E0.nme}} text", "d": "x {{E0.nme}}"}`, "/c", "1:8", "1:1"},
		{"YAML plain", "a: 1\nbody: Hello {{E0.nme}}\n", "/body", "2:13", "1:7"},
		{"YAML double-quoted with escapes", "b: \"\\t\\x41\\u00e9 {{E0.nme}}\"\n", "/b", "1:18", "1:5"},
		{"YAML single-quoted", "b: 'it''s {{E0.nme}}'\n", "/b", "1:11", "1:6"},
		{"YAML literal block", "# note: {{E0.nme}}\nbody: |\n  Hello\n    {{E0.nme}}\n", "/body", "4:5", "2:3"},
		{"YAML folded block", "body: >-\n  one\n  two {{E0.nme}}\n", "/body", "3:7", "1:9"},
		{"YAML multi-line plain", "body: one\n  two {{E0.nme}}\n", "/body", "2:7", "1:9"},
		{"YAML flow", "{\"x\": 1}\n", "", "", ""}, // JSON: no error
		{"YAML flow mapping in a block", "m: {a: 1, b: \"{{E0.nme}}\"}\n", "/m/b", "1:15", "1:1"},
		{"YAML CRLF", "a: 1\r\nbody: |\r\n  x\r\n  {{E0.nme}}\r\n", "/body", "4:3", "2:1"},
		{"YAML in a list", "items:\n  - \"{{E0.name}}\"\n  - x {{E0.nme}}\n", "/items/1", "3:7", "1:3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := ParseShape(tt.text)
			if err != nil {
				t.Fatal(err)
			}
			_, err = s.Render(roots)
			if tt.at == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			errs := Errors(err)
			if len(errs) == 0 {
				t.Fatal("want an error")
			}
			e := errs[0]
			if e.At != tt.at || e.Doc.String() != tt.doc || e.Pos.String() != tt.leaf {
				t.Fatalf("error at %s, document %s, leaf %s; want %s, %s, %s", e.At, e.Doc, e.Pos, tt.at, tt.doc, tt.leaf)
			}
			if e.Doc != template.PosOf(tt.text, e.Doc.Offset) {
				t.Errorf("document position %+v is not its offset's", e.Doc)
			}
			if tag := tt.text[e.Doc.Offset:e.DocEnd]; tag != "{{E0.nme}}" {
				t.Errorf("document range holds %q", tag)
			}
			if seg := tt.text[e.DocSegStart:e.DocSegEnd]; seg != "nme" {
				t.Errorf("segment range holds %q", seg)
			}
		})
	}
}

func TestToolLeafErrorsArePlacedInTheFile(t *testing.T) {
	src := "name: card\nkind: reshape\n# {{input.x}} in a comment\nshape:\n  title: \"PR {{input.pr.nmber}}\"\n  body: |\n    see {{E1.x}}\n"
	_, err := LoadTool([]byte(src))
	errs := Errors(err)
	if len(errs) != 1 || errs[0].Kind != template.MissingStep || errs[0].At != "/body" || errs[0].Doc.String() != "7:9" {
		t.Fatalf("got %v (document %v)", err, errs)
	}
	tool, err := LoadTool([]byte(strings.Replace(src, "{{E1.x}}", "{{input.pr.number}}", 1)))
	if err != nil {
		t.Fatal(err)
	}
	_, err = tool.Call(mustParse(t, `{"pr": {"number": 1}}`))
	errs = Errors(err)
	if len(errs) != 1 || errs[0].At != "/title" || errs[0].Doc.String() != "5:14" || src[errs[0].DocSegStart:errs[0].DocSegEnd] != "nmber" {
		t.Fatalf("got %v", err)
	}
}

func mustParse(t *testing.T, text string) template.Value {
	t.Helper()
	v, err := ParseData(text)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestShapeSpansArePlacedInTheDocument(t *testing.T) {
	for _, text := range []string{
		"# {{not.a.leaf}}\na: \"x {{E0.a}}\\t{{#E0.b}}{{c}}{{/E0.b}}\"\nb: |\n  {{E0.d}}\n",
		`{"a": "\u00e9 {{E0.a}}", "b": ["{{E0.d}}"]}`,
	} {
		s, err := ParseShape(text)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, sp := range s.Spans() {
			got = append(got, text[sp.Start:sp.End]+"@"+text[sp.PathPos:sp.PathPos+len(sp.Path)])
		}
		want := []string{"{{E0.a}}@E0.a", "{{#E0.b}}@E0.b", "{{c}}@c", "{{/E0.b}}@E0.b", "{{E0.d}}@E0.d"}
		if strings.HasPrefix(text, "{") {
			want = []string{"{{E0.a}}@E0.a", "{{E0.d}}@E0.d"}
		}
		if !slices.Equal(got, want) {
			t.Errorf("spans of %q: %q, want %q", text, got, want)
		}
	}
}

func TestLeafPlacesSkipAnchorsAndTags(t *testing.T) {
	for _, text := range []string{
		"a: &x y {{E0.nme}}\n",
		"a: !!str y {{E0.nme}}\n",
		"a: &x !!str \"y {{E0.nme}}\"\n",
		"a: &x # a comment\n  y {{E0.nme}}\n",
	} {
		s, err := ParseShape(text)
		if err != nil {
			t.Fatal(err)
		}
		_, err = s.Render(template.Roots{{Name: "E0", Value: mustParse(t, `{"name": 1}`)}})
		e := Errors(err)[0]
		if tag := text[e.Doc.Offset:e.DocEnd]; tag != "{{E0.nme}}" {
			t.Errorf("%q: the document range holds %q", text, tag)
		}
	}
}

// A line index moved by a run of edits that break no line, some on the
// line of the edit before and some elsewhere, places every offset as the
// index of the text made at once.
func TestLineIndexMovedByEdits(t *testing.T) {
	text := "a: 1\nbb: two é\n\nccc: [3]\n  d: \"x\"\n"
	x := newLineIndex(text)
	r := rand.New(rand.NewPCG(3, 4))
	for i := range 200 {
		at := r.IntN(len(text) + 1)
		for at < len(text) && !utf8.RuneStart(text[at]) {
			at++
		}
		line := x.pos(at).Line
		typed := []string{"z", "é", ""}[i%3]
		end := at
		if typed == "" && at < len(text) && text[at] != '\n' { // a deletion of one rune
			_, size := utf8.DecodeRuneInString(text[at:])
			end += size
		}
		text = text[:at] + typed + text[end:]
		x = x.movedBy(text, line, len(typed)-(end-at))
		want := newLineIndex(text)
		for off := 0; off <= len(text); off++ {
			if got, w := x.pos(off), want.pos(off); got != w {
				t.Fatalf("edit %d: pos(%d) = %+v, want %+v in %q", i, off, got, w, text)
			}
		}
	}
}
