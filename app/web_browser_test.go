package app

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/sudokubot/sudokubot/bot"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/internal/discordtest"
	"github.com/sudokubot/sudokubot/internal/pathtest"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/schedule"
	"github.com/sudokubot/sudokubot/store/storetest"
)

// Browser tests of the web board (issue 17): a real Main against the fake
// Discord, its HTTP server on 127.0.0.1, and Debian's Chromium driven with
// chromedp. Without Chromium or a built board they skip, saying how to get
// them; in CI (CI=true) they fail instead, so nothing is skipped there.
//
//	npm --prefix web ci && npm --prefix web run build
//	go test -run TestWebBrowser -v . -screenshots /tmp/shots

var screenshotsDir = flag.String("screenshots", "", "write the web board's screenshots (390x844 and 1280x800, dark and light) to this directory")

const chromiumPath = "/usr/bin/chromium"

// webPuzzle is a puzzle with one solution, webSolution.
const (
	webPuzzle   = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
	webSolution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
)

// needBrowser skips (or in CI fails) unless Chromium and the built board
// are there.
func needBrowser(t *testing.T) {
	t.Helper()
	ci := os.Getenv("CI") == "true"
	miss := func(what string) {
		if ci {
			t.Fatalf("CI runs the browser tests: %s", what)
		}
		t.Skipf("skipping the browser test: %s", what)
	}
	if testing.Short() && !ci {
		t.Skip("skipping the browser test in -short mode")
	}
	if _, err := os.Stat(chromiumPath); err != nil {
		miss(chromiumPath + " is missing (apt-get install chromium)")
	}
	// Tests run in the package's directory, app/: the board is built
	// beside it, in ../web/dist.
	if _, err := os.Stat(filepath.Join("..", "web", "dist", "index.html")); err != nil {
		miss("the board is not built (npm --prefix web ci && npm --prefix web run build)")
	}
}

// newBrowser starts a headless Chromium with a fresh profile and returns
// a tab's context.
func newBrowser(t *testing.T) context.Context {
	t.Helper()
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromiumPath),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(390, 844),
	)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	ctx, cancelTime := context.WithTimeout(ctx, 3*time.Minute)
	t.Cleanup(func() { cancelTime(); cancel(); cancelAlloc() })
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting Chromium: %v", err)
	}
	// Every page records what its Content-Security-Policy blocked
	// (policyClean reads it).
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: `window.__blocked = [];
document.addEventListener("securitypolicyviolation", (e) => window.__blocked.push(e.effectiveDirective + " " + (e.blockedURI || "inline")));`}); err != nil {
		t.Fatalf("watching the Content-Security-Policy: %v", err)
	}
	return ctx
}

// policyClean fails the test if the page's Content-Security-Policy
// blocked anything it tried to load or run: the policy must allow all
// the board needs.
func policyClean(t *testing.T, ctx context.Context) {
	t.Helper()
	if blocked := eval[[]string](t, ctx, `window.__blocked || []`); len(blocked) > 0 {
		t.Errorf("the Content-Security-Policy blocked %q", blocked)
	}
}

// freeAddr is a free 127.0.0.1 port, so the public URL is known before
// Main listens on it.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return addr
}

// webProcess is a Main with its HTTP server at base, talking to the fake
// Discord over the gateway.
type webProcess struct {
	*process
	base string
}

func (w *world) startWeb(t *testing.T, activity bool) *webProcess {
	t.Helper()
	addr := freeAddr(t)
	// world.start with the board's settings on top of the world's own.
	prev := w.configure
	w.configure = func(c *Config) {
		if prev != nil {
			prev(c)
		}
		c.Discord.Activity = activity
		c.Discord.ClientSecret = Secret(discordtest.DefaultClientSecret)
		c.HTTP.Addr = addr
		c.HTTP.PublicURL = "http://" + addr
	}
	defer func() { w.configure = prev }()
	return &webProcess{process: w.start(t, storetest.SQLite(t), schedule.PNGRenderer{}, ModeGateway), base: "http://" + addr}
}

// sudoku sends /sudoku SUB with string options as user and returns the
// reply.
func (w *world) sudoku(t *testing.T, user, sub string, opts ...string) interactionReply {
	t.Helper()
	options := []map[string]any{}
	for i := 0; i+1 < len(opts); i += 2 {
		options = append(options, map[string]any{"name": opts[i], "type": 3, "value": opts[i+1]})
	}
	return w.viaGateway(t, 2, user, "0", map[string]any{"id": "901", "name": bot.CommandPlay, "type": 1,
		"options": []map[string]any{{"name": sub, "type": 1, "options": options}}})
}

var boardLink = regexp.MustCompile(`"url":\s*"([^"]*/board/[^"]*)"`)

// boardURL is the "Open board" link among a reply's components.
func boardURL(t *testing.T, components json.RawMessage) string {
	t.Helper()
	m := boardLink.FindSubmatch(components)
	if m == nil {
		t.Fatalf("no board link in %s", components)
	}
	var u string
	if err := json.Unmarshal([]byte(`"`+string(m[1])+`"`), &u); err != nil {
		t.Fatal(err)
	}
	return u
}

// webState is the part of the API's State the tests read.
type webState struct {
	Version   int      `json:"version"`
	Entries   string   `json:"entries"`
	Marks     []string `json:"marks"`
	Solved    bool     `json:"solved"`
	Conflicts []struct {
		Row int `json:"row"`
		Col int `json:"col"`
	} `json:"conflicts"`
}

// apiGame reads the game as the page does: GET api/game with the link's token.
func apiGame(t *testing.T, link string) webState {
	t.Helper()
	return apiCall(t, link, http.MethodGet, "api/game", "")
}

// apiCall calls the board's API with the link's token.
func apiCall(t *testing.T, link, method, path, body string) webState {
	t.Helper()
	var s webState
	if err := json.Unmarshal(apiRaw(t, link, method, path, body), &s); err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	return s
}

// apiRaw calls the board's API with the link's token and returns the
// answer, waiting out the bot's rate limit (429) as the page does.
func apiRaw(t *testing.T, link, method, path, body string) []byte {
	t.Helper()
	for range 100 {
		if answer, ok := apiOnce(t, link, method, path, body); ok {
			return answer
		}
		time.Sleep(200 * time.Millisecond)
	}
	t.Fatalf("%s %s: still 429 after 20 s", method, path)
	return nil
}

// apiOnce makes one call; ok is false on a 429.
func apiOnce(t *testing.T, link, method, path, body string) (answer []byte, ok bool) {
	t.Helper()
	base, token, _ := strings.Cut(link, "#")
	base = base[:strings.LastIndex(base, "/")+1]
	req, err := http.NewRequest(method, base+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	answer, _ = io.ReadAll(res.Body)
	if res.StatusCode == http.StatusTooManyRequests {
		return nil, false
	}
	if res.StatusCode != http.StatusOK {
		t.Fatalf("%s %s: %s %s", method, path, res.Status, answer)
	}
	return answer, true
}

// waitFor polls a JavaScript condition in the page until it is true.
func waitFor(t *testing.T, ctx context.Context, what, expr string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	for {
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool]("!!("+expr+")"))
		if err == nil && ok {
			return
		}
		select {
		case <-ctx.Done():
			t.Fatalf("waiting for %s (%s): %v", what, expr, errors.Join(err, ctx.Err()))
		case <-time.After(50 * time.Millisecond):
		}
	}
}

func eval[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return v
}

func do(t *testing.T, ctx context.Context, what string, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

func cellSel(r, c int) string { return fmt.Sprintf(`[data-cell="r%dc%d"]`, r, c) }

// place clicks a cell, then a digit on the keypad.
func place(t *testing.T, ctx context.Context, r, c, d int) {
	t.Helper()
	do(t, ctx, fmt.Sprintf("r%dc%d=%d by clicking", r, c, d),
		chromedp.Click(chromedp.CSS(cellSel(r, c))),
		chromedp.Click(chromedp.CSS(fmt.Sprintf(`.keypad [data-digit="%d"]`, d))))
}

// typeDigit clicks a cell, then types the digit (or Backspace for 0).
func typeDigit(t *testing.T, ctx context.Context, r, c, d int) {
	t.Helper()
	key := fmt.Sprint(d)
	if d == 0 {
		key = "\b"
	}
	do(t, ctx, fmt.Sprintf("r%dc%d=%d by keyboard", r, c, d),
		chromedp.Click(chromedp.CSS(cellSel(r, c))),
		chromedp.KeyEvent(key))
}

// settled waits until the page has no call under way and shows the
// server's version. It asks the API only once the page is idle, and then
// gently, so as not to spend the player's request budget (10/s), which
// the page's own calls share.
func settled(t *testing.T, ctx context.Context, link string) webState {
	t.Helper()
	var s webState
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		waitFor(t, ctx, "the page idle", `document.body.dataset.busy === "0"`)
		s = apiGame(t, link)
		if eval[bool](t, ctx, fmt.Sprintf(`document.body.dataset.version === "%d" && document.body.dataset.busy === "0"`, s.Version)) {
			return s
		}
		time.Sleep(250 * time.Millisecond)
	}
	t.Fatalf("the page never showed version %d", s.Version)
	return s
}

// blanksLeft counts the blank cells of entries over the puzzle.
func blanksLeft(entries string) int {
	n := 0
	for i := range 81 {
		if webPuzzle[i] == '0' && (i >= len(entries) || entries[i] == '0') {
			n++
		}
	}
	return n
}

