package evaluate

import (
	"strings"
	"unicode/utf8"

	"github.com/splicedev/splice/template"
)

// runsPreview is what a tag gave: its value, or for a tag a section
// repeats with different values, those of its first runs ("false, false,
// true", then "…" when it ran more often).
func runsPreview(t *template.TraceEntry) string {
	differ := false
	for _, v := range t.Runs[1:] {
		differ = differ || !v.Equal(t.Runs[0])
	}
	if !differ {
		return preview(t.Value, previewLimit)
	}
	each := make([]string, len(t.Runs), len(t.Runs)+1)
	for i, v := range t.Runs {
		each[i] = preview(v, previewLimit/len(t.Runs))
	}
	if t.Count > len(t.Runs) {
		each = append(each, "…")
	}
	return strings.Join(each, ", ")
}

// previewLimit bounds a trace preview, in bytes of JSON.
const previewLimit = 120

// preview writes v as compact JSON cut after about limit bytes with "…",
// without encoding all of a large value first.
func preview(v template.Value, limit int) string {
	b := appendPreview(nil, v, limit)
	if len(b) > limit {
		cut := limit
		for cut > 0 && !utf8.RuneStart(b[cut]) {
			cut--
		}
		return string(b[:cut]) + "…"
	}
	return string(b)
}

// appendPreview appends v as compact JSON, stopping once dst passes limit.
func appendPreview(dst []byte, v template.Value, limit int) []byte {
	switch v.Kind() {
	case template.Array:
		elems := v.Elems()
		return appendItems(dst, '[', ']', len(elems), limit, func(dst []byte, i int) []byte {
			return appendPreview(dst, elems[i], limit)
		})
	case template.Object:
		members := v.Members()
		return appendItems(dst, '{', '}', len(members), limit, func(dst []byte, i int) []byte {
			dst = template.AppendQuoted(dst, members[i].Key)
			dst = append(dst, ':')
			return appendPreview(dst, members[i].Value, limit)
		})
	case template.String:
		if s := v.Str(); len(s) > limit {
			return template.AppendQuoted(dst, s[:limit+1])
		}
	}
	return v.AppendJSON(dst)
}

// appendItems appends n items between open and close, separated by
// commas, stopping (unclosed) once dst passes limit.
func appendItems(dst []byte, open, close byte, n, limit int, item func(dst []byte, i int) []byte) []byte {
	dst = append(dst, open)
	for i := range n {
		if len(dst) > limit {
			return dst
		}
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = item(dst, i)
	}
	return append(dst, close)
}
