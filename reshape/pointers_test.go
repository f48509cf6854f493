//go:build !splice_lite

package reshape

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/splicedev/splice/template"
)

// longKeyShape is one key of keyLen bytes above n leaves.
func longKeyShape(keyLen, n int, yaml bool) string {
	key := strings.Repeat("k", keyLen)
	leaves := make([]string, n)
	for i := range leaves {
		if yaml {
			leaves[i] = fmt.Sprintf("  l%d: '{{input.a}}'", i)
		} else {
			leaves[i] = fmt.Sprintf(`"l%d": "{{input.a}}"`, i)
		}
	}
	if yaml {
		return "? " + key + "\n:\n" + strings.Join(leaves, "\n") + "\n" // an explicit key: a plain one may not pass 1024 characters
	}
	return `{"` + key + `": {` + strings.Join(leaves, ",") + "}}"
}

// A long key above many leaves is in every leaf's JSON Pointer: the places
// of such a document are refused past a bound proportional to its size,
// rather than taking gigabytes.
func TestLongKeysAboveManyLeaves(t *testing.T) {
	for _, yaml := range []bool{false, true} {
		text := longKeyShape(100<<10, 20000, yaml)
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		_, err := ParseShape(text)
		runtime.ReadMemStats(&after)
		list := Errors(err)
		if len(list) != 1 || list[0].Kind != template.ToolError || !strings.Contains(list[0].Msg, "keys above this value are too long") {
			t.Errorf("yaml %v: %v", yaml, err)
		}
		if grew := after.TotalAlloc - before.TotalAlloc; grew > 64*uint64(len(text)) {
			t.Errorf("yaml %v: a %d-byte shape allocated %d MB", yaml, len(text), grew>>20)
		}
	}
	// Short keys: the same leaves load.
	if _, err := ParseShape(longKeyShape(10, 20000, true)); err != nil {
		t.Errorf("a shape of 20,000 leaves under a short key: %v", err)
	}
}
