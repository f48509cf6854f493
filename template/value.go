package template

import (
	"strconv"
	"unicode/utf8"
)

// Kind is the JSON type of a Value.
type Kind uint8

// The JSON types. The zero Value is Null.
const (
	Null Kind = iota
	Bool
	Number
	String
	Array
	Object
)

var kindNames = [...]string{"null", "boolean", "number", "string", "array", "object"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// Value is an immutable JSON value that keeps what encoding/json loses:
// object key order and the literal text of numbers.
type Value struct {
	kind    Kind
	text    string         // String: the contents; Number: the literal; Bool: "true" or "false"
	elems   []Value        // Array
	members []Member       // Object, in source order
	index   map[string]int // Object with many members: key → its last position
}

// indexedMembers is the size from which an object gets a hash index, so
// that looking keys up in wide objects stays constant-time: templates look
// up the same wide object once per element of a section.
const indexedMembers = 32

// newObject returns an object of members, indexed when it is wide.
func newObject(members []Member) Value {
	v := Value{kind: Object, members: members}
	if len(members) >= indexedMembers {
		v.index = make(map[string]int, len(members))
		for i, m := range members {
			v.index[m.Key] = i
		}
	}
	return v
}

// Member is one key of an object.
type Member struct {
	Key   string
	Value Value
}

var (
	trueValue  = Value{kind: Bool, text: "true"}
	falseValue = Value{kind: Bool, text: "false"}
)

// BoolValue returns true or false.
func BoolValue(b bool) Value {
	if b {
		return trueValue
	}
	return falseValue
}

// StringValue returns a string.
func StringValue(s string) Value { return Value{kind: String, text: s} }

// NumberValue returns a number with the literal text lit, which must be a
// JSON number (see ValidNumber); the text is kept exactly as given.
func NumberValue(lit string) Value { return Value{kind: Number, text: lit} }

// IntValue returns the number n.
func IntValue(n int) Value { return Value{kind: Number, text: strconv.Itoa(n)} }

// ArrayValue returns an array of elems; the slice is kept, not copied.
func ArrayValue(elems []Value) Value { return Value{kind: Array, elems: elems} }

// ObjectValue returns an object of members in the given order; the slice is kept, not copied.
func ObjectValue(members []Member) Value { return newObject(members) }

// Kind reports the JSON type.
func (v Value) Kind() Kind { return v.kind }

// IsNull reports whether v is null.
func (v Value) IsNull() bool { return v.kind == Null }

// Str returns the contents of a string, the literal of a number, "true" or
// "false" for a boolean, and "" otherwise.
func (v Value) Str() string { return v.text }

// Bool reports whether v is the boolean true.
func (v Value) Bool() bool { return v.kind == Bool && len(v.text) == 4 }

// Len returns the number of elements of an array or members of an object.
func (v Value) Len() int {
	switch v.kind {
	case Array:
		return len(v.elems)
	case Object:
		return len(v.members)
	}
	return 0
}

// Elems returns the elements of an array. The slice must not be modified.
func (v Value) Elems() []Value { return v.elems }

// Members returns the members of an object in order. The slice must not be modified.
func (v Value) Members() []Member { return v.members }

// Index returns element i of an array.
func (v Value) Index(i int) (Value, bool) {
	if v.kind != Array || i < 0 || i >= len(v.elems) {
		return Value{}, false
	}
	return v.elems[i], true
}

// Lookup returns the value of key in an object. A duplicate key resolves to
// its last occurrence, as in encoding/json.
func (v Value) Lookup(key string) (Value, bool) {
	if w := v.member(key); w != nil {
		return *w, true
	}
	return Value{}, false
}

// member is Lookup without copying: a pointer into the object, or nil.
func (v *Value) member(key string) *Value {
	if v.index != nil {
		if i, ok := v.index[key]; ok {
			return &v.members[i].Value
		}
		return nil
	}
	for i := len(v.members) - 1; i >= 0; i-- {
		if v.members[i].Key == key {
			return &v.members[i].Value
		}
	}
	return nil
}

// Keys returns the keys of an object in source order.
func (v Value) Keys() []string {
	keys := make([]string, len(v.members))
	for i, m := range v.members {
		keys[i] = m.Key
	}
	return keys
}

// Truthy reports whether v counts as true in a section (DIALECT §5): null,
// false, zero numbers, "", [] and {} are falsy.
func (v Value) Truthy() bool { return v.truthy() }

// truthy is Truthy without copying the value, for the render path.
func (v *Value) truthy() bool {
	switch v.kind {
	case Null:
		return false
	case Bool:
		return v.Bool()
	case Number:
		return !isZeroNumber(v.text)
	case String:
		return v.text != ""
	case Array:
		return len(v.elems) > 0
	}
	return len(v.members) > 0
}

// isZeroNumber reports whether a number literal denotes zero: its mantissa
// digits are all 0, whatever its sign and exponent.
func isZeroNumber(lit string) bool {
	for i := 0; i < len(lit); i++ {
		switch c := lit[i]; {
		case c >= '1' && c <= '9':
			return false
		case c == 'e' || c == 'E':
			return true
		}
	}
	return true
}

// Equal reports structural equality: numbers by literal text, objects by
// keys and values in order, strings exactly.
func (v Value) Equal(w Value) bool {
	if v.kind != w.kind || v.text != w.text || len(v.elems) != len(w.elems) || len(v.members) != len(w.members) {
		return false
	}
	for i := range v.elems {
		if !v.elems[i].Equal(w.elems[i]) {
			return false
		}
	}
	for i := range v.members {
		if v.members[i].Key != w.members[i].Key || !v.members[i].Value.Equal(w.members[i].Value) {
			return false
		}
	}
	return true
}

// runeCount is the length operator on strings: code points, not bytes.
func runeCount(s string) int { return utf8.RuneCountInString(s) }

// AppendText appends v as mixed text renders it (DIALECT §5): strings as
// themselves, scalars as their literal, arrays and objects as compact JSON.
func (v Value) AppendText(dst []byte) []byte { return v.appendText(dst) }

// appendText is AppendText without copying the value, for the render path.
func (v *Value) appendText(dst []byte) []byte {
	switch v.kind {
	case Null:
		return append(dst, "null"...)
	case Array, Object:
		return v.AppendJSON(dst)
	}
	return append(dst, v.text...)
}

// Text returns v as mixed text renders it.
func (v Value) Text() string {
	switch v.kind {
	case Null, Array, Object:
		return string(v.AppendText(nil))
	}
	return v.text
}

// String returns compact JSON; it makes Value print well in tests and logs.
func (v Value) String() string { return string(v.AppendJSON(nil)) }
