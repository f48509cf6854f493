//go:build !splice_lite

package reshape

import (
	"encoding/json"
	"errors"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"

	"github.com/splicedev/splice/template"
)

// A tool's input_schema and output_schema are JSON Schemas (2020-12 unless
// they say otherwise), compiled once when the tool loads. Failures are
// worded here, rule by rule, rather than by the library's localized
// messages.

// noLoader refuses every $ref outside the schema itself: a tool file must
// not make loading read other files or the network.
type noLoader struct{}

func (noLoader) Load(url string) (any, error) {
	return nil, errors.New("schemas may not refer to other documents")
}

// schemaIssue is one way a value fails a schema, or a schema fails to
// compile: the JSON Pointer of the place and a plain message.
type schemaIssue struct {
	ptr string
	msg string
}

// compiledSchema is a schema compiled once: the schema or its issue.
type compiledSchema struct {
	schema *jsonschema.Schema
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
func compileSchema(doc template.Value) (*jsonschema.Schema, *schemaIssue) {
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

// compileSchemaText compiles doc.
func compileSchemaText(doc template.Value) (*jsonschema.Schema, *schemaIssue) {
	c := jsonschema.NewCompiler()
	c.UseLoader(noLoader{})
	// A hierarchical base, so that a relative $ref resolves to another
	// document, which noLoader refuses.
	const url = "file:///tool/schema.json"
	if err := c.AddResource(url, toAny(doc)); err != nil {
		return nil, &schemaIssue{msg: err.Error()}
	}
	s, err := c.Compile(url)
	if err == nil {
		return s, nil
	}
	var invalid *jsonschema.SchemaValidationError
	var verr *jsonschema.ValidationError
	if errors.As(err, &invalid) && errors.As(invalid.Err, &verr) {
		if issues := describe(verr, schemaPlace); len(issues) > 0 {
			return nil, &issues[0]
		}
	}
	return nil, &schemaIssue{msg: strings.TrimPrefix(err.Error(), "jsonschema: ")}
}

// validate checks v against s and returns every failure, or nil.
func validate(s *jsonschema.Schema, v template.Value, place func(ptr string) string) []schemaIssue {
	err := s.Validate(toAny(v))
	if err == nil {
		return nil
	}
	var verr *jsonschema.ValidationError
	if !errors.As(err, &verr) {
		return []schemaIssue{{msg: err.Error()}}
	}
	return describe(verr, place)
}

// describe flattens a validation error into its failing rules. The
// alternatives of anyOf and oneOf, the items tried by contains and the
// names tried by propertyNames are not flattened: the rule itself says best
// what went wrong.
func describe(e *jsonschema.ValidationError, place func(ptr string) string) []schemaIssue {
	at := Pointer(e.InstanceLocation...)
	switch k := e.ErrorKind.(type) {
	case *kind.AnyOf:
		return []schemaIssue{{at, place(at) + " matches none of the alternatives anyOf allows"}}
	case *kind.OneOf:
		if len(k.Subschemas) > 1 {
			return []schemaIssue{{at, place(at) + " matches alternatives " + joinInts(k.Subschemas) + " of oneOf, which allows exactly one"}}
		}
		return []schemaIssue{{at, place(at) + " matches none of the alternatives oneOf allows"}}
	case *kind.Contains:
		return []schemaIssue{{at, place(at) + " has no item that matches the contains schema"}}
	case *kind.MinContains:
		return []schemaIssue{{at, place(at) + " has " + count(len(k.Got), "item") + " matching the contains schema, fewer than the minContains " + strconv.Itoa(k.Want)}}
	case *kind.PropertyNames:
		msg := "field name " + strconv.Quote(k.Property) + inField(at) + " fails propertyNames"
		if len(e.Causes) == 1 && len(e.Causes[0].Causes) == 0 {
			msg += ": " + ruleText(e.Causes[0].ErrorKind)
		}
		return []schemaIssue{{at, msg}}
	}
	if len(e.Causes) > 0 {
		var issues []schemaIssue
		for _, c := range e.Causes {
			issues = append(issues, describe(c, place)...)
		}
		return issues
	}
	switch k := e.ErrorKind.(type) {
	case *kind.Required:
		issues := make([]schemaIssue, len(k.Missing))
		for i, name := range k.Missing {
			issues[i] = schemaIssue{appendToken(at, name), "missing required field " + strconv.Quote(name) + inField(at)}
		}
		return issues
	case *kind.DependentRequired:
		return dependentIssues(at, k.Prop, k.Missing)
	case *kind.Dependency:
		return dependentIssues(at, k.Prop, k.Missing)
	case *kind.AdditionalProperties:
		issues := make([]schemaIssue, len(k.Properties))
		for i, name := range k.Properties {
			issues[i] = schemaIssue{appendToken(at, name), "unexpected field " + strconv.Quote(name) + inField(at) + " (additionalProperties)"}
		}
		return issues
	}
	return []schemaIssue{{at, place(at) + ": " + ruleText(e.ErrorKind)}}
}

// ruleText says how a value fails a rule that has no sub-schemas.
func ruleText(k jsonschema.ErrorKind) string {
	switch k := k.(type) {
	case *kind.Type:
		return "want " + strings.Join(k.Want, " or ") + ", got " + k.Got
	case *kind.Enum:
		want := make([]string, len(k.Want))
		for i, v := range k.Want {
			want[i] = anyJSON(v)
		}
		return anyJSON(k.Got) + " is not one of " + strings.Join(want, ", ") + " (enum)"
	case *kind.Const:
		return anyJSON(k.Got) + " is not " + anyJSON(k.Want) + " (const)"
	case *kind.Minimum:
		return ratText(k.Got) + " is less than the minimum " + ratText(k.Want)
	case *kind.Maximum:
		return ratText(k.Got) + " is more than the maximum " + ratText(k.Want)
	case *kind.ExclusiveMinimum:
		return ratText(k.Got) + " is not more than the exclusiveMinimum " + ratText(k.Want)
	case *kind.ExclusiveMaximum:
		return ratText(k.Got) + " is not less than the exclusiveMaximum " + ratText(k.Want)
	case *kind.MultipleOf:
		return ratText(k.Got) + " is not a multiple of " + ratText(k.Want) + " (multipleOf)"
	case *kind.MinLength:
		return "has " + count(k.Got, "character") + ", fewer than the minLength " + strconv.Itoa(k.Want)
	case *kind.MaxLength:
		return "has " + count(k.Got, "character") + ", more than the maxLength " + strconv.Itoa(k.Want)
	case *kind.Pattern:
		return anyJSON(k.Got) + " does not match the pattern " + anyJSON(k.Want)
	case *kind.Format:
		msg := anyJSON(k.Got) + " is not a valid " + k.Want + " (format)"
		if k.Err != nil {
			msg += ": " + k.Err.Error()
		}
		return msg
	case *kind.MinItems:
		return "has " + count(k.Got, "item") + ", fewer than the minItems " + strconv.Itoa(k.Want)
	case *kind.MaxItems:
		return "has " + count(k.Got, "item") + ", more than the maxItems " + strconv.Itoa(k.Want)
	case *kind.MaxContains:
		return "has " + count(len(k.Got), "item") + " matching the contains schema, more than the maxContains " + strconv.Itoa(k.Want)
	case *kind.UniqueItems:
		return "items " + joinInts(k.Duplicates[:]) + " are equal (uniqueItems)"
	case *kind.AdditionalItems:
		return "has " + count(k.Count, "item") + " more than its items allow (additionalItems)"
	case *kind.MinProperties:
		return "has " + count(k.Got, "field") + ", fewer than the minProperties " + strconv.Itoa(k.Want)
	case *kind.MaxProperties:
		return "has " + count(k.Got, "field") + ", more than the maxProperties " + strconv.Itoa(k.Want)
	case *kind.FalseSchema:
		return "is not allowed: its schema is false"
	case *kind.Not:
		return "matches the schema under not"
	}
	return "fails the rule " + strings.Join(k.KeywordPath(), "/")
}

func dependentIssues(at, prop string, missing []string) []schemaIssue {
	issues := make([]schemaIssue, len(missing))
	for i, name := range missing {
		issues[i] = schemaIssue{appendToken(at, name), "missing required field " + strconv.Quote(name) + inField(at) + ", needed with " + strconv.Quote(prop)}
	}
	return issues
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

// ratText writes an exact number as JSON: whole, or as a decimal when it
// has one, else as near as a float gets.
func ratText(r *big.Rat) string {
	if r.IsInt() {
		return r.Num().String()
	}
	if s, exact := r.FloatPrec(); exact {
		return r.FloatString(s)
	}
	f, _ := r.Float64()
	return strconv.FormatFloat(f, 'g', -1, 64)
}

// anyJSON writes a value the schema library holds as compact JSON.
func anyJSON(v any) string {
	return fromAny(v).JSON()
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

// toAny converts a value to what the schema library validates: maps,
// slices and json.Number, so that numbers keep their exact text. fromAny
// converts back; object keys come out sorted.
func toAny(v template.Value) any {
	switch v.Kind() {
	case template.Bool:
		return v.Bool()
	case template.Number:
		return json.Number(v.Str())
	case template.String:
		return v.Str()
	case template.Array:
		elems := make([]any, v.Len())
		for i, e := range v.Elems() {
			elems[i] = toAny(e)
		}
		return elems
	case template.Object:
		m := make(map[string]any, v.Len())
		for _, member := range v.Members() {
			m[member.Key] = toAny(member.Value)
		}
		return m
	}
	return nil
}

func fromAny(v any) template.Value {
	switch v := v.(type) {
	case bool:
		return template.BoolValue(v)
	case json.Number:
		if template.ValidNumber(string(v)) {
			return template.NumberValue(string(v))
		}
		return template.StringValue(string(v))
	case string:
		return template.StringValue(v)
	case []any:
		elems := make([]template.Value, len(v))
		for i, e := range v {
			elems[i] = fromAny(e)
		}
		return template.ArrayValue(elems)
	case map[string]any:
		keys := make([]string, 0, len(v))
		for key := range v {
			keys = append(keys, key)
		}
		slices.Sort(keys)
		members := make([]template.Member, len(keys))
		for i, key := range keys {
			members[i] = template.Member{Key: key, Value: fromAny(v[key])}
		}
		return template.ObjectValue(members)
	}
	return template.Value{}
}
