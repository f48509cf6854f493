//go:build !splice_lite

package reshape

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/splicedev/splice/template"
)

// validator checks values against compiled schemas. Its messages flatten
// the failing rules: the alternatives of anyOf and oneOf, the items tried
// by contains and the names tried by propertyNames are not flattened, the
// rule itself says best what went wrong.
type validator struct {
	place func(ptr string) string
	depth int
	steps int // schemas applied so far, against maxValidateSteps
	// applied memoizes what a schema applied to the value as a whole
	// (allOf, anyOf, oneOf, not, if, $ref) gave at a place: alternatives
	// over a $ref chain would otherwise apply the same schemas to the same
	// value exponentially often. The place names the value: it is the
	// pointer into the one value validated.
	applied map[appliedKey]appliedResult
	naming  int          // >0 while checking property names, whose place is their object's
	limit   *schemaIssue // why the validation stopped at maxValidateSteps
}

type appliedKey struct {
	s  *schema
	at string
}

type appliedResult struct {
	issues []schemaIssue
	ev     evaluated
}

// maxSchemaDepth bounds how deep schemas may apply to one another: a $ref
// cycle that never moves into the value stops here.
const maxSchemaDepth = 256

// maxValidateSteps bounds the work of one validation, in schemas applied
// to values: past it the value fails with a LimitError. (A variable for
// the tests.)
var maxValidateSteps = 1 << 22

// evaluated are the annotations unevaluatedProperties and unevaluatedItems
// read: the properties and items that some applied schema evaluated.
type evaluated struct {
	props    map[string]bool
	items    map[int]bool
	allItems bool
}

func (e *evaluated) add(o evaluated) {
	for k := range o.props {
		e.prop(k)
	}
	for i := range o.items {
		e.item(i)
	}
	e.allItems = e.allItems || o.allItems
}

func (e *evaluated) prop(name string) {
	if e.props == nil {
		e.props = map[string]bool{}
	}
	e.props[name] = true
}

func (e *evaluated) item(i int) {
	if e.items == nil {
		e.items = map[int]bool{}
	}
	e.items[i] = true
}

// rule is a failure of a rule without sub-schemas at at.
func (vd *validator) rule(at, text string) schemaIssue {
	return schemaIssue{at, vd.place(at) + ": " + text}
}

// valid reports whether v meets s, and what s evaluated in it.
func (vd *validator) valid(s *schema, v template.Value, at string) (bool, evaluated) {
	issues, ev := vd.validate(s, v, at)
	return len(issues) == 0, ev
}

// issues returns every way v, at at, fails s.
func (vd *validator) issues(s *schema, v template.Value, at string) []schemaIssue {
	issues, _ := vd.validate(s, v, at)
	return issues
}

