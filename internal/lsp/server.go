// Package lsp is `splice lsp`: a Language Server Protocol server over a
// byte stream (stdio) for plan documents, templates, shapes and tool
// files. Each open document is a playground session (internal/playground)
// in the mode its kind is: the server asks the session what the
// playground shows (problems, completion, hover, the steps and their
// status, references) and says it in the protocol's words.
package lsp

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"
)

// ErrExitWithoutShutdown is an exit notification that came before a
// shutdown request: the protocol's exit code 1.
var ErrExitWithoutShutdown = errors.New("lsp: exit without shutdown")

// server is one client's connection. Messages are handled one at a time,
// in order, by Serve's goroutine; a reader goroutine frames them and
// records cancellations as they arrive, so that a request waiting behind
// a long one is answered cancelled without being worked on.
type server struct {
	c    *conn
	docs map[string]*document

	initialized, shutdown bool
	// stale lists the documents whose diagnostics are to be published
	// once no message waits: a burst of changes publishes once.
	stale []string

	mu sync.Mutex
	// pending holds the requests read and not answered yet, by id as its
	// JSON text: true once cancelled.
	pending map[string]bool
}

// Serve speaks the protocol on in and out until the client exits or in
// ends. It returns nil after shutdown and exit, ErrExitWithoutShutdown
// for an exit before shutdown, and the stream's error otherwise.
func Serve(in io.Reader, out io.Writer) error {
	s := &server{c: newConn(in, out), docs: map[string]*document{}, pending: map[string]bool{}}
	queue := make(chan incoming, 64)
	var readErr error
	go func() {
		defer close(queue)
		for {
			body, err := s.c.read()
			if err != nil {
				readErr = err
				return
			}
			var m message
			err = json.Unmarshal(body, &m)
			if err == nil {
				s.note(&m)
			}
			queue <- incoming{&m, err}
		}
	}()
	for in := range queue {
		if done, err := s.handle(in.m, in.err); done {
			return err
		}
		if len(queue) == 0 {
			s.publishStale()
		}
	}
	if readErr == io.EOF {
		return nil
	}
	var framing *FramingError
	if errors.As(readErr, &framing) {
		// Say why to the client, which may still be listening.
		s.notify("window/logMessage", map[string]any{"type": 1, "message": readErr.Error()})
	}
	return readErr
}

// incoming is a message as read, or why it is not JSON.
type incoming struct {
	m   *message
	err error
}

// note records, as soon as they are read, the requests waiting for an
// answer and the cancellations of those.
func (s *server) note(m *message) {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case m.isRequest():
		s.pending[string(m.ID)] = false
	case m.Method == "$/cancelRequest":
		var p cancelParams
		if json.Unmarshal(m.Params, &p) == nil {
			if _, waiting := s.pending[string(p.ID)]; waiting {
				s.pending[string(p.ID)] = true
			}
		}
	}
}

// answering takes request id off the waiting ones and reports whether it
// was cancelled.
func (s *server) answering(id json.RawMessage) (cancelled bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	cancelled = s.pending[string(id)]
	delete(s.pending, string(id))
	return cancelled
}

// handle handles one message; done says the client exited, err how.
func (s *server) handle(m *message, jsonErr error) (done bool, err error) {
	if jsonErr != nil {
		s.reply(json.RawMessage("null"), nil, &ResponseError{Code: codeParseError, Message: "not JSON: " + jsonErr.Error()})
		return false, nil
	}
	switch {
	case m.Method == "exit":
		if !s.shutdown {
			return true, ErrExitWithoutShutdown
		}
		return true, nil
	case m.Method == "":
		return false, nil // a response to nothing this server asked
	case m.Method == "$/cancelRequest":
		return false, nil // noted as it was read
	}
	if !m.isRequest() {
		if s.initialized && !s.shutdown {
			s.safely(m, func() (any, error) { return nil, s.notification(m.Method, m.Params) })
		}
		return false, nil
	}
	if s.answering(m.ID) {
		s.reply(m.ID, nil, &ResponseError{Code: codeRequestCancelled, Message: "cancelled"})
		return false, nil
	}
	result, rerr := s.safely(m, func() (any, error) { return s.request(m.Method, m.Params) })
	s.reply(m.ID, result, rerr)
	return false, nil
}

