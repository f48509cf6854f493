package evaluate

import (
	"strings"
	"testing"

	"github.com/splicedev/splice/internal/display"
	"github.com/splicedev/splice/internal/playground/state"
)

func TestCutShown(t *testing.T) {
	if s, more := cutShown("short"); s != "short" || more != 0 {
		t.Errorf("cutShown(short) = %q, %d", s, more)
	}
	long := strings.Repeat("é", maxShown) // two bytes each: the cut falls inside one
	s, more := cutShown(long)
	if len(s) != maxShown || len(s)+more != len(long) || !strings.HasSuffix(s, "é") {
		t.Errorf("cut at %d bytes, %d more", len(s), more)
	}
	parts := []PartialPart{{Text: strings.Repeat("a", maxShown-10)}, {Text: "null", Failed: "BadPath", At: "/x"}, {Text: strings.Repeat("b", 100)}, {Text: "tail"}}
	shown, note := ShownParts(parts)
	if len(shown) != 3 || shown[1].Failed != "BadPath" || shown[2].Text != "bbbbbb" || note != shownNote(94+4) {
		t.Errorf("ShownParts: %d parts, last %q, %q", len(shown), shown[len(shown)-1].Text, note)
	}
	if shown, more := ShownParts(parts[1:]); len(shown) != 3 || more != "" {
		t.Errorf("ShownParts of a short result: %d parts, %q", len(shown), more)
	}
}

func TestLargeResultShownCut(t *testing.T) {
	big := `[` + strings.Repeat(`{"name": "ada", "n": 1}, `, maxShown/10) + `null]`
	for _, tmpl := range []string{"{{E0}}", "{{#E0}}{{name}} is {{n}} of many. {{/E0}}"} {
		s := state.State{Mode: state.ModeTemplate, Roots: []state.RootText{{Name: "E0", Text: big}}}
		s.SetText(state.Target{}, tmpl)
		out := expected(s)
		whole := display.Result(out.value, !out.Mixed)
		if !out.HasValue || len(out.Display) > maxShown || !strings.HasPrefix(whole, out.Display) || out.More == "" {
			t.Fatalf("%s: shows %d of %d bytes, note %q", tmpl, len(out.Display), len(whole), out.More)
		}
		if out.WholeDisplay() != whole {
			t.Errorf("%s: the copy is %d bytes, want the whole %d", tmpl, len(out.WholeDisplay()), len(whole))
		}
	}
}
