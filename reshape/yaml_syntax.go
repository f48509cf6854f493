//go:build !splice_lite

package reshape

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/splicedev/splice/template"
)

// Positions for YAML syntax errors. The parser names the problem but gives
// only a line, and that line is the enclosing construct's as often as the
// offending token's. A light scan of the text — indentation, quotes, flow
// brackets, comments, block scalars — finds the token the message is
// about. It runs only once a parse has failed, in linear time.

// syntaxError positions the parser's error err in text.
func syntaxError(text string, err error) *template.Error {
	msg, line := splitParserError(err.Error())
	if name, ok := strings.CutPrefix(msg, "unknown anchor '"); ok && strings.HasSuffix(name, "' referenced") {
		name = strings.TrimSuffix(name, "' referenced")
		return yamlError(text, aliasPos(text, name), "unknown anchor "+strconv.Quote(name)+" (an alias must follow its anchor)")
	}
	if readerProblems[msg] {
		if at, what := unreadable(text); at >= 0 {
			return yamlError(text, template.PosOf(text, at), "YAML syntax: "+what)
		}
	}
	s := yamlScan{src: text, from: linePos(text, line, 1).Offset, pending: true}
	s.run()
	for _, p := range s.problems {
		if slices.Contains(suspects[msg], p.kind) {
			return yamlError(text, template.PosOf(text, p.at), "YAML syntax: "+p.msg)
		}
	}
	return yamlError(text, firstToken(text, line), "YAML syntax: "+msg)
}

// splitParserError splits "yaml: line 3: did not find expected key" into
// the message and the line it is about. The scanner's messages count lines
// from 1, the parser's from 0; a message without a line is about the first.
func splitParserError(s string) (msg string, line int) {
	msg = strings.TrimPrefix(s, "yaml: ")
	rest, ok := strings.CutPrefix(msg, "line ")
	if !ok {
		return msg, 1
	}
	number, after, ok := strings.Cut(rest, ": ")
	n, err := strconv.Atoi(number)
	if !ok || err != nil {
		return msg, 1
	}
	if parserProblems[after] {
		n++
	}
	return after, n
}

// parserProblems are the parser's messages (the others are the scanner's).
var parserProblems = map[string]bool{
	"did not find expected <stream-start>":   true,
	"did not find expected <document start>": true,
	"did not find expected node content":     true,
	"did not find expected '-' indicator":    true,
	"did not find expected key":              true,
	"did not find expected ',' or ']'":       true,
	"did not find expected ',' or '}'":       true,
	"found incompatible YAML document":       true,
	"found duplicate %YAML directive":        true,
	"found duplicate %TAG directive":         true,
	"found undefined tag handle":             true,
}

// readerProblems are the messages about bytes that are not text.
var readerProblems = map[string]bool{
	"control characters are not allowed": true,
	"invalid leading UTF-8 octet":        true,
	"invalid trailing UTF-8 octet":       true,
	"incomplete UTF-8 octet sequence":    true,
	"invalid length of a UTF-8 sequence": true,
	"invalid Unicode character":          true,
}

// unreadable returns the offset of the first byte the parser does not read
// as text (invalid UTF-8, a control character) and what is wrong with it,
// or -1.
func unreadable(text string) (int, string) {
	for i, r := range text {
		switch {
		case r == utf8.RuneError:
			if _, size := utf8.DecodeRuneInString(text[i:]); size == 1 {
				return i, "the text is not valid UTF-8"
			}
		case r == '\t' || r == '\n' || r == '\r' || r == 0x85:
		case r < 0x20 || r >= 0x7F && r < 0xA0 || r == 0xFEFF && i > 0 || r == 0xFFFE || r == 0xFFFF:
			return i, "control character U+" + strings.ToUpper(strconv.FormatInt(int64(r)+0x10000, 16)[1:]) + " is not allowed"
		}
	}
	return -1, ""
}

// firstToken is where the text of a line starts, for an error the scan
// could not place more precisely.
func firstToken(text string, line int) template.Pos {
	off := linePos(text, line, 1).Offset
	for off < len(text) && blank(text[off]) {
		off++
	}
	return template.PosOf(text, off)
}

// problemKind names what the scan can find wrong.
type problemKind uint8

