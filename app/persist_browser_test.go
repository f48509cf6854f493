//go:build browser

package app_test

// The work a visitor typed survives what used to throw it away: picking an
// example, opening a link that cannot be opened, opening a valid link.

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/splicedev/splice/app"
	"github.com/splicedev/splice/internal/playground"
)

// typeWork types MYWORK at the start of the template and waits until the
// autosave holds it.
func typeWork(t *testing.T, ctx context.Context, base string) playground.State {
	t.Helper()
	s := playground.DefaultExample.Open()
	openState(t, ctx, base, s)
	typeAt(t, ctx, "editor", 0, "MYWORK ")
	s.Template = "MYWORK " + s.Template
	waitOutput(t, ctx, playground.Evaluate(s).JSON)
	saved, _ := playground.EncodeState(s)
	waitJS(t, ctx, savedPayload+` === `+jsString(saved))
	return s
}

// savedPayload is the state payload the autosave holds (go-app stores it
// as JSON).
const savedPayload = `JSON.parse(localStorage.getItem("` + app.AutosaveKey + `") || "null")`

// waitSettled waits past the autosave's delay, so that a write it would
// make has happened.
func waitSettled() { time.Sleep(2 * app.PersistDelay) }

func TestBrowserExampleIsANavigation(t *testing.T) {
	base := startServer(t)
	ctx := newBrowser(t)
	work := typeWork(t, ctx, base)
	length := evalJS[int](t, ctx, `history.length`)

	click(t, ctx, `#examples-button`)
	click(t, ctx, `[data-testid="example"][data-id="comma-idiom"]`)
	ex := exampleState(t, "comma-idiom")
	waitShows(t, ctx, ex)
	if got := evalJS[int](t, ctx, `history.length`); got != length+1 {
		t.Errorf("history.length = %d after opening an example, want %d", got, length+1)
	}
	payload, _ := playground.EncodeState(ex)
	waitJS(t, ctx, `location.hash === `+jsString("#"+playground.LinkPrefix+payload))
	waitSettled()
	saved, _ := playground.EncodeState(work)
	if got := evalJS[string](t, ctx, savedPayload); got != saved {
		t.Error("opening an example replaced the autosaved work")
	}

	// Back returns to the work, Forward to the example.
	if err := chromedp.Do(ctx, chromedp.NavigateBack()); err != nil {
		t.Fatal(err)
	}
	waitShows(t, ctx, work)
	if err := chromedp.Do(ctx, chromedp.NavigateForward()); err != nil {
		t.Fatal(err)
	}
	waitShows(t, ctx, ex)
}

func TestBrowserRefusedLinkKeepsWork(t *testing.T) {
	base := startServer(t)
	for name, payload := range map[string]string{
		"damaged": "AAAA",
		"newer":   playground.Pack([]byte(`{"v": 99, "mode": "template", "template": "from the future"}`)),
	} {
		t.Run(name, func(t *testing.T) {
			ctx := newBrowser(t)
			work := typeWork(t, ctx, base)
			link := "#" + playground.LinkPrefix + payload
			navigate(t, ctx, base+"/"+link)
			waitAppReady(t, ctx)
			waitTestID(t, ctx, "banner")
			waitSettled()
			// The link stays, to be copied back; the work stays saved.
			if got := evalJS[string](t, ctx, `location.hash`); got != link {
				t.Errorf("the address bar became %q", got)
			}
			saved, _ := playground.EncodeState(work)
			if got := evalJS[string](t, ctx, savedPayload); got != saved {
				t.Error("a refused link replaced the autosaved work")
			}
			click(t, ctx, `[data-testid="restore-saved"]`)
			waitShows(t, ctx, work)
			waitJS(t, ctx, byTestID("banner")+` === null`)
		})
	}
}

func TestBrowserValidLinkKeepsAutosave(t *testing.T) {
	base := startServer(t)
	ctx := newBrowser(t)
	work := typeWork(t, ctx, base)
	openState(t, ctx, base, exampleState(t, "typed-splice"))
	waitSettled()
	navigate(t, ctx, base+"/") // no link: the autosave
	waitAppReady(t, ctx)
	waitShows(t, ctx, work)
}
