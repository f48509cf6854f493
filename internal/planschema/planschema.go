// Package planschema is the JSON Schema (2020-12) of plan documents
// (DIALECT §9) for editors: `splice schema plan` prints it and `splice
// serve` serves it at /schema/plan.json. It describes the structure
// alone: the steps and their three forms, tools, solver and samples, and
// the unknown keys §9 rejects. The engine's load checks (package plan)
// stay the authority; the schema is for completion and early marks in
// editors that know JSON Schema, not a second implementation of them.
package planschema

import _ "embed"

// Plan is the schema of plan documents, as JSON.
//
//go:embed plan.schema.json
var Plan []byte

// Path is where `splice serve` serves Plan.
const Path = "/schema/plan.json"
