package app

import (
	"slices"
	"strconv"
	"strings"

	"github.com/splicedev/splice/internal/playground"
	"github.com/splicedev/splice/internal/playground/evaluate"
	"github.com/splicedev/splice/internal/playground/state"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// rootsPane shows one tab per root in step order and the open root's
// editor, with the tools to add, rename, move and delete steps, and the
// later steps and iteration switch that shape the template's scope.
type rootsPane struct {
	app.Compo

	Do      rootsActions
	Names   []string
	Active  string
	Text    string            // the open root's text
	Error   *evaluate.Problem // why the open root does not parse
	ErrorAt int               // its index among the problems, to reveal it
	Broken  []string          // roots that do not parse
	Later   string            // the later-steps field
	// MoveEarlier and MoveLater say whether the open root can move.
	MoveEarlier, MoveLater bool
	Branch                 string // the branch-steps field
	Iteration              bool
	NameError              string
	Renamed                [2]string            // the last rename: the old name and the new
	Refs                   int                  // the template's and the shape's references to the old name
	RefsWhere              string               // "the template and the shape"
	Select                 playground.Selection // aimed at the open root's editor
	Loads                  int                  // the session's loaded states (codeEditor.Loads)
	Compact                bool                 // in an embed: no scope settings

	renaming string // the root whose name is being edited, "" when none
	draft    string
	// painted turns true once the frame the pane first appears in is
	// painted: in the browser its scope settings, at the foot of the page,
	// come after that frame, so that the editors come sooner.
	painted bool
}

func (r *rootsPane) OnMount(ctx app.Context) {
	afterFirstPaint(ctx, func() { r.painted = true })
}

// OnUpdate closes the name field of a root no longer open, and clears the
// later- and branch-steps fields when their lists empty: go-app drops
// empty attribute values, which would leave the old text on screen.
func (r *rootsPane) OnUpdate(ctx app.Context) {
	if r.renaming != r.Active {
		r.renaming = "" // the root it named is not open (an undo, another tab)
	}
	for testID, text := range map[string]string{"later": r.Later, "branch": r.Branch} {
		if text == "" {
			ctx.Defer(func(ctx app.Context) {
				if field := r.JSValue().Call("querySelector", `[data-testid="`+testID+`"]`); field.Truthy() {
					field.Set("value", "")
				}
			})
		}
	}
}

func (r *rootsPane) Render() app.UI {
	fixed := state.FixedRoot(r.Active)
	return app.Elem("section").Class("pane pane-roots").Attr("aria-label", "Roots").Body(
		app.Elem("div").Class("pane-head").Body(
			app.Elem("h2").Text("Roots"),
			r.renderTabs(),
			app.Elem("button").
				Class("btn btn-icon").
				Attr("data-testid", "root-add").
				Attr("aria-label", "Add a step").
				Title("Add a step").
				Text("+").
				OnClick(func(ctx app.Context, e app.Event) { r.Do.AddRoot() }),
		),
		app.Elem("div").Class("toolbar").Body(
			app.Elem("button").Class("btn btn-small").Attr("data-testid", "root-rename").Attr("disabled", fixed).
				Attr("aria-label", "Rename "+r.Active).Text("Rename").OnClick(r.onRename),
			app.Elem("button").Class("btn btn-small btn-icon").Attr("data-testid", "root-left").Attr("disabled", !r.MoveEarlier).
				Attr("aria-label", "Move "+r.Active+" earlier").Title("Move earlier").Text("←").
				OnClick(func(ctx app.Context, e app.Event) {
					r.Do.MoveRoot(-1)
					keepFocus(ctx, ctx.JSSrc(), `[data-testid="root-right"]`, openRootTab)
				}),
			app.Elem("button").Class("btn btn-small btn-icon").Attr("data-testid", "root-right").Attr("disabled", !r.MoveLater).
				Attr("aria-label", "Move "+r.Active+" later").Title("Move later").Text("→").
				OnClick(func(ctx app.Context, e app.Event) {
					r.Do.MoveRoot(1)
					keepFocus(ctx, ctx.JSSrc(), `[data-testid="root-left"]`, openRootTab)
				}),
			app.Elem("button").Class("btn btn-small").Attr("data-testid", "root-delete").Attr("disabled", fixed).
				Attr("aria-label", "Delete "+r.Active).Text("Delete").
				OnClick(r.onDelete),
			app.Elem("button").Class("btn btn-small").Attr("data-testid", "root-format").
				Title("Pretty-print as JSON").Text("Format").
				OnClick(func(ctx app.Context, e app.Event) { r.Do.Format(state.Target{Root: r.Active}) }),
		),
		app.Elem("div").Class("rename-slot").Body(
			app.If(r.renaming == r.Active && !fixed, func() app.UI { return r.renderRename() }),
			app.If(r.Refs > 0, func() app.UI { return r.renderRenameOffer() }),
		),
		app.Elem("div").Class("root-editor").ID("root-panel").Role("tabpanel").Attr("aria-labelledby", "root-tab-"+r.Active).Body(
			dataEditor(r.Do, state.Target{Root: r.Active}, "root-editor", "Root "+r.Active+" (JSON or YAML)", r.Text, r.Select, r.Loads),
		),
		app.Elem("div").Class("root-status").Body(r.renderStatus()),
		app.If(!r.Compact && (r.painted || !app.IsClient), func() app.UI { return r.renderScope() }),
	)
}

// renderTabs draws a tab per root; roots that do not parse are marked.
func (r *rootsPane) renderTabs() app.UI {
	tabs := make([]app.UI, len(r.Names))
	for i, name := range r.Names {
		class := "tab"
		if state.FixedRoot(name) && name != "input" {
			class += " tab-iteration"
		}
		if slices.Contains(r.Broken, name) {
			class += " tab-broken"
		}
		tabs[i] = app.Elem("button").
			Class(class).
			Role("tab").
			ID("root-tab-"+name).
			Attr("data-testid", "root-tab").
			Attr("data-name", name).
			Attr("aria-selected", strconv.FormatBool(name == r.Active)).
			TabIndex(tabIndex(name == r.Active)).
			Attr("aria-controls", "root-panel").
			Text(name).
			OnClick(func(ctx app.Context, e app.Event) { r.Do.OpenRoot(name) }, app.EventScope(name))
	}
	return app.Elem("div").Class("tabs root-tabs").Role("tablist").Attr("aria-label", "Roots in step order").Body(tabs...).
		OnKeyDown(func(ctx app.Context, e app.Event) {
			arrowTabs(ctx, e, len(r.Names), slices.Index(r.Names, r.Active), func(i int) { r.Do.OpenRoot(r.Names[i]) })
		})
}

// renderRename is the inline field that renames the open root.
func (r *rootsPane) renderRename() app.UI {
	return app.Elem("div").Class("rename").Body(
		app.Elem("label").Attr("for", "root-name").Text("New name for "+r.Active),
		app.ElemSelfClosing("input").
			ID("root-name").
			Attr("data-testid", "root-name").
			Attr("value", r.draft).
			Spellcheck(false).
			Attr("autocomplete", "off").
			OnInput(func(ctx app.Context, e app.Event) { r.draft = ctx.JSSrc().Get("value").String() }).
			OnKeyDown(r.onRenameKey),
		app.Elem("button").Class("btn btn-small btn-primary").Text("Rename").OnClick(func(ctx app.Context, e app.Event) { r.commit() }),
		app.Elem("button").Class("btn btn-small").Text("Cancel").OnClick(func(ctx app.Context, e app.Event) { r.cancel() }),
	)
}

// renderStatus says whether the open root parses, and why a name was
// refused.
func (r *rootsPane) renderStatus() app.UI {
	switch {
	case r.NameError != "":
		return app.Elem("p").Class("status status-error").Role("alert").Attr("data-testid", "name-error").Text(r.NameError)
	case r.Error != nil:
		p := r.Error
		return app.Elem("p").Class("status status-error").Body(
			app.Elem("button").Class("link").Text(p.Pos.String()).
				Attr("aria-label", "Select line "+strconv.Itoa(p.Pos.Line)+" column "+strconv.Itoa(p.Pos.Column)).
				OnClick(r.onSelectError),
			app.Text(" "+p.Msg),
		)
	}
	return app.Elem("p").Class("status status-ok").Text("✓ " + r.Active + " is valid JSON or YAML")
}

// renderScope holds what else the template's load check knows.
func (r *rootsPane) renderScope() app.UI {
	return app.Elem("div").Class("scope").Body(
		scopeField("later", "Later steps", "E9, publish", "Step ids that run after this step: referencing them is a MissingStep",
			r.Later, r.Do.SetLater),
		app.Elem("p").Class("scope-help").Text("Steps that run after this one: reading one is a MissingStep that says so."),
		scopeField("branch", "Branch steps", "E5=E3",
			"Steps of a decide step's branch this step is not in, as ID=DECIDE: referencing them is a MissingStep that points to {{DECIDE.result}}",
			r.Branch, r.Do.SetBranch),
		app.Elem("p").Class("scope-help").Text("Steps inside a decide step's branch, as ID=DECIDE: read them through {{DECIDE.result}}."),
		app.Elem("label").Class("switch").Body(
			app.ElemSelfClosing("input").
				Attr("type", "checkbox").
				Attr("data-testid", "iteration").
				Attr("checked", r.Iteration).
				OnChange(func(ctx app.Context, e app.Event) { r.Do.SetIteration(ctx.JSSrc().Get("checked").Bool()) }),
			app.Elem("span").Text("Iteration body (adds item, index, accumulator)"),
		),
		app.Elem("p").Class("scope-help").Text("A map's body: item is the element, index its place, accumulator the results of the iterations before (a fold's: the last result)."),
	)
}

// scopeField is a text field of the scope; set reads what is typed.
func scopeField(testID, label, placeholder, title, value string, set func(string)) app.UI {
	return app.Elem("label").Class("field").Body(
		app.Elem("span").Text(label),
		app.ElemSelfClosing("input").
			Attr("data-testid", testID).
			Attr("placeholder", placeholder).
			Title(title).
			Attr("value", value).
			Spellcheck(false).
			OnInput(func(ctx app.Context, e app.Event) { set(ctx.JSSrc().Get("value").String()) }),
	)
}

// onSelectError selects the place where the open root stops parsing.
func (r *rootsPane) onSelectError(ctx app.Context, e app.Event) {
	if r.Error != nil {
		r.Do.Reveal(r.ErrorAt)
	}
}

// renderRenameOffer offers to rename the old name's references too: one
// change of the main editor, which Ctrl+Z there takes back.
func (r *rootsPane) renderRenameOffer() app.UI {
	places := "places"
	if r.Refs == 1 {
		places = "place"
	}
	verb := "reads"
	if strings.Contains(r.RefsWhere, " and ") {
		verb = "read"
	}
	return app.Elem("div").Class("rename-offer banner").Role("status").Body(
		app.Elem("span").Class("banner-text").Text(capitalize(r.RefsWhere)+" still "+verb+" "+r.Renamed[0]+". "),
		app.Elem("button").Class("btn btn-small btn-primary").Attr("data-testid", "rename-refs").
			Text("Rename "+r.Renamed[0]+" to "+r.Renamed[1]+" in "+strconv.Itoa(r.Refs)+" "+places).
			OnClick(func(ctx app.Context, e app.Event) {
				focusFirst(openRootTab) // the offer goes
				r.Do.UpdateReferences()
			}),
		app.Elem("button").Class("btn btn-small").Text("Keep").
			OnClick(func(ctx app.Context, e app.Event) {
				focusFirst(openRootTab)
				r.Do.DismissRename()
			}),
	)
}

// capitalize writes s with its first letter in upper case.
func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// onRename opens the name field, focused with the name selected.
func (r *rootsPane) onRename(ctx app.Context, e app.Event) {
	r.renaming, r.draft = r.Active, r.Active
	r.Do.ClearNameError()
	ctx.Defer(func(ctx app.Context) {
		if field := app.Window().GetElementByID("root-name"); field.Truthy() {
			field.Call("focus")
			field.Call("select")
		}
	})
}

// onDelete deletes the open root; the focus goes to Undo, which the
// deletion enabled and which names it.
func (r *rootsPane) onDelete(ctx app.Context, e app.Event) {
	r.Do.DeleteRoot()
	ctx.Defer(func(ctx app.Context) { focusFirst(undoButton) })
}

func (r *rootsPane) onRenameKey(ctx app.Context, e app.Event) {
	switch e.Get("key").String() {
	case "Enter":
		e.PreventDefault()
		r.draft = ctx.JSSrc().Get("value").String()
		r.commit()
	case "Escape":
		e.PreventDefault()
		e.Call("stopPropagation")
		r.cancel()
	default:
		ctx.PreventUpdate()
	}
}

// commit renames the open root; the focus goes to its tab (the same
// element, which the redraw renames), before the field it leaves is
// removed. A refused name keeps the field open with the reason.
func (r *rootsPane) commit() {
	tab := app.Window().GetElementByID("root-tab-" + r.Active)
	if r.draft == r.Active || r.Do.RenameRoot(r.draft) {
		if tab.Truthy() {
			tab.Call("focus")
		}
		r.renaming = ""
	}
}

// cancel closes the name field; the focus goes back to Rename, before the
// field it leaves is removed (which would drop it to the page).
func (r *rootsPane) cancel() {
	focusFirst(`[data-testid="root-rename"]`)
	r.renaming = ""
	r.Do.ClearNameError()
}
