package cli

import (
	"bytes"
	"strings"
	"testing"

	"github.com/splicedev/splice/internal/planschema"
)

func TestSchemaPlan(t *testing.T) {
	var out, errb bytes.Buffer
	if code := Main([]string{"schema", "plan"}, strings.NewReader(""), &out, &errb); code != 0 || !bytes.Equal(out.Bytes(), planschema.Plan) {
		t.Errorf("splice schema plan: exit %d, %d bytes, stderr %s", code, out.Len(), errb.String())
	}
	for _, args := range [][]string{{"schema"}, {"schema", "tool"}, {"schema", "plan", "x"}} {
		errb.Reset()
		if code := Main(args, strings.NewReader(""), &out, &errb); code != 2 || !strings.Contains(errb.String(), "give the schema's name: plan") {
			t.Errorf("splice %v: exit %d, %s", args, code, errb.String())
		}
	}
}
