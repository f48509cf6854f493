package display

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/splicedev/splice/template"
	"github.com/tidwall/pretty"
)

func TestResult(t *testing.T) {
	tests := []struct {
		json  string
		typed bool
		want  string
	}{
		{`"PR #42"`, false, "PR #42"},
		{`"hi"`, true, `"hi"`}, // a typed string shows quoted
		{`1.50`, true, "1.50"},
		{`{}`, true, "{ }"},
		{`[]`, true, "[]"},
		{`{"z": 1, "a": "<b>"}`, true, `{ "z": 1, "a": "<b>" }`},
		{`{"list": [` + strings.Repeat(`"abcdefghij", `, 8) + `"x"]}`, true,
			"{\n  \"list\": [\n    \"abcdefghij\",\n" + strings.Repeat("    \"abcdefghij\",\n", 7) + "    \"x\"\n  ]\n}"},
	}
	for _, tt := range tests {
		v, err := template.ParseJSONString(tt.json)
		if err != nil {
			t.Fatal(err)
		}
		if got := Result(v, tt.typed); got != tt.want {
			t.Errorf("Result(%s, %v) = %q, want %q", tt.json, tt.typed, got, tt.want)
		}
	}
}

// JSON indents as the playground did with github.com/tidwall/pretty
// (width 80, two spaces), which the engine's wasm cannot afford.
func TestJSONIndentsAsBefore(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 5000 {
		v := randomValue(r, 0)
		compact := v.AppendJSON(nil)
		want := strings.TrimSuffix(string(pretty.PrettyOptions(compact, &pretty.Options{Width: 80, Indent: "  "})), "\n")
		if got := JSON(v); got != want {
			t.Fatalf("value %d %s:\ngot\n%s\nwant\n%s", i, compact, got, want)
		}
	}
}

func randomValue(r *rand.Rand, depth int) template.Value {
	switch k := r.IntN(9); {
	case depth < 6 && k < 3:
		elems := make([]template.Value, r.IntN(7))
		for i := range elems {
			elems[i] = randomValue(r, depth+1)
		}
		return template.ArrayValue(elems)
	case depth < 6 && k < 6:
		members := make([]template.Member, r.IntN(7))
		for i := range members {
			members[i] = template.Member{Key: strings.Repeat("k", r.IntN(12)) + strconv.Itoa(i), Value: randomValue(r, depth+1)}
		}
		return template.ObjectValue(members)
	case k == 6:
		return template.StringValue(strings.Repeat("ab\"c ", r.IntN(6)))
	case k == 7:
		return template.IntValue(r.IntN(100000))
	}
	v, _ := template.ParseJSONString([]string{"null", "true", "false", "1.50", "-0"}[r.IntN(5)])
	return v
}
