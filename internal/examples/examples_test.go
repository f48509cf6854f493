package examples

import (
	"testing"

	"github.com/splicedev/splice/internal/playground/state"
)

// Every example comes back from its share link as it went.
func TestEveryExampleSurvivesALink(t *testing.T) {
	for i := range All {
		ex := &All[i]
		s := ex.Open()
		payload, _ := state.Encode(s)
		got, err := state.DecodeLink(payload)
		if err != nil {
			t.Fatalf("%s: %v", ex.ID, err)
		}
		if again, _ := state.Encode(got); again != payload {
			t.Errorf("%s: the link opens another state: %+v", ex.ID, got)
		}
	}
}

func TestByID(t *testing.T) {
	seen := map[string]bool{}
	for i := range All {
		ex := &All[i]
		if seen[ex.ID] || ByID(ex.ID) != ex {
			t.Errorf("%s: ByID does not find it, or another has its id", ex.ID)
		}
		seen[ex.ID] = true
	}
	if ByID("no-such-example") != nil || Default != &All[0] {
		t.Errorf("ByID of an unknown id, or the default %q", Default.ID)
	}
}
