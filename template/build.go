package template

// Containers are built in place. At each depth of nesting only one
// container is open at a time, so each depth has a run: a chunk of memory
// whose tail holds the children of its open container, written once where
// they stay. A finished container is the slice of its children; the next
// container at that depth starts after it. The few containers too long for
// a chunk are gathered on the decoder's reusable stack and copied out once.

// chunkSize bounds the chunks runs are carved from: few allocations per
// document, and little waste for small ones.
const chunkSize = 1024

// run builds the containers of one kind at one depth.
type run[T any] struct {
	chunk []T // chunk[start:] are the children of the open container
	start int
	size  int // capacity of the last chunk; the next doubles it
	// spill is where the open container's children start on the stack, or
	// -1. While it spills, chunk is cut to its length, so that appends take
	// the slow path, and free keeps the chunk's room for later containers.
	spill int
	free  []T
}

// open begins a container.
func (r *run[T]) open() {
	r.start = len(r.chunk)
	r.spill = -1
}

// A child is appended to the open container at the call, for speed, while
// the chunk has room (so that append never grows it), else by addSlow.

// addSlow appends a child when the chunk is full: a short container moves
// to a new chunk, a long one to the stack.
func (r *run[T]) addSlow(v T, stack *[]T) {
	if r.spill < 0 {
		open := r.chunk[r.start:]
		if len(open) < chunkSize/4 {
			r.size = min(chunkSize, max(16, 2*r.size, 4*(len(open)+1)))
			c := make([]T, len(open)+1, r.size)
			copy(c, open)
			c[len(open)] = v
			r.chunk, r.start = c, 0
			return
		}
		r.spill = len(*stack)
		*stack = append(*stack, open...)
		r.free, r.chunk = r.chunk[:r.start], r.chunk[:r.start:r.start]
	}
	*stack = append(*stack, v)
}

// close ends the open container and returns its children.
func (r *run[T]) close(stack *[]T) []T {
	if r.spill >= 0 {
		c := make([]T, len(*stack)-r.spill)
		copy(c, (*stack)[r.spill:])
		*stack = (*stack)[:r.spill]
		r.chunk, r.free, r.spill = r.free, nil, -1
		return c
	}
	n := len(r.chunk)
	c := r.chunk[r.start:n:n]
	r.start = n
	return c
}

// arrays returns the run for arrays at depth.
func (d *decoder) arrays(depth int) *run[Value] {
	for depth >= len(d.varrs) {
		d.varrs = append(d.varrs, run[Value]{spill: -1})
	}
	return &d.varrs[depth]
}

// objects returns the run for objects at depth.
func (d *decoder) objects(depth int) *run[Member] {
	for depth >= len(d.mobjs) {
		d.mobjs = append(d.mobjs, run[Member]{spill: -1})
	}
	return &d.mobjs[depth]
}
