package jsonschema

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/splicedev/splice/internal/display"
	"github.com/splicedev/splice/template"
)

// validator checks a value against a compiled schema within the run's work
// budget (DIALECT §5): every schema applied, every keyword, every byte a
// pattern or an encoding reads and every message worded is work. Its
// messages flatten the failing rules: the alternatives of anyOf and oneOf,
// the items tried by contains and the names tried by propertyNames are not
// flattened, the rule itself says best what went wrong.
type validator struct {
	Validation
	whole        string // what messages call the value validated
	work, budget int    // work done, and the most the run has left for it
	depth        int
	// quiet is >0 while only whether a value passes matters (the schemas
	// under anyOf, oneOf, not, if, contains): nothing is worded there.
	quiet int
	// failures counts the failures met, worded or not: a quiet check
	// fails when it grows.
	failures int
	// applied memoizes what a schema applied to the value as a whole
	// (allOf, anyOf, oneOf, not, if, $ref) gave at a place: alternatives
	// over a $ref chain would otherwise apply the same schemas to the same
	// value exponentially often.
	applied map[appliedKey]appliedResult
	naming  int    // >0 while checking property names, whose place is their object's
	limit   *Issue // why the validation stopped: the budget ran out
	limitAt *path  // where
	scratch []byte // for canonical JSON
}

// Validation is what a validation found: the first template.MaxErrors
// failures worded, and how many more it counted without wording them.
type Validation struct {
	issues  []Issue
	more    int
	morePtr string // where the first failure left unworded is
	limited bool   // the run's budget stopped it: the last issue says so
}

type appliedKey struct {
	s     *Schema
	at    *path
	quiet bool
}

type appliedResult struct {
	failed bool
	ev     evaluated
}

// maxDepth bounds how deep schemas may apply to one another: a $ref
// cycle that never moves into the value stops here.
const maxDepth = 256

// path is the place of a value in the one validated. It is written as a
// JSON Pointer only for a failure worded, not for every value visited: a
// long key above many items would otherwise be copied for each.
type path struct {
	up    *path
	key   string
	index int // of an item; -1 for a member
}

func (p *path) member(key string) *path { return &path{up: p, key: key, index: -1} }
func (p *path) item(i int) *path        { return &path{up: p, index: i} }

// pointer writes p as a JSON Pointer; nil is the whole value.
func (p *path) pointer() string {
	if p == nil {
		return ""
	}
	if p.index >= 0 {
		return template.ChildPointer(p.up.pointer(), strconv.Itoa(p.index))
	}
	return template.ChildPointer(p.up.pointer(), p.key)
}

// shown is p for a message: its long keys cut.
func (p *path) shown() string {
	if p == nil {
		return ""
	}
	if p.index >= 0 {
		return template.ChildPointer(p.up.shown(), strconv.Itoa(p.index))
	}
	return template.ChildPointer(p.up.shown(), cutText(p.key, previewBytes))
}

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

// size is what copying e costs.
func (e *evaluated) size() int { return len(e.props) + len(e.items) }

// charge spends n of the run's work on the value at at. Past the budget the
// validation stops there, and says why: doing, when given, names the work
// that would not fit.
func (vd *validator) charge(n int, at *path, doing func() string) bool {
	if vd.limit != nil {
		return false
	}
	if n <= vd.budget-vd.work {
		vd.work += n
		return true
	}
	why := "the value is too large, or the schema too involved, to validate within"
	if doing != nil {
		why = doing() + " would take more than"
	}
	budget := " the work left of the run's budget (" + strconv.Itoa(template.MaxRenderSteps) + " steps for all its renders)"
	vd.limit, vd.limitAt = &Issue{at.pointer(), vd.place(at.shown()) + ": " + why + budget}, at
	return false
}

// place names the value at ptr in a message.
func (vd *validator) place(ptr string) string {
	if ptr == "" {
		return vd.whole
	}
	return "field " + ptr
}

