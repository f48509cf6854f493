//go:build browser

package browsertest

import (
	"os"
	"testing"

	"github.com/splicedev/splice/internal/conformance"
)

// SharedConformance is the held-out conformance suite, in ../shared beside
// the repository when it is there (under CI it must be).
const SharedConformance = "../../shared/conformance"

// planSuites hold plan tests: the project's, and the examples beside the
// dialect's notes.
var planSuites = []string{"../plan/testdata", "../../shared/design/plans.json"}

// PlanVectors loads every plan test of the project's suites (and the
// held-out shared ones when they are beside the repository).
func PlanVectors(t *testing.T) []*conformance.Test {
	var vectors []*conformance.Test
	for _, dir := range append(planSuites, SharedConformance) {
		if _, err := os.Stat(dir); err != nil && dir != planSuites[0] && os.Getenv("CI") == "" {
			t.Logf("skipping %s: %v", dir, err)
			continue
		}
		tests, err := conformance.Load(dir)
		if err != nil {
			t.Fatalf("loading %s: %v", dir, err)
		}
		for _, v := range tests {
			if v.Plan != nil {
				vectors = append(vectors, v)
			}
		}
	}
	if len(vectors) < 100 {
		t.Fatalf("%d plan vectors, want the project's suite", len(vectors))
	}
	return vectors
}
