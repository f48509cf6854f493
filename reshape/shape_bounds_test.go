package reshape

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/splicedev/splice/template"
)

// manyLeaves is a shape of n leaves that each splice input.s.
func manyLeaves(n int) string {
	leaves := make([]string, n)
	for i := range leaves {
		leaves[i] = fmt.Sprintf(`"k%d": "{{input.s}}"`, i)
	}
	return "{" + strings.Join(leaves, ",") + "}"
}

func TestShapeLeavesShareTheOutputBudget(t *testing.T) {
	big := template.Roots{{Name: "input", Value: template.ObjectValue([]template.Member{{Key: "s", Value: template.StringValue(strings.Repeat("x", 1<<20))}})}}
	s, err := ParseShape(manyLeaves(3000))
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.Render(big)
	list := Errors(err)
	if len(list) == 0 || list[0].Kind != template.LimitError || !strings.Contains(list[0].Msg, "MiB") {
		t.Fatalf("3,000 leaves of a 1 MiB string: %v, want a LimitError on the output", err)
	}
	// The leaf past the budget is named: 31 quoted strings of 1 MiB fit
	// in 32 MiB, not 32.
	if list[0].At != "/k31" {
		t.Errorf("the LimitError is at %s, want /k31", list[0].At)
	}
	// Mixed text and values count alike.
	s, _ = ParseShape(`{"a": "{{input.s}}", "b": "<{{input.s}}>"}`)
	if _, err := s.Render(big); err != nil {
		t.Errorf("two leaves of 1 MiB: %v", err)
	}
}

// BenchmarkShapeLeaves grows the leaves over a 64 KiB string: the time
// grows with them until the budget stops the render.
func BenchmarkShapeLeaves(b *testing.B) {
	roots := template.Roots{{Name: "input", Value: template.ObjectValue([]template.Member{{Key: "s", Value: template.StringValue(strings.Repeat("x", 64<<10))}})}}
	for _, n := range []int{250, 500, 1000, 2000} {
		s, err := ParseShape(manyLeaves(n))
		if err != nil {
			b.Fatal(err)
		}
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				s.Render(roots)
			}
		})
	}
}
