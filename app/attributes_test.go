package app

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestAttributesSetAsTheyAre keeps the components off go-app's DataSet
// and Aria, which format every value with fmt.Sprintf("%v", …): in the
// browser that is reflection for each attribute of each render. Attr
// takes a string, a number or a boolean as it is, and gives the same text.
func TestAttributesSetAsTheyAre(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no Go files (%v)", err)
	}
	formatted := regexp.MustCompile(`(^|[.\s])(DataSet|Aria)\(`)
	for _, file := range files {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(src), "\n") {
			if code, _, _ := strings.Cut(line, "//"); formatted.MatchString(code) {
				t.Errorf("%s:%d: %s: set the attribute with Attr(\"data-…\" or \"aria-…\", value)", file, i+1, strings.TrimSpace(line))
			}
		}
	}
}
