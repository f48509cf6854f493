package lsp

import (
	"slices"
	"strconv"
	"strings"

	"github.com/splicedev/splice/internal/playground/state"
	"github.com/splicedev/splice/template"
)

// Step ids across a plan, and roots across a template or a shape: where
// one is defined, where it is read, and its rename as one edit.

// nameAt returns the step id or root named at byte offset off, and where
// that name is: the root segment of a tag's root-anchored path, or a
// step's id.
func (d *document) nameAt(off int) (name string, from, to int, ok bool) {
	if d.ss == nil {
		return "", 0, 0, false
	}
	for _, sp := range d.ss.Spans() {
		if !sp.Anchored || off < sp.PathPos || off > sp.End {
			continue
		}
		root, _, _ := strings.Cut(sp.Path, ".")
		if end := sp.PathPos + len(root); off <= end && end <= len(d.text) && d.text[sp.PathPos:end] == root {
			return root, sp.PathPos, end, true
		}
	}
	if p := d.plan(); p != nil {
		for _, s := range p.All {
			if from, to, ok := d.idRange(s); ok && from <= off && off <= to {
				return s.ID, from, to, true
			}
		}
	}
	return "", 0, 0, false
}

// renamable returns the name at off when it can be renamed: a step of
// the plan, or a root of a template or a shape other than those the
// dialect fixes (input, item, index, accumulator).
func (d *document) renamable(off int) (name string, from, to int, ok bool) {
	name, from, to, ok = d.nameAt(off)
	switch {
	case !ok || state.FixedRoot(name):
		return "", 0, 0, false
	case d.mode == state.ModePlan:
		_, ok = d.plan().Step(name)
	default:
		ok = d.mode != state.ModeTool // a tool reads input alone
	}
	return name, from, to, ok
}

// definition is where the step id at off is defined; nil for anything
// else (a template's roots are defined outside it).
func (d *document) definition(off int) []Location {
	name, _, _, ok := d.nameAt(off)
	p := d.plan()
	if !ok || p == nil {
		return nil
	}
	s, ok := p.Step(name)
	if !ok {
		return nil
	}
	from, to, ok := d.idRange(s)
	if !ok {
		return nil
	}
	return []Location{{URI: d.uri, Range: d.rangeOf(from, to)}}
}

// places returns the byte ranges naming name: its definition when it is
// a step of the plan and withDefinition, then the tags that read it, in
// text order.
func (d *document) places(name string, withDefinition bool) [][2]int {
	refs := d.ss.ReferencesTo(name)
	if p := d.plan(); p != nil && withDefinition {
		if s, ok := p.Step(name); ok {
			if from, to, ok := d.idRange(s); ok {
				refs = append(refs, [2]int{from, to})
			}
		}
	}
	slices.SortFunc(refs, func(a, b [2]int) int { return a[0] - b[0] })
	return refs
}

// references are the places naming the step id or root at off.
func (d *document) references(off int, withDefinition bool) []Location {
	name, _, _, ok := d.nameAt(off)
	if !ok {
		return nil
	}
	var out []Location
	for _, r := range d.places(name, withDefinition) {
		out = append(out, Location{URI: d.uri, Range: d.rangeOf(r[0], r[1])})
	}
	return out
}

// prepareRename is the range of the name at off when it can be renamed,
// nil otherwise.
func (d *document) prepareRename(off int) *Range {
	_, from, to, ok := d.renamable(off)
	if !ok {
		return nil
	}
	r := d.rangeOf(from, to)
	return &r
}

// RenameError is a rename refused: nothing renamable there, or a new name
// that is not an id or names another step.
type RenameError struct{ Reason string }

func (e *RenameError) Error() string { return e.Reason }

// rename renames the step id or root at off to newName in every place
// that names it: one edit of the document.
func (d *document) rename(off int, newName string) (*WorkspaceEdit, error) {
	name, _, _, ok := d.renamable(off)
	if !ok {
		return nil, &RenameError{"no step id or root to rename here"}
	}
	if why := template.ValidateStepID(newName); why != "" {
		return nil, &RenameError{why}
	}
	if state.FixedRoot(newName) {
		return nil, &RenameError{strconv.Quote(newName) + " is a root the dialect fixes"}
	}
	if p := d.plan(); p != nil && newName != name {
		if _, taken := p.Step(newName); taken {
			return nil, &RenameError{"step id " + strconv.Quote(newName) + " is taken: an id names one step in the whole plan"}
		}
	}
	edits := []TextEdit{}
	for _, r := range d.places(name, true) {
		edits = append(edits, TextEdit{Range: d.rangeOf(r[0], r[1]), NewText: newName})
	}
	return &WorkspaceEdit{Changes: map[string][]TextEdit{d.uri: edits}}, nil
}
