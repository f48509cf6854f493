//go:build !splice_lite

package template

// traces is true: renders trace when their run asks (see trace_lite.go).
const traces = true
