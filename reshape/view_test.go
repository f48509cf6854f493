//go:build !splice_lite

package reshape

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// An edit inside a quoted string gives the document that parsing the
// edited text gives: the same value and the same places, found by Edit or
// given to Replace as the range replaced. Any other edit is parsed again.
func TestDocumentEdit(t *testing.T) {
	yamlDoc := "a: {b: \"x {{input.é}} y\", c: [1, 'two']}\nd: \"more\"\ne: plain\n"
	jsonDoc := `{"a": {"b": "x {{input.é}} y", "c": [1, "two"]}, "d": "more"}`
	plainDoc := "e: plain # {{x}}\nf: Docs\n  typo\ng: !!str 12\nh: &a v\ni: [x, y]\n"
	for _, tt := range []struct {
		name, text, from, to string
		ok                   bool
	}{
		{"typing in a YAML double-quoted string", yamlDoc, "x {{", "x {{é", true},
		{"deleting in a YAML double-quoted string", yamlDoc, " y\"", "\"", true},
		{"typing in a YAML single-quoted string", yamlDoc, "'two'", "'twoé'", true},
		{"typing at a JSON string's end", jsonDoc, "y\"", "yz\"", true},
		{"typing in a later JSON string", jsonDoc, "\"more\"", "\"mo re\"", true},
		{"typing in a plain scalar", yamlDoc, "plain", "plains", true},
		{"a plain scalar made a number", yamlDoc, "plain", "1.50", true},
		{"typing in a number", yamlDoc, "[1,", "[12,", true},
		{"typing in a flow sequence's plain scalar", plainDoc, "[x, y]", "[xz, y]", true},
		{"a plain scalar before a comment is parsed again", plainDoc, "plain #", "plains #", false},
		{"a plain scalar folded over lines is parsed again", plainDoc, "Docs", "Dots", false},
		{"a tagged plain scalar is parsed again", plainDoc, "!!str 12", "!!str 123", false},
		{"an anchored plain scalar is parsed again", plainDoc, "&a v", "&a vw", false},
		{"a key is parsed again", plainDoc, "f: Docs", "ff: Docs", false},
		{"a plain scalar made a dash is parsed again", plainDoc, "[x, y]", "[- x, y]", false},
		{"a plain scalar made .inf is parsed again", plainDoc, "[x, y]", "[.inf, y]", false},
		{"a quote is parsed again", yamlDoc, "x {{", "x \" {{", false},
		{"a line break is parsed again", yamlDoc, "x {{", "x\n {{", false},
		{"outside strings is parsed again", jsonDoc, "[1,", "[12,", false},
	} {
		for _, way := range []string{"Edit", "Replace"} {
			t.Run(tt.name+", "+way, func(t *testing.T) {
				d, err := ParseDocument(tt.text)
				if err != nil {
					t.Fatal(err)
				}
				edited := strings.Replace(tt.text, tt.from, tt.to, 1)
				got, ok := d.Edit(edited)
				if way == "Replace" {
					from := strings.Index(tt.text, tt.from)
					got, ok = d.Replace(from, from+len(tt.from), edited)
				}
				if ok != tt.ok {
					t.Fatalf("%s ok = %v, want %v", way, ok, tt.ok)
				}
				if !ok {
					return
				}
				want, err := ParseDocument(edited)
				if err != nil {
					t.Fatal(err)
				}
				if !got.Value.Equal(want.Value) || got.Text() != edited {
					t.Errorf("value %s, want %s", got.Value.JSON(), want.Value.JSON())
				}
				got.places.settle()
				if !reflect.DeepEqual(got.places.values, want.places.values) || !reflect.DeepEqual(got.places.keys, want.places.keys) {
					t.Errorf("places\n got %v %v\nwant %v %v", got.places.values, got.places.keys, want.places.values, want.places.keys)
				}
			})
		}
	}
}

