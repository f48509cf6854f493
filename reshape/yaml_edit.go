//go:build !splice_lite

package reshape

import "github.com/splicedev/splice/template"

// plainEdited is the plain YAML scalar that replacing [from, to) of the
// document's text by inserted leaves in place, and its JSON Pointer: a
// number, a word or a few typed into a sample or the plan's input need not
// parse the whole document again. It takes only what parsing is sure to
// read the same way: a scalar written on one line after a key's colon, a
// sequence's dash or a flow collection's bracket or comma, of ASCII letters,
// digits and _.+-/() with single spaces between, up to the line's end or a
// flow collection's comma or bracket, on a line with no comment (a comment
// may hold the warning of a hidden tag, which names the value). ok is false
// for anything else, which is parsed again.
func (d *Document) plainEdited(from, to int, inserted string) (ptr string, v template.Value, ok bool) {
	text := d.places.text
	if IsJSON(text) || !plainRun(text[from:to]) || !plainRun(inserted) {
		return "", template.Value{}, false
	}
	holds := func(ptr string) (start, end int, ok bool) {
		p, found := d.places.value(ptr)
		if !found || p.style != yamlPlain || p.pos.Line == 0 {
			return 0, 0, false
		}
		start = p.pos.Offset
		end = plainEnd(text, start)
		// Typing before its first character would move its own place.
		return start, end, start < end && start <= from && start < to && to <= end
	}
	start, end, found := 0, 0, false
	if ptr = d.edited; ptr != "" {
		start, end, found = holds(ptr)
	}
	for k := range d.places.values {
		if found {
			break
		}
		ptr = k
		start, end, found = holds(k)
	}
	if !found || !plainContext(text, start, end) {
		return "", template.Value{}, false
	}
	// The value read at ptr must be the one the scalar's text gives, or the
	// text is not all of it (a scalar folded over lines, a tag before it).
	was, _ := resolvePlain(text[start:end])
	if at, ok := template.ResolvePointer(d.Value, ptr); !ok || at.Kind() >= template.Array || at.JSON() != was.JSON() {
		return "", template.Value{}, false
	}
	scalar := text[start:from] + inserted + text[to:end]
	if !plainToken(scalar) {
		return "", template.Value{}, false
	}
	v, msg := resolvePlain(scalar)
	return ptr, v, msg == ""
}

// plainByte reports whether c may be in a plain scalar taken in place.
func plainByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
		c == '_' || c == '.' || c == '+' || c == '-' || c == '/' || c == '(' || c == ')'
}

// plainRun reports whether s holds plainBytes and spaces alone.
func plainRun(s string) bool {
	for i := range len(s) {
		if !plainByte(s[i]) && s[i] != ' ' {
			return false
		}
	}
	return true
}

// plainEnd is where the run of plainBytes, with single spaces between,
// that starts at start in text ends.
func plainEnd(text string, start int) int {
	i := start
	for i < len(text) && (plainByte(text[i]) || text[i] == ' ' && i > start && i+1 < len(text) && plainByte(text[i+1])) {
		i++
	}
	return i
}

// plainToken reports whether s is a scalar plainEnd reads whole that
// YAML reads as a plain scalar anywhere: not a sequence's dash.
func plainToken(s string) bool {
	return s != "" && plainByte(s[0]) && plainByte(s[len(s)-1]) && plainEnd(s, 0) == len(s) &&
		s != "-" && !(len(s) > 1 && s[0] == '-' && s[1] == ' ')
}

// plainContext reports whether the scalar at [start, end) of text follows
// a key's colon, a sequence's dash or a flow collection's bracket or comma
// on its line, and ends its line or its flow collection's entry, with no
// comment on the line.
func plainContext(text string, start, end int) bool {
	before := start - 1
	for before >= 0 && text[before] == ' ' {
		before--
	}
	if before < 0 || !(text[before] == ':' || text[before] == '-' || text[before] == '[' || text[before] == '{' || text[before] == ',') {
		return false
	}
	for i := end; i < len(text) && text[i] != '\n'; i++ {
		if text[i] == '#' {
			return false
		}
	}
	after := end
	for after < len(text) && text[after] == ' ' {
		after++
	}
	return after == len(text) || text[after] == '\n' || text[after] == '\r' || text[after] == ',' || text[after] == ']' || text[after] == '}'
}
