package planschema

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/splicedev/splice/plan"
	"github.com/splicedev/splice/reshape"
)

// structurallyWrong names the plan vectors whose documents the schema
// rejects: those the engine rejects at load for their structure (an
// unknown key, a missing or mistyped member, an id that can never be one).
// Every other plan vector's document passes: what the schema cannot say
// (a duplicate id, a missing sample, a scope, a template) is the load
// checks' alone.
var structurallyWrong = []string{
	// plan/testdata/documents.json
	"an unknown key of the plan", "a plan without steps", "steps that are not a list",
	"a document that is a list", "an empty document", "an unknown key of a step",
	"a step that is not a mapping", "a step without an id", "a step id that is reserved",
	"length cannot name a step", "a step id with a space", "a step id that is a number",
	// plan/testdata/calls.json
	"builtin__reshape without input.shape", "builtin__reshape's shape must be a mapping in the document",
	"a call's input must be a mapping", "a call without tool_name", "a tool definition with a bad kind",
	"a tool definition with an unknown field", "tools must be a list",
	// plan/testdata/iteration.json
	"a decide step without its decision", "decide must be a mapping of branches", "a branch must be a list of steps",
}

// vector is one plan test of a vector file.
type vector struct {
	File string          `json:"file"`
	Name string          `json:"name"`
	Doc  json.RawMessage `json:"doc"`
	text string          // the plan document as text
}

// planVectors reads every plan test of the project's vector suites and
// the shared ones (required under CI), with its document as JSON; those
// whose text is no JSON or YAML at all are returned apart.
func planVectors(t *testing.T) (vectors []vector, unparsed []string) {
	var files []string
	for _, pattern := range []string{"../../template/testdata/*.json", "../../reshape/testdata/*.json", "../../plan/testdata/*.json",
		"../../../shared/conformance/*.json", "../../../shared/design/plans.json"} {
		found, _ := filepath.Glob(pattern)
		files = append(files, found...)
	}
	if _, err := os.Stat("../../../shared/design/plans.json"); err != nil && os.Getenv("CI") != "" {
		t.Fatal("../shared must sit beside the repository under CI")
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var suite struct {
			Tests []struct {
				Name string
				Plan json.RawMessage
			}
		}
		if err := json.Unmarshal(data, &suite); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		for _, test := range suite.Tests {
			if test.Plan == nil {
				continue
			}
			v := vector{File: filepath.Base(file), Name: test.Name, Doc: test.Plan, text: string(test.Plan)}
			if json.Unmarshal(test.Plan, &v.text) == nil { // the document as text
				doc, err := reshape.ParseData(v.text)
				if err != nil {
					unparsed = append(unparsed, v.Name)
					continue
				}
				v.Doc = json.RawMessage(doc.JSON())
			}
			vectors = append(vectors, v)
		}
	}
	return vectors, unparsed
}

// ajvDir is the package directory whose node_modules hold Ajv (make
// editor, or npm ci there, installs it).
const ajvDir = "../../editor"

// TestPlanVectorsAgainstTheSchema validates every plan vector's document
// with Ajv, a validator other than the project's: the structurally wrong
// ones fail, all others pass. Under CI it fails, never skips, without
// Node or Ajv.
func TestPlanVectorsAgainstTheSchema(t *testing.T) {
	node, err := exec.LookPath("node")
	if _, statErr := os.Stat(filepath.Join(ajvDir, "node_modules", "ajv")); err == nil && statErr != nil {
		err = statErr
	}
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("Node and Ajv are required under CI (npm ci in editor/): %v", err)
		}
		t.Skipf("needs Node and Ajv (npm ci in editor/): %v", err)
	}
	vectors, unparsed := planVectors(t)
	if len(vectors) < 100 {
		t.Fatalf("%d plan vectors: the suites were not found", len(vectors))
	}
	dir := t.TempDir()
	schemaFile, casesFile := filepath.Join(dir, "plan.json"), filepath.Join(dir, "cases.json")
	cases, _ := json.Marshal(vectors)
	if err := os.WriteFile(schemaFile, Plan, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(casesFile, cases, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(node, "testdata/validate.mjs", ajvDir, schemaFile, casesFile).Output()
	if err != nil {
		t.Fatalf("ajv: %v: %s", err, out)
	}
	var results []struct {
		Name   string
		Valid  bool
		Errors []string
	}
	if err := json.Unmarshal(out, &results); err != nil || len(results) != len(vectors) {
		t.Fatalf("ajv's results (%v): %s", err, out)
	}
	seen := map[string]bool{}
	for _, name := range unparsed {
		seen[name] = true
	}
	rejected := 0
	for i, r := range results {
		v := vectors[i]
		seen[v.Name] = true
		wrong := slices.Contains(structurallyWrong, v.Name)
		switch {
		case wrong && r.Valid:
			t.Errorf("%s: %q passes the schema, which must reject it", v.File, v.Name)
		case !wrong && !r.Valid:
			t.Errorf("%s: %q fails the schema: %s", v.File, v.Name, strings.Join(r.Errors, "; "))
		case wrong:
			rejected++
			// The engine is the authority: what the schema rejects, it
			// rejects at load too.
			if len(plan.Load(v.text).Errors) == 0 {
				t.Errorf("%s: %q: the schema rejects what loads", v.File, v.Name)
			}
		}
	}
	for _, name := range structurallyWrong {
		if !seen[name] {
			t.Errorf("no plan vector %q", name)
		}
	}
	t.Logf("%d plan vectors: %d pass, %d rejected; %d are no JSON or YAML", len(vectors), len(vectors)-rejected, rejected, len(unparsed))
}

// The schema is JSON, and says what §9 says of the plan's keys.
func TestSchemaKeys(t *testing.T) {
	var s struct {
		Properties map[string]any
		Required   []string
		Defs       map[string]struct {
			Properties map[string]any
		} `json:"$defs"`
	}
	if err := json.Unmarshal(Plan, &s); err != nil {
		t.Fatal(err)
	}
	keys := func(m map[string]any) []string {
		var out []string
		for k := range m {
			out = append(out, k)
		}
		slices.Sort(out)
		return out
	}
	for _, tt := range []struct {
		what string
		got  []string
		want []string
	}{
		{"plan", keys(s.Properties), []string{"input", "solver", "steps", "tools"}},
		{"call", keys(s.Defs["call"].Properties), []string{"id", "input", "result", "tool_name"}},
		{"iteration", keys(s.Defs["iteration"].Properties), []string{"id", "initial", "input", "over", "result", "tool_name"}},
		{"decide", keys(s.Defs["decide"].Properties), []string{"branch", "decide", "id", "input"}},
	} {
		if !slices.Equal(tt.got, tt.want) {
			t.Errorf("%s keys %q, want %q", tt.what, tt.got, tt.want)
		}
	}
}
