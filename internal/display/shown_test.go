package display

import (
	"strings"
	"testing"
)

func TestCutShown(t *testing.T) {
	if s, more := cutShown("short"); s != "short" || more != 0 {
		t.Errorf("cutShown(short) = %q, %d", s, more)
	}
	long := strings.Repeat("é", MaxShown) // two bytes each: the cut falls inside one
	s, more := cutShown(long)
	if len(s) != MaxShown || len(s)+more != len(long) || !strings.HasSuffix(s, "é") {
		t.Errorf("cut at %d bytes, %d more", len(s), more)
	}
	parts := []Part{{Text: strings.Repeat("a", MaxShown-10)}, {Text: "null", Failed: "BadPath", At: "/x"}, {Text: strings.Repeat("b", 100)}, {Text: "tail"}}
	shown, note := ShownParts(parts)
	if len(shown) != 3 || shown[1].Failed != "BadPath" || shown[2].Text != "bbbbbb" || note != shownNote(94+4) {
		t.Errorf("ShownParts: %d parts, last %q, %q", len(shown), shown[len(shown)-1].Text, note)
	}
	if shown, more := ShownParts(parts[1:]); len(shown) != 3 || more != "" {
		t.Errorf("ShownParts of a short result: %d parts, %q", len(shown), more)
	}
}

func TestSize(t *testing.T) {
	for n, want := range map[int]string{999: "999 B", 1500: "1.5 KB", 999_999: "1 MB", 2_500_000: "2.5 MB", 1 << 20: "1 MiB"} {
		if got := Size(n); got != want {
			t.Errorf("Size(%d) = %q, want %q", n, got, want)
		}
	}
}