const (
	tabIndent          problemKind = iota // a tab in the indentation of a block line
	openQuote                             // a quoted scalar that runs to the end
	badEscape                             // an escape a double-quoted scalar does not know
	badHeader                             // a block scalar header with more than its indicators
	strayCloser                           // ']' or '}' with nothing open
	strayComma                            // ',' outside [ ] and { }
	wrongCloser                           // ']' closing '{', or '}' closing '['
	openFlow                              // '[' or '{' never closed
	emptyEntry                            // ',' with nothing before it
	emptyKey                              // ':' with nothing before it in [ ] or { }
	multilineKey                          // a key in [ ] or { } over several lines
	missingComma                          // two values in [ ] or { } without a ',' between them
	afterValue                            // text after a closing quote or bracket
	runawayQuote                          // a quoted scalar over several lines with text after it
	valueColon                            // ": " inside a value that already follows a key
	misplacedIndicator                    // "- " or "? " where no entry or key can start
	badName                               // an anchor or alias without a proper name
	reservedChar                          // a character that cannot start a plain value
	offIndent                             // an indentation no block above has
	notEntry                              // a line among "- " entries that is not one
	notKey                                // a line among a mapping's keys that is not one
)

// suspects lists, for each parser message, the kinds of problem it can be
// about.
var suspects = map[string][]problemKind{
	"found unexpected end of stream":                               {openQuote},
	"found unexpected document indicator":                          {openQuote},
	"found unknown escape character":                               {badEscape},
	"did not find expected hexdecimal number":                      {badEscape},
	"found invalid Unicode character escape code":                  {badEscape},
	"found a tab character that violates indentation":              {tabIndent},
	"found a tab character where an indentation space is expected": {tabIndent},
	"found character that cannot start any token":                  {tabIndent, reservedChar},
	"did not find expected comment or line break":                  {badHeader},
	"found an indentation indicator equal to 0":                    {badHeader},
	"mapping values are not allowed in this context":               {runawayQuote, afterValue, valueColon, strayCloser},
	"block sequence entries are not allowed in this context":       {misplacedIndicator},
	"mapping keys are not allowed in this context":                 {misplacedIndicator},
	"did not find expected alphabetic or numeric character":        {badName},
	"did not find expected ',' or ']'":                             flowProblems,
	"did not find expected ',' or '}'":                             flowProblems,
	"did not find expected node content":                           {runawayQuote, strayCloser, strayComma, wrongCloser, emptyEntry, emptyKey, valueColon, misplacedIndicator, openFlow},
	"did not find expected key":                                    structureProblems,
	"did not find expected '-' indicator":                          structureProblems,
	"did not find expected <document start>":                       structureProblems,
	"could not find expected ':'":                                  structureProblems,
}

var (
	flowProblems      = []problemKind{runawayQuote, wrongCloser, openFlow, valueColon, afterValue, missingComma, multilineKey, misplacedIndicator}
	structureProblems = []problemKind{runawayQuote, strayCloser, strayComma, wrongCloser, openFlow, afterValue, valueColon, offIndent, notEntry, notKey}
)

// inFlow are the kinds of problem that an unclosed '[' or '{' around them
// explains better: it swallowed the lines after it.
var inFlow = []problemKind{valueColon, afterValue, emptyEntry, emptyKey, multilineKey, missingComma, misplacedIndicator}

// yamlProblem is something wrong the scan found: at is the offset of the
// token a reader should look at.
type yamlProblem struct {
	kind problemKind
	at   int
	msg  string
	flow int // the '[' or '{' it was found in, or -1
}

// yamlScan reads just enough of a YAML text to find its syntax problems.
type yamlScan struct {
	src  string
	from int // where the parser's error can start: problems found before are not about it
	// problems holds the first problem of each kind found at or after from,
	// in the order found.
	problems []yamlProblem

	flows []flowLevel // the open flow collections, innermost last

	// Block structure: the collections open at the current line, by
	// column, and how the last line ended.
	levels       []blockLevel
	pending      bool      // its value is empty: a deeper line is that value
	last         valueKind // its value
	lastValue    int       // where that value starts
	lastQuestion bool      // it is an explicit key ("? key"), which a ": value" line may follow

	// The block line being read.
	line       lineShape
	entries    []int // the columns of its "- " indicators
	tokenAt    int   // where the token after its last indicator starts, or -1
	closed     int   // the offset of the quote or bracket that just ended a value, or -1
	closedFrom int   // where that value opened
	entryAt    int   // the offset of a "- " or "? " just read, or -1
}

