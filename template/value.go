package template

import (
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"
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
//
// A Value is two words: a pointer and a tagged length. The pointer is the
// text of a string, number or boolean, the first element of an array, or
// the first member of an object (for a wide object, its *wideObject); the
// other word holds the kind in its top byte and the length below it. The
// memory pointed to is never written once the Value exists, which is what
// makes Values safe to share between goroutines.
type Value struct {
	_ [0]func() // Values compare with Equal: == would compare pointers
	p unsafe.Pointer
	n uint64 // kind<<kindShift | wideFlag | length
}

const (
	kindShift = 56
	lenMask   = 1<<kindShift - 1
	// wideFlag marks an object whose p is a *wideObject, which can carry a
	// hash index of its keys.
	wideFlag = 1 << 63
	tagMask  = 0x7f
)

// indexedMembers is the size from which an object gets a hash index, so
// that looking keys up in wide objects stays constant-time: templates look
// up the same wide object once per element of a section.
const indexedMembers = 32

// Member is one key of an object.
type Member struct {
	Key   string
	Value Value
}

// textValue returns a Bool, Number or String of text s.
func textValue(k Kind, s string) Value {
	return Value{p: unsafe.Pointer(unsafe.StringData(s)), n: uint64(k)<<kindShift | uint64(len(s))}
}

// arrayOf returns an array of elems.
func arrayOf(elems []Value) Value {
	return Value{p: unsafe.Pointer(unsafe.SliceData(elems)), n: uint64(Array)<<kindShift | uint64(len(elems))}
}

// newObject returns an object of members; a wide one gets a header that
// its key index hangs from once it is first needed.
func newObject(members []Member) Value {
	n := uint64(Object)<<kindShift | uint64(len(members))
	if len(members) >= indexedMembers {
		return Value{p: unsafe.Pointer(&wideObject{members: members}), n: n | wideFlag}
	}
	return Value{p: unsafe.Pointer(unsafe.SliceData(members)), n: n}
}

var (
	trueValue  = textValue(Bool, "true")
	falseValue = textValue(Bool, "false")
)

// BoolValue returns true or false.
func BoolValue(b bool) Value {
	if b {
		return trueValue
	}
	return falseValue
}

// StringValue returns a string.
func StringValue(s string) Value { return textValue(String, s) }

// NumberValue returns a number with the literal text lit, which must be a
// JSON number (see ValidNumber); the text is kept exactly as given.
func NumberValue(lit string) Value { return textValue(Number, lit) }

// IntValue returns the number n.
func IntValue(n int) Value { return textValue(Number, strconv.Itoa(n)) }

// ArrayValue returns an array of elems; the slice is kept, not copied.
func ArrayValue(elems []Value) Value { return arrayOf(elems) }

// ObjectValue returns an object of members in the given order; the slice is kept, not copied.
func ObjectValue(members []Member) Value { return newObject(members) }

// kind is Kind without copying the value.
func (v *Value) kind() Kind { return Kind(v.n >> kindShift & tagMask) }

// length is the length of the text, elements or members.
func (v *Value) length() int { return int(v.n & lenMask) }

// hasText reports whether v is a Bool, Number or String.
func (v *Value) hasText() bool { return v.n>>kindShift-1 < 3 }

// text is Str without copying the value.
func (v *Value) text() string {
	if !v.hasText() {
		return ""
	}
	return unsafe.String((*byte)(v.p), v.n&lenMask)
}

// elems is Elems without copying the value.
func (v *Value) elems() []Value {
	if v.n>>kindShift != uint64(Array) {
		return nil
	}
	return unsafe.Slice((*Value)(v.p), v.n&lenMask)
}

// members is Members without copying the value.
func (v *Value) members() []Member {
	switch v.n >> kindShift {
	case uint64(Object):
		return unsafe.Slice((*Member)(v.p), v.n&lenMask)
	case uint64(Object) | wideFlag>>kindShift:
		return (*wideObject)(v.p).members
	}
	return nil
}

// Kind reports the JSON type.
func (v Value) Kind() Kind { return v.kind() }

// IsNull reports whether v is null.
func (v Value) IsNull() bool { return v.n == 0 }

// Str returns the contents of a string, the literal of a number, "true" or
// "false" for a boolean, and "" otherwise.
func (v Value) Str() string { return v.text() }

// Bool reports whether v is the boolean true.
func (v Value) Bool() bool { return v.n == trueValue.n }

// Len returns the number of elements of an array or members of an object.
func (v Value) Len() int {
	if v.kind() < Array {
		return 0
	}
	return v.length()
}

// Elems returns the elements of an array. The slice must not be modified.
func (v Value) Elems() []Value { return v.elems() }

// Members returns the members of an object in order. The slice must not be modified.
func (v Value) Members() []Member { return v.members() }

// Index returns element i of an array.
func (v Value) Index(i int) (Value, bool) {
	elems := v.elems()
	if i < 0 || i >= len(elems) {
		return Value{}, false
	}
	return elems[i], true
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
	if v.isSmallObject() {
		return v.scan(key)
	}
	if v.n&wideFlag != 0 {
		return (*wideObject)(v.p).lookup(key)
	}
	return nil
}

// isSmallObject reports whether v is an object without an index.
func (v *Value) isSmallObject() bool { return v.n>>kindShift == uint64(Object) }

// scan looks key up in a small object. It goes backward, so that the last
// of duplicate keys wins, and tells keys of equal length apart by their
// first byte before comparing memory: the keys of one object often share a
// length. It is small enough to be inlined in the renderer's lookups.
func (v *Value) scan(key string) *Value {
	for i := int(v.n&lenMask) - 1; i >= 0; i-- {
		m := (*Member)(unsafe.Add(v.p, uintptr(i)*unsafe.Sizeof(Member{})))
		if len(m.Key) == len(key) && (len(key) == 0 || m.Key[0] == key[0]) && m.Key == key {
			return &m.Value
		}
	}
	return nil
}

// Keys returns the keys of an object in source order.
func (v Value) Keys() []string {
	members := v.members()
	keys := make([]string, len(members))
	for i := range members {
		keys[i] = members[i].Key
	}
	return keys
}

// Truthy reports whether v counts as true in a section (DIALECT §5): null,
// false, zero numbers, "", [] and {} are falsy.
func (v Value) Truthy() bool { return v.truthy() }

// truthy is Truthy without copying the value, for the render path.
func (v *Value) truthy() bool {
	switch v.kind() {
	case Null:
		return false
	case Bool:
		return v.n == trueValue.n
	case Number:
		return !isZeroNumber(v.text())
	}
	return v.length() > 0
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
func (v Value) Equal(w Value) bool { return v.equal(&w) }

func (v *Value) equal(w *Value) bool {
	if v.p == w.p && v.n == w.n {
		return true // the same memory, which is never written: a value shared by an edit
	}
	k := v.kind()
	if k != w.kind() || v.length() != w.length() {
		return false
	}
	switch k {
	case Array:
		ve, we := v.elems(), w.elems()
		for i := range ve {
			if !ve[i].equal(&we[i]) {
				return false
			}
		}
		return true
	case Object:
		vm, wm := v.members(), w.members()
		for i := range vm {
			if vm[i].Key != wm[i].Key || !vm[i].Value.equal(&wm[i].Value) {
				return false
			}
		}
		return true
	}
	return v.text() == w.text()
}

// runeCount is the length operator on strings: code points, not bytes.
func runeCount(s string) int { return utf8.RuneCountInString(s) }

// appendText appends v as mixed text renders it (DIALECT §5): strings as
// themselves, scalars as their literal, arrays and objects as compact JSON.
// It is small enough to be inlined where text is rendered.
func (v *Value) appendText(dst []byte) []byte {
	if v.hasText() {
		return append(dst, unsafe.String((*byte)(v.p), v.n&lenMask)...)
	}
	return v.appendJSON(dst) // null, an array or an object
}

// Text returns v as mixed text renders it.
func (v Value) Text() string {
	if v.hasText() {
		return v.text()
	}
	return string(v.appendText(nil))
}

// String returns compact JSON; it makes Value print well in tests and logs.
func (v Value) String() string { return string(v.appendJSON(nil)) }

// JSON Pointers (RFC 6901) name the places of values. They are written
// here, beside Value, rather than in a file of their own, whose name the
// engine's wasm would carry.

// ChildPointer is the JSON Pointer of the member token of the value at ptr
// (or its item, when token is an index): ChildPointer("/labels", "a/b") is
// "/labels/a~1b", the token escaped as RFC 6901 has it ("~" becomes "~0"
// and "/" becomes "~1"). (A loop rather than a strings.Replacer, whose code
// would be most of the engine's strings, and IndexByte rather than
// ContainsAny, whose Unicode sets are kilobytes more.)
func ChildPointer(ptr, token string) string {
	if strings.IndexByte(token, '~') < 0 && strings.IndexByte(token, '/') < 0 {
		return ptr + "/" + token
	}
	b := make([]byte, 0, len(ptr)+len(token)+8)
	b = append(append(b, ptr...), '/')
	for i := 0; i < len(token); i++ {
		switch token[i] {
		case '~':
			b = append(b, "~0"...)
		case '/':
			b = append(b, "~1"...)
		default:
			b = append(b, token[i])
		}
	}
	return string(b)
}

// ResolvePointer returns the value ptr names in v, or false when ptr is
// malformed or names nothing. Array indexes must be canonical ("0", "12").
func ResolvePointer(v Value, ptr string) (Value, bool) {
	if ptr == "" {
		return v, true
	}
	if ptr[0] != '/' {
		return Value{}, false
	}
	for rest, more := ptr[1:], true; more; {
		var raw string
		raw, rest, more = strings.Cut(rest, "/")
		token, ok := unescapeToken(raw)
		if !ok {
			return Value{}, false
		}
		switch v.Kind() {
		case Object:
			if v, ok = v.Lookup(token); !ok {
				return Value{}, false
			}
		case Array:
			i, ok := CanonicalIndex(token)
			if !ok {
				return Value{}, false
			}
			if v, ok = v.Index(i); !ok {
				return Value{}, false
			}
		default:
			return Value{}, false
		}
	}
	return v, true
}

// unescapeToken undoes ChildPointer's escaping; a "~" not followed by 0 or
// 1 is malformed.
func unescapeToken(s string) (string, bool) {
	if !strings.Contains(s, "~") {
		return s, true
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '~' {
			b.WriteByte(s[i])
			continue
		}
		if i+1 == len(s) || s[i+1] != '0' && s[i+1] != '1' {
			return "", false
		}
		b.WriteByte("~/"[s[i+1]-'0'])
		i++
	}
	return b.String(), true
}
