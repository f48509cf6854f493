package template_test

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/splicedev/splice/template"
)

func TestStringPrintsCanonicalSource(t *testing.T) {
	tests := []struct {
		src, want string
		typed     bool
	}{
		{"{{ E0.id }}", "{{E0.id}}", true},
		{"{{\tE0.id\r\n}}", "{{E0.id}}", true},
		{"{{E0.id}} ", "{{E0.id}} ", false},
		{"", "", false},
		{"plain text }} with braces { }", "plain text }} with braces { }", false},
		{"{{# E0.a }}x{{/ E0.a }}", "{{#E0.a}}x{{/E0.a}}", false},
		{"{{ ^E0.a}}none{{ /E0.a}}", "{{^E0.a}}none{{/E0.a}}", false},
		{"{{ # E0.a }}{{ . }}{{ @index }}{{ / E0.a }}", "{{#E0.a}}{{.}}{{@index}}{{/E0.a}}", false},
		{"{{#E0.m}}{{# . }}{{.}}{{/ . }}{{/E0.m}}", "{{#E0.m}}{{#.}}{{.}}{{/.}}{{/E0.m}}", false},
		{"{{#E0.v}}{{^@last}}, {{/@last}}{{/E0.v}}", "{{#E0.v}}{{^@last}}, {{/@last}}{{/E0.v}}", false},
		{"héllo\r\n{{ input.名前 }}\n", "héllo\r\n{{input.名前}}\n", false},
		{"{{E0.id}}}", "{{E0.id}}}", false},
	}
	for _, tt := range tests {
		tmpl, err := template.Parse(tt.src)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.src, err)
			continue
		}
		if got := tmpl.String(); got != tt.want {
			t.Errorf("Parse(%q).String() = %q, want %q", tt.src, got, tt.want)
		}
		if tmpl.Source() != tt.src {
			t.Errorf("Parse(%q).Source() = %q", tt.src, tmpl.Source())
		}
		if tmpl.Typed() != tt.typed {
			t.Errorf("Parse(%q).Typed() = %v, want %v", tt.src, tmpl.Typed(), tt.typed)
		}
		again, err := template.Parse(tmpl.String())
		if err != nil {
			t.Errorf("Parse(%q) of the printed form: %v", tmpl.String(), err)
			continue
		}
		if again.String() != tt.want || again.Typed() != tt.typed {
			t.Errorf("printed form %q reprints as %q (typed %v)", tt.want, again.String(), again.Typed())
		}
	}
}

// renderError renders src unchecked against roots and returns its first error.
func renderError(t *testing.T, src string, roots template.Roots) *template.Error {
	t.Helper()
	tmpl, err := template.Parse(src)
	if err != nil {
		t.Fatalf("Parse(%q): %v", src, err)
	}
	v, err := tmpl.Render(roots)
	list := template.Errors(err)
	if len(list) == 0 {
		t.Fatalf("Render(%q) = %v, %v; want a typed error", src, v, err)
	}
	return list[0]
}

// keys returns "k0".."k<n-1>" and an object holding them.
func keys(n int) ([]string, template.Value) {
	names := make([]string, n)
	members := make([]template.Member, n)
	for i := range names {
		names[i] = fmt.Sprintf("k%d", i)
		members[i] = template.Member{Key: names[i], Value: template.IntValue(i)}
	}
	return names, template.ObjectValue(members)
}

func indexes(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprint(i)
	}
	return out
}

