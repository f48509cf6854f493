package lsp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
)

// JSON-RPC 2.0 over a byte stream, each message a header block
// ("Content-Length: N", blank line) and N bytes of JSON, as the Language
// Server Protocol frames it.

// maxMessage bounds one message's body: a full-text change of the largest
// document the server opens (maxDocument), escaped in JSON, fits.
const maxMessage = 4*maxDocument + 1<<20

// maxHeaderLine bounds one header line, so a stream without line breaks
// cannot grow a buffer.
const maxHeaderLine = 1 << 10

// FramingError is a message the stream does not frame as the protocol
// says: the connection cannot go on.
type FramingError struct{ Reason string }

func (e *FramingError) Error() string { return "lsp: " + e.Reason }

// message is any JSON-RPC message: a request (ID and Method), a
// notification (Method alone) or a response (ID, and Result or Error).
type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *ResponseError  `json:"error,omitempty"`
}

// isRequest reports whether m asks for a response.
func (m *message) isRequest() bool { return len(m.ID) > 0 && m.Method != "" }

// ResponseError is a JSON-RPC error response's error.
type ResponseError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func (e *ResponseError) Error() string { return e.Message }

// The error codes this server answers with.
const (
	codeParseError       = -32700
	codeInvalidRequest   = -32600
	codeMethodNotFound   = -32601
	codeInvalidParams    = -32602
	codeInternalError    = -32603 // the server's own failure, recovered
	codeServerNotReady   = -32002
	codeRequestCancelled = -32800
	codeRequestFailed    = -32803
)

// conn reads and writes framed messages; writes may come from any
// goroutine.
type conn struct {
	r  *bufio.Reader
	mu sync.Mutex
	w  io.Writer
}

func newConn(r io.Reader, w io.Writer) *conn {
	return &conn{r: bufio.NewReaderSize(r, 64<<10), w: w}
}

// read returns the next message's body. io.EOF means the stream ended
// between messages; a *FramingError, that it cannot be read on.
func (c *conn) read() ([]byte, error) {
	length := -1
	for first := true; ; first = false {
		line, err := c.readLine()
		if err == io.EOF && first && line == "" {
			return nil, io.EOF
		}
		if err != nil {
			return nil, err
		}
		if line == "" {
			break
		}
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			return nil, &FramingError{"a header line without a colon: " + strconv.Quote(line)}
		}
		if strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
			n, err := strconv.Atoi(strings.TrimSpace(value))
			if err != nil || n < 0 {
				return nil, &FramingError{"Content-Length is not a length: " + strconv.Quote(value)}
			}
			if n > maxMessage {
				return nil, &FramingError{fmt.Sprintf("a message of %d bytes, more than the %d a message may have", n, maxMessage)}
			}
			length = n
		}
	}
	if length < 0 {
		return nil, &FramingError{"a message without Content-Length"}
	}
	body := make([]byte, length)
	if _, err := io.ReadFull(c.r, body); err != nil {
		return nil, &FramingError{"the stream ended inside a message"}
	}
	return body, nil
}

// readLine reads one header line without its CRLF, at most maxHeaderLine
// bytes long.
func (c *conn) readLine() (string, error) {
	var line []byte
	for {
		part, err := c.r.ReadSlice('\n')
		line = append(line, part...)
		if len(line) > maxHeaderLine {
			return "", &FramingError{"a header line longer than " + strconv.Itoa(maxHeaderLine) + " bytes"}
		}
		switch {
		case err == nil:
			return strings.TrimRight(string(line), "\r\n"), nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case err == io.EOF && len(line) == 0:
			return "", io.EOF
		case err == io.EOF:
			return "", &FramingError{"the stream ended inside a header"}
		default:
			return "", err
		}
	}
}

// write sends m framed.
func (c *conn) write(m *message) error {
	m.JSONRPC = "2.0"
	body, err := json.Marshal(m)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	b.Grow(len(body) + 32)
	b.WriteString("Content-Length: ")
	b.WriteString(strconv.Itoa(len(body)))
	b.WriteString("\r\n\r\n")
	b.Write(body)
	c.mu.Lock()
	defer c.mu.Unlock()
	_, err = c.w.Write(b.Bytes())
	return err
}
