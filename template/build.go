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
	spill int // where the open container's children start on the stack, or -1
}

// open begins a container.
func (r *run[T]) open() {
	r.start = len(r.chunk)
	r.spill = -1
}

// add appends a child to the open container.
func (r *run[T]) add(v T, stack *[]T) {
	if n := len(r.chunk); n < cap(r.chunk) && r.spill < 0 {
		r.chunk = r.chunk[:n+1]
		r.chunk[n] = v
		return
	}
	r.addSlow(v, stack)
}

// addSlow appends a child when the chunk is full: a short container moves
// to a new chunk, a long one to the stack.
func (r *run[T]) addSlow(v T, stack *[]T) {
	if r.spill < 0 {
		open := r.chunk[r.start:]
		if len(open) < chunkSize/4 {
			r.size = min(chunkSize, max(16, 2*r.size, 4*(len(open)+1)))
			c := make([]T, len(open), r.size)
			copy(c, open)
			r.chunk, r.start = append(c, v), 0
			return
		}
		r.spill = len(*stack)
		*stack = append(*stack, open...)
		r.chunk = r.chunk[:r.start]
	}
	*stack = append(*stack, v)
}

// close ends the open container and returns its children.
func (r *run[T]) close(stack *[]T) []T {
	if r.spill >= 0 {
		c := make([]T, len(*stack)-r.spill)
		copy(c, (*stack)[r.spill:])
		*stack = (*stack)[:r.spill]
		r.spill = -1
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
