package evaluate

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/splicedev/splice/internal/benchdata"
	"github.com/splicedev/splice/internal/examples"
	"github.com/splicedev/splice/plan/graph"

	"github.com/splicedev/splice/internal/conformance"
	"github.com/splicedev/splice/internal/playground/state"
)

// TestVectorOfEveryExample exports every example as a vector file and runs
// it: each passes as it is, results and errors alike.
func TestVectorOfEveryExample(t *testing.T) {
	dir := t.TempDir()
	kinds := map[string]bool{}
	for _, ex := range examples.All {
		s := ex.Open()
		file, err := VectorFile(s)
		if err != nil {
			if !strings.Contains(err.Error(), "does not parse") {
				t.Errorf("%s: %v", ex.ID, err)
			}
			continue
		}
		path := filepath.Join(dir, ex.ID+".json")
		if err := os.WriteFile(path, []byte(file), 0o644); err != nil {
			t.Fatal(err)
		}
		tests, err := conformance.Load(path)
		if err != nil {
			t.Fatalf("%s: the vector does not load: %v\n%s", ex.ID, err, file)
		}
		if r := conformance.RunAll(tests); len(r.Failures) > 0 || r.Passed != 1 {
			t.Errorf("%s: %s %q\n%s", ex.ID, r.Summary(), r.Failures, file)
		}
		if tests[0].Error != nil {
			kinds[tests[0].Error.Kind] = true
		}
	}
	if len(kinds) < 3 {
		t.Errorf("the examples' vectors expect only these errors: %v", kinds)
	}
}

func TestVectorNamesWhatCannotBeCarried(t *testing.T) {
	s := examples.Default.Open()
	s.Roots[s.RootIndex("E0")].Text = "{oops"
	if _, err := VectorFile(s); err == nil || !strings.Contains(err.Error(), "root E0 does not parse") {
		t.Errorf("a broken root: %v", err)
	}
}

func TestMarkdown(t *testing.T) {
	s := examples.Default.Open()
	s.Template = "x ```` {{E0.issues.length}}"
	out := expected(s)
	md := Markdown(s, &out, "https://example.test/#s=abc")
	for _, want := range []string{
		"([open in the playground](https://example.test/#s=abc))",
		"**Template**\n\n`````text\nx ```` {{E0.issues.length}}\n`````", // a fence longer than the text's backticks
		"**Root `E0`**\n\n```json\n",
		"**Result (text)**",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("Markdown lacks %q:\n%s", want, md)
		}
	}
	s = examples.ByID("bad-path").Open()
	out = expected(s)
	if md := Markdown(s, &out, ""); !strings.Contains(md, "**Problem**: BadPath at 1:") || !strings.Contains(md, out.Problems[0].Msg) {
		t.Errorf("a failing state's Markdown:\n%s", md)
	}
}

func TestMarkdownOfAPlan(t *testing.T) {
	s := examples.ByID("broken-plan").Open()
	out := expected(s)
	md := Markdown(s, &out, "https://example.test/#s=abc")
	for _, want := range []string{
		"**Plan**\n\n```yaml\ninput: {team: core}\n",
		"**Step `issues`** (sample)\n\n```json\n{\"items\":",
		"**Step `first`** (failed): BadPath at 9:29\n\n```text\nno key \"titel\"",
		"**Step `summary`** (blocked): blocked by `first`\n",
		"**Solver** (ok)\n\n```json\n\"2 open\"\n```\n",
		// the same graph as splice plan --format mermaid, before the steps
		"**Dataflow**\n\n```mermaid\n" + graph.Mermaid(out.Plan.Graph) + "```\n\n**Step `issues`**",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("the Markdown lacks %q:\n%s", want, md)
		}
	}
}

// A graph too large to read is named, not written.
func TestMarkdownOfALargePlanNamesItsGraph(t *testing.T) {
	s := state.State{Mode: state.ModePlan, Plan: benchdata.GraphPlan(900)}
	out := expected(s)
	md := Markdown(s, &out, "")
	if n := len(out.Plan.Graph.Nodes); n <= graph.MaxDrawn || strings.Contains(md, "```mermaid") ||
		!strings.Contains(md, "**Dataflow**: not drawn, "+strconv.Itoa(n)+" nodes") {
		t.Errorf("a graph of %d nodes in the Markdown:\n%.300s", n, md)
	}
}
