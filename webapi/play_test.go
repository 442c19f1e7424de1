package webapi

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"sync"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/internal/discordtest"
)

// call sends one API request with tok (none when "") and decodes the
// JSON answer into out; it returns the status.
func (h *harness) call(t *testing.T, method, path, tok string, body, out any) int {
	t.Helper()
	var rd *bytes.Reader
	if body != nil {
		raw, _ := json.Marshal(body)
		rd = bytes.NewReader(raw)
	} else {
		rd = bytes.NewReader(nil)
	}
	req, _ := http.NewRequest(method, h.http.URL+path, rd)
	if tok != "" {
		req.Header.Set("Authorization", "Bearer "+tok)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if out != nil {
		if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
			t.Fatalf("%s %s: %v", method, path, err)
		}
	}
	return resp.StatusCode
}

// TestWebMoves: a move at the page's version is played and reported to
// the core's hook as Shown (the Discord door's race card); a move at an old version is
// refused with the current state and changes nothing; pencil marks alone
// are not reported; a forged token is refused and counted.
func TestWebMoves(t *testing.T) {
	h := newHarness(t)
	g, tok := h.game(t, "501")
	var empties []int
	for c, d := range g.Givens {
		if d == 0 {
			empties = append(empties, c)
		}
	}
	move := func(version int64, cell int, digit uint8, out any) int {
		return h.call(t, "POST", "/board/api/moves", tok, map[string]any{"version": version,
			"moves": []map[string]int{{"row": cell/9 + 1, "col": cell%9 + 1, "digit": int(digit)}}}, out)
	}
	var s State
	if st := move(g.Version, empties[0], g.Solution[empties[0]], &s); st != 200 || s.Entries[empties[0]] != '0'+g.Solution[empties[0]] || s.Version != g.Version+1 {
		t.Fatalf("move: %d %+v", st, s)
	}
	var stale struct {
		Code  string `json:"code"`
		State *State `json:"state"`
	}
	if st := move(g.Version, empties[1], g.Solution[empties[1]], &stale); st != 409 || stale.Code != "stale" || stale.State == nil || stale.State.Version != s.Version {
		t.Fatalf("stale move: %d %+v", st, stale)
	}
	// A version no board ever had (a crafted -1 once meant "any version"
	// in the core) is stale too, never a move past the version check.
	stale.State = nil
	if st := move(-1, empties[1], g.Solution[empties[1]], &stale); st != 409 || stale.Code != "stale" || stale.State == nil || stale.State.Version != s.Version {
		t.Fatalf("move at version -1: %d %+v", st, stale)
	}
	c := empties[2]
	if st := h.call(t, "POST", "/activity/api/moves", tok, map[string]any{"version": s.Version,
		"marks": []map[string]any{{"row": c/9 + 1, "col": c%9 + 1, "digits": []int{1, 2}}}}, &s); st != 200 || s.Marks[c] != "12" {
		t.Fatalf("marks: %d %+v", st, s)
	}
	h.mu.Lock()
	changed := h.changed
	h.mu.Unlock()
	if len(changed) != 1 || changed[0] != g.ID {
		t.Fatalf("changes Shown for %v, want once for game %d", changed, g.ID)
	}
	var refused struct{ Code string }
	if st := h.call(t, "GET", "/board/api/game", "not-a-token", nil, &refused); st != 401 || refused.Code != "unauthorized" {
		t.Fatalf("bad token: %d %+v", st, refused)
	}
	if h.metrics.get("rejected board_token") != 1 {
		t.Fatalf("a refused token is not counted: %v", h.metrics.counts)
	}
}

