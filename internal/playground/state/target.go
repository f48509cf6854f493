package state

// Target names one of a state's texts: the mode's main text (the zero
// Target), the tool call's input, or a root's. It is the key of what is
// placed in a text: problems, selections, edits.
type Target struct {
	Root string // the root's name, for a root's text
	Call bool   // the tool call's input
}
