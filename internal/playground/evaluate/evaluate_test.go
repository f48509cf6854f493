package evaluate

import (
	"strings"
	"testing"

	"github.com/splicedev/splice/internal/display"
	"github.com/splicedev/splice/internal/examples"
	"github.com/splicedev/splice/internal/playground/state"
	"github.com/splicedev/splice/template"
)

// expected evaluates s afresh, as a page that opens it does: in plan
// mode, the output shows the solver.
func expected(s state.State) Outcome {
	var e Evaluator
	o := e.Evaluate(&s)
	o.Show("", 0)
	return o
}

// first is the first of two results.
func first[T, U any](t T, _ U) T { return t }

// exampleKinds is the error kind each error example is about.
var exampleKinds = map[string]string{
	"parse-error":  "ParseError",
	"scope-error":  "ScopeError",
	"missing-step": "MissingStep",
	"bad-path":     "BadPath",
	"empty-data":   "EmptyData",
	"tool-error":   "ToolError",
	"input-error":  "InputError",
	"limit-error":  "LimitError",
	"broken-plan":  "BadPath",
}

func TestExamples(t *testing.T) {
	if len(examples.All) < 10 {
		t.Errorf("%d examples, want at least 10", len(examples.All))
	}
	seen := map[string]bool{}
	for i := range examples.All {
		ex := &examples.All[i]
		t.Run(ex.ID, func(t *testing.T) {
			if seen[ex.ID] {
				t.Fatalf("two examples are called %s", ex.ID)
			}
			seen[ex.ID] = true
			s := ex.Open()
			normal := s.Clone()
			if err := normal.Normalize(); err != nil {
				t.Fatalf("the example's state is not valid: %v", err)
			}
			if a, _ := state.Encode(normal); a != first(state.Encode(s)) {
				t.Fatalf("the example's state is not in normal form: %+v", s)
			}
			out := expected(s)
			kind, isError := exampleKinds[ex.ID]
			if isError != ex.Error {
				t.Fatalf("Error = %v, but the kind table says %v", ex.Error, isError)
			}
			if !isError {
				if out.Result == nil || len(out.Problems) > 0 {
					t.Errorf("no result: %+v", out.Problems)
				}
				return
			}
			if len(out.Problems) == 0 || out.Problems[0].KindName() != kind {
				t.Errorf("problems %+v, want %s first", out.Problems, kind)
			}
		})
	}
	// Every kind the engine has, not only the kinds of the table above.
	for _, kind := range template.ErrorKinds() {
		found := false
		for id := range exampleKinds {
			found = found || exampleKinds[id] == kind.String() && examples.ByID(id) != nil
		}
		if !found {
			t.Errorf("no example shows %s", kind)
		}
	}
}

func TestDecodeData(t *testing.T) {
	tests := []struct {
		Text       string
		json       string // the value, when it decodes
		line, col  int    // the error's place, when it does not
		msgContain string
	}{
		{`{"a": [1, 2.50]}`, `{"a":[1,2.50]}`, 0, 0, ""},
		{"", "null", 0, 0, ""},
		{"  \n", "null", 0, 0, ""},
		{"a: 1\nb: [x, y]\n", `{"a":1,"b":["x","y"]}`, 0, 0, ""},
		{"{\n  \"a\": 1,\n}", "", 3, 1, "JSON"},
		{"[1, 2", "", 1, 6, "JSON"},
	}
	for _, tt := range tests {
		v, p := decodeData(tt.Text)
		if tt.json != "" {
			if p != nil || v.JSON() != tt.json {
				t.Errorf("decodeData(%q) = %s, %+v; want %s", tt.Text, v.JSON(), p, tt.json)
			}
			continue
		}
		if p == nil || p.KindName() != "SyntaxError" || p.Pos.Line != tt.line || p.Pos.Column != tt.col || !strings.Contains(p.Msg, tt.msgContain) {
			t.Errorf("decodeData(%q) problem = %+v, want a SyntaxError at %d:%d mentioning %q", tt.Text, p, tt.line, tt.col, tt.msgContain)
		}
	}
}

