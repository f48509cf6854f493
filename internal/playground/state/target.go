package state

// Target names one of a state's texts: the mode's main text (the zero
// Target), the tool call's input, or a root's. It is the key of what is
// placed in a text: problems, selections, edits.
type Target struct {
	Root string // the root's name, for a root's text
	Call bool   // the tool call's input
}

// String names the target's text, as an editor keeps its history by it:
// "" for the main text, "call", or "root:" and the root's name.
func (t Target) String() string {
	switch {
	case t.Call:
		return "call"
	case t.Root != "":
		return "root:" + t.Root
	}
	return ""
}
