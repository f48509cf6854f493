package playground

import (
	"slices"
	"unicode/utf8"
)

// Editors count offsets in UTF-16 code units, Go in bytes: these convert.
// The session takes and gives an editor's offsets in UTF-16 units and
// converts them against the text it holds.

// UTF16Offsets converts byte offsets of s to UTF-16 code units in one walk
// of s, in place, whatever their order: a large text is read once for all
// the tags and problems of an editor.
func UTF16Offsets(s string, offs []int) {
	order := make([]int, len(offs))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return offs[a] - offs[b] })
	at, units := 0, 0 // s[:at] is units UTF-16 units long
	for _, i := range order {
		for off := min(max(offs[i], 0), len(s)); at < off; {
			if end := asciiEnd(s, at, off); end > at {
				at, units = end, units+end-at
				continue
			}
			size, n := runeAt(s, at)
			at, units = at+size, units+n
		}
		offs[i] = units
	}
}

// byteOffset converts an offset of u UTF-16 code units in s to bytes.
func byteOffset(s string, u int) int {
	offs := []int{u}
	byteOffsets(s, offs)
	return offs[0]
}

// byteOffsets converts offsets of s in UTF-16 code units to bytes in one
// walk, in place; they must be in ascending order.
func byteOffsets(s string, offs []int) {
	at, units := 0, 0 // s[:at] is units UTF-16 units long
	for i, u := range offs {
		for at < len(s) && units < u {
			if end := asciiEnd(s, at, min(len(s), at+u-units)); end > at {
				at, units = end, units+end-at
				continue
			}
			size, n := runeAt(s, at)
			at, units = at+size, units+n
		}
		offs[i] = at
	}
}

// asciiEnd returns where the ASCII bytes of s[at:end] from at end, read
// eight at a time: in a mostly ASCII text, the walks above cross most of
// it here.
func asciiEnd(s string, at, end int) int {
	for ; at+8 <= end; at += 8 {
		w := s[at : at+8]
		if w[0]|w[1]|w[2]|w[3]|w[4]|w[5]|w[6]|w[7] >= utf8.RuneSelf {
			break
		}
	}
	for at < end && s[at] < utf8.RuneSelf {
		at++
	}
	return at
}

// runeAt returns the length of the rune at s[at] in bytes and in UTF-16
// code units (two for a surrogate pair). It is small enough to be inlined
// in the walks over a whole text, mostly ASCII.
func runeAt(s string, at int) (size, units int) {
	if s[at] < utf8.RuneSelf {
		return 1, 1
	}
	return wideRuneAt(s, at)
}

// wideRuneAt is runeAt for a rune of more than one byte; inlined, it would
// make runeAt too large to inline.
//
//go:noinline
func wideRuneAt(s string, at int) (size, units int) {
	r, size := utf8.DecodeRuneInString(s[at:])
	if r >= 0x10000 {
		return size, 2
	}
	return size, 1
}
