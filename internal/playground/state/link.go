package state

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/splicedev/splice/internal/display"
	"github.com/splicedev/splice/template"
)

// A share link carries the whole state in its fragment, so that sharing
// needs no server: state → JSON → raw DEFLATE → base64url without padding,
// after "#s=".

// maxLinkPayload caps a link's payload (the compressed state, base64url):
// Chromium keeps at most 2 MiB of an address, and the rest of the URL needs
// some room.
const maxLinkPayload = 2_000_000

// linkWarnSize is the payload length past which some chat tools and mail
// clients cut links.
const linkWarnSize = 64_000

// MaxLinkState caps the state a link's payload may inflate to, read as a
// stream: a crafted link (a DEFLATE bomb) stops there, well before the
// page could run out of memory.
const MaxLinkState = 16 << 20

// LinkPrefix starts the fragment of a share link.
const LinkPrefix = "s="

// unopenable says why a share link cannot be opened.
func unopenable(reason string) error { return errors.New("this link cannot be opened: " + reason) }

// linkJSON is a state as a link carries it: the schema version it is
// written in first, the engine that wrote it last.
type linkJSON struct {
	V int `json:"v"`
	State
	Engine string `json:"engine,omitempty"`
}

// stateJSON is the state as the JSON document a link carries. It does not
// HTML-escape, which would only make links longer.
func stateJSON(s State) []byte {
	s.Roots = append(slices.Clone(s.Roots), s.aside...) // normalize sets them aside again
	if s.Later == nil {
		s.Later = []string{}
	}
	if s.Roots == nil {
		s.Roots = []RootText{}
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(linkJSON{stateVersion, s, template.Version}); err != nil {
		panic(err) // strings, bools and slices of them always encode
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

// Linkable reports whether a link can carry payload.
func Linkable(payload string) bool { return len(payload) <= maxLinkPayload }

// Encode returns the fragment payload for s (without "s="), and the size
// of the state's JSON: what a link or the autosave must reopen (see
// MaxLinkState). A payload longer than a link carries is valid, but no link
// can carry it: callers check (Linkable).
func Encode(s State) (payload string, size int) {
	raw := stateJSON(s)
	return Pack(raw), len(raw)
}

// DecodeLink opens the payload of a link, which anyone may have crafted:
// bounded in length before it is read, and in size as it inflates. The
// fields it holds that State does not have are noted, for the banner.
func DecodeLink(payload string) (State, error) {
	if !Linkable(payload) {
		return State{}, unopenable("it is longer than " + display.Size(maxLinkPayload) + ", the most a link carries here")
	}
	s, unknown, err := decodeState(payload, MaxLinkState)
	if err != nil {
		return State{}, unopenable(err.Error())
	}
	if unknown != nil {
		s.ignored = unknownFields(unknown)
	}
	return s, nil
}

// Pack deflates raw state JSON into a link payload: what Encode does
// with a state, and what a link made elsewhere (another version) holds.
// It runs after each pause in typing, so it uses DEFLATE's default level:
// on a large, repetitive state (a plan's samples) the best one costs ten
// times as much for a fifth less, some 125 ms a pause in the browser for
// a 240 kB state. The best is used only for a state that does not fit a
// link otherwise.
func Pack(raw []byte) string {
	payload := deflateAt(raw, flate.DefaultCompression)
	if !Linkable(payload) {
		payload = deflateAt(raw, flate.BestCompression)
	}
	return payload
}

// writers keeps DEFLATE's writers, each some 700 kB of tables, from one
// Pack to the next, by level.
var writers = map[int]*sync.Pool{flate.DefaultCompression: {}, flate.BestCompression: {}}

// deflateAt is Pack at one level.
func deflateAt(raw []byte, level int) string {
	var z bytes.Buffer
	pool := writers[level]
	w, _ := pool.Get().(*flate.Writer)
	if w == nil {
		w, _ = flate.NewWriter(&z, level) // the level is valid
	} else {
		w.Reset(&z)
	}
	w.Write(raw)
	w.Close()
	pool.Put(w)
	return base64.RawURLEncoding.EncodeToString(z.Bytes())
}

// decodeState opens a fragment payload made by Encode, allowing at most
// limit bytes of JSON once inflated, and returns the state's JSON too
// when it holds fields State does not have (nil when it holds none),
// which are ignored. Its error is the reason alone, which a link and the
// autosave each say in their own words.
func decodeState(payload string, limit int) (State, []byte, error) {
	z, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(payload, "="))
	if err != nil {
		return State{}, nil, errors.New("it is damaged (not base64url text)")
	}
	raw, err := io.ReadAll(io.LimitReader(flate.NewReader(bytes.NewReader(z)), int64(limit)+1))
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF):
		return State{}, nil, errors.New("it is truncated (was it copied whole?)")
	case err != nil:
		return State{}, nil, errors.New("it is damaged (the data does not inflate)")
	case len(raw) > limit:
		return State{}, nil, errors.New("its state is larger than " + display.Size(limit))
	}
	// One pass reads the state and its version as written; a field State
	// does not have stops it, and a second pass reads around it.
	var s struct {
		State
		V      json.RawMessage `json:"v"` // raw, to say how it is written
		Engine string          `json:"engine"`
	}
	strict := json.NewDecoder(bytes.NewReader(raw))
	strict.DisallowUnknownFields()
	decodeErr := strict.Decode(&s)
	if decodeErr == nil && len(bytes.TrimSpace(raw[strict.InputOffset():])) > 0 {
		decodeErr = errors.New("text after the state") // not one JSON object: said below
	}
	unknown := []byte(nil)
	if decodeErr != nil && strings.HasPrefix(decodeErr.Error(), "json: unknown field") {
		s.State, s.V, s.Engine = State{}, nil, ""
		decodeErr, unknown = json.Unmarshal(raw, &s), raw
	}
	if decodeErr != nil {
		// The version says why first: a newer playground's state may have
		// another schema.
		var head struct {
			V json.RawMessage `json:"v"`
		}
		if json.Unmarshal(raw, &head) != nil {
			return State{}, nil, errors.New("its state is not a JSON object")
		}
		s.V = head.V
	}
	v, err := strconv.Atoi(string(s.V))
	switch {
	case s.V == nil:
		return State{}, nil, errors.New("its state has no version (v)")
	case err != nil:
		return State{}, nil, errors.New("its state version is written " + briefly(string(s.V), maxQuoted) + ", not as a whole number such as 1")
	case v > stateVersion:
		return State{}, nil, errors.New("it was made by a newer playground (state v" + strconv.Itoa(v) + ")")
	case v < 1:
		return State{}, nil, errors.New("its state version " + strconv.Itoa(v) + " is unknown")
	case decodeErr != nil:
		return State{}, nil, errors.New(schemaError(decodeErr))
	}
	if err := s.State.Normalize(); err != nil {
		return State{}, nil, errors.New(briefly(err.Error(), maxBanner/2))
	}
	s.State.engine = s.Engine
	return s.State, unknown, nil
}

