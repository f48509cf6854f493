package template_test

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/splicedev/splice/template"
)

// The hostile cases of DIALECT §5: each ends with its normal result or a
// LimitError, and what it reports is bounded. BenchmarkHostile shows that
// their time grows linearly with their size.

// hostileCase builds one case at size scale (1 is the size of the tests).
type hostileCase struct {
	name  string
	build func(scale int) (src string, roots template.Roots)
}

var hostileCases = []hostileCase{
	{"output of many tags", func(scale int) (string, template.Roots) {
		// 200 tags over a string of scale MiB: 200 MiB of output unbounded.
		s := template.StringValue(strings.Repeat("a", scale<<20))
		return "x" + strings.Repeat("{{input.s}}", 200), template.Roots{{Name: "input", Value: template.ObjectValue([]template.Member{{Key: "s", Value: s}})}}
	}},
	{"bare keys through nested sections", func(scale int) (string, template.Roots) {
		// 64 nested sections over 2 elements of 31 long keys: 2^64
		// iterations, each looking a missing key up in 64 frames.
		members := make([]template.Member, 31)
		for i := range members {
			members[i] = template.Member{Key: fmt.Sprintf("k%02d%s", i, strings.Repeat("x", 200*scale)), Value: template.IntValue(i)}
		}
		elem := template.ObjectValue(members)
		e0 := template.ObjectValue([]template.Member{{Key: "a", Value: template.ArrayValue([]template.Value{elem, elem})}})
		return strings.Repeat("{{#E0.a}}", 64) + "{{missing}}" + strings.Repeat("{{/E0.a}}", 64), template.Roots{{Name: "E0", Value: e0}}
	}},
	{"failing tags on a wide object", func(scale int) (string, template.Roots) {
		// 400 failing tags against 10,000 keys each: did-you-mean work.
		members := make([]template.Member, 10_000*scale)
		for i := range members {
			members[i] = template.Member{Key: fmt.Sprintf("key%06d", i), Value: template.IntValue(i)}
		}
		var b strings.Builder
		for i := range 400 {
			fmt.Fprintf(&b, "{{E0.kex%06d}}", i)
		}
		return b.String(), template.Roots{{Name: "E0", Value: template.ObjectValue(members)}}
	}},
	{"many broken tags", func(scale int) (string, template.Roots) {
		return strings.Repeat("{{}}", 10_000*scale), nil
	}},
}

func TestHostileInputsAreBounded(t *testing.T) {
	for _, c := range hostileCases {
		t.Run(c.name, func(t *testing.T) {
			src, roots := c.build(1)
			tmpl, err := template.Parse(src)
			if err == nil {
				_, err = tmpl.Render(roots)
			}
			list := template.Errors(err)
			if len(list) == 0 || len(list) > template.MaxErrors+1 {
				t.Fatalf("%d errors, want 1 to %d", len(list), template.MaxErrors+1)
			}
			if !slices.ContainsFunc(list, func(e *template.Error) bool { return e.Kind == template.LimitError }) {
				t.Fatalf("no LimitError in %v", err)
			}
			// What a person sees is bounded too: each error prints a window
			// of its line, not the whole line.
			if n := len(template.Format(err)); n > (template.MaxErrors+1)*1200 {
				t.Errorf("Format printed %d bytes for %d errors", n, len(list))
			}
		})
	}
}

func TestHostileLimitErrors(t *testing.T) {
	render := func(c hostileCase) template.ErrorList {
		src, roots := c.build(1)
		tmpl, err := template.Parse(src)
		if err != nil {
			return template.Errors(err)
		}
		_, err = tmpl.Render(roots)
		return template.Errors(err)
	}
	if l := render(hostileCases[0]); len(l) != 1 || !strings.Contains(l[0].Msg, "output passed 32 MiB") || l[0].Pos.Offset != 1+31*len("{{input.s}}") {
		t.Errorf("output: %v (want the LimitError at the 32nd tag, whose write passed 32 MiB)", l)
	}
	if l := render(hostileCases[1]); len(l) != 1 || !strings.Contains(l[0].Msg, "steps of work") || l[0].Pos.Offset != 0 {
		t.Errorf("nested: %v (want the LimitError at the outermost section)", l)
	}
	l := render(hostileCases[2])
	if len(l) != template.MaxErrors+1 || l[0].Kind != template.BadPath || l[0].Suggestion != "key000000" || l[0].More != 10_000-template.MaxAvailable {
		t.Fatalf("wide object: %d errors, first %+v", len(l), l[0])
	}
	if more := l[len(l)-1]; !strings.Contains(more.Msg, "and 300 more errors") {
		t.Errorf("wide object: last error %v, want it to count the 300 not reported", more)
	}
	if l := render(hostileCases[3]); !strings.Contains(l[len(l)-1].Msg, "and "+strconv.Itoa(10_000-template.MaxErrors)+" more errors") {
		t.Errorf("broken tags: last error %v", l[len(l)-1])
	}
}

