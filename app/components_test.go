package app

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/splicedev/splice/internal/examples"
	"github.com/splicedev/splice/internal/playground"
	"github.com/splicedev/splice/internal/playground/state"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// mount loads c into a test engine, as the browser would, and returns its
// HTML.
func mount(t *testing.T, c app.Composer) string {
	t.Helper()
	e := app.NewTestEngine()
	if err := e.Load(c); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	return app.HTMLString(c)
}

// noop stands for an event handler in expected elements: Match checks that
// a handler is there, not which.
func noop(app.Context, app.Event) {}

// element is one opening tag of rendered HTML with a data-testid: where it
// starts and its attributes.
type element struct {
	at    int
	attrs map[string]string
}

var (
	openTag = regexp.MustCompile(`<[a-z][a-z0-9]*\b[^>]*>`)
	// go-app writes an attribute whose value is "true" without a value.
	attribute = regexp.MustCompile(`([a-z-]+)(?:="([^"]*)")?`)
)

// testElements lists the elements of html that carry a data-testid, by it.
func testElements(html string) map[string][]element {
	out := map[string][]element{}
	for _, loc := range openTag.FindAllStringIndex(html, -1) {
		attrs := map[string]string{}
		for _, m := range attribute.FindAllStringSubmatch(html[loc[0]+1:loc[1]], -1) {
			attrs[m[1]] = m[2]
			if !strings.Contains(m[0], "=") {
				attrs[m[1]] = "true"
			}
		}
		if id, ok := attrs["data-testid"]; ok {
			out[id] = append(out[id], element{at: loc[0], attrs: attrs})
		}
	}
	return out
}

// TestPlaygroundHooks: the page carries the stable test hooks, with the
// attributes tests outside this repository read, exactly when they apply.
func TestPlaygroundHooks(t *testing.T) {
	tests := []struct {
		name  string
		State state.State
		view  pageView
		hooks []string // data-testids that must be there
		none  []string // and that must not
		attrs map[string][]string
	}{
		{"template", examples.Default.Open(), pageView{},
			[]string{"mode-template", "mode-shape", "mode-tool", "editor", "root-tab", "root-editor", "root-add",
				"root-rename", "root-delete", "output", "output-type", "trace", "share", "theme-toggle", "later", "branch", "iteration"},
			[]string{"call-editor", "banner", "problem", "example", "share-url"},
			map[string][]string{"root-tab": {"data-name"}, "output": {"data-json"}}},
		{"tool", examples.ByID("tool-schema").Open(), pageView{},
			[]string{"editor", "call-editor", "output"},
			[]string{"root-tab", "root-editor"}, nil},
		{"failing", examples.ByID("bad-path").Open(), pageView{},
			[]string{"problem", "key-chip"},
			[]string{"output", "output-type"},
			map[string][]string{"problem": {"data-kind", "data-line", "data-column"}}},
		{"menu, banner and share", examples.Default.Open(),
			pageView{menu: true, banner: "cannot open", dialog: dialogShare, share: shared{ShareInfo: state.ShareLinks("http://x", examples.Default.Open())}},
			[]string{"example", "banner", "share-url"}, nil, nil},
		{"help", examples.Default.Open(), pageView{dialog: dialogHelp},
			[]string{"shortcuts"}, []string{"share-url"}, nil},
	}
	for _, tt := range tests {
		s := playground.NewSession(tt.State)
		found := testElements(mount(t, &playgroundPage{s: s, view: tt.view}))
		for _, h := range tt.hooks {
			if len(found[h]) == 0 {
				t.Errorf("%s: no element with data-testid %q", tt.name, h)
			}
		}
		for _, h := range tt.none {
			if len(found[h]) > 0 {
				t.Errorf("%s: an element with data-testid %q", tt.name, h)
			}
		}
		for h, names := range tt.attrs {
			for _, el := range found[h] {
				for _, name := range names {
					if _, ok := el.attrs[name]; !ok {
						t.Errorf("%s: %s without %s: %v", tt.name, h, name, el.attrs)
					}
				}
			}
		}
	}
}

