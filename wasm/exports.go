//go:build js && wasm

package main

import (
	"runtime"
	"unsafe"
)

// The module's exports, which engine.js calls once go.run has started it:
// requestBuffer, call and response. A call goes
//
//	p = requestBuffer(n)          // room for a request of up to n bytes
//	(engine.js writes the request at p &^ 1)
//	size = call(textsSize, headerWords, keptSize)
//	(engine.js reads size bytes of response at response())
//
// p is odd when the room is new: otherwise it holds the last request, whose
// texts engine.js writes again only where they changed: the first keptSize
// bytes of texts it did not write.
//
// Each may grow the module's memory, which detaches the views of it that
// engine.js holds. No JavaScript value is made on the way: syscall/js is
// not linked at all.

// requestBytes and responseBytes are kept from call to call, so that a
// page's calls do not grow the memory once they have the room they need.
var requestBytes, responseBytes []byte

// maxKeptBuffer is the largest buffer kept from one call to the next: room
// for a root of a few megabytes.
const maxKeptBuffer = 16 << 20

// calls counts the calls, to yield to the runtime's goroutines now and then.
var calls int

//go:wasmexport requestBuffer
func requestBuffer(size int32) uint32 {
	if cap(responseBytes) > maxKeptBuffer { // read by now
		responseBytes = nil
	}
	fresh := uint32(0)
	if cap(requestBytes) < int(size) || requestBytes == nil {
		// At least 64 bytes, a multiple of 8: the room is 8-aligned, so its
		// address is even.
		requestBytes = make([]byte, (max(int(size), 64)+7)&^7)
		fresh = 1
	}
	requestBytes = requestBytes[:cap(requestBytes)]
	return uint32(uintptr(unsafe.Pointer(unsafe.SliceData(requestBytes)))) | fresh
}

//go:wasmexport call
func call(textsSize, headerWords, keptSize int32) int32 {
	responseBytes = answer(responseBytes[:0], requestBytes, int(textsSize), int(headerWords), int(keptSize))
	// The garbage collector's workers are goroutines, which run only when
	// the running one yields: calls made one after another without a turn
	// of the page's event loop never do. Every 16 calls, a cycle's marking
	// (and the write barrier each pointer store pays meanwhile) ends sooner
	// than every 256 did, for calls that each leave garbage.
	if calls++; calls%16 == 0 {
		runtime.Gosched()
	}
	size := int32(len(responseBytes))
	// A buffer a huge call grew is not kept for the calls after it (the
	// response is, until engine.js has read it).
	if cap(requestBytes) > maxKeptBuffer {
		requestBytes = nil
	}
	return size
}

//go:wasmexport response
func response() uint32 {
	return uint32(uintptr(unsafe.Pointer(unsafe.SliceData(responseBytes))))
}

// main returns to engine.js once the package's functions are set, and
// stays, so that its exports answer.
func main() { select {} }
