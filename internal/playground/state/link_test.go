package state

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/splicedev/splice/template"
)

// pack deflates raw JSON into a link payload, as a link made elsewhere
// would be.
func pack(raw string) string { return Pack([]byte(raw)) }

// encodeState is s's link payload.
func encodeState(s State) string {
	payload, _ := Encode(s)
	return payload
}

// decode opens payload as a link or the autosave does, allowing limit
// bytes of JSON.
func decode(payload string, limit int) (State, error) {
	s, _, err := decodeState(payload, limit)
	return s, err
}

func TestEncodeDecodeRoundTrip(t *testing.T) {
	states := []State{{Mode: ModeTemplate, Roots: rootsNamed("input")}, sample("{{#E0.n}}{{.}}{{/E0.n}}")}
	// Texts are kept verbatim: CRLF, tabs, NUL, HTML, astral characters,
	// trailing spaces, invalid JSON.
	states = append(states, State{
		Mode:     ModeShape,
		Template: "a\r\nb\t<c>&\x00 😀  ",
		Shape:    "{\"x\": \"{{E0}}\"",
		Tool:     "name: t\n",
		Call:     "  ",
		Roots:    []RootText{{"input", "{\"k\": \"\\u003c\"}\n"}, {"E0", "- yes\n- on\n"}},
		Later:    []string{"E9"},
		Branch:   map[string]string{"E5": "E3", "E6": "E3"},
	})
	for _, s := range states {
		payload := encodeState(s)
		if strings.ContainsAny(payload, "+/=") {
			t.Errorf("payload %q is not unpadded base64url", payload)
		}
		got, err := decode(payload, MaxLinkState)
		if err != nil {
			t.Fatalf("decoding %q: %v", s.Template, err)
		}
		if got.engine != template.Version {
			t.Errorf("the link says engine %q, want %q", got.engine, template.Version)
		}
		if a, b := stateJSON(got), stateJSON(s); !bytes.Equal(a, b) {
			t.Errorf("round trip changed the state:\n got %s\nwant %s", a, b)
		}
	}
}

func TestStateJSONSchema(t *testing.T) {
	s := State{Mode: ModeTool, Template: "<b>{{E0}}</b>", Roots: []RootText{{"input", "{}"}}}
	want := `{"v":2,"mode":"tool","template":"<b>{{E0}}</b>","shape":"","tool":"","call":"",` +
		`"roots":[{"name":"input","text":"{}"}],"later":[],"iteration":false,"engine":"` + template.Version + `"}`
	if got := string(stateJSON(s)); got != want {
		t.Errorf("state JSON\n got %s\nwant %s", got, want)
	}
	s = State{Mode: ModePlan, Plan: "steps: []\n", Roots: []RootText{{"input", "{}"}}}
	want = `{"v":2,"mode":"plan","template":"","shape":"","tool":"","call":"","plan":"steps: []\n",` +
		`"roots":[{"name":"input","text":"{}"}],"later":[],"iteration":false,"engine":"` + template.Version + `"}`
	if got := string(stateJSON(s)); got != want {
		t.Errorf("plan state JSON\n got %s\nwant %s", got, want)
	}
}

// A link written before plan mode (schema v1) opens as it did.
func TestVersionOneLinkOpens(t *testing.T) {
	s, err := decode(pack(`{"v":1,"mode":"shape","shape":"{\"a\": \"{{input.x}}\"}","roots":[{"name":"input","text":"{\"x\": 1}"}]}`), MaxLinkState)
	if err != nil || s.Mode != ModeShape || s.Text(Target{}) != `{"a": "{{input.x}}"}` {
		t.Errorf("a v1 link: %+v, %v", s, err)
	}
}

