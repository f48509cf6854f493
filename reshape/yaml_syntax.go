//go:build !splice_lite

package reshape

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"github.com/splicedev/splice/template"
)

// syntaxError places the parser's error err in text by the parser's own
// marks: where the problem is, or, when that is the end of the text (an
// unclosed quote or bracket), where the construct it is in starts.
func syntaxError(text string, lines *lineIndex, err error) *template.Error {
	var se *yaml.SyntaxError
	if !errors.As(err, &se) {
		return yamlError(text, template.Pos{Line: 1, Column: 1}, "YAML syntax: "+strings.TrimPrefix(err.Error(), "yaml: "))
	}
	if name, ok := strings.CutPrefix(se.Problem, "unknown anchor '"); ok {
		name = strings.TrimSuffix(name, "' referenced")
		return yamlError(text, lines.at(se.ProblemMark.Line, se.ProblemMark.Column), "unknown anchor "+strconv.Quote(name)+" (an alias must follow its anchor)")
	}
	if se.ByteOffset >= 0 {
		return yamlError(text, lines.pos(se.ByteOffset), "YAML syntax: "+unreadable(text, se.ByteOffset))
	}
	pos := lines.at(se.ProblemMark.Line, se.ProblemMark.Column)
	detail := se.Problem
	if se.Context != "" {
		context := lines.at(se.ContextMark.Line, se.ContextMark.Column)
		detail += " " + se.Context
		if strings.TrimSpace(text[pos.Offset:]) == "" {
			pos = context // the text ended inside the construct: point at its start
		} else {
			detail += " that starts at " + context.String()
		}
	}
	msg := "YAML syntax: " + detail
	hint := syntaxHints[se.Problem+" "+se.Context]
	if hint == "" {
		hint = syntaxHints[se.Problem]
	}
	if hint != "" {
		if strings.HasPrefix(text[pos.Offset:], "\t") {
			hint = "a tab cannot indent YAML or start a value: use spaces"
		}
		msg = "YAML syntax: " + hint + " (" + detail + ")"
	}
	return yamlError(text, pos, msg)
}

// syntaxHints say in plain words what the parser's most common problems
// mean for the author of the text.
var syntaxHints = map[string]string{
	"found unexpected end of stream while scanning a quoted scalar": "this quoted string is never closed",
	"found unexpected end of stream":                                "the text ends inside this: is a closing quote or bracket missing?",
	"mapping values are not allowed in this context":                `": " here would start a mapping: quote the value if it holds ": "`,
	"did not find expected key":                                     `expected a "key: value" line at this indentation`,
	"could not find expected ':'":                                   `expected "key: value": the ':' is missing`,
	"did not find expected ',' or ']'":                              "expected ',' or ']': is a ',' or the closing ']' missing?",
	"did not find expected ',' or '}'":                              "expected ',' or '}': is a ',' or the closing '}' missing?",
	"did not find expected '-' indicator":                           `expected "- " for the next item of the list`,
	"did not find expected node content":                            "expected a value here",
	"found character that cannot start any token":                   "this character cannot start a value: quote the value",
	"found a tab character that violates indentation":               "a tab cannot indent YAML: use spaces",
	"found a tab character where an indentation space is expected":  "a tab cannot indent YAML: use spaces",
	"block sequence entries are not allowed in this context":        `"- " cannot start a list here: put the list on the next line, indented`,
	"found unknown escape character":                                `unknown escape in a double-quoted string (write \\ for a backslash)`,
	"did not find expected hexdecimal number":                       "a \\x, \\u or \\U escape needs all its hexadecimal digits",
}

// unreadable says what is wrong with the byte at off, which the reader
// refused: invalid UTF-8 or a control character.
func unreadable(text string, off int) string {
	r, size := utf8.DecodeRuneInString(text[off:])
	if r == utf8.RuneError && size <= 1 {
		return "the text is not valid UTF-8"
	}
	return "control character U+" + strings.ToUpper(strconv.FormatInt(int64(r)+0x10000, 16)[1:]) + " is not allowed"
}
