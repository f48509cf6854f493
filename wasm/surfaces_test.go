package main

import (
	"slices"
	"testing"

	"github.com/splicedev/splice/internal/surfacetest"
)

// TestSurfaceCases: the JS API shows every shared case as the other
// surfaces do: its display, its typed flag, its first error placed where
// the playground places it (a shape leaf's in the document).
func TestSurfaceCases(t *testing.T) {
	for _, c := range surfacetest.Cases {
		roots := []any{}
		for _, r := range c.Roots {
			roots = append(roots, root(r.Name, r.Text))
		}
		call, source := render, c.Template
		if c.Shape != "" {
			call, source = renderShape, c.Shape
		}
		got, err := call(args(source, roots))
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		errs, _ := objectOf(got).Get("errors").([]object)
		if c.Problem == nil {
			if o := objectOf(got); o.Get("ok") != true || o.Get("display") != c.Display || o.Get("typed") != c.Typed {
				t.Errorf("%s: %v, want display %q typed %v", c.Name, got, c.Display, c.Typed)
			}
			continue
		}
		if len(errs) == 0 {
			t.Errorf("%s: no error: %v", c.Name, got)
			continue
		}
		e := errs[0]
		line, column := e.Get("line"), e.Get("column")
		if doc, ok := e.Get("doc").(object); ok {
			line, column = doc.Get("line"), doc.Get("column")
		}
		keys, _ := e.Get("available").([]string)
		if e.Get("kind") != c.Problem.Kind || line != c.Problem.Line || column != c.Problem.Column || !slices.Equal(keys, c.Problem.Keys) && len(c.Problem.Keys)+len(keys) > 0 {
			t.Errorf("%s: first error %v, want %+v", c.Name, e, *c.Problem)
		}
	}
}
