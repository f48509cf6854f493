package main

import (
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unsafe"

	"github.com/splicedev/splice/template"
)

// countingCache makes the length of each text, counting how often it makes one.
func countingCache(maxEntries, maxBytes int) (*cache, *int) {
	made := 0
	return newCache(maxEntries, maxBytes, func(text string) any { made++; return len(text) }), &made
}

func TestCacheMakesEachTextOnce(t *testing.T) {
	c, made := countingCache(4, 100)
	for range 3 {
		for _, text := range []string{"a", "bb", "ccc"} {
			if got := c.get(text); got != len(text) {
				t.Fatalf("get(%q) = %v", text, got)
			}
		}
	}
	if *made != 3 {
		t.Errorf("made %d times for 3 texts", *made)
	}
}

func TestCacheBounds(t *testing.T) {
	c, made := countingCache(8, 40)
	for i := range 100 {
		c.get(strconv.Itoa(i) + strings.Repeat("x", i%7))
		if len(c.entries) > 8 || c.bytes > 40 {
			t.Fatalf("after %d gets: %d entries, %d bytes", i+1, len(c.entries), c.bytes)
		}
	}
	// The most recently used stays.
	c.get("kept")
	for i := range 20 {
		c.get("kept")
		c.get("other" + strconv.Itoa(i))
	}
	before := *made
	c.get("kept")
	if *made != before {
		t.Error("the text used on every other get was dropped")
	}
	// A text larger than the cache is made each time and never kept.
	big := strings.Repeat("y", 41)
	c.get(big)
	c.get(big)
	if _, kept := c.entries[big]; kept || *made != before+2 {
		t.Errorf("a text over the bound: kept %v, made %d times", kept, *made-before)
	}
}

// The cache keeps a copy of the text it is given, which may be a view of
// memory that changes.
func TestCacheCopiesItsKeys(t *testing.T) {
	c, made := countingCache(4, 100)
	buf := []byte("template")
	c.get(unsafe.String(&buf[0], len(buf)))
	copy(buf, "XXXXXXXX")
	c.get("template")
	if *made != 1 {
		t.Errorf("the key changed with the memory it was read from")
	}
}

// A long text is keyed by its ends and length: texts of one key replace
// each other, each still getting what was made of it, and the bytes kept
// are counted right, within the bounds.
func TestCacheLongTexts(t *testing.T) {
	ends := strings.Repeat("e", keyEnds)
	one, two, longer := ends+"<one text>"+ends, ends+"<two text>"+ends, ends+"<longer text>"+ends
	for _, maxBytes := range []int{1 << 20, 300} {
		made := 0
		c := newCache(8, maxBytes, func(text string) any { made++; return text })
		for range 3 {
			for _, text := range []string{one, two, longer} {
				if got := c.get(text); got != text {
					t.Fatalf("get(%q) = %q", text, got)
				}
				bytes := 0
				for _, e := range c.entries {
					bytes += len(e.text)
				}
				if c.bytes != bytes || bytes > maxBytes {
					t.Fatalf("%d bytes kept, counted %d, at most %d", bytes, c.bytes, maxBytes)
				}
			}
		}
		if maxBytes > 1000 && (made != 7 || len(c.entries) != 2) { // one and two each time, longer once
			t.Errorf("made %d times, %d entries kept; want 7 and 2", made, len(c.entries))
		}
	}
	// The key is a copy too.
	c, made := countingCache(8, 1000)
	buf := []byte(one)
	c.get(unsafe.String(&buf[0], len(buf)))
	c.get(longer) // not the last text, which get compares before its key
	copy(buf, strings.Repeat("X", len(buf)))
	if c.get(one); *made != 2 {
		t.Errorf("the key changed with the memory it was read from")
	}
}

// Scopes that differ have keys that differ; the same scope, the same key.
func TestScopeKey(t *testing.T) {
	scopes := []template.Scope{
		{},
		{Roots: []string{"input", "E0"}},
		{Roots: []string{"input", "E0"}, Iteration: true},
		{Roots: []string{"input"}, Later: []string{"E0"}},
		{Roots: []string{"input", `E0"E1`}},
		{Roots: []string{"input", "E0", "E1"}},
		{Roots: []string{"input"}, Branch: map[string]string{"E5": "E3"}},
		{Roots: []string{"input"}, Branch: map[string]string{"E5": "E4"}},
		{Roots: []string{"input"}, Branch: map[string]string{"E5": "E3", "E6": "E3"}},
	}
	seen := map[string]int{}
	for i, s := range scopes {
		key := string(appendScopeKey(nil, s))
		if j, ok := seen[key]; ok {
			t.Errorf("scopes %d and %d share the key %q", j, i, key)
		}
		seen[key] = i
	}
	branch := map[string]string{"E5": "E3", "E6": "E3", "E7": "E4", "E8": "E1"}
	for range 20 {
		if string(appendScopeKey(nil, template.Scope{Branch: branch})) != string(appendScopeKey(nil, template.Scope{Branch: branch})) {
			t.Fatal("one scope has keys that differ")
		}
	}
}

// A template checked in one scope is checked again in another.
func TestLoadedChecksEachScope(t *testing.T) {
	l := loadTemplate("{{E1.x}}").(*loaded)
	with := template.Scope{Roots: []string{"input", "E1"}}
	without := template.Scope{Roots: []string{"input"}}
	for range 2 {
		if r := template.Check(l.checkedIn(with), with); !r.Loaded {
			t.Errorf("with E1: %v", r.Err)
		}
		if r := template.Check(l.checkedIn(without), without); r.Loaded {
			t.Error("without E1: loaded")
		}
	}
	if len(l.checks) != 2 {
		t.Errorf("%d checks kept for 2 scopes", len(l.checks))
	}
}

// The last scope of roots alone is found again without its key; a scope
// with the same roots and more (an iteration) is another.
func TestLastScopeIsRootsAlone(t *testing.T) {
	l := loadTemplate("{{item.x}}").(*loaded)
	roots := template.Scope{Roots: []string{"input", "E1"}}
	iteration := template.Scope{Roots: []string{"input", "E1"}, Iteration: true}
	for range 2 {
		if r := template.Check(l.checkedIn(roots), roots); r.Loaded {
			t.Error("item outside an iteration: loaded")
		}
		if r := template.Check(l.checkedIn(iteration), iteration); !r.Loaded {
			t.Errorf("item in an iteration: %v", r.Err)
		}
	}
	if l.last == nil || !slices.Equal(l.lastRoots, roots.Roots) {
		t.Errorf("last roots %v, want %v", l.lastRoots, roots.Roots)
	}
}

// The checks a template keeps for a scope stay as they were when later
// calls in other scopes reuse the buffers a call's scope is made in.
func TestKeptChecksOutliveTheCall(t *testing.T) {
	available := func(roots ...any) any {
		got, err := render(args("{{E9}}", roots))
		if err != nil {
			t.Fatal(err)
		}
		return objectOf(got).Get("errors").([]object)[0].Get("available")
	}
	want := []string{"input", "E0"}
	available(root("E0", "0"))
	available(root("E1", "1"), root("E2", "2"), root("E3", "3"))
	if got := available(root("E0", "0")); !reflect.DeepEqual(got, want) {
		t.Errorf("available roots %v, want %v", got, want)
	}
}
