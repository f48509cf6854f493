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
