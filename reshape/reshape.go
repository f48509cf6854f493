// Package reshape renders shapes and runs reshape tools (DIALECT §7).
//
// A shape is a JSON object whose keys are literal and whose string leaves
// are templates: ParseShape or ShapeFromValue parse it, Check runs the
// load-time checks over every leaf, Render renders every leaf once with the
// typed splice and returns the result verbatim. Every error raised from a
// leaf carries the leaf's JSON Pointer in At.
//
// Tools are YAML documents (LoadTool, LoadDir). A reshape tool either has a
// fixed shape, rendered against the call's input, or takes the shape from
// each call (caller_shape) and returns it as given. Builtin is
// builtin__reshape, the caller-shape tool every plan can use.
package reshape

// builtinReshapeYAML defines builtin__reshape in the same format as user
// tools.
const builtinReshapeYAML = `name: reshape
kind: reshape
description: >-
  Build a value in a target JSON shape. The step input shape is rendered by
  the pipeline like any other step input; the tool returns it verbatim.
caller_shape: true
input_schema:
  type: object
  required: [shape]
  properties:
    shape:
      type: object
      description: the output shape; keys are literal, each leaf string is a template over the step's data
`

// Builtin is builtin__reshape. As a plan step its input shape has already
// been rendered by the pipeline (see ShapeFromValue and Shape.Render), and
// Call returns it verbatim, so values containing "{{ … }}" are never parsed
// again; called with a shape nobody rendered, it returns what it was given.
// A missing or non-object shape is an InputError.
var Builtin = mustLoad(builtinReshapeYAML, "builtin")

func mustLoad(src, namespace string) *Tool {
	t, err := loadTool(src, namespace)
	if err != nil {
		panic("reshape: built-in tool: " + err.Error())
	}
	return t
}
