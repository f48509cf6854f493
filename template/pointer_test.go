package template_test

import (
	"testing"

	"github.com/splicedev/splice/template"
)

func TestChildPointer(t *testing.T) {
	tests := []struct {
		tokens []string
		want   string
	}{
		{nil, ""},
		{[]string{"pr"}, "/pr"},
		{[]string{"labels", "0", "name"}, "/labels/0/name"},
		{[]string{"a/b"}, "/a~1b"},
		{[]string{"m~n"}, "/m~0n"},
		{[]string{"~1"}, "/~01"},
		{[]string{"/~"}, "/~1~0"},
		{[]string{""}, "/"},
		{[]string{"", ""}, "//"},
		{[]string{"{{x}}", "ü"}, "/{{x}}/ü"},
	}
	for _, tt := range tests {
		got := ""
		for _, token := range tt.tokens {
			got = template.ChildPointer(got, token)
		}
		if got != tt.want {
			t.Errorf("pointer of %q = %q, want %q", tt.tokens, got, tt.want)
		}
	}
}

func TestResolvePointer(t *testing.T) {
	doc := mustJSON(`{"a":{"b/c":[10,{"~":"tilde"}],"":{"":"empty"}},"n":null,"s":"str"}`)
	tests := []struct {
		ptr  string
		want string // JSON of the value, "" when nothing is there
	}{
		{"", doc.JSON()},
		{"/a/b~1c/0", "10"},
		{"/a/b~1c/1/~0", `"tilde"`},
		{"//", ""},
		{"/a//", `"empty"`},
		{"/n", "null"},
		{"/a/b~1c/2", ""},
		{"/a/b~1c/01", ""},
		{"/a/b~1c/-1", ""},
		{"/a/b~1c/+1", ""},
		{"/a/b/c", ""},
		{"/s/0", ""},
		{"/a/b~2c", ""},
		{"/a/b~", ""},
		{"a", ""},
	}
	for _, tt := range tests {
		v, ok := template.ResolvePointer(doc, tt.ptr)
		got := ""
		if ok {
			got = v.JSON()
		}
		if got != tt.want {
			t.Errorf("ResolvePointer(%q) = %q, want %q", tt.ptr, got, tt.want)
		}
	}
}
