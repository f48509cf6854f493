package evaluate

import (
	"reflect"
	"testing"
	"unsafe"

	"github.com/splicedev/splice/internal/playground/state"
	"github.com/splicedev/splice/template"
)

// TestSameComparesEveryField: a field added to what the panes show is
// compared when an edit decides whether more than the result is redrawn,
// and one added to the state when the page decides whether a state opened
// is the one it shows.
func TestSameComparesEveryField(t *testing.T) {
	// The engine's error a problem carries holds more than the pane shows:
	// its source text, its place in a leaf besides the document's.
	unshown := map[string]bool{"Source": true, "Segment": true, "Prefix": true, "Found": true,
		"Doc": true, "DocEnd": true, "DocSegStart": true, "DocSegEnd": true, "leftOut": true}
	var check func(name string, zero any, same func(a, b any) bool, path ...int)
	check = func(name string, zero any, same func(a, b any) bool, path ...int) {
		typ := reflect.TypeOf(zero)
		if len(path) > 0 {
			typ = typ.FieldByIndex(path).Type
		}
		for i := range typ.NumField() {
			field := typ.Field(i)
			at := append(path[:len(path):len(path)], i)
			if field.Anonymous && field.Type.Kind() == reflect.Struct {
				check(name, zero, same, at...) // the engine's error
				continue
			}
			if len(path) > 0 && unshown[field.Name] {
				continue
			}
			v := reflect.New(reflect.TypeOf(zero)).Elem()
			f := v.FieldByIndex(at)
			f = reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem() // unexported fields too
			switch f.Kind() {
			case reflect.String:
				f.SetString("x")
			case reflect.Int:
				f.SetInt(1)
			case reflect.Uint8: // a kind, a phase
				f.SetUint(1)
			case reflect.Bool:
				f.SetBool(true)
			case reflect.Slice:
				f.Set(reflect.MakeSlice(f.Type(), 1, 1))
			case reflect.Pointer:
				f.Set(reflect.New(f.Type().Elem()))
			case reflect.Struct: // a target, a place
				f.Set(reflect.ValueOf(map[reflect.Type]any{
					reflect.TypeFor[state.Target](): state.Target{Call: true}, reflect.TypeFor[template.Pos](): template.Pos{Line: 1},
				}[f.Type()]))
			case reflect.Array:
				f.Index(0).SetInt(1)
			case reflect.Map:
				f.Set(reflect.MakeMapWithSize(f.Type(), 1))
				f.SetMapIndex(reflect.New(f.Type().Key()).Elem(), reflect.New(f.Type().Elem()).Elem())
			default:
				t.Fatalf("%s.%s: a field of kind %s is not covered by this test", name, field.Name, f.Kind())
			}
			if same(v.Interface(), zero) {
				t.Errorf("%s: the comparison misses the field %s", name, field.Name)
			}
		}
	}
	check("Problem", Problem{}, func(a, b any) bool { p, q := a.(Problem), b.(Problem); return p.same(&q) })
	check("StepRow", StepRow{}, func(a, b any) bool { p, q := a.(StepRow), b.(StepRow); return p.same(&q) })
	check("PlanView", PlanView{}, func(a, b any) bool { p, q := a.(PlanView), b.(PlanView); return p.same(&q) })
	check("State", state.State{}, func(a, b any) bool { p, q := a.(state.State), b.(state.State); return p.Same(&q) })
}
