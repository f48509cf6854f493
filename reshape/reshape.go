// Package reshape renders shapes (JSON trees whose string leaves are
// templates) and loads reshape tools (DIALECT §7).
package reshape

import (
	"errors"

	"github.com/splicedev/splice/template"
)

// errNotYet marks the parts of the reshape API that are still to be built.
var errNotYet = errors.New("reshape: not supported yet")

// Shape is a parsed shape: an object whose string leaves are templates.
type Shape struct{}

// ParseShape parses a shape from JSON or YAML text.
func ParseShape(text string) (*Shape, error) { return nil, errNotYet }

// ShapeFromValue makes a shape from an already decoded value.
func ShapeFromValue(v template.Value) (*Shape, error) { return nil, errNotYet }

// Check runs the load-time checks over every leaf.
func (s *Shape) Check(scope template.Scope) error { return errNotYet }

// Render renders every leaf with the typed splice.
func (s *Shape) Render(roots template.Roots) (template.Value, error) { return template.Value{}, errNotYet }

// Tool is a loaded tool definition.
type Tool struct{ Name string }

// LoadTool loads and validates a tool from its YAML text.
func LoadTool(text []byte) (*Tool, error) { return nil, errNotYet }

// Call runs the tool on a call input.
func (t *Tool) Call(input template.Value) (template.Value, error) { return template.Value{}, errNotYet }

// ParseYAML decodes YAML (1.2 core schema) into an ordered value.
func ParseYAML(text string) (template.Value, error) { return template.Value{}, errNotYet }
