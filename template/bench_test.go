package template_test

import (
	"bytes"
	"encoding/json"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	texttemplate "text/template"
	"time"

	"github.com/cbroglie/mustache"

	"github.com/splicedev/splice/template"
)

// renderCase is one template written for each engine, with equal output.
type renderCase struct {
	name     string
	splice   string
	mustache string
	text     string
	// trim is a separator mustache leaves at the end: it has no loop
	// variables, so it cannot write the comma idiom.
	trim string
}

var renderCases = []renderCase{
	{
		name:     "typed",
		splice:   "{{E1.number}}",
		mustache: "{{E1.number}}",
		text:     "{{.E1.number}}",
	},
	{
		name:     "mixed",
		splice:   "PR #{{E1.number}} {{E1.title}} by {{E1.user.login}} ({{E1.state}}) into {{E1.base.ref}}",
		mustache: "PR #{{E1.number}} {{E1.title}} by {{E1.user.login}} ({{E1.state}}) into {{E1.base.ref}}",
		text:     "PR #{{.E1.number}} {{.E1.title}} by {{.E1.user.login}} ({{.E1.state}}) into {{.E1.base.ref}}",
	},
	{
		name:     "section",
		splice:   "{{#E1.values}}{{title}} ({{state}}){{^@last}}, {{/@last}}{{/E1.values}}",
		mustache: "{{#E1.values}}{{title}} ({{state}}), {{/E1.values}}",
		text:     "{{range $i, $v := .E1.values}}{{if $i}}, {{end}}{{$v.title}} ({{$v.state}}){{end}}",
		trim:     ", ",
	},
}

// benchData is the pull request of testdata/bench/pr.json in each engine's
// model: ordered roots for splice, maps (numbers as json.Number) for the others.
func benchData(b *testing.B) (template.Roots, map[string]any) {
	data, err := os.ReadFile("testdata/bench/pr.json")
	if err != nil {
		b.Fatal(err)
	}
	pr, err := template.ParseJSON(data)
	if err != nil {
		b.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var prMap any
	if err := dec.Decode(&prMap); err != nil {
		b.Fatal(err)
	}
	roots := template.Roots{{Name: "input", Value: template.ObjectValue(nil)}, {Name: "E1", Value: pr}}
	return roots, map[string]any{"input": map[string]any{}, "E1": prMap}
}

func BenchmarkRender(b *testing.B) {
	roots, model := benchData(b)
	for _, c := range renderCases {
		spliceTmpl, err := template.Parse(c.splice)
		if err != nil {
			b.Fatal(err)
		}
		// Raw: splice never HTML-escapes, so neither may mustache.
		mustacheTmpl, err := mustache.ParseStringRaw(c.mustache, true)
		if err != nil {
			b.Fatal(err)
		}
		textTmpl, err := texttemplate.New(c.name).Option("missingkey=error").Parse(c.text)
		if err != nil {
			b.Fatal(err)
		}

		renderSplice := func() (string, error) {
			v, err := spliceTmpl.Render(roots)
			return v.Text(), err
		}
		renderMustache := func() (string, error) {
			s, err := mustacheTmpl.Render(model)
			return strings.TrimSuffix(s, c.trim), err
		}
		var buf strings.Builder
		renderText := func() (string, error) {
			buf.Reset()
			err := textTmpl.Execute(&buf, model)
			return buf.String(), err
		}

		want, err := renderSplice()
		if err != nil {
			b.Fatalf("%s: splice: %v", c.name, err)
		}
		for name, render := range map[string]func() (string, error){"mustache": renderMustache, "text_template": renderText} {
			if got, err := render(); err != nil || got != want {
				b.Fatalf("%s: %s renders %q (%v), splice renders %q", c.name, name, got, err, want)
			}
		}

		b.Run(c.name+"/splice", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := spliceTmpl.Render(roots); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(c.name+"/mustache", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := renderMustache(); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(c.name+"/text_template", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := renderText(); err != nil {
					b.Fatal(err)
				}
			}
		})
		// The engines measured in turns within one loop, so that a busy
		// machine slows them alike: the ratios are what to compare.
		b.Run(c.name+"/versus", func(b *testing.B) {
			var tSplice, tMustache, tText time.Duration
			for b.Loop() {
				t0 := time.Now()
				if _, err := spliceTmpl.Render(roots); err != nil {
					b.Fatal(err)
				}
				t1 := time.Now()
				if _, err := renderMustache(); err != nil {
					b.Fatal(err)
				}
				t2 := time.Now()
				if _, err := renderText(); err != nil {
					b.Fatal(err)
				}
				tSplice, tMustache, tText = tSplice+t1.Sub(t0), tMustache+t2.Sub(t1), tText+time.Since(t2)
			}
			b.ReportMetric(float64(tSplice.Nanoseconds())/float64(b.N), "splice-ns/op")
			b.ReportMetric(float64(tMustache)/float64(tSplice), "x-mustache")
			b.ReportMetric(float64(tText)/float64(tSplice), "x-text_template")
		})
	}
}

// decodeDocument builds a deterministic JSON document of about size bytes:
// pull requests with strings (some escaped), numbers of every form, nesting.
func decodeDocument(size int) []byte {
	var b bytes.Buffer
	b.WriteString(`{"total_count":0,"items":[`)
	for i := 0; b.Len() < size; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		n := strconv.Itoa(i)
		b.WriteString(`{"number":` + n + `,"title":"Fix \"item\" ` + n + ` \u00e9\n","state":"open",` +
			`"score":` + n + `.50,"ratio":-1.25e-3,"big":1234567890123456789` + n[len(n)-1:] + `,` +
			`"draft":false,"merged_at":null,"user":{"login":"user` + n + `","id":` + n + `,"site_admin":false},` +
			`"labels":[{"name":"bug","color":"d73a4a"},{"name":"ui","color":"a2eeef"}],` +
			`"body":"Plain text body without escapes, long enough to matter for the copy.",` +
			`"files":["a/b.go","c/d_test.go"]}`)
	}
	b.WriteString(`]}`)
	return b.Bytes()
}

