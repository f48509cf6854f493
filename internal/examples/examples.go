// Package examples holds the playground's examples: one state for each
// feature of the dialect and each error kind, as the Examples menu, the
// docs and the tests open them.
package examples

import "github.com/splicedev/splice/internal/playground/state"

// Example is one entry of the Examples menu.
type Example struct {
	ID    string // stable, for tests and links
	Title string
	About string // the feature it shows, in one line
	Error bool   // shows an error kind
	state state.State
}

// Open returns a copy of the example's state, ready to edit.
func (e *Example) Open() state.State {
	s := e.state.Clone()
	if s.Mode == "" {
		s.Mode = state.ModeTemplate
	}
	if s.Later == nil {
		s.Later = []string{}
	}
	return s
}

// Default is what a first visit shows: the first of All, taken once init
// has put the plan examples after it.
var Default *Example

// ByID returns the example with id, or nil.
func ByID(id string) *Example {
	for i := range All {
		if All[i].ID == id {
			return &All[i]
		}
	}
	return nil
}

const issuesRoot = `{
  "issues": [
    {"number": 101, "title": "Crash on empty plan", "state": "open", "labels": ["bug", "p1"]},
    {"number": 102, "title": "Document reshape tools", "state": "open"},
    {"number": 97, "title": "Faster YAML decoding", "state": "closed", "labels": ["perf"]}
  ]
}`

const prRoot = `{
  "number": 1234,
  "title": "Add the reshape tool kind",
  "baseRefOid": "9f2c1e7",
  "isDraft": false,
  "author": {"login": "ada", "name": "Ada L."},
  "labels": ["feature", "reshape"],
  "additions": 412,
  "deletions": 37
}`

