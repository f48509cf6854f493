package playground

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf16"
)

func TestUTF16Offsets(t *testing.T) {
	s := "aé😀b\n"
	// bytes: a=0, é=1..2, 😀=3..6, b=7, \n=8; UTF-16: a=0, é=1, 😀=2..3, b=4, \n=5
	pairs := [][2]int{{0, 0}, {1, 1}, {3, 2}, {7, 4}, {8, 5}, {9, 6}}
	for _, p := range pairs {
		if got := utf16Offset(s, p[0]); got != p[1] {
			t.Errorf("utf16Offset(%d) = %d, want %d", p[0], got, p[1])
		}
		if got := byteOffset(s, p[1]); got != p[0] {
			t.Errorf("byteOffset(%d) = %d, want %d", p[1], got, p[0])
		}
	}
	if got := byteOffset(s, 99); got != len(s) {
		t.Errorf("byteOffset past the end = %d", got)
	}
}

func TestUTF16OffsetsInOneWalk(t *testing.T) {
	s := "aé😀b\n\xffz"
	offs := []int{9, 0, 3, 7, 1, 99, 10, 3, -1}
	got := slices.Clone(offs)
	UTF16Offsets(s, got)
	for i, off := range offs {
		if want := utf16Offset(s, max(off, 0)); got[i] != want {
			t.Errorf("UTF16Offsets: offset %d = %d, want %d", off, got[i], want)
		}
	}
}

func TestByteOffsets(t *testing.T) {
	s := "aé😀b\nz"
	units := []int{0, 1, 2, 4, 5, 6, 7, 99}
	got := slices.Clone(units)
	byteOffsets(s, got)
	for i, u := range units {
		if want := byteOffset(s, u); got[i] != want {
			t.Errorf("ByteOffsets: %d units = byte %d, want %d", u, got[i], want)
		}
	}
}

// Long runs of ASCII, read eight bytes at a time, between wide runes at
// every alignment: each rune boundary converts both ways as UTF-16 counts.
func TestOffsetsAcrossASCIIRuns(t *testing.T) {
	var b strings.Builder
	for i := range 40 {
		b.WriteString(strings.Repeat("x", i))
		b.WriteString([]string{"é", "😀", "\xff", "中"}[i%4])
	}
	s := b.String()
	var bytes, units []int
	for at := range s {
		bytes = append(bytes, at)
		units = append(units, len(utf16.Encode([]rune(s[:at]))))
	}
	got := slices.Clone(bytes)
	UTF16Offsets(s, got)
	if !slices.Equal(got, units) {
		t.Errorf("UTF16Offsets = %v\nwant %v", got, units)
	}
	got = slices.Clone(units)
	byteOffsets(s, got)
	if !slices.Equal(got, bytes) {
		t.Errorf("ByteOffsets = %v\nwant %v", got, bytes)
	}
}

// utf16Offset converts byte offset off in s to UTF-16 code units.
func utf16Offset(s string, off int) int {
	offs := []int{off}
	UTF16Offsets(s, offs)
	return offs[0]
}