// TestActivitySignIn: the Activity's code is exchanged at Discord for the
// player, whose first game is made by Config.Puzzle in the server the
// page names only when Discord says the player is a member; a second
// sign-in finds the same game; a bad code gets 401 and is counted.
func TestActivitySignIn(t *testing.T) {
	fake := discordtest.New(t)
	h := newHarness(t, func(c *Config) {
		c.Activity, c.AppID, c.ClientSecret, c.DiscordAPI = true, fake.AppID, discordtest.DefaultClientSecret, fake.APIBase()
	})
	ctx := context.Background()
	signIn := func(user, guild string) (int, string) {
		var out struct {
			AccessToken string `json:"access_token"`
			Token       string `json:"token"`
		}
		body := map[string]any{"code": fake.MintOAuthCode(user), "guild_id": guild, "channel_id": "400"}
		st := h.call(t, "POST", "/activity/api/activity/token", "", body, &out)
		if st == 200 && (out.AccessToken == "" || out.Token == "") {
			t.Fatalf("sign-in answered %+v", out)
		}
		return st, out.Token
	}
	fake.JoinGuild("601", "300")
	st, tok := signIn("601", "300")
	if st != 200 {
		t.Fatalf("sign-in: %d", st)
	}
	var s State
	if st := h.call(t, "GET", "/activity/api/game", tok, nil, &s); st != 200 {
		t.Fatalf("api/game: %d", st)
	}
	g, err := h.store.CurrentGame(ctx, "601", "300")
	if err != nil || g.ID != s.GameID || g.Givens.Digits() != testPuzzle {
		t.Fatalf("the Activity's game %+v in server 300: %+v (%v)", s, g, err)
	}
	if _, again := signIn("601", "300"); again == "" {
		t.Fatal("second sign-in")
	} else if h.call(t, "GET", "/activity/api/game", again, nil, &s); s.GameID != g.ID {
		t.Fatalf("a second sign-in started game %d, not %d", s.GameID, g.ID)
	}
	// Not a member of 999: the game is a personal one.
	if st, _ := signIn("602", "999"); st != 200 {
		t.Fatalf("sign-in naming another server: %d", st)
	}
	if _, err := h.store.CurrentGame(ctx, "602", "999"); err == nil {
		t.Fatal("a game was put in a server the player is not in")
	}
	if _, err := h.store.CurrentGame(ctx, "602", ""); err != nil {
		t.Fatalf("no personal game: %v", err)
	}
	var refused struct{ Code string }
	if st := h.call(t, "POST", "/activity/api/activity/token", "", map[string]any{"code": "made-up"}, &refused); st != 401 || refused.Code != "unauthorized" {
		t.Fatalf("bad code: %d %+v", st, refused)
	}
	if h.metrics.get("rejected activity_auth") != 1 {
		t.Fatalf("a refused sign-in is not counted: %v", h.metrics.counts)
	}
}

// TestClientAddr: X-Forwarded-For is believed only from a trusted proxy,
// and then only up to the first hop that is not one.
func TestClientAddr(t *testing.T) {
	trusted := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("::1/128")}
	for _, tc := range []struct {
		remote, xff, want string
	}{
		{"203.0.113.9:4000", "", "203.0.113.9"},
		{"203.0.113.9:4000", "1.1.1.1", "203.0.113.9"},             // not a proxy: the header is anyone's
		{"10.0.0.5:4000", "198.51.100.7", "198.51.100.7"},          // a trusted proxy's word
		{"10.0.0.5:4000", "6.6.6.6, 198.51.100.7", "198.51.100.7"}, // what the client wrote before is not
		{"10.0.0.5:4000", "198.51.100.7, 10.0.0.9", "198.51.100.7"},
		{"10.0.0.5:4000", "", "10.0.0.5"},
		{"10.0.0.5:4000", "not-an-address", "10.0.0.5"},
		{"[::1]:4000", "2001:db8::1", "2001:db8::1"},
		{"[::ffff:203.0.113.9]:4000", "", "203.0.113.9"},
	} {
		r := httptest.NewRequest("POST", "/", nil)
		r.RemoteAddr = tc.remote
		if tc.xff != "" {
			r.Header.Set("X-Forwarded-For", tc.xff)
		}
		if got := clientAddr(r, trusted).String(); got != tc.want {
			t.Errorf("%s with X-Forwarded-For %q: %s, want %s", tc.remote, tc.xff, got, tc.want)
		}
	}
}

