package main

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// registerRoutes maps the playground's paths to components; it runs in the
// browser and on the server alike.
func registerRoutes() {
	app.Route("/docs", func() app.Composer { return &docsPage{} })
}
