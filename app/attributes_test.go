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

// TestElementsOfOneType keeps the components on go-app's one generic
// element type (Elem, ElemSelfClosing) rather than its type per tag (Div,
// Span, Button…): each tag's type brings its own copy of the methods a
// render calls, some 20 a tag, which the browser compiles one by one as a
// first visit's render reaches them, with its method table and type data
// (35 tags' types were 0.5 MB of app.wasm, 31 kB with brotli).
func TestElementsOfOneType(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no Go files (%v)", err)
	}
	// go-app's element constructors are its functions without arguments;
	// these are its others.
	notElements := map[string]bool{"Window": true, "Routes": true, "NewTestEngine": true}
	constructor := regexp.MustCompile(`\bapp\.([A-Z][A-Za-z0-9]*)\(\)`)
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(src), "\n") {
			code, _, _ := strings.Cut(line, "//")
			for _, m := range constructor.FindAllStringSubmatch(code, -1) {
				if !notElements[m[1]] {
					t.Errorf("%s:%d: app.%s(): write app.Elem(%q) (or app.ElemSelfClosing for a void element)", file, i+1, m[1], strings.ToLower(m[1]))
				}
			}
		}
	}
}
