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

// MapPlan returns a plan of 30 steps with about size bytes of samples
// written as a person pastes tool output, in block-style YAML: six issue
// lists, each mapped over (a line per issue), counted, its first line
// taken and a card made of both, and a solver reading the first card and
// the last. typeAt is a place for typing in the first map's body, whose
// every iteration, readers and the solver render again.
func MapPlan(size int) (text string, typeAt int) {
	var b strings.Builder
	b.WriteString("input: {team: core}\nsteps:\n")
	for i := range 6 {
		fmt.Fprintf(&b, "  - id: fetch%d\n    tool_name: github__issue_list\n    input:\n      label: \"{{input.team}}\"\n      page: %d\n    result:\n", i, i)
		for j := 0; b.Len() < (i+1)*size/6; j++ {
			fmt.Fprintf(&b, "      - number: %d\n        title: Issue %d of page %d\n        state: open\n        labels:\n          - bug\n          - p%d\n", j, j, i, j%4)
		}
		fmt.Fprintf(&b, "  - id: lines%d\n    over: \"{{fetch%d}}\"\n    tool_name: builtin__reshape\n    input:\n      shape:\n        line: \"#{{item.number}} {{item.title}}\"\n", i, i)
		fmt.Fprintf(&b, "  - id: count%d\n    tool_name: builtin__reshape\n    input:\n      shape:\n        n: \"{{lines%d.length}}\"\n", i, i)
		fmt.Fprintf(&b, "  - id: first%d\n    tool_name: builtin__reshape\n    input:\n      shape:\n        line: \"{{lines%d.0.line}}\"\n", i, i)
		fmt.Fprintf(&b, "  - id: card%d\n    tool_name: builtin__reshape\n    input:\n      shape:\n        text: \"{{first%d.line}} (of {{count%d.n}})\"\n", i, i, i)
	}
	b.WriteString("solver: \"{{card0.text}} / {{card5.text}}\"\n")
	text = b.String()
	return text, strings.Index(text, "#{{item.number}} ") + len("#{{item.number}} ")
}
