package jsonschema

import (
	"math"
	"math/big"
	"regexp"
	"regexp/syntax"
	"strconv"
	"strings"

	"github.com/splicedev/splice/template"
)

// Schema is a compiled JSON Schema, immutable and safe for concurrent
// validation. Absent keywords are nil, or -1 for the counts. Every argument
// is read here, once: validating a value parses nothing of the schema
// again.
type Schema struct {
	boolean *bool // a boolean schema: true allows everything, false nothing
	cost    int   // the work of applying it, before its values: its keywords

	types    []string // type: null, boolean, number, integer, string, array, object
	enum     *valueSet
	constant *valueSet // const, a set of one

	minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf *bound

	minLength, maxLength int
	pattern              *pattern

	minItems, maxItems       int
	uniqueItems              bool
	prefixItems              []*Schema
	items                    *Schema // the items after prefixItems
	additionalItems          bool    // items is a draft's additionalItems (after an array items)
	contains                 *Schema
	minContains, maxContains int

	minProperties, maxProperties int
	required                     []string
	dependentRequired            []dependency
	properties                   map[string]*Schema
	patternProperties            []patternSchema
	additionalProperties         *Schema
	propertyNames                *Schema
	dependentSchemas             []namedSchema

	ref                    *Schema
	allOf, anyOf, oneOf    []*Schema
	not, ifS, thenS, elseS *Schema
	unevaluatedItems       *Schema
	unevaluatedProperties  *Schema
}

// bound is a number keyword's value: exact, as a fraction when in range
// (multipleOf divides by it), and cut for messages.
type bound struct {
	d     decimal
	rat   *big.Rat
	shown string
}

type namedSchema struct {
	name   string
	schema *Schema
}

type patternSchema struct {
	pattern *pattern
	schema  *Schema
}

// pattern is a compiled regex and what matching it costs.
type pattern struct {
	re   *regexp.Regexp
	text string
	// size is the instructions of its program: a match costs up to size
	// steps per byte of text.
	size int
}

// valueSet holds the values of enum or const by their canonical JSON, so
// that looking a value up costs its own size, whatever the set's.
type valueSet struct {
	canonical map[string]struct{}
	longest   int    // the longest canonical JSON: a value written longer is in no set
	listed    string // the values for a message: the first maxListed, cut
}

type dependency struct {
	name     string
	required []string
}

// Drafts, by the year or number of their meta-schema.
const (
	draft4    = 4
	draft6    = 6
	draft7    = 7
	draft2019 = 2019
	draft2020 = 2020
)

// metaSchemas are the $schema values the validator knows.
var metaSchemas = map[string]int{
	"https://json-schema.org/draft/2020-12/schema": draft2020,
	"https://json-schema.org/draft/2019-09/schema": draft2019,
	"http://json-schema.org/draft-07/schema":       draft7,
	"http://json-schema.org/draft-06/schema":       draft6,
	"http://json-schema.org/draft-04/schema":       draft4,
}

// compiler compiles one schema document. It stops at the first
// issue: a schema that is not valid is reported where it is wrong.
type compiler struct {
	doc     template.Value
	draft   int
	byPtr   map[string]*Schema
	anchors map[string]string // $anchor (and $dynamicAnchor) → its schema's pointer
	refs    []pendingRef
	issue   *Issue
}

// pendingRef is a $ref to resolve once the document is compiled.
type pendingRef struct {
	from   *Schema
	ptr    string // where the $ref is
	target string
}

// compileDoc compiles doc.
func compileDoc(doc template.Value) (*Schema, *Issue) {
	c := &compiler{doc: doc, draft: draft2020, byPtr: map[string]*Schema{}, anchors: map[string]string{}}
	if doc.Kind() == template.Object {
		if v, ok := doc.Lookup("$schema"); ok {
			if v.Kind() != template.String {
				return nil, &Issue{"/$schema", "/$schema: want string, got " + v.Kind().String()}
			}
			draft, known := metaSchemas[strings.TrimSuffix(v.Str(), "#")]
			if !known {
				return nil, &Issue{"/$schema", "/$schema: " + strconv.Quote(v.Str()) + " is not a meta-schema this validator knows (2020-12, 2019-09, draft-07, draft-06 or draft-04)"}
			}
			c.draft = draft
		}
	}
	root := c.compile(doc, "")
	for len(c.refs) > 0 && c.issue == nil {
		r := c.refs[0]
		c.refs = c.refs[1:]
		r.from.ref = c.resolve(r)
	}
	if c.issue != nil {
		return nil, c.issue
	}
	return root, nil
}

