//go:build browser

package main_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/splicedev/splice/internal/browsertest"
	"github.com/splicedev/splice/plan"
)

// Every plan vector run by splice.runPlan in the browser gives what the
// host's run gives, as `splice plan --json` prints it.
func TestBrowserRunPlan(t *testing.T) {
	var texts []string
	for _, v := range browsertest.PlanVectors(t) {
		texts = append(texts, *v.Plan)
	}
	payload, _ := json.Marshal(texts)
	ctx := enginePage(t)
	results := browsertest.EvalJS[[]any](t, ctx, `Promise.all(`+string(payload)+`.map((p) => splice.runPlan(p)))`)
	for i, text := range texts {
		var want any
		json.Unmarshal(plan.Run(plan.Load(text), plan.Options{}).JSON(), &want)
		if !reflect.DeepEqual(results[i], want) {
			t.Errorf("plan %q:\nbrowser %v\nhost    %v", text, results[i], want)
		}
	}
	misuse := browsertest.EvalJS[string](t, ctx, `splice.runPlan(7).then(() => "resolved", (e) => e.constructor.name + ": " + e.message)`)
	if misuse != "TypeError: splice: plan must be a string, not number" {
		t.Errorf("runPlan(7): %s", misuse)
	}
	asObject := browsertest.EvalJS[string](t, ctx, `splice.runPlan({steps: [], solver: "{{input.a}}", input: {a: 5}}).then((r) => JSON.stringify(r.solver))`)
	if asObject != `{"status":"ok","result":5}` {
		t.Errorf("runPlan of a plan given as an object: %s", asObject)
	}
}
