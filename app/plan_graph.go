package app

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/splicedev/splice/plan/graph"
)

// planGraph draws the plan's dataflow (plan/graph) as SVG above its steps:
// a node per step, a container per map, fold and decide step, an edge per
// read. It draws what the run gives it: the graph is the same pointer
// while no step's reads or status change, so a keystroke that changes
// neither draws nothing here. The graph is one tab stop, the selected
// node's; the arrow keys move along it, Enter shows the step's text.
type planGraph struct {
	app.Compo

	Do       stepsActions
	Graph    *graph.Graph
	Selected string // the selected step's id, "" for the solver
	Folded   bool   // drawn folded at first (a phone's)

	closed  map[string]bool // the containers drawn closed, by key
	layout  *graph.Layout
	laidOut *graph.Graph // the graph layout places
	zoom    float64      // the picture's scale; 0: as wide as its pane
	open    bool
	folded  bool // Folded when open was last set from it
	seen    bool
}

const svgNS = "http://www.w3.org/2000/svg"

// svg is an element of the picture.
func svg(tag string) app.HTMLElem { return app.Elem(tag).XMLNS(svgNS) }

// stepRowsID names the steps list: the graph's text alternative.
const stepRowsID = "step-rows"

// placed is the graph's layout, placed again when the graph or a
// container's state changed.
func (c *planGraph) placed() *graph.Layout {
	if c.layout == nil || c.laidOut != c.Graph {
		c.layout, c.laidOut = graph.Place(c.Graph, c.closed), c.Graph
	}
	return c.layout
}

func (c *planGraph) Render() app.UI {
	if !c.seen || c.Folded != c.folded { // the page learns its width after the first render
		c.open, c.folded, c.seen = !c.Folded, c.Folded, true
	}
	open := c.open
	fold := app.Elem("details").Class("pane graph-pane").Attr("open", open).On("toggle", func(ctx app.Context, e app.Event) {
		c.open = ctx.JSSrc().Get("open").Bool()
	})
	summary := app.Elem("summary").Class("pane-head graph-head").Body(
		app.Elem("h2").Text("Graph"),
		app.Elem("span").Class("count").Text("dataflow, in run order"),
	)
	if c.Graph == nil || len(c.Graph.Nodes) == 0 || !open {
		return fold.Body(summary)
	}
	if n := len(c.Graph.Nodes); n > graph.MaxDrawn {
		return fold.Body(summary, app.Elem("p").Class("empty").Attr("data-testid", "graph-too-large").
			Text("The graph is not drawn: "+strconv.Itoa(n)+" nodes, more than "+strconv.Itoa(graph.MaxDrawn)+". The steps below are the plan in run order."))
	}
	l := c.placed()
	edges := make([]app.UI, 0, len(l.Routes))
	for i := range l.Routes {
		edges = append(edges, c.edge(l, &l.Routes[i]))
	}
	nodes := make([]app.UI, 0, 2*len(l.Nodes))
	focus := c.focusable(l)
	for i := range l.Nodes {
		p := &l.Nodes[i]
		n := &c.Graph.Nodes[p.Node]
		nodes = append(nodes, &graphNode{Node: *n, Placed: *p, Selected: c.selects(n), Focusable: i == focus})
	}
	return fold.Body(
		summary,
		app.Elem("div").Class("graph-tools").Body(
			app.Elem("button").Class("btn btn-small").Title("Zoom out").Attr("aria-label", "Zoom out").Text("−").
				OnClick(func(ctx app.Context, e app.Event) { c.zoom = max(c.scale(ctx)/1.25, 0.1) }),
			app.Elem("button").Class("btn btn-small").Title("Zoom in").Attr("aria-label", "Zoom in").Text("+").
				OnClick(func(ctx app.Context, e app.Event) { c.zoom = min(c.scale(ctx)*1.25, 3) }),
			app.Elem("button").Class("btn btn-small").Attr("data-testid", "graph-fit").Title("Fit the whole graph in view").Text("Fit").
				OnClick(c.fit),
			app.Elem("button").Class("btn btn-small").Attr("data-testid", "graph-fold-all").Text(c.foldAllLabel()).
				OnClick(func(ctx app.Context, e app.Event) { c.foldAll() }),
		),
		app.Elem("div").Class("graph-view").Body(
			c.sized(svg("svg").Attr("data-testid", "graph").Class("graph").Role("group"), l).
				Attr("aria-label", "Dataflow of the plan: arrows go from a step to the steps that read it. ← → Home End: along the graph; Enter: show the step; + −: open, close").
				Attr("aria-describedby", stepRowsID).
				Attr("viewBox", "0 0 "+strconv.Itoa(l.Width)+" "+strconv.Itoa(l.Height)).
				OnKeyDown(c.onKey).OnClick(c.onClick).Body(
				svg("defs").Body(
					svg("marker").Attr("id", "graph-arrow").Attr("viewBox", "0 0 8 8").Attr("refX", 8).Attr("refY", 4).
						Attr("markerWidth", 7).Attr("markerHeight", 7).Attr("orient", "auto").Body(
						svg("path").Class("graph-arrow").Attr("d", "M8,0 L0,4 L8,8 z"),
					),
				),
				svg("g").Class("graph-edges").Body(edges...),
				svg("g").Class("graph-nodes").Body(nodes...),
			),
		),
	)
}

