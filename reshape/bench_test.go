package reshape

import (
	"strconv"
	"strings"
	"testing"

	"github.com/splicedev/splice/template"
)

// benchRoots generates about 100 KB of roots: input and five steps, each
// with 100 items of a few fields.
func benchRoots(b *testing.B) template.Roots {
	roots := template.Roots{{Name: "input", Value: mustJSON(b, `{"repo":"splicedev/splice","limit":50}`)}}
	for step := range 5 {
		var sb strings.Builder
		sb.WriteString(`{"total":100,"items":[`)
		for i := range 100 {
			if i > 0 {
				sb.WriteByte(',')
			}
			n := strconv.Itoa(step*1000 + i)
			sb.WriteString(`{"number":` + n + `,"title":"Item ` + n + ` has a moderately long title","state":"open","draft":false,`)
			sb.WriteString(`"labels":[{"name":"bug","color":"d73a4a"},{"name":"ui","color":"a2eeef"}],"author":{"login":"user` + n + `","id":` + n + `}}`)
		}
		sb.WriteString(`]}`)
		roots = append(roots, template.Root{Name: "E" + strconv.Itoa(step), Value: mustJSON(b, sb.String())})
	}
	return roots
}

// benchShape builds a shape of 200 string leaves: typed splices, mixed
// text and sections, at several depths.
func benchShape() string {
	var sb strings.Builder
	sb.WriteString("{")
	for i := range 50 {
		if i > 0 {
			sb.WriteByte(',')
		}
		step := "E" + strconv.Itoa(i%5)
		item := step + ".items." + strconv.Itoa(i*2%100)
		sb.WriteString(`"k` + strconv.Itoa(i) + `":{`)
		sb.WriteString(`"number":"{{` + item + `.number}}",`)
		sb.WriteString(`"title":"#{{` + item + `.number}}: {{` + item + `.title}} by {{` + item + `.author.login}}",`)
		sb.WriteString(`"nested":{"labels":["{{` + item + `.labels}}",1,true],"count":"{{` + step + `.items.length}}"}}`)
	}
	sb.WriteString("}")
	return sb.String()
}

func BenchmarkShape(b *testing.B) {
	roots := benchRoots(b)
	size := 0
	for _, r := range roots {
		size += len(r.Value.JSON())
	}
	s, err := ParseShape(benchShape())
	if err != nil {
		b.Fatal(err)
	}
	if len(s.Leaves()) != 200 {
		b.Fatalf("%d leaves, want 200", len(s.Leaves()))
	}
	if err := s.Check(template.Scope{Roots: roots.Names()}); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.Render(roots); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(size), "roots-bytes")
}

// BenchmarkParseShape measures loading the same shape: parse and check.
func BenchmarkParseShape(b *testing.B) {
	text := benchShape()
	scope := template.Scope{Roots: []string{"input", "E0", "E1", "E2", "E3", "E4"}}
	b.ReportAllocs()
	for b.Loop() {
		s, err := ParseShape(text)
		if err != nil {
			b.Fatal(err)
		}
		if err := s.Check(scope); err != nil {
			b.Fatal(err)
		}
	}
}
