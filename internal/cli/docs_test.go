package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// checkOutput runs splice check with args and returns its exit code, its
// output and its errors.
func checkOutput(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := Main(append([]string{"check"}, args...), strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

// The fixture tree's Markdown and HTML give, one line each and placed in
// the files themselves, every error their examples make and nothing for
// the examples that hold: testdata/docs.want.
func TestCheckDocsTree(t *testing.T) {
	want, err := os.ReadFile("testdata/docs.want")
	if err != nil {
		t.Fatal(err)
	}
	code, out, errs := checkOutput(t, "testdata/docs")
	if code != 1 || out != "" || errs != string(want) {
		t.Errorf("splice check testdata/docs exits %d, prints %q and\n%s\nwant 1 and\n%s", code, out, errs, want)
	}
	// Files named one by one give the same.
	code, _, errs = checkOutput(t, "testdata/docs/guide.md", "testdata/docs/sub/page.html")
	if code != 1 || errs != string(want) {
		t.Errorf("the files named: exit %d\n%s", code, errs)
	}
}

func TestCheckDocsGitHubFormat(t *testing.T) {
	code, out, errs := checkOutput(t, "--format", "github", "testdata/docs/sub/page.html")
	first, _, _ := strings.Cut(out, "\n")
	if code != 1 || errs != "" || first != `::error file=testdata/docs/sub/page.html,line=4,col=66::BadPath: no key "titel" in the object at E1; did you mean "title"?` {
		t.Errorf("exit %d, errors %q, annotations\n%s", code, errs, out)
	}
	_, out, _ = checkOutput(t, "--format", "github", "testdata/docs/guide.md")
	if want := `::warning file=testdata/docs/guide.md,line=76,col=12::this comment hides a tag: the value is "PR", not "PR #{{card.n}}"; quote the value`; !strings.Contains(out, want+"\n") {
		t.Errorf("the warning's annotation is not\n%s\nin\n%s", want, out)
	}
	if got := annotationProperty("a:b,c%\n"); got != "a%3Ab%2Cc%25%0A" {
		t.Errorf("a property escaped: %s", got)
	}
	if code, _, errs := checkOutput(t, "--format", "xml", "testdata/docs"); code != 2 || !strings.Contains(errs, "want text or github") {
		t.Errorf("--format xml: exit %d, %s", code, errs)
	}
}

func TestCheckDocsPass(t *testing.T) {
	dir := t.TempDir()
	page := "```splice\n{{input.name}}\n```\n\n```json splice-roots\n{\"input\": {\"name\": \"Ada\"}}\n```\n"
	if err := os.WriteFile(filepath.Join(dir, "ok.md"), []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, errs := checkOutput(t, dir); code != 0 || out != "ok: 1 example in 1 file\n" || errs != "" {
		t.Errorf("exit %d, %q, %q", code, out, errs)
	}
	if code, _, errs := checkOutput(t, filepath.Join(dir, "missing.md")); code != 2 || !strings.Contains(errs, "missing.md") {
		t.Errorf("a missing file: exit %d, %s", code, errs)
	}
}

// The README's own examples hold, and it has some.
func TestREADMEExamples(t *testing.T) {
	if code, out, errs := checkOutput(t, "../../README.md"); code != 0 || out == "ok: 0 examples in 1 file\n" {
		t.Errorf("splice check README.md exits %d:\n%s%s", code, out, errs)
	}
}
