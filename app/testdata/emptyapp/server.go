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
	flag.Parse()
	site, err := server.NewAppSite(*web, func(files app.ResourceResolver, version string, wasmSize int64) *app.Handler {
		return &app.Handler{
			Name:              "Empty",
			Icon:              app.Icon{Default: "/web/icon-192.png", Large: "/web/icon-512.png", SVG: "/web/icon.svg"},
			Version:           version,
			WasmContentLength: strconv.FormatInt(wasmSize, 10),
			Resources:         files,
		}
	})
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
