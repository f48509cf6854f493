package plan

import (
	"strconv"

	"github.com/splicedev/splice/template"
)

// JSON is the outcome as one JSON document, what `splice plan --json`
// prints and the JS API's runPlan returns:
//
//	{"steps": {ID: {"status", "form", "in", "blocked_by", "input", "iterations", "result", "note", "cut"}},
//	 "solver": {"status", "blocked_by", "result", "cut"} or null,
//	 "errors": [{"kind", "phase", "step", "at", "line", "column", "message", "path", "available", "more", "suggestion"}],
//	 "warnings": [{"line", "column", "at", "message", "fix": {"from", "to", "text"}}],
//	 "cut": MESSAGE}
//
// A map's or fold's input is the array of its iterations' inputs; a map's
// iterations leave out their accumulator (the results before them). A
// decide step's result names its branch and the step whose result it is,
// {"branch": NAME, "result_of": ID}, rather than repeating that result
// ({"branch": NAME, "result": null} for an empty branch). Every value is
// written once, and the document stays within the output limit
// (DIALECT §5): a value that would pass it is written as null, its step
// marked "cut": true, and "cut" says how many were. A step's form is
// call, map, fold or decide; "in" names the decide step of a branch step.
// A field without a value is left out; line and column are the document's.
func (o *Outcome) JSON() []byte {
	w := jsonWriter{room: template.MaxOutput}
	w.b = append(w.b, `{"steps":{`...)
	first := true
	for _, r := range o.Steps {
		if r.Step.ID == "" {
			continue
		}
		if !first {
			w.b = append(w.b, ',')
		}
		first = false
		w.b = template.AppendQuoted(w.b, r.Step.ID)
		w.b = append(w.b, ':')
		w.step(r)
	}
	w.b = append(w.b, `},"solver":`...)
	if o.Solver == nil {
		w.b = append(w.b, "null"...)
	} else {
		w.step(o.Solver)
	}
	w.b = append(w.b, `,"errors":[`...)
	for i, e := range o.Errors {
		if i > 0 {
			w.b = append(w.b, ',')
		}
		w.b = appendError(w.b, e)
	}
	w.b = append(w.b, `],"warnings":[`...)
	for i, wn := range o.Plan.Warnings {
		if i > 0 {
			w.b = append(w.b, ',')
		}
		w.b = append(w.b, `{"line":`...)
		w.b = strconv.AppendInt(w.b, int64(wn.Pos.Line), 10)
		w.b = append(w.b, `,"column":`...)
		w.b = strconv.AppendInt(w.b, int64(wn.Pos.Column), 10)
		w.b = appendString(w.b, "at", wn.At)
		w.b = appendString(w.b, "message", wn.Msg)
		w.b = append(w.b, `,"fix":{"from":`...)
		w.b = strconv.AppendInt(w.b, int64(wn.From), 10)
		w.b = append(w.b, `,"to":`...)
		w.b = strconv.AppendInt(w.b, int64(wn.To), 10)
		w.b = appendString(w.b, "text", wn.Fix)
		w.b = append(w.b, "}}"...)
	}
	w.b = append(w.b, ']')
	if w.cut > 0 {
		w.b = appendString(w.b, "cut", "the output reached "+strconv.Itoa(template.MaxOutput>>20)+" MiB: "+strconv.Itoa(w.cut)+" values are left out (null), their steps marked \"cut\"")
	}
	return append(w.b, '}')
}

// jsonWriter writes an outcome's JSON within room bytes of values.
type jsonWriter struct {
	b       []byte
	room    int
	cut     int  // values left out
	stepCut bool // the step being written left one out
}

// value writes v, or null when it would pass the room left.
func (w *jsonWriter) value(v template.Value) {
	if v.SizeWithin(w.room-len(w.b)) > w.room-len(w.b) {
		w.b = append(w.b, "null"...)
		w.cut++
		w.stepCut = true
		return
	}
	w.b = v.AppendJSON(w.b)
}

func (w *jsonWriter) step(r *StepResult) {
	w.stepCut = false
	w.b = append(w.b, `{"status":`...)
	w.b = template.AppendQuoted(w.b, r.Status.String())
	if r.Step != nil { // a step, not the solver: its form, and the decide step holding it
		w.b = appendString(w.b, "form", r.Step.Form.String())
		if r.Step.In != nil {
			w.b = appendString(w.b, "in", r.Step.In.ID)
		}
	}
	if r.BlockedBy != "" {
		w.b = appendString(w.b, "blocked_by", r.BlockedBy)
	}
	if r.HasInput {
		w.b = append(w.b, `,"input":`...)
		w.value(r.Input)
	}
	if r.Step != nil && (r.Step.Form == Map || r.Step.Form == Fold) && r.Iterations != nil {
		w.iterations(r)
	}
	if r.HasResult {
		w.b = append(w.b, `,"result":`...)
		if id := r.ResultOf(); id != "" {
			w.b = append(w.b, `{"branch":`...)
			w.b = template.AppendQuoted(w.b, r.Step.Branch)
			w.b = appendString(w.b, "result_of", id)
			w.b = append(w.b, '}')
		} else {
			w.value(r.Result)
		}
	}
	if r.Note != "" {
		w.b = appendString(w.b, "note", r.Note)
	}
	if w.stepCut {
		w.b = append(w.b, `,"cut":true`...)
	}
	w.b = append(w.b, '}')
}

func (w *jsonWriter) iterations(r *StepResult) {
	w.b = append(w.b, `,"input":[`...)
	for i, it := range r.Iterations {
		if i > 0 {
			w.b = append(w.b, ',')
		}
		w.value(it.Input)
	}
	w.b = append(w.b, `],"iterations":[`...)
	for i, it := range r.Iterations {
		if i > 0 {
			w.b = append(w.b, ',')
		}
		w.b = append(w.b, `{"index":`...)
		w.b = strconv.AppendInt(w.b, int64(it.Index), 10)
		w.b = append(w.b, `,"item":`...)
		w.value(it.Item)
		if r.Step.Form == Fold {
			w.b = append(w.b, `,"accumulator":`...)
			w.value(it.Accumulator)
		}
		w.b = append(w.b, `,"input":`...)
		w.value(it.Input)
		if it.HasResult {
			w.b = append(w.b, `,"result":`...)
			w.value(it.Result)
		}
		w.b = append(w.b, '}')
	}
	w.b = append(w.b, ']')
}

func appendError(b []byte, e *Error) []byte {
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