func TestDecodeStateErrors(t *testing.T) {
	good := encodeState(sample("{{E0}}"))
	tests := []struct {
		name    string
		payload string
		reason  string
	}{
		{"not base64", "a*b", "not base64url"},
		{"truncated", good[:len(good)/2], "truncated"},
		{"empty", "", "truncated"},
		{"not deflate", base64.RawURLEncoding.EncodeToString([]byte{0xff, 0xff, 0xff, 0xff}), "damaged"},
		{"too large", pack(`{"v":1,"template":"` + strings.Repeat("x", MaxLinkState) + `"}`), "larger than 16 MiB"},
		{"not JSON", pack(`{"v":1,`), "not a JSON object"},
		{"an array", pack(`[1]`), "not a JSON object"},
		{"no version", pack(`{"mode":"template"}`), "no version"},
		{"newer version", pack(`{"v":3}`), "newer playground"},
		{"version zero", pack(`{"v":0}`), "unknown"},
		{"a version in quotes", pack(`{"v":"1"}`), `version is written "1", not as a whole number`},
		{"a version with a fraction", pack(`{"v":1.5}`), "version is written 1.5, not as a whole number"},
		{"wrong type", pack(`{"v":1,"roots":"input"}`), "the link's roots must be a list, not text"},
		{"a plan that is a number", pack(`{"v":2,"mode":"plan","plan":42}`), "the link's plan must be text, not a number"},
		{"a root name that is a number", pack(`{"v":1,"roots":[{"name":7,"text":"{}"}]}`), "each root's name must be text, not a number"},
		{"a root that is a number", pack(`{"v":1,"roots":[7]}`), "each entry of the link's roots must be an object, not a number"},
		{"a later step that is an object", pack(`{"v":1,"later":[{}]}`), "each entry of the link's later must be text, not an object"},
		{"an iteration in quotes", pack(`{"v":1,"iteration":"yes"}`), "the link's iteration must be true or false, not text"},
		{"an unknown field of the wrong type", pack(`{"v":1,"cursor":3,"plan":[]}`), "the link's plan must be text, not a list"},
		{"duplicate roots", pack(`{"v":1,"roots":[{"name":"E0"},{"name":"E0"}]}`), "two roots"},
		{"bad mode", pack(`{"v":1,"mode":"graph"}`), "unknown mode"},
		{"a branch step that is a root", pack(`{"v":1,"roots":[{"name":"E5"}],"branch":{"E5":"E3"}}`), "a branch step is neither"},
		{"a bad decide step", pack(`{"v":1,"branch":{"E5":"a b"}}`), "must match"},
	}
	for _, tt := range tests {
		_, err := decode(tt.payload, MaxLinkState)
		if err == nil || !strings.Contains(err.Error(), tt.reason) {
			t.Errorf("%s: error %v, want one saying %q", tt.name, err, tt.reason)
		}
	}
}

func TestDecodeStateLenient(t *testing.T) {
	// Unknown fields are ignored, missing ones take their zero values, and
	// padding a link copier added is accepted.
	payload := pack(`{"v":1,"template":"{{input.x}}","cursor":12,"future":{"a":[1]},"roots":[{"name":"input","text":"{\"x\":1}","color":"red"}]}`)
	for _, p := range []string{payload, payload + "=="} {
		s, err := decode(p, MaxLinkState)
		if err != nil {
			t.Fatal(err)
		}
		if s.Mode != ModeTemplate || s.Template != "{{input.x}}" || len(s.Roots) != 1 || s.Roots[0].Text != `{"x":1}` {
			t.Errorf("decoded %+v", s)
		}
	}
}

func TestDecodeStateSizeCap(t *testing.T) {
	s := State{Template: strings.Repeat("ab", 1000), Roots: rootsNamed("input")}
	payload, size := encodeState(s), len(stateJSON(s))
	if _, err := decode(payload, size); err != nil {
		t.Errorf("a state of exactly the cap was refused: %v", err)
	}
	if _, err := decode(payload, size-1); err == nil {
		t.Error("a state one byte over the cap was accepted")
	}
}

