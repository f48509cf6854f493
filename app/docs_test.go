package app

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/splicedev/splice/internal/docscheck"
	"github.com/splicedev/splice/internal/examples"
	"github.com/splicedev/splice/internal/playground/state"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/splicedev/splice/template"
)

// docExamples lists the reference's examples in page order.
func docExamples() []*docExample {
	var out []*docExample
	for _, s := range docSections {
		for _, n := range s.Body {
			if ex, ok := n.(*docExample); ok {
				out = append(out, ex)
			}
		}
	}
	return out
}

// Every example must still do what its text says: render without an error,
// or fail first with the kind it documents. The page shows the held
// outputs, which TestDocExampleOutputs checks against the engine.
func TestDocExamplesRender(t *testing.T) {
	results := docResults()
	for _, ex := range docExamples() {
		t.Run(ex.Caption, func(t *testing.T) {
			r := results[ex]
			switch {
			case ex.Want == 0 && r.Errors != "":
				t.Errorf("unexpected error:\n%s", r.Errors)
			case ex.Want != 0 && r.Errors == "":
				t.Errorf("want %s, got result %s", ex.Want, r.Result)
			case ex.Want != 0 && r.Kind == "":
				t.Errorf("want %s, got an untyped error: %s", ex.Want, r.Errors)
			case ex.Want != 0 && r.Kind != ex.Want.String():
				t.Errorf("want %s, got:\n%s", ex.Want, r.Errors)
			}
		})
	}
}

// The reference shows every error kind, and its anchors and captions are
// unique so that links reach the right example.
func TestDocsCoverEveryErrorKind(t *testing.T) {
	kinds := map[template.ErrorKind]bool{}
	ids := map[string]bool{}
	captions := map[string]bool{}
	for _, ex := range docExamples() {
		kinds[ex.Want] = true
		if ex.ID != "" {
			if ids[ex.ID] {
				t.Errorf("two examples have the anchor %q", ex.ID)
			}
			ids[ex.ID] = true
		}
		if captions[ex.Caption] {
			t.Errorf("two examples are captioned %q", ex.Caption)
		}
		captions[ex.Caption] = true
	}
	for _, k := range template.ErrorKinds() {
		if !kinds[k] {
			t.Errorf("no example shows %s", k)
		}
	}
	for _, s := range docSections {
		for _, n := range s.Body {
			tbl, ok := n.(table)
			if !ok {
				continue
			}
			for _, row := range tbl.rows {
				for _, cell := range row {
					if _, rest, ok := strings.Cut(cell, "](#"); ok {
						if id, _, _ := strings.Cut(rest, ")"); !ids[id] {
							t.Errorf("link to #%s, which no example has", id)
						}
					}
				}
			}
		}
	}
}

// A share link opens in the playground as the example's state.
func TestDocExampleLinks(t *testing.T) {
	for _, ex := range docExamples() {
		payload, ok, _ := state.SplitFragment(strings.TrimPrefix(ex.Link(), "/#"))
		if !ok {
			t.Fatalf("%s: no state in %s", ex.Caption, ex.Link())
		}
		s, err := state.DecodeLink(payload)
		if err != nil {
			t.Fatalf("%s: %v", ex.Caption, err)
		}
		if want := ex.State(); s.Text(state.Target{}) != ex.Source || s.Mode != want.Mode || s.Call != ex.Call || len(s.Roots) < len(want.Roots) {
			t.Errorf("%s: link opens %+v, want %+v", ex.Caption, s, want)
		}
		// It opens without the banner of another engine's link.
		if _, banner, _ := state.InitialState("#"+state.LinkPrefix+payload, "", examples.Default.Open()); banner != "" || s.Roots[0].Name != "input" {
			t.Errorf("%s: link opens with the banner %q and the roots %+v", ex.Caption, banner, s.Names())
		}
	}
}

