//go:build !splice_lite

package reshape

import (
	"errors"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"github.com/splicedev/splice/template"
)

// syntaxError places the parser's error err in text by the parser's own
// marks: where the problem is, or, when that is the end of the text (an
// unclosed quote or bracket), where the construct it is in starts. The
// two slips an author makes most come with their fix (see slipFix).
func syntaxError(text string, lines *lineIndex, err error) error {
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
	// The slip is on the error's line, or on the line the parser read on
	// into it: the one it read as a key, or the line above.
	slips := []int{pos.Offset}
	switch {
	case se.Problem == "could not find expected ':'" && se.Context == "while scanning a simple key":
		slips[0] = lines.at(se.ContextMark.Line, se.ContextMark.Column).Offset
	case strings.HasPrefix(se.Context, "while parsing a flow "):
		slips = append(slips, lines.at(se.ContextMark.Line, se.ContextMark.Column).Offset) // the line it opens on
	}
	if above := strings.LastIndexByte(text[:pos.Offset], '\n'); above > 0 {
		slips = append(slips, above)
	}
	for _, at := range slips {
		if start, end, fix, why := slipFix(text, at); fix != "" {
			if hint != "" && strings.HasPrefix(se.Context, "while parsing a flow ") {
				why = hint + " " + why // what the parser expected, then what is missing
			}
			e := &Error{engineError: *yamlError(text, pos, "YAML syntax: "+why+" ("+detail+")"), Fix: fix}
			e.SegStart, e.SegEnd = start, end
			return e
		}
	}
	return yamlError(text, pos, msg)
}

// maxSlipLine bounds the line a fix may rewrite: the fix is shown whole.
const maxSlipLine = 400

// slipFix mends the line of text holding off when it is one of three
// slips: a key with no space after its ':' ("tool_name:github__pr_view",
// which YAML reads as one string, failing a line later), tabs indenting it
// (spaces in their place: one level deeper than a line above that opens
// a block, as deep as its content after "- " or as the line itself, or
// two a tab), or a flow collection it opens and does not close
// ("count: {type: integer", its closers at the end). It returns the bytes
// to replace, what replaces them and what is wrong. A fix is offered only
// when the text it makes parses, to the line after the one it mends; fix
// is "" for any other line, and for a line too long to show.
func slipFix(text string, off int) (start, end int, fix, why string) {
	start = strings.LastIndexByte(text[:off], '\n') + 1
	eol := off + strings.IndexByte(text[off:]+"\n", '\n')
	line := strings.TrimSuffix(text[start:eol], "\r")
	end = start + len(line)
	if len(line) > maxSlipLine {
		return 0, 0, "", ""
	}
	body := strings.TrimLeft(line, " \t")
	indent := line[:len(line)-len(body)]
	var fixes []string
	switch key, value, found := strings.Cut(strings.TrimLeft(body, "- "), ":"); {
	case strings.Contains(indent, "\t"):
		why = "a tab cannot indent YAML: indent with spaces"
		above := lineAbove(text, start)
		aboveBody := strings.TrimLeft(above, " ")
		item := strings.TrimLeft(aboveBody, "- ")
		widths := []int{len(above) - len(item), len(above) - len(aboveBody), len(strings.ReplaceAll(indent, "\t", "  "))}
		if strings.HasSuffix(strings.TrimRight(above, " "), ":") {
			widths = append([]int{widths[0] + 2}, widths...) // the line above opens a block
		}
		for _, n := range widths {
			fixes = append(fixes, strings.Repeat(" ", n)+body)
		}
	case found && value != "" && !strings.ContainsAny(value[:1], " \t/") && key != "" &&
		strings.Trim(key, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") == "":
		why = "no space after the ':' of " + strconv.Quote(key) + ": YAML reads the line as one string, not a key and its value"
		fixes = append(fixes, line[:len(line)-len(value)]+" "+value)
	default:
		if closers, at := unclosedFlow(line); closers != "" {
			opener := `"{"`
			if closers[len(closers)-1] == ']' {
				opener = `"["`
			}
			why = "The " + opener + " opened on line " + strconv.Itoa(strings.Count(text[:start], "\n")+1) +
				" is never closed: close it with " + strconv.Quote(closers)
			fixes = append(fixes, line[:at]+closers+line[at:])
		}
	}
	// Each fix is tried on the text up to the line after the one it mends
	// (where the parser stopped, for a key that lacks its space): the
	// trials read no further than the parse that failed.
	upTo := len(text)
	if next := strings.IndexByte(text[min(eol+1, len(text)):], '\n'); next >= 0 {
		upTo = eol + 1 + next + 1
	}
	for _, f := range fixes {
		if parses(text[:start] + f + text[end:upTo]) {
			return start, end, f, why
		}
	}
	return 0, 0, "", ""
}

// unclosedFlow is what closes the flow brackets ("{", "[") line opens and
// leaves open, innermost first, and where: the end of its content, before
// a comment and the spaces after the content. closers is "" when the line
// closes them all, or closes one it did not open. Quoted text and a
// comment open nothing.
func unclosedFlow(line string) (closers string, at int) {
	var open []byte
	content := len(strings.TrimRight(line, " \t"))
	for i := 0; i < len(line); i++ {
		switch c := line[i]; c {
		case '"', '\'':
			for i++; i < len(line) && line[i] != c; i++ {
				if c == '"' && line[i] == '\\' {
					i++
				}
			}
		case '#':
			if i == 0 || line[i-1] == ' ' || line[i-1] == '\t' {
				content = len(strings.TrimRight(line[:i], " \t"))
				i = len(line)
			}
		case '{', '[':
			open = append(open, c+2) // '{'+2 is '}', '['+2 is ']'
		case '}', ']':
			if len(open) == 0 || open[len(open)-1] != c {
				return "", 0
			}
			open = open[:len(open)-1]
		}
	}
	slices.Reverse(open)
	return string(open), content
}

// lineAbove is the nearest line before the one starting at start that
// holds more than spaces, without its line break; "" when there is none.
func lineAbove(text string, start int) string {
	for end := start - 1; end > 0; {
		from := strings.LastIndexByte(text[:end], '\n') + 1
		if line := strings.TrimSuffix(text[from:end], "\r"); strings.TrimSpace(line) != "" {
			return line
		}
		end = from - 1
	}
	return ""
}

// parses reports whether text is YAML the parser reads to its end.
func parses(text string) bool {
	dec := yaml.NewDecoder(strings.NewReader(asYAML11(text)))
	for {
		var n yaml.Node
		if err := dec.DecodeNode(&n); err != nil {
			return errors.Is(err, io.EOF)
		}
	}
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
