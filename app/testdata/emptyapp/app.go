// Command emptyapp is the cold-load benchmark's yardstick: an empty go-app
// app, one textarea, built with the playground's flags and served by the
// playground's server code (BenchmarkBrowserColdLoadVsEmpty builds it).
package main

import "github.com/maxence-charriere/go-app/v10/pkg/app"

type page struct{ app.Compo }

func (*page) Render() app.UI { return app.Textarea().Aria("label", "text") }

func init() { app.Route("/", func() app.Composer { return &page{} }) }