func TestRenderErrorFields(t *testing.T) {
	names25, object25 := keys(25)
	array25 := make([]template.Value, 25)
	for i := range array25 {
		array25[i] = template.IntValue(i)
	}
	tests := []struct {
		name  string
		src   string
		root  template.Value // E0
		want  template.Error // Pos.Offset and End are checked; Line/Column come from PosOf
		exact bool           // Available must match exactly (nil = empty)
	}{
		{
			name: "missing key with a suggestion",
			src:  "{{E0.values.0.idd}}",
			root: mustJSON(`{"values": [{"id": 1, "title": "t"}]}`),
			want: template.Error{Kind: template.BadPath, Path: "E0.values.0.idd", Segment: "idd", Prefix: "E0.values.0",
				Found: "object", Available: []string{"id", "title"}, Suggestion: "id", End: 19},
			exact: true,
		},
		{
			name: "missing key inside text after multi-byte runes",
			src:  "é {{E0.user.nmae}} !",
			root: mustJSON(`{"user": {"name": "Ada", "login": "ada"}}`),
			want: template.Error{Kind: template.BadPath, Path: "E0.user.nmae", Segment: "nmae", Prefix: "E0.user",
				Found: "object", Available: []string{"name", "login"}, Suggestion: "name", Pos: template.Pos{Offset: 3}, End: 19},
			exact: true,
		},
		{
			name: "missing key far from every key has no suggestion",
			src:  "{{E0.zzzzzz}}",
			root: mustJSON(`{"id": 1, "title": "t"}`),
			want: template.Error{Kind: template.BadPath, Path: "E0.zzzzzz", Segment: "zzzzzz", Prefix: "E0",
				Found: "object", Available: []string{"id", "title"}, End: 13},
			exact: true,
		},
		{
			name: "object keys capped at MaxAvailable",
			src:  "{{E0.nope}}",
			root: object25,
			want: template.Error{Kind: template.BadPath, Segment: "nope", Prefix: "E0", Found: "object",
				Available: names25[:template.MaxAvailable], More: 25 - template.MaxAvailable, End: 11},
			exact: true,
		},
		{
			name: "array indexes and length capped at MaxAvailable",
			src:  "{{E0.x}}",
			root: template.ArrayValue(array25),
			want: template.Error{Kind: template.BadPath, Segment: "x", Prefix: "E0", Found: "array",
				Available: indexes(template.MaxAvailable), More: 26 - template.MaxAvailable, End: 8},
			exact: true,
		},
		{
			name: "array offers indexes then length",
			src:  "{{E0.a.first}}",
			root: mustJSON(`{"a": [1, 2]}`),
			want: template.Error{Kind: template.BadPath, Segment: "first", Prefix: "E0.a", Found: "array",
				Available: []string{"0", "1", "length"}, End: 14},
			exact: true,
		},
		{
			name:  "key on a string",
			src:   "{{E0.s.x}}",
			root:  mustJSON(`{"s": "text"}`),
			want:  template.Error{Kind: template.BadPath, Segment: "x", Prefix: "E0.s", Found: "string", End: 10},
			exact: true,
		},
		{
			name:  "key on a number",
			src:   "{{E0.n.length}}",
			root:  mustJSON(`{"n": 3}`),
			want:  template.Error{Kind: template.BadPath, Segment: "length", Prefix: "E0.n", Found: "number", End: 15},
			exact: true,
		},
		{
			name:  "key on a boolean",
			src:   "{{E0.b.x}}",
			root:  mustJSON(`{"b": false}`),
			want:  template.Error{Kind: template.BadPath, Segment: "x", Prefix: "E0.b", Found: "boolean", End: 10},
			exact: true,
		},
		{
			name: "index out of range",
			src:  "ab\n{{E0.a.3}}",
			root: mustJSON(`{"a": [1, 2]}`),
			want: template.Error{Kind: template.EmptyData, Path: "E0.a.3", Segment: "3", Prefix: "E0.a", Found: "array",
				Pos: template.Pos{Offset: 3}, End: 13},
		},
		{
			name: "walking into null",
			src:  "{{E0.user.name}}",
			root: mustJSON(`{"user": null}`),
			want: template.Error{Kind: template.EmptyData, Segment: "name", Prefix: "E0.user", Found: "null", End: 16},
		},
		{
			name: "walking into a null root",
			src:  "{{E0.id}}",
			root: template.Value{},
			want: template.Error{Kind: template.EmptyData, Segment: "id", Prefix: "E0", Found: "null", End: 9},
		},
		{
			name: "unchecked unknown root fails at render",
			src:  "{{inpt.x}}",
			root: mustJSON(`{}`),
			want: template.Error{Kind: template.MissingStep, Path: "inpt.x", Available: []string{"input", "E0"},
				Suggestion: "input", End: 10},
			exact: true,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			roots := template.Roots{{Name: "input", Value: mustJSON(`{}`)}, {Name: "E0", Value: tt.root}}
			e := renderError(t, tt.src, roots)
			want := tt.want
			want.Phase = template.PhaseRender
			want.Pos = template.PosOf(tt.src, want.Pos.Offset)
			if want.Path == "" {
				want.Path = strings.Trim(tt.src[want.Pos.Offset:want.End], "{}")
			}
			if e.Kind != want.Kind || e.Phase != want.Phase || e.Pos != want.Pos || e.End != want.End ||
				e.Path != want.Path || e.Source != tt.src || e.Msg == "" {
				t.Errorf("got %s %s at %+v-%d path %q source %q msg %q\nwant %s %s at %+v-%d path %q",
					e.Kind, e.Phase, e.Pos, e.End, e.Path, e.Source, e.Msg, want.Kind, want.Phase, want.Pos, want.End, want.Path)
			}
			if want.Kind != template.MissingStep && (e.Segment != want.Segment || e.Prefix != want.Prefix || e.Found != want.Found) {
				t.Errorf("segment %q prefix %q found %q, want %q %q %q", e.Segment, e.Prefix, e.Found, want.Segment, want.Prefix, want.Found)
			}
			if tt.exact && (!slices.Equal(e.Available, want.Available) || e.More != want.More) {
				t.Errorf("available %q more %d, want %q more %d", e.Available, e.More, want.Available, want.More)
			}
			if e.Suggestion != want.Suggestion {
				t.Errorf("suggestion %q, want %q", e.Suggestion, want.Suggestion)
			}
		})
	}
}

