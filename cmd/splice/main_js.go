//go:build js

package main

import (
	"runtime/debug"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/splicedev/splice/app"
)

// main runs the playground in the browser; RunWhenOnBrowser does not return.
func main() {
	// A page holds a few large values (decoded roots) and, while typing in
	// a large root, makes one copy of its text a keystroke: collecting less
	// often keeps the collector's pauses out of most keystrokes' frames.
	debug.SetGCPercent(400)
	app.Routes()
	goapp.RunWhenOnBrowser()
}
