package playground

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"strings"
)

// A share link carries the whole state in its fragment, so that sharing
// needs no server: state → JSON → raw DEFLATE → base64url without padding,
// after "#s=".

// MaxLinkState caps the decompressed state a link may hold, so that a
// crafted link cannot make the page inflate gigabytes.
const MaxLinkState = 1 << 20

// LinkPrefix starts the fragment of a share link.
const LinkPrefix = "s="

// LinkError says why a share link could not be opened.
type LinkError struct{ Reason string }

func (e *LinkError) Error() string { return "this link cannot be opened: " + e.Reason }

// StateJSON is the state as the JSON document a link carries. It does not
// HTML-escape, which would only make links longer.
func StateJSON(s State) []byte {
	s.V = stateVersion
	if s.Later == nil {
		s.Later = []string{}
	}
	if s.Roots == nil {
		s.Roots = []RootText{}
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		panic(err) // strings, bools and slices of them always encode
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

// EncodeState returns the fragment payload for s (without "s=") and the
// size of the JSON it packs. A state bigger than MaxLinkState still
// encodes, but a link cannot carry it; callers check the size.
func EncodeState(s State) (payload string, size int) {
	raw := StateJSON(s)
	return Pack(raw), len(raw)
}

// Pack deflates raw state JSON into a link payload: what EncodeState does
// with a state, and what a link made elsewhere (another version) holds.
func Pack(raw []byte) string {
	var z bytes.Buffer
	w, _ := flate.NewWriter(&z, flate.BestCompression) // the level is valid
	w.Write(raw)
	w.Close()
	return base64.RawURLEncoding.EncodeToString(z.Bytes())
}

// DecodeState opens a fragment payload made by EncodeState, allowing at
// most limit bytes of JSON once inflated. Unknown fields are ignored.
func DecodeState(payload string, limit int) (State, error) {
	z, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(payload, "="))
	if err != nil {
		return State{}, &LinkError{Reason: "it is damaged (not base64url text)"}
	}
	raw, err := io.ReadAll(io.LimitReader(flate.NewReader(bytes.NewReader(z)), int64(limit)+1))
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF):
		return State{}, &LinkError{Reason: "it is truncated (was it copied whole?)"}
	case err != nil:
		return State{}, &LinkError{Reason: "it is damaged (the data does not inflate)"}
	case len(raw) > limit:
		return State{}, &LinkError{Reason: "its state is larger than " + sizeText(limit)}
	}
	var head struct {
		V *int `json:"v"`
	}
	if err := json.Unmarshal(raw, &head); err != nil {
		return State{}, &LinkError{Reason: "its state is not a JSON object"}
	}
	switch {
	case head.V == nil:
		return State{}, &LinkError{Reason: "its state has no version (v)"}
	case *head.V > stateVersion:
		return State{}, &LinkError{Reason: "it was made by a newer playground (state v" + strconv.Itoa(*head.V) + ")"}
	case *head.V < 1:
		return State{}, &LinkError{Reason: "its state version " + strconv.Itoa(*head.V) + " is unknown"}
	}
	var s State
	if err := json.Unmarshal(raw, &s); err != nil {
		return State{}, &LinkError{Reason: "its state does not match the schema: " + err.Error()}
	}
	if err := s.normalize(); err != nil {
		return State{}, &LinkError{Reason: err.Error()}
	}
	return s, nil
}

// PayloadOf extracts the state payload from a URL fragment ("s=…",
// possibly among other "&"-separated parameters); ok is false when the
// fragment carries none.
func PayloadOf(fragment string) (payload string, ok bool) {
	for _, param := range strings.Split(strings.TrimPrefix(fragment, "#"), "&") {
		if p, ok := strings.CutPrefix(param, LinkPrefix); ok {
			return p, true
		}
	}
	return "", false
}

// OtherParams returns the parameters of a fragment besides the state, each
// with its leading "&": what a write of the state must keep.
func OtherParams(fragment string) string {
	var b strings.Builder
	for _, param := range strings.Split(strings.TrimPrefix(fragment, "#"), "&") {
		if param != "" && !strings.HasPrefix(param, LinkPrefix) {
			b.WriteString("&" + param)
		}
	}
	return b.String()
}

// sizeText prints a byte count for people: "812 B", "37.5 KB", "1 MiB".
func sizeText(n int) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return strconv.Itoa(n>>20) + " MiB"
	case n < 1000:
		return strconv.Itoa(n) + " B"
	case n < 1000*1000:
		return strconv.FormatFloat(float64(n)/1000, 'f', 1, 64) + " KB"
	}
	return strconv.FormatFloat(float64(n)/1000/1000, 'f', 1, 64) + " MB"
}

// maxSavedState caps the autosaved state, which local storage holds.
const maxSavedState = 16 << 20

// InitialState picks the state a page opens with: the link in fragment,
// else the autosaved payload, else the default example. banner says why a
// link could not be opened (refused), or what of a link that opened is not
// shown as it came.
func InitialState(fragment, saved string) (s State, banner string, refused bool) {
	if payload, ok := PayloadOf(fragment); ok {
		s, err := DecodeState(payload, MaxLinkState)
		if err != nil {
			return DefaultExample.Open(), err.Error() + ". Showing the default example instead.", true
		}
		if aside := s.Aside(); len(aside) > 0 {
			return s, "This link holds the iteration roots " + strings.Join(aside, ", ") +
				" with the iteration body switched off: they are kept, and come back when you switch it on.", false
		}
		return s, "", false
	}
	if saved != "" {
		if s, err := DecodeState(saved, maxSavedState); err == nil {
			return s, "", false
		}
	}
	return DefaultExample.Open(), "", false
}

// ShareInfo is a share link and its embed snippet, or why there is none,
// and the state written up for an issue and as a test vector.
type ShareInfo struct {
	URL, Embed  string
	Error       string // the state is too large for a link
	Note        string // whether the link was copied
	Markdown    string
	Vector      string
	VectorError string // why the state cannot be a vector
}

// ShareOf is what the share dialog offers for a state and its outcome:
// the links of ShareLinks, the Markdown and the vector file.
func ShareOf(origin string, s State, out *Outcome) ShareInfo {
	info := ShareLinks(origin, s)
	info.Markdown = Markdown(s, out, info.URL)
	if v, err := VectorFile(s); err != nil {
		info.VectorError = err.Error()
	} else {
		info.Vector = v
	}
	return info
}

// EmbedPath is the compact playground's page, which other pages frame.
const EmbedPath = "/embed"

// embedHeight is the height of the iframe in the embed snippet.
const embedHeight = 420

// ShareLinks builds the link to the playground at origin holding s, and
// the <iframe> snippet that embeds it.
func ShareLinks(origin string, s State) ShareInfo {
	payload, size := EncodeState(s)
	if size > MaxLinkState {
		return ShareInfo{Error: "This state is " + sizeText(size) + ": a link holds at most " + sizeText(MaxLinkState) +
			". Make the roots smaller to share it."}
	}
	fragment := "#" + LinkPrefix + payload
	return ShareInfo{
		URL: origin + "/" + fragment,
		Embed: `<iframe src="` + origin + EmbedPath + fragment + `" title="Splice playground" width="100%" height="` +
			strconv.Itoa(embedHeight) + `" loading="lazy" style="border:0"></iframe>`,
	}
}
