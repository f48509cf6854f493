//go:build browser

package app_test

// The playground's own helpers over the shared harness (internal/browsertest):
// waits for go-app and for data-testid elements, frames of a page that
// embeds the playground, going offline, and the editors' offsets and
// links' payloads.

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/splicedev/splice/internal/browsertest"
	"github.com/splicedev/splice/internal/playground"
	"github.com/splicedev/splice/internal/playground/state"
)

// appReadyJS is true once go-app runs: its loader is gone and the body has
// the rendered page.
const appReadyJS = `!document.getElementById("app-wasm-loader") && document.body.children.length > 0`

// waitAppReady waits until go-app has started and rendered the page.
func waitAppReady(t testing.TB, ctx context.Context) {
	t.Helper()
	browsertest.WaitJS(t, ctx, appReadyJS)
}

// testIDSelector is the CSS selector of the element with data-testid=id.
func testIDSelector(id string) chromedp.CSS {
	return chromedp.CSS(`[data-testid="` + id + `"]`)
}

// waitTestID waits until the element with data-testid=id is visible.
func waitTestID(t testing.TB, ctx context.Context, id string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(ctx, browsertest.WaitTimeout)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.WaitVisible(testIDSelector(id))); err != nil {
		t.Fatalf("waiting for [data-testid=%s]: %v", id, err)
	}
}

// childFrame waits for the frame the page embeds for url and returns it. A
// frame the browser refused to show has an error page as URL and url as its
// UnreachableURL.
func childFrame(t testing.TB, ctx context.Context, url string) *cdp.Frame {
	t.Helper()
	ctx, cancel := context.WithTimeout(ctx, browsertest.WaitTimeout)
	defer cancel()
	for {
		tree, err := chromedp.Call(ctx, page.GetFrameTree, cdp.Empty{})
		if err != nil {
			t.Fatalf("reading the frame tree: %v", err)
		}
		for _, child := range tree.FrameTree.ChildFrames {
			if f := child.Frame; f.URL == url || f.UnreachableURL == url {
				return f
			}
		}
		if !browsertest.Pause(ctx, 50*time.Millisecond) {
			t.Fatalf("no frame of %s appeared: %v", url, ctx.Err())
		}
	}
}

// waitInFrame waits until the JavaScript expression is truthy in the frame.
// It runs in an isolated world: the frame's DOM, none of its scripts.
func waitInFrame(t testing.TB, ctx context.Context, frame cdp.FrameID, expr string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(ctx, browsertest.WaitTimeout)
	defer cancel()
	for {
		world, err := chromedp.Call(ctx, page.CreateIsolatedWorld, page.CreateIsolatedWorldParams{FrameID: frame})
		if err == nil {
			res, err := chromedp.Call(ctx, runtime.Evaluate, runtime.EvaluateParams{
				Expression: "!!(" + expr + ")", ContextID: world.ExecutionContextID, ReturnByValue: new(true),
			})
			if err == nil && res.ExceptionDetails == nil && string(res.Result.Value) == "true" {
				return
			}
		}
		if !browsertest.Pause(ctx, 50*time.Millisecond) {
			t.Fatalf("waiting in frame %s for %s: %v", frame, expr, ctx.Err())
		}
	}
}

// utf16Offset is byte offset off of s in UTF-16 code units, as the editors
// count.
func utf16Offset(s string, off int) int {
	offs := []int{off}
	playground.UTF16Offsets(s, offs)
	return offs[0]
}

// encodeState is s's link payload.
func encodeState(s state.State) string {
	payload, _ := state.Encode(s)
	return payload
}
