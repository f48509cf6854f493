package template

import "strings"

// ChildPointer is the JSON Pointer of the member token of the value at ptr
// (or its item, when token is an index): ChildPointer("/labels", "a/b") is
// "/labels/a~1b", the token escaped as RFC 6901 has it ("~" becomes "~0"
// and "/" becomes "~1"). (A loop rather than a strings.Replacer, whose code
// would be most of the engine's strings, and IndexByte rather than
// ContainsAny, whose Unicode sets are kilobytes more.)
func ChildPointer(ptr, token string) string {
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

// ResolvePointer returns the value ptr names in v, or false when ptr is
// malformed or names nothing. Array indexes must be canonical ("0", "12").
func ResolvePointer(v Value, ptr string) (Value, bool) {
	if ptr == "" {
		return v, true
	}
	if ptr[0] != '/' {
		return Value{}, false
	}
	for rest, more := ptr[1:], true; more; {
		var raw string
		raw, rest, more = strings.Cut(rest, "/")
		token, ok := unescapeToken(raw)
		if !ok {
			return Value{}, false
		}
		switch v.Kind() {
		case Object:
			if v, ok = v.Lookup(token); !ok {
				return Value{}, false
			}
		case Array:
			i, ok := CanonicalIndex(token)
			if !ok {
				return Value{}, false
			}
			if v, ok = v.Index(i); !ok {
				return Value{}, false
			}
		default:
			return Value{}, false
		}
	}
	return v, true
}

// unescapeToken undoes ChildPointer's escaping; a "~" not followed by 0 or
// 1 is malformed.
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