// All cover every feature of the dialect and every error kind.
var All = []Example{
	{
		ID: "issue-digest", Title: "Issue digest", About: "sections, bare keys, {{.}} and length",
		state: state.State{
			Template: "{{input.team}}: {{E0.issues.length}} issues\n" +
				"{{#E0.issues}}- #{{number}} {{title}} ({{state}}){{#labels}} [{{.}}]{{/labels}}\n" +
				"{{/E0.issues}}{{^E0.issues}}no results found{{/E0.issues}}",
			Roots: []state.RootText{{Name: "input", Text: `{"team": "Core", "max": 50}`}, {Name: "E0", Text: issuesRoot}},
		},
	},
	{
		ID: "typed-splice", Title: "Typed splice", About: "exactly one tag keeps the value's type",
		state: state.State{
			Template: "{{E0.ids}}",
			Roots: []state.RootText{{Name: "input", Text: `{"max": 50}`},
				{Name: "E0", Text: `{"ids": [101, 102, 97], "limit": 1.50, "big": 12345678901234567890}`}},
		},
	},
	{
		ID: "comma-idiom", Title: "The comma idiom", About: "{{^@last}}, {{/@last}} between items",
		state: state.State{
			Template: "Reviewers: {{#E1.values}}{{login}}{{^@last}}, {{/@last}}{{/E1.values}}",
			Roots: []state.RootText{{Name: "input", Text: `{}`},
				{Name: "E1", Text: `{"values": [{"login": "ada"}, {"login": "grace"}, {"login": "linus"}]}`}},
		},
	},
	{
		ID: "no-results", Title: "No results found", About: "an inverted section renders on empty data",
		state: state.State{
			Template: "{{#E1.values}}- {{title}}\n{{/E1.values}}{{^E1.values}}no results found{{/E1.values}}",
			Roots:    []state.RootText{{Name: "input", Text: `{"query": "label:regression"}`}, {Name: "E1", Text: `{"values": []}`}},
		},
	},
	{
		ID: "count-gating", Title: "Count gating", About: "{{#E1.issues.length}} gates on a non-zero count",
		state: state.State{
			Template: "{{#E1.issues.length}}{{E1.issues.length}} issues need triage{{/E1.issues.length}}" +
				"{{^E1.issues.length}}inbox zero{{/E1.issues.length}}",
			Roots: []state.RootText{{Name: "input", Text: `{}`},
				{Name: "E1", Text: `{"issues": [{"number": 7}, {"number": 9}]}`}},
		},
	},
	{
		ID: "decide-step", Title: "A decide step", About: "{{E1.branch}} and {{E1.result.…}}, with a YAML root",
		state: state.State{
			Template: "Took the {{E1.branch}} branch: {{E1.result.summary}} (commit {{E1.result.sha}})",
			Roots: []state.RootText{{Name: "input", Text: `{"service": "api"}`},
				{Name: "E1", Text: "branch: hotfix\nresult:\n  summary: patched the null check\n  sha: 4be2a90\n"}},
		},
	},
	{
		ID: "map-body", Title: "A map body", About: "item, index and accumulator in an iteration",
		state: state.State{
			Template:  "{{index}}. PR #{{item.number}}: {{item.title}} (after {{accumulator.length}} done)",
			Iteration: true,
			Roots: []state.RootText{{Name: "input", Text: `{"repo": "splice"}`},
				{Name: "item", Text: `{"number": 1234, "title": "Add the reshape tool kind"}`},
				{Name: "index", Text: "2"},
				{Name: "accumulator", Text: `["#1230 merged", "#1231 merged"]`}},
		},
	},
	{
		ID: "pr-card", Title: "Reshape: PR card", About: "a shape renders typed leaves and mixed text",
		state: state.State{
			Mode: state.ModeShape,
			Shape: "pr: \"{{E1.number}}\"\ntitle: \"PR #{{E1.number}}: {{E1.title}}\"\nbase_sha: \"{{E1.baseRefOid}}\"\n" +
				"author: \"{{E1.author.login}}\"\ndraft: \"{{E1.isDraft}}\"\nlabels: \"{{E1.labels}}\"\n" +
				"size:\n  added: \"{{E1.additions}}\"\n  removed: \"{{E1.deletions}}\"\n",
			Template: "{{E1.title}}",
			Roots:    []state.RootText{{Name: "input", Text: `{}`}, {Name: "E1", Text: prRoot}},
		},
	},
	{
		ID: "tool-schema", Title: "Reshape tool", About: "a user tool with input_schema and a fixed shape",
		state: state.State{
			Mode: state.ModeTool,
			Tool: "name: pr_card\nkind: reshape\ndescription: A compact card for a pull request.\n" +
				"input_schema:\n  type: object\n  required: [number, title]\n  properties:\n" +
				"    number: {type: integer}\n    title: {type: string}\n    labels: {type: array, items: {type: string}}\n" +
				"shape:\n  id: \"{{input.number}}\"\n  heading: \"#{{input.number}} {{input.title}}\"\n  labels: \"{{input.labels}}\"\n",
			Call:  `{"number": 42, "title": "Add reshape", "labels": ["feature"]}`,
			Roots: []state.RootText{{Name: "input", Text: `{}`}},
		},
	},
	{
		ID: "verbatim", Title: "Verbatim pass-through", About: "Helm and Actions {{ … }} in data are never re-parsed",
		state: state.State{
			Mode:  state.ModeShape,
			Shape: "{\n  \"values\": \"{{E0.chart}}\",\n  \"workflow\": \"{{E0.step}}\"\n}",
			Roots: []state.RootText{{Name: "input", Text: `{}`},
				{Name: "E0", Text: `{
  "chart": "image: {{ .Values.image.repository }}:{{ .Values.image.tag }}",
  "step": "run: echo ${{ github.sha }}"
}`}},
		},
	},
	{
		ID: "parse-error", Title: "ParseError", About: "conditionals and functions are not supported", Error: true,
		state: state.State{
			Template: "{{#if E0.ready}}ship it{{/if}}",
			Roots:    []state.RootText{{Name: "input", Text: `{}`}, {Name: "E0", Text: `{"ready": true}`}},
		},
	},
	{
		ID: "scope-error", Title: "ScopeError", About: "{{.}} and loop variables need a section", Error: true,
		state: state.State{
			Template: "{{@index}}: {{.}}",
			Roots:    []state.RootText{{Name: "input", Text: `{}`}},
		},
	},
	{
		ID: "missing-step", Title: "MissingStep", About: "unknown and later steps fail at load", Error: true,
		state: state.State{
			Template: "{{E7.summary}} then {{E9.result}}",
			Later:    []string{"E9"},
			Roots:    []state.RootText{{Name: "input", Text: `{}`}, {Name: "E0", Text: `{"summary": "ok"}`}},
		},
	},
	{
		ID: "bad-path", Title: "BadPath", About: "the data is there; the path walks off it", Error: true,
		state: state.State{
			Template: "First: {{E0.values.0.idd}}",
			Roots: []state.RootText{{Name: "input", Text: `{}`},
				{Name: "E0", Text: `{"values": [{"id": "T-1", "title": "Triage"}, {"id": "T-2", "title": "Ship"}]}`}},
		},
	},
	{
		ID: "empty-data", Title: "EmptyData", About: "nothing found: the data ran out", Error: true,
		state: state.State{
			Template: "First: {{E0.values.0.id}}",
			Roots:    []state.RootText{{Name: "input", Text: `{}`}, {Name: "E0", Text: `{"values": []}`}},
		},
	},
	{
		ID: "tool-error", Title: "ToolError", About: "a tool document that cannot load", Error: true,
		state: state.State{
			Mode:  state.ModeTool,
			Tool:  "name: pr card\nkind: reshape\nshape:\n  id: \"{{input.number}}\"\n",
			Call:  `{"number": 42}`,
			Roots: []state.RootText{{Name: "input", Text: `{}`}},
		},
	},
	{
		ID: "input-error", Title: "InputError", About: "a call that fails the tool's input_schema", Error: true,
		state: state.State{
			Mode: state.ModeTool,
			Tool: "name: pr_card\nkind: reshape\ninput_schema:\n  type: object\n  required: [number, title]\n" +
				"  properties:\n    number: {type: integer}\n    title: {type: string}\n" +
				"shape:\n  heading: \"#{{input.number}} {{input.title}}\"\n",
			Call:  `{"number": "42"}`,
			Roots: []state.RootText{{Name: "input", Text: `{}`}},
		},
	},
	{
		ID: "limit-error", Title: "LimitError", About: "nested sections multiply past the engine's bound", Error: true,
		state: state.State{
			Template: "{{#E0.a}}{{#E0.a}}{{#E0.a}}{{#E0.a}}{{#E0.a}}.{{/E0.a}}{{/E0.a}}{{/E0.a}}{{/E0.a}}{{/E0.a}}",
			Roots:    []state.RootText{{Name: "input", Text: `{}`}, {Name: "E0", Text: `{"a": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28]}`}},
		},
	},
}

