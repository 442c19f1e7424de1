package webapi

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/internal/ssetest"
	"github.com/sudokubot/sudokubot/live"
	"github.com/sudokubot/sudokubot/store"
)

// coopBoard starts a co-op board of testPuzzle hosted by host and mints
// a token for each player.
func (h *harness) coopBoard(t testing.TB, host string, players ...string) (store.Game, map[string]string) {
	t.Helper()
	ctx := context.Background()
	p, err := h.store.SavePuzzle(ctx, puzzle(t))
	if err != nil {
		t.Fatal(err)
	}
	g, err := h.store.StartCoop(ctx, host, "300", "400", p.ID, h.srv.now())
	if err != nil {
		t.Fatal(err)
	}
	toks := map[string]string{}
	for _, u := range append([]string{host}, players...) {
		if toks[u], err = h.srv.keys.Mint(ctx, u, g.ID); err != nil {
			t.Fatal(err)
		}
	}
	return g, toks
}

func (h *harness) get(t testing.TB, tok, path string, out any) int {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, h.http.URL+path, nil)
	req.Header.Set("Authorization", "Bearer "+tok)
	resp, err := h.http.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if out != nil {
		_ = json.NewDecoder(resp.Body).Decode(out)
	}
	return resp.StatusCode
}

// TestCoopOnTheBoard: two players open one co-op board with their own
// tokens; a teammate's move reaches the host's stream marked as theirs,
// the same colour (place) on both boards; a move on cells nobody else
// touched is taken at an old version; the hint for everyone is counted
// once and shown again on the teammate's board uncounted; check and give
// up are not offered.
func TestCoopOnTheBoard(t *testing.T) {
	h, _ := liveHarness(t, live.Options{})
	g, toks := h.coopBoard(t, "901", "902")
	host, err := h.stream(t, toks["901"], nil)
	if err != nil {
		t.Fatal(err)
	}
	_, first := nextState(t, host)
	if first.Coop == nil || len(first.Coop.Players) != 1 || !first.Coop.Players[0].Host || first.Coop.You != 0 {
		t.Fatalf("the host's first state: %+v", first.Coop)
	}
	var empties []int
	for c, d := range g.Givens {
		if d == 0 {
			empties = append(empties, c)
		}
	}
	move := func(tok string, version int64, c int) *http.Response {
		return h.post(t, tok, "/board/api/moves", map[string]any{"version": version,
			"moves": []map[string]int{{"row": c/9 + 1, "col": c%9 + 1, "digit": int(g.Solution[c])}}})
	}
	if resp := move(toks["902"], g.Version, empties[0]); resp.StatusCode != 200 {
		t.Fatalf("the teammate's move: %d", resp.StatusCode)
	}
	_, st := nextState(t, host)
	if st.Entries[empties[0]] == '0' || st.Coop.By != 1 || len(st.Coop.Players) != 2 || st.Coop.Players[1].Placed != 1 || st.Coop.You != 0 {
		t.Fatalf("the host's board after the teammate's move: by %d, players %+v", st.Coop.By, st.Coop.Players)
	}
	// The host, still at the first version, moves elsewhere: kept.
	if resp := move(toks["901"], g.Version, empties[1]); resp.StatusCode != 200 {
		t.Fatalf("a move at an old version on an untouched cell: %d", resp.StatusCode)
	}
	_, st = nextState(t, host)
	if st.Coop.By != 0 {
		t.Errorf("the host's own move is shown as by %d", st.Coop.By)
	}
	// ... but not on the teammate's cell.
	if resp := move(toks["901"], g.Version, empties[0]); resp.StatusCode != http.StatusConflict {
		t.Fatalf("a move on a cell changed since: %d", resp.StatusCode)
	}

	for _, path := range []string{"/board/api/check", "/board/api/giveup"} {
		if resp := h.post(t, toks["902"], path, struct{}{}); resp.StatusCode != http.StatusBadRequest {
			t.Errorf("%s on a co-op board: %d", path, resp.StatusCode)
		}
	}

	var none map[string]any
	if code := h.get(t, toks["902"], "/board/api/coophint", &none); code != http.StatusBadRequest {
		t.Errorf("api/coophint before any hint: %d %v", code, none)
	}
	resp := h.post(t, toks["901"], "/board/api/hint", map[string]int{"level": 1})
	var asked Hint
	if resp.StatusCode != 200 || json.NewDecoder(resp.Body).Decode(&asked) != nil || asked.State.Hints != 1 || !asked.State.Coop.Hint {
		t.Fatalf("the hint for everyone: %d %+v", resp.StatusCode, asked.State)
	}
	_, st = nextState(t, host)
	if !st.Coop.Hint || st.Hints != 1 {
		t.Fatalf("the stream after the hint: %+v", st.Coop)
	}
	var shown Hint
	if code := h.get(t, toks["902"], "/board/api/coophint", &shown); code != 200 || shown.Technique != asked.Technique || shown.State.Hints != 1 {
		t.Fatalf("the teammate's copy of the hint: %d %q (asked %q), hints %d", code, shown.Technique, asked.Technique, shown.State.Hints)
	}
	// Another player's own game is still theirs alone.
	own, ownTok := h.game(t, "903")
	_ = own
	if code := h.get(t, toks["902"], "/board/api/coophint", nil); code != 200 {
		t.Errorf("the hint again: %d", code)
	}
	if code := h.get(t, ownTok, "/board/api/coophint", nil); code != http.StatusNotFound {
		t.Errorf("api/coophint on a player's own game: %d", code)
	}

	// More of the hint for everyone: the same step, counted once, shown
	// at level 2 on the others' boards.
	resp = h.post(t, toks["902"], "/board/api/hint", map[string]int{"level": 2})
	var deeper Hint
	if resp.StatusCode != 200 || json.NewDecoder(resp.Body).Decode(&deeper) != nil || deeper.Level != 2 || deeper.State.Hints != 1 || deeper.State.Coop.HintLevel != 2 {
		t.Fatalf("level 2 of the hint for everyone: %d level %d, hints %d", resp.StatusCode, deeper.Level, deeper.State.Hints)
	}
	if code := h.get(t, toks["901"], "/board/api/coophint", &shown); code != 200 || shown.Level != 2 {
		t.Errorf("the host's copy of the deeper hint: %d level %d", code, shown.Level)
	}

	// Who filled each cell, on a board opened late: every player's place.
	late, err := h.srv.keys.Mint(context.Background(), "904", g.ID)
	if err != nil {
		t.Fatal(err)
	}
	var seen State
	if code := h.get(t, late, "/board/api/game", &seen); code != 200 || seen.Coop == nil || len(seen.Coop.Filled) != 81 {
		t.Fatalf("a late player's board: %d %+v", code, seen.Coop)
	}
	for c, want := range map[int]int{empties[0]: 1, empties[1]: 0, empties[2]: -1} {
		if got := seen.Coop.Filled[c]; got != want {
			t.Errorf("cell %d filled by player %d, want %d", c, got, want)
		}
	}
}

