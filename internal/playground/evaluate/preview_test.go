package evaluate

import (
	"strings"
	"testing"

	"github.com/splicedev/splice/internal/playground/state"
	"github.com/splicedev/splice/template"
)

const execTool = `name: lint
kind: exec
command: [lint, "{{input.path}}"]
input_schema: {type: object, required: [path], properties: {path: {type: string}}}
`

// Tools that cannot run here show what they would run, their calls checked.
func TestToolsThatCannotRunShowWhatWouldRun(t *testing.T) {
	out := expected(state.State{Mode: state.ModeTool, Tool: execTool, Call: `{"path": "a.go"}`})
	if out.Result == nil || out.Result.JSON != `{"command":["lint","a.go"]}` || !strings.Contains(out.Note, "cannot run here") {
		t.Errorf("exec: value %v %s, note %q, problems %v", out.Result != nil, out.Result.JSON, out.Note, out.Problems)
	}
	var e Evaluator
	s := state.State{Mode: state.ModeTool, Tool: execTool, Call: `{"pr": "abc"}`}
	if spans := e.Spans(&s); len(spans) != 1 || s.Tool[spans[0].Start:spans[0].End] != "{{input.path}}" {
		t.Errorf("the command's tags are not coloured: %v", spans)
	}
	bad := e.Evaluate(&s)
	if len(bad.Problems) != 1 || bad.Problems[0].Kind != template.InputError || bad.Problems[0].Target != (state.Target{Call: true}) {
		t.Errorf("a bad call: %v", bad.Problems)
	}
	// Placed in the call's text: at the field (its key, in JSON), or at
	// the object that lacks a required one.
	for call, at := range map[string]template.Pos{"{\"path\": \"a.go\",\n \"pr\": 7}": {Line: 2, Column: 2}, "x: 1\n": {Line: 1, Column: 1}} {
		s := state.State{Mode: state.ModeTool, Tool: "name: t\nkind: reshape\ninput_schema:\n  type: object\n  required: [path]\n  properties:\n    pr: {type: string}\nshape: {a: 1}\n", Call: call}
		out := e.Evaluate(&s)
		if len(out.Problems) != 1 || out.Problems[0].Target != (state.Target{Call: true}) || out.Problems[0].Pos.Line != at.Line || out.Problems[0].Pos.Column != at.Column {
			t.Errorf("%q: problems %+v, want one in the call at %v", call, out.Problems, at)
		}
	}
	prompt := expected(state.State{Mode: state.ModeTool, Call: `{"text": "long"}`,
		Tool: "name: sum\nkind: prompt\nprompt: \"Summarize {{input.text}}\"\noutput_schema: {type: string}\n"})
	if prompt.Result.JSON != `{"prompt":"Summarize long","output_schema":{"type":"string"}}` {
		t.Errorf("prompt: %s %v", prompt.Result.JSON, prompt.Problems)
	}
	caller := expected(state.State{Mode: state.ModeTool, Call: `{"shape": {"a": "{{E0.x}}"}}`, Tool: "name: pass\nkind: reshape\ncaller_shape: true\n"})
	if caller.Result == nil || !strings.Contains(caller.Note, "renders the shape's templates first") {
		t.Errorf("caller shape: %s, note %q", caller.Result.JSON, caller.Note)
	}
}