func BenchmarkHostile(b *testing.B) {
	for _, c := range hostileCases {
		for _, scale := range []int{1, 2, 4, 8} {
			src, roots := c.build(scale)
			b.Run(fmt.Sprintf("%s/%dx", c.name, scale), func(b *testing.B) {
				b.SetBytes(int64(len(src)))
				for b.Loop() {
					tmpl, err := template.Parse(src)
					if err == nil {
						_, err = tmpl.Render(roots)
					}
					template.Format(err)
				}
			})
		}
	}
}

// TestErrorCapKeepsSourceOrder: a tag that fails only in a later iteration
// of a section is reported in its place, and the count of the rest starts
// after the last one reported.
func TestErrorCapKeepsSourceOrder(t *testing.T) {
	var b strings.Builder
	b.WriteString("{{#E0.a}}{{#k}}{{E0.early}}{{/k}}")
	for i := range template.MaxErrors {
		fmt.Fprintf(&b, "{{E0.m%d}}", i)
	}
	b.WriteString("{{/E0.a}}")
	tmpl, err := template.Parse(b.String())
	if err != nil {
		t.Fatal(err)
	}
	_, err = tmpl.Render(template.Roots{{Name: "E0", Value: mustJSON(`{"a": [{}, {"k": 1}]}`)}})
	list := template.Errors(err)
	if len(list) != template.MaxErrors+1 || list[0].Path != "E0.early" || list[template.MaxErrors-1].Path != "E0.m98" {
		t.Fatalf("%d errors: first %v, last reported %v", len(list), list[0], list[len(list)-2])
	}
	if more := list[template.MaxErrors]; more.Kind != template.LimitError || more.Path != "E0.m99" || !strings.Contains(more.Msg, "and 1 more error from here on") {
		t.Errorf("the count of the rest: %+v", more)
	}
}

// TestSeparatorsCountAsWork: a section body that is a separator alone is
// written without walking it, and still spends the work limit, which
// stops the render with its error rather than cutting the output short,
// whichever work passes the limit (the sizes make it a separator's at
// least once).
func TestSeparatorsCountAsWork(t *testing.T) {
	tmpl, err := template.Parse("{{#E0}}{{#E0}}{{#E0}}{{^@last}},{{/@last}}{{/E0}}{{/E0}}{{/E0}}")
	if err != nil {
		t.Fatal(err)
	}
	elems := make([]template.Value, 256)
	for i := range elems {
		elems[i] = template.IntValue(i)
	}
	for n := 250; n <= len(elems); n++ {
		_, err = tmpl.Render(template.Roots{{Name: "E0", Value: template.ArrayValue(elems[:n])}})
		if l := template.Errors(err); len(l) != 1 || l[0].Kind != template.LimitError || !strings.Contains(l[0].Msg, "steps of work") || l[0].Pos.Offset != 0 {
			t.Errorf("%d elements: got %v, want the work LimitError at the outermost section", n, err)
		}
	}
	tmpl, _ = template.Parse("{{#E0}}{{.}}{{^@last}}, {{/@last}}{{#@last}}.{{/@last}}{{/E0}}")
	v, err := tmpl.Render(template.Roots{{Name: "E0", Value: template.ArrayValue(elems[:3])}})
	if err != nil || v.Str() != "0, 1, 2." {
		t.Errorf("got %q, %v; want %q", v.Str(), err, "0, 1, 2.")
	}
}
