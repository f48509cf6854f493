package reshape

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"github.com/splicedev/splice/template"
)

// A tool's input_schema and output_schema are JSON Schemas (2020-12 unless
// they say otherwise), compiled once when the tool loads.

var schemaPrinter = message.NewPrinter(language.English)

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

// compileSchema compiles doc; on failure it returns where in doc the
// problem is.
func compileSchema(doc template.Value) (*jsonschema.Schema, *schemaIssue) {
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
// alternatives of anyOf and oneOf are not flattened: the group itself says
// best what went wrong.
func describe(e *jsonschema.ValidationError, place func(ptr string) string) []schemaIssue {
	at := Pointer(e.InstanceLocation...)
	switch e.ErrorKind.(type) {
	case *kind.AnyOf, *kind.OneOf:
		rule := e.ErrorKind.KeywordPath()[0]
		return []schemaIssue{{at, place(at) + " matches none of the alternatives " + rule + " allows"}}
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
	case *kind.AdditionalProperties:
		issues := make([]schemaIssue, len(k.Properties))
		for i, name := range k.Properties {
			issues[i] = schemaIssue{appendToken(at, name), "unexpected field " + strconv.Quote(name) + inField(at) + " (additionalProperties)"}
		}
		return issues
	case *kind.Type:
		return []schemaIssue{{at, place(at) + ": want " + strings.Join(k.Want, " or ") + ", got " + k.Got}}
	}
	msg := place(at) + ": " + e.ErrorKind.LocalizedString(schemaPrinter)
	if rule := strings.Join(e.ErrorKind.KeywordPath(), "/"); rule != "" && !strings.Contains(msg, rule) {
		msg += " (" + rule + ")"
	}
	return []schemaIssue{{at, msg}}
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
// slices and json.Number, so that numbers keep their exact text.
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
