//go:build !splice_lite

package reshape

import (
	"runtime"
	"strconv"
	"testing"

	"github.com/splicedev/splice/template"
)

// TestShapeCheckCostIsFreeOfBranchCount: a plan checks the input shape of
// each of its n branch steps against a prepared scope naming the n-1
// others; the n checks grow as n does.
func TestShapeCheckCostIsFreeOfBranchCount(t *testing.T) {
	shape, err := ParseShape(`{"n": "{{A.x}}", "m": "{{s1.result}}"}`)
	if err != nil {
		t.Fatal(err)
	}
	var prevMallocs, prevBytes uint64
	for n := 1000; n <= 8000; n *= 2 {
		branch := make(map[string]string, n)
		for i := 1; i < n; i++ {
			branch["s"+strconv.Itoa(i)] = "D"
		}
		scope := template.Scope{Roots: []string{"input", "A"}, Branch: branch}.Prepared()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		for range n {
			if errs := Errors(shape.Check(scope)); len(errs) != 1 || errs[0].At != "/m" {
				t.Fatalf("n=%d: want the branch step at /m, got %v", n, errs)
			}
		}
		runtime.ReadMemStats(&after)
		mallocs, bytes := after.Mallocs-before.Mallocs, after.TotalAlloc-before.TotalAlloc
		if prevMallocs > 0 && (float64(mallocs) > docGrowth*float64(prevMallocs) || float64(bytes) > docGrowth*float64(prevBytes)) {
			t.Errorf("n=%d: allocations %d → %d, bytes %d → %d", n, prevMallocs, mallocs, prevBytes, bytes)
		}
		t.Logf("n=%d: %d allocations, %d bytes for %d checks", n, mallocs, bytes, n)
		prevMallocs, prevBytes = mallocs, bytes
	}
	if prevBytes > 8000*8<<10 {
		t.Errorf("8000 checks allocated %d bytes, more than 8 KiB each", prevBytes)
	}
}
