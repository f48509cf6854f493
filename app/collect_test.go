package app

import (
	"runtime"
	"testing"
)

// TestCollectionDue checks the reading of the heap that collectIfDue acts
// on: just after a collection nothing is due, and it is once the room
// asked for would pass the point where Go starts the next one; a
// collection makes it not due again.
func TestCollectionDue(t *testing.T) {
	runtime.GC()
	if collectionDue(0) {
		t.Error("due just after a collection")
	}
	if !collectionDue(1 << 40) {
		t.Error("not due with a terabyte to allocate")
	}
	var kept [][]byte
	for !collectionDue(1 << 20) {
		kept = append(kept, make([]byte, 64<<10))
		if len(kept) > 1<<14 {
			t.Fatal("never due after a gigabyte allocated")
		}
	}
	runtime.GC()
	if collectionDue(1 << 20) {
		t.Error("still due after a collection")
	}
	runtime.KeepAlive(kept)
}
