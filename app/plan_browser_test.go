//go:build browser

package app_test

import (
	"encoding/json"
	"os"
	"reflect"
	"testing"

	"github.com/splicedev/splice/internal/conformance"
	"github.com/splicedev/splice/plan"
)

// planSuites hold plan tests, seen from app/: the project's, and the
// examples beside the dialect's notes.
var planSuites = []string{"../plan/testdata", "../../shared/design/plans.json"}

// Every plan vector run by splice.runPlan in the browser gives what the
// host's run gives, as `splice plan --json` prints it.
func TestBrowserRunPlan(t *testing.T) {
	var texts []string
	for _, v := range planVectors(t) {
		texts = append(texts, *v.Plan)
	}
	payload, _ := json.Marshal(texts)
	ctx := enginePage(t)
	results := evalJS[[]any](t, ctx, `Promise.all(`+string(payload)+`.map((p) => splice.runPlan(p)))`)
	for i, text := range texts {
		var want any
		json.Unmarshal(plan.Run(plan.Load(text), plan.Options{}).JSON(), &want)
		if !reflect.DeepEqual(results[i], want) {
			t.Errorf("plan %q:\nbrowser %v\nhost    %v", text, results[i], want)
		}
	}
	misuse := evalJS[string](t, ctx, `splice.runPlan(7).then(() => "resolved", (e) => e.constructor.name + ": " + e.message)`)
	if misuse != "TypeError: splice: plan must be a string, not number" {
		t.Errorf("runPlan(7): %s", misuse)
	}
	asObject := evalJS[string](t, ctx, `splice.runPlan({steps: [], solver: "{{input.a}}", input: {a: 5}}).then((r) => JSON.stringify(r.solver))`)
	if asObject != `{"status":"ok","result":5}` {
		t.Errorf("runPlan of a plan given as an object: %s", asObject)
	}
}

// planVectors loads every plan test of the project's suites (and the
// held-out shared ones when they are beside the repository).
func planVectors(t *testing.T) []*conformance.Test {
	var vectors []*conformance.Test
	for _, dir := range append(planSuites, vectorSuites[2]) {
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
