//go:build !splice_lite

package reshape

import (
	"strconv"
	"strings"
	"sync"

	"github.com/splicedev/splice/template"
)

// A tool's input_schema and output_schema are JSON Schemas (2020-12 unless
// $schema names draft 2019-09, 7, 6 or 4), compiled once when the tool
// loads by the small validator below: every keyword of the validation and
// applicator vocabularies, $ref and $anchor within the schema itself (a
// schema may not refer to other documents), and format as an annotation
// only, as 2020-12 has it. Numbers are compared exactly, from their JSON
// text. Failures are worded here, rule by rule.

// schemaIssue is one way a value fails a schema, or a schema fails to
// compile: the JSON Pointer of the place and a plain message.
type schemaIssue struct {
	ptr string
	msg string
}

// compiledSchema is a schema compiled once: the schema or its issue.
type compiledSchema struct {
	schema *schema
	issue  *schemaIssue
}

// schemaCache keeps the schemas compiled lately by their JSON text, so
// that loading a tool again (the playground does on every edit of the tool
// file) does not compile its unchanged schemas again. A compiled schema is
// immutable and safe for concurrent validation.
var schemaCache struct {
	sync.Mutex
	byText map[string]compiledSchema
}

// maxCachedSchemas bounds the cache, which is emptied when it is full.
const maxCachedSchemas = 64

// compileSchema compiles doc, or returns it from the cache; on failure it
// returns where in doc the problem is.
func compileSchema(doc template.Value) (*schema, *schemaIssue) {
	text := string(doc.AppendJSON(nil))
	schemaCache.Lock()
	c, ok := schemaCache.byText[text]
	schemaCache.Unlock()
	if ok {
		return c.schema, c.issue
	}
	c.schema, c.issue = compileSchemaText(doc)
	schemaCache.Lock()
	if schemaCache.byText == nil || len(schemaCache.byText) >= maxCachedSchemas {
		schemaCache.byText = make(map[string]compiledSchema)
	}
	schemaCache.byText[text] = c
	schemaCache.Unlock()
	return c.schema, c.issue
}

// validate checks v against s within run's work budget (nil: a budget of
// its own), which it charges. Past the budget it stops with a last failure
// saying so, and limited.
func validate(s *schema, v template.Value, place func(ptr string) string, run *template.Env) (found validation, limited bool) {
	if run == nil {
		run = &template.Env{}
	}
	spent, _ := run.Spent()
	vd := validator{place: place, budget: template.MaxRenderSteps - spent}
	vd.validate(s, v, nil)
	if vd.limit == nil {
		run.Charge(vd.work, 0)
		return vd.validation, false
	}
	// A validation the budget stopped spends it all, as a render does.
	run.Charge(template.MaxRenderSteps+1-spent, 0)
	if vd.room(vd.limitAt) {
		vd.issues = append(vd.issues, *vd.limit)
	}
	return vd.validation, true
}

// count writes n with its noun, plural when it is not 1.
func count(n int, noun string) string {
	if n != 1 {
		noun += "s"
	}
	return strconv.Itoa(n) + " " + noun
}

func joinInts(ns []int) string {
	text := make([]string, len(ns))
	for i, n := range ns {
		text[i] = strconv.Itoa(n)
	}
	return strings.Join(text, " and ")
}

// inputPlace and resultPlace name a place in a call's input or result.
func inputPlace(ptr string) string  { return fieldPlace(ptr, "the input") }
func resultPlace(ptr string) string { return fieldPlace(ptr, "the result") }

func fieldPlace(ptr, whole string) string {
	if ptr == "" {
		return whole
	}
	return "field " + ptr
}

// schemaPlace names a place in a schema that is not a valid schema.
func schemaPlace(ptr string) string {
	if ptr == "" {
		return "the schema"
	}
	return ptr
}

func inField(ptr string) string {
	if ptr == "" {
		return ""
	}
	return " in " + ptr
}