// schemaError says, in the reader's terms, which field of a link's state
// holds the wrong type of value: "the link's plan must be text, not a
// number".
func schemaError(err error) string {
	var wrong *json.UnmarshalTypeError
	if !errors.As(err, &wrong) || wrong.Type == nil {
		return "its state does not match the schema: " + briefly(err.Error(), maxQuoted)
	}
	if wrong.Field == "" {
		return "its state must be a JSON object"
	}
	path := strings.Split(strings.TrimPrefix(wrong.Field, "State."), ".") // past the State the decoder's struct embeds
	field := "the link's " + path[0]
	switch declared := fieldType(reflect.TypeFor[State](), path[0]); {
	case len(path) > 1 && path[0] == "roots":
		field = "each root's " + strings.Join(path[1:], ".")
	case len(path) > 1:
		field += "." + strings.Join(path[1:], ".")
	case declared != nil && declared != wrong.Type && (declared.Kind() == reflect.Slice || declared.Kind() == reflect.Map):
		field = "each entry of " + field // an element of a list or object
	}
	given, _, _ := strings.Cut(wrong.Value, " ") // "number 1.5"
	return field + " must be " + jsonKindOf(wrong.Type) + ", not " + map[string]string{
		"string": "text", "number": "a number", "bool": "true or false", "array": "a list", "object": "an object",
	}[given]
}

