package graph

import (
	"strconv"
	"strings"
)

// statusStyles colour the statuses as the playground does, with the
// status in each node's text as well.
var statusStyles = []struct{ status, style string }{
	{"ok", "fill:#e6f4ea,stroke:#1e7b34"},
	{"sample", "fill:#e8f0fe,stroke:#1a56c4"},
	{"failed", "fill:#fde8e8,stroke:#b42318,stroke-width:2px"},
	{"blocked", "fill:#fff4e0,stroke:#b54708,stroke-dasharray:4 3"},
	{"skipped", "fill:#f2f2f2,stroke:#888,stroke-dasharray:2 3,color:#666"},
}

// Mermaid writes g as a Mermaid flowchart: a node per step and the solver,
// named n0, n1… in the graph's order; a map or fold a subgraph holding its
// node, a decide step a subgraph holding its node and a subgraph per
// branch; an edge per read, dotted when blocked; each node's status its
// class.
func Mermaid(g *Graph) string {
	var b strings.Builder
	b.WriteString("flowchart TD\n")
	for _, s := range statusStyles {
		b.WriteString("  classDef " + s.status + " " + s.style + "\n")
	}
	var ends []int // the nodes whose subgraphs are open, innermost last
	for i := range g.Nodes {
		n := &g.Nodes[i]
		for len(ends) > 0 && ends[len(ends)-1] != n.Parent {
			ends = ends[:len(ends)-1]
			b.WriteString(strings.Repeat("  ", len(ends)+1) + "end\n")
		}
		pad := strings.Repeat("  ", len(ends)+1)
		id := "n" + strconv.Itoa(i)
		switch n.Kind {
		case Branch:
			taken := "not taken"
			if n.Status == "ok" {
				taken = "taken"
			}
			b.WriteString(pad + "subgraph " + id + `["branch ` + label(n.Name) + " (" + taken + `)"]` + "\n")
			ends = append(ends, i)
			continue
		case Map, Fold, Decide:
			b.WriteString(pad + "subgraph " + id + `g["` + string(n.Kind) + " " + label(n.ID) + `"]` + "\n")
			pad += "  "
		}
		b.WriteString(pad + id + `["` + nodeLabel(n) + `"]:::` + n.Status + "\n")
		switch n.Kind {
		case Map, Fold:
			b.WriteString(pad[2:] + "end\n")
		case Decide:
			ends = append(ends, i)
		}
	}
	for len(ends) > 0 {
		ends = ends[:len(ends)-1]
		b.WriteString(strings.Repeat("  ", len(ends)+1) + "end\n")
	}
	for _, e := range g.Edges {
		arrow := " --> "
		if e.Blocked {
			arrow = " -.->|blocked| "
		}
		b.WriteString("  n" + strconv.Itoa(e.From) + arrow + "n" + strconv.Itoa(e.To) + "\n")
	}
	return b.String()
}

// nodeLabel is a node's text: its id, form, tool, iterations and status.
func nodeLabel(n *Node) string {
	if n.Kind == Solver {
		return "solver<br/>" + n.Status
	}
	name := n.ID
	if name == "" {
		name = n.Key // a step without a valid id: its place
	}
	return label(name) + "<br/>" + label(Describe(n)) + "<br/>" + n.Status
}

// Describe says what a node does: "map · github__pr_view × 3".
func Describe(n *Node) string {
	what := string(n.Kind)
	if n.Tool != "" {
		what += " · " + n.Tool
	}
	if n.Kind == Map || n.Kind == Fold {
		what += " × " + strconv.Itoa(n.Iterations)
	}
	return what
}

// label escapes text for a quoted Mermaid label: its entities for the
// characters that would end it or be read as markup.
var label = strings.NewReplacer(`"`, "#quot;", "<", "#lt;", ">", "#gt;", "#", "#35;", "\n", " ", "`", "#96;").Replace
