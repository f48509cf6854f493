package playground

import (
	"strconv"
	"strings"

	"github.com/splicedev/splice/reshape"
	"github.com/splicedev/splice/template"
)

// PartialPart is a piece of a shape's partial result as shown: JSON text,
// or a failing leaf (shown as null) with its first problem.
type PartialPart struct {
	Text   string
	Failed string // "BadPath: no key …" for a failing leaf, "" for text
	At     string // the failing leaf's JSON Pointer
}

// partialParts writes v, a shape's result whose leaves at the pointers of
// failed did not render (their values are null), as indented JSON with
// those leaves marked.
func partialParts(v template.Value, failed map[string]string) []PartialPart {
	w := partialWriter{failed: failed}
	w.value(v, "", "")
	w.flush()
	return w.parts
}

type partialWriter struct {
	failed map[string]string
	parts  []PartialPart
	text   strings.Builder
}

func (w *partialWriter) flush() {
	if w.text.Len() > 0 {
		w.parts = append(w.parts, PartialPart{Text: w.text.String()})
		w.text.Reset()
	}
}

func (w *partialWriter) value(v template.Value, ptr, indent string) {
	if msg, ok := w.failed[ptr]; ok {
		w.flush()
		w.parts = append(w.parts, PartialPart{Text: "null", Failed: msg, At: ptr})
		return
	}
	switch v.Kind() {
	case template.Object:
		members := v.Members()
		if len(members) == 0 {
			w.text.WriteString("{}")
			return
		}
		w.text.WriteString("{")
		for i, m := range members {
			w.separator(i, indent)
			w.text.Write(template.StringValue(m.Key).AppendJSON(nil))
			w.text.WriteString(": ")
			w.value(m.Value, ptr+reshape.Pointer(m.Key), indent+"  ")
		}
		w.text.WriteString("\n" + indent + "}")
	case template.Array:
		elems := v.Elems()
		if len(elems) == 0 {
			w.text.WriteString("[]")
			return
		}
		w.text.WriteString("[")
		for i, e := range elems {
			w.separator(i, indent)
			w.value(e, ptr+"/"+strconv.Itoa(i), indent+"  ")
		}
		w.text.WriteString("\n" + indent + "]")
	default:
		w.text.Write(v.AppendJSON(nil))
	}
}

// separator starts member or element i of a container at indent.
func (w *partialWriter) separator(i int, indent string) {
	if i > 0 {
		w.text.WriteString(",")
	}
	w.text.WriteString("\n" + indent + "  ")
}
