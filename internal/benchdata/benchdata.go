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

// GraphPlan is a plan of about n steps with every kind of node: calls
// reading one or two earlier steps, a map every 10th step, a decide step
// with two branches every 25th, a step reading a missing key (failed) and
// its reader (blocked) every 40th, and a solver reading the last steps:
// what the plan's graph is measured with.
func GraphPlan(n int) string {
	var b strings.Builder
	b.WriteString("input: {items: [1, 2, 3]}\nsteps:\n")
	prev := func(i, back int) string { return fmt.Sprintf("s%d", max(i-back, 0)) }
	for i := 0; i < n; i++ {
		switch {
		case i == 0:
			b.WriteString("  - id: s0\n    tool_name: builtin__reshape\n    input: {shape: {v: \"{{input.items}}\"}}\n")
		case i%40 == 39:
			fmt.Fprintf(&b, "  - id: s%d\n    tool_name: builtin__reshape\n    input: {shape: {v: \"{{%s.v.nothing.here}}\"}}\n", i, prev(i, 1))
		case i%40 == 0:
			fmt.Fprintf(&b, "  - id: s%d\n    tool_name: builtin__reshape\n    input: {shape: {v: \"{{%s.v}}\"}}\n", i, prev(i, 1))
		case i%25 == 0:
			fmt.Fprintf(&b, "  - id: s%d\n    branch: yes\n    decide:\n", i)
			for _, br := range []string{"yes", "no"} {
				fmt.Fprintf(&b, "      %s:\n", br)
				for k := range 2 {
					fmt.Fprintf(&b, "        - id: s%d%s%d\n          tool_name: builtin__reshape\n          input: {shape: {v: \"{{%s.v}}\"}}\n", i, br, k, prev(i, 1))
				}
			}
		case i%10 == 0:
			fmt.Fprintf(&b, "  - id: s%d\n    over: \"{{input.items}}\"\n    tool_name: builtin__reshape\n    input: {shape: {v: \"{{item}}\", w: \"{{%s.v}}\"}}\n", i, prev(i, 1))
		default:
			fmt.Fprintf(&b, "  - id: s%d\n    tool_name: builtin__reshape\n    input: {shape: {v: \"{{%s.v}}\", w: \"{{%s.v}}\"}}\n", i, prev(i, 1), prev(i, 3))
		}
	}
	fmt.Fprintf(&b, "solver: \"{{%s.v}} {{%s.v}}\"\n", prev(n, 1), prev(n, 2))
	return b.String()
}
