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

func TestNextRootName(t *testing.T) {
	tests := []struct {
		roots []string
		later []string
		want  string
	}{
		{[]string{"input"}, nil, "E0"},
		{[]string{"input", "E0"}, nil, "E1"},
		{[]string{"input", "E0", "E2"}, []string{"E1"}, "E3"},
		{[]string{"input", "E1"}, nil, "E0"},
		{[]string{"input", "fetch"}, []string{"E0"}, "E1"},
	}
	for _, tt := range tests {
		s := State{Roots: rootsNamed(tt.roots...), Later: tt.later}
		if got := s.NextRootName(); got != tt.want {
			t.Errorf("roots %v later %v: NextRootName = %q, want %q", tt.roots, tt.later, got, tt.want)
		}
	}
}

func TestAddRootGoesBeforeIterationRoots(t *testing.T) {
	s := State{Roots: rootsNamed("input", "E0")}
	s.SetIteration(true)
	if name := s.NextRootName(); name != "E1" || s.InsertRoot(RootText{Name: name, Text: "{}"}, len(s.Roots)) != nil {
		t.Fatalf("NextRootName = %q, want E1", name)
	}
	want := []string{"input", "E0", "E1", "item", "index", "accumulator"}
	if got := s.Names(); !slices.Equal(got, want) {
		t.Errorf("roots = %q, want %q", got, want)
	}
	if got := s.steps(); !slices.Equal(got, []string{"input", "E0", "E1"}) {
		t.Errorf("steps = %q", got)
	}
}

func TestRenameRoot(t *testing.T) {
	tests := []struct {
		old, name string
		reason    string // a substring of the error, "" for success
	}{
		{"E0", "fetch_prs", ""},
		{"E0", "E0", ""},
		{"E0", "bad name", "must match"},
		{"E0", "", "empty"},
		{"E0", "item", "reserved"},
		{"E0", "length", "reserved"},
		{"E0", "E1", "already exists"},
		{"E0", "E9", "already exists"}, // a later step
		{"input", "start", "cannot be renamed"},
		{"nope", "x", "no root"},
	}
	for _, tt := range tests {
		s := State{Roots: rootsNamed("input", "E0", "E1"), Later: []string{"E9"}}
		err := s.RenameRoot(tt.old, tt.name)
		if tt.reason == "" {
			if err != nil {
				t.Errorf("rename %s to %q: %v", tt.old, tt.name, err)
			} else if s.RootIndex(tt.name) != 1 {
				t.Errorf("rename %s to %q: roots now %q", tt.old, tt.name, s.Names())
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tt.reason) {
			t.Errorf("rename %s to %q: error %v, want one saying %q", tt.old, tt.name, err, tt.reason)
		}
		if !slices.Equal(s.Names(), []string{"input", "E0", "E1"}) {
			t.Errorf("rename %s to %q failed but changed the roots: %q", tt.old, tt.name, s.Names())
		}
	}
}

func TestDeleteAndRestoreRoot(t *testing.T) {
	s := State{Roots: []RootText{{"input", "{}"}, {"E0", "[0]"}, {"E1", "[1]"}}}
	if _, err := s.DeleteRoot("input"); err == nil {
		t.Error("input was deleted")
	}
	removed, err := s.DeleteRoot("E0")
	if err != nil || removed.Text != "[0]" {
		t.Fatalf("DeleteRoot(E0) = %+v, %v", removed, err)
	}
	if !slices.Equal(s.Names(), []string{"input", "E1"}) {
		t.Fatalf("after delete: %q", s.Names())
	}
	if err := s.InsertRoot(removed, 1); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(s.Names(), []string{"input", "E0", "E1"}) || s.Roots[1].Text != "[0]" {
		t.Errorf("after restore: %+v", s.Roots)
	}
	if err := s.InsertRoot(removed, 1); err == nil {
		t.Error("a root was restored under a name in use")
	}
}

func TestMoveRoot(t *testing.T) {
	tests := []struct {
		name  string
		delta int
		moved bool
		want  []string
	}{
		{"E1", -1, true, []string{"input", "E1", "E0", "item", "index", "accumulator"}},
		{"E0", -1, false, []string{"input", "E0", "E1", "item", "index", "accumulator"}}, // input stays first
		{"E1", 1, false, []string{"input", "E0", "E1", "item", "index", "accumulator"}},  // iteration roots stay last
		{"E0", 1, true, []string{"input", "E1", "E0", "item", "index", "accumulator"}},
		{"input", 1, false, []string{"input", "E0", "E1", "item", "index", "accumulator"}},
		{"item", -1, false, []string{"input", "E0", "E1", "item", "index", "accumulator"}},
	}
	for _, tt := range tests {
		s := State{Roots: rootsNamed("input", "E0", "E1")}
		s.SetIteration(true)
		if moved := s.MoveRoot(tt.name, tt.delta); moved != tt.moved || !slices.Equal(s.Names(), tt.want) {
			t.Errorf("MoveRoot(%s, %d) = %v, roots %q; want %v, %q", tt.name, tt.delta, moved, s.Names(), tt.moved, tt.want)
		}
	}
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