// TestTemplateEditKeepsDecodedRoots checks that an edit to the template
// never decodes the roots again.
func TestTemplateEditKeepsDecodedRoots(t *testing.T) {
	s := examples.Default.Open()
	var e Evaluator
	e.Evaluate(&s)
	before := map[string]*decoded{}
	for _, d := range e.cache {
		before[d.Text] = d
	}
	s.Template += " more"
	e.Evaluate(&s)
	for _, r := range s.Roots {
		if d := e.lookup(r.Text); before[r.Text] != d {
			t.Errorf("root %s was decoded again", r.Name)
		}
	}
	s.Roots[1].Text = `{"issues": []}`
	e.Evaluate(&s)
	if d := e.lookup(s.Roots[1].Text); d == before[s.Roots[1].Text] || d.value.JSON() != `{"issues":[]}` {
		t.Errorf("an edited root was not decoded again")
	}
	if len(e.cache) != len(s.Roots) {
		t.Errorf("the cache holds %d texts for %d roots", len(e.cache), len(s.Roots))
	}
}

func TestEvaluateResults(t *testing.T) {
	roots := []state.RootText{{Name: "input", Text: `{"team": "Core"}`}, {Name: "E0", Text: `{"n": 1.50, "tags": ["a", "b"], "none": null}`}}
	tests := []struct {
		template string
		json     string
		display  string
		typed    bool
		mixed    bool
	}{
		{"{{E0.n}}", "1.50", "1.50", true, false},
		{"{{ E0.tags }}", `["a","b"]`, `["a", "b"]`, true, false},
		{"{{E0.none}}", "null", "null", true, false},
		{"{{input.team}}", `"Core"`, `"Core"`, true, false},
		{"team {{input.team}}  \n", `"team Core  \n"`, "team Core  \n", false, true},
		{"<{{E0.tags}}>", `"<[\"a\",\"b\"]>"`, `<["a","b"]>`, false, true},
	}
	for _, tt := range tests {
		s := state.State{Mode: state.ModeTemplate, Template: tt.template, Roots: roots}
		out := expected(s)
		if out.Result == nil || out.Result.JSON != tt.json || out.Result.Display != tt.display || out.Result.Splice != tt.typed || out.Result.Mixed != tt.mixed {
			t.Errorf("%q: got json %s display %q typed %v mixed %v (problems %+v)", tt.template, out.Result.JSON, out.Result.Display, out.Result.Splice, out.Result.Mixed, out.Problems)
		}
	}
}

func TestEvaluateProblems(t *testing.T) {
	roots := []state.RootText{{Name: "input", Text: `{}`}, {Name: "E0", Text: `{"values": [{"id": 1, "title": "t"}], "empty": []}`}}
	tests := []struct {
		name     string
		template string
		later    []string
		kind     string
		label    string
		line     int
		column   int
		tag      string // the text the problem selects
		segment  string // the failing segment, "" when none
		keys     []string
	}{
		{"bad path", "x\n  {{ E0.values.0.idd }}", nil, "BadPath", "BadPath", 2, 3, "{{ E0.values.0.idd }}", "idd", []string{"id", "title"}},
		{"bad root", "{{E1.x}}", nil, "MissingStep", "MissingStep", 1, 1, "{{E1.x}}", "E1", []string{"input", "E0"}},
		{"later", "é {{E9.x}}", []string{"E9"}, "MissingStep", "MissingStep", 1, 3, "{{E9.x}}", "E9", []string{"input", "E0"}},
		{"empty", "{{E0.empty.0}}", nil, "EmptyData", "nothing found", 1, 1, "{{E0.empty.0}}", "", nil},
		{"parse", "{{#if E0}}x{{/if}}", nil, "ParseError", "ParseError", 1, 1, "", "", nil},
	}
	for _, tt := range tests {
		s := state.State{Mode: state.ModeTemplate, Template: tt.template, Roots: roots, Later: tt.later}
		out := expected(s)
		if out.Result != nil || len(out.Problems) == 0 {
			t.Errorf("%s: no problem, result %s", tt.name, out.Result.JSON)
			continue
		}
		p := out.Problems[0]
		if p.KindName() != tt.kind || p.Label() != tt.label || p.Pos.Line != tt.line || p.Pos.Column != tt.column || p.Target != (state.Target{}) {
			t.Errorf("%s: problem %+v, want %s (%s) at %d:%d", tt.name, p, tt.kind, tt.label, tt.line, tt.column)
			continue
		}
		if tt.tag != "" && tt.template[p.Pos.Offset:p.End] != tt.tag {
			t.Errorf("%s: selects %q, want %q", tt.name, tt.template[p.Pos.Offset:p.End], tt.tag)
		}
		if tt.segment != "" && (p.SegStart < 0 || tt.template[p.SegStart:p.SegEnd] != tt.segment) {
			t.Errorf("%s: segment %v, want %q", tt.name, [2]int{p.SegStart, p.SegEnd}, tt.segment)
		}
		if strings.Join(p.Available, ",") != strings.Join(tt.keys, ",") {
			t.Errorf("%s: keys %q, want %q", tt.name, p.Available, tt.keys)
		}
	}
}