// fail records the first issue, at ptr in the schema.
func (c *compiler) fail(ptr, rule string) {
	if c.issue == nil {
		c.issue = &Issue{ptr, schemaPlace(ptr) + ": " + rule}
	}
}

// failWhole records an issue whose message names the place itself.
func (c *compiler) failWhole(ptr, msg string) {
	if c.issue == nil {
		c.issue = &Issue{ptr, msg}
	}
}

// compile compiles the schema v found at ptr.
func (c *compiler) compile(v template.Value, ptr string) *Schema {
	if s, ok := c.byPtr[ptr]; ok {
		return s
	}
	s := &Schema{cost: 1, minLength: -1, maxLength: -1, minItems: -1, maxItems: -1, minContains: -1, maxContains: -1, minProperties: -1, maxProperties: -1}
	c.byPtr[ptr] = s
	switch v.Kind() {
	case template.Bool:
		b := v.Bool()
		s.boolean = &b
		return s
	case template.Object:
	default:
		c.fail(ptr, "want object or boolean, got "+v.Kind().String())
		return s
	}
	members := lastMembers(v)
	s.cost = max(1, len(members))
	get := func(key string) (template.Value, bool) {
		for _, m := range members {
			if m.Key == key {
				return m.Value, true
			}
		}
		return template.Value{}, false
	}
	// Before draft 2019-09, $ref stands alone: the other keywords beside it
	// are ignored.
	if ref, ok := get("$ref"); ok && c.draft <= draft7 {
		c.ref(s, ref, template.ChildPointer(ptr, "$ref"))
		return s
	}
	for _, m := range members {
		c.keyword(s, m.Key, m.Value, template.ChildPointer(ptr, m.Key), get)
		if c.issue != nil {
			break
		}
	}
	if s.contains == nil {
		s.minContains, s.maxContains = -1, -1
	}
	return s
}

