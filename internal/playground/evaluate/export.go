package evaluate

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/splicedev/splice/internal/conformance"
	"github.com/splicedev/splice/internal/display"
	"github.com/splicedev/splice/internal/playground/state"
	"github.com/splicedev/splice/plan/graph"
	"github.com/splicedev/splice/reshape"
	"github.com/splicedev/splice/template"
)

// vectorTest is the state as one test of the conformance format, with what
// the engine makes of it now as its expectation (its result, or its first
// error): a reproduction that `splice conformance` passes as it is. Texts
// the format carries as values (the roots, the call input, a shape) must
// decode: the error names the one that does not.
func vectorTest(s state.State, name string) (*conformance.Test, error) {
	if s.Mode == state.ModePlan { // a plan test: the document holds its input and samples
		t := &conformance.Test{Name: name, Plan: &s.Plan}
		t.Record()
		return t, nil
	}
	t := &conformance.Test{Name: name, Later: s.Later, Branch: s.Branch, Iteration: s.Iteration}
	decode := func(what, text string) (template.Value, error) {
		v, p := decodeData(text)
		if p != nil {
			return v, errors.New(what + " does not parse (" + p.Msg + "): a vector holds it as a value; fix it first")
		}
		return v, nil
	}
	switch s.Mode {
	case state.ModeShape:
		v, err := decode("the shape", s.Shape)
		if err != nil {
			return nil, err
		}
		t.Shape = &v
	case state.ModeTool:
		call, err := decode("the call input", s.Call)
		if err != nil {
			return nil, err
		}
		t.Tool, t.Call = &s.Tool, call
	default:
		t.Template = &s.Template
	}
	if s.Mode != state.ModeTool {
		for _, r := range s.Roots {
			v, err := decode("root "+r.Name, r.Text)
			if err != nil {
				return nil, err
			}
			t.Roots = append(t.Roots, template.Root{Name: r.Name, Value: v})
		}
	}
	t.Record()
	return t, nil
}

// VectorFile is the state as a vector file of one test, pretty JSON.
func VectorFile(s state.State) (string, error) {
	t, err := vectorTest(s, "playground reproduction")
	if err != nil {
		return "", err
	}
	return display.JSON(conformance.File("playground", t)), nil
}

// Markdown is the state written up for an issue: the template, shape or
// tool, the roots (or the call input), the result or the first problem,
// and the link that opens it all in the playground.
func Markdown(s state.State, out *Outcome, link string) string {
	var b strings.Builder
	b.WriteString("**Splice reproduction**, engine " + template.Version)
	if link != "" {
		b.WriteString(" ([open in the playground](" + link + "))")
	}
	b.WriteString("\n\n")
	lang := "text"
	if s.Mode != state.ModeTemplate {
		lang = dataLang(s.Text(state.Target{}))
	}
	block(&b, s.Mode.Title(), lang, s.Text(state.Target{}))
	if s.Mode == state.ModePlan {
		planMarkdown(&b, out)
		return strings.TrimRight(b.String(), "\n") + "\n"
	}
	if s.Mode == state.ModeTool {
		block(&b, "Call input", dataLang(s.Call), s.Call)
	} else {
		for _, r := range s.Roots {
			block(&b, "Root "+inlineCode(r.Name), dataLang(r.Text), r.Text)
		}
	}
	switch {
	case out.Result != nil && out.Result.Mixed:
		block(&b, "Result (text)", "text", out.Result.Whole())
	case out.Result != nil:
		block(&b, "Result ("+out.Result.Type()+")", "json", out.Result.Whole())
	case len(out.Problems) > 0:
		problemMarkdown(&b, "**Problem**: ", &out.Problems[0])
	}
	return strings.TrimRight(b.String(), "\n") + "\n"
}

// problemMarkdown writes a problem after head: its kind, place and message.
func problemMarkdown(b *strings.Builder, head string, p *Problem) {
	b.WriteString(head + p.Label())
	if p.Pos.Line > 0 {
		b.WriteString(" at " + p.Pos.String())
	}
	b.WriteString("\n\n")
	block(b, "", "text", p.Msg)
}

// planMarkdown writes what became of each step of a plan and of its
// solver: its result, or its first problem, or what blocked it.
func planMarkdown(b *strings.Builder, out *Outcome) {
	if out.Plan == nil {
		return
	}
	switch g := out.Plan.Graph; {
	case g == nil || len(g.Nodes) == 0:
	case len(g.Nodes) > graph.MaxDrawn:
		b.WriteString("**Dataflow**: not drawn, " + strconv.Itoa(len(g.Nodes)) + " nodes (more than " + strconv.Itoa(graph.MaxDrawn) + ")\n\n")
	default:
		block(b, "Dataflow", "mermaid", strings.TrimRight(graph.Mermaid(g), "\n"))
	}
	rows := out.Plan.Steps
	if out.Plan.Solver != nil {
		rows = append(slices.Clone(rows), *out.Plan.Solver)
	}
	for _, r := range rows {
		var name string
		switch {
		case r.ID != "":
			name = "Step " + inlineCode(r.ID)
		case r.at != "": // a step without a valid id
			name = "Step at " + inlineCode(r.at)
		default:
			name = "Solver"
		}
		head := "**" + name + "** (" + r.Status + ")"
		problem := slices.IndexFunc(out.Problems, func(p Problem) bool { return r.owns(&p) })
		switch {
		case r.JSON != "":
			b.WriteString(head + "\n\n")
			block(b, "", "json", r.JSON)
		case problem >= 0:
			problemMarkdown(b, head+": ", &out.Problems[problem])
		case r.BlockedBy != "":
			b.WriteString(head + ": blocked by " + inlineCode(r.BlockedBy) + "\n\n")
		default:
			b.WriteString(head + "\n\n")
		}
	}
}

// owns reports whether problem p is the row's: the step's (by its id, or
// by its place for a step without a valid id), or the solver's.
func (r *StepRow) owns(p *Problem) bool {
	switch {
	case r.ID != "":
		return p.Step == r.ID
	case r.at != "":
		return p.Step == "" && (p.At == r.at || strings.HasPrefix(p.At, r.at+"/"))
	}
	return p.Step == "" && p.At == "/solver"
}

// inlineCode writes text as Markdown inline code, between backtick runs
// longer than any in text (CommonMark), so that no text closes it.
func inlineCode(text string) string {
	fence := strings.Repeat("`", longestRun(text, '`')+1)
	pad := ""
	if strings.HasPrefix(text, "`") || strings.HasSuffix(text, "`") {
		pad = " " // the spaces CommonMark strips, so that the text's own backticks stay apart from the fence
	}
	return fence + pad + text + pad + fence
}

// longestRun is the length of the longest run of c in text.
func longestRun(text string, c rune) int {
	longest, run := 0, 0
	for _, r := range text {
		if r != c {
			run = 0
			continue
		}
		run++
		longest = max(longest, run)
	}
	return longest
}

// dataLang is the fence language of a data text, by the engine's rule.
func dataLang(text string) string {
	if reshape.IsJSON(text) {
		return "json"
	}
	return "yaml"
}

// block writes a titled fenced block whose fence is longer than any run of
// backticks in text, so that no text can close it.
func block(b *strings.Builder, title, lang, text string) {
	if title != "" {
		b.WriteString("**" + title + "**\n\n")
	}
	fence := strings.Repeat("`", max(3, longestRun(text, '`')+1))
	b.WriteString(fence + lang + "\n" + text)
	if !strings.HasSuffix(text, "\n") {
		b.WriteString("\n")
	}
	b.WriteString(fence + "\n\n")
}
