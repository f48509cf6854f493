package app

import "runtime"

// Each key typed in a large text makes the text again (a plan of 200 KB:
// some 300 KB allocated a key), so that every few dozen keys the heap
// reaches the size at which Go collects it. In the browser Go runs on the
// page's one thread and marks the whole heap in one go, 20 to 40 ms, inside
// whichever key reached that size: that key's frame waits for it. When the
// next keys would reach it, collectIfDue collects at once, after the
// frame is painted, when the page is idle between keys.

// collectIfDue collects the heap when allocating room more bytes may
// start a collection.
func collectIfDue(room uint64) {
	if collectionDue(room) {
		runtime.GC()
	}
}

// collectionDue reports whether allocating room more bytes may start a
// collection. Go starts one between 70% and 95% of the way from the heap
// it kept to its goal, twice that with the default GOGC: from 85% of the
// goal on.
func collectionDue(room uint64) bool {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc+room >= m.NextGC/20*17
}
