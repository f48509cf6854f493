package cli

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/splicedev/splice/internal/surfacetest"
)

// TestSurfaceCases: splice render shows every shared case as the other
// surfaces do: the display on stdout; the first problem's kind, place and
// keys first on stderr.
func TestSurfaceCases(t *testing.T) {
	for i, c := range surfacetest.Cases {
		files := map[string]string{"shape.json": c.Shape}
		for _, r := range c.Roots {
			files[r.Name+".json"] = r.Text
		}
		dir := writeTestFiles(t, files)
		args := []string{"render", "-t", c.Template}
		if c.Shape != "" {
			args = []string{"render", "--shape", filepath.Join(dir, "shape.json")}
		}
		for _, r := range c.Roots {
			args = append(args, "--root", r.Name+"="+filepath.Join(dir, r.Name+".json"))
		}
		var out, errb bytes.Buffer
		code := Main(args, strings.NewReader(""), &out, &errb)
		if c.Problem == nil {
			if code != 0 || out.String() != c.Display+"\n" {
				t.Errorf("case %d, %s: exit %d, stdout %q, want %q\n%s", i, c.Name, code, out.String(), c.Display, errb.String())
			}
			continue
		}
		first, _, _ := strings.Cut(errb.String(), "\n")
		place := fmt.Sprintf("line %d:%d", c.Problem.Line, c.Problem.Column)
		keys := "available: " + strings.Join(c.Problem.Keys, ", ")
		if code != 1 || !strings.HasPrefix(first, c.Problem.Kind+" (") || !strings.Contains(first, place) ||
			len(c.Problem.Keys) > 0 && !strings.Contains(errb.String(), keys) {
			t.Errorf("case %d, %s: exit %d, stderr\n%s\nwant %s at %s, %s", i, c.Name, code, errb.String(), c.Problem.Kind, place, keys)
		}
	}
}
