//go:build browser

package app_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/splicedev/splice/internal/browsertest"
	"github.com/splicedev/splice/internal/playground/state"
	"github.com/splicedev/splice/internal/surfacetest"
)

// TestBrowserSurfaceCases: the page shows every shared case as the other
// surfaces do: the result's text, the "text" marker of mixed text alone,
// the first problem's kind, place and key chips.
func TestBrowserSurfaceCases(t *testing.T) {
	base := browsertest.StartServer(t)
	ctx := browsertest.NewBrowser(t)
	for _, c := range surfacetest.Cases {
		s := state.State{Mode: state.ModeTemplate, Template: c.Template, Roots: []state.RootText{{Name: "input", Text: "{}"}}}
		if c.Shape != "" {
			s.Mode, s.Shape = state.ModeShape, c.Shape
		}
		for _, r := range c.Roots {
			s.Roots = append(s.Roots, state.RootText{Name: r.Name, Text: r.Text})
		}
		openState(t, ctx, base, s)
		if c.Problem == nil {
			browsertest.WaitJS(t, ctx, byTestID("output")+` !== null`)
			text := browsertest.EvalJS[string](t, ctx, byTestID("output")+`.textContent`)
			mixed := browsertest.EvalJS[bool](t, ctx, `document.querySelector('.marker-text') !== null`)
			if text != c.Display || mixed == c.Typed {
				t.Errorf("%s: shows %q (text marker %v), want %q (typed %v)", c.Name, text, mixed, c.Display, c.Typed)
			}
			continue
		}
		browsertest.WaitJS(t, ctx, byTestID("problem")+` !== null`)
		first := byTestID("problem")
		got := browsertest.EvalJS[string](t, ctx, `(p => p.dataset.kind + " " + p.dataset.line + ":" + p.dataset.column)(`+first+`)`)
		chips := browsertest.EvalJS[[]string](t, ctx, `[...`+first+`.querySelectorAll('.keys [data-testid="key-chip"]')].map(e => e.textContent)`)
		want := fmt.Sprintf("%s %d:%d", c.Problem.Kind, c.Problem.Line, c.Problem.Column)
		if got != want || !slices.Equal(chips, c.Problem.Keys) && len(chips)+len(c.Problem.Keys) > 0 {
			t.Errorf("%s: first problem %s, chips %q; want %s, chips %q", c.Name, got, chips, want, c.Problem.Keys)
		}
	}
}
