//go:build browser

package main_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/splicedev/splice/internal/browsertest"
)

// embedColdPages are docs pages served beside web/, as a docs site serves
// what it embeds: a template alone, and the same template with a plan
// before it.
var embedColdPages = map[string]string{
	"template": `<pre data-splice>{{#E1.values}}{{title}}{{^@last}}, {{/@last}}{{/E1.values}}</pre>
<script type="application/json" data-splice-roots>{"E1": {"values": [{"title": "A"}, {"title": "B"}]}}</script>`,
	"plan and template": `<pre data-splice="plan">input: {repo: octo/hello}
steps:
  - id: pr
    tool_name: github__pr_view
    input: {repo: "{{input.repo}}"}
    result: {number: 42, files: [{path: a.go}, {path: b.go}]}
  - id: lines
    over: "{{pr.files}}"
    tool_name: builtin__reshape
    input: {shape: {line: "{{item.path}}"}}
solver: "PR #{{pr.number}}: {{#lines}}{{line}}{{^@last}}, {{/@last}}{{/lines}}"</pre>
<pre data-splice>{{#E1.values}}{{title}}{{^@last}}, {{/@last}}{{/E1.values}}</pre>
<script type="application/json" data-splice-roots>{"E1": {"values": [{"title": "A"}, {"title": "B"}]}}</script>`,
}

// embedResultTimes, run before the page, notes when each block's output
// first has its result (data-ok), in the page's block order, and sets
// __ready once every block has one.
const embedResultTimes = `window.__times = [];
new MutationObserver(() => {
  const outs = document.querySelectorAll(".splice-output");
  outs.forEach((o, i) => { if (o.dataset.ok && window.__times[i] === undefined) window.__times[i] = performance.now(); });
  if (outs.length && window.__times.filter((t) => t !== undefined).length === document.querySelectorAll("pre[data-splice]").length) window.__ready = performance.now();
}).observe(document, { subtree: true, childList: true, attributes: true });`

// BenchmarkBrowserEmbedPlanColdLoad loads each page in a fresh profile and
// logs, medians over the runs, when each block's result shows (from
// navigation) and what the page fetched, with the bytes each took.
func BenchmarkBrowserEmbedPlanColdLoad(b *testing.B) {
	mux := http.NewServeMux()
	mux.Handle("/web/", browsertest.Site(b))
	for name, body := range embedColdPages {
		page := `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>Docs</title>` + body + `<script src="/web/embed.js" defer></script>`
		mux.HandleFunc("/"+strings.ReplaceAll(name, " ", "-"), func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, page)
		})
	}
	site := httptest.NewServer(mux)
	b.Cleanup(site.Close)
	for _, name := range slices.Sorted(func(yield func(string) bool) {
		for n := range embedColdPages {
			if !yield(n) {
				return
			}
		}
	}) {
		b.Run(name, func(b *testing.B) {
			var times [][]float64
			var fetched string
			for b.Loop() {
				ctx := browsertest.NewBrowser(b)
				browsertest.RunBeforeEachPage(b, ctx, embedResultTimes)
				browsertest.Navigate(b, ctx, site.URL+"/"+strings.ReplaceAll(name, " ", "-"))
				browsertest.WaitJS(b, ctx, `window.__ready !== undefined`)
				times = append(times, browsertest.EvalJS[[]float64](b, ctx, `window.__times`))
				fetched = strings.Join(browsertest.EvalJS[[]string](b, ctx,
					`performance.getEntriesByType("resource").map((e) => e.name.replace(/^.*\//, "") + " " + e.encodedBodySize)`), ", ")
			}
			var line []string
			for i := range times[0] {
				var ds []time.Duration
				for _, run := range times {
					ds = append(ds, time.Duration(run[i]*float64(time.Millisecond)))
				}
				slices.Sort(ds)
				line = append(line, fmt.Sprintf("block %d %v", i+1, browsertest.Percentile(ds, 50).Round(time.Millisecond)))
			}
			b.Logf("%s, %d cold loads: results at (median) %s; fetched %s (bytes as sent)", name, len(times), strings.Join(line, ", "), fetched)
		})
	}
}