// TestWebBrowserBoard plays a game on the web board as a player would: it
// opens the "Open board" link of a /sudoku new reply, places digits by
// clicking and by keyboard, sees a conflict marked (colour and the corner
// triangle), sees a web move in /sudoku show and a /sudoku place move on
// the page, asks hints 1-3 and sees the overlay (no result at level 2),
// takes the screenshots, and solves, ending on the result card.
func TestWebBrowserBoard(t *testing.T) {
	needBrowser(t)
	w := newWorld(t, "2026-06-01 12:00")
	p := w.startWeb(t, false)
	_ = p
	r := w.sudoku(t, "77", "new", "puzzle", webPuzzle)
	link := boardURL(t, r.Components)
	if !strings.HasPrefix(link, p.base+"/board/?lang=") {
		t.Fatalf("board link %q, want %s/board/?lang=...#TOKEN", link, p.base)
	}
	ctx := openBoard(t, link, 390, 844, "light")
	if n := eval[int](t, ctx, `document.querySelectorAll("[data-cell][aria-label]").length`); n != 81 {
		t.Fatalf("%d labelled cells, want 81", n)
	}

	// r1c3 = 4 by clicking, r1c4 = 6 by keyboard.
	place(t, ctx, 1, 3, 4)
	typeDigit(t, ctx, 1, 4, 6)
	s := settled(t, ctx, link)
	if s.Entries[2] != '4' || s.Entries[3] != '6' {
		t.Fatalf("after r1c3=4 (click) and r1c4=6 (key) the game holds %q", s.Entries[:9])
	}
	label := eval[string](t, ctx, `document.querySelector('[data-cell="r1c4"]').getAttribute("aria-label")`)
	if !strings.Contains(label, "6") {
		t.Errorf("r1c4's label %q does not say 6", label)
	}

	// The move is the bot's too: /sudoku show counts it.
	show := w.sudoku(t, "77", "show")
	if want := fmt.Sprintf("%d cells to go", blanksLeft(s.Entries)); !strings.Contains(show.Content, want) {
		t.Errorf("/sudoku show after two web moves answered %q, want %q", show.Content, want)
	}
	// And the other way round: a /sudoku place move shows on the page (it polls every 5 s).
	w.sudoku(t, "77", "place", "moves", "r2c2=7")
	waitFor(t, ctx, "r2c2=7 from Discord on the page", `document.querySelector('[data-cell="r2c2"]').textContent === "7"`)

	// A conflict: 5 in r1c6 (r1c1 is a given 5): colour and the corner triangle.
	typeDigit(t, ctx, 1, 6, 5)
	s = settled(t, ctx, link)
	if len(s.Conflicts) == 0 {
		t.Fatalf("the server sees no conflict after r1c6=5")
	}
	waitFor(t, ctx, "r1c6 marked as a conflict", `document.querySelector('[data-cell="r1c6"]').classList.contains("conflict")`)
	tri := eval[string](t, ctx, `getComputedStyle(document.querySelector('[data-cell="r1c6"]'), "::after").clipPath`)
	if !strings.Contains(tri, "polygon") {
		t.Errorf("the conflict has no corner triangle (clip-path %q)", tri)
	}
	if lbl := eval[string](t, ctx, `document.querySelector('[data-cell="r1c6"]').getAttribute("aria-label")`); !strings.Contains(lbl, "clash") {
		t.Errorf("the conflict's label %q does not say so", lbl)
	}
	shoot(t, ctx, "conflict")
	typeDigit(t, ctx, 1, 6, 0)
	waitFor(t, ctx, "the conflict gone", `!document.querySelector(".cell.conflict")`)
	settled(t, ctx, link)

	hints(t, ctx)
	solve(t, ctx, link)
	policyClean(t, ctx)
}

// openBoard opens a board link in a new Chromium tab of w x h pixels in a
// theme and waits until the board answers input.
func openBoard(t *testing.T, link string, w, h int64, theme string) context.Context {
	t.Helper()
	ctx := newBrowser(t)
	setView(t, ctx, w, h, theme)
	do(t, ctx, "opening the board link", chromedp.Navigate(link))
	waitFor(t, ctx, "the board", `document.body.dataset.ready === "1"`)
	return ctx
}

// askHint clicks Hint for level and waits until the page shows it, text
// and overlay; it returns the hint's text.
func askHint(t *testing.T, ctx context.Context, level int) string {
	t.Helper()
	do(t, ctx, fmt.Sprintf("hint %d", level), chromedp.Click(chromedp.CSS(`[data-action="hint"]`)))
	waitFor(t, ctx, fmt.Sprintf("hint %d", level), fmt.Sprintf(`document.querySelector(".overlay").dataset.level === "%d" && !document.querySelector(".hintbox").hidden`, level))
	return eval[string](t, ctx, `document.querySelector(".hintbox .hinttext").textContent`)
}

// resultMarks counts the overlay's result marks: placed digits and
// struck-out candidates.
func resultMarks(t *testing.T, ctx context.Context) int {
	t.Helper()
	return eval[int](t, ctx, `document.querySelectorAll(".overlay .placed, .overlay .elim").length`)
}

// hints asks hints 1, 2 and 3 and checks the overlay of each.
func hints(t *testing.T, ctx context.Context) {
	t.Helper()
	for level := 1; level <= 3; level++ {
		text := askHint(t, ctx, level)
		n := eval[int](t, ctx, `document.querySelectorAll(".overlay .house, .overlay .pcell, .overlay .focus, .overlay line").length`)
		result := resultMarks(t, ctx)
		t.Logf("hint %d: %q; %d overlay shapes, %d result marks", level, text, n, result)
		if n == 0 {
			t.Errorf("hint %d draws nothing on the board", level)
		}
		if text == "" {
			t.Errorf("hint %d has no text", level)
		}
		switch level {
		case 1, 2:
			if result != 0 {
				t.Errorf("hint %d shows its result (%d marks)", level, result)
			}
		case 3:
			if result == 0 {
				t.Errorf("hint 3 shows no result")
			}
		}
		if level == 3 {
			shootAll(t, ctx, "hint3")
		}
	}
}

// solve enters the rest of the solution, half by clicking and half by
// keyboard, and checks the result card and the share text.
func solve(t *testing.T, ctx context.Context, link string) {
	t.Helper()
	s := apiGame(t, link)
	k := 0
	for i := range 81 {
		if webPuzzle[i] != '0' || s.Entries[i] == webSolution[i] {
			continue
		}
		r, c, d := i/9+1, i%9+1, int(webSolution[i]-'0')
		if k%2 == 0 {
			place(t, ctx, r, c, d)
		} else {
			typeDigit(t, ctx, r, c, d)
		}
		k++
	}
	waitFor(t, ctx, "the solved card", `document.querySelector(".done h2") && !document.querySelector(".done").hidden`)
	if s = apiGame(t, link); !s.Solved {
		t.Fatalf("the game is not solved after entering the solution: %q", s.Entries)
	}
	waitFor(t, ctx, "the result card image", `(() => { const i = document.querySelector(".done img.card"); return i && i.complete && i.naturalWidth > 0 })()`)
	if share := eval[string](t, ctx, `document.querySelector(".done .share")?.textContent || ""`); share == "" {
		t.Errorf("no share text after the solve")
	}
	do(t, ctx, "share", chromedp.Click(chromedp.CSS(`[data-action="share"]`)))
	waitFor(t, ctx, "the copy told", `document.querySelector(".status").textContent !== ""`)
	if msg := eval[string](t, ctx, `document.querySelector(".status").textContent`); !strings.HasPrefix(msg, "Copied") {
		t.Errorf("Share said %q", msg)
	}
	shootAll(t, ctx, "solved")
}

// shootAll writes the page at both sizes in both themes (with -screenshots).
func shootAll(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	if *screenshotsDir == "" {
		return
	}
	for _, theme := range []string{"dark", "light"} {
		for _, size := range [][2]int64{{390, 844}, {1280, 800}} {
			setView(t, ctx, size[0], size[1], theme)
			shoot(t, ctx, fmt.Sprintf("%s-%dx%d-%s", name, size[0], size[1], theme))
		}
	}
	setView(t, ctx, 390, 844, "light")
}

func setView(t *testing.T, ctx context.Context, w, h int64, theme string) {
	t.Helper()
	do(t, ctx, "viewport", chromedp.EmulateViewport(w, h))
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
		Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: theme}},
	}); err != nil {
		t.Fatal(err)
	}
	time.Sleep(150 * time.Millisecond) // a frame to lay out
}

// shoot writes one screenshot of the viewport (with -screenshots).
func shoot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	if *screenshotsDir == "" {
		return
	}
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(*screenshotsDir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(*screenshotsDir, "board-"+name+".png")
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot %s", path)
}