// TestProblemHooksCarryTheirPlace: a problem's data-line and data-column are
// its tag's, and its key chips sit inside it.
func TestProblemHooksCarryTheirPlace(t *testing.T) {
	s := playground.NewSession(examples.ByID("bad-path").Open())
	found := testElements(mount(t, &playgroundPage{s: s}))
	want := s.Out.Problems[0]
	problems, chips := found["problem"], found["key-chip"]
	wantChips := len(want.Available)
	if want.Suggestion != "" {
		wantChips++ // the did-you-mean is a chip too
	}
	if len(problems) != len(s.Out.Problems) || len(chips) != wantChips {
		t.Fatalf("%d problems and %d chips, want %d and %d", len(problems), len(chips), len(s.Out.Problems), wantChips)
	}
	p := problems[0].attrs
	if p["data-kind"] != want.KindName() || p["data-line"] != strconv.Itoa(want.Pos.Line) || p["data-column"] != strconv.Itoa(want.Pos.Column) {
		t.Errorf("problem hook %v, want kind %s at %v", p, want.Kind, want.Pos)
	}
	for _, c := range chips {
		if c.attrs["data-key"] == "" {
			t.Errorf("a key chip that is no fix: %v", c.attrs)
		}
		if c.at < problems[0].at || len(problems) > 1 && c.at > problems[1].at {
			t.Errorf("a key chip at %d lies outside the first problem (at %d)", c.at, problems[0].at)
		}
	}
}

// TestModeTabsMarkTheActiveMode checks the mode tabs as a screen reader
// meets them: their role, which one is selected and reachable by Tab, what
// they control, and their text.
func TestModeTabsMarkTheActiveMode(t *testing.T) {
	s := playground.NewSession(examples.ByID("pr-card").Open())
	html := mount(t, &playgroundPage{s: s})
	elements := testElements(html)
	for i, m := range modes {
		tabs := elements["mode-"+string(m)]
		if len(tabs) != 1 {
			t.Errorf("%s: %d tabs", m, len(tabs))
			continue
		}
		tab, selected := tabs[0], m == state.ModeShape
		want := map[string]string{"role": "tab", "aria-selected": strconv.FormatBool(selected), "aria-controls": "main-editor",
			"tabindex": map[bool]string{true: "0", false: "-1"}[selected]}
		for attr, value := range want {
			if tab.attrs[attr] != value {
				t.Errorf("%s tab: %s=%q, want %q", m, attr, tab.attrs[attr], value)
			}
		}
		if key := "Alt+" + strconv.Itoa(i+1); !strings.Contains(tab.attrs["title"], key) {
			t.Errorf("%s tab: title %q does not name its key %s", m, tab.attrs["title"], key)
		}
		if text := textAfter(html, tab); text != m.Title() {
			t.Errorf("%s tab: text %q, want %q", m, text, m.Title())
		}
	}
}

// textAfter is the text that follows an element's opening tag, up to the
// next tag.
func textAfter(html string, e element) string {
	rest := html[e.at:]
	rest = rest[strings.IndexByte(rest, '>')+1:]
	if end := strings.IndexByte(rest, '<'); end >= 0 {
		rest = rest[:end]
	}
	return strings.TrimSpace(rest)
}

