package main

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// embedRoute is the compact playground other pages show in an <iframe>.
const embedRoute = "/embed"

// registerRoutes maps the playground's paths to components; it runs in the
// browser and on the server alike.
func registerRoutes() {
	app.Route("/", func() app.Composer { return &playground{} })
	app.Route(embedRoute, func() app.Composer { return &embedPage{} })
	app.Route("/docs", func() app.Composer { return &docsPage{} })
}
