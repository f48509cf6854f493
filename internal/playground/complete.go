package playground

import (
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/splicedev/splice/template"
)

// Completion is what the autocomplete popup offers at the caret: names
// that may replace the partial word text[From:To].
type Completion struct {
	From, To int
	Items    []string
}

// maxCompletions bounds the popup.
const maxCompletions = 50

// complete lists what may be typed at caret (a byte offset in text) inside
// a tag: root names (and, in a section, the current element's keys and
// the loop variables) after "{{" or a sigil, the keys available at that
// point of the path after ".", the open section's path after "{{/".
// Candidates come from the actual root data.
func complete(text string, caret int, roots template.Roots) Completion {
	caret = min(max(caret, 0), len(text))
	open := strings.LastIndex(text[:caret], "{{")
	if open < 0 || strings.Contains(text[open:caret], "}}") {
		return Completion{}
	}
	body := text[open+2 : caret]
	lead := len(body) - len(strings.TrimLeft(body, " "))
	sigil := byte(0)
	if lead < len(body) && strings.IndexByte("#^/", body[lead]) >= 0 {
		sigil = body[lead]
		lead++
		lead += len(body[lead:]) - len(strings.TrimLeft(body[lead:], " "))
	}
	path := body[lead:]
	if strings.ContainsFunc(path, func(r rune) bool { return !pathRune(r) && r != '.' && r != '@' }) {
		return Completion{}
	}
	sections := openSections(text[:open], roots)
	if sigil == '/' {
		if len(sections) == 0 {
			return Completion{}
		}
		return Completion{From: caret - len(path), To: caret, Items: filter([]string{sections[len(sections)-1].path}, path)}
	}

	dot := strings.LastIndexByte(path, '.')
	partial := path[dot+1:]
	c := Completion{From: caret - len(partial), To: caret}
	if dot < 0 {
		var items []string
		for _, s := range slices.Backward(sections) {
			if s.pushes && s.elem.Kind() == template.Object { // only objects have keys to read
				items = append(items, s.elem.Keys()...)
			}
		}
		items = append(items, roots.Names()...)
		if len(sections) > 0 {
			items = append(items, "@index", "@first", "@last")
		}
		c.Items = filter(dedupe(items), partial)
		return c
	}
	if v, ok := resolve(path[:dot], roots, sections); ok {
		c.Items = filter(keysOf(v), partial)
	}
	return c
}

// pathRune reports whether r may appear in a path segment (DIALECT §2).
func pathRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsMark(r) || unicode.IsDigit(r) || r == '_' || r == '-'
}

// openSection is a section enclosing the caret.
type openSection struct {
	path   string
	pushes bool           // a section (not inverted, not on a loop variable) pushes its element
	elem   template.Value // the element its body sees first
}

// openSections lists the sections open at the end of src, outermost first,
// each with the first element its body would see.
func openSections(src string, roots template.Roots) []openSection {
	var stack []openSection
	for _, sp := range template.Spans(src) {
		switch sp.Kind {
		case template.SpanSection, template.SpanInverted:
			s := openSection{path: sp.Path}
			if sp.Kind == template.SpanSection && !strings.HasPrefix(sp.Path, "@") {
				s.pushes = true
				if v, ok := resolve(sp.Path, roots, stack); ok {
					if v.Kind() == template.Array {
						v, _ = v.Index(0)
					}
					s.elem = v
				}
			}
			stack = append(stack, s)
		case template.SpanClose:
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		}
	}
	return stack
}

// resolve walks a path as the renderer would, without errors: a dotted path
// starts at a root; a single key inside sections is read from the enclosing
// elements, innermost first, then the roots; "." is the current element.
func resolve(path string, roots template.Roots, sections []openSection) (template.Value, bool) {
	var inner []template.Value // the pushed elements, innermost first
	for _, s := range slices.Backward(sections) {
		if s.pushes {
			inner = append(inner, s.elem)
		}
	}
	if path == "." {
		if len(inner) == 0 {
			return template.Value{}, false
		}
		return inner[0], true
	}
	segs := strings.Split(path, ".")
	if slices.Contains(segs, "") {
		return template.Value{}, false
	}
	v, found := template.Value{}, false
	if len(segs) == 1 {
		for _, el := range inner {
			if v, found = el.Lookup(segs[0]); found {
				return v, true
			}
		}
	}
	if v, found = roots.Lookup(segs[0]); !found {
		return v, false
	}
	for _, seg := range segs[1:] {
		switch v.Kind() {
		case template.Object:
			v, found = v.Lookup(seg)
		case template.Array:
			i, err := strconv.Atoi(seg)
			found = err == nil && strconv.Itoa(i) == seg
			if found {
				v, found = v.Index(i)
			}
		default:
			found = false
		}
		if !found {
			return v, false
		}
	}
	return v, true
}

// keysOf lists what may follow a "." after v: an object's keys, an array's
// indexes (the first few) and length, a string's length.
func keysOf(v template.Value) []string {
	switch v.Kind() {
	case template.Object:
		return v.Keys()
	case template.Array:
		keys := make([]string, 0, min(v.Len(), template.MaxAvailable)+1)
		for i := range min(v.Len(), template.MaxAvailable) {
			keys = append(keys, strconv.Itoa(i))
		}
		return append(keys, "length")
	case template.String:
		return []string{"length"}
	}
	return nil
}

// filter keeps the items that start with partial (ignoring case) first,
// then those that contain it, at most maxCompletions.
func filter(items []string, partial string) []string {
	lower := strings.ToLower(partial)
	var prefixed, inside []string
	for _, it := range items {
		l := strings.ToLower(it)
		switch {
		case strings.HasPrefix(l, lower):
			prefixed = append(prefixed, it)
		case strings.Contains(l, lower):
			inside = append(inside, it)
		}
	}
	out := append(prefixed, inside...)
	return out[:min(len(out), maxCompletions)]
}

func dedupe(items []string) []string {
	seen := make(map[string]bool, len(items))
	return slices.DeleteFunc(items, func(s string) bool {
		if seen[s] {
			return true
		}
		seen[s] = true
		return false
	})
}