// keyword compiles one keyword of an object schema.
func (c *compiler) keyword(s *Schema, key string, v template.Value, ptr string, get func(string) (template.Value, bool)) {
	switch key {
	case "type":
		c.types(s, v, ptr)
	case "enum":
		if c.want(v, template.Array, ptr) {
			s.enum = newValueSet(v.Elems())
		}
	case "const":
		s.constant = newValueSet([]template.Value{v})
	case "minimum":
		s.minimum = c.number(v, ptr)
	case "maximum":
		s.maximum = c.number(v, ptr)
	case "exclusiveMinimum", "exclusiveMaximum":
		if c.draft == draft4 && v.Kind() == template.Bool {
			if v.Bool() {
				bound := "minimum"
				if key == "exclusiveMaximum" {
					bound = "maximum"
				}
				if b, ok := get(bound); ok {
					n := c.number(b, strings.TrimSuffix(ptr, key)+bound)
					if key == "exclusiveMinimum" {
						s.exclusiveMinimum, s.minimum = n, nil
					} else {
						s.exclusiveMaximum, s.maximum = n, nil
					}
				}
			}
			return
		}
		n := c.number(v, ptr)
		if key == "exclusiveMinimum" {
			s.exclusiveMinimum = n
		} else {
			s.exclusiveMaximum = n
		}
	case "multipleOf":
		if n := c.number(v, ptr); n != nil {
			if n.d.sign() <= 0 {
				c.fail(ptr, n.shown+" is not more than the exclusiveMinimum 0")
			}
			s.multipleOf = n
		}
	case "minLength":
		s.minLength = c.count(v, ptr)
	case "maxLength":
		s.maxLength = c.count(v, ptr)
	case "pattern":
		if c.want(v, template.String, ptr) {
			s.pattern = c.regexp(v.Str(), ptr)
		}
	case "format":
		c.want(v, template.String, ptr)
	case "minItems":
		s.minItems = c.count(v, ptr)
	case "maxItems":
		s.maxItems = c.count(v, ptr)
	case "uniqueItems":
		if c.want(v, template.Bool, ptr) {
			s.uniqueItems = v.Bool()
		}
	case "prefixItems":
		if c.draft >= draft2020 {
			s.prefixItems = c.schemas(v, ptr)
		}
	case "items":
		if c.draft < draft2020 && v.Kind() == template.Array {
			s.prefixItems = c.schemas(v, ptr)
			if extra, ok := get("additionalItems"); ok {
				s.items, s.additionalItems = c.compile(extra, strings.TrimSuffix(ptr, "items")+"additionalItems"), true
			}
			return
		}
		s.items = c.compile(v, ptr)
	case "contains":
		s.contains = c.compile(v, ptr)
	case "minContains":
		if c.draft >= draft2019 {
			s.minContains = c.count(v, ptr)
		}
	case "maxContains":
		if c.draft >= draft2019 {
			s.maxContains = c.count(v, ptr)
		}
	case "minProperties":
		s.minProperties = c.count(v, ptr)
	case "maxProperties":
		s.maxProperties = c.count(v, ptr)
	case "required":
		s.required = c.strings(v, ptr)
	case "dependentRequired":
		if c.draft >= draft2019 && c.want(v, template.Object, ptr) {
			for _, m := range lastMembers(v) {
				s.dependentRequired = append(s.dependentRequired, dependency{m.Key, c.strings(m.Value, template.ChildPointer(ptr, m.Key))})
			}
		}
	case "dependencies":
		if c.draft <= draft7 && c.want(v, template.Object, ptr) {
			for _, m := range lastMembers(v) {
				at := template.ChildPointer(ptr, m.Key)
				if m.Value.Kind() == template.Array {
					s.dependentRequired = append(s.dependentRequired, dependency{m.Key, c.strings(m.Value, at)})
				} else {
					s.dependentSchemas = append(s.dependentSchemas, namedSchema{m.Key, c.compile(m.Value, at)})
				}
			}
		}
	case "properties":
		named := c.schemaMap(v, ptr)
		s.properties = make(map[string]*Schema, len(named))
		for _, p := range named {
			s.properties[p.name] = p.schema
		}
	case "patternProperties":
		for _, p := range c.schemaMap(v, ptr) {
			s.patternProperties = append(s.patternProperties, patternSchema{c.regexp(p.name, template.ChildPointer(ptr, p.name)), p.schema})
		}
	case "additionalProperties":
		s.additionalProperties = c.compile(v, ptr)
	case "propertyNames":
		s.propertyNames = c.compile(v, ptr)
	case "dependentSchemas":
		if c.draft >= draft2019 {
			s.dependentSchemas = c.schemaMap(v, ptr)
		}
	case "$defs", "definitions":
		c.schemaMap(v, ptr)
	case "$ref":
		c.ref(s, v, ptr)
	case "$dynamicRef", "$recursiveRef":
		// Without other documents, a dynamic reference resolves as a plain one.
		c.ref(s, v, ptr)
	case "$anchor", "$dynamicAnchor":
		if c.want(v, template.String, ptr) {
			c.anchors[v.Str()] = strings.TrimSuffix(ptr, "/"+key)
		}
	case "$id", "$schema", "$comment":
		c.want(v, template.String, ptr)
	case "allOf":
		s.allOf = c.schemas(v, ptr)
	case "anyOf":
		s.anyOf = c.schemas(v, ptr)
	case "oneOf":
		s.oneOf = c.schemas(v, ptr)
	case "not":
		s.not = c.compile(v, ptr)
	case "if":
		if c.draft >= draft7 {
			s.ifS = c.compile(v, ptr)
		}
	case "then":
		if c.draft >= draft7 {
			s.thenS = c.compile(v, ptr)
		}
	case "else":
		if c.draft >= draft7 {
			s.elseS = c.compile(v, ptr)
		}
	case "unevaluatedItems":
		if c.draft >= draft2019 {
			s.unevaluatedItems = c.compile(v, ptr)
		}
	case "unevaluatedProperties":
		if c.draft >= draft2019 {
			s.unevaluatedProperties = c.compile(v, ptr)
		}
	}
}