func TestAvailableText(t *testing.T) {
	e := &template.Error{Available: []string{"a", "b"}}
	if got := e.AvailableText(); !strings.Contains(got, "a") || !strings.Contains(got, "b") || strings.Contains(got, "more") {
		t.Errorf("AvailableText() = %q", got)
	}
	e.More = 7
	if got := e.AvailableText(); !strings.Contains(got, "7 more") {
		t.Errorf("AvailableText() with More = 7 is %q, want it to say \"7 more\"", got)
	}
}

func TestFormatPointsAtTheTag(t *testing.T) {
	tests := []struct {
		src   string
		roots string
	}{
		{"Hello {{E0.user.nmae}}!", `{"E0": {"user": {"name": "Ada"}}}`},
		{"line one\r\n\tgot 😀 {{E0.x}} here", `{"E0": {"y": 1}}`},
		{"a\n{{#E0.list}}\n  {{E0.list.9}}\n{{/E0.list}}", `{"E0": {"list": [1]}}`},
	}
	for _, tt := range tests {
		doc := mustJSON(tt.roots)
		var roots template.Roots
		for _, m := range doc.Members() {
			roots = append(roots, template.Root{Name: m.Key, Value: m.Value})
		}
		e := renderError(t, tt.src, roots)
		out := template.Format(e)
		lines := strings.Split(out, "\n")
		srcLine := strings.Split(tt.src, "\n")[e.Pos.Line-1]
		srcLine = strings.TrimSuffix(srcLine, "\r")
		tag := tt.src[e.Pos.Offset:e.End]
		// Tabs may print as spaces; either way each is one column.
		shown := strings.ReplaceAll(srcLine, "\t", " ")
		found := false
		for i := 0; i+1 < len(lines) && !found; i++ {
			line := strings.ReplaceAll(lines[i], "\t", " ")
			if !strings.HasSuffix(line, shown) {
				continue
			}
			found = true
			// The caret line has the same gutter; carets start under "{{".
			want := utf8.RuneCountInString(line) - utf8.RuneCountInString(shown) + e.Pos.Column - 1
			if first := slices.Index([]rune(lines[i+1]), '^'); first != want {
				t.Errorf("Format(%q):\n%s\nfirst caret at column %d, want %d", tt.src, out, first, want)
			}
			if n := strings.Count(lines[i+1], "^"); n != utf8.RuneCountInString(tag) {
				t.Errorf("Format(%q):\n%s\n%d carets, want one per rune of %q", tt.src, out, n, tag)
			}
		}
		if !found {
			t.Errorf("Format(%q) does not show the source line %q:\n%s", tt.src, srcLine, out)
		}
		for _, want := range append([]string{e.Kind.String(), e.Msg, e.Suggestion}, e.Available...) {
			if !strings.Contains(out, want) {
				t.Errorf("Format(%q) lacks %q:\n%s", tt.src, want, out)
			}
		}
	}
}

func TestFormatPlainErrors(t *testing.T) {
	if got := template.Format(nil); got != "" {
		t.Errorf("Format(nil) = %q", got)
	}
	if got := template.Format(errors.New("disk full")); !strings.Contains(got, "disk full") {
		t.Errorf("Format(plain error) = %q", got)
	}
}

func TestErrorsUnwraps(t *testing.T) {
	_, err := template.Parse("{{!a}} {{>b}}")
	list := template.Errors(err)
	if len(list) != 2 || list[0].Pos.Offset != 0 || list[1].Pos.Offset != 7 {
		t.Fatalf("Errors(Parse error) = %v, want two errors in source order", list)
	}
	if got := template.Errors(fmt.Errorf("step E1: %w", err)); len(got) != 2 {
		t.Errorf("Errors(wrapped list) = %v", got)
	}
	if got := template.Errors(fmt.Errorf("leaf: %w", list[1])); len(got) != 1 || got[0] != list[1] {
		t.Errorf("Errors(wrapped *Error) = %v", got)
	}
	if got := template.Errors(errors.New("other")); got != nil {
		t.Errorf("Errors(untyped) = %v, want nil", got)
	}
	if got := template.Errors(nil); got != nil {
		t.Errorf("Errors(nil) = %v, want nil", got)
	}
}

