package display

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/splicedev/splice/template"
)

// A pane shows a value of any size for the cost of its start: each text
// here is cut at MaxShown bytes, with a note of what the cut leaves out.

// MaxShown bounds the text a pane shows at once, in bytes: a result of
// tens of megabytes would hold the page for seconds. Copy copies it whole.
const MaxShown = 1 << 20

// Shown is a run's result as a pane shows it.
type Shown struct {
	JSON    string // compact JSON of the result (a JSON string for mixed text)
	Display string // pretty-printed JSON, or the text verbatim, cut at MaxShown
	// More says for people what Display leaves out of a longer result; ""
	// when Display is whole.
	More  string
	Mixed bool // a string rendered from mixed text
	// Splice: a typed splice, a template that is exactly one tag (a
	// shape, whose result is a value too, is none).
	Splice bool
	value  template.Value
}

// Show is v as a pane shows it: typed, pretty JSON; else mixed text.
func Show(v template.Value, typed bool) *Shown {
	s := &Shown{value: v, Mixed: !typed, JSON: v.JSON()}
	s.Display, s.More = shownResult(v, typed, len(s.JSON))
	return s
}

// Value is the result itself.
func (s *Shown) Value() template.Value { return s.value }

// Type is the result's JSON type, for the badge.
func (s *Shown) Type() string { return s.value.Kind().String() }

// Whole is the result as copied and exported: Display uncut. Only the
// pane's start is made with every run, a copy of the whole on demand.
func (s *Shown) Whole() string {
	if s.More == "" {
		return s.Display
	}
	return Result(s.value, !s.Mixed)
}

// Part is a piece of a shape's partial result as shown: JSON text, or a
// failing leaf (shown as null) with its first problem.
type Part struct {
	Text   string
	Failed string // "BadPath: no key …" for a failing leaf, "" for text
	At     string // the failing leaf's JSON Pointer
}

// Partial writes v, a shape's result whose leaves at the pointers of
// failed did not render (their values are null), as indented JSON with
// those leaves marked.
func Partial(v template.Value, failed map[string]string) []Part {
	w := partialWriter{failed: failed}
	w.value(v, "", "")
	w.flush()
	return w.parts
}

type partialWriter struct {
	failed map[string]string
	parts  []Part
	text   strings.Builder
}

func (w *partialWriter) flush() {
	if w.text.Len() > 0 {
		w.parts = append(w.parts, Part{Text: w.text.String()})
		w.text.Reset()
	}
}

func (w *partialWriter) value(v template.Value, ptr, indent string) {
	if msg, ok := w.failed[ptr]; ok {
		w.flush()
		w.parts = append(w.parts, Part{Text: "null", Failed: msg, At: ptr})
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

// cutShown returns the first MaxShown bytes of text (cut on a rune) and how
// many bytes it leaves out.
func cutShown(text string) (shown string, more int) {
	cut := runeCut(text, MaxShown)
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

// ShownParts is a partial result as the result pane shows it, as Show
// shows a whole one: its parts up to MaxShown bytes in all, and what the
// cut leaves out ("" for nothing).
func ShownParts(parts []Part) (shown []Part, more string) {
	room := MaxShown
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
	return "… " + Size(more) + " more not shown; Copy copies the whole result"
}

// cutMark ends a value's text cut at limit bytes.
func cutMark(limit int) string { return " … (cut at " + Size(limit) + ")" }

// shownResult is a result as the result pane shows it, pretty JSON when
// typed or else the text verbatim, cut at MaxShown, and what the cut leaves
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
	b, cut := AppendJSONUpTo(nil, v, MaxShown)
	if !cut {
		return string(b), ""
	}
	return string(b), "… the rest not shown: the whole result is " + Size(jsonSize) + " as compact JSON; Copy copies it indented"
}

// ShownJSON is v as indented JSON, cut at MaxShown: a pane shows the start
// of a value of any size for the cost of the start.
func ShownJSON(v template.Value) string {
	b, cut := AppendJSONUpTo(nil, v, MaxShown)
	if cut {
		b = append(b, "\n"+cutMark(MaxShown)...)
	}
	return string(b)
}

// CompactCut is v as compact JSON cut at limit bytes, and whether it was
// cut: only the bytes up to the cut are encoded.
func CompactCut(v template.Value, limit int) (json string, cut bool) {
	b, cut := AppendCompactUpTo(nil, v, limit)
	if cut {
		b = append(b, cutMark(limit)...)
	}
	return string(b), cut
}

// Message is a message cut at MaxShown, saying how much more there was.
func Message(text string) string {
	shown, more := cutShown(text)
	if more == 0 {
		return text
	}
	return shown + "… " + Size(more) + " more not shown"
}

// Count writes n with its noun, plural when n is not 1: "1 step", "5 steps".
func Count(n int, noun string) string {
	if n != 1 {
		noun += "s"
	}
	return strconv.Itoa(n) + " " + noun
}

// Size prints a byte count for people: "812 B", "37.5 KB", "1 MiB".
func Size(n int) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return strconv.Itoa(n>>20) + " MiB"
	case n < 1000:
		return strconv.Itoa(n) + " B"
	case n < 999_950: // from there, KB would round to 1000.0
		return strings.TrimSuffix(strconv.FormatFloat(float64(n)/1000, 'f', 1, 64), ".0") + " KB"
	}
	return strings.TrimSuffix(strconv.FormatFloat(float64(n)/1000/1000, 'f', 1, 64), ".0") + " MB"
}
