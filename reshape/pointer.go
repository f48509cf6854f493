package reshape

import (
	"strconv"
	"strings"

	"github.com/splicedev/splice/template"
)

// appendToken appends "/" and the token to a JSON Pointer, escaped as RFC
// 6901 has it: "~" becomes "~0" and "/" becomes "~1". (A loop rather than
// a strings.Replacer, whose code would be most of the engine's strings, and
// IndexByte rather than ContainsAny, whose Unicode sets are kilobytes more.)
func appendToken(ptr, token string) string {
	if strings.IndexByte(token, '~') < 0 && strings.IndexByte(token, '/') < 0 {
		return ptr + "/" + token
	}
	b := make([]byte, 0, len(ptr)+len(token)+8)
	b = append(append(b, ptr...), '/')
	for i := 0; i < len(token); i++ {
		switch token[i] {
		case '~':
			b = append(b, "~0"...)
		case '/':
			b = append(b, "~1"...)
		default:
			b = append(b, token[i])
		}
	}
	return string(b)
}

// appendIndex appends an array index to a JSON Pointer.
func appendIndex(ptr string, i int) string { return ptr + "/" + strconv.Itoa(i) }

// Pointer joins reference tokens into a JSON Pointer: Pointer("labels", "0",
// "a/b") is "/labels/0/a~1b". No tokens give "", the whole document.
func Pointer(tokens ...string) string {
	ptr := ""
	for _, t := range tokens {
		ptr = appendToken(ptr, t)
	}
	return ptr
}

// ResolvePointer returns the value ptr names in v, or false when ptr is
// malformed or names nothing. Array indexes must be canonical ("0", "12").
func ResolvePointer(v template.Value, ptr string) (template.Value, bool) {
	if ptr == "" {
		return v, true
	}
	if ptr[0] != '/' {
		return template.Value{}, false
	}
	for rest, more := ptr[1:], true; more; {
		var raw string
		raw, rest, more = strings.Cut(rest, "/")
		token, ok := unescapeToken(raw)
		if !ok {
			return template.Value{}, false
		}
		switch v.Kind() {
		case template.Object:
			if v, ok = v.Lookup(token); !ok {
				return template.Value{}, false
			}
		case template.Array:
			i, ok := template.CanonicalIndex(token)
			if !ok {
				return template.Value{}, false
			}
			if v, ok = v.Index(i); !ok {
				return template.Value{}, false
			}
		default:
			return template.Value{}, false
		}
	}
	return v, true
}

// unescapeToken undoes appendToken; a "~" not followed by 0 or 1 is malformed.
func unescapeToken(s string) (string, bool) {
	if !strings.Contains(s, "~") {
		return s, true
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '~' {
			b.WriteByte(s[i])
			continue
		}
		if i+1 == len(s) || s[i+1] != '0' && s[i+1] != '1' {
			return "", false
		}
		b.WriteByte("~/"[s[i+1]-'0'])
		i++
	}
	return b.String(), true
}
