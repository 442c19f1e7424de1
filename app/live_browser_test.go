package app

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/sudokubot/sudokubot/internal/discordtest"
	"github.com/sudokubot/sudokubot/l10n"
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

// coopGameOf finds the co-op board a /sudoku coop opened.
func coopGameOf(t *testing.T, w *webWorld) int64 {
	t.Helper()
	for id := int64(1); id < 50; id++ {
		if g, err := w.p.st.Game(context.Background(), id); err == nil && g.IsCoop() {
			return id
		}
	}
	t.Fatal("no co-op board was opened")
	return 0
}

// TestWebBrowserCoop: /sudoku coop, then each of two players presses the
// board's "Open board" and gets a link of their own; each opens it on
// another replica (both on PostgreSQL). A move on either page shows on
// the other at once, in the mover's colour, and the hint for everyone
// asked on one shows on the other too.
func TestWebBrowserCoop(t *testing.T) {
	needBrowser(t)
	w, bases := liveReplicas(t, 2)
	w.signed(t, 2, "81", slash("coop", map[string]any{"level": "easy"}))
	id := coopGameOf(t, w)
	links := map[string]string{}
	for i, user := range []string{"81", "82"} {
		r := w.signed(t, 3, user, map[string]any{"custom_id": fmt.Sprintf("coop/%d/board", id), "component_type": 2})
		link, _ := r.boardLink(t)
		if !strings.HasPrefix(link, bases[0]) {
			t.Fatalf("%s's co-op link %q\n%s", user, link, r.raw)
		}
		links[user] = strings.Replace(link, bases[0], bases[i], 1)
	}
	if links["81"][strings.Index(links["81"], "#"):] == links["82"][strings.Index(links["82"], "#"):] {
		t.Fatal("both players got the same token")
	}
	g, err := w.p.st.Game(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	var empties []int
	for c, d := range g.Givens {
		if d == 0 {
			empties = append(empties, c)
		}
	}
	browser := newBrowser(t)
	host := openTab(t, browser, links["81"])
	mate := openTab(t, browser, links["82"])
	for _, page := range []context.Context{host, mate} {
		if eval[bool](t, page, `getComputedStyle(document.querySelector('[data-action="check"]')).display !== "none"`) {
			t.Error("a co-op board offers Check")
		}
	}
	at := func(c int) (int, int) { return c/9 + 1, c%9 + 1 }

	r0, c0 := at(empties[0])
	place(t, host, r0, c0, int(g.Solution[empties[0]]))
	waitFor(t, mate, "the host's move on the teammate's board", cellIs(r0, c0, fmt.Sprint(g.Solution[empties[0]])))
	r1, c1 := at(empties[1])
	place(t, mate, r1, c1, int(g.Solution[empties[1]]))
	waitFor(t, host, "the teammate's move on the host's board", cellIs(r1, c1, fmt.Sprint(g.Solution[empties[1]])))
	// Each digit in its player's colour, the same on both boards.
	for _, page := range []context.Context{host, mate} {
		waitFor(t, page, "the host's digit in the host's colour", `document.querySelector('`+cellSel(r0, c0)+`').classList.contains("own-0")`)
		waitFor(t, page, "the teammate's digit in the teammate's colour", `document.querySelector('`+cellSel(r1, c1)+`').classList.contains("own-1")`)
	}
	if got := eval[string](t, host, `document.querySelector(".status").textContent`); !strings.Contains(got, "Player 2") {
		t.Errorf("the host's board says %q after the teammate's move", got)
	}
	// Where each player looks: the cell they selected last, framed in
	// their colour on the other's board.
	looked := func(r, c, p int) string {
		return `document.querySelector('` + cellSel(r, c) + `').dataset.looked === "` + fmt.Sprint(p) + `"`
	}
	waitFor(t, host, "where the teammate looks", looked(r1, c1, 1))
	waitFor(t, mate, "where the host looks", looked(r0, c0, 0))
	if n := eval[int](t, host, `document.querySelectorAll(".cell.looked").length`); n != 1 {
		t.Errorf("the host's board frames %d cells, want the teammate's one", n)
	}
	shoot(t, host, "coop-both-moved-host")
	shoot(t, mate, "coop-both-moved-mate")
	r2, c2 := at(empties[2])
	do(t, mate, "the teammate selects another cell", chromedp.Click(chromedp.CSS(cellSel(r2, c2))))
	waitFor(t, host, "the teammate's look moving", looked(r2, c2, 1))

	// Reloaded, the host's board shows every player's colour at once:
	// who filled each cell is stored, not remembered by the page.
	do(t, host, "reloading the host's board", chromedp.Reload())
	waitFor(t, host, "the board again", `document.body.dataset.ready === "1" && document.body.dataset.live === "live"`)
	for _, c := range []struct{ r, c, p int }{{r0, c0, 0}, {r1, c1, 1}} {
		if !eval[bool](t, host, `document.querySelector('`+cellSel(c.r, c.c)+`').classList.contains("own-`+fmt.Sprint(c.p)+`")`) {
			t.Errorf("after a reload r%dc%d is not in player %d's colour", c.r, c.c, c.p+1)
		}
	}
	waitFor(t, host, "where the teammate looks, after the reload", looked(r2, c2, 1))

	// The hint for everyone, asked by the teammate, shows on the host's board.
	do(t, mate, "hint for everyone", chromedp.Click(chromedp.CSS(`[data-action="hint"]`)))
	waitFor(t, mate, "the hint", `!document.querySelector(".hintbox").hidden`)
	waitFor(t, host, "the teammate's hint for everyone", `!document.querySelector(".hintbox").hidden`)
	if got := eval[string](t, host, `document.querySelector(".status").textContent`); !strings.Contains(got, "hint for everyone") {
		t.Errorf("the host's board says %q after the teammate's hint", got)
	}
	cur, err := w.p.st.Game(context.Background(), id)
	if err != nil || cur.HintsTotal() != 1 {
		t.Errorf("hints counted on the board: %d (%v), want 1", cur.HintsTotal(), err)
	}
	shoot(t, host, "coop-hint-for-everyone")

	// More of it, asked by the host: level 2 on both boards, one hint.
	do(t, host, "more of the hint", chromedp.Click(chromedp.CSS(`[data-action="hint"]`)))
	for _, page := range []context.Context{host, mate} {
		waitFor(t, page, "level 2 of the hint for everyone", `document.querySelector(".hintbox").dataset.level === "2" && !document.querySelector(".hintbox").hidden`)
	}
	if cur, err = w.p.st.Game(context.Background(), id); err != nil || cur.Hints != [3]int{0, 1, 0} {
		t.Errorf("hints counted on the board: %v (%v), want one at level 2", cur.Hints, err)
	}
	shoot(t, mate, "coop-hint-level-2")
}

// TestWebBrowserRace: /sudoku race, two racers join and open their
// boards on two replicas (both on PostgreSQL); each racer's moves show
// on the other's board as progress (cells filled), never as digits.
func TestWebBrowserRace(t *testing.T) {
	needBrowser(t)
	w, bases := liveReplicas(t, 2)
	card := w.signed(t, 2, "91", slash("race", map[string]any{"level": "easy"}))
	m := regexp.MustCompile(`race/(\d+)/join`).FindStringSubmatch(string(card.raw))
	if m == nil {
		t.Fatalf("no Join button on the race card: %s", card.raw)
	}
	links := map[string]string{}
	for i, user := range []string{"91", "92"} {
		r := w.signed(t, 3, user, map[string]any{"custom_id": "race/" + m[1] + "/join", "component_type": 2})
		link, _ := r.boardLink(t)
		if link == "" {
			t.Fatalf("%s's board has no link: %s", user, r.raw)
		}
		links[user] = strings.Replace(link, bases[0], bases[i], 1)
	}
	browser := newBrowser(t)
	host := openTab(t, browser, links["91"])
	racer := openTab(t, browser, links["92"])
	waitFor(t, racer, "both racers listed", `document.querySelectorAll(".racer").length === 2`)

	// The host fills two empty cells (any digit: progress, not answers).
	empty := eval[[]string](t, host, `[...document.querySelectorAll(".cell")].filter(c => !c.textContent).slice(0, 2).map(c => c.dataset.cell)`)
	for _, cell := range empty {
		var r, c int
		fmt.Sscanf(cell, "r%dc%d", &r, &c)
		place(t, host, r, c, 1+(r+c)%9)
	}
	waitFor(t, racer, "the host's progress on the racer's board", `document.querySelector('.racer[data-racer="1"]').dataset.filled === "2"`)
	for _, cell := range empty {
		if got := eval[string](t, racer, `document.querySelector('[data-cell="`+cell+`"]').textContent`); got != "" {
			t.Errorf("the racer's board shows the host's digit %q in %s", got, cell)
		}
	}
	// And the other way round.
	cell := eval[string](t, racer, `[...document.querySelectorAll(".cell")].find(c => !c.textContent).dataset.cell`)
	var r, c int
	fmt.Sscanf(cell, "r%dc%d", &r, &c)
	place(t, racer, r, c, 1+(r+c)%9)
	waitFor(t, host, "the racer's progress on the host's board", `document.querySelector('.racer[data-racer="2"]').dataset.filled === "1"`)
	shoot(t, racer, "race-in-progress")
}

// openActivity opens the Activity for player in the e2e channel, in a new
// tab of browser, and waits until its board is live; it returns the tab
// and the expression of the Activity's document.
func openActivity(t *testing.T, w *world, p *webProcess, browser context.Context, player string) (context.Context, string) {
	t.Helper()
	w.fake.JoinGuild(player, e2eGuild)
	// Discord knows the player in the instance the iframe's URL names:
	// the bot asks it where that is.
	w.fake.JoinActivity(e2eInstance, e2eGuild, e2eChannel, player)
	code := w.fake.MintOAuthCode(player)
	src := p.base + "/activity/?frame_id=frame-" + player + "&instance_id=" + e2eInstance + "&platform=desktop&guild_id=" + e2eGuild + "&channel_id=" + e2eChannel
	ctx, cancel := chromedp.NewContext(browser)
	t.Cleanup(cancel)
	setView(t, ctx, 390, 844, "dark")
	do(t, ctx, "a page of the bot's origin", chromedp.Navigate(p.base+"/healthz"))
	html := fmt.Sprintf(activityParent, w.fake.AppID, code, player, src)
	js, _ := json.Marshal(html)
	eval[bool](t, ctx, `(() => { document.open(); document.write(`+string(js)+`); document.close(); return true })()`)
	doc := `document.getElementById("act").contentDocument`
	waitFor(t, ctx, player+"'s Activity", doc+`?.body?.dataset.ready === "1"`)
	waitFor(t, ctx, player+"'s Activity live", doc+`.body.dataset.live === "live"`)
	return ctx, doc
}

// TestWebBrowserActivityNotInInstance: a page whose player Discord does
// not list in the Activity instance it names (a forged or stale one) is
// refused at sign-in, and says so in words rather than playing anywhere.
func TestWebBrowserActivityNotInInstance(t *testing.T) {
	needBrowser(t)
	w := newWorld(t, "2026-06-01 12:00")
	p := w.startWeb(t, true)
	const player = "63"
	w.fake.JoinGuild(player, e2eGuild)
	w.fake.JoinActivity(e2eInstance, e2eGuild, e2eChannel, "64") // someone else's
	code := w.fake.MintOAuthCode(player)
	src := p.base + "/activity/?frame_id=frame-" + player + "&instance_id=" + e2eInstance + "&platform=desktop&guild_id=" + e2eGuild + "&channel_id=" + e2eChannel
	ctx := newBrowser(t)
	setView(t, ctx, 390, 844, "dark")
	do(t, ctx, "a page of the bot's origin", chromedp.Navigate(p.base+"/healthz"))
	html := fmt.Sprintf(activityParent, w.fake.AppID, code, player, src)
	js, _ := json.Marshal(html)
	eval[bool](t, ctx, `(() => { document.open(); document.write(`+string(js)+`); document.close(); return true })()`)
	doc := `document.getElementById("act").contentDocument`
	waitFor(t, ctx, "the refusal", doc+`?.body?.dataset.ready === "error"`)
	want := l10n.For("en-US").T("web.error.not_in_activity")
	if got := eval[string](t, ctx, doc+`.querySelector(".fatal").textContent`); got != want {
		t.Errorf("the Activity says %q, want %q", got, want)
	}
	shoot(t, ctx, "activity-not-in-instance")
}

// TestWebBrowserActivityTogether: two players in one voice channel's
// Activity press "Co-op here" and play one shared board: a move in one
// Activity shows in the other; then "Race here" puts both in one race.
func TestWebBrowserActivityTogether(t *testing.T) {
	needBrowser(t)
	w := newWorld(t, "2026-06-01 12:00")
	p := w.startWeb(t, true)
	browser := newBrowser(t)
	a, docA := openActivity(t, w, p, browser, "61")
	// Who is in the Activity, as Discord tells it: the first player
	// alone, then both once the second starts it.
	waitFor(t, a, "the first player alone in the Activity", docA+`.querySelector(".together .people")?.dataset.count === "1" && !!`+docA+`.querySelector(".together .people .alone")`)
	b, docB := openActivity(t, w, p, browser, "62")
	eval[bool](t, a, `window.__setPeople(["61", "62"])`)
	eval[bool](t, b, `window.__setPeople(["61", "62"])`)
	for _, page := range []struct {
		ctx       context.Context
		doc       string
		otherName string
	}{{a, docA, "Player 62"}, {b, docB, "Player 61"}} {
		waitFor(t, page.ctx, "both players in the Activity", page.doc+`.querySelector(".together .people").dataset.count === "2"`)
		if got := eval[string](t, page.ctx, page.doc+`.querySelector('.together .people .person:not(.you)').textContent`); got != page.otherName {
			t.Errorf("the Activity lists %q, want %q", got, page.otherName)
		}
		if eval[bool](t, page.ctx, `!!`+page.doc+`.querySelector(".together .people .alone")`) {
			t.Error("the Activity still says nobody else is here")
		}
	}
	shoot(t, a, "activity-together-people")
	for _, page := range []struct {
		ctx context.Context
		doc string
	}{{a, docA}, {b, docB}} {
		if page.ctx == b {
			// The first player opened the channel's board: the second's
			// Co-op button says so, live, with how many play it.
			btn := docB + `.querySelector('[data-action="together-coop"]')`
			waitFor(t, b, "the co-op board open in the channel, on the second Activity", btn+`.classList.contains("join") && `+btn+`.dataset.playing === "1"`)
			shoot(t, b, "activity-together-invite")
		}
		eval[bool](t, page.ctx, page.doc+`.querySelector('[data-action="together-coop"]').click() || true`)
		waitFor(t, page.ctx, "the shared board", page.doc+`.querySelector(".title").textContent.startsWith("Co-op") && `+page.doc+`.body.dataset.live === "live"`)
	}
	btnA := docA + `.querySelector('[data-action="together-coop"]')`
	waitFor(t, a, "two on the channel's board, and the first player on it", btnA+`.dataset.playing === "2" && !`+btnA+`.classList.contains("join")`)
	// Who is there: both, before anyone played.
	waitFor(t, a, "both players here in the first Activity", docA+`.querySelectorAll(".players .player.here").length === 2`)
	titleA := eval[string](t, a, docA+`.querySelector(".title").textContent`)
	if titleB := eval[string](t, b, docB+`.querySelector(".title").textContent`); titleA != titleB {
		t.Fatalf("the two Activities show %q and %q, want one board", titleA, titleB)
	}
	cell := eval[string](t, a, docA+`.querySelector("[data-cell]:not(.given)").dataset.cell`)
	eval[bool](t, a, docA+`.querySelector('[data-cell="`+cell+`"]').click() || true`)
	eval[bool](t, a, docA+`.querySelector('.keypad [data-digit="1"]').click() || true`)
	waitFor(t, b, "the first player's move in the second Activity", docB+`.querySelector('[data-cell="`+cell+`"]').textContent === "1"`)
	waitFor(t, b, "both players listed, here", docB+`.querySelectorAll(".players .player.here").length === 2`)
	shoot(t, b, "activity-together-coop")

	for _, page := range []struct {
		ctx context.Context
		doc string
	}{{a, docA}, {b, docB}} {
		eval[bool](t, page.ctx, page.doc+`.querySelector('[data-action="together-race"]').click() || true`)
		waitFor(t, page.ctx, "the race", page.doc+`.querySelector(".title").textContent.startsWith("Race")`)
	}
	waitFor(t, a, "both racers in the first Activity", docA+`.querySelectorAll(".racer").length === 2`)
	shoot(t, a, "activity-together-race")
}