// sized gives the picture its size: the layout's at the zoom, or, until
// zoomed, the pane's width (the height following through the viewBox).
func (c *planGraph) sized(e app.HTMLElem, l *graph.Layout) app.HTMLElem {
	if c.zoom == 0 {
		return e.Class("fit-width")
	}
	return e.Attr("width", int(float64(l.Width)*c.zoom)).Attr("height", int(float64(l.Height)*c.zoom))
}

// scale is the picture's scale as drawn.
func (c *planGraph) scale(ctx app.Context) float64 {
	if c.zoom > 0 || c.layout == nil {
		return max(c.zoom, 1)
	}
	drawn := ctx.JSSrc().Call("closest", ".graph-pane").Call("querySelector", ".graph")
	if !drawn.Truthy() {
		return 1
	}
	return drawn.Call("getBoundingClientRect").Get("width").Float() / float64(c.layout.Width)
}

// fit zooms so that the whole graph is in view.
func (c *planGraph) fit(ctx app.Context, e app.Event) {
	view := ctx.JSSrc().Call("closest", ".graph-pane").Call("querySelector", ".graph-view")
	if !view.Truthy() || c.layout == nil {
		return
	}
	w, h := view.Get("clientWidth").Float(), view.Get("clientHeight").Float()
	c.zoom = min(max(min(w/float64(c.layout.Width), h/float64(c.layout.Height)), 0.1), 1)
}

// foldAllLabel names what the fold-all button does now.
func (c *planGraph) foldAllLabel() string {
	if len(c.closed) > 0 {
		return "Open all"
	}
	return "Close all"
}

// foldAll closes every container, or opens them all when some are closed.
func (c *planGraph) foldAll() {
	if len(c.closed) > 0 {
		c.closed = nil
	} else {
		c.closed = map[string]bool{}
		for _, n := range c.Graph.Nodes {
			if n.Container() {
				c.closed[n.Key] = true
			}
		}
	}
	c.layout = nil
}

// toggle opens or closes container key.
func (c *planGraph) toggle(key string) {
	if c.closed == nil {
		c.closed = map[string]bool{}
	}
	if c.closed[key] {
		delete(c.closed, key)
	} else {
		c.closed[key] = true
	}
	c.layout = nil
}

// selects reports whether node n is the selected step.
func (c *planGraph) selects(n *graph.Node) bool {
	if n.Kind == graph.Solver {
		return c.Selected == ""
	}
	return n.Kind != graph.Branch && n.ID != "" && n.ID == c.Selected
}

// focusable is the node that takes the graph's tab stop: the selected
// step's, or the closed container that hides it, or else the first.
func (c *planGraph) focusable(l *graph.Layout) int {
	for i, n := range c.Graph.Nodes {
		if c.selects(&n) {
			return l.Shown(c.Graph, i)
		}
	}
	return 0
}