func TestRootSyntaxErrorBlocksRender(t *testing.T) {
	s := state.State{Mode: state.ModeTemplate, Template: "{{E0.a}}", Roots: []state.RootText{{Name: "input", Text: "{}"}, {Name: "E0", Text: "{\"a\": }"}}}
	out := expected(s)
	if out.Result != nil {
		t.Error("rendered against a root that does not parse")
	}
	p := out.rootErrors["E0"]
	if p == nil || p.Target != (state.Target{Root: "E0"}) || p.Pos.Line != 1 || p.Pos.Column != 7 || !strings.HasPrefix(p.Msg, "root E0: JSON") {
		t.Fatalf("root error = %+v", p)
	}
	if len(out.Problems) != 1 || out.Problems[0].Target != (state.Target{Root: "E0"}) {
		t.Errorf("problems = %+v", out.Problems)
	}
}

// TestBrokenRootBlocksOnlyWhatReadsIt: a root that does not decode keeps
// its problem, and blocks the templates and shapes that may read it, not
// the others.
func TestBrokenRootBlocksOnlyWhatReadsIt(t *testing.T) {
	roots := []state.RootText{{Name: "input", Text: `{"team": "Core"}`}, {Name: "E1", Text: `{"a": 1,,}`}}
	tests := []struct {
		s      state.State
		result string // the JSON of the result, "" when there is none
	}{
		{state.State{Mode: state.ModeTemplate, Template: "team {{input.team}}", Roots: roots}, `"team Core"`},
		{state.State{Mode: state.ModeTemplate, Template: "{{E1.a}}", Roots: roots}, ""},
		{state.State{Mode: state.ModeTemplate, Template: "{{#input.team}}{{E1}}{{/input.team}}", Roots: roots}, ""}, // a bare key may read the root
		{state.State{Mode: state.ModeShape, Shape: `{"t": "{{input.team}}"}`, Roots: roots}, `{"t":"Core"}`},
		{state.State{Mode: state.ModeShape, Shape: `{"t": "{{input.team}}", "a": "{{E1.a}}"}`, Roots: roots}, ""},
	}
	for _, tt := range tests {
		out := expected(tt.s)
		if out.rootErrors["E1"] == nil {
			t.Errorf("%s: the broken root has no problem", tt.s.Text(state.Target{}))
		}
		got := ""
		if out.Result != nil {
			got = out.Result.JSON
		}
		if got != tt.result {
			t.Errorf("%s: result %q, want %q", tt.s.Text(state.Target{}), got, tt.result)
		}
	}
}

func TestShapeLeafProblemIsPlacedInTheDocument(t *testing.T) {
	shape := "pr: \"{{E1.number}}\"\ntitle: \"PR {{E1.titel}}\"\n"
	s := state.State{Mode: state.ModeShape, Shape: shape, Roots: []state.RootText{{Name: "input", Text: "{}"}, {Name: "E1", Text: `{"number": 7, "title": "x"}`}}}
	out := expected(s)
	if len(out.Problems) != 1 {
		t.Fatalf("problems = %+v", out.Problems)
	}
	p := out.Problems[0]
	if p.Kind != template.BadPath || p.At != "/title" || p.Pos.Line != 2 || p.Pos.Column != 12 || shape[p.Pos.Offset:p.End] != "{{E1.titel}}" {
		t.Errorf("problem = %+v", p)
	}
	if fixed := shape[:p.SegStart] + "title" + shape[p.SegEnd:]; !strings.Contains(fixed, "{{E1.title}}") {
		t.Errorf("the fix's segment gives %q", fixed)
	}
}

