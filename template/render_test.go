package template

import (
	"strings"
	"testing"
)

func TestRenderLimit(t *testing.T) {
	// 100^5 iterations would take hours: the render must stop with a LimitError.
	src := strings.Repeat("{{#E0.a}}", 5) + "x" + strings.Repeat("{{/E0.a}}", 5)
	tmpl, err := Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	elems := make([]Value, 100)
	for i := range elems {
		elems[i] = IntValue(i)
	}
	roots := Roots{{Name: "E0", Value: ObjectValue([]Member{{Key: "a", Value: ArrayValue(elems)}})}}
	_, err = tmpl.Render(roots)
	errs := Errors(err)
	if len(errs) != 1 || errs[0].Kind != LimitError || errs[0].Pos.Offset < 0 {
		t.Fatalf("want one LimitError, got %v", err)
	}
}

func BenchmarkRepeatedBadPath(b *testing.B) {
	// A root-anchored path that fails inside a long section must not build
	// its error (keys, suggestions over a wide object) on every iteration.
	members := make([]Member, 2000)
	for i := range members {
		members[i] = Member{Key: "key" + strings.Repeat("x", i%50), Value: IntValue(i)}
	}
	elems := make([]Value, 10_000)
	roots := Roots{{Name: "E0", Value: ObjectValue([]Member{
		{Key: "wide", Value: ObjectValue(members)},
		{Key: "items", Value: ArrayValue(elems)},
	})}}
	tmpl, err := Parse("{{#E0.items}}{{#E0.wide.nope}}x{{/E0.wide.nope}}{{E0.wide.keyy}}{{/E0.items}}")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := tmpl.Render(roots); len(Errors(err)) != 1 {
			b.Fatalf("want one BadPath, got %v", err)
		}
	}
}
