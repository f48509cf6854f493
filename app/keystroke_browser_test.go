//go:build browser

package app_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/splicedev/splice/internal/benchdata"
	"github.com/splicedev/splice/internal/browsertest"
	"github.com/splicedev/splice/internal/examples"
	"github.com/splicedev/splice/internal/playground"
)

// keystrokes is how many keys each keystroke benchmark types, one every
// keyInterval: a fast typist's pace, slow enough that each key's output
// is painted before the next.
// caretSettle: the pause between placing the caret and the first key, in
// which what the caret's move draws (the editor scrolled to it, in a plan
// the step it enters selected) is drawn, as it is before a person's first
// key: the keys time typing alone.
const (
	keystrokes  = 60
	keyInterval = 150 * time.Millisecond
	caretSettle = 500 * time.Millisecond
)

// latencyProbe records two measures for every key typed. __latencies: the
// time from the key's keydown (its timestamp, taken when the key arrived)
// to the first painted frame showing a change of what %s selects (the
// output pane): the
// frame after the change, measured once it is painted (a message posted
// from requestAnimationFrame runs after the paint). __events: the Event
// Timing durations of the key events (keydown, keypress, keyup), the time
// from the key's arrival to the next paint after its handlers ran; the
// browser reports only those of 16 ms or more, so __keyEvents counts them
// all and the rest are under 16 ms.
const latencyProbe = `(() => {
  window.__latencies = [];
  window.__events = [];
  window.__keyEvents = 0;
  let down = 0;
  for (const type of ["keydown", "keypress", "keyup"]) {
    document.addEventListener(type, () => { window.__keyEvents++; }, true);
  }
  document.addEventListener("keydown", (e) => { down = e.timeStamp; }, true);
  new MutationObserver(() => {
    if (!down) return;
    const from = down;
    down = 0;
    requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => window.__latencies.push(performance.now() - from);
      ch.port2.postMessage(0);
    });
  }).observe(document.querySelector(%s), {subtree: true, childList: true, characterData: true, attributes: true});
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.name === "keydown" || e.name === "keypress" || e.name === "keyup") window.__events.push(e.duration);
    }
  }).observe({type: "event", durationThreshold: 16});
  return true;
})()`

// typeKey types a letter as a keyboard does: one key down that carries its
// text, so that keydown, keypress and input happen in one task (chromedp's
// KeyEvent sends the text in a second message, milliseconds later).
func typeKey(t testing.TB, ctx context.Context, r rune) {
	t.Helper()
	key := string(r)
	code := int64(unicode.ToUpper(r))
	for _, typ := range []input.DispatchKeyEventType{input.DispatchKeyEventTypeKeyDown, input.DispatchKeyEventTypeKeyUp} {
		p := input.DispatchKeyEventParams{Type: typ, Key: key, Code: "Key" + strings.ToUpper(key), WindowsVirtualKeyCode: code, NativeVirtualKeyCode: code}
		if typ == input.DispatchKeyEventTypeKeyDown {
			p.Text, p.UnmodifiedText = key, key
		}
		if _, err := chromedp.Call(ctx, input.DispatchKeyEvent, p); err != nil {
			t.Fatalf("typing %q: %v", r, err)
		}
	}
}

// bigRoot returns a step result of about size bytes: the default example's
// issues and a long history the template never reads.
func bigRoot(size int) string {
	var b strings.Builder
	b.WriteString(`{"issues": [{"number": 101, "title": "Crash on empty plan", "state": "open"}], "history": [`)
	for i := 0; b.Len() < size; i++ {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, `{"id": %d, "event": "labeled", "actor": {"login": "user%d"}, "labels": ["bug", "p%d"], "at": "2025-01-%02dT10:00:00Z"}`, i, i%97, i%4, 1+i%28)
	}
	b.WriteString("]}")
	return b.String()
}