// A long run of edits, each taken without parsing, places every node as
// parsing the last text does.
func TestDocumentEdits(t *testing.T) {
	text := "a: {b: \"x {{input.a}} y\", c: [1, 'two']}\nd: \"more\"\n"
	d, err := ParseDocument(text)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 2*maxShifts + 5 {
		at := strings.Index(text, " y\"")
		text = text[:at] + string(rune('a'+i%26)) + text[at:]
		var ok bool
		if d, ok = d.Edit(text); !ok {
			t.Fatalf("edit %d not taken", i)
		}
	}
	want, _ := ParseDocument(text)
	got := *d.places
	got.settle()
	if !d.Value.Equal(want.Value) || !reflect.DeepEqual(got.values, want.places.values) || !reflect.DeepEqual(got.keys, want.places.keys) {
		t.Errorf("after the edits:\n got %v %v\nwant %v %v", got.values, got.keys, want.places.values, want.places.keys)
	}
}

// Keys typed at random places of a YAML text of plain scalars (block and
// flow, folded over lines, commented, tagged, anchored, keys among them)
// give, when taken in place, what parsing the edited text gives: the same
// value (numbers by their text), places and warnings.
func TestDocumentPlainEditsLikeParsing(t *testing.T) {
	const start = "input: {team: core, n: 12}\nsteps:\n  - id: a1\n    tool_name: gh__list\n    result:\n      title: Docs typo\n      " +
		"more: folded\n        over lines\n      note: plain # {{a1.title}}\n      tag: !!str 7\n      ref: &r x\n      " +
		"list: [1, two, 3.5, -4]\n      items:\n        - item one\n        - 2\n      flag: true\n"
	text := start
	d, err := ParseDocument(text)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(9, 10))
	pieces := []string{"a", "Z", "0", "7", " ", "  ", ".", "-", "- ", "_", "e", "x", ":", "#", ",", "[", "\n", "é", "~", "inf"}
	taken := 0
	for i := range 5000 {
		if i%25 == 0 {
			text = start
			d, _ = ParseDocument(text)
		}
		// Mostly in or beside a word: where typing goes.
		from := r.IntN(len(text) + 1)
		for range 8 {
			if from > 0 && plainByte(text[from-1]) {
				break
			}
			from = r.IntN(len(text) + 1)
		}
		to := min(len(text), from+r.IntN(3))
		if r.IntN(2) == 0 {
			to = from
		}
		next := text[:from] + pieces[r.IntN(len(pieces))] + text[to:]
		got, ok := d.Replace(from, to, next)
		want, err := ParseDocument(next)
		if !ok {
			if err != nil {
				continue // the editor would show the problem; go on from the last good text
			}
			d, text = want, next
			continue
		}
		if err != nil {
			t.Fatalf("Replace took %q, which does not parse: %v", next, err)
		}
		if !likeParsed(got, want) {
			t.Fatalf("Replace(%d, %d) of %q by %q:\nvalue %s\nwant  %s\nwarnings %v, want %v", from, to, text, next[from:len(next)-(len(text)-to)],
				got.Value.JSON(), want.Value.JSON(), got.Warnings(), want.Warnings())
		}
		d, text, taken = got, next, taken+1
	}
	t.Logf("taken %d", taken)
	if taken < 500 {
		t.Errorf("only %d edits taken in place", taken)
	}
}

// likeParsed reports whether got, a document edited in place, is want, its
// text parsed: the same text, value (numbers by their text), places, keys
// and warnings.
func likeParsed(got, want *Document) bool {
	settled := *got.places
	settled.settle()
	return got.Text() == want.Text() && got.Value.JSON() == want.Value.JSON() && reflect.DeepEqual(settled.values, want.places.values) &&
		reflect.DeepEqual(settled.keys, want.places.keys) && reflect.DeepEqual(got.Warnings(), want.Warnings())
}

