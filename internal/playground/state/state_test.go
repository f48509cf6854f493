package state

import (
	"slices"
	"strings"
	"testing"
)

// roots builds a root list with texts "{}" from names.
func rootsNamed(names ...string) []RootText {
	rs := make([]RootText, len(names))
	for i, n := range names {
		rs[i] = RootText{Name: n, Text: "{}"}
	}
	return rs
}

// sample is a state as people make them, with a template, two roots and a
// later step: what a test opens where the page would open the default
// example.
func sample(template string) State {
	return State{Mode: ModeTemplate, Template: template, Roots: []RootText{{Name: "input", Text: "{}"}, {Name: "E0", Text: `{"n": [1, 2]}`}},
		Later: []string{"E9"}}
}

func TestSetIterationKeepsTexts(t *testing.T) {
	s := State{Roots: rootsNamed("input", "E0")}
	s.SetIteration(true)
	s.SetText(Target{Root: "item"}, `{"n": 1}`)
	s.SetIteration(false)
	if !slices.Equal(s.Names(), []string{"input", "E0"}) || s.Iteration {
		t.Fatalf("off: roots %q, iteration %v", s.Names(), s.Iteration)
	}
	s.SetIteration(true)
	if i := s.RootIndex("item"); i < 0 || s.Roots[i].Text != `{"n": 1}` {
		t.Errorf("on again: roots %+v", s.Roots)
	}
	if sc := s.Scope(); !sc.Iteration || !slices.Equal(sc.Roots, []string{"input", "E0"}) {
		t.Errorf("scope = %+v", sc)
	}
}

func TestParseLater(t *testing.T) {
	tests := []struct {
		Text   string
		want   []string
		reason string
	}{
		{"", nil, ""},
		{"E9, publish", []string{"E9", "publish"}, ""},
		{"E9 E9,E10\n", []string{"E9", "E10"}, ""},
		{"E0", nil, "is a root already"},
		{"E9, no!way", nil, "must match"},
		{"item", nil, "reserved"},
	}
	for _, tt := range tests {
		s := State{Roots: rootsNamed("input", "E0")}
		got, err := s.ParseLater(tt.Text)
		switch {
		case tt.reason != "" && (err == nil || !strings.Contains(err.Error(), tt.reason)):
			t.Errorf("ParseLater(%q) error = %v, want one saying %q", tt.Text, err, tt.reason)
		case tt.reason == "" && (err != nil || !slices.Equal(got, tt.want)):
			t.Errorf("ParseLater(%q) = %q, %v; want %q", tt.Text, got, err, tt.want)
		}
	}
}

func TestNormalize(t *testing.T) {
	tests := []struct {
		name   string
		in     State
		want   []string // root names after normalizing
		reason string
	}{
		{"missing input", State{Roots: rootsNamed("E0")}, []string{"input", "E0"}, ""},
		{"input moved first", State{Roots: rootsNamed("E0", "input")}, []string{"input", "E0"}, ""},
		{"iteration roots added", State{Iteration: true, Roots: rootsNamed("input")}, []string{"input", "item", "index", "accumulator"}, ""},
		{"iteration roots dropped", State{Roots: rootsNamed("input", "item")}, []string{"input"}, ""},
		{"iteration roots last", State{Iteration: true, Roots: rootsNamed("input", "index", "E0", "item", "accumulator")},
			[]string{"input", "E0", "item", "index", "accumulator"}, ""},
		{"duplicate", State{Roots: rootsNamed("input", "E0", "E0")}, nil, "two roots"},
		{"bad name", State{Roots: rootsNamed("input", "a b")}, nil, "must match"},
		{"bad mode", State{Mode: "graph", Roots: rootsNamed("input")}, nil, "unknown mode"},
		{"bad later", State{Later: []string{"x y"}}, nil, "must match"},
	}
	for _, tt := range tests {
		s := tt.in
		err := s.Normalize()
		switch {
		case tt.reason != "":
			if err == nil || !strings.Contains(err.Error(), tt.reason) {
				t.Errorf("%s: error %v, want one saying %q", tt.name, err, tt.reason)
			}
		case err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case !slices.Equal(s.Names(), tt.want) || s.Mode != ModeTemplate:
			t.Errorf("%s: roots %q, mode %q; want %q", tt.name, s.Names(), s.Mode, tt.want)
		}
	}
}

func TestCloneIsDeep(t *testing.T) {
	s := State{Roots: rootsNamed("input", "E0"), Later: []string{"E9"}}
	c := s.Clone()
	c.Roots[1].Text = "changed"
	c.Later[0] = "E8"
	if s.Roots[1].Text != "{}" || s.Later[0] != "E9" {
		t.Errorf("editing a clone changed the original: %+v", s)
	}
}

// TestSameState: a state with a root edited is another.
func TestSameState(t *testing.T) {
	s, _, _ := InitialState("", "", sample("{{E0.n}}"))
	edited := s.Clone()
	edited.Roots[0].Text += " "
	if edited.Same(&s) {
		t.Errorf("a state with a root edited is the same")
	}
}
