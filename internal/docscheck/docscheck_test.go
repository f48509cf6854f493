package docscheck

import (
	"fmt"
	"strings"
	"testing"
)

// findings is a result's findings as FILE-less lines.
func findings(r Result) []string {
	var out []string
	for _, f := range r.Findings {
		out = append(out, fmt.Sprintf("%d:%d: %s", f.Line, f.Column, f))
	}
	return out
}

func TestBadInputIsPlaced(t *testing.T) {
	hostile := "steps:\n  - id: M\n    over: \"{{input.a}}\"\n    tool_name: builtin__reshape\n    input: {shape: {s: \"{{#input.a}}{{#input.a}}{{#input.a}}{{#input.a}}.{{/input.a}}{{/input.a}}{{/input.a}}{{/input.a}}\"}}\n"
	tests := []struct {
		name, file, src string
		want            []string
	}{
		{"a block that is not UTF-8", "a.md", "x\n```splice\nok {{input.a}} \xff\n```\n",
			[]string{"3:16: the text is not valid UTF-8 (byte 0xff)"}},
		{"an unclosed fence", "a.md", "```splice\n{{input}}\n```\n\n  ~~~~ splice\n{{x}}\n~~~\n",
			[]string{"5:3: this fence (~~~~) is never closed: the rest of the file is inside it"}},
		{"an unclosed pre", "a.html", "<p>x</p>\n<pre data-splice>{{input.a}}", []string{"2:1: this <pre> is never closed: the rest of the page is inside it"}},
		{"an unclosed comment", "a.html", "<!-- <pre data-splice>{{x}}</pre>", []string{"1:1: this comment is never closed: the rest of the page is inside it"}},
		{"an unclosed tag", "a.html", "<pre data-splice=\"plan>{{x}}</pre>", []string{"1:1: this <pre> tag is never closed"}},
		{"an unknown kind", "a.md", "<!-- splice: expect BadPth -->\n```splice\n{{input}}\n```\n",
			[]string{"1:1: no error kind \"BadPth\": want one of ParseError, "}},
		{"roots that are not JSON", "a.md", "```splice\n{{E1.a}}\n```\n```json splice-roots\n{\"E1\": {\"a\": }}\n```\n",
			[]string{"5:14: the roots are not JSON: unexpected '}', expected a JSON value"}},
		{"roots with nothing before them", "a.md", "```json splice-roots\n{}\n```\n",
			[]string{"1:1: a splice-roots block follows a splice or splice-shape block, and none comes before it"}},
		{"an unknown data-splice", "a.html", "<pre data-splice=\"shap\">{}</pre>",
			[]string{"1:1: data-splice=\"shap\": want shape or plan, or nothing for a template"}},
		{"a hostile plan stops at its budget", "a.md", "```splice-plan\ninput: {a: [" + strings.Repeat("1,", 199) + "1]}\n" + hostile + "```\n",
			[]string{"7:25: LimitError: step M: the render did more than"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := findings(Check(tt.file, tt.src))
			if len(got) != len(tt.want) {
				t.Fatalf("findings\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
			for i := range got {
				if !strings.HasPrefix(got[i], tt.want[i]) {
					t.Errorf("finding\n%s\nwant\n%s", got[i], tt.want[i])
				}
			}
		})
	}
}

// An example's errors are placed in the file: past a fence's indentation,
// through HTML entities and tags, in a CRLF file, in a root of the roots.
func TestPlaces(t *testing.T) {
	tests := []struct{ name, file, src, want string }{
		{"indented fence", "a.md", "- item\n\n    ```splice\n    a {{E0.b}}\n    ```\n", "4:7: MissingStep: "},
		{"CRLF", "a.md", "x\r\n```splice\r\n\r\nab {{E0.b}}\r\n```\r\n", "4:4: MissingStep: "},
		{"entities and tags", "a.html", "<pre data-splice>\n&lt;b&gt; <b>&#x27;</b> {{E0.b}}</pre>", "2:25: MissingStep: "},
		{"a root's text", "a.md", "```splice\n{{E1.a.b}}\n```\n```json splice-roots\n{\"E0\": 1,\n \"E1\": {\"a\": 1}}\n```\n", "2:1: BadPath: "},
		{"a step of a plan", "a.html", "<pre data-splice=\"plan\">steps:\n- id: e\n  tool_name: builtin__reshape\n  input: {shape: {x: \"é{{nope}}\"}}</pre>", "4:24: MissingStep: step e: unknown root \"nope\""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := findings(Check(tt.file, tt.src))
			if len(got) == 0 || !strings.HasPrefix(got[0], tt.want) {
				t.Errorf("findings %q, want the first to start %q", got, tt.want)
			}
		})
	}
}

// Doubling the blocks of a file, or the lines of one block, at most
// doubles what the check reads and runs: no search starts over.
func TestWorkIsLinear(t *testing.T) {
	for _, tt := range []struct {
		name string
		file func(n int) (string, string)
	}{
		{"Markdown blocks", func(n int) (string, string) {
			return "a.md", strings.Repeat("<!-- splice: expect BadPath -->\n```splice\n{{E0.x}}\n```\n```json splice-roots\n{\"E0\": {\"y\": 1}}\n```\n", n)
		}},
		{"HTML blocks on one line", func(n int) (string, string) {
			return "a.html", strings.Repeat(`<pre data-splice>{{E0.x}}</pre><script data-splice-roots>{"E0": {"y": 1}}</script>`, n)
		}},
		{"unclosed pres", func(n int) (string, string) { return "a.html", strings.Repeat("<pre data-splice>{{x}}", n) }},
		{"unclosed fences", func(n int) (string, string) { return "a.md", strings.Repeat("```splice\n{{x}}\n", n) }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var counts []int
			for n := 1000; n <= 4000; n *= 2 {
				name, src := tt.file(n)
				work = 0
				r := Check(name, src)
				counts = append(counts, work)
				if tt.name == "HTML blocks on one line" && len(r.Findings) != n {
					t.Fatalf("%d findings for %d blocks", len(r.Findings), n)
				}
			}
			for i := 1; i < len(counts); i++ {
				if float64(counts[i]) > 2.2*float64(counts[i-1]) {
					t.Errorf("work %v: it grows faster than the file", counts)
				}
			}
		})
	}
}