// TestLeafProblemsComeFromTheDocument: where a leaf's error is shown comes
// from the node the leaf was read from, never from searching the text: a
// leaf written with escapes, a multi-line leaf and text that repeats the
// leaf elsewhere (a comment) all point at the tag itself, in shape and in
// tool mode, and the problems and the trace agree.
func TestLeafProblemsComeFromTheDocument(t *testing.T) {
	roots := []state.RootText{{Name: "input", Text: "{}"}, {Name: "E0", Text: `{"name": "n"}`}}
	tests := []struct {
		name string
		s    state.State
		line int
	}{
		{"a multi-line JSON leaf", state.State{Mode: state.ModeShape, Shape: `{"body": "Hello\n  {{E0.nme}}"}`, Roots: roots}, 1},
		{"a leaf with escapes", state.State{Mode: state.ModeShape, Shape: `{"b": "\"q\" \u00e9 {{E0.nme}}"}`, Roots: roots}, 1},
		{"a comment repeating the leaf", state.State{Mode: state.ModeShape, Shape: "# x {{E0.nme}}\nb: x {{E0.nme}}\n", Roots: roots}, 2},
		{"a YAML block leaf", state.State{Mode: state.ModeShape, Shape: "b: |\n  one\n  {{E0.nme}}\n", Roots: roots}, 3},
		{"a tool's leaf", state.State{Mode: state.ModeTool, Tool: "name: t\nkind: reshape\n# {{input.nme}}\nshape:\n  b: |\n    {{input.nme}}\n", Call: `{"name": "n"}`}, 6},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := expected(tt.s)
			text := tt.s.Text(state.Target{})
			if len(out.Problems) != 1 {
				t.Fatalf("problems = %+v", out.Problems)
			}
			p := out.Problems[0]
			if p.Kind != template.BadPath || p.Pos.Line != tt.line || !strings.HasPrefix(text[p.Pos.Offset:p.End], "{{") || text[p.SegStart:p.SegEnd] != "nme" {
				t.Fatalf("problem %+v selects %q", p, text[max(p.Pos.Offset, 0):max(p.End, 0)])
			}
			if pos := template.PosOf(text, p.Pos.Offset); pos != p.Pos {
				t.Errorf("problem at %v, its offset is at %v", p.Pos, pos)
			}
			var traced bool
			for _, r := range out.Trace {
				traced = traced || r.Status == "failed" && r.Type == "BadPath" && r.Pos.Line == p.Pos.Line && r.Pos.Column == p.Pos.Column
			}
			if !traced {
				t.Errorf("the trace does not place the failing tag at %v: %+v", p.Pos, out.Trace)
			}
		})
	}
}

func TestTrace(t *testing.T) {
	s := state.State{Mode: state.ModeTemplate, Template: "{{#E0.v}}{{n}}{{/E0.v}}{{^E0.none}}-{{/E0.none}}{{#E0.gone}}{{x}}{{/E0.gone}}",
		Roots: []state.RootText{{Name: "input", Text: "{}"}, {Name: "E0", Text: `{"v": [{"n": 1}, {"n": 2}], "none": null}`}}}
	out := expected(s)
	type row struct{ kind, tag, status, typ string }
	want := []row{
		{"section", "{{#E0.v}}", "value", "array"},
		{"key", "{{n}}", "value", "number"},
		{"inverted", "{{^E0.none}}", "value", "null"},
		{"section", "{{#E0.gone}}", "falsy", "BadPath"},
		{"key", "{{x}}", "unreached", ""},
	}
	if len(out.Trace) != len(want) {
		t.Fatalf("trace = %+v", out.Trace)
	}
	for i, w := range want {
		r := out.Trace[i]
		if (row{r.Kind, r.Tag, r.Status, r.Type}) != w {
			t.Errorf("row %d = %+v, want %+v", i, r, w)
		}
	}
	if out.Trace[1].Count != 2 || out.Trace[4].Count != 0 {
		t.Errorf("counts: %d and %d", out.Trace[1].Count, out.Trace[4].Count)
	}
}

