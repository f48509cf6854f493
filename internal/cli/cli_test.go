package cli

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

// cliCase is one run of the splice command: its arguments and standard
// input, the exit code it must give, and what its output must hold.
type cliCase struct {
	name   string
	args   []string
	code   int
	stdout []string // substrings of stdout, in order
	stderr []string // substrings of stderr, in order
}

// runCases runs each case through Main with its own streams.
func runCases(t *testing.T, cases []cliCase) {
	t.Helper()
	runCasesWithInput(t, "", cases)
}

// runCasesWithInput is runCases with stdin holding input.
func runCasesWithInput(t *testing.T, input string, cases []cliCase) {
	t.Helper()
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := Main(tt.args, strings.NewReader(input), &out, &errb)
			if code != tt.code {
				t.Errorf("exit %d, want %d\nstdout: %s\nstderr: %s", code, tt.code, out.String(), errb.String())
			}
			assertInOrder(t, "stdout", out.String(), tt.stdout)
			assertInOrder(t, "stderr", errb.String(), tt.stderr)
		})
	}
}

func TestHelp(t *testing.T) {
	runCases(t, []cliCase{
		{"--help lists the commands", []string{"--help"}, 0,
			[]string{"usage: splice <command>", "check", "conformance", "plan", "render", "serve", "static", "tool", "tools", "vector"}, nil},
		{"no arguments", nil, 0, []string{"commands:"}, nil},
		{"an unknown command", []string{"compress"}, 2, nil, []string{`unknown command "compress"`, "commands:"}},
	})
}

func TestRenderAndCheck(t *testing.T) {
	dir := writeTestFiles(t, map[string]string{
		"pr.json":    `{"number": 42, "labels": ["bug", "ui"], "price": 1.50}`,
		"other.json": `{"number": 7}`,
		"in.yaml":    "team: Core\n",
		"card.tmpl":  "{{input.team}}: PR #{{E1.number}}\n",
		"shape.yaml": "id: \"{{E1.number}}\"\ntitle: \"PR {{E1.number}}\"\n",
		"bad.json":   `{"number": `,
	})
	path := func(name string) string { return filepath.Join(dir, name) }
	e1 := "E1=" + path("pr.json")
	runCases(t, []cliCase{
		{"mixed text", []string{"render", "-t", "PR #{{E1.number}}", "--root", e1}, 0, []string{"PR #42\n"}, nil},
		{"a typed splice is pretty JSON", []string{"render", "-t", "{{E1.labels}}", "--root", e1}, 0,
			[]string{`["bug", "ui"]`}, nil},
		{"numbers keep their text", []string{"render", "-t", "{{E1.price}}", "--root", e1}, 0, []string{"1.50\n"}, nil},
		{"a template file and a YAML input", []string{"render", "-f", path("card.tmpl"), "--root", "input=" + path("in.yaml"), "--root", e1}, 0,
			[]string{"Core: PR #42"}, nil},
		{"a shape", []string{"render", "--shape", path("shape.yaml"), "--root", e1}, 0,
			[]string{`"id": 42`, `"title": "PR 42"`}, nil},
		{"the last of a repeated root wins", []string{"render", "-t", "{{E1.number}}", "--root", e1, "--root", "E1=" + path("other.json")}, 0,
			[]string{"7\n"}, nil},
		{"a repeated root keeps its first place", []string{"check", "-t", "{{E2.x}}", "--root", e1, "--root", "E2=" + path("other.json"), "--root", e1}, 0,
			[]string{"ok\n"}, nil},
		{"a BadPath with its caret", []string{"render", "-t", "x {{E1.nubmer}}", "--root", e1}, 1,
			nil, []string{"BadPath (render), line 1:3", "1 | x {{E1.nubmer}}", "^^^^", `did you mean "number"?`}},
		{"a later step", []string{"render", "-t", "{{E9.x}}", "--root", e1, "--later", "E9"}, 1,
			nil, []string{"MissingStep (load)", "E9"}},
		{"iteration roots", []string{"check", "-t", "{{item.n}} {{index}}", "--iteration"}, 0, []string{"ok"}, nil},
		{"check passes", []string{"check", "-t", "{{#E1.labels}}{{.}}{{/E1.labels}}", "--root", e1}, 0, []string{"ok\n"}, nil},
		{"check finds a missing step", []string{"check", "-t", "{{E0.x}}", "--root", e1}, 1,
			nil, []string{"MissingStep (load)", "E0"}},
		{"check does not render", []string{"check", "-t", "{{E1.none}}", "--root", e1}, 0, []string{"ok"}, nil},
		{"a root that does not parse", []string{"render", "-t", "x", "--root", "E1=" + path("bad.json")}, 2, nil, []string{"bad.json"}},
		{"a root that is not NAME=FILE", []string{"render", "-t", "x", "--root", "E1"}, 2, nil, []string{"want NAME=FILE"}},
		{"no template", []string{"render", "--root", e1}, 2, nil, []string{"give exactly one of -t TEMPLATE, -f FILE or --shape FILE"}},
		{"nothing to check", []string{"check"}, 2, nil, []string{"give a plan file, docs to check"}},
		{"two templates", []string{"check", "-t", "x", "-f", path("card.tmpl")}, 2, nil, []string{"give exactly one"}},
	})
}

func TestRenderReadsStdin(t *testing.T) {
	runCasesWithInput(t, `{"n": 3}`, []cliCase{
		{"a root from stdin", []string{"render", "-t", "n={{E0.n}}", "--root", "E0=-"}, 0, []string{"n=3"}, nil},
	})
}

func TestConformanceCommand(t *testing.T) {
	dir := writeTestFiles(t, map[string]string{
		"fail.json": `{"tests": [{"name": "wrong on purpose", "template": "{{input.a}}", "roots": {"input": {"a": 1}}, "expect": {"result": 2}}]}`,
	})
	runCases(t, []cliCase{
		{"the engine's vectors", []string{"conformance", "../../template/testdata", "../../reshape/testdata"}, 0,
			[]string{" passed, 0 failed"}, nil},
		{"a failing vector", []string{"conformance", filepath.Join(dir, "fail.json")}, 1,
			[]string{"FAIL", "wrong on purpose", "0 passed, 1 failed"}, nil},
		{"no path", []string{"conformance"}, 2, nil, []string{"usage: splice conformance PATH"}},
		{"a missing path", []string{"conformance", filepath.Join(dir, "nope")}, 2, nil, []string{"nope"}},
	})
}