// validate returns every way v, at at, fails s.
func (vd *validator) validate(s *schema, v template.Value, at string) (issues []schemaIssue, ev evaluated) {
	if s == nil {
		return nil, ev
	}
	if s.boolean != nil {
		if !*s.boolean {
			return []schemaIssue{vd.rule(at, "is not allowed: its schema is false")}, ev
		}
		return nil, ev
	}
	if vd.steps++; vd.steps > maxValidateSteps {
		if vd.steps == maxValidateSteps+1 {
			vd.limit = &schemaIssue{at, vd.place(at) + ": the value is too large, or the schema too involved, to validate (more than " +
				strconv.Itoa(maxValidateSteps) + " schema applications)"}
			return []schemaIssue{*vd.limit}, ev
		}
		return nil, ev
	}
	if vd.depth++; vd.depth > maxSchemaDepth {
		vd.depth--
		return []schemaIssue{{at, vd.place(at) + ": the schema applies itself without end (a $ref cycle)"}}, ev
	}
	defer func() { vd.depth-- }()

	if s.types != nil && !hasType(s.types, v) {
		return []schemaIssue{vd.rule(at, "want "+strings.Join(s.types, " or ")+", got "+v.Kind().String())}, ev
	}
	if s.hasConst && !jsonEqual(v, s.constValue) {
		issues = append(issues, vd.rule(at, v.JSON()+" is not "+sortedJSON(s.constValue)+" (const)"))
	}
	if s.enum != nil && !inEnum(s.enum, v) {
		want := make([]string, 0, min(len(s.enum), maxListed))
		for _, e := range s.enum[:len(want[:cap(want)])] {
			want = append(want, shortJSON(sortedJSON(e)))
		}
		if more := len(s.enum) - len(want); more > 0 {
			want = append(want, "… and "+strconv.Itoa(more)+" more")
		}
		issues = append(issues, vd.rule(at, shortJSON(v.JSON())+" is not one of "+strings.Join(want, ", ")+" (enum)"))
	}
	switch v.Kind() {
	case template.Number:
		issues = append(issues, vd.number(s, v, at)...)
	case template.String:
		issues = append(issues, vd.string(s, v, at)...)
	case template.Array:
		issues = append(issues, vd.array(s, v, at, &ev)...)
	case template.Object:
		issues = append(issues, vd.object(s, v, at, &ev)...)
	}
	issues = append(issues, vd.applicators(s, v, at, &ev)...)
	if v.Kind() == template.Array && s.unevaluatedItems != nil && !ev.allItems {
		for i, e := range v.Elems() {
			if !ev.items[i] {
				issues = append(issues, vd.issues(s.unevaluatedItems, e, appendIndex(at, i))...)
				ev.item(i)
			}
		}
	}
	if v.Kind() == template.Object && s.unevaluatedProperties != nil {
		for _, m := range lastMembers(v) {
			if ev.props[m.Key] {
				continue
			}
			if s.unevaluatedProperties.boolean != nil && !*s.unevaluatedProperties.boolean {
				issues = append(issues, schemaIssue{appendToken(at, m.Key), "unexpected field " + strconv.Quote(m.Key) + inField(at) + " (unevaluatedProperties)"})
			} else {
				issues = append(issues, vd.issues(s.unevaluatedProperties, m.Value, appendToken(at, m.Key))...)
			}
			ev.prop(m.Key)
		}
	}
	return issues, ev
}

// hasType reports whether v is of one of the types.
func hasType(types []string, v template.Value) bool {
	for _, t := range types {
		switch {
		case t == v.Kind().String(),
			t == "integer" && v.Kind() == template.Number && parseDecimal(v.Str()).isInt():
			return true
		}
	}
	return false
}

func (vd *validator) number(s *schema, v template.Value, at string) (issues []schemaIssue) {
	d := parseDecimal(v.Str())
	check := func(b *bound, fails func(c int) bool, text string) {
		if b != nil && fails(d.cmp(b.d)) {
			issues = append(issues, vd.rule(at, v.Str()+" "+text+" "+b.text))
		}
	}
	check(s.minimum, func(c int) bool { return c < 0 }, "is less than the minimum")
	check(s.maximum, func(c int) bool { return c > 0 }, "is more than the maximum")
	check(s.exclusiveMinimum, func(c int) bool { return c <= 0 }, "is not more than the exclusiveMinimum")
	check(s.exclusiveMaximum, func(c int) bool { return c >= 0 }, "is not less than the exclusiveMaximum")
	if s.multipleOf != nil && !d.multipleOf(s.multipleOf.d) {
		issues = append(issues, vd.rule(at, v.Str()+" is not a multiple of "+s.multipleOf.text+" (multipleOf)"))
	}
	return issues
}

func (vd *validator) string(s *schema, v template.Value, at string) (issues []schemaIssue) {
	if s.minLength >= 0 || s.maxLength >= 0 {
		n := utf8.RuneCountInString(v.Str())
		if s.minLength >= 0 && n < s.minLength {
			issues = append(issues, vd.rule(at, "has "+count(n, "character")+", fewer than the minLength "+strconv.Itoa(s.minLength)))
		}
		if s.maxLength >= 0 && n > s.maxLength {
			issues = append(issues, vd.rule(at, "has "+count(n, "character")+", more than the maxLength "+strconv.Itoa(s.maxLength)))
		}
	}
	if s.pattern != nil && !s.pattern.MatchString(v.Str()) {
		issues = append(issues, vd.rule(at, v.JSON()+" does not match the pattern "+strconv.Quote(s.patternText)))
	}
	return issues
}