// The extents of nodes, asked after each of a long run of edits taken in
// place (in several strings, so that the places are settled on the way),
// are those of the text parsed again: what the first edits' documents
// found is shared with the later ones and moved by their edits.
func TestDocumentExtentsAfterEdits(t *testing.T) {
	text := "steps:\n  - id: a\n    input: {t: \"{{x.y}}\", u: [1, 'two']}\n  - id: b\n    input:\n      shape: {v: \"w\"}\nsolver: \"{{a.t}}\"\n"
	ptrs := []string{"/steps/0", "/steps/1", "/steps/1/input", "/steps/0/input/u", "/solver", "/steps/2", ""}
	d, err := ParseDocument(text)
	if err != nil {
		t.Fatal(err)
	}
	quoted := []string{"t: \"", "[1, '", "v: \"", "solver: \""} // typing goes after them, at a string's start
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 3 * maxShifts {
		if i%3 == 0 {
			d.Extents(ptrs[:2]) // some found before the edit, some after
		}
		anchor := quoted[r.IntN(len(quoted))]
		at := strings.Index(text, anchor) + len(anchor)
		edited := text[:at] + "é" + text[at:]
		next, ok := d.Replace(at, at, edited)
		if !ok {
			t.Fatalf("edit %d at %q not taken", i, anchor)
		}
		d, text = next, edited
		want, err := ParseDocument(text)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := d.Extents(ptrs), want.Extents(ptrs); !slices.Equal(got, want) {
			t.Fatalf("after edit %d: extents %v, want %v", i, got, want)
		}
	}
}

// A warning after an edit taken in place moves with it, as parsing the
// edited text would place it.
func TestDocumentEditMovesWarnings(t *testing.T) {
	for _, text := range []string{
		"a: \"x {{input.a}}\"\nb: 1 # {{input.b}}\n",
		"a: [\"x {{input.a}}\", PR #{{input.b}}\n]\n",
	} {
		d, err := ParseDocument(text)
		if err != nil || len(d.Warnings()) != 1 {
			t.Fatalf("want one warning: %v %v", d.Warnings(), err)
		}
		edited := strings.Replace(text, "x {{", "xé {{", 1)
		got, ok := d.Edit(edited)
		if !ok {
			t.Fatal("the edit was not taken in place")
		}
		want, _ := ParseDocument(edited)
		if !reflect.DeepEqual(got.Warnings(), want.Warnings()) {
			t.Errorf("%q: warnings\n got %+v\nwant %+v", text, got.Warnings(), want.Warnings())
		}
	}
}