// simpleTypes are the names type allows.
var simpleTypes = []string{"array", "boolean", "integer", "null", "number", "object", "string"}

func (c *compiler) types(s *Schema, v template.Value, ptr string) {
	isType := func(v template.Value) bool {
		if v.Kind() != template.String {
			return false
		}
		for _, t := range simpleTypes {
			if v.Str() == t {
				return true
			}
		}
		return false
	}
	switch {
	case isType(v):
		s.types = []string{v.Str()}
		return
	case v.Kind() == template.Array:
		ok := true
		for _, e := range v.Elems() {
			ok = ok && isType(e)
			s.types = append(s.types, e.Str())
		}
		if ok {
			if s.types == nil {
				s.types = []string{}
			}
			return
		}
	}
	c.failWhole(ptr, ptr+" matches none of the alternatives anyOf allows")
}

// want checks that a keyword's value is of kind k.
func (c *compiler) want(v template.Value, k template.Kind, ptr string) bool {
	if v.Kind() != k {
		c.fail(ptr, "want "+k.String()+", got "+v.Kind().String())
		return false
	}
	return true
}

// number reads a number keyword exactly.
func (c *compiler) number(v template.Value, ptr string) *bound {
	if !c.want(v, template.Number, ptr) {
		return nil
	}
	d := parseDecimal(v.Str())
	b := &bound{d: d, shown: preview(v, writtenJSON)}
	b.rat, _ = d.rat()
	return b
}

// count reads a non-negative integer keyword (1.0 is an integer).
func (c *compiler) count(v template.Value, ptr string) int {
	d := parseDecimal(v.Str())
	if v.Kind() != template.Number || !d.isInt() {
		got := v.Kind().String()
		c.fail(ptr, "want integer, got "+got)
		return -1
	}
	if d.neg {
		c.fail(ptr, v.Str()+" is less than the minimum 0")
		return -1
	}
	n, ok := d.int()
	if !ok || n > 1<<31 {
		return 1 << 31
	}
	return n
}

// strings reads an array of distinct strings.
func (c *compiler) strings(v template.Value, ptr string) []string {
	if !c.want(v, template.Array, ptr) {
		return nil
	}
	list := make([]string, 0, v.Len())
	for i, e := range v.Elems() {
		if !c.want(e, template.String, template.ChildPointer(ptr, strconv.Itoa(i))) {
			return nil
		}
		for j, prev := range list {
			if prev == e.Str() {
				c.fail(ptr, "items "+strconv.Itoa(j)+" and "+strconv.Itoa(i)+" are equal (uniqueItems)")
				return nil
			}
		}
		list = append(list, e.Str())
	}
	return list
}

// schemas reads a non-empty array of schemas.
func (c *compiler) schemas(v template.Value, ptr string) []*Schema {
	if !c.want(v, template.Array, ptr) {
		return nil
	}
	if v.Len() == 0 {
		c.fail(ptr, "has 0 items, fewer than the minItems 1")
		return nil
	}
	list := make([]*Schema, v.Len())
	for i, e := range v.Elems() {
		list[i] = c.compile(e, template.ChildPointer(ptr, strconv.Itoa(i)))
	}
	return list
}

// schemaMap reads an object of schemas, in its order.
func (c *compiler) schemaMap(v template.Value, ptr string) []namedSchema {
	if !c.want(v, template.Object, ptr) {
		return nil
	}
	var list []namedSchema
	for _, m := range lastMembers(v) {
		list = append(list, namedSchema{m.Key, c.compile(m.Value, template.ChildPointer(ptr, m.Key))})
	}
	return list
}