// A file of 10,000 examples, and one of 10 MB, are checked whole.
func TestLargeFiles(t *testing.T) {
	block := "```splice\n{{input.a}}\n```\n```json splice-roots\n{\"input\": {\"a\": 1}}\n```\n"
	if r := Check("a.md", strings.Repeat(block, 10000)); r.Blocks != 10000 || r.Failed() {
		t.Errorf("10,000 blocks: %d checked, findings %v", r.Blocks, findings(r)[:min(3, len(r.Findings))])
	}
	big := strings.Repeat("prose line\n", 1<<20) + "```splice\n{{E0.x}}\n```\n"
	if r := Check("a.md", big); r.Blocks != 1 || len(r.Findings) != 1 || r.Findings[0].Line != 1<<20+2 {
		t.Errorf("10 MB: %d blocks, findings %v", r.Blocks, findings(r))
	}
}

// A file of examples that each pass the engine's limits costs a few
// budgets, not one each: the check stops, saying where.
func TestManyLimitedBlocks(t *testing.T) {
	hostile := "```splice\n{{#E0.a}}{{#E0.a}}{{#E0.a}}{{#E0.a}}{{#E0.a}}.{{/E0.a}}{{/E0.a}}{{/E0.a}}{{/E0.a}}{{/E0.a}}\n```\n```json splice-roots\n{\"E0\": {\"a\": [" + strings.Repeat("1,", 27) + "1]}}\n```\n"
	r := Check("a.md", strings.Repeat(hostile, 50))
	// Expected or not, a LimitError took its budget.
	if expected := Check("a.md", strings.Repeat("<!-- splice: expect LimitError -->\n"+hostile, 50)); expected.Blocks != maxLimitedBlocks {
		t.Errorf("%d examples expecting a LimitError run", expected.Blocks)
	}
	got := findings(r)
	if r.Blocks != maxLimitedBlocks || len(got) != maxLimitedBlocks+1 || !strings.HasPrefix(got[0], "2:1: LimitError: ") ||
		got[maxLimitedBlocks] != "49:1: the check stops here: 8 examples before this one passed the engine's limits, and the 42 from here on are not run" {
		t.Errorf("%d blocks run, findings\n%s", r.Blocks, strings.Join(got, "\n"))
	}
}
