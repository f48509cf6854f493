package plan

import (
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// cost is what loading, running and encoding a plan took.
type cost struct {
	work          int    // counted against the run's budget, the load's included
	allocs, bytes uint64 // objects and bytes allocated
	json          int    // the outcome's JSON
}

func measure(text string) cost {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	o := Run(Load(text), Options{Trace: true})
	n := len(o.JSON())
	runtime.ReadMemStats(&after)
	work, _ := o.Spent()
	return cost{work: work, allocs: after.Mallocs - before.Mallocs, bytes: after.TotalAlloc - before.TotalAlloc, json: n}
}

// scaling is one dimension of a plan's size: plan(n) grows with n, and
// nothing the engine does for it may grow faster.
type scaling struct {
	name string
	n    int // the smallest; doubled three times
	plan func(n int) string
	// maxBytes bounds what the largest allocates.
	maxBytes uint64
}

// maxGrowth is how much a cost may grow when n doubles: twice, and some
// room for what does not scale (maps growing in steps, a GC's timing).
const maxGrowth = 2.3

func TestCostIsLinear(t *testing.T) {
	for _, d := range dimensions {
		t.Run(d.name, func(t *testing.T) {
			var costs []cost
			for n := d.n; n <= 8*d.n; n *= 2 {
				costs = append(costs, measure(d.plan(n)))
			}
			for i := 1; i < len(costs); i++ {
				prev, cur := costs[i-1], costs[i]
				for _, g := range []struct {
					what     string
					from, to float64
				}{
					{"work", float64(prev.work), float64(cur.work)},
					{"allocations", float64(prev.allocs), float64(cur.allocs)},
					{"JSON bytes", float64(prev.json), float64(cur.json)},
				} {
					if g.to > maxGrowth*max(g.from, 1) {
						t.Errorf("n %d → %d: %s grew %.2f× (%.0f → %.0f)", d.n<<(i-1), d.n<<i, g.what, g.to/max(g.from, 1), g.from, g.to)
					}
				}
			}
			// Bytes allocated step with the slices' doubling: over the
			// three doublings together.
			first, last := costs[0], costs[len(costs)-1]
			if growth := float64(last.bytes) / float64(first.bytes); growth > maxGrowth*maxGrowth*maxGrowth {
				t.Errorf("n %d → %d: bytes allocated grew %.2f× (%d → %d)", d.n, 8*d.n, growth, first.bytes, last.bytes)
			}
			if last.bytes > d.maxBytes {
				t.Errorf("n %d allocated %d MB, over %d MB", 8*d.n, last.bytes>>20, d.maxBytes>>20)
			}
			t.Logf("%+v", costs)
		})
	}
}

var dimensions = []scaling{
	{"steps", 500, samplesChain, 64 << 20},
	{"branches", 250, branches, 64 << 20},
	{"iterations", 500, iterations, 64 << 20},
	{"leaves per body", 50, bodyLeaves, 64 << 20},
	{"nested decides", 10, nestedDecides, 64 << 20},
	{"schema items", 2000, schemaItems, 64 << 20},
	{"enum length", 500, enumLength, 64 << 20},
	{"pattern × text", 20000, patternText, 64 << 20},
	{"failing items", 500, failingItems, 64 << 20},
	{"warnings", 500, hiddenTags, 64 << 20},
}

// samplesChain is n steps that are only samples, each reading the one
// before.
func samplesChain(n int) string {
	var b strings.Builder
	b.WriteString("steps:\n  - id: s0\n    tool_name: api__get\n    input: {}\n    result: {v: 0}\n")
	for i := 1; i < n; i++ {
		fmt.Fprintf(&b, "  - id: s%d\n    tool_name: api__get\n    input: {a: \"{{s%d.v}}\"}\n    result: {v: %d}\n", i, i-1, i)
	}
	fmt.Fprintf(&b, "solver: \"{{s%d.v}}\"\n", n-1)
	return b.String()
}

// branches is one decide step of n branches, each one step.
func branches(n int) string {
	var b strings.Builder
	b.WriteString("input: {x: 1}\nsteps:\n  - id: d\n    branch: b0\n    decide:\n")
	for i := range n {
		fmt.Fprintf(&b, "      b%d:\n        - id: s%d\n          tool_name: builtin__reshape\n          input: {shape: {x: \"{{input.x}}\"}}\n", i, i)
	}
	b.WriteString("solver: \"{{d.result.x}}\"\n")
	return b.String()
}

// iterations is a map over n elements whose results a fold then reads.
func iterations(n int) string {
	var b strings.Builder
	b.WriteString("input:\n  items: " + flowList(n, func(i int) string { return fmt.Sprintf("{n: %d, text: item%d}", i, i) }) + "\nsteps:\n")
	b.WriteString("  - id: m\n    over: \"{{input.items}}\"\n    tool_name: builtin__reshape\n    input: {shape: {n: \"{{item.n}}\", line: \"{{index}}: {{item.text}}\", count: \"{{accumulator.length}}\"}}\n")
	b.WriteString("  - id: f\n    over: \"{{m}}\"\n    initial: {last: none}\n    tool_name: builtin__reshape\n    input: {shape: {last: \"{{item.line}}\"}}\n")
	b.WriteString("solver: \"{{f.last}}\"\n")
	return b.String()
}

// bodyLeaves is a map of 50 iterations over a body of n leaves.
func bodyLeaves(n int) string {
	var b strings.Builder
	b.WriteString("input:\n  items: " + flowList(50, func(i int) string { return fmt.Sprintf("{n: %d}", i) }) + "\nsteps:\n  - id: m\n    over: \"{{input.items}}\"\n    tool_name: builtin__reshape\n    input:\n      shape:\n")
	for i := range n {
		fmt.Fprintf(&b, "        k%d: \"{{item.n}}-%d\"\n", i, i)
	}
	return b.String()
}

// nestedDecides is n decide steps, each the last step of the one around
// it, around one computed result of 64 KB.
func nestedDecides(n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "input: {big: %q}\nsteps:\n", strings.Repeat("x", 64<<10))
	indent := "  "
	for i := range n {
		fmt.Fprintf(&b, "%s- id: d%d\n%s  branch: a\n%s  decide:\n%s    a:\n", indent, i, indent, indent, indent)
		indent += "      "
	}
	fmt.Fprintf(&b, "%s- id: inner\n%s  tool_name: builtin__reshape\n%s  input: {shape: {big: \"{{input.big}}\"}}\n", indent, indent, indent)
	b.WriteString("solver: \"{{d0.branch}}\"\n")
	return b.String()
}

