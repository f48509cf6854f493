// Package reshape renders shapes and runs reshape tools (DIALECT §7).
//
// A shape is a JSON object whose keys are literal and whose string leaves
// are templates: ParseShape or ShapeFromValue parse it, Check runs the
// load-time checks over every leaf, Render renders every leaf once with the
// typed splice and returns the result verbatim. Every error raised from a
// leaf is an Error: the engine's, placed at the leaf's JSON Pointer (At)
// and in the shape's text.
//
// Tools are YAML documents (LoadTool, LoadDir). A reshape tool either has a
// fixed shape, rendered against the call's input, or takes the shape from
// each call (caller_shape) and returns it as given. Builtin is
// builtin__reshape, the caller-shape tool every plan can use.
//
// Built with the tag splice_lite (the small web/engine.wasm), the package
// reads shapes as JSON only: YAML text and tools report that they need the
// full engine, which leaves the YAML and JSON Schema libraries out.
package reshape
