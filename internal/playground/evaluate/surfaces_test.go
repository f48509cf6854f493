package evaluate

import (
	"slices"
	"testing"

	"github.com/splicedev/splice/internal/playground/state"
	"github.com/splicedev/splice/internal/surfacetest"
)

// TestSurfaceCases: the playground's evaluator shows every shared case as
// the other surfaces do.
func TestSurfaceCases(t *testing.T) {
	for _, c := range surfacetest.Cases {
		s := state.State{Mode: state.ModeTemplate, Template: c.Template, Roots: []state.RootText{{Name: "input", Text: "{}"}}}
		if c.Shape != "" {
			s.Mode, s.Shape = state.ModeShape, c.Shape
		}
		for _, r := range c.Roots {
			s.Roots = append(s.Roots, state.RootText{Name: r.Name, Text: r.Text})
		}
		out := expected(s)
		if c.Problem == nil {
			if out.Result == nil || out.Result.Display != c.Display || out.Result.Mixed == c.Typed || len(out.Problems) > 0 {
				t.Errorf("%s: shows %q (mixed text %v, problems %v), want %q (typed %v)", c.Name, out.Result.Display, out.Result.Mixed, out.Problems, c.Display, c.Typed)
			}
			continue
		}
		if len(out.Problems) == 0 {
			t.Errorf("%s: no problem, shows %q", c.Name, out.Result.Display)
			continue
		}
		p := out.Problems[0]
		if p.KindName() != c.Problem.Kind || p.Pos.Line != c.Problem.Line || p.Pos.Column != c.Problem.Column || !slices.Equal(p.Available, c.Problem.Keys) {
			t.Errorf("%s: first problem %s %d:%d %v, want %+v", c.Name, p.KindName(), p.Pos.Line, p.Pos.Column, p.Available, *c.Problem)
		}
	}
}
