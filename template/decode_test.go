package template_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/splicedev/splice/template"
)

// decodeBoth decodes doc with ParseJSON and ParseJSONString, which must agree.
func decodeBoth(t *testing.T, doc string) (template.Value, error) {
	t.Helper()
	v, err := template.ParseJSONString(doc)
	w, errBytes := template.ParseJSON([]byte(doc))
	switch {
	case (err == nil) != (errBytes == nil):
		t.Fatalf("%q: ParseJSONString error %v, ParseJSON error %v", doc, err, errBytes)
	case err != nil && err.Error() != errBytes.Error():
		t.Fatalf("%q: ParseJSONString error %v, ParseJSON error %v", doc, err, errBytes)
	case err == nil && !v.Equal(w):
		t.Fatalf("%q: ParseJSONString gives %v, ParseJSON %v", doc, v, w)
	}
	return v, err
}

// syntaxError returns err's position as a byte offset, failing unless it is
// a *SyntaxError with msg.
func syntaxError(t *testing.T, doc string, err error, msg string) int {
	t.Helper()
	var se *template.SyntaxError
	if !errors.As(err, &se) {
		t.Fatalf("%q: error %v, want a *SyntaxError", doc, err)
	}
	if !strings.Contains(se.Msg, msg) {
		t.Fatalf("%q: error %q, want %q", doc, se.Msg, msg)
	}
	if se.Pos != template.PosOf(doc, se.Pos.Offset) {
		t.Fatalf("%q: position %+v disagrees with PosOf", doc, se.Pos)
	}
	return se.Pos.Offset
}

// The string scanner reads eight bytes at a time: whatever ends a plain run
// must be found at every offset within a word, and near the end of input,
// where fewer than eight bytes remain.
func TestStringScanAtEveryOffset(t *testing.T) {
	for pad := 0; pad < 9; pad++ {
		prefix := `[` + strings.Repeat(" ", pad) + `"`
		for n := 0; n < 20; n++ {
			for at := 0; at <= n; at++ {
				plain := strings.Repeat("a", n)
				body := plain[:at] + "%s" + plain[at:]
				for _, c := range []struct {
					insert, want string // want: the decoded string, or "error:" and the message
				}{
					{``, plain},
					{`\"`, plain[:at] + `"` + plain[at:]},
					{`\\`, plain[:at] + `\` + plain[at:]},
					{`\n`, plain[:at] + "\n" + plain[at:]},
					{`\u00e9`, plain[:at] + "é" + plain[at:]},
					{`\ud83d\ude00`, plain[:at] + "😀" + plain[at:]},
					{`\ud83d`, plain[:at] + "\uFFFD" + plain[at:]},
					{"é", plain[:at] + "é" + plain[at:]},
					{"日本", plain[:at] + "日本" + plain[at:]},
					{"\x7f", plain[:at] + "\x7f" + plain[at:]},
					{"\x01", "error:control character"},
					{"\x1f", "error:control character"},
					{"\xff", "error:invalid UTF-8"},
					{"\xc3", "error:invalid UTF-8"},
					{"\xe2\x82", "error:invalid UTF-8"},
					{"\xc0\xaf", "error:invalid UTF-8"},
					{"\xed\xa0\x80", "error:invalid UTF-8"},
					{`\q`, "error:invalid escape"},
					{`\u12g`, "error:invalid \\u escape"}, // reported at its digits
				} {
					s := fmt.Sprintf(body, c.insert)
					for _, suffix := range []string{`"]`, `", "x"]`, `"` + strings.Repeat(" ", 9) + `]`} {
						doc := prefix + s + suffix
						v, err := decodeBoth(t, doc)
						if want, ok := strings.CutPrefix(c.want, "error:"); ok {
							wantOff := len(prefix) + at
							if strings.HasPrefix(c.insert, `\u`) {
								wantOff += 2
							}
							if off := syntaxError(t, doc, err, want); off != wantOff {
								t.Fatalf("%q: error at offset %d, want %d", doc, off, wantOff)
							}
							continue
						}
						if err != nil {
							t.Fatalf("%q: %v", doc, err)
						}
						if got, _ := v.Index(0); got.Str() != c.want {
							t.Fatalf("%q decodes to %q, want %q", doc, got.Str(), c.want)
						}
					}
				}
			}
		}
	}
}

