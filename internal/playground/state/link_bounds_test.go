package state

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// hugeLink is a link whose state names n later steps, n branch steps and n
// unknown fields.
func hugeLink(n int) string {
	var later, branch, unknown []string
	for i := range n {
		later = append(later, fmt.Sprintf(`"L%d"`, i))
		branch = append(branch, fmt.Sprintf(`"B%d": "D"`, i))
		unknown = append(unknown, fmt.Sprintf(`"x%d": 1`, i))
	}
	return Pack([]byte(`{"v": 1, "mode": "template", "template": "{{input}}", "roots": [], "later": [` + strings.Join(later, ",") +
		`], "branch": {` + strings.Join(branch, ",") + `}, ` + strings.Join(unknown, ",") + `}`))
}

func TestLinkOpeningIsLinear(t *testing.T) {
	link := hugeLink(30000)
	s, banner, refused := InitialState("#s="+link, "", sample(""))
	if refused {
		t.Fatal(banner)
	}
	if len(s.Later) != 30000 || len(s.Branch) != 30000 {
		t.Errorf("later %d, branch %d: want 30,000 each", len(s.Later), len(s.Branch))
	}
	if !strings.Contains(banner, "x0, x1, x10, x100, x1000 and 29995 more") || len(banner) > 1000 {
		t.Errorf("the banner names %d bytes: %.300s", len(banner), banner)
	}
	// A later step called like a branch step is still refused.
	bad := Pack([]byte(`{"v": 1, "later": ["E1"], "branch": {"E1": "D"}}`))
	if _, _, refused := InitialState("#s="+bad, "", sample("")); !refused {
		t.Error("a link whose later and branch steps share an id opened")
	}
}

// BenchmarkLinkOpening grows the ids and fields of a link: the time grows
// with them, not with their square.
func BenchmarkLinkOpening(b *testing.B) {
	for _, n := range []int{5000, 10000, 20000, 40000} {
		link := "#s=" + hugeLink(n)
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				InitialState(link, "", sample(""))
			}
		})
	}
}
