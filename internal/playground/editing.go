package playground

import (
	"slices"
	"unicode/utf8"
)

// Editors count offsets in UTF-16 code units, Go in bytes: these convert.

// UTF16Offset converts byte offset off in s to UTF-16 code units.
func UTF16Offset(s string, off int) int {
	n := 0
	for i, r := range s {
		if i >= off {
			break
		}
		n++
		if r >= 0x10000 {
			n++
		}
	}
	return n
}

// UTF16Offsets converts byte offsets of s to UTF-16 code units in one walk
// of s, in place, whatever their order: a large text is read once for all
// the tags and problems of an editor.
func UTF16Offsets(s string, offs []int) {
	order := make([]int, len(offs))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return offs[a] - offs[b] })
	units, at := 0, 0 // UTF-16 units of s[:at]
	for _, i := range order {
		off := min(max(offs[i], 0), len(s))
		for at < off {
			if s[at] < utf8.RuneSelf {
				at, units = at+1, units+1
				continue
			}
			r, size := utf8.DecodeRuneInString(s[at:])
			at, units = at+size, units+1
			if r >= 0x10000 {
				units++ // a surrogate pair
			}
		}
		offs[i] = units
	}
}

// ByteOffsets converts offsets of s in UTF-16 code units to bytes in one
// walk, in place; they must be in ascending order.
func ByteOffsets(s string, offs []int) {
	at, units := 0, 0 // s[:at] is units UTF-16 units long
	for i, u := range offs {
		for at < len(s) && units < u {
			if s[at] < utf8.RuneSelf {
				at, units = at+1, units+1
				continue
			}
			r, size := utf8.DecodeRuneInString(s[at:])
			at, units = at+size, units+1
			if r >= 0x10000 {
				units++
			}
		}
		offs[i] = at
	}
}

// ByteOffset converts an offset of u UTF-16 code units in s to bytes.
func ByteOffset(s string, u int) int {
	n := 0
	for i, r := range s {
		if n >= u {
			return i
		}
		n++
		if r >= 0x10000 {
			n++
		}
	}
	return len(s)
}
