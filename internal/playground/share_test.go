package playground

import (
	"bytes"
	"encoding/base64"
	"errors"
	"strings"
	"testing"
)

// pack deflates raw JSON into a link payload, as a link made elsewhere
// would be.
func pack(raw string) string { return Pack([]byte(raw)) }

func TestEncodeDecodeRoundTrip(t *testing.T) {
	states := []State{{Mode: ModeTemplate, Roots: rootsNamed("input")}}
	for i := range Examples {
		states = append(states, Examples[i].Open())
	}
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
		payload, size := EncodeState(s)
		if size != len(StateJSON(s)) {
			t.Errorf("size %d, JSON is %d bytes", size, len(StateJSON(s)))
		}
		if strings.ContainsAny(payload, "+/=") {
			t.Errorf("payload %q is not unpadded base64url", payload)
		}
		got, err := DecodeState(payload, MaxLinkState)
		if err != nil {
			t.Fatalf("decoding %q: %v", s.Template, err)
		}
		if a, b := StateJSON(got), StateJSON(s); !bytes.Equal(a, b) {
			t.Errorf("round trip changed the state:\n got %s\nwant %s", a, b)
		}
	}
}

func TestStateJSONSchema(t *testing.T) {
	s := State{Mode: ModeTool, Template: "<b>{{E0}}</b>", Roots: []RootText{{"input", "{}"}}}
	want := `{"v":1,"mode":"tool","template":"<b>{{E0}}</b>","shape":"","tool":"","call":"",` +
		`"roots":[{"name":"input","text":"{}"}],"later":[],"iteration":false}`
	if got := string(StateJSON(s)); got != want {
		t.Errorf("state JSON\n got %s\nwant %s", got, want)
	}
}

func TestDecodeStateErrors(t *testing.T) {
	good, _ := EncodeState(DefaultExample.Open())
	tests := []struct {
		name    string
		payload string
		reason  string
	}{
		{"not base64", "a*b", "not base64url"},
		{"truncated", good[:len(good)/2], "truncated"},
		{"empty", "", "truncated"},
		{"not deflate", base64.RawURLEncoding.EncodeToString([]byte{0xff, 0xff, 0xff, 0xff}), "damaged"},
		{"too large", pack(`{"v":1,"template":"` + strings.Repeat("x", MaxLinkState) + `"}`), "larger than 1 MiB"},
		{"not JSON", pack(`{"v":1,`), "not a JSON object"},
		{"an array", pack(`[1]`), "not a JSON object"},
		{"no version", pack(`{"mode":"template"}`), "no version"},
		{"newer version", pack(`{"v":2}`), "newer playground"},
		{"version zero", pack(`{"v":0}`), "unknown"},
		{"wrong type", pack(`{"v":1,"roots":"input"}`), "does not match the schema"},
		{"duplicate roots", pack(`{"v":1,"roots":[{"name":"E0"},{"name":"E0"}]}`), "two roots"},
		{"bad mode", pack(`{"v":1,"mode":"graph"}`), "unknown mode"},
		{"a branch step that is a root", pack(`{"v":1,"roots":[{"name":"E5"}],"branch":{"E5":"E3"}}`), "a branch step is neither"},
		{"a bad decide step", pack(`{"v":1,"branch":{"E5":"a b"}}`), "must match"},
	}
	for _, tt := range tests {
		_, err := DecodeState(tt.payload, MaxLinkState)
		var le *LinkError
		if !errors.As(err, &le) || !strings.Contains(err.Error(), tt.reason) {
			t.Errorf("%s: error %v, want a LinkError saying %q", tt.name, err, tt.reason)
		}
	}
}

