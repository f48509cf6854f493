package server

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"

	"github.com/splicedev/splice/internal/assets"
)

// DefaultDrain is how long a stopping server lets the requests in flight
// finish: enough for the uncompressed app.wasm (11 MB) at about 1.5 Mbit/s.
const DefaultDrain = 60 * time.Second

// Serve runs the playground server on addr until ctx ends, then stops
// accepting connections and lets the requests in flight finish, for at
// most drain; it returns nil once they have. Stale compressed .wasm files
// are remade in the background; until then the server sends the
// uncompressed files.
func Serve(ctx context.Context, addr, webDir, siteURL string, drain time.Duration, stdout, stderr io.Writer) error {
	handler, err := NewSite(webDir, siteURL)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	go func() {
		if err := assets.CompressStale(webDir, stderr); err != nil {
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
	fmt.Fprintf(stderr, "splice serve: stopping; the requests in flight have %s to finish\n", drain)
	shutdown, cancel := context.WithTimeout(context.Background(), drain)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil {
		srv.Close()
		return fmt.Errorf("requests still in flight after %s: %w", drain, err)
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
