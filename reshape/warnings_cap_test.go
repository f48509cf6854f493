//go:build !splice_lite

package reshape

import (
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// docGrowth is how much a cost may grow when n doubles: twice, and some
// room for what does not scale (maps growing in steps, a GC's timing).
const docGrowth = 2.3

// hiddenTags is a YAML document of n values whose comments hide a tag.
func hiddenTags(n int) string {
	var b strings.Builder
	for i := range n {
		b.WriteString("k" + strconv.Itoa(i) + ": PR #{{input.x}}\n")
	}
	return b.String()
}

// TestWarningsAreCapped: a document keeps its first maxWarnings warnings
// and a last one, where the first left out is, that counts the rest;
// loading it costs its size, and the warnings kept do not grow with it.
func TestWarningsAreCapped(t *testing.T) {
	type cost struct{ mallocs, bytes, text uint64 }
	var costs []cost
	for n := 5000; n <= 40000; n *= 2 {
		text := hiddenTags(n)
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		doc, err := ParseDocument(text)
		runtime.ReadMemStats(&after)
		if err != nil {
			t.Fatal(err)
		}
		costs = append(costs, cost{after.Mallocs - before.Mallocs, after.TotalAlloc - before.TotalAlloc, uint64(len(text))})
		ws := doc.Warnings()
		if len(ws) != maxWarnings+1 {
			t.Fatalf("n=%d: %d warnings, want %d and one that counts the rest", n, len(ws), maxWarnings)
		}
		last, firstLeft := ws[maxWarnings], maxWarnings+1 // the line of the first one left out
		if want := "and " + strconv.Itoa(n-maxWarnings) + " more warnings from here on"; !strings.HasPrefix(last.Msg, want) ||
			last.Pos.Line != firstLeft || last.At != "/k"+strconv.Itoa(maxWarnings) || last.Fix != "" {
			t.Errorf("n=%d: last warning %+v, want %q at line %d, without a fix", n, last, want, firstLeft)
		}
		if ws[maxWarnings-1].Fix == "" || ws[maxWarnings-1].Pos.Line != maxWarnings {
			t.Errorf("n=%d: the last warning kept is %+v", n, ws[maxWarnings-1])
		}
		t.Logf("n=%d (%d bytes): %d allocations, %d bytes", n, len(text), costs[len(costs)-1].mallocs, costs[len(costs)-1].bytes)
	}
	for i := 1; i < len(costs); i++ {
		prev, cur := costs[i-1], costs[i]
		if float64(cur.mallocs) > docGrowth*float64(prev.mallocs) || float64(cur.bytes) > docGrowth*float64(prev.bytes) {
			t.Errorf("doubling %d: allocations %d → %d, bytes %d → %d", i, prev.mallocs, cur.mallocs, prev.bytes, cur.bytes)
		}
	}
	if last := costs[len(costs)-1]; last.bytes > 100*last.text {
		t.Errorf("40000 hidden tags allocated %d bytes, more than 100 per byte of text", last.bytes)
	}
}

// TestOneWarningTooMany: one warning past the cap is counted in the
// singular.
func TestOneWarningTooMany(t *testing.T) {
	doc, err := ParseDocument(hiddenTags(maxWarnings + 1))
	if err != nil {
		t.Fatal(err)
	}
	if ws := doc.Warnings(); len(ws) != maxWarnings+1 || !strings.HasPrefix(ws[maxWarnings].Msg, "and 1 more warning from here on") {
		t.Errorf("warnings %d, the last %q", len(ws), ws[len(ws)-1].Msg)
	}
}

// TestHiddenTagOnALoneCRLine: a comment's line ends where YAML's does, at a
// lone carriage return too.
func TestHiddenTagOnALoneCRLine(t *testing.T) {
	text := "a: PR #{{x}}\rb: 2\r"
	doc, err := ParseDocument(text)
	if err != nil {
		t.Fatal(err)
	}
	ws := doc.Warnings()
	if len(ws) != 1 || ws[0].Fix != `"PR #{{x}}"` || ws[0].To != strings.IndexByte(text, '\r') || ws[0].Pos.Column != 7 {
		t.Errorf("warnings %+v", ws)
	}
}