func TestSplitFragment(t *testing.T) {
	tests := []struct {
		fragment, payload string
		ok                bool
		others            string
	}{
		{"#s=abc", "abc", true, ""},
		{"s=abc", "abc", true, ""},
		{"#theme=dark&s=abc", "abc", true, "&theme=dark"},
		{"#s=abc&theme=light&x=1", "abc", true, "&theme=light&x=1"},
		{"#s=", "", true, ""},
		{"#x=1", "", false, "&x=1"},
		{"#theme=dark", "", false, "&theme=dark"},
		{"", "", false, ""},
	}
	for _, tt := range tests {
		if p, ok, others := SplitFragment(tt.fragment); p != tt.payload || ok != tt.ok || others != tt.others {
			t.Errorf("SplitFragment(%q) = %q, %v, %q; want %q, %v, %q", tt.fragment, p, ok, others, tt.payload, tt.ok, tt.others)
		}
	}
}

func TestInitialState(t *testing.T) {
	states := map[string]State{"linked": sample("linked"), "saved": sample("saved"), "start": sample("start")}
	link := encodeState(states["linked"])
	saved := encodeState(states["saved"])
	tests := []struct {
		name, fragment, saved string
		want                  string // of states
		refused, banner       bool
	}{
		{"link wins", "#s=" + link, saved, "linked", false, false},
		{"autosave", "", saved, "saved", false, false},
		{"first visit", "", "", "start", false, false},
		{"bad link", "#s=" + link[:10], saved, "start", true, true},
		{"bad autosave", "", "zzz", "start", false, true},
	}
	for _, tt := range tests {
		s, banner, refused := InitialState(tt.fragment, tt.saved, states["start"])
		if refused != tt.refused {
			t.Errorf("%s: refused = %v", tt.name, refused)
		}
		if want := states[tt.want]; !bytes.Equal(stateJSON(s), stateJSON(want)) {
			t.Errorf("%s: got state %s, want %s", tt.name, stateJSON(s), stateJSON(want))
		}
		if (banner != "") != tt.banner {
			t.Errorf("%s: banner %q", tt.name, banner)
		}
	}
}

// TestLinksDropNothing: what a link carries appears, or the banner names
// it; a link that cannot be read as it is is refused with the reason.
func TestLinksDropNothing(t *testing.T) {
	withItem := pack(`{"v": 1, "mode": "template", "template": "{{E0.a}}", "iteration": false,
		"roots": [{"name": "input", "text": "{}"}, {"name": "E0", "text": "{\"a\": 1}"}, {"name": "item", "text": "{\"n\": 7}"}]}`)
	s, _, refused := InitialState("#s="+withItem, "", sample(""))
	if note := AsideNote(&s); refused || !strings.Contains(note, "iteration roots item") {
		t.Fatalf("an item root without the iteration body: note %q, refused %v", note, refused)
	}
	s.SetIteration(true)
	if i := s.RootIndex("item"); i < 0 || s.Roots[i].Text != `{"n": 7}` {
		t.Errorf("switching the iteration body on does not bring item back: %+v", s.Roots)
	}
	future := pack(`{"v": 1, "template": "x", "cursor": 3, "roots": [{"name": "input", "text": "{}", "color": "red"}]}`)
	if s, banner, refused := InitialState("#s="+future, "", sample("")); refused || s.Template != "x" || !strings.Contains(banner, "does not know, which it leaves out: cursor, roots[].color.") {
		t.Errorf("unknown fields: banner %q, refused %v", banner, refused)
	}
	twoInputs := pack(`{"v": 1, "mode": "template", "roots": [{"name": "input", "text": "{\"a\": 1}"}, {"name": "input", "text": "{\"b\": 2}"}]}`)
	if _, banner, refused := InitialState("#s="+twoInputs, "", sample("")); !refused || !strings.Contains(banner, `two roots are called "input"`) {
		t.Errorf("two input roots: banner %q, refused %v", banner, refused)
	}
}