func (vd *validator) array(s *schema, v template.Value, at string, ev *evaluated) (issues []schemaIssue) {
	elems := v.Elems()
	if s.minItems >= 0 && len(elems) < s.minItems {
		issues = append(issues, vd.rule(at, "has "+count(len(elems), "item")+", fewer than the minItems "+strconv.Itoa(s.minItems)))
	}
	if s.maxItems >= 0 && len(elems) > s.maxItems {
		issues = append(issues, vd.rule(at, "has "+count(len(elems), "item")+", more than the maxItems "+strconv.Itoa(s.maxItems)))
	}
	if s.uniqueItems {
		// Equal items have the same canonical JSON: one pass, not a
		// comparison of every pair.
		seen := make(map[string]int, len(elems))
		var b []byte
		for j, e := range elems {
			b = appendCanonical(b[:0], e)
			if i, dup := seen[string(b)]; dup {
				issues = append(issues, vd.rule(at, "items "+strconv.Itoa(i)+" and "+strconv.Itoa(j)+" are equal (uniqueItems)"))
				break
			}
			seen[string(b)] = j
		}
	}
	for i, p := range s.prefixItems {
		if i >= len(elems) {
			break
		}
		issues = append(issues, vd.issues(p, elems[i], appendIndex(at, i))...)
		ev.item(i)
	}
	if s.items != nil && len(elems) > len(s.prefixItems) {
		rest := elems[len(s.prefixItems):]
		if s.additionalItems && s.items.boolean != nil && !*s.items.boolean {
			issues = append(issues, vd.rule(at, "has "+count(len(rest), "item")+" more than its items allow (additionalItems)"))
		} else {
			for i, e := range rest {
				issues = append(issues, vd.issues(s.items, e, appendIndex(at, len(s.prefixItems)+i))...)
			}
		}
		ev.allItems = true
	}
	if s.contains != nil {
		matched := 0
		for i, e := range elems {
			if ok, _ := vd.valid(s.contains, e, appendIndex(at, i)); ok {
				matched++
				ev.item(i)
			}
		}
		switch {
		case s.minContains < 0 && matched == 0:
			issues = append(issues, schemaIssue{at, vd.place(at) + " has no item that matches the contains schema"})
		case s.minContains >= 0 && matched < s.minContains:
			issues = append(issues, schemaIssue{at, vd.place(at) + " has " + count(matched, "item") + " matching the contains schema, fewer than the minContains " + strconv.Itoa(s.minContains)})
		}
		if s.maxContains >= 0 && matched > s.maxContains {
			issues = append(issues, vd.rule(at, "has "+count(matched, "item")+" matching the contains schema, more than the maxContains "+strconv.Itoa(s.maxContains)))
		}
	}
	return issues
}

