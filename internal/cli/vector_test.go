package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/splicedev/splice/internal/examples"
	"github.com/splicedev/splice/internal/playground/state"
)

// TestVectorFromLink: a share link's state comes out as a vector file that
// `splice conformance` passes, whichever form of the link is given.
func TestVectorFromLink(t *testing.T) {
	failing := examples.ByID("bad-path").Open()
	broken := examples.Default.Open()
	broken.Roots[broken.RootIndex("E0")].Text = "{oops"
	for _, tt := range []struct {
		name  string
		state state.State
		link  func(payload string) string
		want  string // in the vector
	}{
		{"a whole URL", examples.Default.Open(), func(p string) string { return "http://127.0.0.1:8080/#" + state.LinkPrefix + p }, `"expect"`},
		{"a fragment with other parameters", failing, func(p string) string { return "#theme=dark&" + state.LinkPrefix + p }, `"kind": "BadPath"`},
		{"the payload alone", examples.ByID("tool-schema").Open(), func(p string) string { return p }, `"tool"`},
		{"a plan-mode link", examples.ByID("broken-plan").Open(), func(p string) string { return "http://127.0.0.1:8080/#" + state.LinkPrefix + p }, `"step": "first"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			payload := encodeState(tt.state)
			var out, errb bytes.Buffer
			if code := Main([]string{"vector", tt.link(payload)}, nil, &out, &errb); code != 0 {
				t.Fatalf("exit %d: %s", code, errb.String())
			}
			if !strings.Contains(out.String(), tt.want) {
				t.Errorf("the vector lacks %s:\n%s", tt.want, out.String())
			}
			file := filepath.Join(t.TempDir(), "repro.json")
			if err := os.WriteFile(file, out.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			runCases(t, []cliCase{{"conformance passes it", []string{"conformance", file}, 0, []string{"1 passed, 0 failed"}, nil}})
		})
	}
	payload := encodeState(broken)
	runCases(t, []cliCase{
		{"a damaged link", []string{"vector", "#" + state.LinkPrefix + "AAAA"}, 2, nil, []string{"splice vector: this link cannot be opened: it is truncated"}},
		{"a link without a state", []string{"vector", "http://127.0.0.1:8080/#theme=dark"}, 2, nil, []string{"holds no state"}},
		{"a root a vector cannot carry", []string{"vector", payload}, 1, nil, []string{"root E0 does not parse"}},
		{"no link", []string{"vector"}, 2, nil, []string{"usage: splice vector LINK"}},
	})
}

// TestVectorFromFileOrStdin: a link too long for a command line comes from
// a file or standard input, and a plan document becomes a plan test.
func TestVectorFromFileOrStdin(t *testing.T) {
	s := examples.Default.Open()
	s.Roots[s.RootIndex("E0")].Text = `{"pad": "` + strings.Repeat("x", 300<<10) + `", "values": [{"id": 1, "title": "t"}]}`
	link := "http://127.0.0.1:8080/#" + state.LinkPrefix + encodeState(s)
	dir := t.TempDir()
	linkFile := filepath.Join(dir, "link.txt")
	os.WriteFile(linkFile, []byte(link+"\n"), 0o644)
	planFile := filepath.Join(dir, "plan.yaml")
	os.WriteFile(planFile, []byte("steps:\n  - id: E0\n    tool_name: t\n    result: {a: 1}\nsolver: \"{{E0.a}}\"\n"), 0o644)
	for _, tt := range []struct {
		name  string
		args  []string
		stdin string
		want  string
	}{
		{"a link in a file", []string{"vector", linkFile}, "", `"template"`},
		{"a link on stdin", []string{"vector", "-"}, link, `"template"`},
		{"a plan document", []string{"vector", planFile}, "", `"solver": 1`},
		{"a plan on stdin", []string{"vector", "-"}, "steps: []\nsolver: hi\n", `"plan"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			if code := Main(tt.args, strings.NewReader(tt.stdin), &out, &errb); code != 0 {
				t.Fatalf("exit %d: %s", code, errb.String())
			}
			if !strings.Contains(out.String(), tt.want) {
				t.Fatalf("the vector lacks %s:\n%.500s", tt.want, out.String())
			}
			file := filepath.Join(t.TempDir(), "repro.json")
			os.WriteFile(file, out.Bytes(), 0o644)
			runCases(t, []cliCase{{"conformance passes it", []string{"conformance", file}, 0, []string{"1 passed, 0 failed"}, nil}})
		})
	}
}

// encodeState is s's link payload.
func encodeState(s state.State) string {
	payload, _ := state.Encode(s)
	return payload
}