// TestCoopTokenIsItsPlayers: a teammate's token on a co-op board opens
// the teammate's own dailies, never the host's.
func TestCoopTokenIsItsPlayers(t *testing.T) {
	h, _ := liveHarness(t, live.Options{})
	h.srv.cfg.Dailies = fakeDailies{t: t, store: h.store}
	_, toks := h.coopBoard(t, "911", "912")
	resp := h.post(t, toks["912"], "/board/api/daily", DailyRequest{Day: store.DayOf(h.srv.now(), time.UTC).String()})
	var started DailyStarted
	if resp.StatusCode != 200 || json.NewDecoder(resp.Body).Decode(&started) != nil {
		t.Fatalf("the teammate's daily: %d", resp.StatusCode)
	}
	g, err := h.store.Game(context.Background(), started.State.GameID)
	if err != nil || g.UserID != "912" {
		t.Fatalf("the daily opened from a teammate's token is %q's (%v)", g.UserID, err)
	}
}

// TestCoopWhoIsHere: a teammate opening the shared board shows on the
// host's board at once, before they play, and goes when they leave.
func TestCoopWhoIsHere(t *testing.T) {
	h, _ := liveHarness(t, live.Options{})
	_, toks := h.coopBoard(t, "931", "932")
	host, err := h.stream(t, toks["931"], nil)
	if err != nil {
		t.Fatal(err)
	}
	_, st := nextState(t, host)
	if len(st.Coop.Players) != 1 || !st.Coop.Players[0].Here {
		t.Fatalf("the host alone: %+v", st.Coop.Players)
	}
	ctx, cancel := context.WithCancel(context.Background())
	mate, err := ssetest.Dial(ctx, h.http.Client(), h.http.URL+"/board/api/events", map[string]string{"Authorization": "Bearer " + toks["932"]})
	if err != nil {
		t.Fatal(err)
	}
	_, st = nextState(t, host)
	if len(st.Coop.Players) != 2 || !st.Coop.Players[1].Here || st.Coop.Players[1].Placed != 0 {
		t.Fatalf("after the teammate opened the board: %+v", st.Coop.Players)
	}
	cancel()
	mate.Close()
	_, st = nextState(t, host)
	if len(st.Coop.Players) != 1 {
		t.Fatalf("after the teammate left: %+v", st.Coop.Players)
	}
}

// TestCoopLooks: where each player of a co-op board looks reaches the
// others' streams as a look event, by the player's place, never their
// own; a look on a player's own game or off the board is refused.
func TestCoopLooks(t *testing.T) {
	h, _ := liveHarness(t, live.Options{})
	_, toks := h.coopBoard(t, "921", "922")
	host, err := h.stream(t, toks["921"], nil)
	if err != nil {
		t.Fatal(err)
	}
	nextState(t, host)
	if l := nextLooks(t, host); len(l.Cells) != 1 || l.Cells[0] != -1 {
		t.Fatalf("the host's first looks: %v", l.Cells)
	}
	mate, err := h.stream(t, toks["922"], nil)
	if err != nil {
		t.Fatal(err)
	}
	nextState(t, mate)
	nextState(t, host) // the teammate came
	if resp := h.post(t, toks["922"], "/board/api/look", LookRequest{Row: 5, Col: 5}); resp.StatusCode != http.StatusNoContent {
		t.Fatalf("a look: %d", resp.StatusCode)
	}
	for {
		l := nextLooks(t, host)
		if len(l.Cells) == 2 && l.Cells[1] == 40 {
			if l.Cells[0] != -1 {
				t.Errorf("the host's own look sent back: %v", l.Cells)
			}
			break
		}
	}
	if resp := h.post(t, toks["922"], "/board/api/look", LookRequest{Row: 10, Col: 1}); resp.StatusCode != http.StatusBadRequest {
		t.Errorf("a look off the board: %d", resp.StatusCode)
	}
	_, own := h.game(t, "923")
	if resp := h.post(t, own, "/board/api/look", LookRequest{Row: 1, Col: 1}); resp.StatusCode != http.StatusNotFound {
		t.Errorf("a look on a player's own game: %d", resp.StatusCode)
	}
}
