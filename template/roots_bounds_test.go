package template

import (
	"strconv"
	"strings"
	"testing"
)

// manyRoots are input, whose xs has n elements, and E0 … E{count-1}.
func manyRoots(count, n int) Roots {
	roots := make(Roots, 0, count+1)
	xs := make([]Value, n)
	for i := range xs {
		xs[i] = IntValue(i)
	}
	roots = append(roots, Root{Name: "input", Value: ObjectValue([]Member{{Key: "xs", Value: ArrayValue(xs)}})})
	for i := range count {
		roots = append(roots, Root{Name: "E" + strconv.Itoa(i), Value: ObjectValue([]Member{{Key: "x", Value: StringValue("v")}})})
	}
	return roots
}

// A render over 30,000 roots looks each one up by name, not by a scan of
// them all: 100,000 lookups of the first step would otherwise compare
// three billion names.
func TestRootLookupsAreIndexed(t *testing.T) {
	roots := manyRoots(30000, 100000)
	tmpl, err := Parse("{{#input.xs}}{{E0.x}}{{x}}{{/input.xs}}")
	if err != nil {
		t.Fatal(err)
	}
	v, err := tmpl.Render(roots)
	if err != nil {
		t.Fatal(err)
	}
	if got := v.Str(); len(got) != 100000 || strings.Trim(got, "v") != "" {
		t.Errorf("rendered %d bytes, want 100,000 v", len(got))
	}
	if names := roots.Names(); len(names) != 30001 || names[30000] != "E29999" {
		t.Errorf("Names: %d names", len(names))
	}
}

// BenchmarkRootLookups grows the roots: the time stays about the same.
func BenchmarkRootLookups(b *testing.B) {
	for _, count := range []int{1000, 2000, 4000, 8000} {
		roots := manyRoots(count, 10000)
		tmpl, _ := Parse("{{#input.xs}}{{E0.x}}{{/input.xs}}")
		b.Run(strconv.Itoa(count), func(b *testing.B) {
			for b.Loop() {
				tmpl.Render(roots)
			}
		})
	}
}
