package playground

import (
	"strings"
	"unicode/utf8"
)

// Textareas count offsets in UTF-16 code units, Go in bytes: these convert.

// UTF16Offset converts byte offset off in s to UTF-16 code units.
func UTF16Offset(s string, off int) int {
	n := 0
	for i, r := range s {
		if i >= off {
			break
		}
		n++
		if r >= 0x10000 {
			n++
		}
	}
	return n
}

// ByteOffset converts an offset of u UTF-16 code units in s to bytes.
func ByteOffset(s string, u int) int {
	n := 0
	for i, r := range s {
		if n >= u {
			return i
		}
		n++
		if r >= 0x10000 {
			n++
		}
	}
	return len(s)
}

// indentUnit is what Tab inserts.
const indentUnit = "  "

// Indent applies Tab (or Shift+Tab when outdent) to text with the
// selection [start, end) in bytes, and returns the new text and selection.
// Without a multi-line selection, Tab inserts two spaces at the caret;
// otherwise every selected line is shifted.
func Indent(text string, start, end int, outdent bool) (string, int, int) {
	start, end = min(max(start, 0), len(text)), min(max(end, 0), len(text))
	if start > end {
		start, end = end, start
	}
	if !outdent && !strings.Contains(text[start:end], "\n") {
		return text[:start] + indentUnit + text[end:], start + len(indentUnit), start + len(indentUnit)
	}
	lineStart := strings.LastIndexByte(text[:start], '\n') + 1
	last := end
	if end > start && text[end-1] == '\n' {
		last-- // a selection ending at a line start does not take that line
	}
	blockEnd := len(text)
	if nl := strings.IndexByte(text[last:], '\n'); nl >= 0 {
		blockEnd = last + nl
	}
	lines := strings.Split(text[lineStart:blockEnd], "\n")
	firstDelta, total := 0, 0
	for i, line := range lines {
		if outdent {
			lines[i] = strings.TrimPrefix(strings.TrimPrefix(line, " "), " ")
		} else {
			lines[i] = indentUnit + line
		}
		d := len(lines[i]) - len(line)
		if i == 0 {
			firstDelta = d
		}
		total += d
	}
	newStart := max(start+firstDelta, lineStart)
	newEnd := max(end+total, newStart)
	return text[:lineStart] + strings.Join(lines, "\n") + text[blockEnd:], newStart, newEnd
}

// LineCol returns the 0-based line and rune column of byte offset off.
func LineCol(text string, off int) (line, col int) {
	off = min(max(off, 0), len(text))
	line = strings.Count(text[:off], "\n")
	col = utf8.RuneCountInString(text[strings.LastIndexByte(text[:off], '\n')+1 : off])
	return line, col
}

// ChangedRange finds the one range that differs between a and b: a[from:
// aTo] became b[from:bTo].
func ChangedRange(a, b string) (from, aTo, bTo int) {
	for from < len(a) && from < len(b) && a[from] == b[from] {
		from++
	}
	aTo, bTo = len(a), len(b)
	for aTo > from && bTo > from && a[aTo-1] == b[bTo-1] {
		aTo--
		bTo--
	}
	return from, aTo, bTo
}