// regexp compiles a pattern (Go's RE2 syntax, which has no backtracking).
func (c *compiler) regexp(text, ptr string) *pattern {
	re, err := regexp.Compile(text)
	if err != nil {
		c.fail(ptr, strconv.Quote(text)+" is not a valid regex (format): "+strings.TrimPrefix(err.Error(), "error parsing regexp: "))
		return nil
	}
	return &pattern{re: re, text: text, size: programSize(text)}
}

// programSize is the number of instructions of the program a pattern
// compiles to, as the regexp package compiles it; regexp keeps its own to
// itself.
func programSize(text string) int {
	parsed, err := syntax.Parse(text, syntax.Perl)
	if err != nil {
		return len(text) // not reached: the pattern compiled
	}
	prog, err := syntax.Compile(parsed.Simplify())
	if err != nil {
		return len(text)
	}
	return len(prog.Inst)
}

// newValueSet indexes the values of enum or const.
func newValueSet(values []template.Value) *valueSet {
	set := &valueSet{canonical: make(map[string]struct{}, len(values))}
	listed := make([]string, 0, min(len(values), maxListed)+1)
	w := jsonWriter{form: canonicalJSON, limit: math.MaxInt}
	for i, v := range values {
		w.b = w.b[:0]
		w.write(v)
		set.canonical[string(w.b)] = struct{}{}
		set.longest = max(set.longest, len(w.b))
		if i < maxListed {
			listed = append(listed, preview(v, sortedJSON))
		}
	}
	if more := len(values) - maxListed; more > 0 {
		listed = append(listed, "… and "+strconv.Itoa(more)+" more")
	}
	set.listed = strings.Join(listed, ", ")
	return set
}

// ref records a $ref, resolved once the whole document is compiled.
func (c *compiler) ref(s *Schema, v template.Value, ptr string) {
	if !c.want(v, template.String, ptr) {
		return
	}
	target := v.Str()
	if !strings.HasPrefix(target, "#") {
		c.fail(ptr, strconv.Quote(target)+" refers to another document: schemas may not refer to other documents, only within themselves (#/$defs/name)")
		return
	}
	c.refs = append(c.refs, pendingRef{s, ptr, target})
}

// resolve finds the schema a $ref names: a JSON Pointer into the document
// or an $anchor.
func (c *compiler) resolve(r pendingRef) *Schema {
	fragment, ok := percentDecode(r.target[1:])
	if !ok {
		c.fail(r.ptr, strconv.Quote(r.target)+" is not a valid reference")
		return nil
	}
	ptr := fragment
	if fragment != "" && fragment[0] != '/' {
		if ptr, ok = c.anchors[fragment]; !ok {
			c.fail(r.ptr, strconv.Quote(r.target)+" names no $anchor of the schema")
			return nil
		}
	}
	if s, ok := c.byPtr[ptr]; ok {
		return s
	}
	v, ok := template.ResolvePointer(c.doc, ptr)
	if !ok {
		c.fail(r.ptr, strconv.Quote(r.target)+" points at nothing in the schema")
		return nil
	}
	return c.compile(v, ptr)
}

// percentDecode undoes the %XX escapes of a URI fragment.
func percentDecode(s string) (string, bool) {
	if !strings.Contains(s, "%") {
		return s, true
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			b.WriteByte(s[i])
			continue
		}
		if i+2 >= len(s) {
			return "", false
		}
		n, err := strconv.ParseUint(s[i+1:i+3], 16, 8)
		if err != nil {
			return "", false
		}
		b.WriteByte(byte(n))
		i += 2
	}
	return b.String(), true
}

// lastMembers are an object's members with each key once, where it first
// comes, with its last value: what a lookup sees.
func lastMembers(v template.Value) []template.Member {
	members := v.Members()
	for i, m := range members {
		for _, earlier := range members[:i] {
			if earlier.Key == m.Key {
				return dedupMembers(members)
			}
		}
		if i > 64 {
			return dedupMembers(members)
		}
	}
	return members
}

func dedupMembers(members []template.Member) []template.Member {
	at := make(map[string]int, len(members))
	var out []template.Member
	for _, m := range members {
		if i, ok := at[m.Key]; ok {
			out[i].Value = m.Value
			continue
		}
		at[m.Key] = len(out)
		out = append(out, m)
	}
	return out
}