// fail records a failure at at. Only a failure that is reported is worded:
// message is not called in a quiet check, nor past the cap.
func (vd *validator) fail(at *path, message func() string) {
	vd.failures++
	if vd.quiet > 0 || vd.limit != nil || !vd.room(at) {
		return
	}
	issue := Issue{at.pointer(), message()}
	if vd.charge(len(issue.Msg), at, nil) && !slices.Contains(vd.issues, issue) {
		vd.issues = append(vd.issues, issue)
	}
}

// room reports whether a failure at at is to be worded: past the cap it is
// only counted.
func (f *Validation) room(at *path) bool {
	if len(f.issues) < template.MaxErrors {
		return true
	}
	if f.more == 0 {
		f.morePtr = at.pointer()
	}
	f.more++
	return false
}

// failRule records the failure of a rule without sub-schemas: its message
// is the place, then text.
func (vd *validator) failRule(at *path, text func() string) {
	vd.fail(at, func() string { return vd.place(at.shown()) + ": " + text() })
}

// passes reports whether v at at meets s, wording nothing, and what s
// evaluated in it; whole says that s applies to the value as a whole.
func (vd *validator) passes(s *Schema, v template.Value, at *path, whole bool) (bool, evaluated) {
	before := vd.failures
	vd.quiet++
	var ev evaluated
	if whole {
		ev = vd.apply(s, v, at)
	} else {
		ev = vd.validate(s, v, at)
	}
	vd.quiet--
	return vd.failures == before, ev
}

// validate records every way v, at at, fails s, and returns what s
// evaluated in it.
func (vd *validator) validate(s *Schema, v template.Value, at *path) (ev evaluated) {
	if s == nil {
		return ev
	}
	if s.boolean != nil {
		if !*s.boolean {
			vd.failRule(at, func() string { return "is not allowed: its schema is false" })
		}
		return ev
	}
	if !vd.charge(s.cost, at, nil) {
		return ev
	}
	if vd.depth++; vd.depth > maxDepth {
		vd.depth--
		vd.failRule(at, func() string { return "the schema applies itself without end (a $ref cycle)" })
		return ev
	}
	defer func() { vd.depth-- }()

	if s.types != nil && !vd.hasType(s.types, v, at) {
		vd.failRule(at, func() string { return "want " + strings.Join(s.types, " or ") + ", got " + v.Kind().String() })
		return ev
	}
	if s.constant != nil && !vd.in(s.constant, v, at) {
		vd.failRule(at, func() string { return preview(v, writtenJSON) + " is not " + s.constant.listed + " (const)" })
	}
	if s.enum != nil && !vd.in(s.enum, v, at) {
		vd.failRule(at, func() string { return preview(v, writtenJSON) + " is not one of " + s.enum.listed + " (enum)" })
	}
	switch v.Kind() {
	case template.Number:
		vd.number(s, v, at)
	case template.String:
		vd.string(s, v, at)
	case template.Array:
		vd.array(s, v, at, &ev)
	case template.Object:
		vd.object(s, v, at, &ev)
	}
	vd.applicators(s, v, at, &ev)
	if v.Kind() == template.Array && s.unevaluatedItems != nil && !ev.allItems {
		for i, e := range v.Elems() {
			if !ev.items[i] {
				vd.validate(s.unevaluatedItems, e, at.item(i))
				ev.item(i)
			}
		}
	}
	if v.Kind() == template.Object && s.unevaluatedProperties != nil {
		for _, m := range lastMembers(v) {
			if ev.props[m.Key] {
				continue
			}
			if u := s.unevaluatedProperties; u.boolean != nil && !*u.boolean {
				vd.fail(at.member(m.Key), func() string {
					return "unexpected field " + quoted(m.Key) + inField(at.shown()) + " (unevaluatedProperties)"
				})
			} else {
				vd.validate(u, m.Value, at.member(m.Key))
			}
			ev.prop(m.Key)
		}
	}
	return ev
}

// hasType reports whether v is of one of the types.
func (vd *validator) hasType(types []string, v template.Value, at *path) bool {
	for _, t := range types {
		switch {
		case t == v.Kind().String():
			return true
		case t == "integer" && v.Kind() == template.Number:
			if vd.charge(len(v.Str()), at, nil) && parseDecimal(v.Str()).isInt() {
				return true
			}
		}
	}
	return false
}

