package display

import (
	"strings"
	"testing"

	"github.com/splicedev/splice/template"
)

func TestPreview(t *testing.T) {
	long := strings.Repeat("é", 200)
	tests := []struct {
		json string
		want string
	}{
		{`[1,2]`, `[1,2]`},
		{`{"a":"<b>"}`, `{"a":"<b>"}`},
		{`"` + long + `"`, `"` + strings.Repeat("é", 59) + "…"},
	}
	for _, tt := range tests {
		v, err := template.ParseJSONString(tt.json)
		if err != nil {
			t.Fatal(err)
		}
		if got := preview(v, 120); got != tt.want {
			t.Errorf("preview(%s) = %q, want %q", tt.json, got, tt.want)
		}
	}
	big, _ := template.ParseJSONString("[" + strings.TrimSuffix(strings.Repeat(`{"k":"vvvvvvvvvv"},`, 10000), ",") + "]")
	if got := preview(big, 120); len(got) > 140 || !strings.HasSuffix(got, "…") {
		t.Errorf("preview of a large value = %q", got)
	}
}

// TestShapePartialResult: a shape with failing leaves shows what rendered,
// each failing leaf null and marked with its problem, at the same document
// positions in problems and trace.
