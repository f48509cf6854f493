package template

import (
	"strings"
	"testing"
)

// itemsString prints items compactly: type names and values.
func itemsString(items []item) string {
	names := map[itemType]string{
		itemError: "error", itemEOF: "EOF", itemText: "text", itemOpen: "{{", itemSection: "#",
		itemInverted: "^", itemClose: "/", itemPath: "path", itemDot: "dot", itemLoopVar: "loopvar", itemRightDelim: "}}",
	}
	var b strings.Builder
	for i, it := range items {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(names[it.typ])
		switch it.typ {
		case itemText, itemPath, itemLoopVar:
			b.WriteString("(" + it.val + ")")
		case itemError:
			b.WriteString("@" + string(rune('0'+it.pos)))
		}
	}
	return b.String()
}

func TestLex(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"empty", "", "EOF"},
		{"text", "hello", "text(hello) EOF"},
		{"lone close braces are text", "a }} b", "text(a }} b) EOF"},
		{"variable", "{{E0.id}}", "{{ path(E0.id) }} EOF"},
		{"spaces inside braces", "{{ E0.id }}", "{{ path(E0.id) }} EOF"},
		{"section", "{{#a}}x{{/a}}", "{{ # path(a) }} text(x) {{ / path(a) }} EOF"},
		{"space after sigil", "{{# a }}{{^ b }}", "{{ # path(a) }} {{ ^ path(b) }} EOF"},
		{"dot", "{{.}}", "{{ dot }} EOF"},
		{"loop variable", "{{@index}}", "{{ loopvar(@index) }} EOF"},
		{"unicode segments", "{{É.ñ1_-}}", "{{ path(É.ñ1_-) }} EOF"},
		{"text around tags", "a{{b}}c", "text(a) {{ path(b) }} text(c) EOF"},
		{"comment", "{{! hi }}x", "error@0 text(x) EOF"},
		{"triple mustache swallows the third brace", "{{{a}}}x", "error@0 text(x) EOF"},
		{"unclosed tag resumes at the next tag", "{{a {{b}}", "error@0 {{ path(b) }} EOF"},
		{"unclosed at end", "x{{a", "text(x) error@1 EOF"},
		{"function call", "{{upper name}}", "error@0 EOF"},
		{"empty tag", "{{}}", "{{ }} EOF"},
		{"empty segments are the parser's", "{{a..b}}", "{{ path(a..b) }} EOF"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := itemsString(lex(tt.src)); got != tt.want {
				t.Errorf("lex(%q)\n got %s\nwant %s", tt.src, got, tt.want)
			}
		})
	}
}

func TestLexLinearOnUnclosedTags(t *testing.T) {
	// Every "{{" is unclosed; each must be scanned only up to the next one.
	src := strings.Repeat("{{", 200_000)
	items := lex(src)
	if got := len(items); got != 200_001 {
		t.Fatalf("got %d items, want one error per tag and EOF", got)
	}
}
