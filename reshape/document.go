package reshape

import (
	"strings"

	"github.com/splicedev/splice/template"
)

// Document is a JSON or YAML text decoded with the place of every node, for
// a document that holds templates at many places: a plan. Shapes and tools
// compiled from it name their leaves by JSON Pointer from the document's
// top, and their errors carry the document's line and column.
type Document struct {
	Value  template.Value
	places *docPlaces
	edited string // the pointer of the string the last Edit changed
}

// ParseDocument decodes text by the one JSON-or-YAML rule (see ParseData),
// keeping where each node is.
func ParseDocument(text string) (*Document, error) {
	v, places, err := parseData(text, true)
	if err != nil {
		return nil, err
	}
	if places == nil { // an empty YAML text
		places = newDocPlaces(text)
	}
	return &Document{Value: v, places: places}, nil
}

// Warnings are the document's likely mistakes (see Warning), in document
// order.
func (d *Document) Warnings() []Warning { return d.places.warnings }

// Text is the document's text.
func (d *Document) Text() string { return d.places.text }

// Pos is where the node at ptr starts: its value, or its key when the text
// does not place the value (JSON places strings only), else the nearest
// enclosing node that it places; the document's first non-space character
// for the top.
func (d *Document) Pos(ptr string) template.Pos {
	for {
		if p, ok := d.places.value(ptr); ok && p.pos.Line > 0 {
			return p.pos
		}
		if p, ok := d.places.key(ptr); ok {
			return p
		}
		if ptr == "" {
			return d.places.lines.pos(leadingSpace(d.places.text))
		}
		ptr = ptr[:strings.LastIndexByte(ptr, '/')]
	}
}

// PlaceInput places the errors of a call that fail its input (each
// InputError names its field in Path) in text, the text of that input: at
// the field, or at the nearest of its parents the input has (a required
// field that is missing: its object). Other errors, and all of them when
// text does not parse, are left as they are.
func PlaceInput(err error, text string) error {
	list := Errors(err)
	if list == nil {
		return err
	}
	doc, parseErr := ParseDocument(text)
	if parseErr != nil {
		return err
	}
	for _, e := range list {
		if e.Kind == template.InputError && e.At == "" {
			pos := doc.Pos(e.Path)
			e.Source, e.Pos, e.End = text, pos, pos.Offset
		}
	}
	return list.Err()
}

// KeyPos is where the key of the member at ptr is, or Pos(ptr) for an
// element or the top.
func (d *Document) KeyPos(ptr string) template.Pos {
	if p, ok := d.places.key(ptr); ok {
		return p
	}
	return d.Pos(ptr)
}

// Compile compiles v, the node at ptr, as a value template: a string is a
// template, an array or object recurses with literal keys, any other value
// passes through (DIALECT §7, and §9 for a step's input). Its leaves and
// errors name pointers from the document's top.
func (d *Document) Compile(ptr string, v template.Value) (*Shape, error) {
	return compileShape(v, d.places, ptr, ptr, false)
}

// Error is a ToolError about the document itself, at pos and the node ptr.
func (d *Document) Error(ptr string, pos template.Pos, msg string) *Error {
	return &Error{engineError: engineError{Kind: template.ToolError, Phase: template.PhaseLoad, Msg: msg, Pos: pos, End: pos.Offset, Source: d.places.text},
		At: ptr, Doc: pos, DocEnd: pos.Offset}
}

// Place sets where e is in the document: an error raised in a string leaf
// (its Source is the leaf's text) by its place in that string, with its
// failing segment; any other error at the node its At names. A result
// kept from an earlier run of the same step is placed again this way in
// the document as it is now.
func (d *Document) Place(e *Error) {
	if p, ok := d.places.value(e.At); ok && e.Source != "" && e.Source != d.places.text && e.Pos.Line > 0 {
		e.DocSegStart, e.DocSegEnd = 0, 0
		d.places.locate(e, p)
		return
	}
	pos := d.Pos(e.At)
	e.Doc, e.DocEnd, e.DocSegStart, e.DocSegEnd = pos, pos.Offset, 0, 0
}

// PlaceTrace sets where each traced tag of a leaf is in the document.
func (d *Document) PlaceTrace(entries []template.TraceEntry) {
	for i := 0; i < len(entries); {
		at := entries[i].At
		j := i + 1
		for j < len(entries) && entries[j].At == at {
			j++
		}
		p, ok := d.places.value(at)
		leaf, found := template.ResolvePointer(d.Value, at)
		if ok && found && leaf.Kind() == template.String && p.pos.Line > 0 {
			w := p.walker(d.places.text, leaf.Str())
			for k := i; k < j; k++ {
				entries[k].Doc = d.places.lines.pos(w.to(entries[k].Pos.Offset))
			}
		}
		i = j
	}
}
