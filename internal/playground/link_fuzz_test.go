package playground

import (
	"testing"

	"github.com/splicedev/splice/internal/examples"
	"github.com/splicedev/splice/internal/playground/evaluate"
	"github.com/splicedev/splice/internal/playground/state"
)

// FuzzOpenLink opens a link made of arbitrary state JSON, and arbitrary
// text taken as a link's payload, as the page opens a shared link: a link
// is untrusted input. What opens evaluates and exports without a panic,
// and its state survives a link of its own unchanged.
func FuzzOpenLink(f *testing.F) {
	for _, seed := range []string{
		`{"v":2,"mode":"template","template":"{{E0.a}}","roots":[{"name":"E0","text":"{\"a\": 1}"}]}`,
		`{"v":2,"mode":"shape","shape":"{\"x\": \"{{input.a}}\"}","roots":[{"name":"input","text":"{\"a\": [1, 2]}"}]}`,
		`{"v":2,"mode":"tool","tool":"name: t\nkind: reshape\nshape: {a: \"{{input.x}}\"}\n","call":"{\"x\": 1}"}`,
		`{"v":2,"mode":"plan","plan":"input: {a: 1}\nsteps:\n  - id: E1\n    tool_name: x__y\n    input: {q: \"{{input.a}}\"}\n    result: [1, 2]\n  - id: M\n    over: \"{{E1}}\"\n    tool_name: builtin__reshape\n    input: {shape: {n: \"{{item}}\"}}\nsolver: \"{{#M}}{{n}}{{/M}}\"\n"}`,
		`{"v":1,"mode":"template","template":"{{#E0}}{{.}}{{/E0}}","later":["E2"],"branch":{"E3":"D"},"iteration":true}`,
		`{"v":9}`,
		`[]`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 1<<14 {
			return
		}
		for _, payload := range []string{state.Pack(data), string(data)} {
			s, banner, refused := state.InitialState("#s="+payload, "", examples.Default.Open())
			if refused {
				if banner == "" {
					t.Fatalf("a refused link says nothing: %q", data)
				}
				continue
			}
			ss := NewSession(s)
			evaluate.Markdown(ss.State, &ss.Out, "https://example.com/#s="+payload)
			evaluate.VectorFile(ss.State)
			link, _ := state.Encode(ss.State)
			again, err := state.DecodeLink(link)
			if err != nil {
				t.Fatalf("the state of %q gives a link that does not open: %v", data, err)
			}
			if want, _ := state.Encode(again); want != link {
				t.Fatalf("the state of %q changes in a link of its own:\n%+v\n%+v", data, ss.State, again)
			}
		}
	})
}
