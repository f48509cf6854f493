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
