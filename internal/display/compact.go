package display

import (
	"unicode/utf8"

	"github.com/splicedev/splice/template"
)

// AppendCompactUpTo appends the first limit bytes of v's compact JSON
// (template.Value.AppendJSON) to dst, cut on a rune, and reports whether
// it cut: the start of a large value costs about limit bytes of work, not
// the value's size.
func AppendCompactUpTo(dst []byte, v template.Value, limit int) ([]byte, bool) {
	end := len(dst) + limit
	b := appendCompactUpTo(dst, v, end)
	if len(b) <= end {
		return b, false
	}
	return cutOnRune(b, len(dst), end), true
}

// appendCompactUpTo appends v as compact JSON until dst passes end: what
// is left is not written.
func appendCompactUpTo(dst []byte, v template.Value, end int) []byte {
	switch v.Kind() {
	case template.String:
		return appendQuotedUpTo(dst, v.Str(), end)
	case template.Array:
		dst = append(dst, '[')
		for i, elem := range v.Elems() {
			if len(dst) > end {
				return dst
			}
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendCompactUpTo(dst, elem, end)
		}
		return append(dst, ']')
	case template.Object:
		dst = append(dst, '{')
		for i, m := range v.Members() {
			if len(dst) > end {
				return dst
			}
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = append(appendQuotedUpTo(dst, m.Key, end), ':')
			dst = appendCompactUpTo(dst, m.Value, end)
		}
		return append(dst, '}')
	}
	return v.AppendJSON(dst)
}

// appendQuotedUpTo appends s as a JSON string; past end, only as much of
// it as takes dst past end, with a rune's worth more so that a rune cut in
// two lies past end too.
func appendQuotedUpTo(dst []byte, s string, end int) []byte {
	if room := max(end-len(dst), 0); len(s)-utf8.UTFMax > room {
		s = s[:room+utf8.UTFMax]
	}
	return template.AppendQuoted(dst, s)
}

// cutOnRune cuts b, which is longer than end, at end or at the start of
// the rune end falls in, not before start.
func cutOnRune(b []byte, start, end int) []byte {
	for end > start && !utf8.RuneStart(b[end]) {
		end--
	}
	return b[:end]
}