// TestOutputPane checks the output pane against results written out by
// hand, not read back from the evaluation it shows.
func TestOutputPane(t *testing.T) {
	tests := []struct {
		name     string
		State    state.State
		badge    string
		marker   string
		json     string   // the result's compact JSON
		class    string   // the result's classes: mixed text is shown as text
		children []app.UI // the result's content
	}{
		{"typed", state.State{Template: "{{E0.n}}", Roots: []state.RootText{{Name: "input", Text: "{}"}, {Name: "E0", Text: `{"n": 1.50}`}}},
			"number", "typed splice", "1.50", "result", []app.UI{app.Text("1.50")}},
		{"typed string", state.State{Template: "{{E0.s}}", Roots: []state.RootText{{Name: "input", Text: "{}"}, {Name: "E0", Text: `{"s": "hi"}`}}},
			"string", "typed splice", `"hi"`, "result", []app.UI{app.Text(`"hi"`)}},
		{"text with trailing spaces", state.State{Template: "a  \n\tb\t", Roots: []state.RootText{{Name: "input", Text: "{}"}}},
			"string", "text", `"a  \n\tb\t"`, "result result-text", []app.UI{
				app.Text("a"), app.Elem("span").Class("trail").Title("trailing whitespace").Text("  "),
				app.Elem("span").Class("eol").Attr("aria-hidden", "true"), app.Text("\n"),
				app.Text("\tb"), app.Elem("span").Class("trail").Title("trailing whitespace").Text("\t"),
			}},
		{"empty text", state.State{Template: "{{#input.x}}y{{/input.x}}", Roots: []state.RootText{{Name: "input", Text: "{}"}}},
			"string", "text", `""`, "result result-text", []app.UI{app.Elem("span").Class("empty-string").Text("(empty string)")}},
	}
	for _, tt := range tests {
		s := playground.NewSession(tt.State)
		o := outputOf(&s.Out, s.Version)
		mount(t, o)
		if err := app.Match(app.Elem("span").Class("badge badge-"+tt.badge).Attr("data-testid", "output-type"), o, 0, 0, 1); err != nil {
			t.Errorf("%s: badge: %v", tt.name, err)
		}
		if err := app.Match(app.Text(tt.marker), o, 0, 0, 2, 0); err != nil {
			t.Errorf("%s: marker: %v", tt.name, err)
		}
		result := app.Elem("pre").Attr("data-testid", "output").Attr("data-json", tt.json).TabIndex(0).Role("region").Attr("aria-label", "Result").Class(tt.class)
		if err := app.Match(result, o, 0, 1, 0); err != nil {
			t.Errorf("%s: result: %v", tt.name, err)
		}
		for i, child := range tt.children {
			if err := app.Match(child, o, 0, 1, 0, i); err != nil {
				t.Errorf("%s: result child %d: %v", tt.name, i, err)
			}
		}
	}
}

func TestOutputPaneWithoutResult(t *testing.T) {
	s := playground.NewSession(examples.ByID("empty-data").Open())
	o := outputOf(&s.Out, s.Version)
	html := mount(t, o)
	if err := app.Match(app.Elem("p").Class("empty"), o, 0, 1); err != nil {
		t.Error(err)
	}
	if strings.Contains(html, "data-json") {
		t.Error("data-json is set without a result")
	}
}

func TestProblemsPane(t *testing.T) {
	tests := []struct {
		example string
		label   string
		chips   int // clickable key chips, the suggestion included
	}{
		{"bad-path", "BadPath", 3},
		{"missing-step", "MissingStep", 5}, // two problems, each with input and E0, and one suggestion
		{"empty-data", "nothing found", 0},
		{"parse-error", "ParseError", 0},
	}
	for _, tt := range tests {
		s := playground.NewSession(examples.ByID(tt.example).Open())
		p := &problemsPane{Do: &actions{s: s}, Problems: s.Out.Problems}
		html := mount(t, p)
		first := s.Out.Problems[0]
		li := app.Elem("li").
			Class("problem kind-"+first.KindName()).
			Attr("data-testid", "problem").
			Attr("data-kind", first.Kind).
			Attr("data-line", first.Pos.Line).
			Attr("data-column", first.Pos.Column)
		if err := app.Match(li, p, 0, 1, 0); err != nil {
			t.Errorf("%s: %v", tt.example, err)
		}
		if err := app.Match(app.Text(tt.label), p, 0, 1, 0, 0, 0, 0); err != nil {
			t.Errorf("%s: label: %v", tt.example, err)
		}
		if n := strings.Count(html, `data-testid="key-chip"`); n != tt.chips {
			t.Errorf("%s: %d key chips, want %d", tt.example, n, tt.chips)
		}
	}
}