type flowLevel struct {
	open  int  // offset of the '[' or '{'
	entry int  // where the current entry starts, or -1
	colon bool // the current entry has its ':'
	part  int  // where the entry's key, or its value after the ':', starts, or -1
}

func newFlowLevel(open int) flowLevel { return flowLevel{open: open, entry: -1, part: -1} }

type blockLevel struct {
	col     int
	seq     bool
	compact bool // a sequence indented like the key it is the value of
}

// valueKind is what follows the last indicator of a block line.
type valueKind uint8

const (
	noValue     valueKind = iota // nothing, or only an anchor or tag
	plainValue                   // a plain scalar, which may go on over deeper lines
	closedValue                  // anything else: complete on its line
)

// lineShape is what the structure needs of a block line.
type lineShape struct {
	start      int // offset of the line
	key        int // column of its key, or -1
	question   bool
	colonFirst bool // it starts with ": ", the value of an explicit key
	value      valueKind
	valueAt    int
}

// report records a problem found at foundAt, unless that is before the
// parser's error can start or one of its kind is known.
func (s *yamlScan) report(kind problemKind, at, foundAt int, msg string) {
	if s.wants(kind, foundAt) {
		s.record(kind, at, msg)
	}
}

// wants reports whether a problem of kind found at foundAt would be
// recorded: a message that costs a position to write is written only then,
// keeping the scan linear.
func (s *yamlScan) wants(kind problemKind, foundAt int) bool {
	return foundAt >= s.from && !s.known(kind)
}

func (s *yamlScan) known(kind problemKind) bool {
	return slices.ContainsFunc(s.problems, func(p yamlProblem) bool { return p.kind == kind })
}

// record records a problem, unless one of its kind is known.
func (s *yamlScan) record(kind problemKind, at int, msg string) {
	if s.known(kind) {
		return
	}
	flow := -1
	if n := len(s.flows); n > 0 {
		flow = s.flows[n-1].open
	}
	s.problems = append(s.problems, yamlProblem{kind, at, msg, flow})
}

func (s *yamlScan) run() {
	for i := 0; i < len(s.src); {
		i = s.blockLine(i)
	}
	if len(s.flows) == 0 {
		return
	}
	// An unclosed '[' or '{' swallows the lines after it: it, rather than
	// what the parser stumbled on inside, is the mistake.
	s.report(openFlow, s.flows[len(s.flows)-1].open, len(s.src), "")
	for i, p := range s.problems {
		switch {
		case p.kind == openFlow:
		case slices.Contains(inFlow, p.kind) && slices.ContainsFunc(s.flows, func(f flowLevel) bool { return f.open == p.flow }):
			p.at = p.flow
		default:
			continue
		}
		s.problems[i] = yamlProblem{openFlow, p.at, "this '" + s.src[p.at:p.at+1] + "' is never closed", p.at}
	}
}

// blockLine reads the line that starts at start and returns where the next
// one starts.
func (s *yamlScan) blockLine(start int) int {
	src := s.src
	i := start
	for i < len(src) && src[i] == ' ' {
		i++
	}
	indent := i - start
	first := i
	for first < len(src) && blank(src[first]) {
		first++
	}
	if tab := strings.IndexByte(src[i:first], '\t'); tab >= 0 {
		s.report(tabIndent, i+tab, i+tab, "a tab indents this line; YAML indents with spaces only")
	}
	switch {
	case first == len(src) || src[first] == '\n' || src[first] == '\r':
		return nextLine(src, first)
	case src[first] == '#':
		// A comment ends a plain scalar: it cannot go on below.
		if s.last == plainValue {
			s.last = closedValue
		}
		return nextLine(src, first)
	case indent == 0 && (marker(src, i, "---") || marker(src, i, "...")):
		s.levels, s.pending, s.last = s.levels[:0], true, noValue
		return nextLine(src, i)
	case indent == 0 && src[i] == '%':
		return nextLine(src, i)
	case !s.pending && indent > s.top().col:
		return s.continuation(first)
	}
	next := s.tokens(start, first)
	s.block(indent)
	return next
}