func TestErrorKindNames(t *testing.T) {
	kinds := []template.ErrorKind{template.ParseError, template.ScopeError, template.ToolError, template.InputError,
		template.MissingStep, template.BadPath, template.EmptyData}
	names := []string{"ParseError", "ScopeError", "ToolError", "InputError", "MissingStep", "BadPath", "EmptyData"}
	for i, k := range kinds {
		if k.String() != names[i] {
			t.Errorf("kind %d prints %q, want %q", k, k.String(), names[i])
		}
		if got, ok := template.ParseErrorKind(names[i]); !ok || got != k {
			t.Errorf("ParseErrorKind(%q) = %v, %v", names[i], got, ok)
		}
	}
	for _, bad := range []string{"", "badpath", "Error"} {
		if _, ok := template.ParseErrorKind(bad); ok {
			t.Errorf("ParseErrorKind(%q) accepted", bad)
		}
	}
	if template.PhaseLoad.String() != "load" || template.PhaseRender.String() != "render" {
		t.Errorf("phases print %q and %q", template.PhaseLoad, template.PhaseRender)
	}
}

func TestTrace(t *testing.T) {
	src := "{{#E0.v}}{{name}}{{/E0.v}} {{E0.x}} {{#E0.none}}{{never}}{{/E0.none}} {{E0.n}}"
	tmpl, err := template.Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	roots := template.Roots{{Name: "E0", Value: mustJSON(`{"v": [{"name": "a"}, {"name": "b"}], "none": [], "n": 1.50}`)}}
	entries := tmpl.Trace(roots)
	for i := 1; i < len(entries); i++ {
		if entries[i].Pos.Offset <= entries[i-1].Pos.Offset {
			t.Fatalf("entries not in source order: %+v", entries)
		}
	}
	byPath := map[string]template.TraceEntry{}
	for _, e := range entries {
		if e.Pos != template.PosOf(src, e.Pos.Offset) || e.End <= e.Pos.Offset || e.End > len(src) {
			t.Errorf("entry %q has position %+v end %d", e.Path, e.Pos, e.End)
		}
		byPath[e.Path] = e
	}
	tests := []struct {
		path   string
		offset int
		count  int
		value  string // JSON of the first value; "" checks none
		err    template.ErrorKind
	}{
		{"name", 9, 2, `"a"`, 0},
		{"E0.x", 27, 1, "", template.BadPath},
		{"never", 48, 0, "", 0},
		{"E0.n", 70, 1, "1.50", 0},
	}
	for _, tt := range tests {
		e, ok := byPath[tt.path]
		switch {
		case !ok:
			t.Errorf("no trace entry for %q in %+v", tt.path, entries)
		case e.Pos.Offset != tt.offset || e.Count != tt.count:
			t.Errorf("%q: offset %d count %d, want %d and %d", tt.path, e.Pos.Offset, e.Count, tt.offset, tt.count)
		case tt.err != 0 && (e.Err == nil || e.Err.Kind != tt.err):
			t.Errorf("%q: error %v, want %s", tt.path, e.Err, tt.err)
		case tt.err == 0 && tt.value != "" && (e.Err != nil || e.Value.JSON() != tt.value):
			t.Errorf("%q: value %s error %v, want %s", tt.path, e.Value.JSON(), e.Err, tt.value)
		}
	}

	typed, err := template.Parse("{{ E0.n }}")
	if err != nil {
		t.Fatal(err)
	}
	if got := typed.Trace(roots); len(got) != 1 || got[0].Count != 1 || got[0].Value.JSON() != "1.50" || got[0].End != 10 {
		t.Errorf("Trace of a typed splice = %+v", got)
	}
}