// in reports whether v is one of set's values: its canonical JSON, written
// no further than the longest of theirs, is looked up.
func (vd *validator) in(set *valueSet, v template.Value, at *path) bool {
	w := jsonWriter{b: vd.scratch[:0], form: canonicalJSON, limit: set.longest}
	w.write(v)
	vd.scratch = w.b
	if !vd.charge(w.read, at, nil) || w.cut {
		return false
	}
	_, ok := set.canonical[string(w.b)]
	return ok
}

func (vd *validator) number(s *Schema, v template.Value, at *path) {
	if s.minimum == nil && s.maximum == nil && s.exclusiveMinimum == nil && s.exclusiveMaximum == nil && s.multipleOf == nil {
		return
	}
	if !vd.charge(len(v.Str()), at, nil) {
		return
	}
	d := parseDecimal(v.Str())
	check := func(b *bound, fails func(c int) bool, text string) {
		if b != nil && fails(d.cmp(b.d)) {
			vd.failRule(at, func() string { return preview(v, writtenJSON) + " " + text + " " + b.shown })
		}
	}
	check(s.minimum, func(c int) bool { return c < 0 }, "is less than the minimum")
	check(s.maximum, func(c int) bool { return c > 0 }, "is more than the maximum")
	check(s.exclusiveMinimum, func(c int) bool { return c <= 0 }, "is not more than the exclusiveMinimum")
	check(s.exclusiveMaximum, func(c int) bool { return c >= 0 }, "is not less than the exclusiveMaximum")
	if m := s.multipleOf; m != nil && !vd.isMultiple(d, m, at) {
		vd.failRule(at, func() string { return preview(v, writtenJSON) + " is not a multiple of " + m.shown + " (multipleOf)" })
	}
}

// isMultiple reports whether d is a whole multiple of m. Comparing decides
// most: only what it does not decide is divided, at its cost.
func (vd *validator) isMultiple(d decimal, m *bound, at *path) bool {
	switch {
	case d.isZero():
		return true
	case magnitude(d).cmp(m.d) < 0:
		return false // a non-zero multiple is at least m
	}
	return !vd.charge(d.exactSize()+m.d.exactSize(), at, nil) || d.multipleOf(m.d, m.rat)
}

func (vd *validator) string(s *Schema, v template.Value, at *path) {
	text := v.Str()
	if (s.minLength >= 0 || s.maxLength >= 0) && vd.charge(len(text), at, nil) {
		n := utf8.RuneCountInString(text)
		if s.minLength >= 0 && n < s.minLength {
			vd.failRule(at, func() string {
				return "has " + display.Count(n, "character") + ", fewer than the minLength " + strconv.Itoa(s.minLength)
			})
		}
		if s.maxLength >= 0 && n > s.maxLength {
			vd.failRule(at, func() string {
				return "has " + display.Count(n, "character") + ", more than the maxLength " + strconv.Itoa(s.maxLength)
			})
		}
	}
	if s.pattern != nil && !vd.matches(s.pattern, text, at) {
		vd.failRule(at, func() string {
			return preview(v, writtenJSON) + " does not match the pattern " + quoted(s.pattern.text)
		})
	}
}

// matches reports whether p matches text, charging the match before it
// runs: one too costly for the work left is not run.
func (vd *validator) matches(p *pattern, text string, at *path) bool {
	cost := p.size * (len(text) + 1)
	doing := func() string {
		return "matching the pattern " + quoted(p.text) + " (" + display.Count(p.size, "instruction") + ") against " + display.Count(len(text), "byte")
	}
	return vd.charge(cost, at, doing) && p.re.MatchString(text)
}