// continuation reads a line indented under a value: the rest of a plain
// scalar, or a mistake.
func (s *yamlScan) continuation(first int) int {
	if s.last != plainValue {
		s.report(offIndent, first, first, "this line is indented under a value that is already complete")
		return nextLine(s.src, first)
	}
	for i := first; i < len(s.src) && s.src[i] != '\n'; i++ {
		switch {
		case comment(s.src, i):
			s.last = closedValue
			return nextLine(s.src, i)
		case s.src[i] == ':' && blankOrEnd(s.src, i+1):
			s.report(valueColon, s.lastValue, i, `mapping values are not allowed here: this value goes on to a line that holds ": " (quote the value, or fix the indentation)`)
		}
	}
	return nextLine(s.src, first)
}

// tokens reads the tokens of the line that starts at start from its first
// token on, across the lines of quoted scalars and flow collections, into
// s.line; it returns where the next line starts.
func (s *yamlScan) tokens(start, first int) int {
	src := s.src
	s.line = lineShape{start: start, key: -1, valueAt: -1}
	s.entries, s.tokenAt, s.closed, s.entryAt = s.entries[:0], -1, -1, -1
	for i := first; i < len(src); {
		c := src[i]
		flow := len(s.flows) > 0
		switch {
		case c == '\n':
			if !flow {
				return i + 1
			}
			i++
			continue
		case c == ' ' || c == '\t' || c == '\r':
			if c == '\t' && s.entryAt >= 0 && !flow {
				s.report(tabIndent, i, i, `a tab follows this "`+src[s.entryAt:s.entryAt+1]+` "; YAML indents with spaces only`)
			}
			i++
			continue
		case c == '#':
			// Where a token could start, '#' begins a comment, as the
			// parser reads it, even with no space before it. A plain
			// scalar cannot go on past a comment.
			if s.line.value == plainValue && !flow {
				s.line.value = closedValue
			}
			n := strings.IndexByte(src[i:], '\n')
			if n < 0 {
				return len(src)
			}
			i += n
			continue
		}
		if s.closed >= 0 && c != ':' && c != ']' && c != '}' && !(flow && c == ',') {
			s.textAfterValue(i)
		}
		s.closed, s.entryAt = -1, -1
		switch {
		case c == '"' || c == '\'':
			s.token(i, closedValue)
			end, ok := s.quoted(i)
			if !ok {
				return len(src)
			}
			i, s.closed, s.closedFrom = end, end-1, i
		case c == '[' || c == '{':
			s.token(i, closedValue)
			s.flows = append(s.flows, newFlowLevel(i))
			i++
		case c == ']' || c == '}':
			s.close(i)
			i, s.closed, s.closedFrom = i+1, i, i
		case c == ',':
			s.comma(i)
			i++
		case c == ':' && (flow || blankOrEnd(src, i+1)):
			s.colon(i)
			i++
		case (c == '-' || c == '?') && blankOrEnd(src, i+1):
			s.indicator(i)
			i, s.entryAt = i+1, i
		case (c == '|' || c == '>') && !flow:
			s.token(i, closedValue)
			return s.blockScalar(i, first-start)
		case c == '&' || c == '*' || c == '!':
			i = s.property(i)
		default:
			if strings.IndexByte("@`%|>", c) >= 0 {
				s.report(reservedChar, i, i, strconv.Quote(src[i:i+1])+" cannot start a plain value: quote the value")
			}
			s.token(i, plainValue)
			i = s.plain(i)
		}
	}
	return len(src)
}

// token notes a token starting at at, v the kind of value it makes.
func (s *yamlScan) token(at int, v valueKind) {
	if s.tokenAt < 0 {
		s.tokenAt = at
	}
	if n := len(s.flows); n > 0 {
		f := &s.flows[n-1]
		if f.entry < 0 {
			f.entry = at
		}
		switch {
		case v == noValue:
		case f.part < 0:
			f.part = at
		case v != plainValue:
			// Only a plain scalar goes on over several tokens.
			s.report(missingComma, at, at, "a ',' is missing before this")
		}
	} else if s.line.value == noValue && v != noValue {
		s.line.value, s.line.valueAt = v, at
	}
}