func TestShapeTraceNamesLeaves(t *testing.T) {
	s := state.State{Mode: state.ModeShape, Shape: `{"a": "{{E0.x}}", "b": [1, "n={{E0.y}}"], "c~/d": {"e": "{{input}}"}}`,
		Roots: []state.RootText{{Name: "input", Text: "{}"}, {Name: "E0", Text: `{"x": true, "y": 2}`}}}
	out := expected(s)
	var leaves []string
	for _, r := range out.Trace {
		leaves = append(leaves, r.Leaf+" "+r.Tag)
	}
	if got, want := strings.Join(leaves, ","), "/a {{E0.x}},/b/1 {{E0.y}},/c~0~1d/e {{input}}"; got != want {
		t.Errorf("shape trace = %s, want %s", got, want)
	}
}

func TestShapePartialResult(t *testing.T) {
	s := examples.Default.Open()
	s.Mode = state.ModeShape
	s.Shape = "{\n  \"team\": \"{{input.team}}\",\n  \"a/b\": [\"{{input.nope}}\", 1],\n  \"n\": \"{{E0.issues.length}}\"\n}"
	out := expected(s)
	if out.Result != nil || len(out.Problems) != 1 {
		t.Fatalf("has value %v, problems %+v", out.Result != nil, out.Problems)
	}
	var text strings.Builder
	var failed []display.Part
	for _, p := range out.Partial {
		text.WriteString(p.Text)
		if p.Failed != "" {
			failed = append(failed, p)
		}
	}
	want := "{\n  \"team\": \"Core\",\n  \"a/b\": [\n    null,\n    1\n  ],\n  \"n\": 3\n}"
	if text.String() != want {
		t.Errorf("partial result:\n%s\nwant:\n%s", text.String(), want)
	}
	p := out.Problems[0]
	if len(failed) != 1 || failed[0].At != "/a~1b/0" || failed[0].Failed != p.Label()+": "+p.Msg {
		t.Errorf("failed leaves %+v, problem %+v", failed, p)
	}
	for _, row := range out.Trace {
		if row.Status == "failed" && row.Pos != p.Pos {
			t.Errorf("trace at %v, problem at %v", row.Pos, p.Pos)
		}
	}
	s.Shape = "{\"team\": \"{{input.team}}\"}"
	if out := expected(s); out.Result == nil || out.Partial != nil {
		t.Errorf("a shape that renders: partial %+v", out.Partial)
	}

	// A tool's shape too; a call input that fails input_schema renders
	// nothing to show.
	tool := examples.ByID("tool-schema").Open()
	tool.Call = `{"number": 42, "title": "Add reshape"}`
	out = expected(tool)
	if len(out.Partial) != 3 || out.Partial[1].At != "/labels" || !strings.HasPrefix(out.Partial[0].Text, "{\n  \"id\": 42,") {
		t.Errorf("a tool with a failing leaf: partial %+v", out.Partial)
	}
	tool.Call = `{"number": 42}`
	if out := expected(tool); out.Partial != nil {
		t.Errorf("a call input that fails input_schema: partial %+v", out.Partial)
	}
}

func TestLargeResultShownCut(t *testing.T) {
	big := `[` + strings.Repeat(`{"name": "ada", "n": 1}, `, display.MaxShown/10) + `null]`
	for _, tmpl := range []string{"{{E0}}", "{{#E0}}{{name}} is {{n}} of many. {{/E0}}"} {
		s := state.State{Mode: state.ModeTemplate, Roots: []state.RootText{{Name: "E0", Text: big}}}
		s.SetText(state.Target{}, tmpl)
		out := expected(s)
		whole := display.Result(out.Result.Value(), !out.Result.Mixed)
		if out.Result == nil || len(out.Result.Display) > display.MaxShown || !strings.HasPrefix(whole, out.Result.Display) || out.Result.More == "" {
			t.Fatalf("%s: shows %d of %d bytes, note %q", tmpl, len(out.Result.Display), len(whole), out.Result.More)
		}
		if out.Result.Whole() != whole {
			t.Errorf("%s: the copy is %d bytes, want the whole %d", tmpl, len(out.Result.Whole()), len(whole))
		}
	}
}