func TestShareLinks(t *testing.T) {
	s := sample("{{E0.n.length}} numbers")
	info := ShareLinks("http://127.0.0.1:8080", s)
	payload := encodeState(s)
	if want := "http://127.0.0.1:8080/#s=" + payload; info.URL != want {
		t.Errorf("URL = %q, want %q", info.URL, want)
	}
	if !strings.Contains(info.Embed, `<iframe src="http://127.0.0.1:8080/embed#s=`+payload+`"`) || info.Error != "" {
		t.Errorf("embed snippet = %q", info.Embed)
	}
	if info.Warning != "" {
		t.Errorf("a short link warned: %q", info.Warning)
	}
	// A plan is a document: its frame is taller than a template's.
	if !strings.Contains(info.Embed, `height="420"`) {
		t.Errorf("a template's embed snippet = %q", info.Embed)
	}
	if plan := ShareLinks("http://x", State{Mode: ModePlan, Plan: "steps: []\n"}); !strings.Contains(plan.Embed, `height="600"`) {
		t.Errorf("a plan's embed snippet = %q", plan.Embed)
	}
	long := State{Roots: []RootText{{"input", noise(100_000)}}}
	if info := ShareLinks("http://x", long); info.Warning == "" || info.URL == "" {
		t.Errorf("a link past %d characters: %+v", linkWarnSize, info)
	}
	big := State{Roots: []RootText{{"input", noise(maxLinkPayload)}}}
	if info := ShareLinks("http://x", big); !strings.Contains(info.Error, "a browser keeps at most 2 MB") || info.URL != "" {
		t.Errorf("a state over the cap got a link: %+v", info)
	}
}

// noise returns n characters that do not compress below 3/4 of their
// length: a payload longer than n.
func noise(n int) string {
	raw := make([]byte, n)
	rand.NewChaCha8([32]byte{}).Read(raw)
	return base64.StdEncoding.EncodeToString(raw)[:n]
}

// TestDecodeLinkBounds: a link's payload is refused by its length before it
// is read, and a DEFLATE bomb stops at MaxLinkState as it inflates.
func TestDecodeLinkBounds(t *testing.T) {
	if _, err := DecodeLink(strings.Repeat("A", maxLinkPayload+1)); err == nil || !strings.Contains(err.Error(), "longer than 2 MB") {
		t.Errorf("an over-long payload: %v", err)
	}
	var bomb bytes.Buffer
	w, _ := flate.NewWriter(&bomb, flate.BestCompression)
	zeros := make([]byte, 1<<20)
	for range 64 { // 64 MiB of zeros in some 64 KB
		w.Write(zeros)
	}
	w.Close()
	payload := base64.RawURLEncoding.EncodeToString(bomb.Bytes())
	if !Linkable(payload) {
		t.Fatalf("the bomb's payload is %d characters", len(payload))
	}
	if _, err := DecodeLink(payload); err == nil || !strings.Contains(err.Error(), "larger than 16 MiB") {
		t.Errorf("a DEFLATE bomb: %v", err)
	}
	// Up to the bound, a link opens whole.
	s := State{Roots: []RootText{{"input", strings.Repeat(" ", maxLinkPayload)}}}
	if got, err := DecodeLink(encodeState(s)); err != nil || got.Roots[0].Text != s.Roots[0].Text {
		t.Errorf("a link of a 2 MB state: %v", err)
	}
}

// TestLinkEngineVersion: a link made by another version of the engine, or
// before links recorded it, opens with a banner that says so.
func TestLinkEngineVersion(t *testing.T) {
	tests := []struct {
		engine string
		banner string // a substring, "" for no banner
	}{
		{template.Version, ""},
		{"0.9.0", "made with engine 0.9.0; this playground runs engine " + template.Version},
		{"", "made before links recorded the engine's version"},
	}
	for _, tt := range tests {
		engine := ""
		if tt.engine != "" {
			engine = `,"engine":"` + tt.engine + `"`
		}
		s, banner, refused := InitialState("#s="+pack(`{"v":1,"template":"x"`+engine+`}`), "", sample(""))
		if refused || s.Template != "x" || (tt.banner == "") != (banner == "") || !strings.Contains(banner, tt.banner) {
			t.Errorf("engine %q: banner %q, refused %v", tt.engine, banner, refused)
		}
	}
}
