package gowasm

import (
	"errors"
	"fmt"
	"slices"
)

// Section ids (WebAssembly core specification, 5.5).
const (
	customSection    = 0
	typeSection      = 1
	importSection    = 2
	functionSection  = 3
	startSection     = 8
	codeSection      = 10
	dataSection      = 11
	dataCountSection = 12
)

var magic = []byte("\x00asm\x01\x00\x00\x00")

type section struct {
	id   byte
	body []byte
}

// readSections splits a module into its sections.
func readSections(module []byte) ([]section, error) {
	if len(module) < len(magic) || string(module[:len(magic)]) != string(magic) {
		return nil, errors.New("not a WebAssembly module (version 1)")
	}
	var sections []section
	r := reader{b: module, at: len(magic)}
	for r.at < len(module) {
		id := r.byte()
		body := r.bytes(r.uint())
		if r.err != nil {
			return nil, fmt.Errorf("section %d: %w", len(sections), r.err)
		}
		sections = append(sections, section{id, body})
	}
	return sections, nil
}

// sectionIndex is the index of the first section with the id, or -1.
func sectionIndex(sections []section, id byte) int {
	return slices.IndexFunc(sections, func(s section) bool { return s.id == id })
}

func writeSections(sections []section) []byte {
	n := len(magic)
	for _, s := range sections {
		n += 6 + len(s.body)
	}
	out := append(make([]byte, 0, n), magic...)
	for _, s := range sections {
		out = append(out, s.id)
		out = appendUint(out, uint64(len(s.body)))
		out = append(out, s.body...)
	}
	return out
}

// segment is an active data segment of memory 0 at a constant offset, the
// only kind Go writes.
type segment struct {
	offset int64
	data   []byte
}

const (
	opI32Const = 0x41
	opEnd      = 0x0b
)

// readSegments reads a data section's segments.
func readSegments(section []byte) ([]segment, error) {
	r := reader{b: section}
	n := r.uint()
	if r.err == nil && n > uint64(len(section)) {
		return nil, errors.New("data section: more segments than bytes")
	}
	segments := make([]segment, 0, n)
	for range n {
		start := r.at
		if r.byte() != 0 || r.byte() != opI32Const {
			return nil, fmt.Errorf("data section: the segment at byte %d is not an active segment of memory 0 at a constant offset", start)
		}
		offset := r.int()
		if r.byte() != opEnd {
			return nil, fmt.Errorf("data section: the segment at byte %d: its offset is not one constant", start)
		}
		data := r.bytes(r.uint())
		if r.err != nil {
			return nil, fmt.Errorf("data section: %w", r.err)
		}
		if offset < 0 {
			offset += 1 << 32 // an i32 address is unsigned
		}
		segments = append(segments, segment{offset, data})
	}
	if r.at != len(section) {
		return nil, errors.New("data section: bytes after its segments")
	}
	return segments, nil
}

func writeSegments(segments []segment) []byte {
	b := appendUint(nil, uint64(len(segments)))
	for _, s := range segments {
		b = append(b, 0, opI32Const)
		b = appendInt(b, int64(int32(uint32(s.offset))))
		b = append(b, opEnd)
		b = appendUint(b, uint64(len(s.data)))
		b = append(b, s.data...)
	}
	return b
}

// reader reads a module's LEB128 numbers and bytes; its first error stays.
type reader struct {
	b   []byte
	at  int
	err error
}

var errShort = errors.New("the module ends early")

func (r *reader) byte() byte {
	if r.err != nil || r.at >= len(r.b) {
		r.err = errShort
		return 0
	}
	r.at++
	return r.b[r.at-1]
}

func (r *reader) bytes(n uint64) []byte {
	if r.err != nil || n > uint64(len(r.b)-r.at) {
		r.err = errShort
		return nil
	}
	r.at += int(n)
	return r.b[r.at-int(n) : r.at : r.at]
}

// leb reads a LEB128 number of at most 32 bits: its bits, and how many
// the bytes held.
func (r *reader) leb() (v uint64, bits int) {
	for shift := 0; shift < 35; shift += 7 {
		c := r.byte()
		v |= uint64(c&0x7f) << shift
		if c < 0x80 {
			return v, shift + 7
		}
	}
	r.err = errors.New("a number longer than 32 bits")
	return 0, 0
}

// uint reads an unsigned LEB128 number.
func (r *reader) uint() uint64 {
	v, _ := r.leb()
	return v
}

// int reads a signed LEB128 number, an i32.
func (r *reader) int() int64 {
	v, bits := r.leb()
	if bits > 0 && v&(1<<(bits-1)) != 0 {
		v |= ^uint64(0) << bits
	}
	return int64(int32(uint32(v)))
}

func appendUint(b []byte, v uint64) []byte {
	for v >= 0x80 {
		b = append(b, byte(v)|0x80)
		v >>= 7
	}
	return append(b, byte(v))
}

func appendInt(b []byte, v int64) []byte {
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if v == 0 && c&0x40 == 0 || v == -1 && c&0x40 != 0 {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}
