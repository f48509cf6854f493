package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func writeTestFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

const prCardTool = `name: pr_card
kind: reshape
input_schema:
  type: object
  required: [pr]
shape:
  id: "{{input.pr.number}}"
  label: "PR {{input.pr.number}} <{{input.pr.title}}>"
  price: 1.50
`

func TestToolCommand(t *testing.T) {
	dir := writeTestFiles(t, map[string]string{
		"card.yaml":   prCardTool,
		"call.json":   `{"pr": {"number": 12, "title": "a & b"}}`,
		"call.yaml":   "pr:\n  number: 0x0C\n  title: yes\n",
		"nopr.json":   `{"number": 12}`,
		"badpr.yaml":  "pr: 12\n",
		"bad.yaml":    "name: bad\nkind: reshape\nshape:\n  x: \"{{E0.id}}\"\n",
		"typed.yaml":  "name: typed\nkind: reshape\ninput_schema:\n  type: object\n  properties:\n    pr: {type: object}\nshape:\n  x: \"{{input.pr}}\"\n",
		"broken.json": `{"pr": `,
		"typo.yaml":   "name: t\nkind: reshape\n# {{input.pr.nmber}}\nshape:\n  body: |\n    see {{input.pr.nmber}}\n",
	})
	path := func(name string) string { return filepath.Join(dir, name) }
	runCases(t, []cliCase{
		{"call with a JSON input", []string{"tool", path("card.yaml"), "--call", path("call.json")}, 0,
			[]string{`"id": 12`, `"label": "PR 12 <a & b>"`, `"price": 1.50`}, nil},
		{"flags before the file, YAML input", []string{"tool", "--call", path("call.yaml"), path("card.yaml")}, 0,
			[]string{`"id": 12`, `"label": "PR 12 <yes>"`}, nil},
		{"load only", []string{"tool", path("card.yaml")}, 0, []string{"user__pr_card reshape ok"}, nil},
		{"an input that fails the schema", []string{"tool", path("card.yaml"), "--call", path("nopr.json")}, 1,
			nil, []string{"nopr.json:\nInputError (render), line 1:1", `missing required field "pr"`, `1 | {"number": 12}`}},
		{"a field that fails the schema, shown in the call", []string{"tool", path("typed.yaml"), "--call", path("badpr.yaml")}, 1,
			nil, []string{"badpr.yaml:\nInputError (render), line 1:5: field /pr: want object, got number", "  1 | pr: 12\n    |     ^"}},
		{"a tool that fails to load", []string{"tool", path("bad.yaml"), "--call", path("call.json")}, 1,
			nil, []string{"bad.yaml:", "MissingStep (load) at /x", "available: input"}},
		{"a call file that is not JSON", []string{"tool", path("card.yaml"), "--call", path("broken.json")}, 1,
			nil, []string{"broken.json"}},
		{"a leaf's error is shown in the file", []string{"tool", path("typo.yaml"), "--call", path("call.json")}, 1,
			nil, []string{"BadPath (render) at /body, line 6:9 (in the leaf 1:5)", "  6 |     see {{input.pr.nmber}}", "    |         ^^^^^^^^^^^^^^^^^^", `did you mean "number"?`}},
		{"no file", []string{"tool"}, 2, nil, []string{"usage: splice tool FILE"}},
		{"a missing file", []string{"tool", path("nope.yaml")}, 1, nil, []string{"nope.yaml"}},
	})
}

func TestToolsCommand(t *testing.T) {
	good := writeTestFiles(t, map[string]string{
		"card.yaml": prCardTool,
		"lint.yml":  "name: lint\nkind: exec\ncommand: [lint, \"{{input.dir}}\"]\n",
		"notes.txt": "not a tool",
	})
	var out, errb bytes.Buffer
	if code := Main([]string{"tools", good}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s%s", code, out.String(), errb.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 2 || strings.Join(strings.Fields(lines[0]), " ") != "user__pr_card reshape ok" ||
		strings.Join(strings.Fields(lines[1]), " ") != "user__lint exec ok" {
		t.Errorf("unexpected listing:\n%s", out.String())
	}

	bad := writeTestFiles(t, map[string]string{
		"card.yaml":  prCardTool,
		"shape.yaml": "name: shape\nkind: reshape\nshape: [1]\n",
		"twin.yaml":  "name: pr_card\nkind: reshape\ncaller_shape: true\n",
	})
	out.Reset()
	errb.Reset()
	if code := Main([]string{"tools", bad}, nil, &out, &errb); code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	assertInOrder(t, "stdout", out.String(), []string{
		"card.yaml", `duplicate tool name "pr_card"`,
		"shape.yaml", "shape must be an object",
		"twin.yaml", "also defined in " + filepath.Join(bad, "card.yaml"),
	})
	assertInOrder(t, "stderr", errb.String(), []string{"shape.yaml:", "ToolError (load), line 3:8", "  3 | shape: [1]"})

	if code := Main([]string{"tools", filepath.Join(bad, "missing")}, nil, &out, &errb); code != 1 {
		t.Errorf("a missing directory: exit %d, want 1", code)
	}
}

// assertInOrder checks that each part occurs in s, after the previous one.
func assertInOrder(t *testing.T, what, s string, parts []string) {
	t.Helper()
	rest := s
	for _, p := range parts {
		i := strings.Index(rest, p)
		if i < 0 {
			t.Errorf("%s lacks %q (in order):\n%s", what, p, s)
			return
		}
		rest = rest[i+len(p):]
	}
}
