package plan

import (
	"strconv"
	"strings"
	"testing"

	"github.com/splicedev/splice/template"
)

// decideOf is a plan of one decide step with n empty branches b0 … b{n-1},
// and decision, the line that gives its branch ("" for none).
func decideOf(n int, decision string) string {
	var b strings.Builder
	b.WriteString("steps:\n  - id: D\n    decide:\n")
	for i := range n {
		b.WriteString("      b" + strconv.Itoa(i) + ": []\n")
	}
	b.WriteString(decision)
	return b.String()
}

// TestWrongBranchListsFewNames: a decision that names no branch, or none,
// lists the first branch names and counts the rest, in its message and in
// Available, however many branches there are.
func TestWrongBranchListsFewNames(t *testing.T) {
	const n = 10000
	for _, decision := range []string{"    branch: nope\n", ""} {
		p := Load(decideOf(n, decision))
		if len(p.Errors) != 1 {
			t.Fatalf("%q: want one error, got %v", decision, p.Errors)
		}
		e := p.Errors[0]
		if len(e.Available) != template.MaxAvailable || e.Available[0] != "b0" || e.More != n-template.MaxAvailable {
			t.Errorf("%q: available %d names from %q and %d more, want %d and %d more", decision, len(e.Available), e.Available[0], e.More, template.MaxAvailable, n-template.MaxAvailable)
		}
		if want := "b18, b19, … and 9980 more"; !strings.HasSuffix(e.Msg, want) || len(e.Msg) > 300 {
			t.Errorf("%q: message of %d bytes %q, want a short one ending %q", decision, len(e.Msg), e.Msg, want)
		}
	}
	if p := Load(decideOf(n, "    branch: b9999\n")); len(p.Errors) != 0 || p.Steps[0].Branch != "b9999" {
		t.Errorf("the last branch, named, is not taken: %v", p.Errors)
	}
}
