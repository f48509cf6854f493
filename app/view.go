package app

// pageView is what a page shows beside its session's state: the open menu
// and dialog, the banner, and how the keeper's writes fared. The page owns
// it; its actions and its keeper change it.
type pageView struct {
	menu   bool
	dialog string // the open dialog: "", dialogShare or dialogHelp
	share  shared // what the share dialog shows
	banner string // a notice above the panes (a link that could not be opened)
	// saved is the autosaved work a refused link did not replace, offered
	// under the banner; "" when there is none.
	saved string

	link     string // the state's share payload as last written, "" when too large
	linkSize int    // the length of that payload, also when too large; 0 before the first write
	// tooLarge says that the state, written out, is larger than a link or
	// the autosave may hold (state.MaxLinkState): neither keeps it,
	// and the page says so at once.
	tooLarge bool
	// takenOver says that another tab saved its work over this tab's
	// autosave; this tab's next edit saves it again.
	takenOver bool
	// autosaveFailed says that the browser's storage refused the last
	// autosave (it is full).
	autosaveFailed bool
	// narrow says the window is a phone's (phoneWidth): the selected
	// step's details go under its row.
	narrow bool
}

// The dialogs.
const (
	dialogShare = "share"
	dialogHelp  = "help"
)

// opened closes what showed the state being left: a new state was loaded.
func (v *pageView) opened() { v.menu, v.dialog = false, "" }
