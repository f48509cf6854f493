package main

import "testing"

// BenchmarkAnswer measures a call inside the engine, from the request in
// memory to its response, in the cases of make bench-js: the engine's part
// of a call, which the browser benchmark measures whole.
func BenchmarkAnswer(b *testing.B) {
	small := `{"user":{"name":"Ada","login":"ada"},"number":42,"title":"Fix the parser","state":"open","comments":3}`
	items := `{"items":[`
	for i := range 50 {
		if i > 0 {
			items += ","
		}
		items += `{"name":"item ` + string(rune('0'+i%10)) + `","state":"open"}`
	}
	items += `]}`
	shape := `{"id":"{{E0.number}}","title":"{{E0.title}}","label":"PR #{{E0.number}}","author":{"name":"{{E0.user.name}}","profile":"https://example.com/{{E0.user.login}}"},"flags":{"who":"{{E0.user}}"}}`
	cases := []struct {
		name    string
		fn, src string
		root    string
	}{
		{"typed", "render", "{{E0.user.name}}", small},
		{"mixed", "render", "PR #{{E0.number}} by {{E0.user.login}}: {{E0.title}} ({{E0.state}}, {{E0.comments}} comments)", small},
		{"section", "render", "{{#E0.items}}{{name}}{{^@last}}, {{/@last}}{{/E0.items}}", items},
		{"shape", "renderShape", shape, small},
	}
	for _, c := range cases {
		req, size, words := usualRequest(c.fn, c.src, "E0", c.root).bytes()
		// As engine.js sends the same call again: its texts not written
		// again (unchanged), or written (rewritten).
		for _, kept := range []int{size, 0} {
			b.Run(c.name+map[bool]string{true: "/unchanged", false: "/rewritten"}[kept > 0], func(b *testing.B) {
				var out []byte
				b.ReportAllocs()
				for b.Loop() {
					out = answer(out[:0], req, size, words, kept)
				}
			})
		}
	}
}
