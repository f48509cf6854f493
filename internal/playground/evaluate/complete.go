package evaluate

import (
	"strings"

	"github.com/splicedev/splice/internal/jsonschema"
	"github.com/splicedev/splice/internal/playground/state"
	"github.com/splicedev/splice/template"
)

// Complete returns what may be typed at caret (a byte offset) in the main
// text of s, as the engine sees the text, the scope and the roots' data;
// in a plan, step and iter are the step and the iteration shown, whose
// iteration roots a map's or fold's body reads.
func (e *Evaluator) Complete(s *state.State, caret int, step string, iter int) template.Completion {
	if s.Mode == state.ModePlan {
		return e.completePlan(s.Plan, caret, step, iter)
	}
	scope := s.Scope()
	if s.Mode == state.ModeTool {
		scope = template.Scope{Roots: []string{"input"}}
	}
	return e.analyze(s.Text(state.Target{})).Complete(caret, scope, e.dataRoots(s))
}

// dataRoots returns the roots a completion reads: in tool mode the call
// input as "input", with the keys the tool's input schema declares that it
// lacks; else the roots that decode.
func (e *Evaluator) dataRoots(s *state.State) template.Roots {
	if s.Mode == state.ModeTool {
		input := jsonschema.WithDeclaredKeys(e.loadTool(s.Tool).input, e.lookup(s.Call).value)
		return template.Roots{{Name: "input", Value: input}}
	}
	var roots template.Roots
	for _, r := range s.Roots {
		if d := e.lookup(r.Text); d.err == nil {
			roots = append(roots, template.Root{Name: r.Name, Value: d.value})
		}
	}
	return roots
}

// completePlan offers what may be typed at caret in a template of the plan
// document: the roots and keys the step there may read (the iteration
// roots in a map's or fold's body), from the plan's input, its samples and
// the results of the last run. The template is read from its string's
// start on the caret's line, which is where a leaf starts but in a folded
// or block scalar.
func (e *Evaluator) completePlan(text string, caret int, step string, iter int) template.Completion {
	r := e.runPlan(text)
	if caret > len(r.text) || !inTag(r.text[:caret]) {
		return template.Completion{} // typing outside a tag asks nothing of the plan
	}
	known := r
	at := caret
	if r.plan.Document() == nil && e.parsed.plan != nil {
		// While the document does not parse, the step is found in the last
		// one that did, at the caret's place there.
		known, at = &e.parsed, placeBefore(e.parsed.text, text, caret)
	}
	scope, id, ok := known.plan.ScopeAt(at)
	if !ok {
		return template.Completion{}
	}
	roots := template.Roots{{Name: "input", Value: known.plan.Input}}
	for _, name := range scope.Roots[1:] {
		if res, ok := e.result(known, name); ok && res.HasResult {
			roots = append(roots, template.Root{Name: name, Value: res.Result})
		}
	}
	if res, ok := e.result(known, id); ok && scope.Iteration && len(res.Iterations) > 0 {
		if id != step {
			iter = 0
		}
		it := res.Iterations[min(max(iter, 0), len(res.Iterations)-1)]
		roots = append(roots, template.Root{Name: "item", Value: it.Item}, template.Root{Name: "index", Value: template.IntValue(it.Index)},
			template.Root{Name: "accumulator", Value: it.Accumulator})
	}
	start := leafStart(r.text, caret)
	c := template.Analyze(r.text[start:caret]).Complete(caret-start, scope, roots)
	c.From, c.To = c.From+start, c.To+start
	return c
}

// placeBefore maps offset caret of text to the same place in before, an
// earlier version of it: where it lies in their common start or end, the
// same text; inside what changed, the change's start.
func placeBefore(before, text string, caret int) int {
	prefix := 0
	for prefix < min(len(before), len(text)) && before[prefix] == text[prefix] {
		prefix++
	}
	if caret <= prefix {
		return caret
	}
	suffix := 0
	for suffix < min(len(before), len(text))-prefix && before[len(before)-1-suffix] == text[len(text)-1-suffix] {
		suffix++
	}
	if caret >= len(text)-suffix {
		return caret - len(text) + len(before)
	}
	return prefix
}

// inTag reports whether the end of before, a text up to the caret, is
// inside a tag opened on its last line.
func inTag(before string) bool {
	line := before[strings.LastIndexByte(before, '\n')+1:]
	open := strings.LastIndex(line, "{{")
	return open >= 0 && !strings.Contains(line[open:], "}}")
}

// leafStart is where the string holding caret starts, as far as its line
// tells: past its opening quote, or past the key of a plain scalar.
func leafStart(text string, caret int) int {
	start := strings.LastIndexByte(text[:caret], '\n') + 1
	line := text[start:caret]
	if q := strings.LastIndexByte(line, '"'); q >= 0 {
		return start + q + 1
	}
	if k := strings.LastIndex(line, ": "); k >= 0 {
		return start + k + 2
	}
	return start
}
