package template_test

import (
	"fmt"

	"github.com/splicedev/splice/template"
)

// mustJSON decodes a JSON document known to be valid.
func mustJSON(s string) template.Value {
	v, err := template.ParseJSONString(s)
	if err != nil {
		panic(err)
	}
	return v
}

func ExampleParse() {
	t, err := template.Parse("PR #{{ E1.number }}: {{#E1.labels}}{{name}}{{^@last}}, {{/@last}}{{/E1.labels}}")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(t.String())
	fmt.Println(t.Typed())

	_, err = template.Parse("{{#if E1.draft}}draft{{/if}}")
	for _, e := range template.Errors(err) {
		fmt.Println(e)
	}
	// Output:
	// PR #{{E1.number}}: {{#E1.labels}}{{name}}{{^@last}}, {{/@last}}{{/E1.labels}}
	// false
	// 1:1: ParseError: conditionals and functions are not supported: the dialect is logic-less; put computation in a step (a user tool)
	// 1:22: ParseError: close tag {{/if}} has no open section
}

func ExampleTemplate_Render() {
	roots := template.Roots{
		{Name: "input", Value: mustJSON(`{"max": 50}`)},
		{Name: "E0", Value: mustJSON(`{"ids": [1, 2, 3], "price": 1.50}`)},
	}
	for _, src := range []string{"{{input.max}}", "{{ E0.ids }}", "{{E0.price}}"} {
		t, err := template.Parse(src)
		if err != nil {
			fmt.Println(err)
			return
		}
		v, err := t.Render(roots)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(v.Kind(), v.JSON())
	}
	// Output:
	// number 50
	// array [1,2,3]
	// number 1.50
}

func ExampleTemplate_Render_mixed() {
	roots := template.Roots{
		{Name: "E1", Value: mustJSON(`{"values": [{"title": "A", "state": "open"}, {"title": "B & C", "state": "closed"}], "meta": {"z": 1, "a": "<b>"}}`)},
	}
	t, err := template.Parse("{{#E1.values}}{{title}} ({{state}}){{^@last}}, {{/@last}}{{/E1.values}}; meta {{E1.meta}}")
	if err != nil {
		fmt.Println(err)
		return
	}
	v, err := t.Render(roots)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(v.Kind())
	fmt.Println(v.Str())
	// Output:
	// string
	// A (open), B & C (closed); meta {"z":1,"a":"<b>"}
}

func ExampleTemplate_Check() {
	t, err := template.Parse("{{#E1.values}}{{E9.summary}}{{/E1.values}} {{E2.id}}")
	if err != nil {
		fmt.Println(err)
		return
	}
	err = t.Check(template.Scope{Roots: []string{"input", "E0", "E1"}, Later: []string{"E9"}})
	for _, e := range template.Errors(err) {
		fmt.Printf("%s at %s: %s\n", e.Kind, e.Pos, e.Msg)
		fmt.Println("  available:", e.AvailableText())
	}
	// Output:
	// MissingStep at 1:15: step "E9" runs later: it runs after this step, and a step may reference input and the steps before it
	//   available: input, E0, E1
	// MissingStep at 1:44: unknown root "E2": no step or input by that name
	//   available: input, E0, E1
}

func ExampleFormat() {
	t, err := template.Parse("Hello {{E0.user.nmae}}!")
	if err != nil {
		fmt.Println(err)
		return
	}
	_, err = t.Render(template.Roots{{Name: "E0", Value: mustJSON(`{"user": {"name": "Ada", "login": "ada"}}`)}})
	fmt.Print(template.Format(err))
	// Output:
	// BadPath (render), line 1:7: no key "nmae" in the object at E0.user
	//   1 | Hello {{E0.user.nmae}}!
	//     |       ^^^^^^^^^^^^^^^^
	//   available: name, login
	//   did you mean "name"?
}

func ExampleParseJSON() {
	v, err := template.ParseJSON([]byte(`{"z": 1.50, "a": 12345678901234567890, "m": {"b": 1e3, "a": "<&>"}}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(v.Keys())
	price, _ := v.Lookup("z")
	fmt.Println(price.Str())
	fmt.Println(v.JSON())

	_, err = template.ParseJSON([]byte("{\n  \"a\": 1,\n}"))
	fmt.Println(err)
	// Output:
	// [z a m]
	// 1.50
	// {"z":1.50,"a":12345678901234567890,"m":{"b":1e3,"a":"<&>"}}
	// 3:1: unexpected '}' in object, expected a string key
}

func ExampleAnalyze() {
	src := "{{#E0.items}}{{name}} {{.}} {{@index}} {{E0.total}}{{/E0.items}} {{! x }}"
	for _, s := range template.Analyze(src).Spans {
		fmt.Printf("%-8s %q\n", s.Kind, src[s.Start:s.End])
	}
	// Output:
	// section  "{{#E0.items}}"
	// key      "{{name}}"
	// dot      "{{.}}"
	// loopvar  "{{@index}}"
	// root     "{{E0.total}}"
	// close    "{{/E0.items}}"
	// invalid  "{{! x }}"
}
