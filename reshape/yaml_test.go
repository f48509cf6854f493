//go:build !splice_lite

package reshape

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/splicedev/splice/template"
	"go.yaml.in/yaml/v3"
)

// TestParseYAML covers every YAML rule of DIALECT §1: values come out as the
// JSON below (compared by text, so numbers by their literal and key order).
func TestParseYAML(t *testing.T) {
	tests := []struct {
		name, yaml, json string
	}{
		{"yes, on, no, off and y are strings", "a: yes\nb: on\nc: no\nd: off\ne: y\nf: Yes\n", `{"a":"yes","b":"on","c":"no","d":"off","e":"y","f":"Yes"}`},
		{"booleans in their three spellings", "a: true\nb: True\nc: TRUE\nd: false\ne: False\nf: FALSE\ng: tRUE\n", `{"a":true,"b":true,"c":true,"d":false,"e":false,"f":false,"g":"tRUE"}`},
		{"null spellings and the empty value", "a: ~\nb: null\nc:\nd: Null\ne: NULL\nf: nULL\n", `{"a":null,"b":null,"c":null,"d":null,"e":null,"f":"nULL"}`},
		{"JSON number text is kept verbatim", "a: 1.50\nb: 12345678901234567890\nc: -0\nd: 1e3\ne: 1E+05\nf: 0.0\n", `{"a":1.50,"b":12345678901234567890,"c":-0,"d":1e3,"e":1E+05,"f":0.0}`},
		{"hex and octal become decimal", "a: 0x1F\nb: 0o17\nc: 0xFFFFFFFFFFFFFFFFFFFF\nd: 0x0\n", `{"a":31,"b":15,"c":1208925819614629174706175,"d":0}`},
		{"other number forms become plain JSON", "a: .5\nb: +1\nc: 007\nd: 1.\ne: -.5E+3\nf: +0.0\ng: -00\n", `{"a":0.5,"b":1,"c":7,"d":1.0,"e":-0.5E+3,"f":0.0,"g":-0}`},
		{"underscores between digits are dropped", "a: 1_000\nb: 1_000.5\nc: 0xFF_FF\n", `{"a":1000,"b":1000.5,"c":65535}`},
		{"not numbers in the core schema", "a: 0x_1\nb: 1__0\nc: _1\nd: 0b11\ne: -0x1F\nf: 1_\ng: 2001-12-14\nh: 1:20\ni: 0x\n", `{"a":"0x_1","b":"1__0","c":"_1","d":"0b11","e":"-0x1F","f":"1_","g":"2001-12-14","h":"1:20","i":"0x"}`},
		{"quoted scalars are strings", "a: '1'\nb: \"true\"\nc: 'null'\nd: \"0x1F\"\ne: '.inf'\n", `{"a":"1","b":"true","c":"null","d":"0x1F","e":".inf"}`},
		{"escapes and quote doubling", "a: 'it''s'\nb: \"tab\\tu\\u00e9\"\n", `{"a":"it's","b":"tab\tué"}`},
		{"block scalars are strings", "a: |\n  line1\n  42\nb: >\n  fold\n  ed\nc: |-\n  keep\n", `{"a":"line1\n42\n","b":"fold ed\n","c":"keep"}`},
		{"keys keep their order and text", "z: 1\n1: a\ntrue: b\n~: c\n0x1F: d\n\"\": e\n", `{"z":1,"1":"a","true":"b","~":"c","0x1F":"d","":"e"}`},
		{"anchors and aliases", "a: &x {k: [1, 2]}\nb: *x\nc: &s text\nd: *s\n", `{"a":{"k":[1,2]},"b":{"k":[1,2]},"c":"text","d":"text"}`},
		{"an alias as a key", "a: &k x\n*k : y\n", `{"a":"x","x":"y"}`},
		{"merge keys are plain keys in YAML 1.2", "<<: {a: 1}\n", `{"<<":{"a":1}}`},
		{"core tags", "a: !!str 12\nb: !!int '12'\nc: !!float 1\nd: !!bool 'true'\ne: !!null ''\nf: !!map {x: 1}\ng: !!seq [1]\n", `{"a":"12","b":12,"c":1,"d":true,"e":null,"f":{"x":1},"g":[1]}`},
		{"sequences and flow collections", "- a\n- b: c\n  d: [1, {e: f}]\n- - nested\n", `["a",{"b":"c","d":[1,{"e":"f"}]},["nested"]]`},
		{"a scalar document", "hello", `"hello"`},
		{"an empty document is null", "", `null`},
		{"only comments is null", "# nothing\n", `null`},
		{"a directive and a document marker", "%YAML 1.2\n---\na: 1\n...\n", `{"a":1}`},
		{"a YAML 1.1 directive", "%YAML 1.1\n---\na: 1\n", `{"a":1}`},
		{"a final document marker", "a: 1\n---\n", `{"a":1}`},
		{"comments are ignored", "a: 1 # one\n# between\nb: 2\n", `{"a":1,"b":2}`},
		{"CRLF line ends", "a: 1\r\nb: [x,\r\n  y]\r\n", `{"a":1,"b":["x","y"]}`},
		{"templates stay text", "a: \"{{E0.x}}\"\nb: PR no. {{input.n}}\nc: \"PR #{{input.n}}\"\n", `{"a":"{{E0.x}}","b":"PR no. {{input.n}}","c":"PR #{{input.n}}"}`},
		{"space-hash starts a comment", "a: PR #{{input.n}}\n", `{"a":"PR"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseYAML(tt.yaml)
			if err != nil {
				t.Fatalf("ParseYAML: %v", err)
			}
			if got.JSON() != tt.json {
				t.Errorf("got  %s\nwant %s", got.JSON(), tt.json)
			}
		})
	}
}

// TestParseYAMLErrors: every error is a ToolError positioned in the YAML,
// line and column (in runes) of the offending node or token.
func TestParseYAMLErrors(t *testing.T) {
	tests := []struct {
		name, yaml   string
		line, column int
		contains     string
	}{
		{".inf is no JSON number", "a: .inf\n", 1, 4, "not a number JSON can hold"},
		{"-.Inf in a flow sequence", "x: [1, -.Inf]\n", 1, 8, "-.Inf"},
		{".nan is no JSON number", "a:\n  b: .NaN\n", 2, 6, ".NaN"},
		{"duplicate key", "a: 1\nb: 2\na: 3\n", 3, 1, `duplicate key "a": first given on line 1`},
		{"duplicate key on one line", "x: {\"a\": 1, 'a': 2}\n", 1, 13, `duplicate key "a": first given at column 5`},
		{"keys that become the same text", "1: a\n\"1\": b\n", 2, 1, `duplicate key "1"`},
		{"duplicate key past the keys compared one by one", "{k0: 0, k1: 1, k2: 2, k3: 3, k4: 4, k5: 5, k6: 6, k7: 7, k8: 8, k3: 9}\n", 1, 65, `duplicate key "k3"`},
		{"duplicate key among the last of a few", "{k0: 0, k1: 1, k2: 2, k3: 3, k4: 4, k5: 5, k6: 6, k6: 7}\n", 1, 51, `duplicate key "k6"`},
		{"unknown anchor", "a: *nope\n", 1, 4, `unknown anchor "nope"`},
		{"alias before its anchor", "a: *x\nb: &x 1\n", 1, 4, `unknown anchor "x"`},
		{"unsupported tag", "a: !foo x\n", 1, 4, "unsupported YAML tag !foo"},
		{"YAML 1.1 tags are not core", "a: !!binary aGk=\n", 1, 4, "!!binary"},
		{"a tag that does not fit", "a: !!int abc\n", 1, 4, `!!int does not fit "abc"`},
		{"!!map on a scalar", "a: !!map x\n", 1, 4, "!!map does not fit a scalar"},
		{"!!seq on a mapping", "a: !!seq {b: 1}\n", 1, 4, "!!seq does not fit a map"},
		{"two documents", "a: b\n---\nc: d\n", 3, 1, "second YAML document"},
		{"mapping value in a plain scalar", "a: b: c\n", 1, 5, `": " here would start a mapping: quote the value if it holds`},
		{"a plain value going on to a line with a colon", "key: value\n  other: 1\n", 2, 8, `": " here would start a mapping: quote the value if it holds`},
		{"unterminated double quote", "a: 1\nb: \"x\n", 2, 4, "this quoted string is never closed"},
		{"unterminated single quote on the first line", "a: 'x\nb: 2\n", 1, 4, "this quoted string is never closed"},
		{"a quote too many swallows lines", "a: \"x\nb: \"y\"\n", 2, 5, `expected a "key: value" line at this indentation`},
		{"bad indentation", "a:\n  - 1\n  x: 2\n", 3, 3, `expected "- " for the next item of the list`},
		{"a key between two levels", "a:\n  b:\n    c: 1\n   d: 2\n", 4, 4, `expected a "key: value" line at this indentation`},
		{"a line that is not a key", "k: v\nk2 v2\nk3: v3\n", 3, 1, `expected "key: value": the ':' is missing`},
		{"a value with no key", "a: 1\n: b\n", 2, 1, `expected a "key: value" line at this indentation`},
		{"unclosed flow sequence", "a: 1\nb: [1, 2\n", 2, 4, "expected ',' or ']': is a ',' or the closing ']' missing?"},
		{"unclosed flow mapping swallowing lines", "a: [1, 2\nc: 2\nd: 3\n", 2, 2, "expected ',' or ']': is a ',' or the closing ']' missing?"},
		{"a closer that does not match", "a: {b: [1, 2}, c: 3}\n", 1, 13, "expected ',' or ']': is a ',' or the closing ']' missing?"},
		{"column counts runes", "é: [1, 2]]\n", 1, 10, `expected a "key: value" line at this indentation`},
		{"text after a quoted value", "a: \"x\" y\n", 1, 8, `expected a "key: value" line at this indentation`},
		{"a missing comma", "a: {x: 1, y [1, 2]}\n", 1, 13, "expected ',' or '}': is a ',' or the closing '}' missing?"},
		{"a second colon in a flow entry", "a: [b: c: d]\n", 1, 9, "expected ',' or ']': is a ',' or the closing ']' missing?"},
		{"a flow key over two lines", "a: {b\n : 1}\n", 2, 2, "expected ',' or '}': is a ',' or the closing '}' missing?"},
		{"a comma outside brackets", "a: ,b\n", 1, 4, "expected a value here"},
		{"a tab indents", "a:\n  b: 1\n\tc: 2\n", 3, 1, "tab"},
		{"a tab after a dash", "- \tx\n", 1, 3, "tab"},
		{"a tab in a block scalar", "a: |\n  x\n \ty\n", 3, 2, "tab"},
		{"a block scalar header with text", "a: |x\n", 1, 5, "did not find expected comment or line break while scanning a"},
		{"an unknown escape", "a: 1\nb: \"\\q\"\n", 2, 5, "unknown escape in a double-quoted string"},
		{"a short hex escape", "a: \"\\x4\"\n", 1, 7, `a \x, \u or \U escape needs all its hexadecimal digits`},
		{"an anchor without a name", "a: &\n", 1, 4, "did not find expected alphabetic or numeric character while "},
		{"a reserved character", "a: @x\n", 1, 4, "this character cannot start a value: quote the value"},
		{"a dash after a key", "a: - b\n", 1, 4, `"- " cannot start a list here: put the list on the next line`},
		{"a control character", "a: 1\nb: x\x01\n", 2, 5, "control character U+0001"},
		{"invalid UTF-8", "a: \xff\n", 1, 4, "not valid UTF-8"},
		{"a collection as a key", "? [a]\n: x\n", 1, 3, "a mapping key must be a scalar"},
		{"an alias inside its own anchor", "a: &x [1, *x]\n", 1, 11, "refers to the node it sits in"},
		{"an unknown YAML version", "%YAML 1.3\n---\na: 1\n", 1, 1, "YAML syntax"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseYAML(tt.yaml)
			errs := Errors(err)
			if len(errs) != 1 {
				t.Fatalf("want one typed error, got %v", err)
			}
			e := errs[0]
			if e.Kind != template.ToolError || e.Phase != template.PhaseLoad {
				t.Errorf("kind %v phase %v, want ToolError load", e.Kind, e.Phase)
			}
			if e.Pos.Line != tt.line || e.Pos.Column != tt.column {
				t.Errorf("at %d:%d, want %d:%d", e.Pos.Line, e.Pos.Column, tt.line, tt.column)
			}
			if e.Source != tt.yaml || template.PosOf(tt.yaml, e.Pos.Offset) != e.Pos {
				t.Errorf("offset %d does not match %v in the source", e.Pos.Offset, e.Pos)
			}
			if !strings.Contains(e.Msg, tt.contains) {
				t.Errorf("message %q lacks %q", e.Msg, tt.contains)
			}
		})
	}
}

// TestParseYAMLAliasBomb: nested aliases that would expand to billions of
// nodes fail quickly instead of exhausting memory.
func TestParseYAMLAliasBomb(t *testing.T) {
	var b strings.Builder
	b.WriteString("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n")
	for i := 1; i < 12; i++ {
		prev := "*a" + string(rune('0'+i-1))
		if i > 9 {
			prev = "*a" + string(rune('a'+i-10))
		}
		name := string(rune('0' + i))
		if i > 9 {
			name = string(rune('a' + i - 10))
		}
		b.WriteString("a" + name + ": &a" + name + " [" + strings.Repeat(prev+", ", 9) + prev + "]\n")
	}
	_, err := ParseYAML(b.String())
	if errs := Errors(err); len(errs) != 1 || !strings.Contains(errs[0].Msg, "too large") {
		t.Fatalf("want a size error, got %v", err)
	}
	// Modest reuse through aliases is fine.
	if _, err := ParseYAML("base: &b {x: 1, y: [1, 2, 3]}\nc1: *b\nc2: *b\nc3: *b\n"); err != nil {
		t.Fatal(err)
	}
}

// TestParseYAMLDepth: nesting deeper than JSON allows is an error, not a
// stack overflow.
func TestParseYAMLDepth(t *testing.T) {
	deep := strings.Repeat("[", template.MaxJSONDepth+2) + strings.Repeat("]", template.MaxJSONDepth+2)
	_, err := ParseYAML(deep)
	if errs := Errors(err); len(errs) != 1 || !strings.Contains(errs[0].Msg, "levels deep") {
		t.Fatalf("want a depth error, got %v", err)
	}
	// Far deeper, the parser itself stops, before its recursion could
	// overflow a small (WebAssembly) stack.
	for _, deeper := range []string{strings.Repeat("[", 100_000), strings.Repeat("- ", 100_000) + "x"} {
		_, err = ParseYAML(deeper)
		if errs := Errors(err); len(errs) != 1 || !strings.Contains(errs[0].Msg, "exceeded max depth") {
			t.Errorf("want the parser's depth error, got %v", err)
		}
	}
}

// FuzzParseYAML: any text decodes or fails with one ToolError positioned
// inside it; syntax errors are located without panicking.
func FuzzParseYAML(f *testing.F) {
	for _, seed := range []string{
		"a: b: c\n", "a: [1, {b: 2]\n", "a: \"x\ny\" z\n", "- \tx\n", "a: |x\n  \ty\n",
		"a:\n  - 1\n  x: 2\n", "? a\n: b\n: c\n", "a: &\n", "[a\n b]: c\n", "a: \"\\q\"\n",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		_, err := ParseYAML(text)
		if err == nil {
			return
		}
		errs := Errors(err)
		if len(errs) != 1 || errs[0].Kind != template.ToolError {
			t.Fatalf("want one ToolError, got %v", err)
		}
		e := errs[0]
		if e.Pos.Offset < 0 || e.Pos.Offset > len(text) || template.PosOf(text, e.Pos.Offset) != e.Pos {
			t.Fatalf("position %+v does not fit the text", e.Pos)
		}
	})
}

// BenchmarkYAMLSyntaxError places a syntax error at the end of a 1 MB
// document.
func BenchmarkYAMLSyntaxError(b *testing.B) {
	var sb strings.Builder
	for i := 0; sb.Len() < 1<<20; i++ {
		sb.WriteString("key" + strconv.Itoa(i) + ":\n  list: [a, \"b\", {c: d}]\n  text: |\n    some text\n  value: plain words here\n")
	}
	sb.WriteString("last: [1, 2}\n")
	text := sb.String()
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		if _, err := ParseYAML(text); err == nil {
			b.Fatal("no error")
		}
	}
}

// TestShapeYAMLAndJSON: the same shape written as YAML and as JSON renders
// to the same value.
func TestShapeYAMLAndJSON(t *testing.T) {
	tests := []struct{ name, yaml, json string }{
		{"flat", "pr: \"{{E1.number}}\"\nsha: '{{E1.baseRefOid}}'\ntitle: PR no. {{E1.number}}\n",
			`{"pr":"{{E1.number}}","sha":"{{E1.baseRefOid}}","title":"PR no. {{E1.number}}"}`},
		{"nested and arrays", "a:\n  b:\n    - \"{{E1.labels.0}}\"\n    - [\"{{E1.price}}\", 1.50]\n  c: {d: \"{{E1.draft}}\"}\n",
			`{"a":{"b":["{{E1.labels.0}}",["{{E1.price}}",1.50]],"c":{"d":"{{E1.draft}}"}}}`},
		{"constants", "n: 12\nf: 1.50\nt: true\nz: null\ne: []\no: {}\n",
			`{"n":12,"f":1.50,"t":true,"z":null,"e":[],"o":{}}`},
		{"sections and verbatim", "labels: \"{{#E1.labels}}{{name}};{{/E1.labels}}\"\nchart: \"{{E1.chart}}\"\n",
			`{"labels":"{{#E1.labels}}{{name}};{{/E1.labels}}","chart":"{{E1.chart}}"}`},
		{"key order and odd keys", "z: 1\n\"a/b\": \"{{input.repo}}\"\n\"~\": 2\n\"\": 3\n",
			`{"z":1,"a/b":"{{input.repo}}","~":2,"":3}`},
		{"block scalar against an escaped string", "body: |\n  Hi {{input.repo}}\n  #{{E1.number}}\n",
			`{"body":"Hi {{input.repo}}\n#{{E1.number}}\n"}`},
	}
	roots := sampleRoots(t)
	scope := template.Scope{Roots: roots.Names()}
	render := func(text string) string {
		s, err := ParseShape(text)
		if err != nil {
			t.Fatalf("ParseShape(%q): %v", text, err)
		}
		if err := s.Check(scope); err != nil {
			t.Fatalf("Check: %v", err)
		}
		v, err := s.Render(roots)
		if err != nil {
			t.Fatalf("Render: %v", err)
		}
		return v.JSON()
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fromYAML, fromJSON := render(tt.yaml), render(tt.json)
			if fromYAML != fromJSON {
				t.Errorf("YAML gives %s\nJSON gives %s", fromYAML, fromJSON)
			}
		})
	}
}

// TestParseShapeText: how the text is recognised and what is reported when
// it is wrong.
func TestParseShapeText(t *testing.T) {
	tests := []struct {
		name, text   string
		json         string // the shape's value, when it parses
		line, column int    // the error's position otherwise
		contains     string
	}{
		{"JSON", `{"a": "{{input.x}}"}`, `{"a":"{{input.x}}"}`, 0, 0, ""},
		{"JSON keeps number text", `{"a": 1.50}`, `{"a":1.50}`, 0, 0, ""},
		{"text that starts like JSON is JSON", `{a: 1, b: yes}`, "", 1, 2, "JSON syntax"},
		{"YAML", "a: 1\n", `{"a":1}`, 0, 0, ""},
		{"leading space before JSON", "\n  {\"a\": 1}", `{"a":1}`, 0, 0, ""},
		{"broken JSON reports the JSON error", "{\n  \"a\": 1,\n  \"b\" 2\n}", "", 3, 7, "JSON syntax"},
		{"broken YAML", "a: 1\n b: 2\n", "", 2, 3, "YAML syntax"},
		{"a JSON array", "\n[1, 2]", "", 2, 1, "must be an object, not an array"},
		{"a YAML sequence", "# list\n- a\n", "", 2, 1, "not an array"},
		{"a YAML scalar", "hello", "", 1, 1, "not a string"},
		{"empty text", "", "", 1, 1, "not a null"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := ParseShape(tt.text)
			if tt.json != "" {
				if err != nil {
					t.Fatal(err)
				}
				if got := s.Value().JSON(); got != tt.json {
					t.Errorf("got %s, want %s", got, tt.json)
				}
				return
			}
			errs := Errors(err)
			if len(errs) != 1 {
				t.Fatalf("want one error, got %v", err)
			}
			e := errs[0]
			if e.Kind != template.ToolError || e.Pos.Line != tt.line || e.Pos.Column != tt.column || !strings.Contains(e.Msg, tt.contains) {
				t.Errorf("got %v at %d:%d, want ToolError at %d:%d containing %q", e, e.Pos.Line, e.Pos.Column, tt.line, tt.column, tt.contains)
			}
		})
	}
}

// TestDecodeNodeAsDecode holds the fork's DecodeNode to what Decode gives
// for a node: the same nodes, the same errors, io.EOF at the end.
func TestDecodeNodeAsDecode(t *testing.T) {
	for _, doc := range []string{
		"a: 1\nb: [x, {c: d}]\n# note\n",
		"base: &b {x: 1}\nuse: *b\n",
		"first: 1\n---\nsecond: 2\n",
		"",
		"a: [1, 2\n",
		"a: *missing\n",
		"\tbad: indent\n",
	} {
		byDecode, byNode := yaml.NewDecoder(strings.NewReader(doc)), yaml.NewDecoder(strings.NewReader(doc))
		for i := 0; i < 3; i++ {
			var want, got yaml.Node
			wantErr, gotErr := byDecode.Decode(&want), byNode.DecodeNode(&got)
			if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) || !reflect.DeepEqual(got, want) {
				t.Errorf("%q, document %d: DecodeNode gives %#v, %v; Decode %#v, %v", doc, i, got, gotErr, want, wantErr)
			}
			if wantErr != nil {
				break
			}
		}
	}
}

// The slips an author makes most come with the line that mends them: a
// key whose ':' has no space after it (YAML fails a line later), tabs
// indenting a line, and a flow bracket left open.
func TestSyntaxSlipsHaveFixes(t *testing.T) {
	tests := []struct {
		name, yaml, fixed string
		line, column      int
	}{
		{"no space after a key's colon", "a: 1\nb:two\nc: 3\n", "a: 1\nb: two\nc: 3\n", 3, 1},
		{"in a list item", "steps:\n  - id: a\n    tool_name:github__pr_view\n    input: {}\n", "steps:\n  - id: a\n    tool_name: github__pr_view\n    input: {}\n", 4, 5},
		{"a tab indents", "a:\n  b: 1\n\tc: 2\n", "a:\n  b: 1\n  c: 2\n", 3, 1},
		{"a tab indents a list item's key", "steps:\n  - id: a\n\ttool_name: x__y\n", "steps:\n  - id: a\n    tool_name: x__y\n", 3, 1},
		{"a tab indents the next item", "steps:\n  - id: a\n    input: {x: 1}\n\t- id: b\n", "steps:\n  - id: a\n    input: {x: 1}\n  - id: b\n", 4, 1},
		{"no space after a colon, read on into the next line, CRLF", "a:\r\n  b:x\r\n  c: 1\r\n", "a:\r\n  b: x\r\n  c: 1\r\n", 3, 4},
		{"tabs after spaces, CRLF", "a:\r\n  b:\r\n \t\tc: 2\r\n", "a:\r\n  b:\r\n    c: 2\r\n", 3, 2},
		{"a flow mapping not closed", "p:\n  count: {type: integer\nshape: 1\n", "p:\n  count: {type: integer}\nshape: 1\n", 3, 6},
		{"two flow brackets not closed, a quote and a comment", "a: [\"]\", {b: '}'   # }\nc: 3\n", "a: [\"]\", {b: '}'}]   # }\nc: 3\n", 2, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseYAML(tt.yaml)
			errs := Errors(err)
			if len(errs) != 1 || errs[0].Fix == "" {
				t.Fatalf("want one error with a fix, got %v", err)
			}
			e := errs[0]
			if e.Pos.Line != tt.line || e.Pos.Column != tt.column {
				t.Errorf("at %d:%d, want %d:%d", e.Pos.Line, e.Pos.Column, tt.line, tt.column)
			}
			if got := tt.yaml[:e.SegStart] + e.Fix + tt.yaml[e.SegEnd:]; got != tt.fixed {
				t.Errorf("fixed: %q, want %q", got, tt.fixed)
			}
			if _, err := ParseYAML(tt.fixed); err != nil {
				t.Errorf("the fixed text does not parse: %v", err)
			}
		})
	}
	for _, text := range []string{"k: v\nk2 v2\nk3: v3\n", "a: 1\nsee http://x\nb: 2\n", "a: 1\n" + strings.Repeat("x", maxSlipLine) + ":y\nb: 2\n", "a: [1, 2}\n"} {
		if _, err := ParseYAML(text); len(Errors(err)) != 1 || Errors(err)[0].Fix != "" {
			t.Errorf("%.40q: want an error without a fix, got %v", text, err)
		}
	}
}

// A slip's fix is tried on the text up to the line after it: near the top
// of a document, finding it costs the same whatever follows.
func TestSlipFixReadsNoFurtherThanTheParse(t *testing.T) {
	allocs := func(n int) float64 {
		var b strings.Builder
		b.WriteString("steps:\n  - id: a\n\ttool_name: t__x\n")
		for b.Len() < n {
			b.WriteString("  - id: sx\n    tool_name: t__x\n    result:\n      - {number: 1, title: some title here}\n")
		}
		text := b.String()
		if _, err := ParseYAML(text); len(Errors(err)) != 1 || Errors(err)[0].Fix != "    tool_name: t__x" {
			t.Fatalf("want the tab's fix, got %v", err)
		}
		return testing.AllocsPerRun(3, func() { ParseYAML(text) })
	}
	if small, large := allocs(100_000), allocs(400_000); large > small*1.1 {
		t.Errorf("a slip at the top costs %.0f allocations in 100 KB and %.0f in 400 KB", small, large)
	}
}

// A duplicate key underlines the key as written, quotes and all.
func TestDuplicateKeyUnderlinesTheKey(t *testing.T) {
	for _, text := range []string{"ab: 1\nab: 2\n", "x: {\"ab\": 1, \"ab\": 2}\n", "{\"x\": {\"ab\": 1,\n \"ab\": 2}}", "x: {ab: 1, 'ab': 2}\n"} {
		_, err := ParseYAML(text)
		errs := Errors(err)
		if len(errs) != 1 {
			t.Fatalf("%q: want one error, got %v", text, err)
		}
		e := errs[0]
		if got := text[e.Pos.Offset:e.End]; strings.Trim(got, `"'`) != "ab" {
			t.Errorf("%q: underlines %q", text, got)
		}
	}
}
