//go:build splice_lite

package template

// traces is false in the engine built for docs pages, which never trace,
// so that the trace's code stays out of its wasm.
const traces = false