// Random edits given as ranges, taken or not: a document Replace takes is
// the edited text's, value and places, as parsing it gives; a range that
// does not fit the text is refused.
func TestDocumentReplaceLikeParsing(t *testing.T) {
	text := "a: {b: \"x {{input.a}} y\", c: [1, 'two']}\nd: \"more é\"\ne: [\"{{input.e}}\", 'f']\n"
	d, err := ParseDocument(text)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(3, 4))
	pieces := []string{"a", "é", " ", `"`, "'", `\`, "{", "\n", "}}"}
	taken := 0
	for range 3000 {
		from := r.IntN(len(text) + 1)
		to := min(len(text), from+r.IntN(3))
		next := text[:from] + pieces[r.IntN(len(pieces))] + text[to:]
		got, ok := d.Replace(from, to, next)
		if !ok {
			if d, err = ParseDocument(next); err != nil {
				d, _ = ParseDocument(text) // the editor would show the problem; go on from the last good text
				continue
			}
			text = next
			continue
		}
		want, err := ParseDocument(next)
		if err != nil {
			t.Fatalf("Replace took %q, which does not parse: %v", next, err)
		}
		settled := *got.places
		settled.settle()
		if !got.Value.Equal(want.Value) || got.Text() != next || !reflect.DeepEqual(settled.values, want.places.values) {
			t.Fatalf("Replace(%d, %d) of %q: value %s, want %s", from, to, text, got.Value.JSON(), want.Value.JSON())
		}
		d, text, taken = got, next, taken+1
	}
	if taken < 10 {
		t.Errorf("only %d edits taken in place", taken)
	}
	if _, ok := d.Replace(5, 2, text); ok {
		t.Error("a range that ends before it starts was taken")
	}
	if _, ok := d.Replace(0, len(text)+1, text); ok {
		t.Error("a range past the text was taken")
	}
}

// TestDocumentTypingKeepsOneShift types on and deletes back in one string,
// key by key: the places move as parsing places them, by one shift.
func TestDocumentTypingKeepsOneShift(t *testing.T) {
	text := "a: {b: \"x {{input.a}} y\", c: [1, 'two']}\nd: \"more é\"\ne: [\"{{input.e}}\", 'f']\n"
	d, err := ParseDocument(text)
	if err != nil {
		t.Fatal(err)
	}
	at := strings.Index(text, " y\"")
	keys := append(slices.Repeat([]string{"z", "é"}, 40), slices.Repeat([]string{""}, 60)...)
	for i, key := range keys {
		from, to := at, at
		if key == "" { // a backspace
			_, size := utf8.DecodeLastRuneInString(text[:at])
			from = at - size
		}
		next := text[:from] + key + text[to:]
		got, ok := d.Replace(from, to, next)
		if !ok {
			t.Fatalf("key %d (%q at %d) not taken in place", i, key, from)
		}
		want, err := ParseDocument(next)
		if err != nil {
			t.Fatal(err)
		}
		settled := *got.places
		settled.settle()
		if !reflect.DeepEqual(settled.values, want.places.values) || !reflect.DeepEqual(settled.keys, want.places.keys) {
			t.Fatalf("key %d (%q at %d): the places moved unlike parsing's", i, key, from)
		}
		if n := len(got.places.shifts); n != 1 {
			t.Fatalf("key %d: %d shifts, want 1", i, n)
		}
		d, text, at = got, next, from+len(key)
	}
}

// TestDocumentEditOfAnAliasedText: a string a YAML alias repeats changes
// in every copy, so a document with aliases is parsed again.
func TestDocumentEditOfAnAliasedText(t *testing.T) {
	text := "a: &x \"foo {{input.a}}\"\nb: *x\nc: \"plain\"\n"
	d, err := ParseDocument(text)
	if err != nil {
		t.Fatal(err)
	}
	for _, at := range []int{strings.Index(text, "foo") + 1, strings.Index(text, "plain") + 1} {
		next := text[:at] + "Z" + text[at:]
		if got, ok := d.Replace(at, at, next); ok {
			want, _ := ParseDocument(next)
			t.Errorf("an edit at %d of a document with aliases was taken in place: %s, parsing gives %s", at, got.Value.JSON(), want.Value.JSON())
		}
	}
}

// maxFuzzDocument caps a fuzzed document: the parser's bounds are tested
// apart.
const maxFuzzDocument = 4 << 10

// FuzzDocumentReplace edits arbitrary documents at arbitrary places: an
// edit taken in place must give what parsing the edited text gives.
func FuzzDocumentReplace(f *testing.F) {
	f.Add("a: {b: \"x {{input.a}} y\", c: [1, 'two']}\nd: plain\n", uint16(9), uint16(9), "z")
	f.Add("input: {team: core, n: 12}\nsteps:\n  - id: a\n    result: {n: 7, t: Docs typo}\n", uint16(21), uint16(21), "s")
	f.Add("list: [1, two, -4]\nnote: plain # {{x}}\nmore: folded\n  over lines\n", uint16(8), uint16(9), "3 x")
	f.Fuzz(func(t *testing.T, text string, from, to uint16, insert string) {
		if len(text) > maxFuzzDocument || len(insert) > 64 {
			return
		}
		d, err := ParseDocument(text)
		if err != nil {
			return
		}
		f, e := min(int(from), len(text)), min(int(to), len(text))
		if f > e {
			f, e = e, f
		}
		next := text[:f] + insert + text[e:]
		got, ok := d.Replace(f, e, next)
		if !ok {
			return
		}
		want, err := ParseDocument(next)
		if err != nil {
			t.Fatalf("Replace(%d, %d) by %q took %q, which does not parse: %v", f, e, insert, next, err)
		}
		if !likeParsed(got, want) {
			t.Fatalf("Replace(%d, %d) of %q by %q:\nvalue %s\nwant  %s", f, e, text, insert, got.Value.JSON(), want.Value.JSON())
		}
	})
}
