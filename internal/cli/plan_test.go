package cli

import (
	"os"
	"path/filepath"
	"testing"
)

const prPlan = `input: {repo: octo/hello}
steps:
  - id: fetch_pr
    tool_name: github__pr_view
    input: {repo: "{{input.repo}}"}
    result: {number: 42, title: Fix, files: [{path: a.go}, {path: b.go}]}
  - id: per_file
    over: "{{fetch_pr.files}}"
    tool_name: builtin__reshape
    input: {shape: {p: "{{item.path}}", n: "{{index}}"}}
  - id: route
    decide:
      big: [{id: review, tool_name: builtin__reshape, input: {shape: {n: "{{fetch_pr.number}}"}}}]
      small: [{id: skip, tool_name: builtin__reshape, input: {shape: {n: 0}}}]
    branch: big
solver: "#{{fetch_pr.number}}: {{#per_file}}{{p}}{{^@last}}, {{/@last}}{{/per_file}}"
`

const brokenPlan = `steps:
  - id: E0
    tool_name: t
    result: {name: n}
  - id: E1
    tool_name: builtin__reshape
    input: {shape: {x: "{{E0.nam}}"}}
  - id: E2
    tool_name: builtin__reshape
    input:
      shape:
        y: "{{E1.x}}"
        title: PR #{{E0.name}}
`

func TestPlanCommand(t *testing.T) {
	dir := t.TempDir()
	pr, broken, late := filepath.Join(dir, "pr.yaml"), filepath.Join(dir, "broken.yaml"), filepath.Join(dir, "late.yaml")
	os.WriteFile(pr, []byte(prPlan), 0o644)
	os.WriteFile(broken, []byte(brokenPlan), 0o644)
	os.WriteFile(late, []byte("steps:\n  - id: E0\n    tool_name: builtin__reshape\n    input: {shape: {x: \"{{E1}}\"}}\n  - id: E1\n    tool_name: t\n    result: 1\n"), 0o644)
	slip := filepath.Join(dir, "slip.yaml")
	os.WriteFile(slip, []byte("steps:\n  - id: a\n    tool_name:builtin__reshape\n    input: {shape: {x: 1}}\n"), 0o644)
	runCases(t, []cliCase{
		{"every step and the solver", []string{"plan", pr}, 0,
			[]string{"fetch_pr", "sample", `"number":42`, "per_file", "ok", `[{"p":"a.go","n":0},{"p":"b.go","n":1}]`,
				"route", "ok", `{"branch":"big","result":{"n":42}}`, "  review", "  skip", "skipped", "branch small not taken", "solver: #42: a.go, b.go"}, nil},
		{"-v: every iteration", []string{"plan", "-v", pr}, 0, []string{"per_file", `[0] item {"path":"a.go"} → {"p":"a.go","n":0}`, `[1] item`}, nil},
		{"--step: the rendered input and the result", []string{"plan", "--step", "per_file", pr}, 0,
			[]string{"per_file: ok", "iteration 0 input:", `"p": "a.go"`, "iteration 1 input:", "result:"}, nil},
		{"--json", []string{"plan", "--json", pr}, 0,
			[]string{`{"steps":{"fetch_pr":{"status":"sample","form":"call","input":{"repo":"octo/hello"}`, `"skip":{"status":"skipped","form":"call","in":"route"}`, `"solver":{"status":"ok","result":"#42: a.go, b.go"},"errors":[],"warnings":[]}`}, nil},
		{"a broken step: its readers blocked, the error placed in the file, a warning", []string{"plan", broken}, 1,
			[]string{"E0", "sample", "E1", "failed", "BadPath", "E2", "blocked", "by E1"},
			[]string{broken + ":13:19: warning: this comment hides a tag", `fix: "PR #{{E0.name}}"`,
				broken + `:7:25: BadPath: step E1: no key "nam" in the object at E0 (at /steps/1/input/shape/x)`, "7 |", "^^^", "available: name", `did you mean "name"?`}},
		{"--json of a broken plan", []string{"plan", "--json", broken}, 1,
			[]string{`"E2":{"status":"blocked","form":"call","blocked_by":"E1"}`, `"errors":[{"kind":"BadPath","phase":"render","step":"E1","at":"/steps/1/input/shape/x","line":7,"column":25`}, nil},
		{"a forward reference fails at load", []string{"check", late}, 1, nil, []string{late + ":4:25: MissingStep: step E0:", "runs later"}},
		{"check of a plan that loads", []string{"check", pr}, 0, []string{"ok"}, nil},
		{"a YAML slip: placed, shown and mended", []string{"check", slip}, 1, nil,
			[]string{slip + `:4:5: ToolError: YAML syntax: no space after the ':' of "tool_name"`, "4 |     input:", `fix: line 3 as "    tool_name: builtin__reshape"`}},
		{"check of a file that is no plan", []string{"check", filepath.Join(dir, "none.yaml")}, 2, nil, []string{"no such file"}},
		{"--format mermaid: the graph, a subgraph per container and branch, statuses as classes", []string{"plan", "--format", "mermaid", pr}, 0,
			[]string{"flowchart TD\n", "classDef ok ", `n0["fetch_pr<br/>call · github__pr_view<br/>sample"]:::sample`,
				`subgraph n1g["map per_file"]`, `n1["per_file<br/>map · builtin__reshape × 2<br/>ok"]:::ok`,
				`subgraph n2g["decide route"]`, `subgraph n3["branch big (taken)"]`, `subgraph n5["branch small (not taken)"]`, `:::skipped`,
				"n0 --> n1\n", "n0 --> n4\n", "n0 --> n7\n", "n1 --> n7\n"}, nil},
		{"--format mermaid of a broken plan: blocked edges dotted", []string{"plan", "--format", "mermaid", broken}, 1,
			[]string{`n1["E1<br/>call · builtin__reshape<br/>failed"]:::failed`, "n1 -.->|blocked| n2\n"}, []string{"BadPath"}},
		{"an unknown format", []string{"plan", "--format", "dot", pr}, 2, nil, []string{`--format "dot"`}},
		{"an unknown step", []string{"plan", "--step", "nope", pr}, 2, nil, []string{`no step "nope"`}},
		{"no file", []string{"plan"}, 2, nil, []string{"usage: splice plan"}},
	})
	runCasesWithInput(t, prPlan, []cliCase{{"a plan on stdin", []string{"plan", "-"}, 0, []string{"solver: #42: a.go, b.go"}, nil}})
}
