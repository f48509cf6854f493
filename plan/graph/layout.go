package graph

import (
	"cmp"
	"slices"
)

// The layout is the steps list's own shape: a column of nodes in run
// order, a container's content indented inside its box, and every edge
// routed to the right of the column on a vertical track of its own
// (tracks assigned as intervals: the fewest that keep two edges' spans
// apart). A node's place depends only on the nodes before it and on which
// containers are closed, never on the edges: an edit that changes one
// step's reads moves no node, and no edge crosses a node.

// Geometry, in SVG user units.
const (
	NodeHeight = 40 // a step's own box
	BodyHeight = 26 // a map or fold's body, under its head
	LaneHeight = 24 // a branch's label row
	nodeWidth  = 220
	gap        = 8  // between rows
	inset      = 10 // a container's padding on each side
	margin     = 8
	trackGap   = 10 // between edges' vertical tracks
	outPort    = 26 // where an edge leaves its node's right side, from its top
	inPort     = 14 // where it arrives
)

// Box is a rectangle.
type Box struct{ X, Y, W, H int }

// Placed is a node as drawn.
type Placed struct {
	Node int // its index in the graph
	Box
	Head int  // the height of its own part: a container's box holds its content below
	Open bool // a container drawn with its content
}

// Point is a point of an edge's path.
type Point struct{ X, Y int }

// Route is a drawn edge: the reads of one shown node by another. A read
// of or by a node inside a closed container is drawn as the container's.
type Route struct {
	From, To int   // indices in Layout.Nodes
	Edges    []int // the graph's edges it draws
	Blocked  bool  // every one of them is blocked
	Points   []Point
}

// Layout is a graph placed for drawing.
type Layout struct {
	Nodes         []Placed // the nodes shown, in tree order
	Routes        []Route
	Width, Height int
	shown         []int // a graph node's index in Nodes, -1 when hidden
}

// Shown returns the index in l.Nodes of graph node i, or of the closed
// container that hides it.
func (l *Layout) Shown(g *Graph, i int) int {
	for l.shown[i] < 0 {
		i = g.Nodes[i].Parent
	}
	return l.shown[i]
}

// Place lays g out with the containers whose keys closed holds drawn
// closed.
func Place(g *Graph, closed map[string]bool) *Layout {
	l := &Layout{Nodes: make([]Placed, 0, len(g.Nodes)), shown: make([]int, len(g.Nodes))}
	depth := make([]int, len(g.Nodes))
	deepest := 0
	for i, n := range g.Nodes {
		l.shown[i] = -1
		if n.Parent >= 0 {
			depth[i] = depth[n.Parent] + 1
			deepest = max(deepest, depth[i])
		}
	}
	width := nodeWidth + 2*inset*deepest
	y := margin
	var open []int // the containers around the next node, innermost last
	shut := func(to int) {
		for len(open) > 0 && open[len(open)-1] != to {
			p := &l.Nodes[open[len(open)-1]]
			if g.Nodes[p.Node].Kind == Decide {
				y += inset - gap // a group's bottom padding
			}
			p.H = y - p.Y
			y += gap
			open = open[:len(open)-1]
		}
	}
	for i := 0; i < len(g.Nodes); i++ {
		n := &g.Nodes[i]
		parent := -1
		if n.Parent >= 0 {
			parent = l.shown[n.Parent]
		}
		shut(parent)
		d := depth[i]
		p := Placed{Node: i, Box: Box{X: margin + d*inset, Y: y, W: width - 2*d*inset}, Head: NodeHeight}
		p.Open = n.Container() && !closed[n.Key]
		switch {
		case n.Kind == Branch:
			p.Head = LaneHeight
		case p.Open && (n.Kind == Map || n.Kind == Fold):
			p.Head += BodyHeight
		}
		l.shown[i] = len(l.Nodes)
		l.Nodes = append(l.Nodes, p)
		y += p.Head
		switch {
		case n.Kind == Branch || p.Open && n.Kind == Decide:
			open = append(open, l.shown[i])
			y += gap / 2
		default:
			l.Nodes[len(l.Nodes)-1].H = p.Head
			y += gap
			if n.Kind == Decide { // closed: its branches and their steps are hidden
				for i+1 < len(g.Nodes) && depth[i+1] > d {
					i++
				}
			}
		}
	}
	shut(-1)
	l.Height = y - gap + margin
	l.route(g, margin+width)
	return l
}

// route draws the edges of g between the nodes shown, right of column's
// right side.
func (l *Layout) route(g *Graph, column int) {
	pairs := map[[2]int]int{}
	for e, edge := range g.Edges {
		from, to := l.Shown(g, edge.From), l.Shown(g, edge.To)
		if from == to {
			continue
		}
		r, ok := pairs[[2]int{from, to}]
		if !ok {
			r = len(l.Routes)
			pairs[[2]int{from, to}] = r
			l.Routes = append(l.Routes, Route{From: from, To: to, Blocked: true})
		}
		l.Routes[r].Edges = append(l.Routes[r].Edges, e)
		l.Routes[r].Blocked = l.Routes[r].Blocked && edge.Blocked
	}
	// Routes come in the readers' order; tracks go to them by where they
	// start, so that each takes the leftmost track free over its span.
	order := make([]int, len(l.Routes))
	for i := range order {
		order[i] = i
	}
	top := func(r int) int { return l.Nodes[l.Routes[r].From].Y + outPort }
	bottom := func(r int) int { return l.Nodes[l.Routes[r].To].Y + inPort }
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Or(cmp.Compare(top(a), top(b)), cmp.Compare(bottom(a), bottom(b))) })
	var ends []int // each track's lowest point so far
	for _, r := range order {
		a, b := top(r), bottom(r)
		t := 0
		for t < len(ends) && ends[t] >= a {
			t++
		}
		if t == len(ends) {
			ends = append(ends, 0)
		}
		ends[t] = b
		x := column + trackGap*(t+1)
		from, to := &l.Nodes[l.Routes[r].From], &l.Nodes[l.Routes[r].To]
		l.Routes[r].Points = []Point{{from.X + from.W, a}, {x, a}, {x, b}, {to.X + to.W, b}}
	}
	l.Width = column + trackGap*(len(ends)+1) + margin
}