// afterIndicator resets the line's value after an indicator: what follows
// is a new token.
func (s *yamlScan) afterIndicator() {
	s.line.value, s.line.valueAt, s.tokenAt = noValue, -1, -1
}

// textAfterValue reports text at i right after a quoted scalar or a flow
// collection. A quoted scalar that began on an earlier line most likely
// lacks a quote, or has one too many, where it began.
func (s *yamlScan) textAfterValue(i int) {
	quote := s.src[s.closed : s.closed+1]
	if (quote == `"` || quote == "'") && !s.known(runawayQuote) && strings.Contains(s.src[s.closedFrom:i], "\n") {
		// The parser may stumble only further on, past where it says
		// the error is: this is a likely cause wherever it is.
		end := template.PosOf(s.src, i)
		s.record(runawayQuote, s.closedFrom, "this "+quoteStyle(s.src[s.closedFrom])+" string runs on to line "+strconv.Itoa(end.Line)+", where text follows its closing quote: is a quote missing, or one too many?")
		return
	}
	closer := "'" + quote + "'"
	if quote == `"` || quote == "'" {
		closer = "quote"
	}
	s.report(afterValue, i, i, "unexpected text after the closing "+closer)
}

func quoteStyle(quote byte) string {
	if quote == '\'' {
		return "single-quoted"
	}
	return "double-quoted"
}

// comma reads a ',' at i.
func (s *yamlScan) comma(i int) {
	n := len(s.flows)
	if n == 0 {
		s.report(strayComma, i, i, "',' separates entries only inside [ ] or { }: quote the value")
		s.token(i, plainValue)
		return
	}
	f := &s.flows[n-1]
	if f.entry < 0 {
		s.report(emptyEntry, i, i, "nothing comes before this ','")
	}
	*f = newFlowLevel(f.open)
}

// colon reads the ':' indicator at i.
func (s *yamlScan) colon(i int) {
	switch n := len(s.flows); {
	case n > 0:
		f := &s.flows[n-1]
		switch {
		case f.colon:
			s.report(valueColon, known(f.part, i), i, `mapping values are not allowed here: this value is followed by ": " (quote the value)`)
		case f.entry < 0:
			s.report(emptyKey, i, i, "this ':' has no key before it")
		case s.wants(multilineKey, i) && strings.Contains(s.src[f.entry:i], "\n"):
			s.report(multilineKey, f.entry, i, "this key runs on to line "+strconv.Itoa(template.PosOf(s.src, i).Line)+": a key must fit on one line")
		}
		f.colon, f.part = true, -1
	case s.line.key >= 0:
		s.report(valueColon, known(s.line.valueAt, i), i, `mapping values are not allowed here: this value holds ": " (quote the value)`)
	case s.tokenAt < 0:
		s.line.key, s.line.colonFirst = i-s.line.start, true
	default:
		s.line.key = known(s.tokenAt, i) - s.line.start
	}
	s.afterIndicator()
}

// indicator reads a "- " or "? " at i.
func (s *yamlScan) indicator(i int) {
	c := s.src[i : i+1]
	switch {
	case len(s.flows) > 0 && c == "-":
		s.report(misplacedIndicator, i, i, `a "- " entry cannot be inside [ ] or { }`)
	case len(s.flows) > 0:
	case s.line.key >= 0 && !s.line.question || s.line.value != noValue:
		s.report(misplacedIndicator, i, i, `"`+c+` " cannot start after a key or value on its line: start it on the next line`)
	case c == "-":
		s.entries = append(s.entries, i-s.line.start)
	default:
		s.line.key, s.line.question = i-s.line.start, true
	}
	s.afterIndicator()
}

// property reads an anchor, alias or tag at i and returns where it ends.
func (s *yamlScan) property(i int) int {
	src := s.src
	end := i + 1
	if src[i] == '!' {
		for end < len(src) && !blankOrEnd(src, end) && !(len(s.flows) > 0 && isFlowIndicator(src[end])) {
			end++
		}
		s.token(i, noValue)
		return end
	}
	for end < len(src) && (isWordByte(src[end]) || src[end] == '-') {
		end++
	}
	what := "an anchor"
	if src[i] == '*' {
		what = "an alias"
	}
	if end == i+1 || !blankOrEnd(src, end) && strings.IndexByte("?:,]}%@`", src[end]) < 0 {
		s.report(badName, i, i, what+` needs a name of letters, digits, "-" and "_" right after "`+src[i:i+1]+`"`)
	}
	if src[i] == '*' {
		s.token(i, closedValue)
	} else {
		s.token(i, noValue)
	}
	return end
}