func (vd *validator) array(s *Schema, v template.Value, at *path, ev *evaluated) {
	elems := v.Elems()
	if s.minItems >= 0 && len(elems) < s.minItems {
		vd.failRule(at, func() string {
			return "has " + display.Count(len(elems), "item") + ", fewer than the minItems " + strconv.Itoa(s.minItems)
		})
	}
	if s.maxItems >= 0 && len(elems) > s.maxItems {
		vd.failRule(at, func() string {
			return "has " + display.Count(len(elems), "item") + ", more than the maxItems " + strconv.Itoa(s.maxItems)
		})
	}
	if s.uniqueItems {
		vd.unique(elems, at)
	}
	for i, p := range s.prefixItems {
		if i >= len(elems) {
			break
		}
		vd.validate(p, elems[i], at.item(i))
		ev.item(i)
	}
	if s.items != nil && len(elems) > len(s.prefixItems) {
		rest := elems[len(s.prefixItems):]
		if s.additionalItems && s.items.boolean != nil && !*s.items.boolean {
			vd.failRule(at, func() string {
				return "has " + display.Count(len(rest), "item") + " more than its items allow (additionalItems)"
			})
		} else {
			for i, e := range rest {
				vd.validate(s.items, e, at.item(len(s.prefixItems)+i))
			}
		}
		ev.allItems = true
	}
	if s.contains != nil {
		matched := 0
		for i, e := range elems {
			if ok, _ := vd.passes(s.contains, e, at.item(i), false); ok {
				matched++
				ev.item(i)
			}
		}
		switch {
		case s.minContains < 0 && matched == 0:
			vd.fail(at, func() string { return vd.place(at.shown()) + " has no item that matches the contains schema" })
		case s.minContains >= 0 && matched < s.minContains:
			vd.fail(at, func() string {
				return vd.place(at.shown()) + " has " + display.Count(matched, "item") + " matching the contains schema, fewer than the minContains " + strconv.Itoa(s.minContains)
			})
		}
		if s.maxContains >= 0 && matched > s.maxContains {
			vd.failRule(at, func() string {
				return "has " + display.Count(matched, "item") + " matching the contains schema, more than the maxContains " + strconv.Itoa(s.maxContains)
			})
		}
	}
}

// unique reports the first two equal items. Equal items have the same
// canonical JSON: one pass, not a comparison of every pair.
func (vd *validator) unique(elems []template.Value, at *path) {
	seen := make(map[string]int, len(elems))
	w := jsonWriter{form: canonicalJSON, limit: math.MaxInt}
	for j, e := range elems {
		w.b, w.read = w.b[:0], 0
		w.write(e)
		if !vd.charge(w.read, at, nil) {
			return
		}
		if i, dup := seen[string(w.b)]; dup {
			vd.failRule(at, func() string {
				return "items " + strconv.Itoa(i) + " and " + strconv.Itoa(j) + " are equal (uniqueItems)"
			})
			return
		}
		seen[string(w.b)] = j
	}
}

func (vd *validator) object(s *Schema, v template.Value, at *path, ev *evaluated) {
	members := lastMembers(v)
	has := func(name string) bool {
		_, ok := v.Lookup(name)
		return ok
	}
	if s.minProperties >= 0 && len(members) < s.minProperties {
		vd.failRule(at, func() string {
			return "has " + display.Count(len(members), "field") + ", fewer than the minProperties " + strconv.Itoa(s.minProperties)
		})
	}
	if s.maxProperties >= 0 && len(members) > s.maxProperties {
		vd.failRule(at, func() string {
			return "has " + display.Count(len(members), "field") + ", more than the maxProperties " + strconv.Itoa(s.maxProperties)
		})
	}
	if !vd.charge(len(s.required)+len(s.dependentRequired), at, nil) {
		return
	}
	for _, name := range s.required {
		if !has(name) {
			vd.fail(at.member(name), func() string { return "missing required field " + quoted(name) + inField(at.shown()) })
		}
	}
	for _, dep := range s.dependentRequired {
		if !has(dep.name) {
			continue
		}
		if !vd.charge(len(dep.required), at, nil) {
			return
		}
		for _, name := range dep.required {
			if !has(name) {
				vd.fail(at.member(name), func() string {
					return "missing required field " + quoted(name) + inField(at.shown()) + ", needed with " + quoted(dep.name)
				})
			}
		}
	}
	for _, m := range members {
		if !vd.charge(1, at, nil) {
			return
		}
		where := at.member(m.Key)
		matched := false
		if p, ok := s.properties[m.Key]; ok {
			vd.validate(p, m.Value, where)
			matched = true
		}
		for _, p := range s.patternProperties {
			if vd.matches(p.pattern, m.Key, where) {
				vd.validate(p.schema, m.Value, where)
				matched = true
			}
		}
		if matched {
			ev.prop(m.Key)
		} else if a := s.additionalProperties; a != nil {
			if a.boolean != nil && !*a.boolean {
				vd.fail(where, func() string {
					return "unexpected field " + quoted(m.Key) + inField(at.shown()) + " (additionalProperties)"
				})
			} else {
				vd.validate(a, m.Value, where)
			}
			ev.prop(m.Key)
		}
		if s.propertyNames != nil {
			vd.propertyName(s.propertyNames, m.Key, at)
		}
	}
	for _, dep := range s.dependentSchemas {
		if has(dep.name) {
			ev.add(vd.validate(dep.schema, v, at))
		}
	}
}