// edge is one drawn edge, named by the paths it reads.
func (c *planGraph) edge(l *graph.Layout, r *graph.Route) app.UI {
	var d strings.Builder
	for i, p := range r.Points {
		if i == 0 {
			d.WriteString("M")
		} else {
			d.WriteString(" L")
		}
		d.WriteString(strconv.Itoa(p.X) + "," + strconv.Itoa(p.Y))
	}
	from, to := &c.Graph.Nodes[l.Nodes[r.From].Node], &c.Graph.Nodes[l.Nodes[r.To].Node]
	var paths []string
	for _, e := range r.Edges {
		for _, p := range c.Graph.Edges[e].Paths {
			paths = append(paths, "{{"+p+"}}")
		}
	}
	title := nodeName(to) + " reads " + strings.Join(paths, ", ")
	class := "graph-edge"
	if r.Blocked {
		class += " blocked"
		title += " (blocked: " + nodeName(from) + " has no result)"
	}
	return svg("g").Class(class).Attr("data-testid", "graph-edge").Attr("data-from", from.ID).Attr("data-to", to.ID).Body(
		svg("title").Text(title),
		svg("path").Class("graph-edge-hit").Attr("d", d.String()),
		svg("path").Class("graph-edge-line").Attr("d", d.String()).Attr("marker-end", "url(#graph-arrow)"),
	)
}

// nodeName names a node for people.
func nodeName(n *graph.Node) string {
	switch {
	case n.Kind == graph.Solver:
		return "the solver"
	case n.Kind == graph.Branch:
		return "branch " + n.Name
	case n.ID == "":
		return "the step at " + strings.TrimPrefix(n.Key, "@")
	}
	return n.ID
}

// onClick shows the step of the node clicked, or opens or closes a
// container when its sign is clicked: one handler for every node, so
// that the nodes hold no functions and compare equal when unchanged.
func (c *planGraph) onClick(ctx app.Context, e app.Event) {
	target := e.Get("target")
	node := target.Call("closest", `[data-testid="graph-node"]`)
	if !node.Truthy() || c.layout == nil {
		return
	}
	i, err := strconv.Atoi(node.Call("getAttribute", "data-at").String())
	if err != nil || i >= len(c.Graph.Nodes) {
		return
	}
	n := &c.Graph.Nodes[i]
	switch {
	case target.Call("closest", ".graph-toggle").Truthy():
		c.toggle(n.Key)
	case n.Kind != graph.Branch:
		c.Do.RevealStep(n.ID)
	}
}

// onKey moves along the graph: ↓ → to the next node in run order, ↑ ←
// to the one before, Home and End to the ends, + and − open and close a
// container; Enter shows the step's text.
func (c *planGraph) onKey(ctx app.Context, e app.Event) {
	l := c.layout
	if l == nil || len(l.Nodes) == 0 {
		return
	}
	at := c.focusable(l)
	if el := app.Window().Get("document").Get("activeElement"); el.Truthy() {
		if i, err := strconv.Atoi(el.Call("getAttribute", "data-at").String()); err == nil && i < len(c.Graph.Nodes) {
			at = l.Shown(c.Graph, i)
		}
	}
	node := &c.Graph.Nodes[l.Nodes[at].Node]
	next := at
	step := func(by int) {
		for next = at + by; next >= 0 && next < len(l.Nodes) && c.Graph.Nodes[l.Nodes[next].Node].Kind == graph.Branch; next += by {
		}
		if next < 0 || next >= len(l.Nodes) {
			next = at
		}
	}
	switch e.Get("key").String() {
	case "ArrowDown", "ArrowRight":
		step(1)
	case "ArrowUp", "ArrowLeft":
		step(-1)
	case "Home":
		next = 0
	case "End":
		next = len(l.Nodes) - 1
	case "+", "-", "−":
		if node.Container() && l.Nodes[at].Open != (e.Get("key").String() == "+") {
			c.toggle(node.Key)
		}
		e.PreventDefault()
		return
	case "Enter", " ":
		e.PreventDefault()
		if node.Kind != graph.Branch {
			c.Do.RevealStep(node.ID)
		}
		return
	default:
		return
	}
	e.PreventDefault()
	if n := &c.Graph.Nodes[l.Nodes[next].Node]; n.Kind != graph.Branch {
		c.Do.SelectStep(n.ID)
	}
	svgEl := ctx.JSSrc()
	ctx.Defer(func(ctx app.Context) {
		if el := svgEl.Call("querySelector", `[data-at="`+strconv.Itoa(l.Nodes[next].Node)+`"]`); el.Truthy() {
			el.Call("focus")
		}
	})
}