// plain returns where the plain scalar starting at i ends on its line.
func (s *yamlScan) plain(i int) int {
	src, flow := s.src, len(s.flows) > 0
	for ; i < len(src); i++ {
		switch c := src[i]; {
		case c == '\n', comment(src, i):
			return i
		case c == ':' && (blankOrEnd(src, i+1) || flow && isFlowIndicator(src[i+1])):
			return i
		case flow && isFlowIndicator(c):
			return i
		}
	}
	return i
}

// quoted returns where the quoted scalar opening at i ends; ok is false
// when it runs to the end of the text.
func (s *yamlScan) quoted(i int) (end int, ok bool) {
	src, quote := s.src, s.src[i]
	for k := i + 1; k < len(src); k++ {
		switch src[k] {
		case quote:
			if quote == '\'' && k+1 < len(src) && src[k+1] == '\'' {
				k++
				continue
			}
			return k + 1, true
		case '\\':
			if quote == '"' {
				s.escape(k)
				k++
			}
		}
	}
	s.report(openQuote, i, len(src), "this "+quoteStyle(quote)+" string is never closed")
	return len(src), false
}

// escape checks the escape sequence at the backslash at i.
func (s *yamlScan) escape(i int) {
	if i+1 == len(s.src) {
		return
	}
	digits := 0
	switch c := s.src[i+1]; c {
	case 'x':
		digits = 2
	case 'u':
		digits = 4
	case 'U':
		digits = 8
	default:
		if strings.IndexByte("0abt\tnvfre \"\\N_LP\n\r", c) < 0 {
			_, size := utf8.DecodeRuneInString(s.src[i+1:])
			s.report(badEscape, i, i, "unknown escape \"\\"+s.src[i+1:i+1+size]+"\" in a double-quoted string")
		}
		return
	}
	for k := i + 2; k < i+2+digits; k++ {
		if k == len(s.src) || !isHexByte(s.src[k]) {
			s.report(badEscape, i, i, "\"\\"+s.src[i+1:i+2]+"\" needs "+strconv.Itoa(digits)+" hexadecimal digits")
			return
		}
	}
}

// close reads the ']' or '}' at i.
func (s *yamlScan) close(i int) {
	c := s.src[i : i+1]
	opener := "["
	if c == "}" {
		opener = "{"
	}
	n := len(s.flows)
	if n == 0 {
		s.report(strayCloser, i, i, "this '"+c+"' closes nothing: no '"+opener+"' is open")
		return
	}
	if open := s.flows[n-1].open; s.src[open:open+1] != opener && s.wants(wrongCloser, i) {
		pos := template.PosOf(s.src, open)
		s.report(wrongCloser, i, i, "this '"+c+"' cannot close the '"+s.src[open:open+1]+"' at line "+strconv.Itoa(pos.Line)+", column "+strconv.Itoa(pos.Column))
	}
	s.flows = s.flows[:n-1]
}

// blockScalar reads the block scalar whose header is at i, on a line
// indented by indent, and returns where the line after it starts.
func (s *yamlScan) blockScalar(i, indent int) int {
	src := s.src
	// The header: an indentation digit and a chomping sign, in either
	// order, then a comment.
	header := i + 1
	if header < len(src) && (isIndentDigit(src[header]) || isChompSign(src[header])) {
		header++
		if header < len(src) && (isIndentDigit(src[header-1]) && isChompSign(src[header]) || isChompSign(src[header-1]) && isIndentDigit(src[header])) {
			header++
		}
	}
	for header < len(src) && blank(src[header]) {
		header++
	}
	if header < len(src) && src[header] != '\n' && src[header] != '\r' && !comment(src, header) {
		s.report(badHeader, i, header, `a block scalar's "`+src[i:i+1]+`" may be followed only by an indentation digit, "+" or "-", and a comment: put the text on the next lines`)
	}
	// Content lines are blank or indented deeper than the key, and the
	// first of them sets the indentation of the rest. Within it, a tab
	// cannot stand in for a space.
	content := 0
	for i = nextLine(src, i); i < len(src); {
		j := i
		for j < len(src) && src[j] == ' ' && (content == 0 || j-i < content) {
			j++
		}
		if j < len(src) && src[j] == '\t' && (content == 0 || j-i < content) {
			s.report(tabIndent, j, j, "a tab indents this line of a block scalar; YAML indents with spaces only")
			i = nextLine(src, j)
			continue
		}
		text := j
		for text < len(src) && blank(src[text]) {
			text++
		}
		switch {
		case text == len(src) || src[text] == '\n' || src[text] == '\r':
		case j-i <= indent || j-i < content:
			return i
		case content == 0:
			content = j - i
		}
		i = nextLine(src, text)
	}
	return i
}

