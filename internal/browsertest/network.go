//go:build browser

package browsertest

import (
	"context"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// Link is how a tab's requests fare: cut off, or slowed.
type Link struct {
	Offline bool
	// LatencyMS is added to each request; the throughputs are in bytes a
	// second, 0 for no bound.
	LatencyMS                  float64
	DownloadBytes, UploadBytes float64
}

// linkRule is Network.emulateNetworkConditionsByRule as every Chromium
// takes it. Chromium 148 moved offline out of the conditions, to the
// command, and dropped the switch that cut the service worker off too;
// earlier versions read the fields the newer one ignores.
type linkRule struct {
	Offline                     bool             `json:"offline"`
	EmulateOfflineServiceWorker bool             `json:"emulateOfflineServiceWorker"`
	MatchedNetworkConditions    []linkConditions `json:"matchedNetworkConditions"`
}

type linkConditions struct {
	URLPattern         string  `json:"urlPattern"` // "": every request (148 requires the field)
	Offline            bool    `json:"offline"`
	Latency            float64 `json:"latency"`
	DownloadThroughput float64 `json:"downloadThroughput"`
	UploadThroughput   float64 `json:"uploadThroughput"`
}

var emulateLink = cdp.Command[linkRule, network.EmulateNetworkConditionsByRuleResult]{Method: network.CommandEmulateNetworkConditionsByRule}

// SetLink makes every request of the tab fare as l says. A service worker's
// own requests do too before Chromium 148, not from it on: a test that
// needs them to fail stops the server.
func SetLink(t testing.TB, ctx context.Context, l Link) {
	t.Helper()
	bound := func(b float64) float64 {
		if b == 0 {
			return -1 // no bound
		}
		return b
	}
	rule := linkRule{Offline: l.Offline, EmulateOfflineServiceWorker: l.Offline, MatchedNetworkConditions: []linkConditions{{
		Offline: l.Offline, Latency: l.LatencyMS, DownloadThroughput: bound(l.DownloadBytes), UploadThroughput: bound(l.UploadBytes),
	}}}
	if _, err := chromedp.Call(ctx, emulateLink, rule); err != nil {
		t.Fatalf("setting the link (%+v): %v", l, err)
	}
}