// safely runs a handler; should the server's own code fail on some input
// (a bug), the client gets an error rather than losing the server, and
// the document it was about is evaluated afresh.
func (s *server) safely(m *message, handle func() (any, error)) (result any, rerr *ResponseError) {
	defer func() {
		if r := recover(); r != nil {
			rerr = &ResponseError{Code: codeInternalError, Message: fmt.Sprintf("splice lsp: %s failed: %v", m.Method, r)}
			s.notify("window/logMessage", map[string]any{"type": 1, "message": rerr.Message})
			s.reloadAll()
		}
	}()
	result, err := handle()
	if err != nil {
		var re *ResponseError
		if !errors.As(err, &re) {
			re = &ResponseError{Code: codeRequestFailed, Message: err.Error()}
		}
		if !m.isRequest() {
			s.notify("window/logMessage", map[string]any{"type": 1, "message": m.Method + ": " + re.Message})
			return nil, nil
		}
		return nil, re
	}
	return result, nil
}

// reloadAll evaluates every document afresh from its text.
func (s *server) reloadAll() {
	for uri, d := range s.docs {
		s.docs[uri] = openDocument(uri, d.version, d.text)
		s.markStale(uri)
	}
}

func (s *server) reply(id json.RawMessage, result any, rerr *ResponseError) {
	m := &message{ID: id, Error: rerr}
	if rerr == nil {
		raw, err := json.Marshal(result)
		if err != nil {
			m.Error = &ResponseError{Code: codeRequestFailed, Message: err.Error()}
		} else {
			m.Result = raw
		}
	}
	s.c.write(m)
}

func (s *server) notify(method string, params any) {
	raw, err := json.Marshal(params)
	if err == nil {
		s.c.write(&message{Method: method, Params: raw})
	}
}

// decode reads a request's params into v.
func decode(params json.RawMessage, v any) error {
	if err := json.Unmarshal(params, v); err != nil {
		return &ResponseError{Code: codeInvalidParams, Message: "params: " + err.Error()}
	}
	return nil
}

// notification handles the notifications the server takes.
func (s *server) notification(method string, params json.RawMessage) error {
	switch method {
	case "textDocument/didOpen":
		var p didOpenParams
		if err := decode(params, &p); err != nil {
			return err
		}
		s.docs[p.TextDocument.URI] = openDocument(p.TextDocument.URI, p.TextDocument.Version, p.TextDocument.Text)
		s.markStale(p.TextDocument.URI)
	case "textDocument/didChange":
		var p didChangeParams
		if err := decode(params, &p); err != nil {
			return err
		}
		d, err := s.doc(p.TextDocument.URI)
		if err != nil {
			return err
		}
		for _, c := range p.ContentChanges {
			if err := d.change(c); err != nil {
				return err
			}
		}
		d.version = p.TextDocument.Version
		s.markStale(d.uri)
	case "textDocument/didClose":
		var p didCloseParams
		if err := decode(params, &p); err != nil {
			return err
		}
		delete(s.docs, p.TextDocument.URI)
		s.notify("textDocument/publishDiagnostics", PublishDiagnosticsParams{URI: p.TextDocument.URI, Diagnostics: []Diagnostic{}})
	}
	return nil // others (initialized, didSave, settings) ask nothing
}

func (s *server) markStale(uri string) {
	for _, u := range s.stale {
		if u == uri {
			return
		}
	}
	s.stale = append(s.stale, uri)
}