func TestUnterminatedStrings(t *testing.T) {
	for n := 0; n < 20; n++ {
		for _, tail := range []string{"", `\`, `\u`, `\u00`, "é"} {
			doc := `"` + strings.Repeat("a", n) + tail
			_, err := decodeBoth(t, doc)
			if err == nil {
				t.Fatalf("%q decodes", doc)
			}
			var se *template.SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("%q: %v", doc, err)
			}
		}
		// The position of an unterminated string is the end of input, or
		// a backslash that ends it.
		doc := `["` + strings.Repeat("b", n)
		if off := syntaxError(t, doc, decodeErr(decodeBoth(t, doc)), "unterminated string"); off != len(doc) {
			t.Fatalf("%q: error at %d, want %d", doc, off, len(doc))
		}
		doc = `["` + strings.Repeat("b", n) + `\`
		if off := syntaxError(t, doc, decodeErr(decodeBoth(t, doc)), "unterminated string"); off != len(doc)-1 {
			t.Fatalf("%q: error at %d, want %d", doc, off, len(doc)-1)
		}
	}
}

func decodeErr(_ template.Value, err error) error { return err }

// Strings must agree with encoding/json wherever the input is valid UTF-8.
func TestStringsAgreeWithEncodingJSON(t *testing.T) {
	pieces := []string{"a", "é", "日", "😀", `\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`, `\u0000`, `\u001f`,
		`\u00e9`, `\u2028`, `\ud83d\ude00`, `\ud83d`, `\ude00`, `\ud83dx`, `\ud83d\u0041`, `\uDBFF\uDFFF`, "\x7f", " "}
	for i := range 3000 {
		var b strings.Builder
		b.WriteByte('"')
		for j, n := 0, i%37; j < n; j++ {
			b.WriteString(pieces[(i*7+j*13+j*j)%len(pieces)])
		}
		b.WriteByte('"')
		doc := b.String()
		var want string
		if err := json.Unmarshal([]byte(doc), &want); err != nil {
			t.Fatalf("encoding/json: %q: %v", doc, err)
		}
		v, err := decodeBoth(t, doc)
		if err != nil || v.Str() != want {
			t.Fatalf("%q decodes to %q (%v), encoding/json gives %q", doc, v.Str(), err, want)
		}
		// Printing and decoding again gives the same string.
		if back, err := template.ParseJSONString(v.JSON()); err != nil || back.Str() != want {
			t.Fatalf("%q: printed as %s, which decodes to %q (%v)", doc, v.JSON(), back.Str(), err)
		}
	}
}

// ParseJSON copies what it keeps: changing data afterwards changes nothing.
func TestParseJSONKeepsNoReference(t *testing.T) {
	doc := `{"name": "octocat", "n": 1.50, "esc": "a\nb", "list": [{"name": "x"}, {"name": "y"}]}`
	data := []byte(doc)
	v, err := template.ParseJSON(data)
	if err != nil {
		t.Fatal(err)
	}
	want := v.JSON()
	for i := range data {
		data[i] = 'X'
	}
	if got := v.JSON(); got != want {
		t.Fatalf("after overwriting the input, the value is %s, was %s", got, want)
	}
}

// Keys repeat across the objects of an array; sharing them must not mix up
// keys that merely look alike to the cache.
func TestRepeatedAndCollidingKeys(t *testing.T) {
	var b strings.Builder
	b.WriteByte('[')
	var want [][]string
	for i := range 600 {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteByte('{')
		var keys []string
		for j := range i%7 + 1 {
			// Same length, first, middle and last byte: colliding hashes.
			k := fmt.Sprintf("k%c%03dz", 'a'+rune((i+j)%3), (i*j)%1000)
			keys = append(keys, k)
			if j > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, "%q:%d", k, j)
		}
		b.WriteByte('}')
		want = append(want, keys)
	}
	b.WriteByte(']')
	v, err := decodeBoth(t, b.String())
	if err != nil {
		t.Fatal(err)
	}
	for i, e := range v.Elems() {
		if got := e.Keys(); !reflect.DeepEqual(got, want[i]) {
			t.Fatalf("object %d has keys %q, want %q", i, got, want[i])
		}
	}
}

// Duplicate keys resolve to their last occurrence, in small objects
// (scanned) and wide ones (indexed), and the output keeps all of them.
func TestDuplicateKeysLastWins(t *testing.T) {
	for _, n := range []int{1, 2, 5, 31, 32, 33, 64, 200} {
		for _, dupEvery := range []int{1, 2, 3, 7} {
			var b strings.Builder
			b.WriteByte('{')
			last := map[string]int{}
			for i := range n {
				k := "key" + strconv.Itoa(i/dupEvery)
				if i > 0 {
					b.WriteByte(',')
				}
				fmt.Fprintf(&b, "%q:%d", k, i)
				last[k] = i
			}
			b.WriteByte('}')
			v, err := decodeBoth(t, b.String())
			if err != nil {
				t.Fatal(err)
			}
			if v.Len() != n || v.JSON() != b.String() {
				t.Fatalf("%d members, duplicates every %d: prints as %s", n, dupEvery, v.JSON())
			}
			for k, i := range last {
				if got, ok := v.Lookup(k); !ok || got.Str() != strconv.Itoa(i) {
					t.Fatalf("%d members, duplicates every %d: %s = %v, want %d", n, dupEvery, k, got, i)
				}
			}
			if _, ok := v.Lookup("nokey"); ok {
				t.Fatalf("%d members: found an absent key", n)
			}
			if _, ok := v.Lookup(""); ok {
				t.Fatalf("%d members: found the empty key", n)
			}
			if w := template.ObjectValue(v.Members()); !w.Equal(v) || w.JSON() != v.JSON() {
				t.Fatalf("%d members: ObjectValue does not round-trip", n)
			}
		}
	}
}

// A wide object's index is built by its first lookup; lookups from many
// goroutines at once must agree (and, under -race, not race).
func TestWideObjectConcurrentLookup(t *testing.T) {
	members := make([]template.Member, 500)
	for i := range members {
		members[i] = template.Member{Key: "k" + strconv.Itoa(i%400), Value: template.IntValue(i)}
	}
	for round := range 20 {
		v := template.ObjectValue(members)
		var wg sync.WaitGroup
		errs := make(chan string, 8)
		for g := range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range 400 {
					k := (i + g*50) % 400
					want := k
					if k < 100 {
						want = k + 400 // the later duplicate
					}
					if got, ok := v.Lookup("k" + strconv.Itoa(k)); !ok || got.Str() != strconv.Itoa(want) {
						errs <- fmt.Sprintf("round %d: k%d = %v, want %d", round, k, got, want)
						return
					}
				}
			}()
		}
		wg.Wait()
		close(errs)
		for e := range errs {
			t.Fatal(e)
		}
	}
}

// Containers longer than a chunk, nested in one another, are built aside
// and must come out whole and in order.
func TestLongContainers(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"rows":[`)
	for i := range 300 {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"id":%d,"cells":[`, i)
		for j := range 40 + i%700 {
			if j > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `%d`, i*j)
		}
		b.WriteString(`],"wide":{`)
		for j := range i % 90 {
			if j > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `"c%d":[%d,{"x":"%d"}]`, j, j, i)
		}
		b.WriteString(`}}`)
	}
	b.WriteString(`],"after":true}`)
	doc := b.String()
	v, err := decodeBoth(t, doc)
	if err != nil {
		t.Fatal(err)
	}
	if got := v.JSON(); got != doc {
		t.Fatalf("round trip differs at byte %d", firstDiff(got, doc))
	}
	rows, _ := v.Lookup("rows")
	for i, row := range rows.Elems() {
		wide, _ := row.Lookup("wide")
		if j := i%90 - 1; j >= 0 {
			if c, ok := wide.Lookup("c" + strconv.Itoa(j)); !ok || c.Len() != 2 {
				t.Fatalf("row %d: c%d = %v", i, j, c)
			}
		}
	}
}

func firstDiff(a, b string) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// Nesting is capped at MaxJSONDepth whatever the mix of containers, and the
// error points at the bracket that goes too deep.
func TestDepthLimitPosition(t *testing.T) {
	for _, open := range []string{"[", `{"a":`, `[{"b":`} {
		levels := strings.Count(open, "[") + strings.Count(open, "{")
		n := template.MaxJSONDepth/levels + 1
		doc := strings.Repeat(open, n) + "1"
		_, err := decodeBoth(t, doc)
		off := syntaxError(t, doc, err, strconv.Itoa(template.MaxJSONDepth))
		depth := strings.Count(doc[:off], "[") + strings.Count(doc[:off], "{")
		if depth != template.MaxJSONDepth || (doc[off] != '[' && doc[off] != '{') {
			t.Fatalf("%s×%d: error at offset %d after %d levels, want at the bracket after %d", open, n, off, depth, template.MaxJSONDepth)
		}
	}
}

// Whitespace may appear between any two tokens, in any amount.
func TestWhitespaceEverywhere(t *testing.T) {
	doc := ` { "a" : [ 1 , "x" , { } , [ ] , null , true , false , -1.5e+3 ] , "b" : { "c" : "d" } } `
	for _, ws := range []string{" ", "\t", "\n", "\r\n", "         ", "\n\t \r"} {
		d := strings.ReplaceAll(doc, " ", ws)
		v, err := decodeBoth(t, d)
		if err != nil {
			t.Fatalf("%q: %v", d, err)
		}
		if got, want := v.JSON(), `{"a":[1,"x",{},[],null,true,false,-1.5e+3],"b":{"c":"d"}}`; got != want {
			t.Fatalf("%q decodes to %s", d, got)
		}
	}
}

func FuzzParseJSON(f *testing.F) {
	for _, s := range []string{`{}`, `[]`, `""`, `0`, `-0.5e-7`, `{"a":[1,2,{"b":null}],"a":true}`,
		`"\ud83d\ude00\u00e9\n"`, "\"\xff\"", `[1,]`, `{"a" 1}`, " [ 1 , 2 ] ", `"abcdefgh\"ijklmnop"`,
		`[[[[[[[[[[]]]]]]]]]]`, `{"k":"v","k":"w"}`} {
		f.Add([]byte(s))
	}
	for _, s := range fuzzSeeds(f) {
		f.Add([]byte(s.roots))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > maxFuzzInput {
			t.Skip()
		}
		v, err := template.ParseJSON(data)
		w, errString := template.ParseJSONString(string(data))
		if (err == nil) != (errString == nil) || err != nil && err.Error() != errString.Error() || err == nil && !v.Equal(w) {
			t.Fatalf("ParseJSON: %v, %v; ParseJSONString: %v, %v", v, err, w, errString)
		}
		valid := json.Valid(data) && utf8.Valid(data)
		if err != nil {
			var se *template.SyntaxError
			if !errors.As(err, &se) || se.Pos != template.PosOf(string(data), se.Pos.Offset) {
				t.Fatalf("%q: error %v without a consistent position", data, err)
			}
			if valid && !strings.Contains(se.Msg, "nested deeper") {
				t.Fatalf("%q is valid JSON, but: %v", data, err)
			}
			return
		}
		if !valid {
			t.Fatalf("%q is not valid JSON, but decodes to %v", data, v)
		}
		// The value means what encoding/json reads in the input.
		if got, want := decodeAny(t, []byte(v.JSON())), decodeAny(t, data); !reflect.DeepEqual(got, want) {
			t.Fatalf("%q decodes to %s: %v, encoding/json reads %v", data, v.JSON(), got, want)
		}
		if back, err := template.ParseJSONString(v.JSON()); err != nil || !back.Equal(v) {
			t.Fatalf("%q: printed as %s, which decodes to %v, %v", data, v.JSON(), back, err)
		}
	})
}

func decodeAny(t *testing.T, data []byte) any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("encoding/json: %q: %v", data, err)
	}
	return v
}
