package conformance

import (
	"os"
	"path/filepath"
	"testing"
)

// sharedDir holds the portable vectors beside the repository (../shared).
const sharedDir = "../../../shared/conformance"

// designPlans are the example plan tests beside the dialect's notes.
const designPlans = "../../../shared/design/plans.json"

// suites are the vector folders every build must pass.
var suites = []string{"../../template/testdata", "../../reshape/testdata", "../../plan/testdata", sharedDir, designPlans}

func TestVectors(t *testing.T) {
	for _, dir := range suites {
		if _, err := os.Stat(dir); err != nil {
			if (dir == sharedDir || dir == designPlans) && os.Getenv("CI") == "" {
				t.Logf("skipping %s: %v", dir, err)
				continue
			}
			t.Fatalf("vector folder %s: %v", dir, err)
		}
		tests, err := Load(dir)
		if err != nil {
			t.Fatal(err)
		}
		if len(tests) == 0 {
			t.Fatalf("%s holds no vectors", dir)
		}
		for _, v := range tests {
			t.Run(filepath.Base(v.File)+"/"+v.Name, func(t *testing.T) {
				if msg := v.Run(); msg != "" {
					t.Error(msg)
				}
			})
		}
	}
}
