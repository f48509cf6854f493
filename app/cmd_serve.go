//go:build !js

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"
)

func init() {
	commands["serve"] = command{summary: "serve the playground over HTTP", run: runServe}
}

func runServe(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("serve", stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on")
	webDir := fs.String("web", "web", "directory of the built web files (app.wasm, icons, styles)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := serve(ctx, *addr, *webDir, stdout, stderr); err != nil {
		fmt.Fprintln(stderr, "splice serve:", err)
		return 1
	}
	return 0
}

// serve runs the playground server until ctx ends, then lets the requests
// in flight finish. Stale compressed .wasm files are remade in the
// background; until then the server sends the uncompressed files.
func serve(ctx context.Context, addr, webDir string, stdout, stderr io.Writer) error {
	handler, err := newSite(webDir)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	go func() {
		if err := compressStale(webDir, stderr); err != nil {
			fmt.Fprintln(stderr, "splice serve: serving uncompressed wasm:", err)
		}
	}()
	srv := newHTTPServer(handler)
	fmt.Fprintf(stdout, "Splice playground: %s\n", listenURL(ln.Addr()))

	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil {
		return err
	}
	if err := <-served; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// newHTTPServer bounds how long a client may take, so slow or idle
// connections cannot pile up; writes allow for the uncompressed app.wasm on
// a slow link.
func newHTTPServer(h http.Handler) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      2 * time.Minute,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
	}
}

// listenURL is the address to open in a browser: a server listening on
// every interface is reachable as localhost.
func listenURL(addr net.Addr) string {
	tcp, ok := addr.(*net.TCPAddr)
	if !ok || !tcp.IP.IsUnspecified() {
		return "http://" + addr.String()
	}
	return fmt.Sprintf("http://localhost:%d", tcp.Port)
}
