package display

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/splicedev/splice/template"
)

// prefixEncoders are the encoders that write a value's first bytes, and
// the whole text they are the start of.
var prefixEncoders = []struct {
	name  string
	whole func(template.Value) string
	upTo  func([]byte, template.Value, int) ([]byte, bool)
}{
	{"AppendJSONUpTo", JSON, AppendJSONUpTo},
	{"AppendCompactUpTo", template.Value.JSON, AppendCompactUpTo},
}

// Each writes the whole text's first limit bytes, cut on a rune, and says
// whether it cut.
func TestAppendJSONUpToIsAPrefix(t *testing.T) {
	for _, enc := range prefixEncoders {
		r := rand.New(rand.NewPCG(3, 4))
		for i := range 2000 {
			v := randomValue(r, 0)
			if i%7 == 0 {
				v = template.ArrayValue([]template.Value{template.StringValue("é€😀\"\n" + strings.Repeat("ü", r.IntN(40))), v})
			}
			whole := enc.whole(v)
			limit := r.IntN(len(whole) + 10)
			got, cut := enc.upTo([]byte(">"), v, limit)
			if string(got[:1]) != ">" || !strings.HasPrefix(whole, string(got[1:])) || !utf8.Valid(got) {
				t.Fatalf("%s, value %d, limit %d: %q is not a prefix of %q", enc.name, i, limit, got, whole)
			}
			if cut != (len(whole) > limit) || len(got)-1 > limit || len(got)-1 < limit-utf8.UTFMax && cut {
				t.Fatalf("%s, value %d, limit %d of %d: %d bytes, cut %v", enc.name, i, limit, len(whole), len(got)-1, cut)
			}
		}
	}
}

// The start of a large value costs about the start: the bytes allocated do
// not grow with the value.
func TestAppendJSONUpToCostsTheCut(t *testing.T) {
	const limit = 1 << 12
	for _, enc := range prefixEncoders {
		allocated := func(n int) float64 {
			elems := make([]template.Value, n)
			for i := range elems {
				elems[i] = template.ArrayValue([]template.Value{template.StringValue(strings.Repeat("x", 100)), template.IntValue(i)})
			}
			v := template.ObjectValue([]template.Member{{Key: "a", Value: template.ArrayValue(elems)}, {Key: strings.Repeat("k", n*100), Value: v0}})
			return testing.AllocsPerRun(3, func() {
				buf := make([]byte, 0, 2*limit)
				if out, cut := enc.upTo(buf, v, limit); !cut || len(out) > limit {
					t.Fatalf("%s: %d bytes, cut %v", enc.name, len(out), cut)
				}
			})
		}
		small, large := allocated(1000), allocated(64000)
		if large > small+2 {
			t.Errorf("%s: a value 64 times as large costs %v allocations, not %v", enc.name, large, small)
		}
	}
}

var v0 = template.StringValue(strings.Repeat("y", 1<<20))
