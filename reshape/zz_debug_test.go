package reshape

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/splicedev/splice/template"
)

func TestZZCorpus(t *testing.T) {
	var items []struct {
		Text      string
		V3        string
		Line, Col int
		GoccyMsg  string
	}
	b, _ := os.ReadFile("/tmp/yamlcmp/corpus.json")
	json.Unmarshal(b, &items)
	agree := 0
	byMsg := map[string][2]int{}
	var diffs []string
	for _, it := range items {
		_, err := ParseYAML(it.Text)
		errs := template.Errors(err)
		if len(errs) != 1 {
			fmt.Printf("SKIP %q: %v / %s\n", it.Text, err, it.V3)
			continue
		}
		e := errs[0]
		if template.PosOf(it.Text, e.Pos.Offset) != e.Pos {
			t.Fatalf("bad pos")
		}
		key := it.V3[len("yaml: "):]
		if i := strings.Index(key, ": "); strings.HasPrefix(key, "line ") && i > 0 {
			key = key[i+2:]
		}
		m := byMsg[key]
		if e.Pos.Line == it.Line && e.Pos.Column == it.Col {
			agree++
			m[0]++
		} else {
			m[1]++
			diffs = append(diffs, fmt.Sprintf("%q\n   v3: %s\n   go: %d:%d %s\n  new: %d:%d %s", it.Text, it.V3, it.Line, it.Col, it.GoccyMsg, e.Pos.Line, e.Pos.Column, e.Msg))
		}
		byMsg[key] = m
	}
	fmt.Println("agree", agree, "of", len(items))
	var keys []string
	for k := range byMsg {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Println(byMsg[k], k)
	}
	os.WriteFile("/tmp/yamlcmp/diffs.txt", []byte(fmt.Sprintln(diffs)), 0o644)
	f, _ := os.Create("/tmp/yamlcmp/diffs.txt")
	for _, d := range diffs {
		fmt.Fprintln(f, d)
	}
	f.Close()
}
