// Package display says how every surface (the splice command, the
// playground, its docs and the JavaScript API) shows a run's result, so
// that they show it alike.
package display

import (
	"strings"

	"github.com/splicedev/splice/template"
	"github.com/tidwall/pretty"
)

// Result is a run's result as people read it: mixed text as itself; a
// value as it is (a typed splice, a shape, a tool's result) as indented
// JSON, so a typed string shows quoted.
func Result(v template.Value, typed bool) string {
	if !typed {
		return v.Str()
	}
	return JSON(v.AppendJSON(nil))
}

// JSON indents compact JSON, keeping short arrays and objects on one line.
func JSON(compact []byte) string {
	return strings.TrimSuffix(string(pretty.PrettyOptions(compact, &pretty.Options{Width: 80, Indent: "  "})), "\n")
}
