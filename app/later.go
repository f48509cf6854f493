package app

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// afterFirstPaint runs f as an update of ctx's component once the browser
// has painted the frame it mounted in (on the next update without the
// editor bundle, which knows when that is).
func afterFirstPaint(ctx app.Context, f func()) {
	bridge := app.Window().Get("spliceEditor")
	if !bridge.Truthy() {
		ctx.Dispatch(func(app.Context) { f() })
		return
	}
	bridge.Call("afterPaint", dispatchOnce(ctx, f))
}

// firstPainted turns true once the page has painted its first frame (see
// noteFirstPaint): until then, data editors wait (codeEditor.AfterPaint).
var firstPainted bool

// noteFirstPaint sets firstPainted once the page's first frame is painted.
func noteFirstPaint() {
	bridge := app.Window().Get("spliceEditor")
	if !bridge.Truthy() {
		firstPainted = true
		return
	}
	var fn app.Func
	fn = app.FuncOf(func(app.Value, []app.Value) any {
		fn.Release()
		firstPainted = true
		return nil
	})
	bridge.Call("afterPaint", fn)
}

// whenIdle runs f as an update of ctx's component once the page has
// nothing else to do, or a second from now at the latest (after the first
// paint in a browser without idle callbacks).
func whenIdle(ctx app.Context, f func()) {
	win := app.Window()
	if !win.Get("requestIdleCallback").Truthy() {
		afterFirstPaint(ctx, f)
		return
	}
	win.Call("requestIdleCallback", dispatchOnce(ctx, f), map[string]any{"timeout": 1000})
}

// dispatchOnce is a function for the page to call once: it runs f as an
// update of ctx's component and releases itself.
func dispatchOnce(ctx app.Context, f func()) app.Func {
	var fn app.Func
	fn = app.FuncOf(func(app.Value, []app.Value) any {
		fn.Release()
		ctx.Dispatch(func(app.Context) { f() })
		return nil
	})
	return fn
}
