package app

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestStylesheetsCloseEveryRule reads the page's stylesheets: a rule left
// open makes every rule after it a nested one (CSS nesting), which
// matches nothing, so that whole part of the page loses its styles with
// no error anywhere. Rules sit at the top level or inside an at-rule
// (@media), never inside another rule.
func TestStylesheetsCloseEveryRule(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "web", "*.css"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no stylesheets in web/ (%v)", err)
	}
	for _, file := range files {
		css, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if problem := openRule(string(css)); problem != "" {
			t.Errorf("%s: %s", filepath.Base(file), problem)
		}
	}
}

func TestOpenRuleFindsTheRuleLeftOpen(t *testing.T) {
	tests := []struct{ css, want string }{
		{"a { color: red; }\n@media (x) { b { c: d } }\n/* { */ e::after { content: \"}\" }", ""},
		{"a {\n  color: red;\n\nb { c: d }\n", "line 4: a rule inside the rule of line 1"},
		{"a { b: c }\n@media (x) {\n  d { e: f }\n", "line 2: a block that never closes"},
		{"a { b: c } }", "line 1: a } that closes nothing"},
	}
	for _, tt := range tests {
		if got := openRule(tt.css); got != tt.want {
			t.Errorf("openRule(%q) = %q, want %q", tt.css, got, tt.want)
		}
	}
}

// openRule says where css first opens a rule inside a rule, leaves a block
// open, or closes one it did not open; "" when it does none of that.
func openRule(css string) string {
	type block struct {
		line   int
		atRule bool
	}
	var open []block
	line, start := 1, 0 // start: where the current prelude begins
	for i := 0; i < len(css); i++ {
		switch c := css[i]; c {
		case '\n':
			line++
		case '/':
			if strings.HasPrefix(css[i:], "/*") {
				end := strings.Index(css[i+2:], "*/")
				if end < 0 {
					return "line " + strconv.Itoa(line) + ": a comment that never ends"
				}
				line += strings.Count(css[i:i+2+end], "\n")
				i += end + 3
				start = i + 1
			}
		case '"', '\'':
			end := strings.IndexByte(css[i+1:], c)
			if end < 0 {
				return "line " + strconv.Itoa(line) + ": a string that never ends"
			}
			i += end + 1
		case ';':
			start = i + 1
		case '{':
			if n := len(open); n > 0 && !open[n-1].atRule {
				return "line " + strconv.Itoa(line) + ": a rule inside the rule of line " + strconv.Itoa(open[n-1].line)
			}
			open = append(open, block{line, strings.HasPrefix(strings.TrimSpace(css[start:i]), "@")})
			start = i + 1
		case '}':
			if len(open) == 0 {
				return "line " + strconv.Itoa(line) + ": a } that closes nothing"
			}
			open = open[:len(open)-1]
			start = i + 1
		}
	}
	if len(open) > 0 {
		return "line " + strconv.Itoa(open[len(open)-1].line) + ": a block that never closes"
	}
	return ""
}
