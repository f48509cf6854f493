//go:build js

package main

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/splicedev/splice/app"
)

// main runs the playground in the browser; RunWhenOnBrowser does not return.
func main() {
	app.CollectLessOften()
	app.Routes()
	goapp.RunWhenOnBrowser()
}
