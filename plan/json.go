package plan

import (
	"strconv"

	"github.com/splicedev/splice/template"
)

// JSON is the outcome as one JSON document, what `splice plan --json`
// prints and the JS API's runPlan returns:
//
//	{"steps": {ID: {"status", "blocked_by", "input", "iterations", "result", "note"}},
//	 "solver": {"status", "blocked_by", "result"} or null,
//	 "errors": [{"kind", "phase", "step", "at", "line", "column", "message", "path", "available", "more", "suggestion"}],
//	 "warnings": [{"line", "column", "at", "message", "fix": {"from", "to", "text"}}]}
//
// A map's or fold's input is the array of its iterations' inputs. A field
// without a value is left out; line and column are the document's.
func (o *Outcome) JSON() []byte {
	b := []byte(`{"steps":{`)
	first := true
	for _, r := range o.Steps {
		if r.Step.ID == "" {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = template.AppendQuoted(b, r.Step.ID)
		b = append(b, ':')
		b = r.appendJSON(b)
	}
	b = append(b, `},"solver":`...)
	if o.Solver == nil {
		b = append(b, "null"...)
	} else {
		b = o.Solver.appendJSON(b)
	}
	b = append(b, `,"errors":[`...)
	for i, e := range o.Errors {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendError(b, e)
	}
	b = append(b, `],"warnings":[`...)
	for i, w := range o.Plan.Warnings {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"line":`...)
		b = strconv.AppendInt(b, int64(w.Pos.Line), 10)
		b = append(b, `,"column":`...)
		b = strconv.AppendInt(b, int64(w.Pos.Column), 10)
		b = appendString(b, "at", w.At)
		b = appendString(b, "message", w.Msg)
		b = append(b, `,"fix":{"from":`...)
		b = strconv.AppendInt(b, int64(w.From), 10)
		b = append(b, `,"to":`...)
		b = strconv.AppendInt(b, int64(w.To), 10)
		b = appendString(b, "text", w.Fix)
		b = append(b, "}}"...)
	}
	return append(b, "]}"...)
}

func (r *StepResult) appendJSON(b []byte) []byte {
	b = append(b, `{"status":`...)
	b = template.AppendQuoted(b, r.Status.String())
	if r.BlockedBy != "" {
		b = appendString(b, "blocked_by", r.BlockedBy)
	}
	if r.HasInput {
		b = append(b, `,"input":`...)
		b = r.Input.AppendJSON(b)
	}
	if r.Step != nil && (r.Step.Form == Map || r.Step.Form == Fold) && r.Iterations != nil {
		b = append(b, `,"input":[`...)
		for i, it := range r.Iterations {
			if i > 0 {
				b = append(b, ',')
			}
			b = it.Input.AppendJSON(b)
		}
		b = append(b, `],"iterations":[`...)
		for i, it := range r.Iterations {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"index":`...)
			b = strconv.AppendInt(b, int64(it.Index), 10)
			b = append(b, `,"item":`...)
			b = it.Item.AppendJSON(b)
			b = append(b, `,"accumulator":`...)
			b = it.Accumulator.AppendJSON(b)
			b = append(b, `,"input":`...)
			b = it.Input.AppendJSON(b)
			if it.HasResult {
				b = append(b, `,"result":`...)
				b = it.Result.AppendJSON(b)
			}
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	if r.HasResult {
		b = append(b, `,"result":`...)
		b = r.Result.AppendJSON(b)
	}
	if r.Note != "" {
		b = appendString(b, "note", r.Note)
	}
	return append(b, '}')
}

func appendError(b []byte, e *template.Error) []byte {
	b = append(b, `{"kind":`...)
	b = template.AppendQuoted(b, e.Kind.String())
	b = appendString(b, "phase", e.Phase.String())
	if e.Step != "" {
		b = appendString(b, "step", e.Step)
	}
	if e.At != "" {
		b = appendString(b, "at", e.At)
	}
	if e.Doc.Line > 0 {
		b = append(b, `,"line":`...)
		b = strconv.AppendInt(b, int64(e.Doc.Line), 10)
		b = append(b, `,"column":`...)
		b = strconv.AppendInt(b, int64(e.Doc.Column), 10)
	}
	b = appendString(b, "message", e.Msg)
	if e.Path != "" {
		b = appendString(b, "path", e.Path)
	}
	if len(e.Available) > 0 {
		b = append(b, `,"available":[`...)
		for i, k := range e.Available {
			if i > 0 {
				b = append(b, ',')
			}
			b = template.AppendQuoted(b, k)
		}
		b = append(b, ']')
		if e.More > 0 {
			b = append(b, `,"more":`...)
			b = strconv.AppendInt(b, int64(e.More), 10)
		}
	}
	if e.Suggestion != "" {
		b = appendString(b, "suggestion", e.Suggestion)
	}
	return append(b, '}')
}

func appendString(b []byte, key, value string) []byte {
	b = append(b, ',')
	b = template.AppendQuoted(b, key)
	b = append(b, ':')
	return template.AppendQuoted(b, value)
}
