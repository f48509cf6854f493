//go:build !splice_lite

package reshape

import "sync"

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
// It is loaded on first use: loading it at init would cost every program
// that links the package (the playground's start among them).
var Builtin = sync.OnceValue(func() *Tool { return mustLoad(builtinReshapeYAML, "builtin") })

func mustLoad(src, namespace string) *Tool {
	t, err := loadTool(src, namespace)
	if err != nil {
		panic("reshape: built-in tool: " + err.Error())
	}
	return t
}