func (vd *validator) object(s *schema, v template.Value, at string, ev *evaluated) (issues []schemaIssue) {
	members := lastMembers(v)
	has := func(name string) bool {
		_, ok := v.Lookup(name)
		return ok
	}
	if s.minProperties >= 0 && len(members) < s.minProperties {
		issues = append(issues, vd.rule(at, "has "+count(len(members), "field")+", fewer than the minProperties "+strconv.Itoa(s.minProperties)))
	}
	if s.maxProperties >= 0 && len(members) > s.maxProperties {
		issues = append(issues, vd.rule(at, "has "+count(len(members), "field")+", more than the maxProperties "+strconv.Itoa(s.maxProperties)))
	}
	for _, name := range s.required {
		if !has(name) {
			issues = append(issues, schemaIssue{appendToken(at, name), "missing required field " + strconv.Quote(name) + inField(at)})
		}
	}
	for _, dep := range s.dependentRequired {
		if !has(dep.name) {
			continue
		}
		for _, name := range dep.required {
			if !has(name) {
				issues = append(issues, schemaIssue{appendToken(at, name), "missing required field " + strconv.Quote(name) + inField(at) + ", needed with " + strconv.Quote(dep.name)})
			}
		}
	}
	for _, m := range members {
		where := appendToken(at, m.Key)
		matched := false
		for _, p := range s.properties {
			if p.name == m.Key {
				issues = append(issues, vd.issues(p.schema, m.Value, where)...)
				matched = true
			}
		}
		for _, p := range s.patternProperties {
			if p.re.MatchString(m.Key) {
				issues = append(issues, vd.issues(p.schema, m.Value, where)...)
				matched = true
			}
		}
		if matched {
			ev.prop(m.Key)
		} else if a := s.additionalProperties; a != nil {
			if a.boolean != nil && !*a.boolean {
				issues = append(issues, schemaIssue{where, "unexpected field " + strconv.Quote(m.Key) + inField(at) + " (additionalProperties)"})
			} else {
				issues = append(issues, vd.issues(a, m.Value, where)...)
			}
			ev.prop(m.Key)
		}
		if s.propertyNames != nil {
			vd.naming++
			names, _ := vd.validate(s.propertyNames, template.StringValue(m.Key), at)
			vd.naming--
			if len(names) > 0 {
				msg := "field name " + strconv.Quote(m.Key) + inField(at) + " fails propertyNames"
				if len(names) == 1 {
					_, text, _ := strings.Cut(names[0].msg, ": ")
					msg += ": " + text
				}
				issues = append(issues, schemaIssue{at, msg})
			}
		}
	}
	for _, dep := range s.dependentSchemas {
		if has(dep.name) {
			more, e := vd.validate(dep.schema, v, at)
			issues = append(issues, more...)
			ev.add(e)
		}
	}
	return issues
}

// applicators apply the schemas that apply to the value as a whole.
func (vd *validator) applicators(s *schema, v template.Value, at string, ev *evaluated) (issues []schemaIssue) {
	if s.ref != nil {
		more, e := vd.apply(s.ref, v, at)
		issues = appendNew(issues, more)
		ev.add(e)
	}
	for _, sub := range s.allOf {
		more, e := vd.apply(sub, v, at)
		issues = appendNew(issues, more)
		ev.add(e)
	}
	if s.anyOf != nil {
		any := false
		for _, sub := range s.anyOf {
			if ok, e := vd.applyValid(sub, v, at); ok {
				any = true
				ev.add(e)
			}
		}
		if !any {
			issues = append(issues, schemaIssue{at, vd.place(at) + " matches none of the alternatives anyOf allows"})
		}
	}
	if s.oneOf != nil {
		var matched []int
		var first evaluated
		for i, sub := range s.oneOf {
			if ok, e := vd.applyValid(sub, v, at); ok {
				matched = append(matched, i)
				first = e
			}
		}
		switch len(matched) {
		case 0:
			issues = append(issues, schemaIssue{at, vd.place(at) + " matches none of the alternatives oneOf allows"})
		case 1:
			ev.add(first)
		default:
			issues = append(issues, schemaIssue{at, vd.place(at) + " matches alternatives " + joinInts(matched) + " of oneOf, which allows exactly one"})
		}
	}
	if s.not != nil {
		if ok, _ := vd.applyValid(s.not, v, at); ok {
			issues = append(issues, vd.rule(at, "matches the schema under not"))
		}
	}
	if s.ifS != nil {
		if ok, e := vd.applyValid(s.ifS, v, at); ok {
			ev.add(e)
			more, e := vd.apply(s.thenS, v, at)
			issues = appendNew(issues, more)
			ev.add(e)
		} else {
			more, e := vd.apply(s.elseS, v, at)
			issues = appendNew(issues, more)
			ev.add(e)
		}
	}
	return issues
}

