package template

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// treeString prints a tree with node types, for comparing shapes of trees.
func treeString(l *listNode) string {
	var b strings.Builder
	var walk func(l *listNode)
	walk = func(l *listNode) {
		for _, n := range l.Nodes {
			switch n := n.(type) {
			case *textNode:
				b.WriteString("T(" + n.Text + ")")
			case *variableNode:
				b.WriteString([]string{"R", "K", "D", "L"}[n.Path.Kind] + "(" + n.Path.Text + ")")
			case *sectionNode:
				sigil := "#"
				if n.Inverted {
					sigil = "^"
				}
				b.WriteString(sigil + [...]string{"R", "K", "D", "L"}[n.Path.Kind] + "(" + n.Path.Text + ")[")
				walk(n.Body)
				b.WriteString("]")
			}
		}
	}
	walk(l)
	return b.String()
}

func TestParse(t *testing.T) {
	tests := []struct {
		name, src, tree string
	}{
		{"text", "plain", "T(plain)"},
		{"root path", "{{E0.a.0}}", "R(E0.a.0)"},
		{"bare key at top level is a root", "{{input}}", "R(input)"},
		{"bare key in a section is a key", "{{#E0.v}}{{title}}{{/E0.v}}", "#R(E0.v)[K(title)]"},
		{"dotted path in a section stays rooted", "{{#E0.v}}{{lead.name}}{{/E0.v}}", "#R(E0.v)[R(lead.name)]"},
		{"inverted section opens no scope", "{{^E0.v}}{{x}}{{/E0.v}}", "^R(E0.v)[R(x)]"},
		{"inverted inside a section keeps the scope", "{{#a}}{{^b}}{{x}}{{/b}}{{/a}}", "#R(a)[^K(b)[K(x)]]"},
		{"loop variable section only gates", "{{#@first}}{{x}}{{/@first}}", "#L(@first)[R(x)]"},
		{"nested dot section", "{{#a}}{{#.}}{{.}}{{/.}}{{/a}}", "#R(a)[#D(.)[D(.)]]"},
		{"comma idiom", "{{#E1.v}}{{t}}{{^@last}}, {{/@last}}{{/E1.v}}", "#R(E1.v)[K(t)^L(@last)[T(, )]]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := Analyze(tt.src)
			root, errs := a.tree, a.Errors
			if len(errs) > 0 {
				t.Fatalf("parse(%q): %v", tt.src, errs)
			}
			if got := treeString(root); got != tt.tree {
				t.Errorf("parse(%q)\n got %s\nwant %s", tt.src, got, tt.tree)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, src string
		pos       string // line:column of the first error
		contains  string
		count     int
	}{
		{"empty tag", "{{}}", "1:1", "empty tag", 1},
		{"empty section", "{{# }}", "1:1", "empty section", 1},
		{"empty segment", "{{a..b}}", "1:1", "empty segment", 1},
		{"leading dot", "{{.a}}", "1:1", "empty segment", 1},
		{"unknown loop variable", "{{#a}}{{@count}}{{/a}}", "1:7", "@index, @first or @last", 1},
		{"stray close", "x\n {{/a}}", "2:2", "no open section", 1},
		{"mismatch points at the open tag", "{{#E1.values}}\n{{/E1.value}}", "1:1", "closed by", 1},
		{"unclosed section points at the open tag", "ab\n{{#a}}{{b}}", "2:1", "unclosed section", 1},
		{"every error in source order", "{{!c}} {{}} {{a b}}", "1:1", "comments", 3},
		{"unclosed outer before inner error", "{{#a}}{{}}", "1:1", "unclosed section", 2},
		{"columns count runes", "😀é {{}}", "1:4", "empty tag", 1},
		{"crlf belongs to its line", "a\r\nb {{}}", "2:3", "empty tag", 1},
		{"partial", "{{> p}}", "1:1", "partials", 1},
		{"set delimiters", "{{=<% %>=}}", "1:1", "set-delimiters", 1},
		{"inheritance", "{{$b}}{{/b}}", "1:1", "inheritance", 2},
		{"pipe", "{{a | b}}", "1:1", "conditionals and functions", 1},
		{"brackets", "{{a[0]}}", "1:1", "index arrays with a dot", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse(tt.src)
			errs := Errors(err)
			if len(errs) != tt.count {
				t.Fatalf("Parse(%q): got %d errors, want %d: %v", tt.src, len(errs), tt.count, err)
			}
			e := errs[0]
			if e.Kind != ParseError || e.Phase != PhaseLoad {
				t.Errorf("kind %v phase %v, want ParseError load", e.Kind, e.Phase)
			}
			if e.Pos.String() != tt.pos {
				t.Errorf("position %s, want %s", e.Pos, tt.pos)
			}
			if !strings.Contains(e.Msg, tt.contains) {
				t.Errorf("message %q does not contain %q", e.Msg, tt.contains)
			}
			if e.Pos != PosOf(tt.src, e.Pos.Offset) || e.End <= e.Pos.Offset || e.End > len(tt.src) {
				t.Errorf("bad position %+v end %d for %q", e.Pos, e.End, tt.src)
			}
		})
	}
}

func TestParseDepthLimit(t *testing.T) {
	src := strings.Repeat("{{#a}}", MaxSectionDepth+1) + strings.Repeat("{{/a}}", MaxSectionDepth+1)
	_, err := Parse(src)
	errs := Errors(err)
	if len(errs) == 0 || !strings.Contains(errs[0].Msg, "nested deeper") {
		t.Fatalf("want a nesting error, got %v", err)
	}
}

func TestPosTrackerMatchesPosOf(t *testing.T) {
	src := "ab\r\nc😀d\n\néf"
	tr := newPosTracker(src)
	for off := 0; off <= len(src); off++ {
		if !utf8.RuneStart(src[min(off, len(src)-1)]) && off < len(src) {
			continue // tags start at rune boundaries
		}
		if got, want := tr.at(off), PosOf(src, off); got != want {
			t.Errorf("offset %d: got %+v, want %+v", off, got, want)
		}
	}
}