func (s *yamlScan) top() blockLevel {
	if len(s.levels) == 0 {
		return blockLevel{col: -1}
	}
	return s.levels[len(s.levels)-1]
}

func (s *yamlScan) pop() { s.levels = s.levels[:len(s.levels)-1] }

// block checks the line just read, indented by indent, against the
// collections open above it: a line is an entry of the sequence, or a key
// of the mapping, indented like it, or the value of the line above.
func (s *yamlScan) block(indent int) {
	l := s.line
	at := l.start + indent
	entry := len(s.entries) > 0 && s.entries[0] == indent
	if l.colonFirst && !s.lastQuestion {
		s.report(notKey, l.start+l.key, l.start+l.key, `this ": " has no key before it: write "key: value", or "? key" on the line above`)
	}
	key := l.key == indent
	compact := false
	switch top := s.top(); {
	case s.pending && indent > top.col:
		// the value of the line above
	case s.pending && indent == top.col && !top.seq && entry:
		compact = true
	default:
		for len(s.levels) > 0 && s.top().col > indent {
			s.pop()
		}
		if top := s.top(); top.compact && !entry {
			s.pop()
		}
		switch top := s.top(); {
		case top.col != indent:
			s.report(offIndent, at, at, "bad indentation: this line lines up with no line above it")
		case top.seq && !entry:
			s.report(notEntry, at, at, `expected "- ": this line is indented like the sequence entries above`)
		case !top.seq && entry:
			s.report(notKey, at, at, `expected a key, not "- ": this line is indented like the mapping keys above`)
		case !top.seq && !key:
			s.report(notKey, at, at, `expected "key: value": this line is indented like the mapping keys above`)
		}
		if top := s.top(); len(s.levels) > 0 && top.col == indent {
			compact = top.compact
			s.pop()
		}
	}
	for i, col := range s.entries {
		s.levels = append(s.levels, blockLevel{col: col, seq: true, compact: compact && i == 0})
	}
	if l.key >= 0 {
		s.levels = append(s.levels, blockLevel{col: l.key})
	}
	s.pending = l.value == noValue
	s.last, s.lastValue, s.lastQuestion = l.value, l.valueAt, l.question
}

// nextLine returns the offset after the line break at or after i.
func nextLine(src string, i int) int {
	if n := strings.IndexByte(src[i:], '\n'); n >= 0 {
		return i + n + 1
	}
	return len(src)
}

// marker reports a document marker m ("---", "...") at i.
func marker(src string, i int, m string) bool {
	return strings.HasPrefix(src[i:], m) && blankOrEnd(src, i+len(m))
}

// known returns offset, or fallback when offset is not known (-1).
func known(offset, fallback int) int {
	if offset < 0 {
		return fallback
	}
	return offset
}

func blank(c byte) bool { return c == ' ' || c == '\t' }

// blankOrEnd reports whether the byte at i ends a token: a space, a line
// break or the end of the text.
func blankOrEnd(s string, i int) bool {
	return i >= len(s) || blank(s[i]) || s[i] == '\n' || s[i] == '\r'
}

// comment reports a '#' at i that starts a comment: one after a space or at
// the start of a line.
func comment(s string, i int) bool {
	return s[i] == '#' && (i == 0 || blankOrEnd(s, i-1))
}

func isFlowIndicator(c byte) bool { return strings.IndexByte(",[]{}", c) >= 0 }

func isIndentDigit(c byte) bool { return c >= '1' && c <= '9' }

func isChompSign(c byte) bool { return c == '+' || c == '-' }

func isHexByte(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}