// publishStale publishes the diagnostics of the documents changed since
// the last time.
func (s *server) publishStale() {
	for _, uri := range s.stale {
		if d, ok := s.docs[uri]; ok {
			s.notify("textDocument/publishDiagnostics", PublishDiagnosticsParams{URI: uri, Version: d.version, Diagnostics: d.diagnostics()})
		}
	}
	s.stale = s.stale[:0]
}

func (s *server) doc(uri string) (*document, error) {
	d, ok := s.docs[uri]
	if !ok {
		return nil, &ResponseError{Code: codeInvalidParams, Message: "no open document " + uri}
	}
	return d, nil
}

// positioned decodes params into p, whose document and position are at,
// and returns that document and the position's byte offset in it.
func (s *server) positioned(params json.RawMessage, p any, at *positionParams) (*document, int, error) {
	if err := decode(params, p); err != nil {
		return nil, 0, err
	}
	d, err := s.doc(at.TextDocument.URI)
	if err != nil {
		return nil, 0, err
	}
	return d, d.offset(at.Position), nil
}

// request answers the requests the server takes.
func (s *server) request(method string, params json.RawMessage) (any, error) {
	if method == "initialize" {
		s.initialized = true
		return initializeResult, nil
	}
	if !s.initialized {
		return nil, &ResponseError{Code: codeServerNotReady, Message: "initialize first"}
	}
	if s.shutdown {
		return nil, &ResponseError{Code: codeInvalidRequest, Message: "the server is shutting down"}
	}
	var p positionParams
	switch method {
	case "shutdown":
		s.shutdown = true
		return nil, nil
	case "textDocument/completion":
		d, off, err := s.positioned(params, &p, &p)
		if err != nil {
			return nil, err
		}
		return d.completion(off), nil
	case "textDocument/hover":
		d, off, err := s.positioned(params, &p, &p)
		if err != nil {
			return nil, err
		}
		return d.hover(off), nil
	case "textDocument/definition":
		d, off, err := s.positioned(params, &p, &p)
		if err != nil {
			return nil, err
		}
		return d.definition(off), nil
	case "textDocument/references":
		var r referenceParams
		d, off, err := s.positioned(params, &r, &r.positionParams)
		if err != nil {
			return nil, err
		}
		return d.references(off, r.Context.IncludeDeclaration), nil
	case "textDocument/prepareRename":
		d, off, err := s.positioned(params, &p, &p)
		if err != nil {
			return nil, err
		}
		return d.prepareRename(off), nil
	case "textDocument/rename":
		var r renameParams
		d, off, err := s.positioned(params, &r, &r.positionParams)
		if err != nil {
			return nil, err
		}
		return d.rename(off, r.NewName)
	case "textDocument/documentSymbol", "textDocument/codeAction", "textDocument/inlayHint":
		var r rangeParams
		if err := decode(params, &r); err != nil {
			return nil, err
		}
		d, err := s.doc(r.TextDocument.URI)
		if err != nil {
			return nil, err
		}
		switch method {
		case "textDocument/documentSymbol":
			return d.symbols(), nil
		case "textDocument/codeAction":
			return d.codeActions(r.Range), nil
		}
		return d.inlayHints(r.Range), nil
	}
	return nil, &ResponseError{Code: codeMethodNotFound, Message: "splice lsp does not answer " + method}
}

// initializeResult says what the server offers.
var initializeResult = map[string]any{
	"capabilities": map[string]any{
		"positionEncoding": "utf-16",
		"textDocumentSync": map[string]any{"openClose": true, "change": 2},
		"completionProvider": map[string]any{
			"triggerCharacters": []string{"{", ".", "#", "^", "/", "@"},
		},
		"hoverProvider":          true,
		"definitionProvider":     true,
		"referencesProvider":     true,
		"renameProvider":         map[string]any{"prepareProvider": true},
		"documentSymbolProvider": true,
		"codeActionProvider":     map[string]any{"codeActionKinds": []string{"quickfix"}},
		"inlayHintProvider":      true,
	},
	"serverInfo": map[string]any{"name": "splice"},
}
