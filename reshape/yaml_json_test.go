//go:build !splice_lite

package reshape

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// readBothWays parses text with JSON collections read whole and with YAML
// reading every collection, and describes how the two differ ("" when
// they do not): the value, its places, keys and warnings, or the error.
// taken says whether a collection was read whole.
func readBothWays(t testing.TB, text string) (diff string, taken bool) {
	t.Helper()
	defer func(span func(string, int) int) { jsonSpans = span }(jsonSpans)
	jsonSpans = func(text string, off int) int {
		end := jsonSpan(text, off)
		taken = taken || end > off
		return end
	}
	fast, fastErr := ParseDocument(text)
	fastValue, fastValueErr := ParseYAML(text)
	jsonSpans = nil
	slow, slowErr := ParseDocument(text)
	slowValue, slowValueErr := ParseYAML(text)
	switch {
	case fmt.Sprint(fastErr) != fmt.Sprint(slowErr):
		return fmt.Sprintf("error %v, YAML's %v", fastErr, slowErr), taken
	case fmt.Sprint(fastValueErr) != fmt.Sprint(slowValueErr):
		return fmt.Sprintf("ParseYAML error %v, YAML's %v", fastValueErr, slowValueErr), taken
	case fastValue.JSON() != slowValue.JSON():
		return fmt.Sprintf("ParseYAML value %s, YAML's %s", fastValue.JSON(), slowValue.JSON()), taken
	case fastErr != nil:
		return "", taken
	case fast.Value.JSON() != slow.Value.JSON():
		return fmt.Sprintf("value %s, YAML's %s", fast.Value.JSON(), slow.Value.JSON()), taken
	case !reflect.DeepEqual(fast.places.values, slow.places.values):
		return fmt.Sprintf("places %v, YAML's %v", fast.places.values, slow.places.values), taken
	case !reflect.DeepEqual(fast.places.keys, slow.places.keys):
		return fmt.Sprintf("keys %v, YAML's %v", fast.places.keys, slow.places.keys), taken
	case !reflect.DeepEqual(fast.Warnings(), slow.Warnings()):
		return fmt.Sprintf("warnings %v, YAML's %v", fast.Warnings(), slow.Warnings()), taken
	}
	return "", taken
}

// TestJSONSpansReadAsYAML: a JSON collection read whole gives what YAML
// gives, and those YAML could read otherwise are left to it.
func TestJSONSpansReadAsYAML(t *testing.T) {
	tests := []struct {
		name, text string
		taken      bool
	}{
		{"a sample", "steps:\n  - id: a\n    result: {\"number\": 7, \"title\": \"Fix\", \"labels\": [\"bug\", \"p1\"], \"draft\": false, \"merged\": null}\n", true},
		{"pretty, over lines", "result: {\n  \"a\": [\n    1,\n    2.5e-3\n  ],\n  \"b\": {}\n}\n", true},
		{"a sequence entry", "- [1, -0, 1E5, 0.5]\n- {\"é\": \"ü 😀\"}\n", true},
		{"the whole document", "{\"a\": 1}\n", true},
		{"escapes", `a: {"s": "q\"b\\n\nt\tu\u00e9\u0000"}` + "\n", true},
		{"a duplicate key", "a: {\"k\": 1, \"k\": 2}\n", true},
		{"a duplicate key among many", "a: {\"k0\": 0, \"k1\": 1, \"k2\": 2, \"k3\": 3, \"k4\": 4, \"k5\": 5, \"k6\": 6, \"k7\": 7, \"k8\": 8, \"k2\": 9}\n", true},
		{"a number YAML reads otherwise", "a: [1e400]\n", true},
		{"YAML's flow syntax", "a: {b: c}\n", false},
		{"an escaped slash", `a: {"u": "a\/b"}` + "\n", false},
		{"an escaped surrogate", `a: ["\ud83d\ude00"]` + "\n", false},
		{"an escaped low surrogate alone", `a: ["\ude00"]` + "\n", false},
		{"a comment after it", "a: [1] # {{x}}\n", false},
		{"a key", "{\"a\": 1}: b\n", false},
		{"a tag", "a: !!seq [1]\n", false},
		{"an anchor", "a: &x [1]\nb: *x\n", false},
		{"a tab", "a: [1,\t2]\n", false},
		{"a carriage return", "a: [1,\r\n  2]\r\n", false},
		{"lines indented any way", "a:\n  b: [1,\n2\n\n  ]\n", true},
		{"a line separator", "a: [\"\u2028\"]\n", false},
		{"a value on the next line", "a: {\"b\":\n   1}\n", true},
		{"a key's colon on the next line", "a: {\"b\"\n   : 1}\n", false},
		{"a lone carriage return before it", "a: 'x\ry'\nb: [1]\n", false},
		{"carriage returns with line feeds before it", "a: x\r\nb: [1]\n", true},
		{"a carriage return at the end", "a: [1]\r", false},
		{"a line separator before it", "a: \"\u2028\"\nb: [1]\n", false},
		{"after a question mark", "? [1]\n: 2\n", false},
		{"where a key must be", "a:\n[1]\n", false},
		{"unclosed", "a: [1, 2\n", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			diff, taken := readBothWays(t, tt.text)
			if diff != "" {
				t.Error(diff)
			}
			if taken != tt.taken {
				t.Errorf("read whole: %v, want %v", taken, tt.taken)
			}
		})
	}
}