// graphNode is one node of the picture; a component, so that a new graph
// redraws only the nodes that changed.
type graphNode struct {
	app.Compo

	Node      graph.Node
	Placed    graph.Placed
	Selected  bool
	Focusable bool
}

// statusMarks put a node's status in its text, not in its colour alone.
var statusMarks = map[string]string{"ok": "✓ ran", "sample": "◆ sample", "failed": "✗ failed", "blocked": "⊘ blocked", "skipped": "– not taken"}

func (g *graphNode) Render() app.UI {
	n, p := &g.Node, &g.Placed
	class := "graph-node status-" + n.Status + " kind-" + string(n.Kind)
	if g.Selected {
		class += " selected"
	}
	id := n.ID
	if n.Kind == graph.Branch {
		id = n.Key // "decide/branch"
	}
	box := svg("g").Class(class).Attr("data-testid", "graph-node").Attr("data-id", id).
		Attr("data-status", n.Status).Attr("data-kind", string(n.Kind)).Attr("data-at", p.Node).
		Attr("transform", "translate("+strconv.Itoa(p.X)+","+strconv.Itoa(p.Y)+")")
	chars := (p.W - 40) / 7 // what fits of a line of text
	if n.Kind == graph.Branch {
		taken := "not taken"
		if n.Status == "ok" {
			taken = "taken"
		}
		return box.Body(
			svg("rect").Class("graph-lane").Attr("width", p.W).Attr("height", p.H).Attr("rx", 6),
			svg("text").Class("graph-label").Attr("x", 10).Attr("y", 16).Text(cut("branch "+n.Name+" · "+taken, chars)),
		)
	}
	name, what := nodeName(n), graph.Describe(n)
	if n.Kind == graph.Solver {
		name, what = "solver", "what the plan answers"
	}
	label := name + ", " + what + ", " + statusMarks[n.Status]
	if n.BlockedBy != "" {
		label += " by " + n.BlockedBy
	}
	if n.Container() {
		label += ", " + map[bool]string{true: "open", false: "closed"}[p.Open]
	}
	// The node's name is its <title> (SVG's own label, also the pointer's
	// tooltip); the texts say it shortened to fit, hidden from assistive
	// technology. An aria-label would have to hold the texts as drawn.
	parts := []app.UI{
		svg("title").Text(label),
		svg("rect").Class("graph-box").Attr("width", p.W).Attr("height", p.H).Attr("rx", 6),
		svg("rect").Class("graph-head").Attr("width", p.W).Attr("height", graph.NodeHeight).Attr("rx", 6),
		svg("text").Attr("aria-hidden", "true").Class("graph-id").Attr("x", 10).Attr("y", 16).Text(cut(name, chars-8)), // the status beside it
		svg("text").Attr("aria-hidden", "true").Class("graph-what").Attr("x", 10).Attr("y", 32).Text(cut(what, chars)),
		svg("text").Attr("aria-hidden", "true").Class("graph-status").Attr("x", p.W-8).Attr("y", 16).Attr("text-anchor", "end").Text(statusMarks[n.Status]),
	}
	if p.Open && (n.Kind == graph.Map || n.Kind == graph.Fold) {
		parts = append(parts,
			svg("rect").Class("graph-body").Attr("x", 10).Attr("y", graph.NodeHeight-2).Attr("width", p.W-20).Attr("height", graph.BodyHeight-6).Attr("rx", 4),
			svg("text").Attr("aria-hidden", "true").Class("graph-what").Attr("x", 18).Attr("y", graph.NodeHeight+12).Text(cut("body: "+n.Tool+" per element × "+strconv.Itoa(n.Iterations), chars)),
		)
	}
	if n.Container() {
		sign := "−"
		if !p.Open {
			sign = "+"
		}
		parts = append(parts, svg("text").Attr("aria-hidden", "true").Class("graph-toggle").Attr("x", p.W-8).Attr("y", 32).Attr("text-anchor", "end").Text(sign))
	}
	return box.Role("button").TabIndex(tabIndex(g.Focusable)).Attr("aria-pressed", strconv.FormatBool(g.Selected)).Body(parts...)
}

// cut shortens text to n characters, marking the cut.
func cut(text string, n int) string {
	if r := []rune(text); len(r) > n && n > 1 {
		return string(r[:n-1]) + "…"
	}
	return text
}
