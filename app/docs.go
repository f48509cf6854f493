package main

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// docsPage is the dialect reference at /docs.
type docsPage struct{ app.Compo }

func (d *docsPage) Render() app.UI { return app.Main().Text("Dialect reference") }