// BenchmarkBrowserKeystroke types into the playground and reports, per
// case, the median and p95 time from keydown to the first painted frame
// with the new output, and the p95 Event Timing duration of the key events
// (0 when under the 16 ms the browser reports from). The cases: the
// template of the default example; the same with a 750 KB E0 root open in
// its editor; typing inside that root, in a title the template shows; and
// typing in a leaf of a 30-step plan with 200 KB of samples (the output
// shows the step typed in, whose readers render again); and typing in a
// plain YAML scalar of the same plan, a number in a step's sample (the
// output shows that step's result); and typing in the body of a map over
// some 190 items of a 30-step plan with 200 KB of block-style samples,
// which later steps and the solver read (benchdata.MapPlan).
// Each has a peer measured in the same run: the editor bundle alone on a
// page, holding the same text, with nothing behind it (its latency is to
// the painted frame with the typed character): what CodeMirror costs by
// itself here. -benchtime Nx types the keys N times, each run in a fresh
// browser, and gives the median and p95 of all of them: one run's p95
// (the third highest of 60 keys) moves by several milliseconds from one
// run to the next.
func BenchmarkBrowserKeystroke(b *testing.B) {
	base := browsertest.StartServer(b)
	big := bigRoot(750 << 10)
	template := examples.Default.Open().Template
	title := strings.Index(big, "Crash on empty plan") + len("Crash")
	planText, planAt := benchdata.Plan(200 << 10)
	mapText, mapAt := benchdata.MapPlan(200 << 10)
	cases := []struct {
		name   string
		plan   string // a plan to open in plan mode, when set
		e0     string // replaces E0's text, when set
		editor string // where the keys go
		at     int    // the caret's UTF-16 offset there, -1 for the end
		peer   string // the text of the editor alone, and its syntax
		syntax string
	}{
		{"template", "", "", "editor", -1, template, "text"},
		{"template-750KB-root-open", "", big, "editor", -1, template, "text"},
		{"inside-750KB-root", "", big, "root-editor", title, big, "json"},
		{"plan-30-steps-200KB", planText, "", "editor", planAt, planText, "yaml"},
		{"plan-30-steps-200KB-plain-scalar", planText, "", "editor", strings.Index(planText, `{"number": 0`) + len(`{"number": 0`), planText, "yaml"},
		{"plan-map-body-200KB-block-yaml", mapText, "", "editor", mapAt, mapText, "yaml"},
	}
	for _, c := range cases {
		for _, peer := range []bool{false, true} {
			name := c.name
			if peer {
				name += "/codemirror-alone"
			}
			b.Run(name, func(b *testing.B) {
				ctx := browsertest.NewBrowser(b)
				editor, watch := byTestID(c.editor), `".pane-output"`
				var latencies, events []time.Duration
				keyEvents := 0
				open := func() {
					if c.plan != "" {
						browsertest.Navigate(b, ctx, linkTo(base, planState(c.plan)))
						waitAppReady(b, ctx)
						browsertest.WaitJS(b, ctx, byTestID("editor")+`?.value.length === `+fmt.Sprint(len(c.plan)))
					} else {
						openForTyping(b, ctx, base, c.e0)
					}
				}
				var box []float64 // the size the page gives the editor, for the editor alone
				for run := 0; b.Loop(); run++ {
					b.StopTimer()
					if run > 0 { // each run as the first: nothing saved, nothing compiled
						browsertest.Navigate(b, ctx, "about:blank") // the last run's page, idle
						ctx = browsertest.NewBrowser(b)
					}
					if !peer {
						open()
					} else {
						if box == nil {
							open()
							box = browsertest.EvalJS[[]float64](b, ctx, `(() => { const r = `+editor+`.getBoundingClientRect(); return [r.width, r.height] })()`)
							// A browser of its own: none of the editor's code
							// compiled for the page before.
							ctx = browsertest.NewBrowser(b)
						}
						browsertest.Navigate(b, ctx, browsertest.ServePage(b, editorAlone(base, c.peer, c.syntax, box[0], box[1])))
						browsertest.WaitJS(b, ctx, `document.querySelector(".cm-content") !== null`)
						editor, watch = `document.getElementById("host")`, `".cm-content"`
					}
					browsertest.EvalJS[bool](b, ctx, fmt.Sprintf(latencyProbe, watch))
					browsertest.EvalJS[bool](b, ctx, fmt.Sprintf(`(() => { const el = %s; el.focus();
  const at = %d < 0 ? el.value.length : %d; el.setSelectionRange(at, at); return true })()`, editor, c.at, c.at))
					browsertest.Pause(ctx, caretSettle)
					b.StartTimer()
					// A key every keyInterval, with nothing asked of the page
					// in between: polling it would take its main thread.
					for i := range keystrokes {
						typeKey(b, ctx, rune('a'+i%26))
						browsertest.Pause(ctx, keyInterval)
					}
					b.StopTimer()
					browsertest.Pause(ctx, 200*time.Millisecond) // the last events' timings
					// Every key changed what is watched, once.
					browsertest.WaitJS(b, ctx, fmt.Sprintf(`window.__latencies.length === %d`, keystrokes))
					for _, ms := range browsertest.EvalJS[[]float64](b, ctx, `window.__latencies`) {
						latencies = append(latencies, time.Duration(ms*float64(time.Millisecond)))
					}
					for _, ms := range browsertest.EvalJS[[]float64](b, ctx, `window.__events`) {
						events = append(events, time.Duration(ms*float64(time.Millisecond)))
					}
					keyEvents += browsertest.EvalJS[int](b, ctx, `window.__keyEvents`)
					b.StartTimer()
				}
				slices.Sort(latencies)
				median, p95 := browsertest.Percentile(latencies, 50), browsertest.Percentile(latencies, 95)
				// The events under 16 ms are not reported: they count as 0.
				all := append(make([]time.Duration, max(keyEvents-len(events), 0)), events...)
				slices.Sort(all)
				eventP95 := browsertest.Percentile(all, 95)
				b.ReportMetric(float64(median.Microseconds())/1000, "median-ms")
				b.ReportMetric(float64(p95.Microseconds())/1000, "p95-ms")
				b.ReportMetric(float64(eventP95.Microseconds())/1000, "event-p95-ms")
				b.Logf("%s, %d keys: keydown to painted frame median %v, p95 %v; key events: %d of %d took 16 ms or more, p95 %v",
					name, len(latencies), median.Round(100*time.Microsecond), p95.Round(100*time.Microsecond), len(events), keyEvents, eventP95)
			})
		}
	}
}