func TestInline(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain", "plain"},
		{"a `{{x}}` b", "a <code>{{x}}</code> b"},
		{"**bold** and `code`", "<strong>bold</strong> and <code>code</code>"},
		{"see [BadPath](#ex-bad-path).", `see <a href="#ex-bad-path">BadPath</a>.`},
		{"a * b", "a * b"},
		{"open `tick", "open `tick"},
		{"<script>x</script>", "&lt;script&gt;x&lt;/script&gt;"},
	}
	for _, tt := range tests {
		var b strings.Builder
		for _, n := range inline(tt.in) {
			b.WriteString(app.HTMLString(n))
		}
		if got := b.String(); got != tt.want {
			t.Errorf("inline(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

// The page renders on the server with each example's result or error.
func TestDocsPagePrerenders(t *testing.T) {
	page := &docsPage{}
	page.OnInit()
	html := app.HTMLString(page)
	for _, want := range []string{
		`href="/"`,
		`<pre class="docs-source">{{E0.values.0.idd}}</pre>`,
		"available: id, title",
		`data-type="number"`,
		"Open in playground",
	} {
		if !strings.Contains(html, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if n, want := strings.Count(html, `class="docs-example"`), len(docExamples()); n != want {
		t.Errorf("%d examples on the page, want %d", n, want)
	}
}

var updateOutputs = flag.Bool("update", false, "write docs_results.json from what the examples give now")

// What every example shows (a plan's steps, the result or the errors) is
// held in docs_results.json, which the page shows: an example whose output
// changes fails here until the change is looked at and the file written
// again (go test ./app -run TestDocExampleOutputs -args -update).
func TestDocExampleOutputs(t *testing.T) {
	var got []docResult
	for _, ex := range docExamples() {
		got = append(got, ex.run())
	}
	const file = "docs_results.json"
	if *updateOutputs {
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false) // the file is read as much as the page
		enc.SetIndent("", "  ")
		if err := enc.Encode(got); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var held []docResult
	if err := json.Unmarshal(raw, &held); err != nil {
		t.Fatal(err)
	}
	for i := range max(len(got), len(held)) {
		switch {
		case i >= len(got):
			t.Errorf("an example is gone: %+v", held[i])
		case i >= len(held):
			t.Errorf("a new example: %+v", got[i])
		case got[i] != held[i]:
			t.Errorf("an example's output changed:\n%+v\nwas\n%+v", got[i], held[i])
		}
	}
}

// The page shows the held outputs, and runs an example the file lacks
// rather than showing it empty.
func TestDocsPageShowsHeldOutputs(t *testing.T) {
	var held []docResult
	if err := json.Unmarshal(heldResults, &held); err != nil {
		t.Fatal(err)
	}
	exs := docExamples()
	results := docResults()
	for i, ex := range exs {
		if i < len(held) && results[ex] != held[i] {
			t.Errorf("%q: the page shows %+v, the file holds %+v", ex.Caption, results[ex], held[i])
		}
	}
	const lacking = 3
	held[lacking].Result, held[lacking].Errors = "stale", ""
	held[lacking].Caption += " (an older caption)"
	raw, _ := json.Marshal(held)
	shown := docResultsIn(raw)
	if r, want := shown[exs[lacking]], exs[lacking].run(); r != want || len(shown) != len(exs) {
		t.Errorf("an example the file lacks shows %+v, want %+v (%d results for %d examples)", r, want, len(shown), len(exs))
	}
}

// The reference's examples, written as Markdown blocks (the roots, the
// call and the expected error kind as the README and a docs site write
// them), pass splice check: what the page shows is what CI checks.
func TestDocExamplesPassCheck(t *testing.T) {
	var md strings.Builder
	tags := map[state.Mode]string{state.ModeTemplate: "splice", state.ModeShape: "splice-shape", state.ModeTool: "splice-tool", state.ModePlan: "splice-plan"}
	for _, ex := range docExamples() {
		s := ex.State()
		if ex.Want != 0 {
			fmt.Fprintf(&md, "<!-- splice: expect %s -->\n", ex.Want)
		}
		info := tags[s.Mode]
		if len(ex.Later) > 0 {
			info += " later=" + strings.Join(ex.Later, ",")
		}
		if ex.Iteration {
			info += " iteration"
		}
		fmt.Fprintf(&md, "````%s\n%s\n````\n\n", info, ex.Source)
		if len(ex.Roots) > 0 {
			var members []string
			for _, r := range ex.Roots {
				members = append(members, fmt.Sprintf("%q: %s", r.Name, r.Text))
			}
			fmt.Fprintf(&md, "```json splice-roots\n{%s}\n```\n\n", strings.Join(members, ", "))
		}
		if s.Mode == state.ModeTool {
			fmt.Fprintf(&md, "```json splice-call\n%s\n```\n\n", ex.Call)
		}
	}
	r := docscheck.Check("docs.md", md.String())
	if r.Blocks != len(docExamples()) {
		t.Errorf("%d blocks checked, want %d", r.Blocks, len(docExamples()))
	}
	lines := strings.Split(md.String(), "\n")
	for _, f := range r.Findings {
		t.Errorf("docs.md:%d:%d: %s\n  %s", f.Line, f.Column, f, lines[f.Line-1])
	}
}
