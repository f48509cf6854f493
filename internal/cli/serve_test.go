package cli

import (
	"bytes"
	"crypto/sha256"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestServeDrainsOnSIGTERM sends SIGTERM while a slow client downloads a
// large app.wasm: the client must get every byte, the server must stop
// taking new connections, and serve must exit 0.
func TestServeDrainsOnSIGTERM(t *testing.T) {
	dir := t.TempDir()
	wasm := make([]byte, 24<<20) // well past what the sockets buffer
	r := rand.New(rand.NewPCG(1, 2))
	for i := range wasm {
		wasm[i] = byte(r.Uint32())
	}
	if err := os.WriteFile(filepath.Join(dir, "app.wasm"), wasm, 0o644); err != nil {
		t.Fatal(err)
	}
	// Fresh compressed copies (their time is app.wasm's), so the server
	// does not spend the test compressing 24 MB.
	info, _ := os.Stat(filepath.Join(dir, "app.wasm"))
	for _, ext := range []string{".br", ".gz"} {
		name := filepath.Join(dir, "app.wasm"+ext)
		if err := os.WriteFile(name, []byte("stand-in"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(name, info.ModTime(), info.ModTime()); err != nil {
			t.Fatal(err)
		}
	}

	// A free port, so that the test knows the address before serve
	// prints it.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	var stderr bytes.Buffer
	exit := make(chan int, 1)
	go func() {
		exit <- Main([]string{"serve", "-addr", addr, "-web", dir, "-drain", "30s"}, nil, io.Discard, &stderr)
	}()
	url := "http://" + addr
	for start := time.Now(); ; time.Sleep(10 * time.Millisecond) {
		if res, err := http.Get(url + "/web/app.css"); err == nil {
			res.Body.Close()
			break
		}
		if time.Since(start) > 10*time.Second {
			t.Fatal("serve did not start")
		}
	}

	req, _ := http.NewRequest(http.MethodGet, url+"/web/app.wasm", nil)
	req.Header.Set("Accept-Encoding", "identity")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	sum := sha256.New()
	buf := make([]byte, 512<<10)
	got, signaled := 0, false
	var signaledAt time.Time
	for {
		n, err := res.Body.Read(buf)
		sum.Write(buf[:n])
		got += n
		if !signaled && got > 0 {
			signaled, signaledAt = true, time.Now()
			if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
				t.Fatal(err)
			}
			// The server stops accepting while the download goes on.
			deadline := time.Now().Add(5 * time.Second)
			for {
				c := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}, Timeout: time.Second}
				if _, err := c.Get(url + "/web/app.css"); err != nil {
					break
				}
				if time.Now().After(deadline) {
					t.Error("the server still takes new connections after SIGTERM")
					break
				}
				time.Sleep(20 * time.Millisecond)
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("the download broke after %d of %d bytes: %v", got, len(wasm), err)
		}
		if time.Since(signaledAt) < time.Second {
			time.Sleep(15 * time.Millisecond) // a slow link for a second of the drain, then the rest at once
		}
	}
	if want := sha256.Sum256(wasm); got != len(wasm) || !bytes.Equal(sum.Sum(nil), want[:]) {
		t.Errorf("received %d of %d bytes, or other bytes", got, len(wasm))
	}
	select {
	case code := <-exit:
		if code != 0 {
			t.Errorf("serve exited %d after SIGTERM, want 0; stderr:\n%s", code, stderr.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not exit once the download was done")
	}
}