// TestJSONSpansAtRandom reads random JSON collections, written in random
// ways in random YAML, both ways.
func TestJSONSpansAtRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	n := 3000
	if testing.Short() {
		n = 300
	}
	taken := 0
	for i := range n {
		text := randomYAMLWithJSON(r)
		diff, took := readBothWays(t, text)
		if diff != "" {
			t.Fatalf("document %d %q: %s", i, text, diff)
		}
		if took {
			taken++
		}
	}
	if taken < n/4 {
		t.Errorf("%d of %d documents had a collection read whole", taken, n)
	}
}

// randomYAMLWithJSON is a YAML document of a few keys and entries, some of
// whose values are JSON collections, most of them JSON as tools write it,
// some with what YAML reads otherwise.
func randomYAMLWithJSON(r *rand.Rand) string {
	var b strings.Builder
	pick := func(s ...string) string { return s[r.IntN(len(s))] }
	for k := range 1 + r.IntN(3) {
		switch r.IntN(4) {
		case 0:
			fmt.Fprintf(&b, "k%d: %s\n", k, randomJSON(r, 0, 2))
		case 1:
			fmt.Fprintf(&b, "k%d:\n  - %s\n  - %s\n", k, randomJSON(r, 0, 4), pick("x", "1", randomJSON(r, 0, 4)))
		case 2:
			fmt.Fprintf(&b, "k%d:\n  n: %s%s\n", k, randomJSON(r, 0, 4), pick("", "", " # c", " # {{x}}", ": 1", ","))
		default:
			fmt.Fprintf(&b, "k%d: %s%s\n", k, pick("", "!!map ", "&a ", "!!seq "), randomJSON(r, 0, 2))
		}
	}
	return b.String()
}

// randomJSON is a collection, compact or over lines indented by indent
// spaces (some lines less, some with tabs), mostly JSON.
func randomJSON(r *rand.Rand, depth, indent int) string {
	var b strings.Builder
	pretty := r.IntN(2) == 0
	var write func(depth int, collection bool)
	write = func(depth int, collection bool) {
		if !collection && (depth > 3 || r.IntN(3) > 0) {
			b.WriteString(randomScalar(r))
			return
		}
		open, close := "[", "]"
		obj := r.IntN(2) == 0
		if obj {
			open, close = "{", "}"
		}
		b.WriteString(open)
		n := r.IntN(4)
		for i := range n {
			if i > 0 {
				b.WriteString([]string{",", ", ", " ,", ",\t"}[r.IntN(4)*r.IntN(2)])
			}
			if pretty {
				b.WriteString("\n" + strings.Repeat(" ", max(indent+2*(depth+1)-r.IntN(2)*r.IntN(2)*3, 0)))
			}
			if obj {
				b.WriteString([]string{`"a"`, `"b"`, `"a"`, `"é"`, `"a/b"`, `"~"`, `"k\"q"`}[r.IntN(7)])
				b.WriteString([]string{": ", ":", " : ", ":\n   "}[r.IntN(4)*r.IntN(2)])
			}
			write(depth+1, false)
		}
		if pretty && n > 0 {
			b.WriteString("\n" + strings.Repeat(" ", indent+2*depth))
		}
		b.WriteString(close)
	}
	write(depth, true)
	return b.String()
}

func randomScalar(r *rand.Rand) string {
	return []string{
		`1`, `-0`, `0.5`, `1e5`, `1E+05`, `-12.5e-3`, `01`, `1.`, `123456789012345678901234567890`, `1e400`,
		`true`, `false`, `null`, `True`, `nul`,
		`""`, `"plain"`, `"with space"`, `"é ü"`, `"😀"`, `"q\"b"`, `"back\\slash"`, `"\n\t\b\f\r"`,
		`"\u00e9"`, `"\u0000"`, `"\/"`, `"\ud83d\ude00"`, `"#{{x}}"`, `"a: b"`, `"- c"`, "\"\u0085\"", "\"\u2029\"",
		"\"\x7f\"", "\"\ufeff\"", `"\x41"`, `'single'`, `plain`,
	}[r.IntN(37)]
}

// FuzzJSONSpans reads a YAML document both ways, as TestJSONSpansAtRandom
// does, from any text.
func FuzzJSONSpans(f *testing.F) {
	f.Add("a: {\"b\": [1, \"c\"]}\n")
	f.Add("- [\n    1,\n    {\"x\": null}\n  ]\n")
	f.Add("{\"a\": \"\\u00e9\"}")
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > 4<<10 {
			return
		}
		if diff, _ := readBothWays(t, text); diff != "" {
			t.Fatal(diff)
		}
	})
}
