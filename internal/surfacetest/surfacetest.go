// Package surfacetest holds the cases that every surface running a step
// must show alike: the playground's evaluator, the JS API, the CLI and
// the page in a browser. Each surface's tests run them all and compare
// what they show with the same expectations, so that a rule restated in
// one surface cannot drift from the engine's.
package surfacetest

// Case is one step: a template or a shape over roots, and what every
// surface shows of it.
type Case struct {
	Name     string
	Template string // the step, when Shape is ""
	Shape    string // a shape document (JSON), instead of a template
	Roots    []Root
	// Display is the result as shown: a typed splice's JSON pretty and a
	// string quoted, mixed text verbatim; "" when the step fails.
	Display string
	Typed   bool     // the result is a value as it is (a typed splice, a shape's), not mixed text
	Problem *Problem // the first problem, nil when there is none
}

// Root is a root's name and JSON text.
type Root struct{ Name, Text string }

// Problem is a problem as every surface places it: its kind, where its
// tag starts in the step's text (1-based, the column in runes), and the
// keys offered at the failing segment.
type Problem struct {
	Kind         string
	Line, Column int
	Keys         []string
}

// pr is the root most cases read.
var pr = []Root{{"E0", `{"n": 42, "name": "ada", "price": 1.50, "labels": ["bug", "ui"], "done": false}`}}

// Cases are the cases, each a rule some surface once restated.
var Cases = []Case{
	{Name: "a typed splice of a string shows quoted", Template: "{{E0.name}}", Roots: pr, Display: `"ada"`, Typed: true},
	{Name: "mixed text shows verbatim", Template: "PR #{{E0.n}} by {{E0.name}}", Roots: pr, Display: "PR #42 by ada"},
	{Name: "a number keeps its text", Template: "{{E0.price}}", Roots: pr, Display: "1.50", Typed: true},
	{Name: "a typed array", Template: "{{E0.labels}}", Roots: pr, Display: `["bug", "ui"]`, Typed: true},
	{Name: "the comma idiom", Template: "{{#E0.labels}}{{.}}{{^@last}}, {{/@last}}{{/E0.labels}}", Roots: pr, Display: "bug, ui"},
	{Name: "a section over false renders nothing", Template: "[{{#E0.done}}done{{/E0.done}}]", Roots: pr, Display: "[]"},
	{Name: "a section on @index outside a list fails", Template: "{{#@index}}x{{/@index}}", Roots: pr,
		Problem: &Problem{Kind: "ScopeError", Line: 1, Column: 1}},
	{Name: "a BadPath offers the keys", Template: "x {{E0.nmae}}", Roots: pr,
		Problem: &Problem{Kind: "BadPath", Line: 1, Column: 3, Keys: []string{"n", "name", "price", "labels", "done"}}},
	{Name: "a missing step", Template: "é\n {{E9.x}}", Roots: pr, Problem: &Problem{Kind: "MissingStep", Line: 2, Column: 2, Keys: []string{"input", "E0"}}},
	{Name: "a shape's leaves are typed or text", Shape: `{"title": "PR #{{E0.n}}", "n": "{{E0.n}}", "by": "{{E0.name}}"}`, Roots: pr,
		Display: `{ "title": "PR #42", "n": 42, "by": "ada" }`, Typed: true},
	{Name: "a shape's failing leaf is placed in the document", Shape: "{\n  \"ok\": \"{{E0.n}}\",\n  \"bad\": \"{{E0.nope}}\"\n}", Roots: pr,
		Problem: &Problem{Kind: "BadPath", Line: 3, Column: 11, Keys: []string{"n", "name", "price", "labels", "done"}}},
}
