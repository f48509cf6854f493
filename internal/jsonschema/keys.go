package jsonschema

import "github.com/splicedev/splice/template"

// WithDeclaredKeys returns data with the keys that schema declares and data
// lacks added, recursively through "properties" and array "items", each
// with a value of its declared "type" (an empty string, 0, false, an empty
// array or object; null when untyped). A tool's templates are completed
// from it, so that input.* offers what the input schema promises before a
// call input has it. References ($ref) are not followed.
func WithDeclaredKeys(schema, data template.Value) template.Value {
	return withDeclaredKeys(schema, data, true)
}

func withDeclaredKeys(schema, data template.Value, present bool) template.Value {
	if schema.Kind() != template.Object {
		return data
	}
	if !present {
		data = emptyOf(schema)
	}
	switch data.Kind() {
	case template.Object:
		props, _ := schema.Lookup("properties")
		if props.Kind() != template.Object {
			return data
		}
		members := append([]template.Member(nil), data.Members()...)
		for _, p := range props.Members() {
			i := memberIndex(members, p.Key)
			if i < 0 {
				members = append(members, template.Member{Key: p.Key, Value: withDeclaredKeys(p.Value, template.Value{}, false)})
			} else {
				members[i].Value = withDeclaredKeys(p.Value, members[i].Value, true)
			}
		}
		return template.ObjectValue(members)
	case template.Array:
		items, _ := schema.Lookup("items")
		elems := data.Elems()
		if len(elems) == 0 {
			if items.Kind() == template.Object {
				return template.ArrayValue([]template.Value{withDeclaredKeys(items, template.Value{}, false)})
			}
			return data
		}
		out := make([]template.Value, len(elems))
		for i, e := range elems {
			out[i] = withDeclaredKeys(items, e, true)
		}
		return template.ArrayValue(out)
	}
	return data
}

// memberIndex returns the index of the last member called key, -1 if none.
func memberIndex(members []template.Member, key string) int {
	for i := len(members) - 1; i >= 0; i-- {
		if members[i].Key == key {
			return i
		}
	}
	return -1
}

// emptyOf returns the empty value of the type a schema declares.
func emptyOf(schema template.Value) template.Value {
	t, _ := schema.Lookup("type")
	if t.Kind() == template.Array && len(t.Elems()) > 0 {
		t = t.Elems()[0]
	}
	switch t.Str() {
	case "object":
		return template.ObjectValue(nil)
	case "array":
		return template.ArrayValue(nil)
	case "string":
		return template.StringValue("")
	case "number", "integer":
		return template.IntValue(0)
	case "boolean":
		return template.BoolValue(false)
	}
	if p, ok := schema.Lookup("properties"); ok && p.Kind() == template.Object {
		return template.ObjectValue(nil)
	}
	return template.Value{}
}
