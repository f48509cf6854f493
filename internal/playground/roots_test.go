package playground

import (
	"slices"
	"strings"
	"testing"

	"github.com/splicedev/splice/internal/playground/state"
)

// namedRoots are roots called names, each "{}".
func namedRoots(names ...string) []state.RootText {
	rs := make([]state.RootText, len(names))
	for i, n := range names {
		rs[i] = state.RootText{Name: n, Text: "{}"}
	}
	return rs
}

func TestRootsNextName(t *testing.T) {
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
		s := state.State{Roots: namedRoots(tt.roots...), Later: tt.later}
		if got := (roots{&s}).nextName(); got != tt.want {
			t.Errorf("roots %v later %v: nextName = %q, want %q", tt.roots, tt.later, got, tt.want)
		}
	}
}

func TestAddRootGoesBeforeIterationRoots(t *testing.T) {
	s := state.State{Roots: namedRoots("input", "E0")}
	s.SetIteration(true)
	if name := (roots{&s}).nextName(); name != "E1" || (roots{&s}).insert(state.RootText{Name: name, Text: "{}"}, len(s.Roots)) != nil {
		t.Fatalf("nextName = %q, want E1", name)
	}
	want := []string{"input", "E0", "E1", "item", "index", "accumulator"}
	if got := s.Names(); !slices.Equal(got, want) {
		t.Errorf("roots = %q, want %q", got, want)
	}
	if got := s.Scope().Roots; !slices.Equal(got, []string{"input", "E0", "E1"}) {
		t.Errorf("steps = %q", got)
	}
}

func TestRootsRename(t *testing.T) {
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
		s := state.State{Roots: namedRoots("input", "E0", "E1"), Later: []string{"E9"}}
		err := (roots{&s}).rename(tt.old, tt.name)
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

func TestRootsDeleteAndRestore(t *testing.T) {
	s := state.State{Roots: []state.RootText{{Name: "input", Text: "{}"}, {Name: "E0", Text: "[0]"}, {Name: "E1", Text: "[1]"}}}
	if _, err := (roots{&s}).remove("input"); err == nil {
		t.Error("input was deleted")
	}
	removed, err := (roots{&s}).remove("E0")
	if err != nil || removed.Text != "[0]" {
		t.Fatalf("remove(E0) = %+v, %v", removed, err)
	}
	if !slices.Equal(s.Names(), []string{"input", "E1"}) {
		t.Fatalf("after delete: %q", s.Names())
	}
	if err := (roots{&s}).insert(removed, 1); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(s.Names(), []string{"input", "E0", "E1"}) || s.Roots[1].Text != "[0]" {
		t.Errorf("after restore: %+v", s.Roots)
	}
	if err := (roots{&s}).insert(removed, 1); err == nil {
		t.Error("a root was restored under a name in use")
	}
}

func TestRootsMove(t *testing.T) {
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
		s := state.State{Roots: namedRoots("input", "E0", "E1")}
		s.SetIteration(true)
		if moved := (roots{&s}).move(tt.name, tt.delta); moved != tt.moved || !slices.Equal(s.Names(), tt.want) {
			t.Errorf("move(%s, %d) = %v, roots %q; want %v, %q", tt.name, tt.delta, moved, s.Names(), tt.moved, tt.want)
		}
	}
}
