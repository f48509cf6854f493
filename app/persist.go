package app

import (
	"github.com/splicedev/splice/internal/playground"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// autosaveKey is where the last state is kept in local storage.
const autosaveKey = "splice.autosave"

// persistDelay is how long typing must pause before the address bar and
// the autosave catch up: encoding on every keystroke would cost frames
// with large roots.
const persistDelay = 250 * time.Millisecond

// keeper keeps the address bar (and, in the playground, the autosave) in
// step with a session.
type keeper struct {
	s        *playground.Session
	ctx      app.Context // the page's, for storage and dispatch
	autosave bool
	dirty    bool        // a change is not written yet
	timer    *time.Timer // runs the write once typing pauses
	fragment string      // the fragment last written to the address bar
	params   string      // the fragment's other parameters ("&theme=dark"), kept
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
				link := k.s.Link
				k.flush()
				if k.s.Link == link {
					ctx.PreventUpdate() // nothing on the page shows what was written
				}
			})
		})
	}
}

// stop cancels a pending write.
func (k *keeper) stop() {
	if k.timer != nil {
		k.timer.Stop()
	}
}

// flush writes the state now: into the address bar (see link) and into
// local storage.
func (k *keeper) flush() {
	if !k.dirty {
		return
	}
	k.dirty = false
	payload := k.link("replaceState")
	if k.autosave {
		if err := k.ctx.LocalStorage().Set(autosaveKey, payload); err != nil {
			app.Log("autosave failed:", err) // a full storage must not stop the editing
		}
		k.s.TakenOver = false
	}
}

// onStorage notes that another tab of the playground saved its work over
// the autosave (the last edited tab wins): unless that is this tab's state
// too, the tab says so, and keeps its work to be saved again.
func (k *keeper) onStorage(e app.Value) {
	if !k.autosave || e.Get("key").String() != autosaveKey {
		return
	}
	saved := e.Get("newValue")
	payload := playground.EncodeState(k.s.State)
	if !saved.Truthy() || saved.String() != payload {
		k.ctx.Dispatch(func(ctx app.Context) { k.s.TakenOver = true })
	}
}

// saveHere saves this tab's work over what another tab saved.
func (k *keeper) saveHere() {
	k.dirty = true
	k.flush()
}

// restore loads the state a page opens with: the link in the fragment,
// else (in the playground) the autosave, else the default example. A link
// that cannot be opened shows why in the banner.
func (k *keeper) restore(ctx app.Context) {
	fragment := app.Window().Get("location").Get("hash").String()
	saved := ""
	if k.autosave && fragment == "" {
		ctx.LocalStorage().Get(autosaveKey, &saved)
	}
	s, banner, refused := playground.InitialState(fragment, saved)
	k.s.Load(s)
	k.s.LinkSize = len(playground.EncodeState(k.s.State))
	k.s.Banner, k.s.Saved = banner, ""
	k.fragment, k.params = fragment, playground.OtherParams(fragment)
	if payload, ok := playground.PayloadOf(fragment); ok && !refused {
		k.s.Link = payload
	}
	// The page's head marked an address with a link, until its state is
	// shown (see the server's openingLinkScript).
	ctx.Defer(func(app.Context) {
		app.Window().Get("document").Get("documentElement").Get("classList").Call("remove", "opening-link")
	})
	if refused && k.autosave {
		// The refused link stays in the address bar, to be copied back;
		// the work saved before it is offered, not replaced.
		ctx.LocalStorage().Get(autosaveKey, &k.s.Saved)
	}
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
	payload := playground.EncodeState(k.s.State)
	k.s.Link, k.s.LinkSize = "", len(payload)
	fragment := ""
	if playground.Linkable(payload) {
		k.s.Link = payload
		fragment = "#" + playground.LinkPrefix + payload + k.params
	}
	if fragment != k.fragment || method == "pushState" {
		k.fragment = fragment
		loc := app.Window().Get("location")
		app.Window().Get("history").Call(method, nil, "", loc.Get("pathname").String()+loc.Get("search").String()+fragment)
	}
	return payload
}

// openShare opens the share dialog for the current state and copies the
// link; where the clipboard is refused, the dialog selects the link so
// that Ctrl+C copies it.
func openShare(ctx app.Context, s *playground.Session) {
	loc := app.Window().Get("location")
	s.Share = playground.ShareOf(loc.Get("origin").String(), s.State, &s.Out)
	s.Dialog, s.Menu = playground.DialogShare, false
	if s.Share.Error != "" {
		return
	}
	s.Share.Note = "Copy the selected link with Ctrl+C."
	copyText(ctx, s.Share.URL, func(ok bool) {
		if ok {
			s.Share.Note = "Link copied to the clipboard."
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
	fn := app.FuncOf(func(this app.Value, args []app.Value) any {
		h(args[0])
		return nil
	})
	app.Window().Call("addEventListener", event, fn)
	return func() {
		app.Window().Call("removeEventListener", event, fn)
		fn.Release()
	}
}
