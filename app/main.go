// Command splice is the Splice playground (in the browser) and, on the host,
// the splice command: serve, render, check, conformance, static, tool, tools.
package main

import "github.com/maxence-charriere/go-app/v10/pkg/app"

func main() {
	registerRoutes()
	app.RunWhenOnBrowser()
	runCommand()
}
