package app

import (
	"hash/fnv"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/splicedev/splice/internal/examples"
	"github.com/splicedev/splice/internal/playground"
	"github.com/splicedev/splice/internal/playground/state"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// autosaveKey is where the last state is kept in local storage.
const autosaveKey = "splice.autosave"

// pendingKey is where a tab keeps, in its session storage, an edit it had
// not written when it was reloaded (see keeper.unload).
const pendingKey = "splice.pending"

// persistDelay is how long typing must pause before the address bar and
// the autosave catch up: encoding on every keystroke would cost frames
// with large roots.
const persistDelay = 250 * time.Millisecond

// keeper keeps the address bar (and, in the playground, the autosave) in
// step with a session.
type keeper struct {
	s        *playground.Session
	v        *pageView   // where the writes' outcome and a refused link's banner show
	ctx      app.Context // the page's, for storage and dispatch
	autosave bool
	dirty    bool        // a change is not written yet
	timer    *time.Timer // runs the write once typing pauses
	fragment string      // the fragment last written to the address bar
	params   string      // the fragment's other parameters ("&theme=dark"), kept
	edited   bool        // this tab has autosaved work of its own
	// stale says that another tab saved work after this tab last read or
	// wrote the autosave: this tab's edits do not replace it unasked.
	stale bool
	// own holds the payloads this page wrote to the address bar: going
	// Back to one's own work is no link from elsewhere to explain.
	own map[string]bool // by payloadHash
}

// asideKey is where the playground keeps the links whose note about
// iteration roots set aside was dismissed for good.
const asideKey = "splice.aside-dismissed"

// asideNote is the note about iteration roots a link sets aside: in the
// playground only, for a link the page did not write itself, until its
// note is dismissed.
func (k *keeper) asideNote(payload string) string {
	if !k.autosave || k.own[payloadHash(payload)] || slices.Contains(k.dismissedAside(), payloadHash(payload)) {
		return ""
	}
	return state.AsideNote(&k.s.State)
}

func (k *keeper) dismissedAside() []string {
	var hashes []string
	k.ctx.LocalStorage().Get(asideKey, &hashes)
	return hashes
}

// dismissAside keeps, for good, that the note of the open link was read:
// the last 100 links.
func (k *keeper) dismissAside() {
	if k.v.link == "" || !k.autosave {
		return
	}
	hashes := append(k.dismissedAside(), payloadHash(k.v.link))
	k.ctx.LocalStorage().Set(asideKey, hashes[max(0, len(hashes)-100):])
}

// payloadHash names a payload briefly.
func payloadHash(payload string) string {
	h := fnv.New64a()
	h.Write([]byte(payload))
	return strconv.FormatUint(h.Sum64(), 36)
}

// watch makes every change of the session (re)start the wait before a
// write: one timer for the whole session, so that typing costs no extra
// goroutine or render per keystroke.
func (k *keeper) watch(ctx app.Context) {
	k.ctx = ctx
	k.s.Changed = func() {
		k.dirty = true
		if k.timer != nil {
			k.timer.Reset(persistDelay)
			return
		}
		k.timer = time.AfterFunc(persistDelay, func() {
			ctx.Dispatch(func(ctx app.Context) {
				shown := k.shown()
				k.flush()
				if k.shown() == shown {
					ctx.PreventUpdate() // nothing on the page shows what was written
				}
			})
		})
	}
}

// writeState is what the page shows of the writes: the link and how the
// autosave fared.
type writeState struct {
	link                        string
	failed, tooLarge, takenOver bool
}

func (k *keeper) shown() writeState {
	return writeState{k.v.link, k.v.autosaveFailed, k.v.tooLarge, k.v.takenOver}
}

// stop cancels a pending write.
func (k *keeper) stop() {
	if k.timer != nil {
		k.timer.Stop()
	}
}

// flush writes the state now: into the address bar (see link) and into
// local storage. It returns the payload written, "" when nothing was to be.
func (k *keeper) flush() string {
	if !k.dirty {
		return ""
	}
	k.dirty = false
	payload := k.link("replaceState")
	k.save(payload)
	return payload
}

// save writes payload into the autosave. A storage that refuses it (full)
// does not stop the editing, but the page says so: a reload would lose
// what the address bar does not hold.
func (k *keeper) save(payload string) {
	if !k.autosave || k.v.tooLarge {
		return // the autosave keeps the last state that opens again
	}
	if k.stale {
		k.v.takenOver = true // newer work of another tab: said before it is replaced
		return
	}
	err := k.ctx.LocalStorage().Set(autosaveKey, payload)
	k.v.autosaveFailed = err != nil
	if err != nil {
		app.Log("autosave failed:", err)
		return
	}
	k.v.takenOver, k.edited = false, true
}

// unload writes an edit still waiting for the pause before the page goes.
// A reload reopens the address the browser took when it started, so the
// edit is also kept in the tab's session storage under that address, and
// restore prefers it there.
func (k *keeper) unload() {
	if !k.dirty {
		return
	}
	address := app.Window().Get("location").Get("hash").String()
	k.stop()
	payload := k.flush()
	k.ctx.SessionStorage().Set(pendingKey, pendingEdit{Fragment: address, Payload: payload})
}

// pendingEdit is what unload keeps for a reload.
type pendingEdit struct{ Fragment, Payload string }

// pending takes the edit unload kept for fragment's address, if any.
func (k *keeper) pending(fragment string) (state.State, bool) {
	var p pendingEdit
	if !k.autosave {
		return state.State{}, false
	}
	if err := k.ctx.SessionStorage().Get(pendingKey, &p); err != nil || p.Payload == "" {
		return state.State{}, false
	}
	k.ctx.SessionStorage().Del(pendingKey)
	if p.Fragment != fragment {
		return state.State{}, false
	}
	s, _, _ := state.InitialState("", p.Payload, examples.Default.Open())
	return s, true
}

// onStorage notes that another tab of the playground saved its work over
// the autosave (the last edited tab wins): when this tab had autosaved work
// of its own, other than that, it says so, and keeps its work to be saved
// again. A tab that never edited loses nothing.
func (k *keeper) onStorage(e app.Value) {
	if !k.autosave || e.Get("key").String() != autosaveKey {
		return
	}
	k.stale = true
	if !k.edited {
		return // said at this tab's first edit, if it comes
	}
	var saved string // what the other tab wrote (go-app stores it as JSON)
	k.ctx.LocalStorage().Get(autosaveKey, &saved)
	if payload, _ := state.Encode(k.s.State); saved != payload {
		k.ctx.Dispatch(func(ctx app.Context) { k.v.takenOver = true })
	}
}

// saveHere saves this tab's work over what another tab saved.
func (k *keeper) saveHere() {
	k.dirty, k.stale = true, false
	k.flush()
}

// restore loads the state a page opens with: the link in the fragment,
// else (in the playground) the autosave, else the default example. A link
// that cannot be opened shows why in the banner.
func (k *keeper) restore(ctx app.Context) {
	// An edit still waiting belongs to the state being left; the address
	// already names the next one: it goes into the autosave alone.
	k.stop()
	if k.dirty {
		k.dirty = false
		k.save(k.encode())
	}
	fragment := app.Window().Get("location").Get("hash").String()
	s, reloaded := k.pending(fragment)
	banner, refused, saved := "", false, ""
	if !reloaded {
		if k.autosave && fragment == "" {
			ctx.LocalStorage().Get(autosaveKey, &saved)
		}
		s, banner, refused = state.InitialState(fragment, saved, examples.Default.Open())
	}
	if !k.s.State.Same(&s) { // the state the page started on (the default example) is not loaded twice
		k.s.Load(s)
	}
	k.v.opened()
	k.v.banner, k.v.saved, k.v.tooLarge = banner, "", false // a state that opened can be kept
	payload, linked, params := state.SplitFragment(fragment)
	k.fragment, k.params = fragment, params
	if linked && !refused {
		k.v.link = payload
		if note := k.asideNote(payload); note != "" {
			k.v.banner = strings.TrimSpace(note + " " + k.v.banner)
		}
	}
	ctx.Defer(func(app.Context) { linkOpened() })
	switch {
	case reloaded: // the address catches up with the edit
		k.dirty = true
		k.flush()
	case linked && !refused:
		k.v.linkSize = len(payload) // the link is the state's, as opened
	case !linked && saved != "" && banner == "":
		k.v.linkSize = len(saved) // the autosave is a link's payload
	default:
		// A state from no payload (the default example) is encoded for its
		// size once the page is idle: a first visit's start need not wait on
		// deflating (a timer could fire before go-app took its loader away).
		version := k.s.Version
		whenIdle(ctx, func() {
			if k.s.Version == version && !k.dirty {
				k.v.linkSize = len(k.encode())
			}
		})
	}
	if refused && k.autosave {
		// The refused link stays in the address bar, to be copied back;
		// the work saved before it is offered, not replaced.
		ctx.LocalStorage().Get(autosaveKey, &k.v.saved)
	}
}

// linkOpened removes the mark the page's head puts on an address with a
// link (the server's openingLinkScript), once the page shows its state.
func linkOpened() {
	app.Window().Get("document").Get("documentElement").Get("classList").Call("remove", "opening-link")
}

// navigate opens another state (an example, the saved work) as a
// navigation: the work so far is written first, into the address bar and
// the autosave, and the new state gets a history entry of its own, so that
// Back returns to the work. Opening is not an edit: the autosave keeps the
// work until the new state is edited.
func (k *keeper) navigate(open func()) {
	k.flush()
	open()
	k.link("pushState")
}

// link puts the state's link in the address bar through history's method
// ("replaceState", or "pushState" for an entry of its own) when it changed;
// a state too large for a link leaves the fragment empty, so that a reload
// falls back to the autosave. It returns the state's payload.
func (k *keeper) link(method string) string {
	payload := k.encode()
	k.v.link, k.v.linkSize = "", len(payload)
	fragment := ""
	if state.Linkable(payload) && !k.v.tooLarge {
		k.v.link = payload
		if k.own == nil {
			k.own = map[string]bool{}
		}
		k.own[payloadHash(payload)] = true
		fragment = "#" + state.LinkPrefix + payload + k.params
	}
	if fragment != k.fragment || method == "pushState" {
		k.fragment = fragment
		loc := app.Window().Get("location")
		app.Window().Get("history").Call(method, nil, "", loc.Get("pathname").String()+loc.Get("search").String()+fragment)
	}
	return payload
}

// encode encodes the state, and notes whether it is too large to keep.
func (k *keeper) encode() string {
	payload, size := state.Encode(k.s.State)
	k.v.tooLarge = size > state.MaxLinkState
	return payload
}

// openShare opens the share dialog for the current state and copies the
// link; where the clipboard is refused, the dialog selects the link so
// that Ctrl+C copies it.
func openShare(ctx app.Context, s *playground.Session, v *pageView) {
	loc := app.Window().Get("location")
	v.share = shareOf(loc.Get("origin").String(), s)
	v.dialog, v.menu = dialogShare, false
	if v.share.Error != "" {
		return
	}
	v.share.Note = "Copy the selected link with Ctrl+C."
	copyText(ctx, v.share.URL, func(ok bool) {
		if ok {
			v.share.Note = "Link copied to the clipboard."
		}
	})
}

// copyText writes text to the clipboard and calls done with the outcome,
// on the UI goroutine.
func copyText(ctx app.Context, text string, done func(ok bool)) {
	clipboard := app.Window().Get("navigator").Get("clipboard")
	if !clipboard.Truthy() {
		done(false)
		return
	}
	var settle [2]app.Func
	for i := range settle {
		ok := i == 0
		settle[i] = app.FuncOf(func(this app.Value, args []app.Value) any {
			settle[0].Release()
			settle[1].Release()
			ctx.Dispatch(func(ctx app.Context) { done(ok) })
			return nil
		})
	}
	clipboard.Call("writeText", text).Call("then", settle[0], settle[1])
}

// listen adds a window event listener that runs h synchronously, and
// returns how to remove it.
func listen(event string, h func(e app.Value)) (remove func()) {
	return listenOn(app.Window(), event, h)
}

// listenOn is listen on target.
func listenOn(target app.Value, event string, h func(e app.Value)) (remove func()) {
	fn := handlerOf(h)
	target.Call("addEventListener", event, fn)
	return func() {
		target.Call("removeEventListener", event, fn)
		fn.Release()
	}
}

// listenShortcuts calls h with the window's keydown events that may be a
// shortcut (see shortcut): the editor bridge leaves out the others, the
// keys typed into an editor, which would each cross into Go for nothing.
func listenShortcuts(h func(e app.Value)) (remove func()) {
	fn := handlerOf(h)
	stop := app.Window().Get("spliceEditor").Call("onShortcut", fn)
	return func() {
		stop.Invoke()
		fn.Release()
	}
}

// handlerOf is h as a function of the page that gets an event.
func handlerOf(h func(e app.Value)) app.Func {
	return app.FuncOf(func(this app.Value, args []app.Value) any {
		h(args[0])
		return nil
	})
}