func TestParseJSONSyntaxErrors(t *testing.T) {
	tests := []struct {
		doc          string
		line, column int
	}{
		{``, 1, 1},
		{`   `, 1, 4},
		{`{"a": }`, 1, 7},
		{`{"a": 1 "b": 2}`, 1, 9},
		{`{"a" 1}`, 1, 6},
		{`{1: 2}`, 1, 2},
		{`[1,,2]`, 1, 4},
		{`[1, 2`, 1, 6},
		{`[1] x`, 1, 5},
		{`{"a": 01}`, 1, 8},
		{"{\n  \"a\": 1,\n}", 3, 1},
		{"[\r\n\r\n  1 2]", 3, 5},
		{`{"é日": x}`, 1, 8},
		{"{\"a\": \"x\x01\"}", 1, 9},
		{`"\q"`, 1, 2},
		{`[+1]`, 1, 2},
		{`[.5]`, 1, 2},
		{`[1.]`, 1, 2},
		{`[NaN]`, 1, 2},
	}
	for _, tt := range tests {
		_, err := template.ParseJSONString(tt.doc)
		var se *template.SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("ParseJSONString(%q) error %v, want a *SyntaxError", tt.doc, err)
			continue
		}
		if se.Pos.Line != tt.line || se.Pos.Column != tt.column || se.Msg == "" {
			t.Errorf("ParseJSONString(%q): %d:%d %q, want %d:%d", tt.doc, se.Pos.Line, se.Pos.Column, se.Msg, tt.line, tt.column)
		}
		if se.Pos != template.PosOf(tt.doc, se.Pos.Offset) {
			t.Errorf("ParseJSONString(%q): position %+v disagrees with PosOf", tt.doc, se.Pos)
		}
		if _, err := template.ParseJSON([]byte(tt.doc)); err == nil || err.Error() != se.Error() {
			t.Errorf("ParseJSON(%q) = %v, ParseJSONString gave %v", tt.doc, err, se)
		}
	}
}

func TestParseJSONDepthLimit(t *testing.T) {
	nest := func(open, close string, n int) string {
		return strings.Repeat(open, n) + "1" + strings.Repeat(close, n)
	}
	tests := []struct {
		doc string
		ok  bool
	}{
		{nest("[", "]", template.MaxJSONDepth), true},
		{nest("[", "]", template.MaxJSONDepth+1), false},
		{nest(`{"a":`, "}", template.MaxJSONDepth), true},
		{nest(`{"a":`, "}", template.MaxJSONDepth+1), false},
		{nest(`[{"a":`, "}]", template.MaxJSONDepth/2), true},
		{strings.Repeat("[", 1_000_000), false},
	}
	for _, tt := range tests {
		_, err := template.ParseJSONString(tt.doc)
		if (err == nil) != tt.ok {
			t.Errorf("ParseJSONString(%d bytes of nesting) error %v, want ok=%v", len(tt.doc), err, tt.ok)
		}
		var se *template.SyntaxError
		if err != nil && (!errors.As(err, &se) || !strings.Contains(se.Msg, fmt.Sprint(template.MaxJSONDepth))) {
			t.Errorf("depth error %v does not name the limit %d", err, template.MaxJSONDepth)
		}
	}
}

func TestCompactJSON(t *testing.T) {
	tests := []struct {
		v    template.Value
		want string
	}{
		{template.StringValue("<b>&</b>"), `"<b>&</b>"`},
		{template.StringValue("a\u2028b\u2029c"), "\"a\u2028b\u2029c\""},
		{template.StringValue("\b\f\n\r\t"), `"\b\f\n\r\t"`},
		{template.StringValue("\x00\x01\x1b\x1f"), `"\u0000\u0001\u001b\u001f"`},
		{template.StringValue("\x7f/é😀"), "\"\x7f/é😀\""},
		{template.StringValue(`say "hi" \ bye`), `"say \"hi\" \\ bye"`},
		{template.StringValue(""), `""`},
		{template.Value{}, `null`},
		{template.BoolValue(true), `true`},
		{template.NumberValue("1.50"), `1.50`},
		{template.NumberValue("-0.0e+00"), `-0.0e+00`},
		{template.IntValue(-42), `-42`},
		{template.ArrayValue(nil), `[]`},
		{template.ObjectValue(nil), `{}`},
		{template.ObjectValue([]template.Member{{Key: "z<", Value: template.IntValue(1)}, {Key: "a\n", Value: template.ArrayValue([]template.Value{template.Value{}, template.StringValue("&")})}}),
			`{"z<":1,"a\n":[null,"&"]}`},
	}
	for _, tt := range tests {
		if got := tt.v.JSON(); got != tt.want {
			t.Errorf("JSON() = %s, want %s", got, tt.want)
		}
		if got := string(tt.v.AppendJSON([]byte("x"))); got != "x"+tt.want {
			t.Errorf("AppendJSON keeps the prefix: %q", got)
		}
		if got := tt.v.String(); got != tt.want {
			t.Errorf("String() = %s, want %s", got, tt.want)
		}
		back, err := template.ParseJSONString(tt.want)
		if err != nil || !back.Equal(tt.v) {
			t.Errorf("%s decodes to %v, %v", tt.want, back, err)
		}
		if tt.v.Kind() == template.String {
			if got := string(template.AppendQuoted(nil, tt.v.Str())); got != tt.want {
				t.Errorf("AppendQuoted(%q) = %s, want %s", tt.v.Str(), got, tt.want)
			}
		}
	}
}

