package app

import (
	"math"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// planSplit is the handle between the plan's editor and its steps: dragged,
// or moved with the arrow keys, Home and End, it sets the share of the
// page's width the editor takes, which the browser remembers. It moves the
// columns through a CSS property of the workbench, set from here: no
// render of the page while it is dragged.
type planSplit struct {
	app.Compo

	stop []func()
}

// splitKey is where local storage keeps the editor's share, in percent.
const splitKey = "splice.planSplit"

// The editor's share of the page's width, in percent: its bounds and the
// start.
const (
	splitMin, splitMax, splitStart = 25, 75, 45
	splitStep                      = 5 // an arrow key's move
)

func (s *planSplit) Render() app.UI {
	return app.Elem("div").Class("plan-split").Attr("data-testid", "plan-split").Role("separator").
		Attr("aria-orientation", "vertical").Attr("aria-label", "Width of the plan's editor").
		Attr("aria-valuemin", splitMin).Attr("aria-valuemax", splitMax).Attr("aria-valuenow", splitStart).
		Title("Drag, or use ← → Home End, to share the width between the editor and the steps").TabIndex(0)
}

func (s *planSplit) OnMount(ctx app.Context) {
	handle := ctx.JSSrc()
	share := float64(splitStart)
	ctx.LocalStorage().Get(splitKey, &share)
	share = s.set(ctx, handle, share)
	dragging := false
	s.stop = append(s.stop,
		listenOn(handle, "pointerdown", func(e app.Value) {
			dragging = true
			handle.Call("setPointerCapture", e.Get("pointerId"))
			e.Call("preventDefault")
		}),
		listenOn(handle, "pointermove", func(e app.Value) {
			if !dragging {
				return
			}
			box := handle.Get("parentElement").Call("getBoundingClientRect")
			share = s.set(ctx, handle, (e.Get("clientX").Float()-box.Get("left").Float())/box.Get("width").Float()*100)
		}),
		listenOn(handle, "pointerup", func(e app.Value) { dragging = false }),
		listenOn(handle, "keydown", func(e app.Value) {
			now := share
			switch e.Get("key").String() {
			case "ArrowLeft":
				now -= splitStep
			case "ArrowRight":
				now += splitStep
			case "Home":
				now = splitMin
			case "End":
				now = splitMax
			default:
				return
			}
			e.Call("preventDefault")
			share = s.set(ctx, handle, now)
		}),
	)
}

func (s *planSplit) OnDismount() {
	for _, stop := range s.stop {
		stop()
	}
	s.stop = nil
}

// set gives the editor share percent of the width, within the bounds,
// remembers it and returns it.
func (s *planSplit) set(ctx app.Context, handle app.Value, share float64) float64 {
	share = math.Round(min(max(share, splitMin), splitMax))
	handle.Call("setAttribute", "aria-valuenow", share)
	handle.Get("parentElement").Get("style").Call("setProperty", "--plan-edit", strconv.FormatFloat(share, 'f', -1, 64)+"%")
	ctx.LocalStorage().Set(splitKey, share)
	return share
}
