package evaluate

import (
	"strings"
	"testing"
)

func TestCutShown(t *testing.T) {
	if s, more := CutShown("short"); s != "short" || more != 0 {
		t.Errorf("CutShown(short) = %q, %d", s, more)
	}
	long := strings.Repeat("é", MaxShown) // two bytes each: the cut falls inside one
	s, more := CutShown(long)
	if len(s) != MaxShown || len(s)+more != len(long) || !strings.HasSuffix(s, "é") {
		t.Errorf("cut at %d bytes, %d more", len(s), more)
	}
	parts := []PartialPart{{Text: strings.Repeat("a", MaxShown-10)}, {Text: "null", Failed: "BadPath", At: "/x"}, {Text: strings.Repeat("b", 100)}, {Text: "tail"}}
	shown, more := CutParts(parts)
	if len(shown) != 3 || shown[1].Failed != "BadPath" || shown[2].Text != "bbbbbb" || more != 94+4 {
		t.Errorf("CutParts: %d parts, last %q, %d more", len(shown), shown[len(shown)-1].Text, more)
	}
	if shown, more := CutParts(parts[1:]); len(shown) != 3 || more != 0 {
		t.Errorf("CutParts of a short result: %d parts, %d more", len(shown), more)
	}
}
