// Package app is the Splice playground's user interface: the go-app routes
// and components of the playground at "/", the compact one at /embed and
// the dialect reference at /docs. Components are fed by their fields and
// report what the user does through the actions they are given; the state
// and its evaluation live in internal/playground.
package app

import (
	"sync"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/splicedev/splice/internal/playground/state"
)

// The playground's pages besides "/".
const (
	EmbedRoute = state.EmbedPath // the compact playground for an <iframe>
	DocsRoute  = "/docs"         // the dialect reference
)

// OfflinePages are the pages the service worker keeps for offline use,
// next to "/" which go-app keeps itself.
var OfflinePages = []string{EmbedRoute, DocsRoute}

var routes sync.Once

// Routes maps the playground's paths to components, once; the browser and
// the server (which prerenders the pages) both need them.
func Routes() {
	routes.Do(func() {
		app.Route("/", func() app.Composer { return &playgroundPage{} })
		app.Route(EmbedRoute, func() app.Composer { return &embedPage{} })
		app.Route(DocsRoute, func() app.Composer { return &docsPage{} })
	})
}
