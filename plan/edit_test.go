package plan

import (
	"strconv"
	"strings"
	"testing"
)

const editPlan = `input: {n: 1}
steps:
  - id: fetch
    tool_name: gh__view
    input: {n: "{{input.n}}"}
  - id: route
    decide:
      big:
        - id: card
          tool_name: builtin__reshape
          input: {shape: {t: "{{fetch.title}} {{fetch.files}}"}}
      small: []
    branch: big
solver: "{{fetch.title}}"
`

func TestStepAt(t *testing.T) {
	p := Load(editPlan)
	for _, tt := range []struct{ at, want string }{
		{"tool_name: gh__view", "fetch"},
		{"- id: fetch", "fetch"},
		{"{{fetch.title}} {{", "card"},
		{"small: []", "route"},
		{"branch: big", "route"},
		{"solver:", ""},
	} {
		got := ""
		if s := p.StepAt(strings.Index(editPlan, tt.at) + 2); s != nil {
			got = s.ID
		}
		if got != tt.want {
			t.Errorf("StepAt(%q) = %q, want %q", tt.at, got, tt.want)
		}
	}
}

func TestSpansCoverBrokenTemplates(t *testing.T) {
	p := Load(strings.Replace(editPlan, "{{fetch.files}}", "{{nope.files}}", 1))
	var paths []string
	for _, sp := range p.Spans() {
		paths = append(paths, sp.Path)
	}
	if got := strings.Join(paths, " "); got != "input.n fetch.title nope.files fetch.title" {
		t.Errorf("spans %q", got)
	}
}

func TestSampleSkeleton(t *testing.T) {
	p := Load(editPlan)
	at, insert, ok := p.SampleSkeleton("fetch")
	if !ok {
		t.Fatal("no skeleton for a step without its sample")
	}
	text := editPlan[:at] + insert + editPlan[at:]
	if !strings.Contains(text, "\n    input: {n: \"{{input.n}}\"}\n    result:\n      title: \"<title>\"\n      files: \"<files>\"\n") {
		t.Errorf("skeleton inserted as\n%s", text)
	}
	q := Load(text)
	if s, _ := q.Step("fetch"); s.NeedsSample() || len(q.Errors) != 0 {
		t.Errorf("after the skeleton: %v", q.Errors)
	}
	if _, _, ok := q.SampleSkeleton("fetch"); ok {
		t.Error("a skeleton offered for a step with its sample")
	}
	j := Load(`{"steps": [{"id": "a", "tool_name": "x", "input": {}}]}`)
	at, insert, _ = j.SampleSkeleton("a")
	if got := j.Text()[:at] + insert + j.Text()[at:]; got != `{"steps": [{"result": {}, "id": "a", "tool_name": "x", "input": {}}]}` {
		t.Errorf("JSON skeleton: %s", got)
	}
	// Keys read deeper nest; an input written as a block, with a block
	// scalar, stays whole before the result.
	nested := "steps:\n  - id: pr\n    tool_name: gh__view\n    input:\n      q: |\n        a\n\n        b\n  - id: card\n    tool_name: builtin__reshape\n" +
		"    input: {shape: {by: \"{{pr.author.login}}\", n: \"{{pr.files.length}}\", first: \"{{pr.files.0.path}}\"}}\n"
	n := Load(nested)
	at, insert, _ = n.SampleSkeleton("pr")
	want := "        b\n    result:\n      author:\n        login: \"<login>\"\n      files: [{\"path\":\"<path>\"}]\n  - id: card"
	if got := nested[:at] + insert + nested[at:]; !strings.Contains(got, want) || len(Load(got).Errors) != 0 {
		t.Errorf("nested skeleton:\n%s\nerrors %v", got, Load(got).Errors)
	}
}

func TestSetBranch(t *testing.T) {
	text := strings.Replace(editPlan, "input: {n: \"{{input.n}}\"}", "input: {n: \"{{input.n}}\"}\n    result: {title: T, files: []}", 1)
	p := Load(text)
	from, to, insert, ok := p.SetBranch("route", "small")
	if !ok {
		t.Fatal("SetBranch refused a branch of the step")
	}
	edited := text[:from] + insert + text[to:]
	if s, _ := Load(edited).Step("route"); s.Branch != "small" {
		t.Errorf("after the edit the branch is %q:\n%s", s.Branch, edited)
	}
	if _, _, _, ok := p.SetBranch("route", "medium"); ok {
		t.Error("SetBranch took a name that is no branch")
	}
	j := Load(`{"steps": [{"id": "d", "decide": {"a": [], "b": []}, "branch": "a"}]}`)
	from, to, insert, _ = j.SetBranch("d", "b")
	if got := j.Text()[:from] + insert + j.Text()[to:]; got != `{"steps": [{"id": "d", "decide": {"a": [], "b": []}, "branch": "b"}]}` {
		t.Errorf("JSON branch: %s", got)
	}
}

func TestIterationTrace(t *testing.T) {
	text := "steps:\n  - id: m\n    over: [a, b]\n    tool_name: builtin__reshape\n    input: {shape: {x: \"{{item}}-{{index}}\"}}\n"
	o := Run(Load(text), Options{})
	trace := o.IterationTrace("m", 1)
	var got []string
	for _, e := range trace {
		got = append(got, e.Value.JSON()+"@"+strconv.Itoa(e.Doc.Offset))
	}
	want := []string{`"b"@` + strconv.Itoa(strings.Index(text, "{{item}}")), `1@` + strconv.Itoa(strings.Index(text, "{{index}}"))}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("trace %v, want %v", got, want)
	}
	if o.IterationTrace("m", 2) != nil {
		t.Error("a trace of an iteration that did not run")
	}
}
