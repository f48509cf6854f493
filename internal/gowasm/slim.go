// Package gowasm rewrites the WebAssembly modules Go links, for a browser.
//
// Go's runtime finds the function a program counter is in through a table
// (findfunctab) of a 20-byte bucket for every 4096 counters. In a wasm
// module a function's counters are its index shifted left by 16, so the
// table holds, for each function, 16 buckets that say its index and
// nothing else: mostly zeros, which the linker writes as one data segment
// for each bucket (38,700 of engine.wasm's 40,636 segments). Slim takes
// the table out of the data and adds a start function that writes it when
// the module is instantiated, before any of Go's code runs: the memory the
// program starts with is the same, and the module is 12-14% smaller as it
// is and 5-8% with brotli.
package gowasm

import (
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
)

// maxImage bounds the memory the data segments may describe: Go's
// programs' data is some megabytes.
const maxImage = 64 << 20

// Slim returns the module with its function table written by a start
// function, and how many data segments it had before and has after. A
// module with a start function already (Go writes none) is returned as it
// is. An error says what in the module is not as Go 1.20 or later links it.
func Slim(module []byte) (slim []byte, before, after int, err error) {
	sections, err := readSections(module)
	if err != nil {
		return nil, 0, 0, err
	}
	index := func(id byte) int { return sectionIndex(sections, id) }
	data := index(dataSection)
	if data < 0 {
		return nil, 0, 0, errors.New("the module has no data section")
	}
	segments, err := readSegments(sections[data].body)
	if err != nil {
		return nil, 0, 0, err
	}
	if index(startSection) >= 0 {
		return module, len(segments), len(segments), nil
	}
	mem, err := image(segments)
	if err != nil {
		return nil, 0, 0, err
	}
	table, err := findFuncTable(mem)
	if err != nil {
		return nil, 0, 0, err
	}
	kept := table.cut(segments)
	sections[data].body = writeSegments(kept)
	if i := index(dataCountSection); i >= 0 {
		sections[i].body = appendUint(nil, uint64(len(kept)))
	}
	if sections, err = addStart(sections, table.writer()); err != nil {
		return nil, 0, 0, err
	}
	return writeSections(sections), len(segments), len(kept), nil
}

// image is the memory the segments write, from address 0 to the end of
// the last one.
func image(segments []segment) ([]byte, error) {
	var size int64
	for _, s := range segments {
		size = max(size, s.offset+int64(len(s.data)))
	}
	if size > maxImage {
		return nil, fmt.Errorf("data section: its segments reach %d bytes, past %d", size, maxImage)
	}
	mem := make([]byte, size)
	for _, s := range segments {
		copy(mem[s.offset:], s.data)
	}
	return mem, nil
}

// funcTable is where Go's function table is in memory, and its buckets.
type funcTable struct {
	start, end int64 // addresses
	buckets    int64
}

const (
	pcHeaderMagic = 0xfffffff1 // Go 1.20 and later
	bucketSize    = 20         // a uint32 index and 16 one-byte subbuckets
	countersEach  = 4096       // the program counters of a bucket
	subbuckets    = 16
)

// findFuncTable finds the table through the runtime's module data, the
// first field of which points at the pcHeader (runtime/symtab.go), and
// checks that the table holds what a wasm module's does: bucket k says
// function k/16, its subbuckets zero.
func findFuncTable(mem []byte) (funcTable, error) {
	word := func(at int64) int64 {
		if at < 0 || at+8 > int64(len(mem)) {
			return -1
		}
		return int64(binary.LittleEndian.Uint64(mem[at:]))
	}
	header := int64(0)
	for ; ; header += 8 {
		if header+72 > int64(len(mem)) {
			return funcTable{}, errors.New("no Go function table (Go 1.20 or later) in the module's data")
		}
		// magic, two zero pads, minLC 1, ptrSize 8
		if binary.LittleEndian.Uint32(mem[header:]) == pcHeaderMagic && mem[header+4] == 0 && mem[header+5] == 0 && mem[header+6] == 1 && mem[header+7] == 8 {
			break
		}
	}
	funcnametab := header + word(header+32)
	md := int64(0)
	for ; word(md) != header || word(md+8) != funcnametab; md += 8 { // pcHeader, then funcnametab's pointer
		if md+22*8 > int64(len(mem)) {
			return funcTable{}, errors.New("no Go module data in the module's data")
		}
	}
	start, minpc, maxpc := word(md+19*8), word(md+20*8), word(md+21*8)
	if maxpc < minpc || start < 0 {
		return funcTable{}, errors.New("the module data's function table is not one")
	}
	t := funcTable{start: start, buckets: (maxpc - minpc + countersEach - 1) / countersEach}
	// The last bucket has only the subbuckets its counters need.
	t.end = start + 4*t.buckets + (maxpc-minpc+countersEach/subbuckets-1)/(countersEach/subbuckets)
	if t.end > int64(len(mem)) || t.end < start {
		return funcTable{}, errors.New("the function table is past the module's data")
	}
	want := make([]byte, t.end-t.start)
	for k := range t.buckets {
		binary.LittleEndian.PutUint32(want[k*bucketSize:], uint32(k>>4))
	}
	if string(mem[t.start:t.end]) != string(want) {
		return funcTable{}, errors.New("the function table is not a wasm module's: a bucket is not its function's index alone")
	}
	return t, nil
}