// propertyName checks a field name of the object at at against the
// propertyNames schema s. The failure is the object's; when the name fails
// one rule alone, its message says which.
func (vd *validator) propertyName(s *Schema, name string, at *path) {
	vd.naming++
	defer func() { vd.naming-- }()
	if ok, _ := vd.passes(s, template.StringValue(name), at, false); ok {
		return
	}
	vd.fail(at, func() string {
		msg := "field name " + quoted(name) + inField(at.shown()) + " fails propertyNames"
		// Worded aside: only the one failure worded here is kept.
		outer := vd.Validation
		vd.Validation = Validation{}
		vd.validate(s, template.StringValue(name), at)
		inner := vd.Validation
		vd.Validation = outer
		if len(inner.issues) == 1 && inner.more == 0 {
			_, text, _ := strings.Cut(inner.issues[0].Msg, ": ")
			msg += ": " + text
		}
		return msg
	})
}

// applicators apply the schemas that apply to the value as a whole.
func (vd *validator) applicators(s *Schema, v template.Value, at *path, ev *evaluated) {
	if s.ref != nil {
		ev.add(vd.apply(s.ref, v, at))
	}
	for _, sub := range s.allOf {
		ev.add(vd.apply(sub, v, at))
	}
	if s.anyOf != nil {
		any := false
		for _, sub := range s.anyOf {
			if ok, e := vd.passes(sub, v, at, true); ok {
				any = true
				ev.add(e)
			}
		}
		if !any {
			vd.fail(at, func() string { return vd.place(at.shown()) + " matches none of the alternatives anyOf allows" })
		}
	}
	if s.oneOf != nil {
		var matched []int
		var first evaluated
		for i, sub := range s.oneOf {
			if ok, e := vd.passes(sub, v, at, true); ok {
				matched = append(matched, i)
				first = e
			}
		}
		switch len(matched) {
		case 0:
			vd.fail(at, func() string { return vd.place(at.shown()) + " matches none of the alternatives oneOf allows" })
		case 1:
			ev.add(first)
		default:
			vd.fail(at, func() string {
				return vd.place(at.shown()) + " matches alternatives " + joinInts(matched) + " of oneOf, which allows exactly one"
			})
		}
	}
	if s.not != nil {
		if ok, _ := vd.passes(s.not, v, at, true); ok {
			vd.failRule(at, func() string { return "matches the schema under not" })
		}
	}
	if s.ifS != nil {
		if ok, e := vd.passes(s.ifS, v, at, true); ok {
			ev.add(e)
			ev.add(vd.apply(s.thenS, v, at))
		} else {
			ev.add(vd.apply(s.elseS, v, at))
		}
	}
}

// apply validates v at at against s applied to it as a whole, once per
// schema and place (see validator.applied). Applied again, s reports
// nothing more: what it found is reported already, once.
func (vd *validator) apply(s *Schema, v template.Value, at *path) evaluated {
	if vd.naming > 0 || s == nil {
		return vd.validate(s, v, at)
	}
	key := appliedKey{s, at, vd.quiet > 0}
	if r, ok := vd.applied[key]; ok {
		if r.failed {
			vd.failures++
		}
		vd.charge(1+r.ev.size(), at, nil)
		return r.ev
	}
	before := vd.failures
	ev := vd.validate(s, v, at)
	if vd.applied == nil {
		vd.applied = map[appliedKey]appliedResult{}
	}
	vd.applied[key] = appliedResult{vd.failures > before, ev}
	return ev
}

