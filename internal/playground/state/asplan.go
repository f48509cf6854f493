package state

import (
	"errors"
	"strconv"
	"strings"

	"github.com/splicedev/splice/reshape"
	"github.com/splicedev/splice/template"
)

// Between the modes: a template, shape or tool state becomes a plan.

// sampleTool is the tool of the steps a state's roots become in a plan:
// nothing here runs it, the root is its sample.
const sampleTool = "sample"

// PlanOf turns s into a plan document: its input root the plan's input,
// every other step root a step whose sample is the root; a template
// becomes the solver, a shape a builtin__reshape step, a tool the plan's
// tool and a step that calls it with the call input. An iteration body
// becomes the body of a step over a sample list holding its item: a fold
// from its accumulator when it has one, else a map (the item is the
// list's first: a comment says when the body's index was another). A root,
// a shape or a call input that does not parse makes no plan: the error
// names it.
func PlanOf(s State) (State, error) {
	decode := func(what, text string) (string, error) {
		v, err := reshape.ParseData(text)
		if err != nil {
			if list := template.Errors(err); list != nil {
				err = errors.New(list[0].Msg)
			}
			return "", errors.New(what + " does not parse (" + err.Error() + "): fix it first")
		}
		return v.JSON(), nil
	}
	var b strings.Builder
	steps := []string{}
	iteration := map[string]string{} // item, index, accumulator, as JSON
	if s.Mode != ModeTool {
		for _, r := range s.Roots {
			if FixedRoot(r.Name) && r.Name != "input" {
				if s.Iteration { // an iteration's, not steps
					v, err := decode("root "+r.Name, r.Text)
					if err != nil {
						return State{}, err
					}
					iteration[r.Name] = v
				}
				continue
			}
			v, err := decode("root "+r.Name, r.Text)
			if err != nil {
				return State{}, err
			}
			if r.Name == "input" {
				b.WriteString("input: " + v + "\n")
				continue
			}
			steps = append(steps, "  - id: "+r.Name+"\n    tool_name: "+sampleTool+"\n    result: "+v+"\n")
		}
	}
	solver := ""
	switch s.Mode {
	case ModeShape:
		shape, err := decode("the shape", s.Shape)
		if err != nil {
			return State{}, err
		}
		if item, ok := iteration["item"]; ok {
			iterationSteps(s, item, iteration, shape, &steps)
			break
		}
		steps = append(steps, "  - id: "+freeID(s, "shaped")+"\n    tool_name: builtin__reshape\n    input: {\"shape\": "+shape+"}\n")
	case ModeTool:
		tool, err := decode("the tool", s.Tool)
		if err != nil {
			return State{}, err
		}
		call, err := decode("the call input", s.Call)
		if err != nil {
			return State{}, err
		}
		name := "tool"
		if t, err := reshape.LoadTool([]byte(s.Tool)); err == nil {
			name = t.Name
		}
		b.WriteString("tools:\n  - " + tool + "\n")
		steps = append(steps, "  - id: call\n    tool_name: user__"+name+"\n    input: "+call+"\n")
	default:
		text := template.StringValue(s.Template).JSON()
		if item, ok := iteration["item"]; ok {
			id, fold := iterationSteps(s, item, iteration, `{"text": `+text+`}`, &steps)
			read := id + ".0.text" // a map's result is the list of its bodies'
			if fold {
				read = id + ".text"
			}
			solver = "solver: \"{{" + read + "}}\"\n"
			break
		}
		solver = "solver: " + text + "\n"
	}
	b.WriteString("steps:")
	if len(steps) == 0 {
		b.WriteString(" []")
	}
	b.WriteString("\n" + strings.Join(steps, "") + solver)
	return State{Mode: ModePlan, Plan: b.String(), Roots: []RootText{{Name: "input", Text: "{}"}}}, nil
}

// iterationSteps appends the steps an iteration body becomes: a sample
// list holding item, and a step over it whose body reshapes by shape
// (JSON): a fold from the accumulator when there is one, else a map. It
// returns that step's id.
func iterationSteps(s State, item string, iteration map[string]string, shape string, steps *[]string) (id string, fold bool) {
	list, id := freeID(s, "items"), freeID(s, "each")
	*steps = append(*steps, "  - id: "+list+"\n    tool_name: "+sampleTool+"\n    result: ["+item+"]\n")
	var b strings.Builder
	if index := iteration["index"]; index != "" && index != "0" {
		b.WriteString("  # the body's index was " + index + "; here its item is the first of " + list + "\n")
	}
	b.WriteString("  - id: " + id + "\n    over: \"{{" + list + "}}\"\n")
	accumulator, fold := iteration["accumulator"]
	if fold {
		b.WriteString("    initial: " + accumulator + "\n")
	}
	b.WriteString("    tool_name: builtin__reshape\n    input: {\"shape\": " + shape + "}\n")
	*steps = append(*steps, b.String())
	return id, fold
}

// freeID is id, or id with a number, that names no root of s.
func freeID(s State, id string) string {
	name := id
	for n := 2; s.Taken(name); n++ {
		name = id + strconv.Itoa(n)
	}
	return name
}