// TestQuotedAtEveryOffset puts each byte a JSON string escapes (and an
// invalid one, and a rune) at each offset of a longer text: the plain runs
// around it are crossed eight bytes at a time.
func TestQuotedAtEveryOffset(t *testing.T) {
	escapes := []struct{ in, out string }{
		{`"`, `\"`}, {`\`, `\\`}, {"\n", `\n`}, {"\x00", `\u0000`}, {"\x1f", `\u001f`},
		{"\xff", `\ufffd`}, {"\xe2\x82", `\ufffd\ufffd`}, {"é", "é"}, {"😀", "😀"}, {"\x7f", "\x7f"},
	}
	for _, e := range escapes {
		for at := 0; at <= 20; at++ {
			in := strings.Repeat("a", at) + e.in + strings.Repeat("b", 20-at)
			want := `"` + strings.Repeat("a", at) + e.out + strings.Repeat("b", 20-at) + `"`
			if got := string(template.AppendQuoted([]byte("x"), in)); got != "x"+want {
				t.Errorf("AppendQuoted(%q) = %s, want %s", in, got[1:], want)
			}
		}
	}
}

func TestTextOfValues(t *testing.T) {
	tests := []struct {
		doc, want string
	}{
		{`"a\nb<&>"`, "a\nb<&>"},
		{`1.50`, "1.50"},
		{`12345678901234567890`, "12345678901234567890"},
		{`true`, "true"},
		{`null`, "null"},
		{`[1, "x\n", {"b": 1, "a": "\u2028"}]`, "[1,\"x\\n\",{\"b\":1,\"a\":\"\u2028\"}]"},
	}
	for _, tt := range tests {
		v := mustJSON(tt.doc)
		if got := v.Text(); got != tt.want {
			t.Errorf("Text(%s) = %q, want %q", tt.doc, got, tt.want)
		}
	}
}

func TestNumberLiteralsAreKept(t *testing.T) {
	literals := []string{"0", "-0", "1.50", "1E+2", "1e-7", "-0.0e+00", "12345678901234567890",
		"123456789012345678901234567890.000000000000000000001", "1e400", "4.9e-325"}
	for _, lit := range literals {
		if !template.ValidNumber(lit) {
			t.Errorf("ValidNumber(%q) = false", lit)
		}
		v := mustJSON(`{"n": ` + lit + `}`)
		n, _ := v.Lookup("n")
		if n.Kind() != template.Number || n.Str() != lit || n.JSON() != lit {
			t.Errorf("%s decodes to %s %q", lit, n.Kind(), n.Str())
		}
		if !n.Equal(template.NumberValue(lit)) {
			t.Errorf("%s is not Equal to NumberValue(%q)", lit, lit)
		}
	}
	if mustJSON("1.5").Equal(mustJSON("1.50")) {
		t.Error("1.5 Equal 1.50: numbers compare by their literal text")
	}
	for _, bad := range []string{"", "+1", ".5", "1.", "01", "-", "1e", "1e+", "0x1F", "1_000", "NaN", "Infinity", " 1", "1 "} {
		if template.ValidNumber(bad) {
			t.Errorf("ValidNumber(%q) = true", bad)
		}
	}
}

func TestTruthiness(t *testing.T) {
	tests := []struct {
		doc    string
		truthy bool
	}{
		{`null`, false}, {`false`, false}, {`0`, false}, {`0.0`, false}, {`-0`, false}, {`0e3`, false},
		{`-0.000E-7`, false}, {`""`, false}, {`[]`, false}, {`{}`, false},
		{`true`, true}, {`1`, true}, {`-1`, true}, {`0.001`, true}, {`1e-400`, true}, {`10`, true},
		{`"0"`, true}, {`"false"`, true}, {`" "`, true}, {`[0]`, true}, {`{"a": null}`, true},
	}
	for _, tt := range tests {
		if got := mustJSON(tt.doc).Truthy(); got != tt.truthy {
			t.Errorf("Truthy(%s) = %v, want %v", tt.doc, got, tt.truthy)
		}
	}
}

func TestValueAccessors(t *testing.T) {
	v := mustJSON(`{"b": [10, "x"], "a": true, "b2": null}`)
	if got := v.Keys(); !slices.Equal(got, []string{"b", "a", "b2"}) {
		t.Errorf("Keys() = %q", got)
	}
	if v.Kind() != template.Object || v.Len() != 3 || len(v.Members()) != 3 {
		t.Errorf("object kind %s len %d", v.Kind(), v.Len())
	}
	arr, ok := v.Lookup("b")
	if !ok || arr.Len() != 2 {
		t.Fatalf("Lookup(b) = %v, %v", arr, ok)
	}
	if e, ok := arr.Index(1); !ok || e.Str() != "x" {
		t.Errorf("Index(1) = %v, %v", e, ok)
	}
	for _, i := range []int{-1, 2} {
		if _, ok := arr.Index(i); ok {
			t.Errorf("Index(%d) on 2 elements succeeded", i)
		}
	}
	if _, ok := v.Lookup("c"); ok {
		t.Error("Lookup of an absent key succeeded")
	}
	if n, ok := v.Lookup("b2"); !ok || !n.IsNull() {
		t.Errorf("Lookup(b2) = %v, %v; want a present null", n, ok)
	}
	if a, _ := v.Lookup("a"); !a.Bool() || a.Str() != "true" {
		t.Errorf("true: Bool %v Str %q", a.Bool(), a.Str())
	}
	kinds := map[template.Kind]string{template.Null: "null", template.Bool: "boolean", template.Number: "number",
		template.String: "string", template.Array: "array", template.Object: "object"}
	for k, name := range kinds {
		if k.String() != name {
			t.Errorf("Kind %d prints %q, want %q", k, k.String(), name)
		}
	}
}

func TestValidateStepID(t *testing.T) {
	tests := []struct {
		id string
		ok bool
	}{
		{"E0", true}, {"fetch_project", true}, {"fetch-issues", true}, {"42", true}, {"A_b-9", true},
		{"", false}, {"input", false}, {"item", false}, {"index", false}, {"accumulator", false}, {"length", false},
		{"E 0", false}, {"E0.x", false}, {"café", false}, {"a/b", false},
	}
	for _, tt := range tests {
		why := template.ValidateStepID(tt.id)
		if (why == "") != tt.ok {
			t.Errorf("ValidateStepID(%q) = %q, want ok=%v", tt.id, why, tt.ok)
		}
	}
}

// The load passes run in order (DIALECT §6): a template that does not
// parse is never checked; one that parses reports its roots and scope
// errors in source order.
func TestLoadRunsPassesInOrder(t *testing.T) {
	scope := template.Scope{Roots: []string{"input", "E0"}}
	tests := []struct {
		src  string
		want template.ErrorKind
	}{
		{"{{.}} {{!x}}", template.ParseError},
		{"{{E7}} {{.}}", template.MissingStep},
		{"{{.}} {{E7}}", template.ScopeError},
	}
	for _, tt := range tests {
		tmpl, err := template.Parse(tt.src)
		list := template.Errors(err)
		if err == nil {
			list = template.Errors(template.Check(tmpl, scope).Err)
		}
		if len(list) == 0 || list[0].Kind != tt.want || list[0].Phase != template.PhaseLoad {
			t.Errorf("loading %q gave %v, want %s first", tt.src, list, tt.want)
		}
		for _, e := range list {
			if e.Kind != tt.want && tt.want == template.ParseError {
				t.Errorf("loading %q ran the scope pass after a failing syntax pass: %v", tt.src, e)
			}
		}
	}
	if tmpl, err := template.Parse("{{E0.a}}"); err != nil || !template.Check(tmpl, scope).Loaded || !tmpl.Typed() {
		t.Errorf("loading a valid template = %v, %v", tmpl, err)
	}
}

func TestLargeInputs(t *testing.T) {
	// Hostile sizes parse into bounded error lists whose every reported
	// error is positioned; BenchmarkHostile shows the time stays linear.
	const n = 50_000
	e0 := template.Roots{{Name: "E0", Value: mustJSON(`{"a": 1}`)}}
	tests := []struct {
		src    string
		errors int    // how many errors the first failing phase has in all
		output string // the render's output when there are none
	}{
		{strings.Repeat("{{", n), n, ""},      // every tag unclosed
		{strings.Repeat("{{#E0}}", n), n, ""}, // nested too deep, then unclosed
		{strings.Repeat("{{/E0}}", n), n, ""}, // no open section
		{strings.Repeat("}}", n), 0, strings.Repeat("}}", n)},
		{strings.Repeat("{{E0.a}}", n), 0, strings.Repeat("1", n)},
		{"{{" + strings.Repeat("a.", n) + "a}}", 1, ""}, // renders: a is no root
		{strings.Repeat("{{#E0}}", 10_000) + strings.Repeat("{{/E0}}", 10_000), 2 * (10_000 - template.MaxSectionDepth), ""}, // each open too deep, then each close left over
	}
	for _, tt := range tests {
		a := template.Analyze(tt.src)
		checkSpans(t, tt.src)
		var err error
		if tmpl, perr := a.Template(); perr != nil {
			err = perr
		} else {
			var v template.Value
			v, err = tmpl.Render(e0)
			if tt.errors == 0 && (err != nil || v.Str() != tt.output) {
				t.Errorf("%.20q…: rendered %.20q…, %v", tt.src, v.Str(), err)
			}
		}
		checkErrorPositions(t, tt.src, err)
		list := template.Errors(err)
		switch want := min(tt.errors, template.MaxErrors); {
		case tt.errors > template.MaxErrors:
			more := list[len(list)-1]
			if len(list) != want+1 || !strings.Contains(more.Msg, "and "+strconv.Itoa(tt.errors-want)+" more errors") {
				t.Errorf("%.20q…: %d errors ending with %v, want %d and a count of %d more", tt.src, len(list), more, want, tt.errors-want)
			}
		case len(list) != want:
			t.Errorf("%.20q…: %d errors, want %d: %v", tt.src, len(list), want, err)
		}
	}
}

// checkErrorPositions asserts that the first and last errors of err lie
// inside src (PosOf is linear, so checking them all would be quadratic).
func checkErrorPositions(t *testing.T, src string, err error) {
	t.Helper()
	list := template.Errors(err)
	if len(list) > 2 {
		list = template.ErrorList{list[0], list[len(list)-1]}
	}
	for _, e := range list {
		if e.Pos.Offset < 0 || e.Pos.Offset > len(src) || e.Pos != template.PosOf(src, e.Pos.Offset) {
			t.Fatalf("error %v of a %d-byte input has position %+v", e, len(src), e.Pos)
		}
	}
}

func TestReads(t *testing.T) {
	tests := []struct {
		src  string
		root string
		want bool
	}{
		{"{{E0.a}}", "E0", true},
		{"{{E0.a}}", "E1", false},
		{"{{input}}", "input", true},
		{"{{#E0.v}}{{E1}}{{/E0.v}}", "E1", true}, // a bare key may fall back to the root
		{"{{#E0.v}}{{E1.x}}{{/E0.v}}", "E1", true},
		{"{{^E2}}x{{/E2}}", "E2", true},
		{"{{#E0.v}}{{.}}{{@index}}{{/E0.v}}", "E1", false},
		{"text", "E0", false},
	}
	for _, tt := range tests {
		tmpl, err := template.Parse(tt.src)
		if err != nil {
			t.Fatal(err)
		}
		if got := tmpl.Reads(tt.root); got != tt.want {
			t.Errorf("Parse(%q).Reads(%q) = %v, want %v", tt.src, tt.root, got, tt.want)
		}
	}
}

func TestReferences(t *testing.T) {
	tests := []struct {
		src, root string
		want      []string // the text at each reference
		at        []int
	}{
		{"{{E0.a}} {{E0}} {{E01.a}} {{x.E0}}", "E0", []string{"E0", "E0"}, []int{2, 11}},
		// A close tag names its section's root; a bare key inside a
		// section is the element's, not a root.
		{"{{#E0.items}}{{E0}}{{.}}{{/E0.items}}", "E0", []string{"E0", "E0"}, []int{3, 27}},
		{"{{#items}}{{items}}{{/items}}", "items", []string{"items", "items"}, []int{3, 22}},
		{"{{^E0}}none{{/E0}} {{#E0.x}}{{/E0.y}}", "E0", []string{"E0", "E0", "E0"}, []int{3, 14, 22}},
		{"{{E0.a}", "E0", nil, nil},
		{"{{@index}} {{E0.a}}", "", nil, nil},
	}
	for _, tt := range tests {
		refs := template.References(template.Analyze(tt.src).Spans, tt.root)
		var got []string
		var at []int
		for _, r := range refs {
			got = append(got, tt.src[r[0]:r[1]])
			at = append(at, r[0])
		}
		if !slices.Equal(got, tt.want) || !slices.Equal(at, tt.at) {
			t.Errorf("References(%q, %q) = %q at %v, want %q at %v", tt.src, tt.root, got, at, tt.want, tt.at)
		}
	}
}
