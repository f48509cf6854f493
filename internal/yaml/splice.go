package yaml

import "io"

// This file is Splice's addition to the library: syntax errors carry the
// parser's own marks, so that callers place them without reading the text
// of the message.

// Mark is a place in the input: a 1-based line and a 1-based column
// counted in characters.
type Mark struct {
	Line, Column int
}

// SyntaxError is an error of the reader, scanner, parser or composer:
// what is wrong at ProblemMark, and the construct it was in at ContextMark
// (a zero Mark when there is none).
type SyntaxError struct {
	Problem     string
	ProblemMark Mark
	Context     string
	ContextMark Mark
	// ByteOffset is the byte offset of input that is not text (invalid
	// UTF-8, a control character), or -1.
	ByteOffset int
	text       string
}

func (e *SyntaxError) Error() string { return e.text }

func markOf(m yaml_mark_t) Mark { return Mark{Line: m.line + 1, Column: m.column + 1} }

func byteOffset(p *yaml_parser_t) int {
	if p.error == yaml_READER_ERROR {
		return p.problem_offset
	}
	return -1
}

// DecodeNode reads the next document into n, as Decode(n) does, without
// the decoder into Go values: a program that reads only nodes does not
// link that decoder and its reflection.
func (dec *Decoder) DecodeNode(n *Node) (err error) {
	defer handleErr(&err)
	node := dec.parser.parse()
	if node == nil {
		return io.EOF
	}
	*n = *node
	return nil
}

// JSONSpans has the decoder read a '[' or '{' in block context, after a
// ':' or a '-' or at a document's start, as one ScalarNode of JSONStyle
// whose Value is the collection's text, when span accepts it: span gets
// the byte offset of the bracket in the input and returns the offset past
// the collection, or -1 to let it be read as YAML. It is for the caller
// that decodes that text itself, as YAML would read it: building a node
// for every value of a large JSON sample is most of the time of reading
// it.
func (dec *Decoder) JSONSpans(span func(offset int) int) {
	dec.parser.parser.json_span = span
}

// yaml_parser_fetch_json fetches a JSON collection that json_span accepts
// as one SCALAR token (took), and reports whether that went well (ok).
func yaml_parser_fetch_json(parser *yaml_parser_t) (ok, took bool) {
	switch parser.last_appended {
	case yaml_VALUE_TOKEN, yaml_BLOCK_ENTRY_TOKEN, yaml_STREAM_START_TOKEN, yaml_DOCUMENT_START_TOKEN:
	default:
		return false, false // after a tag, an anchor, a '?'…
	}
	if parser.encoding != yaml_UTF8_ENCODING || parser.mark.column == parser.indent {
		return false, false // a collection where a key must be is left to YAML
	}
	// The buffer holds the input's bytes up to parser.offset, and at the
	// input's end NULs (which the input cannot hold).
	held := len(parser.buffer)
	for parser.eof && held > parser.buffer_pos && parser.buffer[held-1] == 0 {
		held--
	}
	start := parser.offset - (held - parser.buffer_pos)
	end := parser.json_span(start)
	if end <= start {
		return false, false
	}
	// It could be a simple key, as a collection could (json_span refuses
	// one followed by ':').
	if !yaml_parser_save_simple_key(parser) {
		return false, true
	}
	parser.simple_key_allowed = false
	start_mark := parser.mark
	value := make([]byte, 0, end-start)
	for off := start; off < end; {
		if parser.unread < 1 && !yaml_parser_update_buffer(parser, 1) {
			return false, true
		}
		w := width(parser.buffer[parser.buffer_pos])
		if w == 0 {
			return yaml_parser_set_scanner_error(parser, "while scanning JSON", start_mark, "found an invalid character"), true
		}
		value = append(value, parser.buffer[parser.buffer_pos:parser.buffer_pos+w]...)
		if is_break(parser.buffer, parser.buffer_pos) {
			skip_line(parser)
		} else {
			skip(parser)
		}
		off += w
	}
	token := yaml_token_t{typ: yaml_SCALAR_TOKEN, start_mark: start_mark, end_mark: parser.mark, value: value, style: yaml_JSON_SCALAR_STYLE}
	yaml_insert_token(parser, -1, &token)
	return true, true
}
