package template_test

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"unicode/utf8"

	"github.com/splicedev/splice/template"
)

// maxFuzzInput keeps each fuzz input small enough that a run never stalls on
// one case; the engine's linear-time behaviour is tested elsewhere.
const maxFuzzInput = 4 << 10

// vectorFiles are the conformance files whose templates seed the fuzzers.
func vectorFiles(tb testing.TB) []string {
	files, err := filepath.Glob("testdata/*.json")
	if err != nil {
		tb.Fatal(err)
	}
	shared := "../../shared/conformance/examples.json"
	if _, err := os.Stat(shared); err == nil {
		files = append(files, shared)
	}
	return files
}

// fuzzSeed is a template with the roots of the vector it comes from.
type fuzzSeed struct {
	src   string
	roots string // a JSON object: root name → value
}

// fuzzSeeds reads every template of the vector files, including the string
// leaves of shapes, with their roots.
func fuzzSeeds(tb testing.TB) []fuzzSeed {
	var seeds []fuzzSeed
	for _, file := range vectorFiles(tb) {
		data, err := os.ReadFile(file)
		if err != nil {
			tb.Fatal(err)
		}
		doc, err := template.ParseJSON(data)
		if err != nil {
			tb.Fatalf("%s: %v", file, err)
		}
		tests, _ := doc.Lookup("tests")
		for _, test := range tests.Elems() {
			roots, ok := test.Lookup("roots")
			if !ok {
				roots = template.ObjectValue(nil)
			}
			var srcs []string
			if src, ok := test.Lookup("template"); ok {
				srcs = append(srcs, src.Str())
			}
			if shape, ok := test.Lookup("shape"); ok {
				srcs = appendStrings(srcs, shape)
			}
			for _, src := range srcs {
				seeds = append(seeds, fuzzSeed{src: src, roots: roots.JSON()})
			}
		}
	}
	if len(seeds) == 0 {
		tb.Fatal("no templates to seed the fuzzers")
	}
	return seeds
}

// appendStrings appends the string leaves of v in document order.
func appendStrings(dst []string, v template.Value) []string {
	switch v.Kind() {
	case template.String:
		dst = append(dst, v.Str())
	case template.Array:
		for _, e := range v.Elems() {
			dst = appendStrings(dst, e)
		}
	case template.Object:
		for _, m := range v.Members() {
			dst = appendStrings(dst, m.Value)
		}
	}
	return dst
}

// checkCompletion asks for completions at a few carets of src: each
// answer replaces a range that ends at its caret.
func checkCompletion(t *testing.T, src string) {
	t.Helper()
	a := template.Analyze(src)
	roots := template.Roots{{Name: "E0", Value: mustJSON(`{"a": [{"b": 1}], "c": "x"}`)}}
	for _, caret := range []int{0, len(src) / 3, len(src) / 2, len(src)} {
		c := a.Complete(caret, template.Scope{Roots: []string{"input", "E0"}}, roots)
		if len(c.Items) > 0 && (c.From > c.To || c.To != caret || c.From < 0) {
			t.Fatalf("completion at %d of %q replaces [%d, %d)", caret, src, c.From, c.To)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		f.Add(s.src)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > maxFuzzInput {
			t.Skip()
		}
		checkSpans(t, src)
		checkCompletion(t, src)
		tmpl, err := template.Parse(src)
		if err != nil {
			checkErrors(t, src, err)
			return
		}
		checkRoundTrip(t, tmpl)
		checkErrors(t, src, tmpl.Check(template.Scope{Roots: []string{"input", "E0", "E1"}, Later: []string{"E9"}}))
	})
}

