package app

import (
	"runtime"
	"runtime/debug"
	"testing"
)

// TestCollectionDue checks the reading of the heap that collectIfDue acts
// on, with the playground's gcPercent: just after a collection nothing is
// due; it is once the room asked for would pass the point where Go starts
// the next one, before Go starts it; a collection makes it not due again.
func TestCollectionDue(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(gcPercent))
	runtime.GC()
	if collectionDue(0) {
		t.Error("due just after a collection")
	}
	if !collectionDue(1 << 40) {
		t.Error("not due with a terabyte to allocate")
	}
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	var kept [][]byte
	for !collectionDue(1 << 20) {
		kept = append(kept, make([]byte, 64<<10))
		if len(kept) > 1<<14 {
			t.Fatal("never due after a gigabyte allocated")
		}
	}
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	if m.NumGC != before.NumGC {
		t.Errorf("Go collected %d times before it was due", m.NumGC-before.NumGC)
	}
	runtime.GC()
	if collectionDue(1 << 20) {
		t.Error("still due after a collection")
	}
	runtime.KeepAlive(kept)
}