// appendNew appends the issues of more that issues lacks: schemas that
// apply the same schema twice at one place (allOf over $refs to one
// definition) report its failures once.
func appendNew(issues, more []schemaIssue) []schemaIssue {
	for _, m := range more {
		if !slices.Contains(issues, m) {
			issues = append(issues, m)
		}
	}
	return issues
}

// apply validates v at at against s applied to it as a whole, once per
// schema and place (see validator.applied).
func (vd *validator) apply(s *schema, v template.Value, at string) ([]schemaIssue, evaluated) {
	if vd.naming > 0 || s == nil {
		return vd.validate(s, v, at)
	}
	key := appliedKey{s, at}
	if r, ok := vd.applied[key]; ok {
		return r.issues, r.ev
	}
	issues, ev := vd.validate(s, v, at)
	if vd.applied == nil {
		vd.applied = map[appliedKey]appliedResult{}
	}
	vd.applied[key] = appliedResult{issues, ev}
	return issues, ev
}

func (vd *validator) applyValid(s *schema, v template.Value, at string) (bool, evaluated) {
	issues, ev := vd.apply(s, v, at)
	return len(issues) == 0, ev
}

// inEnum reports whether v equals one of the values.
func inEnum(values []template.Value, v template.Value) bool {
	for _, e := range values {
		if jsonEqual(e, v) {
			return true
		}
	}
	return false
}

// jsonEqual is JSON Schema's equality: numbers by value (1 is 1.0),
// objects whatever their key order.
func jsonEqual(a, b template.Value) bool {
	if a.Kind() != b.Kind() {
		return false
	}
	switch a.Kind() {
	case template.Null:
		return true
	case template.Bool, template.String:
		return a.Str() == b.Str()
	case template.Number:
		return a.Str() == b.Str() || parseDecimal(a.Str()).cmp(parseDecimal(b.Str())) == 0
	case template.Array:
		if a.Len() != b.Len() {
			return false
		}
		for i, e := range a.Elems() {
			if !jsonEqual(e, b.Elems()[i]) {
				return false
			}
		}
		return true
	}
	am, bm := lastMembers(a), lastMembers(b)
	if len(am) != len(bm) {
		return false
	}
	for _, m := range am {
		other, ok := b.Lookup(m.Key)
		if !ok || !jsonEqual(m.Value, other) {
			return false
		}
	}
	return true
}

// maxListed bounds the values a message lists.
const maxListed = 10

// shortJSON cuts a value's JSON for a message.
func shortJSON(s string) string {
	const limit = 80
	if len(s) <= limit {
		return s
	}
	cut := limit
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// appendCanonical writes v so that values JSON Schema holds equal are
// written alike: object keys sorted, numbers in one form (1, 1.0, 10e-1).
func appendCanonical(b []byte, v template.Value) []byte { return appendSorted(b, v, true) }

// sortedJSON writes a schema's value as compact JSON with its object keys
// sorted, so that messages do not depend on how the schema was written.
func sortedJSON(v template.Value) string { return string(appendSorted(nil, v, false)) }

// appendSorted writes v as compact JSON with its object keys sorted and,
// when canonical, its numbers in one form.
func appendSorted(b []byte, v template.Value, canonical bool) []byte {
	switch v.Kind() {
	case template.Number:
		if canonical {
			return append(b, parseDecimal(v.Str()).String()...)
		}
	case template.Array:
		b = append(b, '[')
		for i, e := range v.Elems() {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendSorted(b, e, canonical)
		}
		return append(b, ']')
	case template.Object:
		members := slices.SortedFunc(slices.Values(lastMembers(v)), func(a, b template.Member) int { return strings.Compare(a.Key, b.Key) })
		b = append(b, '{')
		for i, m := range members {
			if i > 0 {
				b = append(b, ',')
			}
			b = template.AppendQuoted(b, m.Key)
			b = append(b, ':')
			b = appendSorted(b, m.Value, canonical)
		}
		return append(b, '}')
	}
	return v.AppendJSON(b)
}