func BenchmarkDecode(b *testing.B) {
	data := decodeDocument(1 << 20)
	if _, err := template.ParseJSON(data); err != nil {
		b.Fatal(err)
	}
	decodeSplice := func() error {
		_, err := template.ParseJSON(data)
		return err
	}
	decodeStd := func() error {
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.UseNumber()
		var v map[string]any
		return dec.Decode(&v)
	}
	for _, c := range []struct {
		name   string
		decode func() error
	}{{"splice", decodeSplice}, {"encoding_json", decodeStd}} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			for b.Loop() {
				if err := c.decode(); err != nil {
					b.Fatal(err)
				}
			}
			runtime.ReadMemStats(&after)
			b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/float64(b.N)/float64(len(data)), "B/inbyte")
		})
	}
	// On a busy machine the two decoders can see different loads when
	// measured one after the other; alternating them in one loop compares
	// them under the same load.
	b.Run("versus", func(b *testing.B) {
		var tSplice, tStd time.Duration
		for b.Loop() {
			start := time.Now()
			if err := decodeSplice(); err != nil {
				b.Fatal(err)
			}
			mid := time.Now()
			if err := decodeStd(); err != nil {
				b.Fatal(err)
			}
			tSplice += mid.Sub(start)
			tStd += time.Since(mid)
		}
		b.ReportMetric(float64(tSplice.Nanoseconds())/float64(b.N), "splice-ns/op")
		b.ReportMetric(float64(tStd.Nanoseconds())/float64(b.N), "encoding_json-ns/op")
		b.ReportMetric(float64(tStd)/float64(tSplice), "x-faster")
	})
}
