package playground

import (
	"testing"
)

func TestUTF16Offsets(t *testing.T) {
	s := "aé😀b\n"
	// bytes: a=0, é=1..2, 😀=3..6, b=7, \n=8; UTF-16: a=0, é=1, 😀=2..3, b=4, \n=5
	pairs := [][2]int{{0, 0}, {1, 1}, {3, 2}, {7, 4}, {8, 5}, {9, 6}}
	for _, p := range pairs {
		if got := UTF16Offset(s, p[0]); got != p[1] {
			t.Errorf("utf16Offset(%d) = %d, want %d", p[0], got, p[1])
		}
		if got := ByteOffset(s, p[1]); got != p[0] {
			t.Errorf("byteOffset(%d) = %d, want %d", p[1], got, p[0])
		}
	}
	if got := ByteOffset(s, 99); got != len(s) {
		t.Errorf("byteOffset past the end = %d", got)
	}
}

func TestIndent(t *testing.T) {
	tests := []struct {
		name       string
		Text       string
		start, end int
		outdent    bool
		want       string
		ws, we     int
	}{
		{"caret", "ab", 1, 1, false, "a  b", 3, 3},
		{"selection on one line", "abcd", 1, 3, false, "a  d", 3, 3},
		{"lines", "a\nb\nc", 0, 3, false, "  a\n  b\nc", 2, 7},
		{"selection ends at a line start", "a\nb\nc", 0, 4, false, "  a\n  b\nc", 2, 8},
		{"outdent", "  a\n b\nc", 2, 6, true, "a\nb\nc", 0, 3},
		{"outdent caret", "    x", 4, 4, true, "  x", 2, 2},
		{"outdent nothing", "x", 1, 1, true, "x", 1, 1},
		{"reversed", "a\nb", 3, 0, false, "  a\n  b", 2, 7},
	}
	for _, tt := range tests {
		got, s, e := Indent(tt.Text, tt.start, tt.end, tt.outdent)
		if got != tt.want || s != tt.ws || e != tt.we {
			t.Errorf("%s: indent = %q [%d,%d), want %q [%d,%d)", tt.name, got, s, e, tt.want, tt.ws, tt.we)
		}
	}
}

func TestLineCol(t *testing.T) {
	text := "ab\nçd\n"
	tests := []struct{ off, line, col int }{{0, 0, 0}, {2, 0, 2}, {3, 1, 0}, {5, 1, 1}, {7, 2, 0}, {99, 2, 0}}
	for _, tt := range tests {
		if l, c := LineCol(text, tt.off); l != tt.line || c != tt.col {
			t.Errorf("lineCol(%d) = %d:%d, want %d:%d", tt.off, l, c, tt.line, tt.col)
		}
	}
}

func TestChangedRange(t *testing.T) {
	tests := []struct {
		a, b           string
		from, aTo, bTo int
	}{
		{"abc", "abc", 3, 3, 3},
		{"abc", "aXc", 1, 2, 2},
		{"abc", "abXc", 2, 2, 3},
		{"aaa", "aa", 2, 3, 2},
		{"", "x", 0, 0, 1},
	}
	for _, tt := range tests {
		f, at, bt := ChangedRange(tt.a, tt.b)
		if f != tt.from || at != tt.aTo || bt != tt.bTo {
			t.Errorf("changedRange(%q, %q) = %d,%d,%d; want %d,%d,%d", tt.a, tt.b, f, at, bt, tt.from, tt.aTo, tt.bTo)
		}
		if tt.a[:f]+tt.b[f:bt]+tt.a[at:] != tt.b {
			t.Errorf("changedRange(%q, %q) does not rebuild b", tt.a, tt.b)
		}
	}
}