// cut returns the segments without the table's bytes.
func (t funcTable) cut(segments []segment) []segment {
	var kept []segment
	for _, s := range segments {
		a, z := s.offset, s.offset+int64(len(s.data))
		if z <= t.start || a >= t.end {
			kept = append(kept, s)
			continue
		}
		if a < t.start {
			kept = append(kept, segment{a, s.data[:t.start-a]})
		}
		if z > t.end {
			kept = append(kept, segment{t.end, s.data[t.end-a:]})
		}
	}
	return kept
}

// writer is the body of a function that writes the table's indexes: for
// each bucket k, k>>4 at start + 20k (the rest of the table is zeros).
func (t funcTable) writer() []byte {
	const k, at = 0, 1      // the locals
	b := []byte{1, 2, 0x7f} // two i32 locals
	b = append(b, opI32Const)
	b = appendInt(b, int64(int32(uint32(t.start))))
	b = append(b, 0x21, at, // local.set at
		0x03, 0x40, // loop
		0x20, at, 0x20, k, opI32Const, 4, 0x76, // at, k >> 4
		0x36, 2, 0, // i32.store (aligned to 4)
		0x20, at, opI32Const, bucketSize, 0x6a, 0x21, at, // at += 20
		0x20, k, opI32Const, 1, 0x6a, 0x22, k, // k++
		opI32Const)
	b = appendInt(b, int64(int32(t.buckets)))
	return append(b, 0x49, 0x0d, 0, // k < buckets: again
		opEnd, opEnd)
}

// addStart adds a function of no parameters and no results with the body
// given and makes it the module's start function.
func addStart(sections []section, body []byte) ([]section, error) {
	types, functions, code := sectionIndex(sections, typeSection), sectionIndex(sections, functionSection), sectionIndex(sections, codeSection)
	if types < 0 || functions < 0 || code < 0 {
		return nil, errors.New("the module has no functions")
	}
	typeIndex, err := appendEntry(&sections[types], []byte{0x60, 0, 0})
	if err != nil {
		return nil, fmt.Errorf("type section: %w", err)
	}
	defined, err := appendEntry(&sections[functions], appendUint(nil, typeIndex))
	if err != nil {
		return nil, fmt.Errorf("function section: %w", err)
	}
	if _, err := appendEntry(&sections[code], append(appendUint(nil, uint64(len(body))), body...)); err != nil {
		return nil, fmt.Errorf("code section: %w", err)
	}
	imported, err := functionImports(sections)
	if err != nil {
		return nil, err
	}
	start := section{startSection, appendUint(nil, imported+defined)}
	// Every section with a greater id (element, code, data, data count)
	// comes after the start section.
	at := slices.IndexFunc(sections, func(s section) bool { return s.id > startSection })
	if at < 0 {
		at = len(sections)
	}
	return slices.Insert(sections, at, start), nil
}

// appendEntry appends an entry to a section that is a vector of entries
// and returns its index.
func appendEntry(s *section, entry []byte) (uint64, error) {
	r := reader{b: s.body}
	n := r.uint()
	if r.err != nil {
		return 0, r.err
	}
	body := appendUint(nil, n+1)
	body = append(body, s.body[r.at:]...)
	s.body = append(body, entry...)
	return n, nil
}

// functionImports counts the functions the module imports.
func functionImports(sections []section) (uint64, error) {
	i := sectionIndex(sections, importSection)
	if i < 0 {
		return 0, nil
	}
	r := reader{b: sections[i].body}
	var functions uint64
	for range r.uint() {
		r.bytes(r.uint()) // module
		r.bytes(r.uint()) // name
		switch kind := r.byte(); kind {
		case 0: // a function: its type index
			r.uint()
			functions++
		case 1: // a table: its element type and limits
			r.byte()
			readLimits(&r)
		case 2: // a memory
			readLimits(&r)
		case 3: // a global: its type and mutability
			r.byte()
			r.byte()
		default:
			return 0, fmt.Errorf("import section: an import of kind %d", kind)
		}
		if r.err != nil {
			return 0, fmt.Errorf("import section: %w", r.err)
		}
	}
	return functions, r.err
}

func readLimits(r *reader) {
	if r.byte() == 1 {
		r.uint()
	}
	r.uint()
}