// TestActivitySignInBudgets: an address flooding made-up codes all at
// once spends its own failures, then its codes go single file through
// what the global budget has to spare, while
// a genuine code from that very address, another address, and sixty
// players sharing one address sign in; a code is exchanged once; behind a
// trusted proxy each player's forwarded address has its own budget.
func TestActivitySignInBudgets(t *testing.T) {
	fake := discordtest.New(t)
	h := newHarness(t, func(c *Config) {
		c.Activity, c.AppID, c.ClientSecret, c.DiscordAPI = true, fake.AppID, discordtest.DefaultClientSecret, fake.APIBase()
		c.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}
	})
	handler := h.srv.Handler()
	signIn := func(remote, xff, code string) int {
		b, _ := json.Marshal(map[string]any{"code": code, "channel_id": "400"})
		r := httptest.NewRequest("POST", "/activity/api/activity/token", bytes.NewReader(b))
		r.Header.Set("Content-Type", "application/json")
		r.RemoteAddr = remote
		if xff != "" {
			r.Header.Set("X-Forwarded-For", xff)
		}
		w := httptest.NewRecorder()
		handler.ServeHTTP(w, r)
		return w.Code
	}
	exchanges := func() int { return len(fake.Calls("POST", "oauth2/token")) }

	// 40 made-up codes at once: ten failures spent at once, the rest
	// single file through the global budget's spare, then 429.
	var mu sync.Mutex
	statuses := map[int]int{}
	var wg sync.WaitGroup
	for i := range 40 {
		wg.Go(func() {
			st := signIn("203.0.113.9:5000", "", fmt.Sprint("made-up-", i))
			mu.Lock()
			statuses[st]++
			mu.Unlock()
		})
	}
	wg.Wait()
	lane := signInGlobalBurst - signInReserve + int(signInGlobal*signInLaneWait/time.Second)
	t.Logf("40 made-up codes at once: %v, %d exchanges at Discord", statuses, exchanges())
	if statuses[401]+statuses[429] != 40 || exchanges() > signInFailBurst+lane || statuses[401] != exchanges() {
		t.Fatalf("40 made-up codes: %v, %d exchanges at Discord; want at most %d", statuses, exchanges(), signInFailBurst+lane)
	}
	// A genuine code from the flooding address is exchanged and answered.
	if st := signIn("203.0.113.9:5000", "", fake.MintOAuthCode("700")); st != 200 {
		t.Fatalf("a genuine code from the flooding address: %d", st)
	}
	// The flooding address cannot escape its lane by writing a header.
	signIn("203.0.113.9:5000", "198.51.100.1", "made-up-forged")
	if _, seen := h.srv.limit.limiters["activity:fail:198.51.100.1"]; seen {
		t.Fatalf("a forged X-Forwarded-For was charged instead of the peer")
	}
	if st := signIn("198.51.100.7:5000", "", fake.MintOAuthCode("701")); st != 200 {
		t.Fatalf("another address during the flood: %d", st)
	}
	for i := range 60 {
		if st := signIn("192.0.2.1:5000", "", fake.MintOAuthCode(fmt.Sprint(800+i))); st != 200 {
			t.Fatalf("player %d of 60 behind one address: %d", i, st)
		}
	}
	code := fake.MintOAuthCode("702")
	before := exchanges()
	if st := signIn("198.51.100.8:5000", "", code); st != 200 {
		t.Fatalf("fresh code: %d", st)
	}
	if st := signIn("198.51.100.8:5000", "", code); st != 401 || exchanges() != before+1 {
		t.Fatalf("the same code again: %d, %d exchanges for it", st, exchanges()-before)
	}
	// Behind the trusted proxy: one forwarded address floods and waits;
	// another, through the same proxy, signs in.
	for i := range signInFailBurst + 5 {
		signIn("10.0.0.5:5000", "203.0.113.50", fmt.Sprint("proxied-made-up-", i))
	}
	if _, seen := h.srv.limit.limiters["activity:fail:10.0.0.5"]; seen {
		t.Fatalf("the proxy's own address was charged for a forwarded address's failures")
	}
	if st := signIn("10.0.0.5:5000", "203.0.113.50", fake.MintOAuthCode("703")); st != 200 {
		t.Fatalf("a genuine code from the flooder's forwarded address: %d", st)
	}
	if st := signIn("10.0.0.5:5000", "198.51.100.60", fake.MintOAuthCode("704")); st != 200 {
		t.Fatalf("player behind the proxy during the flood: %d", st)
	}
}
