package playground

import (
	"strings"
	"testing"

	"github.com/splicedev/splice/template"
)

func TestHighlight(t *testing.T) {
	tests := []struct {
		src   string
		Marks [][2]int
		want  string // each segment as class:text, joined by |
	}{
		{"plain", nil, ":plain"},
		{"a {{E0.x}} b", nil, ":a |tk tk-root:{{E0.x}}|: b"},
		{"{{#E0.v}}{{k}}{{@index}}{{.}}{{/E0.v}}{{^E0.v}}-{{/E0.v}}", nil,
			"tk tk-section:{{#E0.v}}|tk tk-key:{{k}}|tk tk-loopvar:{{@index}}|tk tk-dot:{{.}}|tk tk-close:{{/E0.v}}" +
				"|tk tk-inverted:{{^E0.v}}|:-|tk tk-close:{{/E0.v}}"},
		{"x {{E0.a}}", [][2]int{{2, 10}}, ":x |tk tk-root tk-err:{{E0.a}}"},
		{"ab {{#if x}}", [][2]int{{3, 12}}, ":ab |tk tk-invalid tk-err:{{#if x}}"},
		{"ab {{", [][2]int{{3, 5}}, ":ab |tk tk-invalid tk-err:{{"},
		{"é{{E0}}", [][2]int{{0, 2}}, "tk-err:é|tk tk-root:{{E0}}"},
	}
	for _, tt := range tests {
		segs := Highlight(tt.src, template.Analyze(tt.src).Spans, tt.Marks)
		var parts []string
		var text strings.Builder
		for _, s := range segs {
			parts = append(parts, s.Class+":"+s.Text)
			text.WriteString(s.Text)
		}
		if got := strings.Join(parts, "|"); got != tt.want {
			t.Errorf("highlight(%q)\n got %s\nwant %s", tt.src, got, tt.want)
		}
		if text.String() != tt.src {
			t.Errorf("highlight(%q) lost text: %q", tt.src, text.String())
		}
	}
}

func TestHighlightIgnoresMarksOutOfRange(t *testing.T) {
	src := "{{E0}}"
	segs := Highlight(src, template.Analyze(src).Spans, [][2]int{{4, 40}, {-3, 1}})
	var text strings.Builder
	for _, s := range segs {
		text.WriteString(s.Text)
	}
	if text.String() != src {
		t.Errorf("text = %q", text.String())
	}
}
