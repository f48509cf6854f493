package lsp

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// client drives a server over pipes as an editor does: requests wait for
// their response, notifications from the server are collected by method.
type client struct {
	t     testing.TB
	w     io.WriteCloser
	c     *conn
	done  chan error // Serve's result
	mu    sync.Mutex
	next  int
	waits map[string]chan *message
	notes chan *message
}

// startServer starts a server and a client on it, initialized.
func startServer(t testing.TB) *client {
	t.Helper()
	cl := newClient(t)
	cl.request("initialize", map[string]any{"capabilities": map[string]any{}}, nil)
	cl.notify("initialized", map[string]any{})
	return cl
}

func newClient(t testing.TB) *client {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	cl := &client{t: t, w: inW, c: newConn(outR, inW), done: make(chan error, 1), waits: map[string]chan *message{}, notes: make(chan *message, 1024)}
	go func() {
		err := Serve(inR, outW)
		outW.Close()
		cl.done <- err
	}()
	go cl.readLoop()
	t.Cleanup(func() { inW.Close() })
	return cl
}

func (cl *client) readLoop() {
	for {
		body, err := cl.c.read()
		if err != nil {
			close(cl.notes)
			return
		}
		var m message
		if json.Unmarshal(body, &m) != nil {
			continue
		}
		if m.Method != "" {
			cl.notes <- &m
			continue
		}
		cl.mu.Lock()
		ch := cl.waits[string(m.ID)]
		delete(cl.waits, string(m.ID))
		cl.mu.Unlock()
		if ch != nil {
			ch <- &m
		}
	}
}

// send writes a request and returns the channel its response comes on.
func (cl *client) send(method string, params any) (id string, response chan *message) {
	cl.mu.Lock()
	cl.next++
	id = strconv.Itoa(cl.next)
	response = make(chan *message, 1)
	cl.waits[id] = response
	cl.mu.Unlock()
	raw, _ := json.Marshal(params)
	if err := cl.c.write(&message{ID: json.RawMessage(id), Method: method, Params: raw}); err != nil {
		cl.t.Fatalf("%s: %v", method, err)
	}
	return id, response
}

// request sends a request and decodes its result into result; it returns
// the response's error.
func (cl *client) request(method string, params, result any) *ResponseError {
	cl.t.Helper()
	_, ch := cl.send(method, params)
	select {
	case m := <-ch:
		if m.Error == nil && result != nil {
			if err := json.Unmarshal(m.Result, result); err != nil {
				cl.t.Fatalf("%s: result %s: %v", method, m.Result, err)
			}
		}
		return m.Error
	case <-time.After(20 * time.Second):
		cl.t.Fatalf("%s: no response", method)
	}
	return nil
}

// must is request, failing the test on an error response.
func (cl *client) must(method string, params, result any) {
	cl.t.Helper()
	if err := cl.request(method, params, result); err != nil {
		cl.t.Fatalf("%s: %d %s", method, err.Code, err.Message)
	}
}

func (cl *client) notify(method string, params any) {
	raw, _ := json.Marshal(params)
	if err := cl.c.write(&message{Method: method, Params: raw}); err != nil {
		cl.t.Fatalf("%s: %v", method, err)
	}
}

// diagnostics waits for the diagnostics of uri published at version.
func (cl *client) diagnostics(uri string, version int) []Diagnostic {
	cl.t.Helper()
	timeout := time.After(20 * time.Second)
	for {
		select {
		case m, ok := <-cl.notes:
			if !ok {
				cl.t.Fatal("the server closed its output")
			}
			if m.Method != "textDocument/publishDiagnostics" {
				continue
			}
			var p PublishDiagnosticsParams
			json.Unmarshal(m.Params, &p)
			if p.URI == uri && p.Version == version {
				return p.Diagnostics
			}
		case <-timeout:
			cl.t.Fatalf("no diagnostics of %s version %d", uri, version)
		}
	}
}

// open opens a document and returns its first diagnostics.
func (cl *client) open(uri, text string) []Diagnostic {
	cl.t.Helper()
	cl.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "yaml", "version": 1, "text": text}})
	return cl.diagnostics(uri, 1)
}

// change sends one incremental change and returns the diagnostics after it.
func (cl *client) change(uri string, version int, r Range, text string) []Diagnostic {
	cl.t.Helper()
	cl.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": uri, "version": version},
		"contentChanges": []any{map[string]any{"range": r, "text": text}},
	})
	return cl.diagnostics(uri, version)
}

// shutdown ends the session as an editor does and returns Serve's result.
func (cl *client) shutdown() error {
	cl.t.Helper()
	cl.must("shutdown", nil, nil)
	cl.notify("exit", nil)
	select {
	case err := <-cl.done:
		return err
	case <-time.After(20 * time.Second):
		cl.t.Fatal("the server did not exit")
	}
	return nil
}

// at is the position of the n-th byte of the first occurrence of find in
// text (n may be len(find): just past it), counted as the protocol counts.
func at(t testing.TB, text, find string, n int) Position {
	t.Helper()
	i := strings.Index(text, find)
	if i < 0 {
		t.Fatalf("%q not in the text", find)
	}
	d := &document{text: text}
	return d.position(i + n)
}

func at1(p Position) string { return fmt.Sprintf("%d:%d", p.Line, p.Character) }
