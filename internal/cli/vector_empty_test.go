package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestVectorOfNothing: empty input is said to be empty, not a truncated link.
func TestVectorOfNothing(t *testing.T) {
	empty := filepath.Join(t.TempDir(), "empty.txt")
	os.WriteFile(empty, []byte("\n"), 0o644)
	for _, tt := range []struct {
		arg, stdin, want string
	}{
		{"-", "", "splice vector: standard input is empty"},
		{"-", " \n\t", "splice vector: standard input is empty"},
		{empty, "", "splice vector: " + empty + " is empty"},
	} {
		var out, errb bytes.Buffer
		if code := Main([]string{"vector", tt.arg}, strings.NewReader(tt.stdin), &out, &errb); code != 2 || !strings.HasPrefix(errb.String(), tt.want) || out.Len() > 0 {
			t.Errorf("vector %s with %q on stdin: exit %d, %q, want exit 2 and %q", tt.arg, tt.stdin, code, errb.String(), tt.want)
		}
	}
}
