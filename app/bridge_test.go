package app

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/splicedev/splice/internal/display"
	"github.com/splicedev/splice/internal/playground"
	"github.com/splicedev/splice/internal/playground/evaluate"
	"github.com/splicedev/splice/template"
)

// TestBridgeMessagesAreJSON checks the messages written for the editor
// bridge by hand against what encoding/json makes of the same fields:
// texts with quotes, control characters, bytes that are not UTF-8 and
// characters past the BMP (whose offsets the bridge counts in UTF-16).
func TestBridgeMessagesAreJSON(t *testing.T) {
	text := "Ünïcode 😀 {{E1.title}} \"q\" {{#E1.items}}{{name}}{{/E1.items}} {{E2.x}}"
	spans := template.Analyze(text).Spans
	if len(spans) < 4 {
		t.Fatalf("want the tags' spans, got %d", len(spans))
	}
	problems := make([]evaluate.Problem, 2)
	problems[0].Kind, problems[0].Msg, problems[0].Pos, problems[0].End, problems[0].SegStart, problems[0].SegEnd =
		template.ScopeError, "no root \"E2\"\n\ttab \x01 \xff <b>&</b>", template.Pos{Offset: 60}, 68, -1, -1
	problems[1].Kind, problems[1].Msg, problems[1].Pos, problems[1].End, problems[1].SegStart, problems[1].SegEnd =
		template.EmptyData, "nothing 😀", template.Pos{Offset: 12}, 24, 15, 17
	offsets := func(offs ...int) []int {
		playground.UTF16Offsets(text, offs)
		return offs
	}

	type problem struct {
		From     int    `json:"from"`
		To       int    `json:"to"`
		Severity string `json:"severity"`
		Message  string `json:"message"`
	}
	marks := struct {
		Tags     []any     `json:"tags"`
		Problems []problem `json:"problems"`
	}{Tags: []any{}, Problems: []problem{}}
	for _, s := range spans {
		o := offsets(s.Start, s.End)
		marks.Tags = append(marks.Tags, o[0], o[1], "tk tk-"+s.Kind.String())
	}
	for _, p := range problems {
		o := offsets(p.Pos.Offset, p.End)
		severity := "error"
		if p.SegEnd > p.SegStart && p.SegStart >= 0 {
			o = offsets(p.SegStart, p.SegEnd)
		}
		if !p.Failure() {
			severity = "warning"
		}
		marks.Problems = append(marks.Problems, problem{o[0], o[1], severity, p.Label() + ": " + p.Msg})
	}
	sameJSON(t, "marks", editorMarks(text, spans, problems), marks)
	sameJSON(t, "no marks", editorMarks(text, nil, nil), struct {
		Tags     []any     `json:"tags"`
		Problems []problem `json:"problems"`
	}{[]any{}, []problem{}})

	c := template.Completion{From: 20, To: 24, Items: []template.Candidate{
		{Label: "title", Type: "string"}, {Label: "we\"ird 😀\x02", Kind: 1}, {Label: "\xfe"},
	}}
	type option struct {
		Label  string `json:"label"`
		Type   string `json:"type"`
		Detail string `json:"jsonType,omitempty"`
	}
	completion := struct {
		From    int      `json:"from"`
		To      int      `json:"to"`
		Options []option `json:"options"`
	}{From: c.From, To: c.To, Options: []option{}}
	for _, it := range c.Items {
		completion.Options = append(completion.Options, option{it.Label, it.Kind.String(), it.Type})
	}
	sameJSON(t, "completion", completionJSON(c), completion)
	for _, h := range []display.Hover{{Range: [2]int{12, 24}, Text: "\"x\" 😀 \x00\xff"}, {Range: [2]int{60, 68}, Text: "no root", Failed: true}} {
		sameJSON(t, "hover", hoverJSON(h), struct {
			From  int    `json:"from"`
			To    int    `json:"to"`
			Text  string `json:"text"`
			Error bool   `json:"error"`
		}{h.Range[0], h.Range[1], h.Text, h.Failed})
	}
	sameJSON(t, "no completion", completionJSON(template.Completion{}), struct {
		From    int      `json:"from"`
		To      int      `json:"to"`
		Options []option `json:"options"`
	}{Options: []option{}})
}

// sameJSON fails unless got is JSON and decodes as want's JSON does.
func sameJSON(t *testing.T, what, got string, want any) {
	t.Helper()
	w, err := json.Marshal(want)
	if err != nil {
		t.Fatal(err)
	}
	var g, wv any
	if err := json.Unmarshal([]byte(got), &g); err != nil {
		t.Fatalf("%s: %v in %s", what, err, got)
	}
	json.Unmarshal(w, &wv)
	if !reflect.DeepEqual(g, wv) {
		t.Errorf("%s:\n got %s\nwant %s", what, got, w)
	}
}