// The plan examples: whole plan documents (DIALECT §9) for plan mode.
var planExamples = []Example{
	{
		ID: "pr-plan", Title: "Plan: review a pull request", About: "a sample, a reshape, a map, a decide step and a solver",
		state: state.State{Mode: state.ModePlan, Plan: `input: {repo: octo/hello, number: 42}
steps:
  - id: fetch_pr
    tool_name: github__pr_view       # runs elsewhere: its result is the sample
    input: {repo: "{{input.repo}}", number: "{{input.number}}"}
    result:
      number: 42
      title: Fix the docs
      author: {login: ada}
      files:
        - {path: README.md, additions: 3}
        - {path: docs/plan.md, additions: 40}
        - {path: go.mod, additions: 1}
  - id: card
    tool_name: builtin__reshape       # computed here
    input:
      shape:
        title: "#{{fetch_pr.number}} {{fetch_pr.title}}"
        by: "{{fetch_pr.author.login}}"
  - id: per_file                      # a map: the body once per file
    over: "{{fetch_pr.files}}"
    tool_name: builtin__reshape
    input: {shape: {line: "{{item.path}} +{{item.additions}}", n: "{{index}}"}}
  - id: route                         # a decide step: branch is the sample decision
    decide:
      big:
        - id: review
          tool_name: builtin__reshape
          input: {shape: {files: "{{per_file}}", by: "{{card.by}}"}}
      small: []
    branch: big
solver: "{{card.title}} by {{card.by}}: {{#per_file}}{{line}}{{^@last}}, {{/@last}}{{/per_file}} ({{route.branch}})"
`},
	},
	{
		ID: "fold-plan", Title: "Plan: a fold", About: "initial, then each result the next accumulator",
		state: state.State{Mode: state.ModePlan, Plan: `input:
  releases: [v1.0, v1.1, v2.0]
steps:
  - id: changelog
    over: "{{input.releases}}"
    initial: {last: none}
    tool_name: builtin__reshape
    input:
      shape:
        previous: "{{accumulator.last}}"
        last: "{{item}}"
        position: "{{index}}"
solver: "last release {{changelog.last}}, after {{changelog.previous}}"
`},
	},
	{
		ID: "broken-plan", Title: "Plan: a broken step", About: "a failing step blocks only what reads it", Error: true,
		state: state.State{Mode: state.ModePlan, Plan: `input: {team: core}
steps:
  - id: issues
    tool_name: github__issue_list
    input: {label: "{{input.team}}"}
    result: {items: [{number: 7, title: Flaky test}, {number: 9, title: Slow build}]}
  - id: first
    tool_name: builtin__reshape
    input: {shape: {title: "{{issues.items.0.titel}}"}}
  - id: summary
    tool_name: builtin__reshape
    input: {shape: {text: "first: {{first.title}}"}}
  - id: count
    tool_name: builtin__reshape
    input: {shape: {open: "{{issues.items.length}}"}}
solver: "{{count.open}} open"
`},
	},
}

func init() {
	for _, ex := range planExamples {
		ex.state.Roots = []state.RootText{{Name: "input", Text: "{}"}} // the plan holds its own input
		All = append(All, ex)
	}
	Default = &All[0]
}