// editorAlone is a page with the editor bundle of the site at base and one
// editor holding text, which nothing evaluates, styled by the site's
// stylesheet and as large as the page's (width × height px): it scrolls
// as the page's does.
func editorAlone(base, text, syntax string, width, height float64) string {
	return `<!doctype html><title>editor</title><link rel="stylesheet" href="` + base + `/web/app.css">
<div class="app"><div class="editor" id="host" style="width: ` + fmt.Sprint(width) + `px; height: ` + fmt.Sprint(height) + `px"></div></div>
<script src="` + base + `/web/editor.js"></script>
<script>spliceEditor.create(document.getElementById("host"), {target: "peer", doc: ` + jsString(text) + `, syntax: "` + syntax + `",
  label: "editor", tags: false, changes: 65536, onChange() {}, complete() { return "" }, hover() { return "" }});</script>`
}

// openForTyping opens the default example, with e0 as E0's text when set,
// in its editor.
func openForTyping(b testing.TB, ctx context.Context, base, e0 string) {
	browsertest.Navigate(b, ctx, base+"/")
	waitAppReady(b, ctx)
	s := examples.Default.Open()
	waitOutput(b, ctx, playground.NewSession(s).Out.Result.JSON)
	if e0 == "" {
		return
	}
	browsertest.EvalJS[bool](b, ctx, `(() => { document.querySelector('[data-testid="root-tab"][data-name="E0"]').click(); return true })()`)
	browsertest.WaitJS(b, ctx, `document.querySelector('[data-testid="root-tab"][data-name="E0"]').getAttribute("aria-selected") === "true"`)
	browsertest.EvalJS[bool](b, ctx, `(() => { const el = `+byTestID("root-editor")+`;
  el.value = `+jsString(e0)+`; el.dispatchEvent(new Event("input", {bubbles: true})); return true })()`)
	browsertest.WaitJS(b, ctx, `document.querySelector(".status-ok") !== null && `+byTestID("root-editor")+`.value.length === `+fmt.Sprint(len(e0)))
	s.Roots[s.RootIndex("E0")].Text = e0
	waitOutput(b, ctx, playground.NewSession(s).Out.Result.JSON)
}
