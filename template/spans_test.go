package template

import (
	"slices"
	"testing"
)

func TestSpans(t *testing.T) {
	type span struct {
		kind       spanKind
		start, end int
		path       string
	}
	tests := []struct {
		src  string
		want []span
	}{
		{"{{ E0.a }}", []span{{spanRoot, 0, 10, "E0.a"}}},
		{"no tags }} here", nil},
		{"{{#E0.v}}{{name}}{{.}}{{@index}}{{E0.n}}{{/E0.v}}", []span{
			{spanSection, 0, 9, "E0.v"}, {spanKey, 9, 17, "name"}, {spanDot, 17, 22, "."},
			{spanLoopVar, 22, 32, "@index"}, {spanRoot, 32, 40, "E0.n"}, {spanClose, 40, 49, "E0.v"}}},
		// A top-level inverted section opens no scope: its bare keys are roots.
		{"{{^E0.v}}{{name}}{{/E0.v}}", []span{
			{spanInverted, 0, 9, "E0.v"}, {spanRoot, 9, 17, "name"}, {spanClose, 17, 26, "E0.v"}}},
		// Inside a section, an inverted section keeps the item scope.
		{"{{#E0.v}}{{^x}}{{name}}{{/x}}{{/E0.v}}", []span{
			{spanSection, 0, 9, "E0.v"}, {spanInverted, 9, 15, "x"}, {spanKey, 15, 23, "name"},
			{spanClose, 23, 29, "x"}, {spanClose, 29, 38, "E0.v"}}},
		// A section on a loop variable does not open a scope of its own.
		{"{{#E0.v}}{{#@first}}{{name}}{{/@first}}{{/E0.v}}", []span{
			{spanSection, 0, 9, "E0.v"}, {spanSection, 9, 20, "@first"}, {spanKey, 20, 28, "name"},
			{spanClose, 28, 39, "@first"}, {spanClose, 39, 48, "E0.v"}}},
		// A dotted path inside a section stays root-anchored; after the close, bare keys are roots again.
		{"{{#E0.v}}{{lead.name}}{{/E0.v}}{{name}}", []span{
			{spanSection, 0, 9, "E0.v"}, {spanRoot, 9, 22, "lead.name"},
			{spanClose, 22, 31, "E0.v"}, {spanRoot, 31, 39, "name"}}},
		{"é{{ E0.a }}", []span{{spanRoot, 2, 12, "E0.a"}}},
	}
	for _, tt := range tests {
		var got []span
		for _, s := range Analyze(tt.src).Spans {
			got = append(got, span{s.Kind, s.Start, s.End, s.Path})
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("Spans(%q)\n got %v\nwant %v", tt.src, got, tt.want)
		}
	}
}

func TestSpansOfBrokenTemplates(t *testing.T) {
	tests := []struct {
		src   string
		kinds []spanKind
	}{
		{"{{E0.a}} {{! note }} {{#E0.v}}{{name}}{{/E0.v}}", []spanKind{
			spanRoot, spanInvalid, spanSection, spanKey, spanClose}},
		{"{{a..b}} {{E0.c}}", []spanKind{spanInvalid, spanRoot}},
		{"{{#E0.v}}{{@nope}}{{x}}", []spanKind{spanSection, spanInvalid, spanKey}},
		{"{{E0.a}} {{E0.b", []spanKind{spanRoot, spanInvalid}},
		{"{{}}{{ }}", []spanKind{spanInvalid, spanInvalid}},
	}
	for _, tt := range tests {
		spans := Analyze(tt.src).Spans
		var kinds []spanKind
		for _, s := range spans {
			kinds = append(kinds, s.Kind)
		}
		if !slices.Equal(kinds, tt.kinds) {
			t.Errorf("Spans(%q) kinds %v, want %v", tt.src, kinds, tt.kinds)
		}
	}
	names := map[spanKind]string{spanRoot: "root", spanKey: "key", spanLoopVar: "loopvar",
		spanDot: "dot", spanSection: "section", spanInverted: "inverted",
		spanClose: "close", spanInvalid: "invalid"}
	for k, name := range names {
		if k.String() != name {
			t.Errorf("spanKind %d prints %q, want %q", k, k.String(), name)
		}
	}
}