// maxListed bounds the values a message lists.
const maxListed = 10

// previewBytes bounds what a message quotes of one value, pattern or key.
const previewBytes = 80

// preview writes v as compact JSON for a message, in form, cut past
// previewBytes: only what is shown is encoded.
func preview(v template.Value, form jsonForm) string {
	w := jsonWriter{form: form, limit: previewBytes}
	w.write(v)
	if !w.cut && len(w.b) <= previewBytes {
		return string(w.b)
	}
	cut := previewBytes
	for cut > 0 && !utf8.RuneStart(w.b[cut]) {
		cut--
	}
	return string(w.b[:cut]) + "…"
}

// quoted is text as a JSON string for a message, cut.
func quoted(text string) string { return preview(template.StringValue(text), writtenJSON) }

// cutText cuts text to about limit bytes, at a character, for a message.
func cutText(text string, limit int) string {
	if len(text) <= limit {
		return text
	}
	for limit > 0 && !utf8.RuneStart(text[limit]) {
		limit--
	}
	return text[:limit] + "…"
}

// jsonForm is how a jsonWriter writes a value.
type jsonForm uint8

const (
	writtenJSON jsonForm = iota // as the value has it: what a message quotes of a value
	sortedJSON                  // object keys sorted: a schema's value, whatever order it was written in
	// canonicalJSON sorts object keys and writes numbers in one form (1,
	// 1.0, 10e-1): values JSON Schema holds equal are written alike.
	canonicalJSON
)

// jsonWriter writes a value as compact JSON in its form, and stops once it
// has written more than limit bytes: a value is only encoded as far as it
// is used.
type jsonWriter struct {
	b     []byte
	form  jsonForm
	limit int
	cut   bool // it stopped before the end of the value
	read  int  // the values and bytes it read: what writing cost
}

func (w *jsonWriter) write(v template.Value) {
	if len(w.b) > w.limit {
		w.cut = true
		return
	}
	w.read++
	switch v.Kind() {
	case template.Number:
		text := v.Str()
		w.read += len(text)
		if w.form == canonicalJSON {
			w.b = parseDecimal(text).appendJSON(w.b)
		} else {
			w.b = append(w.b, w.prefix(text)...)
		}
	case template.String:
		text := w.prefix(v.Str())
		w.read += len(text)
		w.b = template.AppendQuoted(w.b, text)
	case template.Array:
		w.b = append(w.b, '[')
		for i, e := range v.Elems() {
			if i > 0 {
				w.b = append(w.b, ',')
			}
			if w.write(e); w.cut {
				return
			}
		}
		w.b = append(w.b, ']')
	case template.Object:
		members := v.Members()
		if w.form != writtenJSON {
			members = slices.SortedFunc(slices.Values(lastMembers(v)), func(a, b template.Member) int { return strings.Compare(a.Key, b.Key) })
		}
		w.read += len(members)
		w.b = append(w.b, '{')
		for i, m := range members {
			if i > 0 {
				w.b = append(w.b, ',')
			}
			key := w.prefix(m.Key)
			w.read += len(key)
			w.b = append(template.AppendQuoted(w.b, key), ':')
			if w.write(m.Value); w.cut {
				return
			}
		}
		w.b = append(w.b, '}')
	default:
		w.b = v.AppendJSON(w.b)
	}
}

// prefix is as much of text as the room left takes, and one character
// more, at a character's end: text, or a cut that passes the limit.
func (w *jsonWriter) prefix(text string) string {
	room := w.limit - len(w.b)
	if len(text) <= room {
		return text
	}
	cut := max(room, 0) + 1
	for cut < len(text) && !utf8.RuneStart(text[cut]) {
		cut++
	}
	if cut < len(text) {
		w.cut = true
		return text[:cut]
	}
	return text
}
