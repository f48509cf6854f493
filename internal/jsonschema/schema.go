// Package jsonschema compiles and checks the JSON Schemas of tools'
// input_schema and output_schema: 2020-12 unless $schema names draft
// 2019-09, 7, 6 or 4, every keyword of the validation and applicator
// vocabularies, $ref and $anchor within the schema itself (a schema may not
// refer to other documents), and format as an annotation only, as 2020-12
// has it. Numbers are compared exactly, from their JSON text. Failures are
// worded here, rule by rule, and validating charges the run's work budget.
package jsonschema

import (
	"strconv"
	"strings"
	"sync"

	"github.com/splicedev/splice/template"
)

// Issue is one way a value fails a schema, or a schema fails to compile:
// the JSON Pointer of the place and a plain message.
type Issue struct {
	Pointer string
	Msg     string
}

// cached is a schema compiled once: the schema or its issue.
type cached struct {
	schema *Schema
	issue  *Issue
}

// cache keeps the schemas compiled lately by their JSON text, so that
// loading a tool again (the playground does on every edit of the tool file)
// does not compile its unchanged schemas again. A compiled schema is
// immutable and safe for concurrent validation.
var cache struct {
	sync.Mutex
	byText map[string]cached
}

// maxCached bounds the cache, which is emptied when it is full.
const maxCached = 64

// Compile compiles doc, or returns it from the cache; a schema that is not
// valid gives the issue of where in doc the problem is.
func Compile(doc template.Value) (*Schema, *Issue) {
	text := string(doc.AppendJSON(nil))
	cache.Lock()
	c, ok := cache.byText[text]
	cache.Unlock()
	if ok {
		return c.schema, c.issue
	}
	c.schema, c.issue = compileDoc(doc)
	cache.Lock()
	if cache.byText == nil || len(cache.byText) >= maxCached {
		cache.byText = make(map[string]cached)
	}
	cache.byText[text] = c
	cache.Unlock()
	return c.schema, c.issue
}

// Validate checks v against s within run's work budget (nil: a budget of
// its own), which it charges. Its messages call v whole ("the input") and
// a place in it "field /a/0". Past the budget it stops with a last failure
// saying so.
func (s *Schema) Validate(v template.Value, whole string, run *template.Env) Validation {
	if run == nil {
		run = &template.Env{}
	}
	spent, _ := run.Spent()
	vd := validator{whole: whole, budget: template.MaxRenderSteps - spent}
	vd.validate(s, v, nil)
	if vd.limit == nil {
		run.Charge(vd.work, 0)
		return vd.Validation
	}
	// A validation the budget stopped spends it all, as a render does.
	run.Charge(template.MaxRenderSteps+1-spent, 0)
	if vd.room(vd.limitAt) {
		vd.issues = append(vd.issues, *vd.limit)
	}
	vd.limited = true
	return vd.Validation
}

// Errors reports the failures found as errors of kind, each message after
// prefix and the JSON Pointer of its place in Path, capped as every phase
// is: the failures past the cap, counted without being worded, are a last
// LimitError, and so is the failure saying that the budget stopped the
// validation.
func (f Validation) Errors(kind template.ErrorKind, prefix string) template.ErrorList {
	list := make(template.ErrorList, len(f.issues), len(f.issues)+1)
	for i, issue := range f.issues {
		list[i] = &template.Error{Kind: kind, Phase: template.PhaseRender, Msg: prefix + issue.Msg, Path: issue.Pointer, Pos: template.Pos{Line: 1, Column: 1}}
	}
	switch {
	case f.more > 0:
		list = append(list, (&template.Error{Phase: template.PhaseRender, Path: f.morePtr, Pos: template.Pos{Line: 1, Column: 1}}).MoreErrors(f.more))
	case f.limited:
		list[len(list)-1].Kind = template.LimitError
	}
	return list
}

func joinInts(ns []int) string {
	text := make([]string, len(ns))
	for i, n := range ns {
		text[i] = strconv.Itoa(n)
	}
	return strings.Join(text, " and ")
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
