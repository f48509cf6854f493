// Package graph is a plan's dataflow as a graph: a node per step (a map or
// fold one node with its body, a decide step a group with a node per
// branch), the solver, and an edge per step-to-step read, all taken from a
// run of the plan (its reads, statuses, iterations and taken branches).
// Layout places it for the playground's picture and Mermaid writes it as a
// flowchart, so that the command line, the playground and its Markdown
// export draw the same graph.
package graph

import (
	"slices"

	"github.com/splicedev/splice/plan"
)

// MaxDrawn is the most nodes a picture of the graph draws: past it a
// picture is no longer read (and the page would take seconds to draw it);
// the steps list, or the text, says the plan.
const MaxDrawn = 1000

// Kind is what a node stands for.
type Kind string

// The node kinds.
const (
	Call   Kind = "call"
	Map    Kind = "map"
	Fold   Kind = "fold"
	Decide Kind = "decide"
	Branch Kind = "branch" // one branch of a decide step
	Solver Kind = "solver"
)

// Node is one node of the graph.
type Node struct {
	// Key names the node uniquely: the step's id, "@" and its place for a
	// step without a valid id, "decide/branch" for a branch, "" for the
	// solver.
	Key    string
	ID     string // the step's id ("" for the solver, a branch, a step without a valid id)
	Kind   Kind
	Tool   string
	Name   string // a branch's name
	Status string // as plan.Status writes it; a branch: ok when taken, else skipped
	// Iterations is how many iterations of a map or fold ran.
	Iterations int
	BlockedBy  string
	Parent     int // the index of the node that holds it (a branch, a decide), -1 at the top
}

// Container reports whether the node holds or stands for more than itself:
// a map or fold (its body), a decide step (its branches).
func (n *Node) Container() bool { return n.Kind == Map || n.Kind == Fold || n.Kind == Decide }

// Edge is a read of one step's result by another, or by the solver.
type Edge struct {
	From, To int      // node indices: To reads From
	Paths    []string // the paths read, "E1.number"
	// Blocked: the reader did not run because From has no result.
	Blocked bool
}

// Graph is a plan's dataflow. Nodes are in document order, a decide step
// followed by its branches, each by its steps; the solver last.
type Graph struct {
	Nodes []Node
	Edges []Edge
}

// Build makes the graph of a run of p.
func Build(p *plan.Plan, out *plan.Outcome) *Graph {
	g := &Graph{Nodes: make([]Node, 0, len(out.Steps)+1)}
	branchAt := map[*plan.Step]int{} // a decide step's first branch node
	hasResult := make(map[string]bool, len(out.Steps))
	for _, res := range out.Steps {
		s := res.Step
		parent := -1
		if s.In != nil {
			parent = branchAt[s.In] + slices.IndexFunc(s.In.Branches, func(b plan.Branch) bool { return b.Name == s.InBranch })
		}
		n := Node{Key: s.ID, ID: s.ID, Kind: Kind(s.Form.String()), Tool: s.ToolName, Status: res.Status.String(),
			Iterations: len(res.Iterations), BlockedBy: res.BlockedBy, Parent: parent}
		if s.ID == "" {
			n.Key = "@" + s.At
		}
		hasResult[n.Key] = res.HasResult
		g.Nodes = append(g.Nodes, n)
		if s.Form == plan.Decide {
			decide := len(g.Nodes) - 1
			branchAt[s] = len(g.Nodes)
			for _, b := range s.Branches {
				status := plan.Skipped
				if b.Name == s.Branch && res.Status != plan.Skipped && res.Status != plan.Blocked && res.Status != plan.Failed {
					status = plan.Ran
				}
				g.Nodes = append(g.Nodes, Node{Key: s.ID + "/" + b.Name, Kind: Branch, Name: b.Name, Status: status.String(), Parent: decide})
			}
		}
	}
	// A branch's node comes before its steps: document order puts every
	// branch step after its decide step, so the nodes are reordered once.
	g.order()
	index := make(map[string]int, len(g.Nodes))
	for i, n := range g.Nodes {
		index[n.Key] = i
	}
	// The edges' paths share one array: each path read is on one edge.
	edges, paths := len(p.SolverReads()), len(p.SolverPathsRead())
	for _, res := range out.Steps {
		edges, paths = edges+len(res.Step.Reads()), paths+len(res.Step.PathsRead())
	}
	g.Edges = make([]Edge, 0, edges)
	shared := make([]string, 0, paths)
	read := func(to int, reads, paths []string) {
		for _, id := range reads {
			from, ok := index[id]
			if !ok {
				continue
			}
			e := Edge{From: from, To: to, Blocked: g.Nodes[to].Status == "blocked" && !hasResult[id]}
			start := len(shared)
			for _, path := range paths {
				if path == id || len(path) > len(id) && path[:len(id)] == id && path[len(id)] == '.' {
					shared = append(shared, path)
				}
			}
			if len(shared) > start {
				e.Paths = shared[start:len(shared):len(shared)]
			}
			g.Edges = append(g.Edges, e)
		}
	}
	for _, res := range out.Steps {
		s := res.Step
		key := s.ID
		if key == "" {
			key = "@" + s.At
		}
		read(index[key], s.Reads(), s.PathsRead())
	}
	if res := out.Solver; res != nil {
		g.Nodes = append(g.Nodes, Node{Kind: Solver, Status: res.Status.String(), BlockedBy: res.BlockedBy, Parent: -1})
		read(len(g.Nodes)-1, p.SolverReads(), p.SolverPathsRead())
	}
	return g
}

// order puts the nodes in tree order, each node's children after it in
// their order, keeping Parent right.
func (g *Graph) order() {
	kids := make([][]int, len(g.Nodes)+1) // the last: the top level
	for i, n := range g.Nodes {
		p := n.Parent
		if p < 0 {
			p = len(g.Nodes)
		}
		kids[p] = append(kids[p], i)
	}
	sorted := make([]Node, 0, len(g.Nodes))
	moved := make([]int, len(g.Nodes))
	var walk func(i, parent int)
	walk = func(i, parent int) {
		n := g.Nodes[i]
		n.Parent = parent
		moved[i] = len(sorted)
		sorted = append(sorted, n)
		for _, k := range kids[i] {
			walk(k, moved[i])
		}
	}
	for _, k := range kids[len(g.Nodes)] {
		walk(k, -1)
	}
	g.Nodes = sorted
}

// Equal reports whether g and h are the same graph.
func (g *Graph) Equal(h *Graph) bool {
	if g == h || g == nil || h == nil {
		return g == h
	}
	return slices.Equal(g.Nodes, h.Nodes) && slices.EqualFunc(g.Edges, h.Edges, func(a, b Edge) bool {
		return a.From == b.From && a.To == b.To && a.Blocked == b.Blocked && slices.Equal(a.Paths, b.Paths)
	})
}