// TestUserContentStaysText checks that markup in templates, roots and keys
// reaches the page as text nodes, never as elements.
func TestUserContentStaysText(t *testing.T) {
	const payload = `<script>alert(1)</script><img src=x onerror=alert(2)>`
	roots := []state.RootText{{Name: "input", Text: "{}"}, {Name: "E0", Text: `{"` + strings.ReplaceAll(payload, `"`, `\"`) + `": 1, "x": "` + payload + `"}`}}

	s := playground.NewSession(state.State{Template: payload + "{{E0.x}}", Roots: roots})
	o := outputOf(&s.Out, s.Version)
	mount(t, o)
	if err := app.Match(app.Text(payload+payload), o, 0, 1, 0, 0); err != nil {
		t.Errorf("output: %v", err)
	}

	s = playground.NewSession(state.State{Template: "{{E0.nope}} {{E0.x}}", Roots: roots})
	p := &problemsPane{Do: &actions{s: s}, Problems: s.Out.Problems}
	mount(t, p)
	// problems > first problem > keys > first chip > its text
	if err := app.Match(app.Text(payload), p, 0, 1, 0, 2, 1, 0); err != nil {
		t.Errorf("key chip: %v", err)
	}

	tr := &tracePane{Rows: s.Out.Trace}
	mount(t, tr)
	// trace > table > body > second row > value > its text
	if err := app.Match(app.Text(`"`+payload+`"`), tr, 0, 1, 0, 1, 1, 3, 0); err != nil {
		t.Errorf("trace: %v", err)
	}
}

func TestRootsPaneDisablesFixedRoots(t *testing.T) {
	s := playground.NewSession(examples.Default.Open())
	s.OpenRoot("input")
	p := &playgroundPage{s: s}
	html := mount(t, p)
	for _, id := range []string{"root-rename", "root-delete", "root-left", "root-right"} {
		i := strings.Index(html, `data-testid="`+id+`"`)
		tag := html[strings.LastIndex(html[:i], "<"):]
		tag = tag[:strings.IndexByte(tag, '>')]
		if !strings.Contains(tag, "disabled") {
			t.Errorf("%s is enabled for input: %s", id, tag)
		}
	}
}

func TestThemeCycle(t *testing.T) {
	for _, systemDark := range []bool{false, true} {
		var seen []string
		theme := ""
		for range 3 {
			theme = nextTheme(theme, systemDark)
			seen = append(seen, theme)
		}
		want := []string{"dark", "light", ""}
		if systemDark {
			want = []string{"light", "dark", ""}
		}
		if !slices.Equal(seen, want) {
			t.Errorf("system dark %v: the toggle goes %q, want %q", systemDark, seen, want)
		}
	}
}

func TestStatusText(t *testing.T) {
	for _, tt := range []struct{ example, want string }{
		{"typed-splice", "No problems, result: array."},
		{"bad-path", "1 problem, no result."},
		{"missing-step", "2 problems, no result."},
	} {
		out := playground.NewSession(examples.ByID(tt.example).Open()).Out
		if got := statusText(&out); got != tt.want {
			t.Errorf("%s: status %q, want %q", tt.example, got, tt.want)
		}
	}
}

func TestStepDetailSaysWhatTheSolverShows(t *testing.T) {
	s := playground.NewSession(examples.ByID("pr-plan").Open())
	about := app.Elem("p").Class("hint step-about").Text("The plan's answer: the solver's template rendered over the results of the steps it reads, shown below.")
	d := &stepDetail{View: *s.Out.Plan}
	mount(t, d)
	if err := app.Match(about, d, 0, 1); err != nil {
		t.Errorf("with the solver shown: %v", err)
	}
	view := *s.Out.Plan
	view.Selected = "card"
	d = &stepDetail{View: view}
	if html := mount(t, d); strings.Contains(html, "step-about") {
		t.Errorf("a step's detail says what the solver shows:\n%s", html)
	}
}

func TestHelpListsEveryModeShortcut(t *testing.T) {
	want := struct{ Keys, Does string }{"Alt + 1 / 2 / 3 / 4", "Template, Shape, Tool or Plan mode"}
	if !slices.Contains(shortcuts, want) {
		t.Errorf("the help's shortcuts have no %+v: %+v", want, shortcuts)
	}
}
