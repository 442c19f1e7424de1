package app

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/sudokubot/sudokubot/internal/discordtest"
	"github.com/sudokubot/sudokubot/store/storetest"
)

// liveReplicas are n bot processes in HTTP mode with the web board on,
// on one PostgreSQL schema, each at its own address: the replicas behind
// a load balancer. The first is the returned webWorld's.
func liveReplicas(t *testing.T, n int) (*webWorld, []string) {
	t.Helper()
	dsn := storetest.Postgres(t)
	w := newWorld(t, "2026-06-01 12:00")
	var bases []string
	var first *process
	for range n {
		addr := freeAddr(t)
		w.configure = func(c *Config) {
			c.HTTP.Addr, c.HTTP.PublicURL = addr, "http://"+addr
			c.Discord.Activity, c.Discord.ClientSecret = true, Secret(discordtest.DefaultClientSecret)
		}
		p := w.start(t, dsn, stubRenderer{})
		<-p.m.Live.Ready()
		if first == nil {
			first = p
		}
		bases = append(bases, "http://"+addr)
	}
	return &webWorld{world: w, p: first, base: bases[0]}, bases
}

// openTab opens a link in a new tab of the browser of ctx and waits until
// the board is live (its event stream connected).
func openTab(t *testing.T, browser context.Context, link string) context.Context {
	t.Helper()
	ctx, cancel := chromedp.NewContext(browser)
	t.Cleanup(cancel)
	setView(t, ctx, 390, 844, "light")
	do(t, ctx, "opening "+link, chromedp.Navigate(link))
	waitFor(t, ctx, "the board", `document.body.dataset.ready === "1"`)
	waitFor(t, ctx, "the board live", `document.body.dataset.live === "live"`)
	return ctx
}

// cellIs is a condition: the cell at r, c shows digit.
func cellIs(r, c int, digit string) string {
	return `document.querySelector('` + cellSel(r, c) + `').textContent === "` + digit + `"`
}

// TestWebBrowserLive: one board open in two pages, each on another
// replica (both on PostgreSQL): a move on either page shows on the other
// without a reload, and so does a move typed in chat (/sudoku place,
// answered by the first replica), each well within the 5 s the page would
// take to poll.
func TestWebBrowserLive(t *testing.T) {
	needBrowser(t)
	w, bases := liveReplicas(t, 2)
	r := w.signed(t, 2, "77", slash("new", map[string]any{"puzzle": webPuzzle}))
	link, _ := r.boardLink(t)
	if !strings.HasPrefix(link, bases[0]) {
		t.Fatalf("board link %q, want one of %s", link, bases[0])
	}
	browser := newBrowser(t)
	a := openTab(t, browser, link)
	b := openTab(t, browser, strings.Replace(link, bases[0], bases[1], 1))

	place(t, a, 1, 3, 4)
	waitFor(t, b, "r1c3=4 from the page on the first replica", cellIs(1, 3, "4"))
	place(t, b, 1, 4, 6)
	waitFor(t, a, "r1c4=6 from the page on the second replica", cellIs(1, 4, "6"))
	w.signed(t, 2, "77", slash("place", map[string]any{"moves": "r2c2=7"}))
	waitFor(t, a, "r2c2=7 from chat", cellIs(2, 2, "7"))
	waitFor(t, b, "r2c2=7 from chat", cellIs(2, 2, "7"))
	if got := eval[string](t, b, `document.querySelector(".status").textContent`); got == "" {
		t.Errorf("the page did not say that the board was updated")
	}
	for _, page := range []context.Context{a, b} {
		if st := eval[string](t, page, `document.body.dataset.live`); st != "live" {
			t.Errorf("a page's stream is %q: the moves may have come by polling", st)
		}
	}
	shoot(t, b, "live-second-replica")
}