// toolCall is a plan whose one step calls user tool t, of schema, with
// input, an exec tool with its sample.
func toolCall(schema, input string) string {
	return "input: " + input + "\ntools:\n  - name: t\n    kind: exec\n    command: [check]\n    input_schema: " + schema +
		"\nsteps:\n  - id: c\n    tool_name: user__t\n    input: {v: \"{{input.v}}\"}\n    result: {}\n"
}

// flowList is a YAML flow list of n items, item(i) each.
func flowList(n int, item func(i int) string) string {
	items := make([]string, n)
	for i := range items {
		items[i] = item(i)
	}
	return "[" + strings.Join(items, ", ") + "]"
}

// numbers is a flow list of n numbers from from.
func numbers(n, from int) string {
	return flowList(n, func(i int) string { return strconv.Itoa(from + i) })
}

// schemaItems checks n numbers against an items schema.
func schemaItems(n int) string {
	return toolCall(`{type: object, properties: {v: {type: array, items: {type: number, minimum: 0}}}}`, "{v: "+numbers(n, 0)+"}")
}

// enumLength checks n numbers against an enum of n numbers.
func enumLength(n int) string {
	return toolCall(`{type: object, properties: {v: {type: array, items: {enum: `+numbers(n, 0)+`}}}}`, "{v: "+numbers(n, 0)+"}")
}

// patternText matches a fixed pattern against a text of n bytes.
func patternText(n int) string {
	return toolCall(`{type: object, properties: {v: {type: string, pattern: "^(?:ab?)*c$"}}}`, "{v: "+strings.Repeat("a", n)+"}")
}

// failingItems is n items that each fail a pattern.
func failingItems(n int) string {
	items := flowList(n, func(i int) string { return "x" + strconv.Itoa(i) })
	return toolCall(`{type: object, properties: {v: {type: array, items: {type: string, pattern: "^y"}}}}`, "{v: "+items+"}")
}

// hiddenTags is a plan whose input has n comments that hide a tag.
func hiddenTags(n int) string {
	var b strings.Builder
	b.WriteString("input:\n  a: 1\n")
	for i := range n {
		fmt.Fprintf(&b, "  k%d: PR #{{input.a}}\n", i)
	}
	b.WriteString("steps:\n  - id: s\n    tool_name: builtin__reshape\n    input: {shape: {a: \"{{input.a}}\"}}\n")
	return b.String()
}

// FuzzCostIsLinear doubles a fuzzed size along a fuzzed dimension: the
// work and the allocations may grow about twice, plus what any plan costs.
func FuzzCostIsLinear(f *testing.F) {
	for i := range dimensions {
		f.Add(uint8(i), uint16(1))
		f.Add(uint8(i), uint16(300))
	}
	f.Fuzz(func(t *testing.T, dim uint8, size uint16) {
		d := dimensions[int(dim)%len(dimensions)]
		n := 1 + int(size)%(2*d.n) // capped: a case stays well under a second
		small, large := measure(d.plan(n)), measure(d.plan(2*n))
		const fixed = 2000 // what a plan costs whatever its size
		if float64(large.work) > maxGrowth*float64(small.work)+fixed || float64(large.allocs) > maxGrowth*float64(small.allocs)+fixed {
			t.Errorf("%s, n %d → %d: work %d → %d, allocations %d → %d", d.name, n, 2*n, small.work, large.work, small.allocs, large.allocs)
		}
	})
}
