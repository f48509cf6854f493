package template

import (
	"hash/maphash"
	"sync/atomic"
)

// wideObject is an object of indexedMembers keys or more. Its index of
// keys is built on the first lookup, not when the object is made: most wide
// objects of a large document are never looked into. Values are shared
// between goroutines, so the index is published atomically; two goroutines
// that race to build it build the same one, and one of them is kept.
type wideObject struct {
	members []Member
	index   atomic.Pointer[keyIndex]
}

// keyIndex is an open-addressing hash table over the members of an object:
// each slot holds 1 + the position of the last member with a key, or 0.
type keyIndex struct {
	slots []uint32
}

var indexSeed = maphash.MakeSeed()

func (o *wideObject) lookup(key string) *Value {
	ix := o.index.Load()
	if ix == nil {
		ix = newKeyIndex(o.members)
		if !o.index.CompareAndSwap(nil, ix) {
			ix = o.index.Load()
		}
	}
	mask := uint64(len(ix.slots) - 1)
	for h := maphash.String(indexSeed, key); ; h++ {
		j := ix.slots[h&mask]
		if j == 0 {
			return nil
		}
		if m := &o.members[j-1]; m.Key == key {
			return &m.Value
		}
	}
}

// newKeyIndex hashes members into a table at most half full, so that
// probes stay short. A later duplicate key takes over its slot: lookups
// resolve to the last occurrence, as a backward scan would.
func newKeyIndex(members []Member) *keyIndex {
	size := 8
	for size < 2*len(members) {
		size <<= 1
	}
	slots := make([]uint32, size)
	mask := uint64(size - 1)
	for i := range members {
		for h := maphash.String(indexSeed, members[i].Key); ; h++ {
			j := slots[h&mask]
			if j == 0 || members[j-1].Key == members[i].Key {
				slots[h&mask] = uint32(i + 1)
				break
			}
		}
	}
	return &keyIndex{slots: slots}
}