// TestWebBrowserSlowPhone measures the board's time to interactive on a
// slow phone network (400 kbit/s down and up, 400 ms round trips), cache
// off, from navigation start to the board answering input.
func TestWebBrowserSlowPhone(t *testing.T) {
	needBrowser(t)
	w := newWorld(t, "2026-06-01 12:00")
	w.startWeb(t, false)
	link := boardURL(t, w.sudoku(t, "77", "new", "puzzle", webPuzzle).Components)
	ctx := newBrowser(t)
	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, network.SetCacheDisabled, network.SetCacheDisabledParams{CacheDisabled: true}); err != nil {
		t.Fatal(err)
	}
	for _, prof := range []struct {
		name      string
		kbit, rtt float64
	}{{"slow phone (400 kbit/s, 400 ms RTT)", 400, 400}, {"fast 3G (1.6 Mbit/s, 150 ms RTT)", 1600, 150}} {
		if _, err := chromedp.Call(ctx, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
			MatchedNetworkConditions: []*network.Conditions{{Latency: prof.rtt, DownloadThroughput: prof.kbit * 1000 / 8, UploadThroughput: prof.kbit * 1000 / 8}},
		}); err != nil {
			t.Fatal(err)
		}
		do(t, ctx, "a blank page", chromedp.Navigate("about:blank"))
		do(t, ctx, "opening the board", chromedp.Navigate(link))
		waitFor(t, ctx, "the board", `document.body.dataset.ready === "1"`)
		tti := eval[float64](t, ctx, `performance.getEntriesByName("interactive")[0].startTime`)
		bytes := eval[float64](t, ctx, `performance.getEntriesByType("resource").reduce((n, e) => n + (e.transferSize || 0), 0) + (performance.getEntriesByType("navigation")[0]?.transferSize || 0)`)
		t.Logf("time to interactive on a %s: %.0f ms (%.1f kB transferred)", prof.name, tti, bytes/1000)
		// A loose bound: only an added round trip or a page grown several-fold trips it.
		if tti > 3000 {
			t.Errorf("time to interactive on a %s is %.0f ms, over 3 s", prof.name, tti)
		}
	}
}

// activityParent is a stand-in for the Discord client around the
// Activity's iframe: it answers the Embedded App SDK's postMessage
// protocol (the handshake with READY, then AUTHORIZE with a code the fake
// Discord issued, and AUTHENTICATE, checking the access token the bot got
// for that code at the fake Discord's OAuth2 endpoint against users/@me).
// The iframe's URL carries the instance (instance_id), as Discord's
// does: the SDK gives it as instanceId, the page sends it with the
// sign-in, and the bot asks the fake Discord where that instance runs
// (the test puts the player in it with JoinActivity).
// It is written into a page of the bot's own origin, which the SDK
// accepts as a parent, so the test can read the iframe's document.
const activityParent = `<!doctype html><meta charset="utf-8"><title>Discord (fake client)</title>
<body style="margin:0"><iframe id="act" style="border:0;width:100vw;height:100vh"></iframe>
<script>
window.__log = [];
const APP = %q, CODE = %q, USER = %q;
// Who is in the Activity instance: the player, until the test says more
// (__setPeople dispatches ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE, as
// Discord does when someone starts or leaves the Activity).
const person = (id) => ({id, username: "player" + id, global_name: "Player " + id, discriminator: "0", bot: false, flags: 0, avatar: null});
window.__people = [person(USER)];
window.__setPeople = (ids) => {
  window.__people = ids.map(person);
  send([1, {cmd: "DISPATCH", evt: "ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE", nonce: null, data: {participants: window.__people}}]);
  return true;
};
const frame = document.getElementById("act");
const send = (m) => frame.contentWindow.postMessage(m, "*");
window.addEventListener("message", (e) => {
  if (e.source !== frame.contentWindow || !Array.isArray(e.data)) return;
  const [op, p] = e.data;
  if (op === 0) {
    __log.push("HANDSHAKE " + p.client_id + " " + p.frame_id);
    send([1, {cmd: "DISPATCH", evt: "READY", nonce: null, data: {v: 1, config: {api_endpoint: "", environment: "production"}, user: {id: USER, username: "player", discriminator: "0"}}}]);
    return;
  }
  if (op !== 1) return;
  const reply = (data) => send([1, {cmd: p.cmd, evt: null, nonce: p.nonce, data}]);
  const fail = (message) => send([1, {cmd: p.cmd, evt: "ERROR", nonce: p.nonce, data: {code: 4000, message}}]);
  __log.push(p.cmd + " " + JSON.stringify(p.args));
  if (p.cmd === "AUTHORIZE") {
    if (p.args.client_id !== APP || p.args.response_type !== "code" || !(p.args.scope || []).includes("identify")) return fail("bad authorize " + JSON.stringify(p.args));
    return reply({code: CODE});
  }
  if (p.cmd === "GET_ACTIVITY_INSTANCE_CONNECTED_PARTICIPANTS") {
    return reply({participants: window.__people});
  }
  if (p.cmd === "SUBSCRIBE") {
    if (p.evt !== "ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE") return fail("unexpected subscription " + p.evt);
    window.__subscribed = true;
    return reply({evt: p.evt});
  }
  if (p.cmd === "AUTHENTICATE") {
    // The test checks the token with the fake Discord (users/@me), as the real client would.
    window.__access = p.args.access_token;
    return reply({access_token: p.args.access_token, user: {id: USER, username: "player", discriminator: "0", public_flags: 0},
      scopes: ["identify"], expires: "2030-01-01T00:00:00Z", application: {id: APP, name: "sudokubot", description: ""}});
  }
  fail("unexpected command " + p.cmd);
});
frame.src = %q;
</script>`

// TestWebBrowserActivity opens the Activity page in an iframe of a fake
// Discord client: the page runs the Embedded App SDK (ready, authorize,
// POST api/activity/token, authenticate) against the fake Discord, loads
// the player's game and plays a move that /sudoku show sees.
func TestWebBrowserActivity(t *testing.T) {
	needBrowser(t)
	w := newWorld(t, "2026-06-01 12:00")
	p := w.startWeb(t, true)
	const player = "88"
	w.fake.JoinGuild(player, e2eGuild)
	w.fake.JoinActivity(e2eInstance, e2eGuild, e2eChannel, player)
	code := w.fake.MintOAuthCode(player)
	src := p.base + "/activity/?frame_id=frame-1&instance_id=" + e2eInstance + "&platform=desktop&guild_id=" + e2eGuild + "&channel_id=" + e2eChannel
	ctx := newBrowser(t)
	setView(t, ctx, 1280, 800, "dark")
	// A page of the bot's origin to write the fake client into.
	do(t, ctx, "a page of the bot's origin", chromedp.Navigate(p.base+"/healthz"))
	html := fmt.Sprintf(activityParent, w.fake.AppID, code, player, src)
	js, _ := json.Marshal(html)
	eval[bool](t, ctx, `(() => { document.open(); document.write(`+string(js)+`); document.close(); return true })()`)
	inFrame := `document.getElementById("act").contentDocument`
	waitFor(t, ctx, "the Activity's board", inFrame+`?.body?.dataset.ready === "1"`)
	log := eval[[]string](t, ctx, `window.__log`)
	t.Logf("the SDK's messages: %q", log)
	if len(log) < 3 || !strings.HasPrefix(log[0], "HANDSHAKE "+w.fake.AppID) || !strings.HasPrefix(log[1], "AUTHORIZE") || !strings.HasPrefix(log[2], "AUTHENTICATE") {
		t.Fatalf("the SDK's messages were %q, want the handshake, AUTHORIZE and AUTHENTICATE", log)
	}
	// The page sent the SDK's instanceId, and the bot asked Discord
	// where that instance runs.
	if n := len(w.fake.Calls("GET", "/activity-instances/"+e2eInstance)); n != 1 {
		t.Errorf("the bot asked Discord about the Activity's instance %d times, want once", n)
	}
	// Then who is in the Activity: the list and its changes.
	waitFor(t, ctx, "the participants asked and followed", `window.__subscribed === true && window.__log.some(l => l.startsWith("GET_ACTIVITY_INSTANCE_CONNECTED_PARTICIPANTS"))`)
	if u := discordUser(t, w, eval[string](t, ctx, `window.__access || ""`)); u != player {
		t.Fatalf("authenticate's access token belongs to %q, want the player %s", u, player)
	}
	if n := eval[int](t, ctx, inFrame+`.querySelectorAll("[data-cell]").length`); n != 81 {
		t.Fatalf("the Activity shows %d cells", n)
	}
	shoot(t, ctx, "activity-1280x800-dark")
	if blocked := eval[[]string](t, ctx, `document.getElementById("act").contentWindow.__blocked || []`); len(blocked) > 0 {
		t.Errorf("the Content-Security-Policy blocked %q in the Activity", blocked)
	}

	// The player's game: a move in the Activity shows in /sudoku show.
	before := w.sudoku(t, player, "show").Content
	first := eval[string](t, ctx, inFrame+`.querySelector("[data-cell]:not(.given)").dataset.cell`)
	// Clicks inside the iframe, through its document (same origin).
	eval[bool](t, ctx, inFrame+`.querySelector('[data-cell="`+first+`"]').click() || true`)
	eval[bool](t, ctx, inFrame+`.querySelector('.keypad [data-digit="1"]').click() || true`)
	waitFor(t, ctx, "the move sent", inFrame+`.body.dataset.busy === "0" && `+inFrame+`.querySelector('[data-cell="`+first+`"]').textContent === "1"`)
	after := w.sudoku(t, player, "show").Content
	if before == after {
		t.Errorf("/sudoku show for the Activity's player did not change after a move in the Activity: %q", after)
	}
	t.Logf("/sudoku show: %q → %q", before, after)
}

// discordUser asks the fake Discord whose access token this is.
func discordUser(t *testing.T, w *world, token string) string {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, strings.TrimSuffix(w.fake.APIBase(), "/")+"/users/@me", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var u struct {
		ID string `json:"id"`
	}
	if err := json.NewDecoder(res.Body).Decode(&u); err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("users/@me with the Activity's access token: %s, %v", res.Status, err)
	}
	return u.ID
}

