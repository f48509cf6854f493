package evaluate

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/splicedev/splice/internal/display"
	"github.com/splicedev/splice/internal/playground/state"
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
		w.container("{", "}", len(members), indent, func(i int) {
			w.text.Write(template.StringValue(members[i].Key).AppendJSON(nil))
			w.text.WriteString(": ")
			w.value(members[i].Value, template.ChildPointer(ptr, members[i].Key), indent+"  ")
		})
	case template.Array:
		elems := v.Elems()
		w.container("[", "]", len(elems), indent, func(i int) {
			w.value(elems[i], ptr+"/"+strconv.Itoa(i), indent+"  ")
		})
	default:
		w.text.Write(v.AppendJSON(nil))
	}
}

// container writes an object or array of n items between open and close,
// one item a line (item writes item i), or open and close alone when empty.
func (w *partialWriter) container(open, close string, n int, indent string, item func(i int)) {
	w.text.WriteString(open)
	for i := range n {
		if i > 0 {
			w.text.WriteString(",")
		}
		w.text.WriteString("\n" + indent + "  ")
		item(i)
	}
	if n > 0 {
		w.text.WriteString("\n" + indent)
	}
	w.text.WriteString(close)
}

// maxShown bounds the result text a pane shows at once, in bytes: a result
// of tens of megabytes would hold the page for seconds. Copy copies it
// whole.
const maxShown = 1 << 20

// cutShown returns the first maxShown bytes of text (cut on a rune) and how
// many bytes it leaves out.
func cutShown(text string) (shown string, more int) {
	cut := runeCut(text, maxShown)
	return text[:cut], len(text) - cut
}

// runeCut is where to cut text at n bytes at the most, on a rune.
func runeCut(text string, n int) int {
	if len(text) <= n {
		return len(text)
	}
	for n > 0 && !utf8.RuneStart(text[n]) {
		n--
	}
	return n
}

// ShownParts is a partial result as the result pane shows it, as
// shownResult is a whole one: its parts up to maxShown bytes in all, and
// what the cut leaves out ("" for nothing).
func ShownParts(parts []PartialPart) (shown []PartialPart, more string) {
	room := maxShown
	for i, p := range parts {
		if len(p.Text) > room {
			last := p
			last.Text = p.Text[:runeCut(p.Text, room)]
			left := len(p.Text) - len(last.Text)
			for _, rest := range parts[i+1:] {
				left += len(rest.Text)
			}
			return append(parts[:i:i], last), shownNote(left)
		}
		room -= len(p.Text)
	}
	return parts, ""
}

// shownNote says what a cut result leaves out.
func shownNote(more int) string {
	return "… " + state.SizeText(more) + " more not shown; Copy copies the whole result"
}

// cutMark ends a value's text cut at limit bytes.
func cutMark(limit int) string { return " … (cut at " + state.SizeText(limit) + ")" }

// shownResult is a result as the result pane shows it, pretty JSON when
// typed or else the text verbatim, cut at maxShown, and what the cut leaves
// out ("" for nothing). A typed value is encoded only up to the cut: the
// note gives its size as compact JSON, jsonSize bytes.
func shownResult(v template.Value, typed bool, jsonSize int) (text, more string) {
	if !typed {
		shown, more := cutShown(v.Str())
		if more == 0 {
			return shown, ""
		}
		return shown, shownNote(more)
	}
	b, cut := display.AppendJSONUpTo(nil, v, maxShown)
	if !cut {
		return string(b), ""
	}
	return string(b), "… the rest not shown: the whole result is " + state.SizeText(jsonSize) + " as compact JSON; Copy copies it indented"
}

// shownJSON is v as indented JSON, cut at maxShown: a pane shows the start
// of a value of any size for the cost of the start.
func shownJSON(v template.Value) string {
	b, cut := display.AppendJSONUpTo(nil, v, maxShown)
	if cut {
		b = append(b, "\n"+cutMark(maxShown)...)
	}
	return string(b)
}

// compactJSON is v as compact JSON cut at limit bytes, and whether it was
// cut: only the bytes up to the cut are encoded.
func compactJSON(v template.Value, limit int) (json string, cut bool) {
	b, cut := display.AppendCompactUpTo(nil, v, limit)
	if cut {
		b = append(b, cutMark(limit)...)
	}
	return string(b), cut
}

// shownText is a message cut at maxShown, saying how much more there was.
func shownText(text string) string {
	shown, more := cutShown(text)
	if more == 0 {
		return text
	}
	return shown + "… " + state.SizeText(more) + " more not shown"
}