// jsonKindOf names the JSON values a Go type decodes, for people.
func jsonKindOf(t reflect.Type) string {
	switch t.Kind() {
	case reflect.String:
		return "text"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice:
		return "a list"
	case reflect.Map, reflect.Struct:
		return "an object"
	}
	return "a number"
}

// fieldType is the type of the field of struct type t called name in
// JSON, nil when it has none.
func fieldType(t reflect.Type, name string) reflect.Type {
	for f := range t.Fields() {
		if tag, _, _ := strings.Cut(f.Tag.Get("json"), ","); tag == name {
			return f.Type
		}
	}
	return nil
}

// jsonFields lists the JSON names of a struct type's fields.
func jsonFields(t reflect.Type) []string {
	var names []string
	for f := range t.Fields() {
		if name, _, _ := strings.Cut(f.Tag.Get("json"), ","); name != "" && name != "-" {
			names = append(names, name)
		}
	}
	return names
}

// unknownFields names the fields of raw, a state that decoded, that State
// does not have: "cursor", "roots[].color".
func unknownFields(raw []byte) []string {
	var top map[string]json.RawMessage
	var roots []map[string]json.RawMessage
	json.Unmarshal(raw, &top) // it decoded as a State: an object
	json.Unmarshal(top["roots"], &roots)
	// Read here, not when the program starts: the reflection it takes is
	// code a first visit's browser would compile before the first render.
	stateFields := append(jsonFields(reflect.TypeFor[State]()), jsonFields(reflect.TypeFor[linkJSON]())...)
	rootFields := jsonFields(reflect.TypeFor[RootText]())
	unknown := map[string]bool{}
	for name := range top {
		if !slices.Contains(stateFields, name) {
			unknown[name] = true
		}
	}
	for _, r := range roots {
		for name := range r {
			if !slices.Contains(rootFields, name) {
				unknown["roots[]."+name] = true
			}
		}
	}
	return slices.Sorted(maps.Keys(unknown))
}

// AsideNote says that a state holds iteration roots set aside, "" when it
// holds none. The playground says it of a link from elsewhere, once.
func AsideNote(s *State) string {
	aside := s.asideNames()
	if len(aside) == 0 {
		return ""
	}
	return "This link holds the iteration roots " + listSome(aside) +
		" with the iteration body switched off: they are kept, and come back when you switch it on."
}

// listSome joins the first few names, each cut, and counts the rest: a
// banner names what it must without growing with a hostile link.
func listSome(names []string) string {
	const shown = 5
	some := make([]string, min(len(names), shown))
	for i := range some {
		some[i] = briefly(names[i], maxQuoted)
	}
	if len(names) <= shown {
		return strings.Join(some, ", ")
	}
	return strings.Join(some, ", ") + " and " + strconv.Itoa(len(names)-shown) + " more"
}

// maxQuoted bounds what a message quotes of a link (a field, a name):
// a hostile link's may be megabytes.
const maxQuoted = 200

// maxBanner bounds a banner's text.
const maxBanner = 2000

// briefly is text cut in its middle to about n bytes, with "…": what a
// message quotes keeps its start and end without growing with its source.
func briefly(text string, n int) string {
	if len(text) <= n {
		return text
	}
	head, tail := n/2, len(text)-n/2
	for head > 0 && !utf8.RuneStart(text[head]) {
		head--
	}
	for tail < len(text) && !utf8.RuneStart(text[tail]) {
		tail++
	}
	return text[:head] + "…" + text[tail:]
}

// Brief is a banner's text cut to maxBanner bytes in its middle.
func Brief(text string) string { return briefly(text, maxBanner) }

// SplitFragment splits a URL fragment into the state payload ("s=…",
// possibly among other "&"-separated parameters; ok is false when the
// fragment carries none) and the other parameters, each with its leading
// "&": what a write of the state must keep.
func SplitFragment(fragment string) (payload string, ok bool, others string) {
	var b strings.Builder
	for _, param := range strings.Split(strings.TrimPrefix(fragment, "#"), "&") {
		if p, found := strings.CutPrefix(param, LinkPrefix); found && !ok {
			payload, ok = p, true
		} else if param != "" && !found {
			b.WriteString("&" + param)
		}
	}
	return payload, ok, b.String()
}

