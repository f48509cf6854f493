//go:build splice_lite

package reshape

import "github.com/splicedev/splice/template"

// Stand-ins for the YAML reader and tools, which the lite build leaves out.

// traces is false: the engine built for docs pages never traces, so the
// trace's code stays out of its wasm (as template's does).
const traces = false

// needsFullEngine is the error of everything the lite build leaves out.
func needsFullEngine(text string) error {
	return &template.Error{Kind: template.ToolError, Phase: template.PhaseLoad, Msg: "YAML needs the full engine (engine-full.wasm)",
		Pos: template.Pos{Line: 1, Column: 1}, Source: text}
}

// ParseYAML reports that YAML needs the full engine.
func ParseYAML(text string) (template.Value, error) { return template.Value{}, needsFullEngine(text) }

func decodeYAML(text string, _ bool) (template.Value, *docPlaces, error) {
	v, err := ParseYAML(text)
	return v, nil, err
}

// Tool is a tool definition, which only the full engine loads.
type Tool struct{}

// LoadTool reports that tools need the full engine.
func LoadTool(text []byte) (*Tool, error) { return nil, needsFullEngine(string(text)) }

// Call is never reached: LoadTool returns no tool.
func (*Tool) Call(template.Value) (template.Value, error) {
	return template.Value{}, needsFullEngine("")
}

// plainEdited takes no edit: without YAML there is no plain scalar.
func (d *Document) plainEdited(int, int, string) (string, template.Value, bool) {
	return "", template.Value{}, false
}
