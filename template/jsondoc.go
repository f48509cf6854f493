package template

import (
	"unicode/utf8"
	"unsafe"
)

// JSONDoc is a decoded JSON document that knows where its strings are, so
// that the commonest edit of a large document, typing inside one string
// value, is applied to its value without decoding the document again: it
// costs the path from the root to the string, not the document.
type JSONDoc struct {
	Src    string
	Value  Value
	quotes []int // where each string opened, keys included, in document order, before shifts
	// shifts are the edits since quotes was laid out: quote i has moved by
	// the delta of every shift it comes after. Bounded, so that an edit
	// costs no copy of quotes, a large document's many strings.
	shifts []shift
}

// shift moves the quotes after the after-th by delta.
type shift struct{ after, delta int }

// maxShifts bounds the shifts a document carries before its quotes are
// laid out again.
const maxShifts = 32

// quote returns where the i-th string opens.
func (d *JSONDoc) quote(i int) int {
	q := d.quotes[i]
	for _, s := range d.shifts {
		if i > s.after {
			q += s.delta
		}
	}
	return q
}

// ParseJSONDoc decodes src as ParseJSONString does, keeping where its
// strings are.
func ParseJSONDoc(src string) (*JSONDoc, error) {
	v, quotes, err := ParseJSONStrings(src)
	if err != nil {
		return nil, err
	}
	return &JSONDoc{Src: src, Value: v, quotes: quotes}, nil
}

// Edit returns the document whose source is next, when next differs from
// d.Src only inside the contents of one string value, and neither the text
// removed nor the text put there holds a quote, a backslash or a control
// character, in a string that has no escapes. Any other edit reports false:
// next is decoded afresh.
func (d *JSONDoc) Edit(next string) (*JSONDoc, bool) {
	old := d.Src
	from := commonPrefix(old, next)
	if from == len(old) && from == len(next) {
		return d, true
	}
	tail := commonSuffix(old[from:], next[from:])
	return d.replace(next, from, len(old)-tail, len(next)-tail)
}

// Replace is Edit for next, d.Src with [from, to) replaced, when the
// caller knows the range: only the text replaced is compared with the
// text put there (a range that also retyped a quote is the edit inside).
func (d *JSONDoc) Replace(from, to int, next string) (*JSONDoc, bool) {
	if from < 0 || from > to || to > len(d.Src) || len(next) < from+len(d.Src)-to {
		return nil, false
	}
	nextTo := len(next) - (len(d.Src) - to)
	head := commonPrefix(d.Src[from:to], next[from:nextTo])
	if from+head == to && to == nextTo {
		return d, true // nothing changed
	}
	tail := commonSuffix(d.Src[from+head:to], next[from+head:nextTo])
	return d.replace(next, from+head, to-tail, nextTo-tail)
}

// replace takes next, where [from, oldTo) of d.Src became [from, nextTo).
func (d *JSONDoc) replace(next string, from, oldTo, nextTo int) (*JSONDoc, bool) {
	old := d.Src
	k := d.stringAt(from)
	if k < 0 {
		return nil, false
	}
	open := d.quote(k)
	close := literalEnd(old, open)
	if close < 0 || oldTo > close || !plain(old[from:oldTo]) || !plain(next[from:nextTo]) {
		return nil, false
	}
	delta := len(next) - len(old)
	content := next[open+1 : close+delta]
	if !utf8.ValidString(content) {
		return nil, false
	}
	v, ok := replaceString(d.Value, k, old[open+1:close], StringValue(content))
	if !ok {
		return nil, false
	}
	nd := &JSONDoc{Src: next, Value: v, quotes: d.quotes, shifts: append(d.shifts[:len(d.shifts):len(d.shifts)], shift{k, delta})}
	if len(nd.shifts) > maxShifts {
		nd.quotes = make([]int, len(d.quotes))
		for i := range nd.quotes {
			nd.quotes[i] = nd.quote(i)
		}
		nd.shifts = nil
	}
	return nd, true
}

// stringAt returns the index of the string whose opening quote is the last
// one before off, or -1.
func (d *JSONDoc) stringAt(off int) int {
	lo, hi := 0, len(d.quotes) // the first quote at or after off
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if d.quote(mid) < off {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo - 1
}

// literalEnd returns the offset of the quote that closes the string opened
// at open, or -1 when the string has an escape.
func literalEnd(src string, open int) int {
	for i := open + 1; i < len(src); i++ {
		switch src[i] {
		case '"':
			return i
		case '\\':
			return -1
		}
	}
	return -1
}

// plain reports whether s can be part of a string's contents as it is.
func plain(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == '"' || c == '\\' || c < 0x20 {
			return false
		}
	}
	return true
}

// commonPrefix and commonSuffix compare eight bytes at a time: they read
// all of a large document on every keystroke.
func commonPrefix(a, b string) int {
	n := min(len(a), len(b))
	i := 0
	for i+8 <= n && word(a, i) == word(b, i) {
		i += 8
	}
	for i < n && a[i] == b[i] {
		i++
	}
	return i
}

func commonSuffix(a, b string) int {
	n := min(len(a), len(b))
	i := 0
	for i+8 <= n && word(a, len(a)-i-8) == word(b, len(b)-i-8) {
		i += 8
	}
	for i < n && a[len(a)-1-i] == b[len(b)-1-i] {
		i++
	}
	return i
}

// word returns the eight bytes of s at i.
func word(s string, i int) uint64 {
	return *(*uint64)(unsafe.Add(unsafe.Pointer(unsafe.StringData(s)), i))
}

// replaceString returns v with its k-th string in document order (keys
// included) replaced by s, copying only the containers on the way to it.
// It reports false when that string is a key, or does not hold was.
func replaceString(v Value, k int, was string, s Value) (Value, bool) {
	seen := 0
	var walk func(v Value) (Value, bool, bool) // the new value, done, ok
	walk = func(v Value) (Value, bool, bool) {
		switch v.Kind() {
		case String:
			if seen == k {
				return s, true, v.Str() == was
			}
			seen++
		case Array:
			elems := v.Elems()
			for i, e := range elems {
				if nv, done, ok := walk(e); done {
					if !ok {
						return v, true, false
					}
					c := make([]Value, len(elems))
					copy(c, elems)
					c[i] = nv
					return ArrayValue(c), true, true
				}
			}
		case Object:
			members := v.Members()
			for i, m := range members {
				if seen == k {
					return v, true, false // a key: the object's index would change
				}
				seen++
				if nv, done, ok := walk(m.Value); done {
					if !ok {
						return v, true, false
					}
					c := make([]Member, len(members))
					copy(c, members)
					c[i].Value = nv
					return ObjectValue(c), true, true
				}
			}
		}
		return v, false, false
	}
	nv, done, ok := walk(v)
	return nv, done && ok
}
