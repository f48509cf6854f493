// Command frames asks Go's runtime, from deep in a recursion, for what
// only its function table tells it: the functions of the stack, a
// collection that scans the stack, and a recovered panic's trace.
package main

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
)

func descend(depth int) {
	if depth > 0 {
		descend(depth - 1)
		return
	}
	runtime.GC()
	pcs := make([]uintptr, 64)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(1, pcs)])
	for {
		frame, more := frames.Next()
		fmt.Println(frame.Function, frame.Line)
		if !more {
			break
		}
	}
	defer func() {
		recover()
		for _, line := range strings.Split(string(debug.Stack()), "\n") {
			if strings.HasPrefix(line, "main.") {
				fmt.Println("stack:", line)
			}
		}
	}()
	var m map[string]int
	m["panics"] = 1
}

func main() {
	descend(20)
	fmt.Println("done")
}
