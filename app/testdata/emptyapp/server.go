//go:build !wasm

package main

import (
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/splicedev/splice/internal/server"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:0", "listen address")
	web := flag.String("web", "web", "directory of app.wasm")
	fast := flag.Bool("fast-loader", false, "serve the playground's loader instead of go-app's own")
	flag.Parse()
	site, err := server.NewAppSite(*web, func(files app.ResourceResolver, version string, wasmSize int64) *app.Handler {
		return &app.Handler{
			Name:              "Empty",
			Icon:              app.Icon{Default: "/web/icon-192.png", Large: "/web/icon-512.png", SVG: "/web/icon.svg"},
			Version:           version,
			WasmContentLength: strconv.FormatInt(wasmSize, 10),
			Resources:         files,
			RawHeaders:        rawHeaders(*fast),
		}
	})
	if err == nil && *fast {
		err = site.UseFastLoader()
	}
	if err != nil {
		log.Fatal(err)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("http://%s\n", ln.Addr())
	log.Fatal(http.Serve(ln, site))
}

func rawHeaders(fast bool) []string {
	if fast {
		return []string{server.WasmPreload}
	}
	return nil
}