// maxSavedState caps the autosaved state, which local storage holds: the
// page writes no larger one.
const maxSavedState = MaxLinkState

// InitialState picks the state a page opens with: the link in fragment,
// else the autosaved payload, else start (the default example). banner
// says why a link could not be opened (refused), or what of a link that
// opened is not shown as it came.
func InitialState(fragment, saved string, start State) (s State, banner string, refused bool) {
	if payload, ok, _ := SplitFragment(fragment); ok {
		s, err := DecodeLink(payload)
		if err != nil {
			return start, Brief(err.Error() + ". Showing the default example instead."), true
		}
		var notes []string
		if len(s.ignored) > 0 {
			notes = append(notes, "This link holds fields this playground does not know, which it leaves out: "+listSome(s.ignored)+".")
		}
		if note := engineNote(s.engine); note != "" {
			notes = append(notes, note)
		}
		return s, Brief(strings.Join(notes, " ")), false
	}
	if saved != "" {
		s, err := OpenSaved(saved)
		if err != nil {
			return start, Brief(err.Error()), false
		}
		return s, "", false
	}
	return start, "", false
}

// OpenSaved opens saved, an autosaved payload; when it cannot be opened,
// the error says why, for a banner.
func OpenSaved(saved string) (State, error) {
	s, _, err := decodeState(saved, maxSavedState)
	if err == nil {
		return s, nil
	}
	return s, errors.New("The autosaved work cannot be opened: " + err.Error() + ". It stays saved until the next edit.")
}

// engineNote says when a link was made by another version of the engine,
// whose results may differ from this one's.
func engineNote(made string) string {
	switch made {
	case template.Version:
		return ""
	case "":
		return "This link was made before links recorded the engine's version; this playground runs engine " +
			template.Version + ": its results may differ from the ones its author saw."
	}
	return "This link was made with engine " + briefly(made, maxQuoted) + "; this playground runs engine " + template.Version +
		": its results may differ from the ones its author saw."
}

// LinkSizeNote says how long the state's link is (n characters of payload)
// for beside the Share button, and how it fares: level "" when fine,
// "warn" when some tools cut links that long, "error" when no link can
// carry it.
func LinkSizeNote(n int, tooLarge bool) (text, level string) {
	switch {
	case n == 0:
		return "", ""
	case n > maxLinkPayload || tooLarge:
		return "too large for a link", "error"
	case n > linkWarnSize:
		return "link " + display.Size(n), "warn"
	}
	return "link " + display.Size(n), ""
}

// ShareInfo is a share link and its embed snippet, or why there is none.
type ShareInfo struct {
	URL, Embed string
	Error      string // the state is too large for a link
	Warning    string // the link is long enough for some tools to cut
}

// EmbedPath is the compact playground's page, which other pages frame.
const EmbedPath = "/embed"

// embedHeight is the height of the iframe in the embed snippet for a
// state of mode m: a plan, a document, gets some 18 lines of its text.
func embedHeight(m Mode) int {
	if m == ModePlan {
		return 600
	}
	return 420
}

// ShareLinks builds the link to the playground at origin holding s, and
// the <iframe> snippet that embeds it.
func ShareLinks(origin string, s State) ShareInfo {
	payload, _ := Encode(s)
	if !Linkable(payload) {
		return ShareInfo{Error: "This state's link would be " + display.Size(len(payload)) + ": a browser keeps at most " +
			display.Size(maxLinkPayload) + " of an address. Make the roots smaller to share it, or copy it as a test vector below."}
	}
	fragment := "#" + LinkPrefix + payload
	warning := ""
	if len(payload) > linkWarnSize {
		warning = "This link is " + display.Size(len(payload)) + " long: some chat tools and mail clients cut links past " +
			display.Size(linkWarnSize) + ". The test vector below carries the state without a link."
	}
	return ShareInfo{
		Warning: warning,
		URL:     origin + "/" + fragment,
		Embed: `<iframe src="` + origin + EmbedPath + fragment + `" title="Splice playground" width="100%" height="` +
			strconv.Itoa(embedHeight(s.Mode)) + `" loading="lazy" style="border:0"></iframe>`,
	}
}
