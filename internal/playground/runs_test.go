package playground

import "testing"

// A tag a section repeats shows the values of its runs, not its first.
func TestTraceShowsEveryRun(t *testing.T) {
	out := Evaluate(State{Mode: ModeTemplate, Template: "{{#E0}}{{name}}{{^@last}}, {{/@last}}{{/E0}} {{E0.0.name}}",
		Roots: []RootText{{Name: "input", Text: "{}"}, {Name: "E0", Text: `[{"name": "bug"}, {"name": "crash"}, {"name": "docs"}]`}}})
	want := map[string]string{
		"{{name}}":      `"bug", "crash", "docs"`,
		"{{^@last}}":    "false, false, true",
		"{{E0.0.name}}": `"bug"`,
	}
	for _, row := range out.Trace {
		if w, ok := want[row.Tag]; ok {
			if row.Preview != w {
				t.Errorf("%s shows %s, want %s", row.Tag, row.Preview, w)
			}
			delete(want, row.Tag)
		}
	}
	if len(want) > 0 {
		t.Errorf("no rows for %v", want)
	}
	long := Evaluate(State{Mode: ModeTemplate, Template: "{{#input.xs}}{{.}}{{/input.xs}}", Roots: []RootText{{Name: "input", Text: `{"xs": [1, 2, 3, 4, 5, 6, 7]}`}}})
	for _, row := range long.Trace {
		if row.Tag == "{{.}}" && row.Preview != "1, 2, 3, 4, 5, …" {
			t.Errorf("{{.}} over seven elements shows %q", row.Preview)
		}
	}
}