func TestDecodeStateLenient(t *testing.T) {
	// Unknown fields are ignored, missing ones take their zero values, and
	// padding a link copier added is accepted.
	payload := pack(`{"v":1,"template":"{{input.x}}","cursor":12,"future":{"a":[1]},"roots":[{"name":"input","text":"{\"x\":1}","color":"red"}]}`)
	for _, p := range []string{payload, payload + "=="} {
		s, err := DecodeState(p, MaxLinkState)
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
	payload, size := EncodeState(s)
	if _, err := DecodeState(payload, size); err != nil {
		t.Errorf("a state of exactly the cap was refused: %v", err)
	}
	if _, err := DecodeState(payload, size-1); err == nil {
		t.Error("a state one byte over the cap was accepted")
	}
}

func TestPayloadOf(t *testing.T) {
	tests := []struct {
		fragment, payload string
		ok                bool
	}{
		{"#s=abc", "abc", true},
		{"s=abc", "abc", true},
		{"#theme=dark&s=abc", "abc", true},
		{"#s=", "", true},
		{"#x=1", "", false},
		{"", "", false},
	}
	for _, tt := range tests {
		if p, ok := PayloadOf(tt.fragment); p != tt.payload || ok != tt.ok {
			t.Errorf("payloadOf(%q) = %q, %v; want %q, %v", tt.fragment, p, ok, tt.payload, tt.ok)
		}
	}
}

func TestOtherParams(t *testing.T) {
	for fragment, want := range map[string]string{
		"#s=abc":                 "",
		"#theme=dark&s=abc":      "&theme=dark",
		"#s=abc&theme=light&x=1": "&theme=light&x=1",
		"":                       "",
		"#theme=dark":            "&theme=dark",
	} {
		if got := OtherParams(fragment); got != want {
			t.Errorf("otherParams(%q) = %q, want %q", fragment, got, want)
		}
	}
}

func TestInitialState(t *testing.T) {
	link, _ := EncodeState(ExampleByID("comma-idiom").Open())
	saved, _ := EncodeState(ExampleByID("no-results").Open())
	tests := []struct {
		name, fragment, saved string
		want                  string // example id
		Banner                bool
	}{
		{"link wins", "#s=" + link, saved, "comma-idiom", false},
		{"autosave", "", saved, "no-results", false},
		{"first visit", "", "", "issue-digest", false},
		{"bad link", "#s=" + link[:10], saved, "issue-digest", true},
		{"bad autosave", "", "zzz", "issue-digest", false},
	}
	for _, tt := range tests {
		s, banner, refused := InitialState(tt.fragment, tt.saved)
		if refused != tt.Banner {
			t.Errorf("%s: refused = %v", tt.name, refused)
		}
		want := ExampleByID(tt.want).Open()
		if !bytes.Equal(StateJSON(s), StateJSON(want)) {
			t.Errorf("%s: got state %s, want example %s", tt.name, StateJSON(s), tt.want)
		}
		if (banner != "") != tt.Banner {
			t.Errorf("%s: banner %q", tt.name, banner)
		}
	}
}

// TestLinksDropNothing: what a link carries appears, or the banner names
// it; a link that cannot be read as it is is refused with the reason.
func TestLinksDropNothing(t *testing.T) {
	withItem := pack(`{"v": 1, "mode": "template", "template": "{{E0.a}}", "iteration": false,
		"roots": [{"name": "input", "text": "{}"}, {"name": "E0", "text": "{\"a\": 1}"}, {"name": "item", "text": "{\"n\": 7}"}]}`)
	s, banner, refused := InitialState("#s="+withItem, "")
	if refused || !strings.Contains(banner, "iteration roots item") {
		t.Fatalf("an item root without the iteration body: banner %q, refused %v", banner, refused)
	}
	ss := NewSession(s)
	ss.SetIteration(true)
	if i := ss.State.RootIndex("item"); i < 0 || ss.State.Roots[i].Text != `{"n": 7}` {
		t.Errorf("switching the iteration body on does not bring item back: %+v", ss.State.Roots)
	}
	twoInputs := pack(`{"v": 1, "mode": "template", "roots": [{"name": "input", "text": "{\"a\": 1}"}, {"name": "input", "text": "{\"b\": 2}"}]}`)
	if _, banner, refused := InitialState("#s="+twoInputs, ""); !refused || !strings.Contains(banner, `two roots are called "input"`) {
		t.Errorf("two input roots: banner %q, refused %v", banner, refused)
	}
}

func TestShareLinks(t *testing.T) {
	s := ExampleByID("pr-card").Open()
	info := ShareLinks("http://127.0.0.1:8080", s)
	payload, _ := EncodeState(s)
	if want := "http://127.0.0.1:8080/#s=" + payload; info.URL != want {
		t.Errorf("URL = %q, want %q", info.URL, want)
	}
	if !strings.Contains(info.Embed, `<iframe src="http://127.0.0.1:8080/embed#s=`+payload+`"`) || info.Error != "" {
		t.Errorf("embed snippet = %q", info.Embed)
	}
	big := State{Roots: []RootText{{"input", strings.Repeat(" ", MaxLinkState)}}}
	if info := ShareLinks("http://x", big); info.Error == "" || info.URL != "" {
		t.Errorf("a state over the cap got a link: %+v", info)
	}
}

func TestSizeText(t *testing.T) {
	for n, want := range map[int]string{999: "999 B", 1500: "1.5 KB", 2_500_000: "2.5 MB", 1 << 20: "1 MiB"} {
		if got := sizeText(n); got != want {
			t.Errorf("sizeText(%d) = %q, want %q", n, got, want)
		}
	}
}
