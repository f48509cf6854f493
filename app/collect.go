package app

import (
	"runtime"
	"runtime/debug"
)

// The playground's Go heap in the browser. A page holds a few large values
// (decoded roots, a plan's samples) and, while typing in a large text,
// makes the text again at each key (a plan of 200 KB: some 300 KB
// allocated a key). Go runs there on the page's one thread and marks the
// whole heap in one go, 20 to 40 ms, inside whichever key allocation
// reached the size that starts a collection: that key's frame waits for
// it. So the heap is collected less often than by default, and when the
// next keys would start a collection, collectIfDue collects at once, once
// the frame is painted, when the page is idle between keys.

// gcPercent is the heap's growth between collections, in percent of what
// the last one kept (Go's GOGC; 100 by default).
const gcPercent = 400

// CollectLessOften sets the heap's growth between collections to
// gcPercent; the playground's main calls it in the browser.
func CollectLessOften() { debug.SetGCPercent(gcPercent) }

// collectIfDue collects the heap when allocating room more bytes may
// start a collection.
func collectIfDue(room uint64) {
	if collectionDue(room) {
		runtime.GC()
	}
}

// collectionDue reports whether allocating room more bytes may start a
// collection. Go starts one between 70% and 95% of the way from the heap
// the last one kept to the next goal, gcPercent past it; the earliest
// counts.
func collectionDue(room uint64) bool {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	kept := m.NextGC / (100 + gcPercent) * 100
	return m.HeapAlloc+room >= kept+(m.NextGC-kept)*7/10
}
