package graph

import (
	"fmt"
	"os"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/splicedev/splice/internal/benchdata"
	"github.com/splicedev/splice/plan"
)

// find returns the index of the node with key.
func find(g *Graph, key string) int {
	return slices.IndexFunc(g.Nodes, func(n Node) bool { return n.Key == key })
}

func build(t testing.TB, text string) *Graph {
	p := plan.Load(text)
	return Build(p, plan.Run(p, plan.Options{}))
}

// small is a plan with a node of every kind.
var small = func() string {
	b, err := os.ReadFile("testdata/every-kind.yaml")
	if err != nil {
		panic(err)
	}
	return string(b)
}()

func TestBuild(t *testing.T) {
	g := build(t, small)
	var got []string
	for _, n := range g.Nodes {
		parent := "-"
		if n.Parent >= 0 {
			parent = g.Nodes[n.Parent].Key
		}
		got = append(got, fmt.Sprintf("%s %s %s ×%d in %s", n.Key, n.Kind, n.Status, n.Iterations, parent))
	}
	want := []string{
		"E1 call sample ×0 in -",
		"M map ok ×2 in -",
		"D decide ok ×0 in -",
		"D/fix branch ok ×0 in D",
		"F1 call ok ×0 in D/fix",
		"D/skip branch skipped ×0 in D",
		"S1 call skipped ×0 in D/skip",
		"Bad call failed ×0 in -",
		"After call blocked ×0 in -",
		" solver blocked ×0 in -",
	}
	if !slices.Equal(got, want) {
		t.Errorf("nodes:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	got = nil
	for _, e := range g.Edges {
		got = append(got, fmt.Sprintf("%s→%s %v blocked=%v", g.Nodes[e.From].Key, g.Nodes[e.To].Key, e.Paths, e.Blocked))
	}
	want = []string{
		"E1→M [E1.files E1.number] blocked=false",
		"M→F1 [M] blocked=false",
		"E1→Bad [E1.missing.deeper] blocked=false",
		"Bad→After [Bad.x] blocked=true",
		"D→ [D.result.m] blocked=false",
		"After→ [After.x] blocked=true",
		"E1→ [E1.number] blocked=false",
	}
	if !slices.Equal(got, want) {
		t.Errorf("edges:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// overlap reports whether two boxes share any area.
func overlap(a, b Box) bool {
	return a.X < b.X+b.W && b.X < a.X+a.W && a.Y < b.Y+b.H && b.Y < a.Y+a.H
}

// inside reports whether b is within a.
func inside(a, b Box) bool {
	return a.X <= b.X && b.X+b.W <= a.X+a.W && a.Y <= b.Y && b.Y+b.H <= a.Y+a.H
}

// ownBox is the part of a placed node that is its own (a container's head).
func ownBox(p *Placed) Box { return Box{p.X, p.Y, p.W, p.Head} }

func checkGeometry(t *testing.T, g *Graph, l *Layout) {
	t.Helper()
	for i := range l.Nodes {
		a := &l.Nodes[i]
		if a.X+a.W > l.Width || a.Y+a.H > l.Height {
			t.Errorf("node %s %v is outside %dx%d", g.Nodes[a.Node].Key, a.Box, l.Width, l.Height)
		}
		for j := i + 1; j < len(l.Nodes); j++ {
			b := &l.Nodes[j]
			ancestor := false
			for p := g.Nodes[b.Node].Parent; p >= 0; p = g.Nodes[p].Parent {
				ancestor = ancestor || p == a.Node
			}
			switch {
			case ancestor && !inside(a.Box, b.Box):
				t.Errorf("node %s %v is not inside its container %s %v", g.Nodes[b.Node].Key, b.Box, g.Nodes[a.Node].Key, a.Box)
			case !ancestor && overlap(a.Box, b.Box):
				t.Errorf("nodes %s %v and %s %v overlap", g.Nodes[a.Node].Key, a.Box, g.Nodes[b.Node].Key, b.Box)
			case overlap(ownBox(a), ownBox(b)):
				t.Errorf("the heads of %s and %s overlap", g.Nodes[a.Node].Key, g.Nodes[b.Node].Key)
			}
		}
	}
	// An edge runs right from its node's side, down a track right of
	// every node, and left into its reader's side: no segment crosses a
	// node's own part.
	for _, r := range l.Routes {
		pts := r.Points
		for k := 1; k < len(pts); k++ {
			a, b := pts[k-1], pts[k]
			seg := Box{min(a.X, b.X), min(a.Y, b.Y), max(a.X, b.X) - min(a.X, b.X), max(a.Y, b.Y) - min(a.Y, b.Y)}
			for i := range l.Nodes {
				own := ownBox(&l.Nodes[i])
				if seg.X < own.X+own.W && own.X < seg.X+seg.W && seg.Y > own.Y && seg.Y < own.Y+own.H ||
					seg.W == 0 && seg.X > own.X && seg.X < own.X+own.W && seg.Y < own.Y+own.H && own.Y < seg.Y+seg.H {
					t.Errorf("edge %d→%d's segment %v crosses node %s %v", r.From, r.To, seg, g.Nodes[l.Nodes[i].Node].Key, own)
				}
			}
		}
	}
}

func TestLayoutNoOverlaps(t *testing.T) {
	for _, text := range []string{small, benchdata.GraphPlan(120)} {
		g := build(t, text)
		checkGeometry(t, g, Place(g, nil))
		checkGeometry(t, g, Place(g, map[string]bool{"D": true, "M": true, "s25": true, "s50": true}))
	}
}

func TestLayoutIsDeterministic(t *testing.T) {
	text := benchdata.GraphPlan(200)
	first := Place(build(t, text), nil)
	for range 3 {
		if again := Place(build(t, text), nil); fmt.Sprint(again) != fmt.Sprint(first) {
			t.Fatal("the same plan is laid out twice differently")
		}
	}
}

// A one-character edit that changes a step's reads moves no node: the
// edges' tracks change, the nodes' boxes do not.
func TestEditMovesNoNode(t *testing.T) {
	text := benchdata.GraphPlan(100)
	edited := strings.Replace(text, `w: "{{s44.v}}"`, `w: "{{s4.v}}"`, 1)
	if edited == text {
		t.Fatal("the edit is not in the plan")
	}
	g, h := build(t, text), build(t, edited)
	if g.Equal(h) {
		t.Fatal("the edit changed no read")
	}
	before, after := Place(g, nil), Place(h, nil)
	if len(before.Nodes) != len(after.Nodes) {
		t.Fatalf("%d nodes, then %d", len(before.Nodes), len(after.Nodes))
	}
	for i := range before.Nodes {
		if before.Nodes[i] != after.Nodes[i] {
			t.Errorf("node %s moved: %v → %v", g.Nodes[before.Nodes[i].Node].Key, before.Nodes[i].Box, after.Nodes[i].Box)
		}
	}
}

func TestCollapse(t *testing.T) {
	g := build(t, small)
	open, closed := Place(g, nil), Place(g, map[string]bool{"D": true, "M": true})
	if len(closed.Nodes) != len(open.Nodes)-4 {
		t.Errorf("closing D shows %d nodes of %d, want 4 fewer (its branches and their steps)", len(closed.Nodes), len(open.Nodes))
	}
	m := closed.Nodes[closed.Shown(g, find(g, "M"))]
	if m.Open || m.H != NodeHeight {
		t.Errorf("closed map M is drawn %v open=%v", m.Box, m.Open)
	}
	// F1 reads M: closed, D draws its reads.
	d := closed.Shown(g, find(g, "D"))
	if closed.Shown(g, find(g, "F1")) != d {
		t.Error("a step of a closed decide is not drawn as the decide")
	}
	found := false
	for _, r := range closed.Routes {
		found = found || r.From == closed.Shown(g, find(g, "M")) && r.To == d
	}
	if !found {
		t.Error("F1's read of M is not drawn as D's")
	}
}

// Doubling the steps doubles what Build and Place allocate, no more.
func TestLayoutIsLinear(t *testing.T) {
	allocs := func(n int) uint64 {
		p := plan.Load(benchdata.GraphPlan(n))
		out := plan.Run(p, plan.Options{})
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		Place(Build(p, out), nil)
		runtime.ReadMemStats(&after)
		return after.Mallocs - before.Mallocs
	}
	prev := allocs(125)
	for n := 250; n <= 1000; n *= 2 {
		cur := allocs(n)
		if float64(cur) > 2.3*float64(prev) {
			t.Errorf("%d steps allocate %d times, %d steps %d: more than twice", n/2, prev, n, cur)
		}
		prev = cur
	}
}

// BenchmarkGraph times what a run of a generated plan costs the picture:
// building its graph, placing it.
func BenchmarkGraph(b *testing.B) {
	for _, n := range []int{50, 200, 500} {
		p := plan.Load(benchdata.GraphPlan(n))
		out := plan.Run(p, plan.Options{})
		g := Build(p, out)
		b.Run(fmt.Sprintf("build/%d", n), func(b *testing.B) {
			for b.Loop() {
				Build(p, out)
			}
		})
		b.Run(fmt.Sprintf("place/%d", n), func(b *testing.B) {
			for b.Loop() {
				Place(g, nil)
			}
		})
	}
}

func TestMermaid(t *testing.T) {
	got := Mermaid(build(t, small))
	want := `flowchart TD
  classDef ok fill:#e6f4ea,stroke:#1e7b34
  classDef sample fill:#e8f0fe,stroke:#1a56c4
  classDef failed fill:#fde8e8,stroke:#b42318,stroke-width:2px
  classDef blocked fill:#fff4e0,stroke:#b54708,stroke-dasharray:4 3
  classDef skipped fill:#f2f2f2,stroke:#888,stroke-dasharray:2 3,color:#666
  n0["E1<br/>call · github__pr_view<br/>sample"]:::sample
  subgraph n1g["map M"]
    n1["M<br/>map · builtin__reshape × 2<br/>ok"]:::ok
  end
  subgraph n2g["decide D"]
    n2["D<br/>decide<br/>ok"]:::ok
    subgraph n3["branch fix (taken)"]
      n4["F1<br/>call · builtin__reshape<br/>ok"]:::ok
    end
    subgraph n5["branch skip (not taken)"]
      n6["S1<br/>call · builtin__reshape<br/>skipped"]:::skipped
    end
  end
  n7["Bad<br/>call · builtin__reshape<br/>failed"]:::failed
  n8["After<br/>call · builtin__reshape<br/>blocked"]:::blocked
  n9["solver<br/>blocked"]:::blocked
  n0 --> n1
  n1 --> n4
  n0 --> n7
  n7 -.->|blocked| n8
  n2 --> n9
  n8 -.->|blocked| n9
  n0 --> n9
`
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// A branch's name is any mapping key: its label escapes what would end it.
func TestMermaidEscapes(t *testing.T) {
	g := build(t, "steps:\n  - id: D\n    branch: 'a\"b'\n    decide:\n      'a\"b': []\n      '<x> #1': []\n")
	got := Mermaid(g)
	for _, want := range []string{`subgraph n1["branch a#quot;b (taken)"]`, `subgraph n2["branch #lt;x#gt; #35;1 (not taken)"]`} {
		if !strings.Contains(got, want) {
			t.Errorf("no %s in\n%s", want, got)
		}
	}
}

// Build allocates for the graph, not for each edge or path read: the
// edges and their paths each come in one array.
func TestBuildAllocatesPerGraph(t *testing.T) {
	p := plan.Load(benchdata.GraphPlan(400))
	out := plan.Run(p, plan.Options{})
	edges := len(Build(p, out).Edges)
	allocs := testing.AllocsPerRun(5, func() { Build(p, out) })
	if allocs*4 > float64(edges) {
		t.Errorf("building a graph of %d edges allocates %.0f times, want under a quarter of the edges", edges, allocs)
	}
	t.Logf("%d edges, %.0f allocations", edges, allocs)
}