// TestWebBrowserTools uses the board at 360 px wide: nothing overflows;
// pencil marks (P and digits) are kept by the server; auto candidates show
// beside the player's own marks; undo and redo send their moves; and a
// move made on a stale version (another device moved first) is added to
// the newest state, the player told, neither move lost.
func TestWebBrowserTools(t *testing.T) {
	needBrowser(t)
	w := newWorld(t, "2026-06-01 12:00")
	p := w.startWeb(t, false)
	link := boardURL(t, w.sudoku(t, "77", "new", "puzzle", webPuzzle).Components)
	ctx := openBoard(t, link, 360, 740, "dark")
	if over := eval[string](t, ctx, `[...document.querySelectorAll("button, [data-cell]")].filter(e => e.getBoundingClientRect().right > 360.5).map(e => e.textContent || e.dataset.cell).join(" ") + (document.documentElement.scrollWidth > 360 ? " page:" + document.documentElement.scrollWidth : "")`); over != "" {
		t.Errorf("at 360 px wide these stick out: %s", over)
	}
	shoot(t, ctx, "360x740-dark")

	// Pencil marks: P, then 1 and 3 in r9c1.
	do(t, ctx, "pencil 1 3 in r9c1", chromedp.Click(chromedp.CSS(cellSel(9, 1))), chromedp.KeyEvent("p"), chromedp.KeyEvent("1"), chromedp.KeyEvent("3"), chromedp.KeyEvent("p"))
	waitFor(t, ctx, "the marks in r9c1", `document.querySelector('[data-cell="r9c1"]').textContent === "13"`)
	if s := settled(t, ctx, link); len(s.Marks) != 81 || s.Marks[72] != "13" {
		t.Fatalf("the server's marks of r9c1 are %q, want 13", s.Marks)
	}
	// Auto candidates fill the other empty cells; r9c1 keeps the player's.
	do(t, ctx, "auto candidates on", chromedp.Click(chromedp.CSS(`[data-action="auto"]`)))
	waitFor(t, ctx, "candidates in r9c2", `document.querySelector('[data-cell="r9c2"]').classList.contains("marks")`)
	if got := eval[string](t, ctx, `document.querySelector('[data-cell="r9c2"]').textContent`); got != "1245" {
		t.Errorf("r9c2's auto candidates are %q, want 1245 (row 9, column 2 and box 7 hold 3 6 7 8 9)", got)
	}
	if got := eval[string](t, ctx, `document.querySelector('[data-cell="r9c1"]').textContent`); got != "13" {
		t.Errorf("with auto candidates r9c1 shows %q, want the player's 13", got)
	}
	shootAll(t, ctx, "pencil")
	do(t, ctx, "auto candidates off", chromedp.Click(chromedp.CSS(`[data-action="auto"]`)))
	waitFor(t, ctx, "no candidates in r9c2", `document.querySelector('[data-cell="r9c2"]').textContent === ""`)

	// Undo and redo.
	typeDigit(t, ctx, 9, 3, 5)
	if s := settled(t, ctx, link); s.Entries[74] != '5' {
		t.Fatalf("r9c3 holds %c after typing 5", s.Entries[74])
	}
	do(t, ctx, "undo", chromedp.Click(chromedp.CSS(`[data-action="undo"]`)))
	if s := settled(t, ctx, link); s.Entries[74] != '0' {
		t.Fatalf("r9c3 holds %c after undo", s.Entries[74])
	}
	do(t, ctx, "redo", chromedp.Click(chromedp.CSS(`[data-action="redo"]`)))
	if s := settled(t, ctx, link); s.Entries[74] != '5' {
		t.Fatalf("r9c3 holds %c after redo", s.Entries[74])
	}
	// The same from the keyboard: Ctrl+Z and Ctrl+Y.
	do(t, ctx, "Ctrl+Z", chromedp.KeyEvent("z", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	if s := settled(t, ctx, link); s.Entries[74] != '0' {
		t.Fatalf("r9c3 holds %c after Ctrl+Z", s.Entries[74])
	}
	do(t, ctx, "Ctrl+Y", chromedp.KeyEvent("y", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	if s := settled(t, ctx, link); s.Entries[74] != '5' {
		t.Fatalf("r9c3 holds %c after Ctrl+Y", s.Entries[74])
	}

	// Another device moves first (r9c4=2); the page, not having polled,
	// sends r9c6=6 on the old version: both are kept.
	eval[bool](t, ctx, `(document.body.dataset.poll = "off") === "off"`)
	s := apiGame(t, link)
	apiCall(t, link, http.MethodPost, "api/moves", fmt.Sprintf(`{"version":%d,"moves":[{"row":9,"col":4,"digit":2}],"marks":[]}`, s.Version))
	typeDigit(t, ctx, 9, 6, 6)
	s = settled(t, ctx, link)
	if s.Entries[75] != '2' || s.Entries[77] != '6' {
		t.Fatalf("after a stale move the game holds r9c4=%c r9c6=%c, want 2 and 6", s.Entries[75], s.Entries[77])
	}
	waitFor(t, ctx, "r9c4=2 from the other device on the page", `document.querySelector('[data-cell="r9c4"]').textContent === "2"`)
	if msg := eval[string](t, ctx, `document.querySelector(".status").textContent`); msg == "" {
		t.Errorf("the player was not told that the game had moved on")
	} else {
		t.Logf("after the stale move the page says %q", msg)
	}

	// Give up takes two presses; then the solution shows and the keypad goes.
	do(t, ctx, "give up", chromedp.Click(chromedp.CSS(`[data-action="giveup"]`)), chromedp.Click(chromedp.CSS(`[data-action="giveup"]`)))
	waitFor(t, ctx, "the solution", `!document.querySelector(".done").hidden && document.querySelectorAll(".cell.revealed").length > 0`)
	if got := eval[string](t, ctx, `[...document.querySelectorAll("[data-cell]")].map(c => c.textContent).join("")`); got != webSolution {
		t.Errorf("after giving up the board shows %q, want the solution", got)
	}
	if lbl := eval[string](t, ctx, `document.querySelector(".cell.revealed").getAttribute("aria-label")`); !strings.Contains(lbl, "solution") {
		t.Errorf("a revealed cell's label %q does not say it is the solution", lbl)
	}
	if eval[bool](t, ctx, `getComputedStyle(document.querySelector(".keypad")).display !== "none"`) {
		t.Errorf("the keypad still shows after giving up")
	}

	// The token left the address bar when the page read it, and a reload
	// of the same tab still opens the game (the tab keeps it).
	if h := eval[string](t, ctx, `location.hash`); h != "" {
		t.Errorf("the token is still in the address: %q", h)
	}
	do(t, ctx, "a reload", chromedp.Reload())
	waitFor(t, ctx, "the board after a reload", `document.body.dataset.ready === "1"`)

	// A link without a token (in a tab that never had one), and one with
	// a forged token, say so.
	base, token, _ := strings.Cut(link, "#")
	eval[bool](t, ctx, `(sessionStorage.clear(), true)`)
	do(t, ctx, "a link without its token", chromedp.Navigate(base))
	waitFor(t, ctx, "the no-token message", `document.body.dataset.ready === "error"`)
	noToken := eval[string](t, ctx, `document.querySelector(".fatal").textContent`)
	do(t, ctx, "a link with a forged token", chromedp.Navigate("about:blank"), chromedp.Navigate(base+"#x"+token[1:]))
	waitFor(t, ctx, "the bad-token message", `document.body.dataset.ready === "error"`)
	forged := eval[string](t, ctx, `document.querySelector(".fatal").textContent`)
	t.Logf("no token: %q; forged token: %q", noToken, forged)
	if !strings.Contains(noToken, "Open board") || forged == "" || forged == noToken {
		t.Errorf("no token says %q, a forged one %q", noToken, forged)
	}

	// The Activity page of a bot whose Activity is off says so, in the catalogue's words.
	do(t, ctx, "the Activity page with the Activity off", chromedp.Navigate(p.base+"/activity/?frame_id=f&instance_id=i&platform=desktop"))
	waitFor(t, ctx, "the Activity-off message", `document.body.dataset.ready === "error"`)
	if msg := eval[string](t, ctx, `document.querySelector(".fatal").textContent`); !strings.Contains(msg, "not turned on") {
		t.Errorf("the Activity page with the Activity off says %q", msg)
	}
}

// chainPuzzle is the first puzzle of engine/testdata/sxbank_diabolical.txt
// (SE 5.0): its logical path (sudokubot steps) takes a Skyscraper, whose
// links the overlay draws as arrows.
const chainPuzzle = "040000090000050000806000407000080000005020700002165900007603500609070302000000000"

// TestWebBrowserChainHint plays (through the API, taking each hint at
// level 3, whose eliminations the bot keeps as pencil marks) until the
// next step has links or branches, then asks its hints 1-3 on the page:
// levels 2 and 3 draw the links as arrows, level 2 no result.
func TestWebBrowserChainHint(t *testing.T) {
	needBrowser(t)
	w := newWorld(t, "2026-06-01 12:00")
	w.startWeb(t, false)
	link := boardURL(t, w.sudoku(t, "77", "new", "puzzle", chainPuzzle).Components)
	type hintAnswer struct {
		Technique  string            `json:"technique"`
		Links      []json.RawMessage `json:"links"`
		Branches   []json.RawMessage `json:"branches"`
		Placements []struct{ Row, Col, Digit int }
		State      webState `json:"state"`
	}
	var h hintAnswer
	found := false
	for range 60 {
		if err := json.Unmarshal(apiRaw(t, link, http.MethodPost, "api/hint", `{"level":2}`), &h); err != nil {
			t.Fatal(err)
		}
		if len(h.Links) > 0 || len(h.Branches) > 0 {
			found = true
			break
		}
		if err := json.Unmarshal(apiRaw(t, link, http.MethodPost, "api/hint", `{"level":3}`), &h); err != nil {
			t.Fatal(err)
		}
		if len(h.Placements) > 0 {
			var moves []string
			for _, p := range h.Placements {
				moves = append(moves, fmt.Sprintf(`{"row":%d,"col":%d,"digit":%d}`, p.Row, p.Col, p.Digit))
			}
			apiCall(t, link, http.MethodPost, "api/moves", fmt.Sprintf(`{"version":%d,"moves":[%s],"marks":[]}`, h.State.Version, strings.Join(moves, ",")))
		}
	}
	if !found {
		t.Fatalf("no step with links within 60 steps (last: %s)", h.Technique)
	}
	t.Logf("the next step is %s: %d links, %d branches", h.Technique, len(h.Links), len(h.Branches))
	ctx := openBoard(t, link, 390, 844, "dark")
	for level := 1; level <= 3; level++ {
		text := askHint(t, ctx, level)
		arrows := eval[int](t, ctx, `document.querySelectorAll(".overlay line[marker-end]").length`)
		result := resultMarks(t, ctx)
		t.Logf("hint %d: %d arrows, %d result marks: %s", level, arrows, result, text)
		if level >= 2 && arrows == 0 {
			t.Errorf("hint %d of a %s draws no arrow", level, h.Technique)
		}
		if (level == 2) != (result == 0) && level != 1 {
			t.Errorf("hint %d shows %d result marks", level, result)
		}
		if level >= 2 {
			shootAll(t, ctx, fmt.Sprintf("chain-hint%d", level))
		}
		if level == 2 && len(h.Links) > 1 {
			// Walked link by link: the first link alone, then the second with the first fainter.
			for i := range 2 {
				do(t, ctx, "Next", chromedp.Click(chromedp.CSS(`[data-action="walk-next"]`)))
				waitFor(t, ctx, "the next link", fmt.Sprintf(`document.querySelector(".hintbox").dataset.walk === "%d"`, i))
				now := eval[int](t, ctx, `document.querySelectorAll(".overlay line.now[marker-end]").length`)
				all := eval[int](t, ctx, `document.querySelectorAll(".overlay line[marker-end]").length`)
				text := eval[string](t, ctx, `document.querySelector(".hintbox .walk-text").textContent`)
				t.Logf("link %d: %d current of %d arrows: %s", i+1, now, all, text)
				if now != 1 || all != i+1 || text == "" {
					t.Errorf("link %d of the walk draws %d current arrows of %d (text %q), want 1 of %d", i+1, now, all, text, i+1)
				}
			}
			shoot(t, ctx, "chain-walk2-390x844")
		}
	}
}

// forcingPuzzle's path reaches a dynamic forcing chain of several cases
// (csp_rules_ser_examples.txt, puzzle 32 of ../shared/data/puzzles): the
// tests put the board there first (startForcing).
const forcingPuzzle = ".8.4.5....12.3...........6.3....4..7.6.7...5.7...8...9......1......9.2.....3.6..."

// startForcing starts forcingPuzzle and moves its board, through the
// board's API, to the position where the teaching path takes its first
// forcing chain of two or more cases: the path's placements entered, every
// other cell's candidates pencil-marked (a hint reads the marks). Since
// the grouped chains pass through almost locked sets, the puzzle's first
// step is such a chain, not the forcing chain. It returns the board's link.
func startForcing(t *testing.T, w *world) string {
	t.Helper()
	link := boardURL(t, w.sudoku(t, "77", "new", "puzzle", forcingPuzzle).Components)
	b := pathtest.FirstForcing(t, forcingPuzzle)
	var moves, marks []string
	g := engine.MustParse(forcingPuzzle)
	for c := range engine.NumCells {
		r, col := engine.RowOf(c)+1, engine.ColOf(c)+1
		switch {
		case b.Grid[c] != 0 && g[c] == 0:
			moves = append(moves, fmt.Sprintf(`{"row":%d,"col":%d,"digit":%d}`, r, col, b.Grid[c]))
		case b.Grid[c] == 0:
			ds := fmt.Sprint(b.Cands[c].Slice())
			marks = append(marks, fmt.Sprintf(`{"row":%d,"col":%d,"digits":%s}`, r, col, strings.ReplaceAll(ds, " ", ",")))
		}
	}
	s := apiGame(t, link)
	apiCall(t, link, http.MethodPost, "api/moves", fmt.Sprintf(`{"version":%d,"moves":[%s],"marks":[%s]}`, s.Version, strings.Join(moves, ","), strings.Join(marks, ",")))
	return link
}

// TestWebBrowserForcingHint asks a real forcing chain's hints 1-3 on the
// page: levels 2 and 3 draw each case in its own colour, with its
// assumption and arrows; level 2 no result, level 3 the result.
func TestWebBrowserForcingHint(t *testing.T) {
	needBrowser(t)
	w := newWorld(t, "2026-06-01 12:00")
	w.startWeb(t, false)
	link := startForcing(t, w)
	ctx := openBoard(t, link, 390, 844, "light")
	for level := 1; level <= 3; level++ {
		text := askHint(t, ctx, level)
		cases := eval[int](t, ctx, `new Set([...document.querySelectorAll(".overlay g.marks .branch")].map((e) => [...e.classList].find((c) => /^b[0-9]$/.test(c)))).size`)
		arrows := eval[int](t, ctx, `document.querySelectorAll(".overlay line.branch[marker-end]").length`)
		result := resultMarks(t, ctx)
		t.Logf("hint %d: %d cases, %d arrows, %d result marks: %s", level, cases, arrows, result, text)
		switch {
		case level == 1 && (cases != 0 || result != 0):
			t.Errorf("hint 1 draws %d cases and %d result marks", cases, result)
		case level >= 2 && (cases < 2 || arrows == 0):
			t.Errorf("hint %d draws %d cases and %d arrows, want every case in its colour", level, cases, arrows)
		case level == 2 && result != 0:
			t.Errorf("hint 2 shows %d result marks", result)
		case level == 3 && result == 0:
			t.Error("hint 3 shows no result")
		}
		if level >= 2 {
			shootAll(t, ctx, fmt.Sprintf("forcing-hint%d", level))
		}
		if level == 3 {
			hintInView(t, ctx)
		}
	}
}

// contradictionPuzzle's first step is a dynamic forcing chain that
// refutes a tried digit (csp_rules_ser_examples.txt, line 31 of
// ../shared/data/puzzles): its level-2 text says "Suppose r9c9 is x".
const contradictionPuzzle = ".....1..2....3..4...52..1....36...1..2..7...89....57....9..7....8.9....43...4..8."

// triedJS reads what the overlay draws for the hidden digit x: the cells
// tagged x, their badges' centres, and any shape drawn at a cell's centre
// as a candidate would be (a circle of a candidate's size there names 5).
const triedJS = `(() => {
	const o = document.querySelector(".overlay");
	const cells = [...o.querySelectorAll("[data-tried]")].map((g) => g.dataset.tried).sort();
	const badges = [...o.querySelectorAll("[data-tried] text.badge")].map((t) => [Number(t.getAttribute("x")), Number(t.getAttribute("y")), t.textContent]);
	const centred = [...o.querySelectorAll("g.marks circle:not(.halo), g.marks text")].filter((e) => {
		const x = Number(e.getAttribute("cx") ?? e.getAttribute("x")), y = Number(e.getAttribute("cy") ?? e.getAttribute("y"));
		return x % 100 === 50 && y % 100 === 50 && !(Number(e.getAttribute("r")) > 30);
	}).length;
	const fromTried = [...o.querySelectorAll("line.branch[marker-end]")].filter((l) => {
		const x = Number(l.getAttribute("x1")), y = Number(l.getAttribute("y1"));
		return cells.some((c) => { const r = Number(c[1]), k = Number(c[3]); return x > (k - 1) * 100 && x < k * 100 && y > (r - 1) * 100 && y < r * 100; });
	}).length;
	return { cells, badges, centred, fromTried };
})()`

type triedDrawn struct {
	Cells     []string `json:"cells"`
	Badges    [][3]any `json:"badges"`
	Centred   int      `json:"centred"`
	FromTried int      `json:"fromTried"`
}

// TestWebBrowserContradictionHint asks a refutation's level-2 hint: the
// tried digit is the letter x, drawn as a badge on the corners of the
// cells the text says are, or are not, x (never at a candidate's place),
// with arrows leaving those cells so the chain can be followed; level 3
// names the digit and tags nothing.
func TestWebBrowserContradictionHint(t *testing.T) {
	needBrowser(t)
	w := newWorld(t, "2026-06-01 12:00")
	w.startWeb(t, false)
	link := boardURL(t, w.sudoku(t, "77", "new", "puzzle", contradictionPuzzle).Components)
	ctx := openBoard(t, link, 390, 844, "light")
	askHint(t, ctx, 1)
	text := askHint(t, ctx, 2)
	// The cells the text says are x or not x, one by one or in a list.
	said := map[string]bool{}
	for _, m := range regexp.MustCompile(`((?:r\dc\d(?:, | and )?)+) (?:is|are) (?:not )?x\b`).FindAllStringSubmatch(text, -1) {
		for _, c := range regexp.MustCompile(`r\dc\d`).FindAllString(m[1], -1) {
			said[c] = true
		}
	}
	got := eval[triedDrawn](t, ctx, triedJS)
	t.Logf("hint 2: tagged %v, badges %v, %d arrows from tagged cells; text %q", got.Cells, got.Badges, got.FromTried, text)
	if !strings.Contains(text, "Suppose r9c9 is x") {
		t.Fatalf("hint 2 is not the refutation of r9c9: %q", text)
	}
	var want []string
	for c := range said {
		want = append(want, c)
	}
	slices.Sort(want)
	if !slices.Equal(got.Cells, want) {
		t.Errorf("the picture tags %v with x, the text says %v: they must say the same thing", got.Cells, want)
	}
	for _, b := range got.Badges {
		x, y := b[0].(float64), b[1].(float64)
		if int(x)%100 != 0 || int(y)%100 != 0 || x <= 0 || x >= 900 || y <= 0 || y >= 900 || b[2] != "x" {
			t.Errorf("badge %v is not an x on a cell's corner inside the board", b)
		}
	}
	if got.Centred != 0 {
		t.Errorf("%d candidate-sized shapes drawn at a cell's centre, where candidate 5 sits", got.Centred)
	}
	if got.FromTried == 0 {
		t.Error("no arrow leaves a cell tagged x: the chain's start is not shown")
	}
	if n := resultMarks(t, ctx); n != 0 {
		t.Errorf("hint 2 shows %d result marks", n)
	}
	shootAll(t, ctx, "contradiction-hint2")
	askHint(t, ctx, 3)
	if got := eval[triedDrawn](t, ctx, triedJS); len(got.Cells) != 0 {
		t.Errorf("hint 3 names the digit yet tags %v with x", got.Cells)
	}
}

// walkStop is what the overlay draws at one stop of a walked proof.
type walkStop struct {
	At      int    `json:"at"`
	Now     int    `json:"now"`
	NowLine int    `json:"nowLine"`
	Past    int    `json:"past"`
	Faded   int    `json:"faded"`
	Count   string `json:"count"`
	Text    string `json:"text"`
}

const walkStopJS = `(() => {
	const o = document.querySelector(".overlay"), box = document.querySelector(".hintbox");
	return {
		at: Number(box.dataset.walk),
		now: o.querySelectorAll(".now").length,
		nowLine: o.querySelectorAll("line.now[marker-end]").length,
		past: o.querySelectorAll(".past").length,
		faded: o.querySelectorAll(".faded").length,
		count: box.querySelector(".walk-count").textContent,
		text: box.querySelector(".walk-text").textContent,
	};
})()`

// inView reports whether the board, the hint's walk buttons and the
// action buttons are all inside the viewport.
const inViewJS = `(() => {
	const ok = (sel) => { const e = document.querySelector(sel); if (!e) return false; const r = e.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight + 1 && r.right <= innerWidth + 1 && r.width > 0; };
	return [".boardwrap", "[data-action=walk-back]", "[data-action=walk-next]", "[data-action=hint]", "[data-action=giveup]"].filter((s) => !ok(s)).join(" ");
})()`

// TestWebBrowserWalkProof walks a forcing chain's level-2 proof on the
// page: Next three times and Back once (by the [ key while the hint panel
// has focus). Each stop draws one current implication in its case, the
// earlier ones fainter and the other cases faded; the board, the walk's
// buttons and the action buttons stay in view at 390x844 and 1280x800.
func TestWebBrowserWalkProof(t *testing.T) {
	needBrowser(t)
	w := newWorld(t, "2026-06-01 12:00")
	w.startWeb(t, false)
	link := startForcing(t, w)
	ctx := openBoard(t, link, 390, 844, "light")
	askHint(t, ctx, 1)
	if n := eval[int](t, ctx, `document.querySelectorAll("[data-action=walk-next]").length`); n != 0 {
		t.Errorf("hint 1 has %d walk buttons, want none", n)
	}
	askHint(t, ctx, 2)
	if eval[string](t, ctx, `document.querySelector(".hintbox").dataset.walk`) != "-1" {
		t.Fatal("hint 2 of a forcing chain has no walk")
	}
	checkInView := func(stop string) {
		t.Helper()
		for _, size := range [][2]int64{{390, 844}, {1280, 800}} {
			setView(t, ctx, size[0], size[1], "light")
			if out := eval[string](t, ctx, inViewJS); out != "" {
				t.Errorf("%s at %dx%d: out of view: %s", stop, size[0], size[1], out)
			}
			shoot(t, ctx, fmt.Sprintf("walk-%s-%dx%d", stop, size[0], size[1]))
		}
		setView(t, ctx, 390, 844, "light")
	}
	checkInView("whole")
	var stops []walkStop
	for i := range 3 {
		do(t, ctx, "Next", chromedp.Click(chromedp.CSS(`[data-action="walk-next"]`)))
		waitFor(t, ctx, "the walk's next stop", fmt.Sprintf(`document.querySelector(".hintbox").dataset.walk === "%d"`, i))
		s := eval[walkStop](t, ctx, walkStopJS)
		t.Logf("stop %d: %s: %q; %d now (%d arrows), %d past, %d faded", i+1, s.Count, s.Text, s.Now, s.NowLine, s.Past, s.Faded)
		stops = append(stops, s)
		if s.Now == 0 || s.Faded == 0 || s.Text == "" {
			t.Errorf("stop %d draws %d current shapes and %d faded ones, text %q: want the current step drawn, the other cases faded", i+1, s.Now, s.Faded, s.Text)
		}
		if i > 0 && s.Past <= stops[i-1].Past {
			t.Errorf("stop %d: %d past shapes, not more than the stop before (%d)", i+1, s.Past, stops[i-1].Past)
		}
		checkInView(fmt.Sprintf("stop%d", i+1))
	}
	// The first stop is the case's assumption; the next two implications each have an arrow from what they follow.
	if stops[0].NowLine != 0 || stops[1].NowLine == 0 || stops[2].NowLine == 0 {
		t.Errorf("current arrows per stop %d, %d, %d: want 0 for the assumption, then at least one", stops[0].NowLine, stops[1].NowLine, stops[2].NowLine)
	}
	if result := resultMarks(t, ctx); result != 0 {
		t.Errorf("the walk of hint 2 shows %d result marks", result)
	}
	do(t, ctx, "Back by key", chromedp.Focus(chromedp.CSS(".hintbox")), chromedp.KeyEvent("["))
	waitFor(t, ctx, "the walk one stop back", `document.querySelector(".hintbox").dataset.walk === "1"`)
	if back := eval[walkStop](t, ctx, walkStopJS); back.Text != stops[1].Text || back.Now != stops[1].Now || back.Past != stops[1].Past {
		t.Errorf("back at stop 2 shows %+v, want %+v", back, stops[1])
	}
	checkInView("back2")
	// The arrow keys step the walk, not the board's selection, while the panel has focus.
	selected := `document.querySelector(".cell.sel")?.dataset.cell || ""`
	before := eval[string](t, ctx, selected)
	do(t, ctx, "Next by key", chromedp.Focus(chromedp.CSS(".hintbox")), chromedp.KeyEvent(kb.ArrowRight))
	waitFor(t, ctx, "the walk one stop on", `document.querySelector(".hintbox").dataset.walk === "2"`)
	if after := eval[string](t, ctx, selected); after != before {
		t.Errorf("the arrow key in the hint panel moved the selection from %s to %s", before, after)
	}
}

// TestWebBrowserCalendar opens the calendar of past dailies from the
// board, sees today marked and yesterday playable, opens yesterday's
// daily (the page reloads on its token: a late daily), and opens the
// progress picture with its description.
func TestWebBrowserCalendar(t *testing.T) {
	needBrowser(t)
	w := newWorld(t, "2026-06-01 12:00")
	p := w.startWeb(t, false)
	r := w.sudoku(t, "78", "new", "puzzle", webPuzzle)
	ctx := openBoard(t, boardURL(t, r.Components), 390, 844, "light")

	do(t, ctx, "calendar", chromedp.Click(chromedp.CSS(`[data-action="calendar"]`)))
	waitFor(t, ctx, "the month", `!!document.querySelector('.cal-day[aria-current="date"][data-day="2026-06-01"]')`)
	if n := eval[int](t, ctx, `document.querySelectorAll(".cal-day").length`); n != 30 {
		t.Fatalf("June shows %d days", n)
	}
	if lbl := eval[string](t, ctx, `document.querySelector('.cal-day[data-day="2026-06-01"]').getAttribute("aria-label")`); !strings.Contains(lbl, "today") {
		t.Errorf("today's label %q", lbl)
	}
	shootAll(t, ctx, "calendar-june")
	// May, and its last day.
	do(t, ctx, "previous month", chromedp.Click(chromedp.CSS(`.cal-nav button:first-child`)))
	waitFor(t, ctx, "May", `!!document.querySelector('.cal-day[data-day="2026-05-31"]')`)
	if lbl := eval[string](t, ctx, `document.querySelector('.cal-day[data-day="2026-05-31"]').getAttribute("aria-label")`); !strings.Contains(lbl, "missed") {
		t.Errorf("31 May's label %q", lbl)
	}
	do(t, ctx, "play 31 May", chromedp.Click(chromedp.CSS(`.cal-day[data-day="2026-05-31"]`)))
	waitFor(t, ctx, "the board reloaded on 31 May's daily", `document.body.dataset.ready === "1" && !document.querySelector(".panel")`)
	g, err := p.st.CurrentGame(context.Background(), "78", e2eGuild)
	if err != nil || g.Day.String() != "2026-05-31" || !g.Late {
		t.Fatalf("the game after choosing 31 May: day %s late %v (%v)", g.Day, g.Late, err)
	}

	do(t, ctx, "progress", chromedp.Click(chromedp.CSS(`[data-action="progress"]`)))
	waitFor(t, ctx, "the picture", `(() => { const i = document.querySelector(".panel.progress img"); return !!i && i.complete && i.naturalWidth > 400; })()`)
	if alt := eval[string](t, ctx, `document.querySelector(".panel.progress img").alt`); !strings.Contains(alt, "thirteen weeks") {
		t.Errorf("the picture's description %q", alt)
	}
	shootAll(t, ctx, "progress")
	policyClean(t, ctx)
}

// hintInViewJS lists what of the board, the action buttons and the
// hint's result line is outside the viewport (or hidden).
const hintInViewJS = `(() => {
	const ok = (sel) => { const e = document.querySelector(sel); if (!e) return false; const r = e.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight + 1 && r.right <= innerWidth + 1 && r.width > 0 && r.height > 0; };
	return [".boardwrap", ".hintbox .result", "[data-action=hint]", "[data-action=check]", "[data-action=giveup]", ".keypad [data-digit='9']"].filter((s) => !ok(s)).join(" ");
})()`

// hintInView checks a level-3 hint at 390x844 and 1280x800: the board,
// the actions and the hint's result line in view, the hint's text
// scrolling in its box with a cue when it is longer than the box, and
// no keyboard help taking room on a phone.
func hintInView(t *testing.T, ctx context.Context) {
	t.Helper()
	for _, size := range [][2]int64{{390, 844}, {1280, 800}} {
		setView(t, ctx, size[0], size[1], "dark")
		eval[bool](t, ctx, `(document.querySelector(".hintbox .proof").dispatchEvent(new Event("scroll")), true)`)
		time.Sleep(100 * time.Millisecond)
		if out := eval[string](t, ctx, hintInViewJS); out != "" {
			t.Errorf("level-3 hint at %dx%d: out of view: %s", size[0], size[1], out)
		}
		scrolls := eval[bool](t, ctx, `(() => { const p = document.querySelector(".hintbox .proof"); return p.scrollHeight > p.clientHeight + 2; })()`)
		cue := eval[string](t, ctx, `document.querySelector(".hintbox").dataset.more`)
		if scrolls != (cue == "1") {
			t.Errorf("at %dx%d the hint scrolls: %v, its scroll cue says %q", size[0], size[1], scrolls, cue)
		}
		if size[0] == 390 && eval[bool](t, ctx, `document.querySelector(".keys").getBoundingClientRect().height > 0`) {
			t.Errorf("the keyboard help takes room at 390 px")
		}
		t.Logf("level-3 hint at %dx%d: text scrolls %v, result line %q", size[0], size[1], scrolls, eval[string](t, ctx, `document.querySelector(".hintbox .result").textContent`))
		shoot(t, ctx, fmt.Sprintf("longhint-%dx%d", size[0], size[1]))
	}
	setView(t, ctx, 390, 844, "light")
}

// digitLeft is how many of digit d the grid still lacks.
func digitLeft(grid string, d byte) int {
	return 9 - strings.Count(grid, string('0'+d))
}

// TestWebBrowserAids: the solving aids. A tapped or typed digit is
// highlighted in every cell and candidate (data-highlight); the keypad
// counts what is left of each digit (data-digit-count) and greys out a
// digit all nine of which are placed; number-first entry places a
// chosen digit in each tapped cell; two colour marks paint cells and
// candidates and survive a reload; and the board is an ARIA grid the
// keyboard alone can walk.
func TestWebBrowserAids(t *testing.T) {
	needBrowser(t)
	w := newWorld(t, "2026-06-01 12:00")
	w.startWeb(t, false)
	link := boardURL(t, w.sudoku(t, "77", "new", "puzzle", webPuzzle).Components)
	ctx := openBoard(t, link, 390, 844, "light")
	highlight := `document.querySelector(".board").dataset.highlight`
	counts := `[...document.querySelectorAll(".keypad [data-digit-count]")].map((b) => b.dataset.digitCount).join("")`
	wantCounts := func(grid string) string {
		var sb strings.Builder
		for d := byte(1); d <= 9; d++ {
			fmt.Fprint(&sb, digitLeft(grid, d))
		}
		return sb.String()
	}

	// The ARIA grid: rows and cells indexed, one cell in the tab order, labels.
	aria := eval[string](t, ctx, `(() => {
		const g = document.querySelector("[role=grid]");
		const rows = g.querySelectorAll("[role=row][aria-rowindex]").length;
		const cells = g.querySelectorAll("[role=gridcell][aria-rowindex][aria-colindex][aria-label]").length;
		const tab = g.querySelectorAll("[role=gridcell][tabindex='0']").length;
		return rows + " " + cells + " " + tab;
	})()`)
	if aria != "9 81 1" {
		t.Errorf("the grid has rows, labelled cells, tabbable cells %q, want 9 81 1", aria)
	}
	if got := eval[string](t, ctx, highlight); got != "" {
		t.Errorf("data-highlight %q before any digit was chosen, want empty", got)
	}
	if got := eval[string](t, ctx, counts); got != wantCounts(webPuzzle) {
		t.Errorf("digit counts %s, want %s", got, wantCounts(webPuzzle))
	}

	// Tapping a given 5 highlights every 5.
	do(t, ctx, "tap r1c1", chromedp.Click(chromedp.CSS(cellSel(1, 1))))
	waitFor(t, ctx, "5 highlighted", highlight+` === "5"`)
	if n, want := eval[int](t, ctx, `document.querySelectorAll(".cell.same").length`), 9-digitLeft(webPuzzle, 5); n != want {
		t.Errorf("%d cells highlighted for 5, want %d", n, want)
	}
	// The keyboard alone: an arrow moves the focus with the selection.
	do(t, ctx, "arrow right", chromedp.KeyEvent(kb.ArrowRight))
	if got := eval[string](t, ctx, `document.activeElement.dataset.cell + " " + document.activeElement.getAttribute("aria-label")`); !strings.HasPrefix(got, "r1c2 Row 1, column 2") {
		t.Errorf("after ArrowRight the focus is on %q, want r1c2 labelled Row 1, column 2", got)
	}
	// Typing a digit highlights it, candidates included (auto candidates on).
	do(t, ctx, "auto candidates", chromedp.Click(chromedp.CSS(`[data-action="auto"]`)))
	do(t, ctx, "r9c1, then 1 typed", chromedp.Click(chromedp.CSS(cellSel(9, 2))), chromedp.KeyEvent("1"))
	waitFor(t, ctx, "1 highlighted", highlight+` === "1"`)
	if n := eval[int](t, ctx, `document.querySelectorAll(".cell.marks .m.hl").length`); n == 0 {
		t.Errorf("no candidate 1 highlighted")
	}
	shootAll(t, ctx, "aids-highlight")
	do(t, ctx, "undo the 1", chromedp.Click(chromedp.CSS(`[data-action="undo"]`)))
	settled(t, ctx, link)

	// Number first: choose the digit with most givens, then tap every
	// blank cell it goes in: all nine placed, its key greys out.
	best := byte(1)
	for d := byte(2); d <= 9; d++ {
		if digitLeft(webPuzzle, d) < digitLeft(webPuzzle, best) {
			best = d
		}
	}
	do(t, ctx, "number first", chromedp.Click(chromedp.CSS(`[data-action="numberfirst"]`)),
		chromedp.Click(chromedp.CSS(fmt.Sprintf(`.keypad [data-digit="%d"]`, best))))
	waitFor(t, ctx, "the digit chosen", fmt.Sprintf(`document.querySelector('.keypad [data-digit="%d"]').getAttribute("aria-pressed") === "true" && %s === "%d"`, best, highlight, best))
	grid := []byte(webPuzzle)
	for i := range 81 {
		if webPuzzle[i] == '0' && webSolution[i] == '0'+best {
			do(t, ctx, "tap", chromedp.Click(chromedp.CSS(cellSel(i/9+1, i%9+1))))
			grid[i] = '0' + best
			if digitLeft(string(grid), best) == 1 {
				shootAll(t, ctx, "aids-numberfirst")
			}
		}
	}
	s := settled(t, ctx, link)
	for i := range 81 {
		if grid[i] != webPuzzle[i] && s.Entries[i] != grid[i] {
			t.Errorf("number first: r%dc%d holds %c, want %c", i/9+1, i%9+1, s.Entries[i], grid[i])
		}
	}
	if got := eval[string](t, ctx, counts); got != wantCounts(string(grid)) {
		t.Errorf("digit counts %s after number-first entry, want %s", got, wantCounts(string(grid)))
	}
	if !eval[bool](t, ctx, fmt.Sprintf(`document.querySelector('.keypad [data-digit="%d"]').classList.contains("full")`, best)) {
		t.Errorf("digit %d is all placed but its key is not greyed out", best)
	}
	shootAll(t, ctx, "aids-counts")
	do(t, ctx, "number first off", chromedp.Click(chromedp.CSS(`[data-action="numberfirst"]`)))

	// Colours: the first on a cell, the second on a candidate; both stay after a reload.
	// With no digit chosen (erase) a tap paints the cell; with a digit, its candidate.
	do(t, ctx, "colour a cell", chromedp.Click(chromedp.CSS(`[data-action="colour"]`)), chromedp.Click(chromedp.CSS(`.keypad [data-digit="0"]`)),
		chromedp.Click(chromedp.CSS(cellSel(9, 3))))
	do(t, ctx, "colour a candidate", chromedp.Click(chromedp.CSS(`[data-action="colour"]`)), chromedp.Click(chromedp.CSS(`.keypad [data-digit="2"]`)),
		chromedp.Click(chromedp.CSS(cellSel(9, 2))))
	waitFor(t, ctx, "the colours", `document.querySelector('[data-cell="r9c3"]').classList.contains("colour-a") && document.querySelector('[data-cell="r9c2"] .m.cb')`)
	if lbl := eval[string](t, ctx, `document.querySelector('[data-cell="r9c2"]').getAttribute("aria-label")`); !strings.Contains(lbl, "candidate 2 coloured pink") {
		t.Errorf("a coloured candidate's label %q does not say so", lbl)
	}
	t.Logf("a screen reader reads: %q; %q; %q; the hint panel is aria-live", eval[string](t, ctx, `document.querySelector('[data-cell="r1c1"]').getAttribute("aria-label")`),
		eval[string](t, ctx, `document.querySelector('[data-cell="r9c2"]').getAttribute("aria-label")`),
		eval[string](t, ctx, fmt.Sprintf(`document.querySelector('.keypad [data-digit="%d"]').getAttribute("aria-label")`, best)))
	shootAll(t, ctx, "aids-colours")
	do(t, ctx, "a reload", chromedp.Reload())
	waitFor(t, ctx, "the colours after a reload", `document.body.dataset.ready === "1" && document.querySelector('[data-cell="r9c3"]').classList.contains("colour-a") && document.querySelector('[data-cell="r9c2"] .m.cb')`)
}

// lessonShots are the lessons the browser test looks at: a fish, a chain
// and a uniqueness technique (-lessons names others).
var lessonShots = flag.String("lessons", "x-wing,xy-chain,unique-rectangle-type-1", "the lessons TestWebBrowserLessons opens and shoots: a comma-separated list of slugs")

// exerciseMarkJS marks candidate d of cell c on a lesson's exercise board: a tap
// on the cell, then on the digit of the keypad.
func exerciseMarkJS(c, d int) string {
	return fmt.Sprintf(`(() => { document.querySelector('#xboard [data-cell="%d"]').click(); document.querySelectorAll("#xpad button")[%d].click(); return true })()`, c, d-1)
}

// TestWebBrowserLessons opens three lessons at 390x844 and 1280x800: each
// has its own how-to-spot text, three worked examples whose pictures
// load, and an exercise board that fits the phone's width. On the X-Wing's
// exercise a wrong mark is checked (told and outlined), then the step's
// result, marked with taps, is checked right.
func TestWebBrowserLessons(t *testing.T) {
	needBrowser(t)
	w := newWorld(t, "2026-06-01 12:00")
	web := w.startWeb(t, false)
	ctx := newBrowser(t)
	for _, slug := range strings.Split(*lessonShots, ",") {
		for _, size := range [][2]int64{{390, 844}, {1280, 800}} {
			setView(t, ctx, size[0], size[1], "light")
			openLesson(t, ctx, web.base+"/learn/"+slug)
			waitFor(t, ctx, "the lesson's pictures", `[...document.querySelectorAll(".worked img")].length >= 3 && [...document.querySelectorAll(".worked img")].every((i) => { i.loading = "eager"; return i.complete && i.naturalWidth > 0 })`)
			wide := eval[bool](t, ctx, `(() => { const b = document.querySelector("#xboard").getBoundingClientRect(); return b.width > 0 && b.right <= innerWidth && document.documentElement.scrollWidth <= innerWidth })()`)
			if !wide {
				t.Errorf("%s at %dx%d: the exercise board or the page is wider than the screen", slug, size[0], size[1])
			}
			name := fmt.Sprintf("lesson-%s-%dx%d", slug, size[0], size[1])
			shoot(t, ctx, name)
			scrollTo(t, ctx, ".examples")
			shoot(t, ctx, name+"-examples")
			scrollTo(t, ctx, "#exercise")
			shoot(t, ctx, name+"-exercise")
		}
	}

	// A technique the solving path never takes first: its lesson shows
	// illustrations (an easier step applies there too, and it says so),
	// and offers Practise on them, saying so and which techniques come
	// first.
	en := l10n.For("en-US")
	whyJS, _ := json.Marshal(game.IllustrationNote(en, engine.TechRemotePair, "learn.practise_illustrations"))
	illusJS, _ := json.Marshal(en.T("learn.illustrations"))
	for _, size := range [][2]int64{{390, 844}, {1280, 800}} {
		setView(t, ctx, size[0], size[1], "light")
		do(t, ctx, "the Remote Pair's lesson", chromedp.Navigate(web.base+"/learn/remote-pair?lang=en-US"))
		waitFor(t, ctx, "the lesson", `document.querySelector(".examples") !== null && document.querySelectorAll(".worked img").length >= 3`)
		if eval[bool](t, ctx, fmt.Sprintf(`!document.querySelector("form.practise") || !document.querySelector(".practise").textContent.includes(%s) || !document.querySelector(".examples").textContent.includes(%s)`, whyJS, illusJS)) {
			t.Errorf("the Remote Pair's lesson at %dx%d offers no Practise, does not say its boards are illustrations and why, or passes its illustrations off as the path's steps", size[0], size[1])
		}
		scrollTo(t, ctx, ".practise")
		shoot(t, ctx, fmt.Sprintf("lesson-remote-pair-%dx%d-practise", size[0], size[1]))
		scrollTo(t, ctx, ".examples")
		shoot(t, ctx, fmt.Sprintf("lesson-remote-pair-%dx%d", size[0], size[1]))
	}

	// The X-Wing's exercise on a phone, answered wrong then right.
	setView(t, ctx, 390, 844, "light")
	openLesson(t, ctx, web.base+"/learn/x-wing")
	waitFor(t, ctx, "the exercise board", `document.querySelectorAll("#xboard .xc").length === 81`)
	var answer [][2]int
	// The answer, asked as the reveal asks it (a synchronous request, so
	// the evaluation returns it).
	raw := eval[string](t, ctx, `(() => { const d = JSON.parse(document.querySelector("#exercise script").textContent.match(/var D=(\{.*?\});/)[1]);
		const x = new XMLHttpRequest(); x.open("POST", d.url, false); x.send(JSON.stringify({action: "reveal"})); return JSON.stringify(JSON.parse(x.responseText).answer) })()`)
	if err := json.Unmarshal([]byte(raw), &answer); err != nil || len(answer) == 0 {
		t.Fatalf("the exercise's answer: %q %v", raw, err)
	}
	// A candidate of the board that the step does not remove.
	wrong := eval[[]int](t, ctx, fmt.Sprintf(`(() => { const d = JSON.parse(document.querySelector("#exercise script").textContent.match(/var D=(\{.*?\});/)[1]);
		const ans = new Set(%s.map((m) => m[0] * 10 + m[1]));
		for (let c = 0; c < 81; c++) for (let k = 1; k <= 9; k++) if (!d.grid[c] && (d.cands[c] >> k) & 1 && !ans.has(c * 10 + k)) return [c, k];
		return [] })()`, raw))
	scrollTo(t, ctx, "#exercise")
	eval[bool](t, ctx, exerciseMarkJS(wrong[0], wrong[1]))
	do(t, ctx, "Check", chromedp.Click(chromedp.CSS(`[data-act="check"]`)))
	waitFor(t, ctx, "the check's answer", `document.querySelector("#xmsg").textContent !== ""`)
	if cls, outlined := eval[string](t, ctx, `document.querySelector("#xmsg").className`), eval[int](t, ctx, `document.querySelectorAll("#xboard .k.w").length`); cls != "xmsg no" || outlined != 1 {
		t.Errorf("a wrong mark: message class %q, %d marks outlined; want told wrong with the one mark outlined", cls, outlined)
	}
	t.Logf("wrong: %q", eval[string](t, ctx, `document.querySelector("#xmsg").textContent`))
	shoot(t, ctx, "lesson-exercise-wrong-390x844")
	do(t, ctx, "Clear", chromedp.Click(chromedp.CSS(`[data-act="clear"]`)))
	for _, m := range answer {
		eval[bool](t, ctx, exerciseMarkJS(m[0], m[1]))
	}
	do(t, ctx, "Check", chromedp.Click(chromedp.CSS(`[data-act="check"]`)))
	waitFor(t, ctx, "the check's answer", `document.querySelector("#xmsg").className === "xmsg ok"`)
	t.Logf("right: %q", eval[string](t, ctx, `document.querySelector("#xmsg").textContent`))
	shoot(t, ctx, "lesson-exercise-right-390x844")
	do(t, ctx, "Hint", chromedp.Click(chromedp.CSS(`[data-act="hint"]`)))
	waitFor(t, ctx, "the hint", `document.querySelectorAll("#xboard .xc.hl").length > 0`)
	shoot(t, ctx, "lesson-exercise-hint-390x844")
}

// openLesson opens a lesson page, reloading it while its positions are
// still being made (the page does not wait for them), for up to a minute.
func openLesson(t *testing.T, ctx context.Context, u string) {
	t.Helper()
	for range 30 {
		do(t, ctx, "opening "+u, chromedp.Navigate(u))
		if eval[bool](t, ctx, `!!document.querySelector("#xboard")`) {
			return
		}
		time.Sleep(2 * time.Second)
	}
	t.Fatalf("%s: no exercise after a minute of reloads", u)
}

// scrollTo scrolls the page until the element sel is at the top, and lets it lay out.
func scrollTo(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	eval[bool](t, ctx, fmt.Sprintf(`(() => { document.querySelector(%q).scrollIntoView(); return true })()`, sel))
	time.Sleep(100 * time.Millisecond)
}
