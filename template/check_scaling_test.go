package template

import (
	"math/rand/v2"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// checkGrowth is how much a cost may grow when n doubles: twice, and some
// slack for the runtime's own allocations.
const checkGrowth = 2.3

// branchScope is the scope of one branch step of a decide step with n
// one-step branches: input and A before it, the other branches' steps
// inside branches it is not in.
func branchScope(n int) Scope {
	branch := make(map[string]string, n)
	for i := 1; i < n; i++ {
		branch["s"+strconv.Itoa(i)] = "D"
	}
	return Scope{Roots: []string{"input", "A"}, Branch: branch}
}

// TestCheckCostIsFreeOfBranchCount: a plan checks each of its n branch
// steps against a scope that names the n-1 others; one check costs its
// template, not the scope, so the n checks grow as n does.
func TestCheckCostIsFreeOfBranchCount(t *testing.T) {
	tmpl := mustParse(t, `{{A.x}} {{input.y}} {{s1.result}} {{nope}}`)
	type cost struct{ mallocs, bytes uint64 }
	measure := func(n int) cost {
		scope := branchScope(n).Prepared()
		if errs := Errors(tmpl.Check(scope)); len(errs) != 2 {
			t.Fatalf("n=%d: want the branch step and the unknown root, got %v", n, errs)
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		for range n {
			_ = tmpl.Check(scope)
		}
		runtime.ReadMemStats(&after)
		return cost{after.Mallocs - before.Mallocs, after.TotalAlloc - before.TotalAlloc}
	}
	var prev cost
	for n := 1000; n <= 8000; n *= 2 {
		cur := measure(n)
		if prev.mallocs > 0 {
			if growth := float64(cur.mallocs) / float64(prev.mallocs); growth > checkGrowth {
				t.Errorf("n=%d: %d checks made %d allocations, %.2f× those of half as many branches", n, n, cur.mallocs, growth)
			}
			if growth := float64(cur.bytes) / float64(prev.bytes); growth > checkGrowth {
				t.Errorf("n=%d: %d checks allocated %d bytes, %.2f× those of half as many branches", n, n, cur.bytes, growth)
			}
		}
		t.Logf("n=%d: %d allocations, %d bytes for %d checks", n, cur.mallocs, cur.bytes, n)
		if n == 8000 && cur.bytes > 8000*4<<10 {
			t.Errorf("8000 checks allocated %d bytes, more than 4 KiB each", cur.bytes)
		}
		prev = cur
	}
}

// TestMisnamedBranchIDsReportedInOrder: a scope's misnamed ids are
// reported in id order, the first of them up to the cap, then how many
// more errors there were, however many branch ids there are.
func TestMisnamedBranchIDsReportedInOrder(t *testing.T) {
	const bad = 3 * MaxErrors
	branch := map[string]string{}
	var want []string
	for _, i := range rand.New(rand.NewPCG(1, 2)).Perm(bad) {
		id := "bad id " + strconv.Itoa(i)
		branch[id], want = "D", append(want, id)
	}
	for i := range 1000 {
		branch["ok"+strconv.Itoa(i)] = "D"
	}
	slices.Sort(want)
	errs := Errors(mustParse(t, `{{nope}}`).Check(Scope{Roots: []string{"input", "bad root"}, Branch: branch}))
	if len(errs) != MaxErrors+1 {
		t.Fatalf("want %d errors, got %d", MaxErrors+1, len(errs))
	}
	if errs[0].Msg != ValidateStepID("bad root") {
		t.Errorf("first error %q, want the root's", errs[0].Msg)
	}
	for i, e := range errs[1:MaxErrors] {
		if e.Kind != ScopeError || e.Msg != ValidateStepID(want[i]) {
			t.Fatalf("error %d is %q, want that of %q", i+1, e.Msg, want[i])
		}
	}
	// 1 root + 300 branch ids + the unknown root, 100 of them shown.
	if last := errs[MaxErrors]; last.Kind != LimitError || !strings.HasPrefix(last.Msg, "and 202 more errors") {
		t.Errorf("last error %v, want a LimitError counting 202 more", last)
	}
}

func mustParse(t *testing.T, src string) *Template {
	t.Helper()
	tmpl, err := Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	return tmpl
}
