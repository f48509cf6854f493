package template

import (
	"strings"
	"testing"
)

func TestRenderLimit(t *testing.T) {
	// 100^5 iterations would take hours: the render must stop with a LimitError.
	src := strings.Repeat("{{#E0.a}}", 5) + "x" + strings.Repeat("{{/E0.a}}", 5)
	tmpl, err := Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	elems := make([]Value, 100)
	for i := range elems {
		elems[i] = IntValue(i)
	}
	roots := Roots{{Name: "E0", Value: ObjectValue([]Member{{Key: "a", Value: ArrayValue(elems)}})}}
	_, err = tmpl.Render(roots)
	errs := Errors(err)
	if len(errs) != 1 || errs[0].Kind != LimitError || errs[0].Pos.Offset < 0 {
		t.Fatalf("want one LimitError, got %v", err)
	}
}

func BenchmarkRepeatedBadPath(b *testing.B) {
	// A root-anchored path that fails inside a long section must not build
	// its error (keys, suggestions over a wide object) on every iteration.
	members := make([]Member, 2000)
	for i := range members {
		members[i] = Member{Key: "key" + strings.Repeat("x", i%50), Value: IntValue(i)}
	}
	elems := make([]Value, 10_000)
	roots := Roots{{Name: "E0", Value: ObjectValue([]Member{
		{Key: "wide", Value: ObjectValue(members)},
		{Key: "items", Value: ArrayValue(elems)},
	})}}
	tmpl, err := Parse("{{#E0.items}}{{#E0.wide.nope}}x{{/E0.wide.nope}}{{E0.wide.keyy}}{{/E0.items}}")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := tmpl.Render(roots); len(Errors(err)) != 1 {
			b.Fatalf("want one BadPath, got %v", err)
		}
	}
}

func TestWideObjectLookup(t *testing.T) {
	// Objects of indexedMembers keys or more are hashed; lookups must keep
	// the linear scan's meaning: the last of duplicate keys wins.
	for _, n := range []int{indexedMembers - 1, indexedMembers, 5 * indexedMembers} {
		var b strings.Builder
		b.WriteString(`{"dup":1`)
		for i := 0; i < n; i++ {
			b.WriteString(`,"k` + strings.Repeat("x", i) + `":` + "0")
		}
		b.WriteString(`,"dup":2}`)
		v, err := ParseJSONString(b.String())
		if err != nil {
			t.Fatal(err)
		}
		if got, ok := v.Lookup("dup"); !ok || got.Str() != "2" {
			t.Errorf("%d members: dup = %v, want the last one, 2", n, got)
		}
		if _, ok := v.Lookup("absent"); ok {
			t.Errorf("%d members: found a key that is absent", n)
		}
		if got := ObjectValue(v.Members()); !got.Equal(v) {
			t.Errorf("%d members: ObjectValue does not round-trip", n)
		}
	}
}

func TestFrameStackReused(t *testing.T) {
	tmpl, err := Parse("{{#E0.items}}{{#name}}{{.}}{{/name}}{{^@last}}, {{/@last}}{{/E0.items}}")
	if err != nil {
		t.Fatal(err)
	}
	data, err := ParseJSONString(`{"items":[{"name":"a"},{"name":"b"},{"name":"c"}]}`)
	if err != nil {
		t.Fatal(err)
	}
	roots := Roots{{Name: "E0", Value: data}}
	render := func() {
		if v, err := tmpl.Render(roots); err != nil || v.Str() != "a, b, c" {
			t.Fatalf("got %q, %v", v.Str(), err)
		}
	}
	render()
	// The output is the one allocation left: the frames go on the stack
	// the last render left.
	if n := testing.AllocsPerRun(100, render); n != 1 {
		t.Errorf("a render over data allocates %v times, want 1", n)
	}
	// The stack left holds no values: they would keep the data alive.
	stack := (*[spareFrames]frame)(spareStack)
	if stack == nil {
		t.Fatal("no frame stack left for the next render")
	}
	for i, f := range stack {
		if f.elems != nil || f.section != nil || f.one.p != nil {
			t.Errorf("frame %d of the stack left still holds %+v", i, f)
		}
	}
	// Completion inside a section takes the stack, and gives it back.
	src := "{{#E0.items}}{{na"
	if c := Analyze(src).Complete(len(src), Scope{Roots: []string{"E0"}}, roots); len(c.Items) == 0 {
		t.Fatalf("no completion of %q", src)
	}
	if spareStack == nil {
		t.Error("completion kept the frame stack")
	}
}