func FuzzRender(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		f.Add(s.src, s.roots)
	}
	f.Fuzz(func(t *testing.T, src, rootsJSON string) {
		if len(src) > maxFuzzInput || len(rootsJSON) > maxFuzzInput {
			t.Skip()
		}
		doc, err := template.ParseJSONString(rootsJSON)
		if err != nil || doc.Kind() != template.Object {
			return
		}
		var roots template.Roots
		for _, m := range doc.Members() {
			roots = append(roots, template.Root{Name: m.Key, Value: m.Value})
		}
		tmpl, err := template.Parse(src)
		if err != nil {
			checkErrors(t, src, err)
			return
		}
		checkErrors(t, src, tmpl.Check(template.Scope{Roots: roots.Names()}))
		// Render unchecked too: the renderer must cope with whatever the
		// checker would have refused (unknown roots, "." at top level).
		v, renderErr := tmpl.Render(roots)
		checkErrors(t, src, renderErr)
		if renderErr == nil {
			checkResult(t, tmpl, v)
		}
		if slices.ContainsFunc(template.Errors(renderErr), func(e *template.Error) bool { return e.Kind == template.LimitError }) {
			return // rendering it again would only do the same bounded work again
		}
		// A traced render takes none of the renderer's shortcuts (a key
		// of the element, a loop variable's gate, a separator): it must
		// render the same.
		traced, _, tracedErr := tmpl.RenderIn(roots, &template.Env{Tracing: true})
		if (renderErr == nil) != (tracedErr == nil) || renderErr == nil && !v.Equal(traced) {
			t.Fatalf("template %q renders %v, %v, and traced %v, %v", src, v, renderErr, traced, tracedErr)
		}
		for _, e := range tmpl.Trace(roots) {
			checkPos(t, src, e.Pos, e.End)
			if e.Err != nil {
				checkErrors(t, src, template.ErrorList{e.Err})
			}
		}
		// The printed template must render the same.
		again, err := template.Parse(tmpl.String())
		if err != nil {
			t.Fatalf("Parse(%q.String()) failed: %v", src, err)
		}
		w, errAgain := again.Render(roots)
		if (renderErr == nil) != (errAgain == nil) || renderErr == nil && !v.Equal(w) {
			t.Fatalf("template %q and its printed form %q render differently: %v, %v and %v, %v",
				src, tmpl.String(), v, renderErr, w, errAgain)
		}
	})
}

// checkErrors asserts that every typed error points inside src.
func checkErrors(t *testing.T, src string, err error) {
	t.Helper()
	if err == nil {
		return
	}
	list := template.Errors(err)
	if len(list) == 0 {
		t.Fatalf("%q: untyped error %v", src, err)
	}
	for i, e := range list {
		if e.Source != src {
			t.Errorf("%q: error %d (%v) has Source %q", src, i, e, e.Source)
		}
		checkPos(t, src, e.Pos, max(e.End, e.Pos.Offset))
		if i > 0 && e.Phase == list[i-1].Phase && e.Pos.Offset < list[i-1].Pos.Offset {
			t.Errorf("%q: errors out of source order: %v before %v", src, list[i-1], e)
		}
	}
}

// checkPos asserts that pos is a valid position of src and end lies after it.
func checkPos(t *testing.T, src string, pos template.Pos, end int) {
	t.Helper()
	if pos.Offset < 0 || pos.Offset > len(src) || pos.Line < 1 || pos.Column < 1 {
		t.Fatalf("%q: invalid position %+v", src, pos)
	}
	if want := template.PosOf(src, pos.Offset); pos != want {
		t.Fatalf("%q: position %+v, PosOf gives %+v", src, pos, want)
	}
	if end < pos.Offset || end > len(src) {
		t.Fatalf("%q: end %d outside [%d, %d]", src, end, pos.Offset, len(src))
	}
}

// checkRoundTrip asserts that the printed template parses to the same print.
func checkRoundTrip(t *testing.T, tmpl *template.Template) {
	t.Helper()
	printed := tmpl.String()
	again, err := template.Parse(printed)
	if err != nil {
		t.Fatalf("Parse(%q) succeeded but its String() %q does not parse: %v", tmpl.Source(), printed, err)
	}
	if again.String() != printed || again.Typed() != tmpl.Typed() {
		t.Fatalf("round trip of %q: printed %q (typed %v), reprinted %q (typed %v)",
			tmpl.Source(), printed, tmpl.Typed(), again.String(), again.Typed())
	}
}

// checkResult asserts that a rendered value is valid JSON that decodes to
// itself, and that mixed text renders a string.
func checkResult(t *testing.T, tmpl *template.Template, v template.Value) {
	t.Helper()
	if !tmpl.Typed() && v.Kind() != template.String {
		t.Fatalf("%q: mixed text rendered a %s", tmpl.Source(), v.Kind())
	}
	if !utf8.ValidString(v.Str()) {
		return // text copied from a template that is not UTF-8 has no JSON form
	}
	back, err := template.ParseJSONString(v.JSON())
	if err != nil {
		t.Fatalf("%q: result %s is not valid JSON: %v", tmpl.Source(), v.JSON(), err)
	}
	if !back.Equal(v) {
		t.Fatalf("%q: result %s decodes to %s", tmpl.Source(), v.JSON(), back.JSON())
	}
}

// checkSpans asserts that the highlighting spans lie inside src in order.
func checkSpans(t *testing.T, src string) {
	t.Helper()
	prev := 0
	for _, s := range template.Analyze(src).Spans {
		if s.Start < prev || s.End <= s.Start || s.End > len(src) {
			t.Fatalf("%q: span %+v out of order or outside the input (previous ended at %d)", src, s, prev)
		}
		prev = s.End
	}
}
