// Package benchdata makes the large texts that benchmarks of several
// packages type into, so that they measure the same thing: the playground
// natively and the page in a browser.
package benchdata

import (
	"fmt"
	"strings"
)

// Plan returns a plan of 30 steps with about size bytes of samples: ten
// steps whose samples are issue lists (an issue a line, as pasted from a
// tool's JSON output), each read by two reshape steps, and a solver;
// typeAt is a place for typing in the text of the first reshape step's
// leaf, which the step after it and the solver read.
func Plan(size int) (text string, typeAt int) {
	var b strings.Builder
	b.WriteString("input: {team: core}\nsteps:\n")
	for i := range 10 {
		fmt.Fprintf(&b, "  - id: fetch%d\n    tool_name: github__issue_list\n    input: {label: \"{{input.team}}\", page: %d}\n    result:\n      issues:\n", i, i)
		for j := 0; b.Len() < (i+1)*size/10; j++ {
			fmt.Fprintf(&b, "        - {\"number\": %d, \"title\": \"Issue %d of page %d\", \"state\": \"open\", \"labels\": [\"bug\", \"p%d\"]}\n", j, j, i, j%4)
		}
		fmt.Fprintf(&b, "  - id: first%d\n    tool_name: builtin__reshape\n    input: {shape: {title: \"first: {{fetch%d.issues.0.title}} \", n: \"{{fetch%d.issues.length}}\"}}\n", i, i, i)
		fmt.Fprintf(&b, "  - id: card%d\n    tool_name: builtin__reshape\n    input: {shape: {line: \"{{first%d.title}} ({{first%d.n}})\"}}\n", i, i, i)
	}
	b.WriteString("solver: \"{{card0.line}}\"\n")
	text = b.String()
	return text, strings.Index(text, "}} \", n") + len("}} ")
}
