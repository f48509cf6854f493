//go:build !splice_lite

package reshape

import (
	"strings"
	"testing"
)

func TestCommentHidingATag(t *testing.T) {
	text := "title: PR #{{fetch_pr.number}}  \nbody: \"ok #{{fetch_pr.body}}\"\nnote: plain # a comment\nlist:\n  - a #{{x}}\n"
	s, err := ParseShape(text)
	if err != nil {
		t.Fatal(err)
	}
	ws := s.Warnings()
	if len(ws) != 2 {
		t.Fatalf("warnings: %v, want the title's and the list item's", ws)
	}
	w := ws[0]
	if w.At != "/title" || w.Pos.Line != 1 || w.Pos.Column != 11 || !strings.Contains(w.Msg, `the value is "PR"`) {
		t.Errorf("warning %+v", w)
	}
	fixed := text[:w.From] + w.Fix + text[w.To:]
	s, err = ParseShape(fixed)
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := s.Value().Lookup("title"); v.Str() != "PR #{{fetch_pr.number}}" || len(s.Warnings()) != 1 {
		t.Errorf("after the fix: title %q, %d warnings left", v.Str(), len(s.Warnings()))
	}
	if ws[1].At != "/list/0" || ws[1].Pos.Line != 5 {
		t.Errorf("the list item's warning: %+v", ws[1])
	}
	tool, err := LoadTool([]byte("name: t\nkind: reshape\nshape:\n  a: x #{{input.y}}\n"))
	if err != nil || len(tool.Warnings) != 1 || tool.Warnings[0].At != "/shape/a" {
		t.Errorf("a tool's warnings: %v, %v", tool, err)
	}
}

func TestUnquotedTemplate(t *testing.T) {
	_, err := ParseShape("a: 1\npr: {{fetch_pr.number}}\n")
	list := Errors(err)
	if len(list) != 1 || list[0].Pos.Line != 2 || list[0].Pos.Column != 5 || list[0].End != len("a: 1\npr: {{fetch_pr.number}}") ||
		!strings.Contains(list[0].Msg, `quote the template: "{{fetch_pr.number}}"`) {
		t.Errorf("%v (end %d)", err, list[0].End)
	}
	// A flow mapping used as a key, with no template in sight, keeps the
	// parser's word.
	_, err = ParseShape("x: 1\n? {a: 1}\n: 2\n")
	if !strings.Contains(err.Error(), "a mapping key must be a scalar") {
		t.Errorf("%v", err)
	}
}
