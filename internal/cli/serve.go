package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/splicedev/splice/internal/server"
)

func init() {
	commands["serve"] = command{summary: "serve the playground over HTTP until Ctrl-C or SIGTERM", run: runServe}
	commands["static"] = command{summary: "write the playground as a static website: static -out DIR [-web DIR] [-site-url URL]", run: runStatic}
}

// siteURLUsage explains -site-url.
const siteURLUsage = "the site's public URL (https://play.example.com), for the pages' link-preview tags; without it they have none"

func runServe(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("serve", stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on")
	webDir := fs.String("web", "web", "directory of the built web files (app.wasm, icons, styles)")
	drain := fs.Duration("drain", server.DefaultDrain, "on Ctrl-C or SIGTERM, how long the requests in flight may take to finish")
	siteURL := fs.String("site-url", "", siteURLUsage)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		stop() // a second signal stops at once
	}()
	if err := server.Serve(ctx, *addr, *webDir, *siteURL, *drain, stdout, stderr); err != nil {
		fmt.Fprintln(stderr, "splice serve:", err)
		return 1
	}
	return 0
}

func runStatic(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("static", stderr)
	out := fs.String("out", "site", "directory to write the website to")
	webDir := fs.String("web", "web", "directory of the built web files (app.wasm, icons, styles)")
	siteURL := fs.String("site-url", "", siteURLUsage)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if err := server.WriteStatic(*out, *webDir, *siteURL, stderr); err != nil {
		fmt.Fprintln(stderr, "splice static:", err)
		return 1
	}
	fmt.Fprintf(stdout, "Splice playground written to %s\n", *out)
	return 0
}
