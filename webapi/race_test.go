package webapi

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/live"
	"github.com/sudokubot/sudokubot/store"
)

// TestRaceOnTheBoard: each racer's stream hears the other racers' moves
// as progress (cells filled, mistakes), never their digits, and the
// finish order as it happens.
func TestRaceOnTheBoard(t *testing.T) {
	h, _ := liveHarness(t, live.Options{})
	ctx := context.Background()
	p := puzzle(t)
	res, err := h.srv.play.NewRace(ctx, game.NewRaceInput{Host: "951", Guild: "300", Channel: "400",
		MakePuzzle: func(context.Context) (store.Puzzle, error) { return p, nil }})
	if err != nil {
		t.Fatal(err)
	}
	j, err := h.srv.play.JoinRace(ctx, res.Race.ID, "952")
	if err != nil {
		t.Fatal(err)
	}
	hostTok, _ := h.srv.keys.Mint(ctx, "951", res.Host.ID)
	racerTok, _ := h.srv.keys.Mint(ctx, "952", j.Game.ID)
	s, err := h.stream(t, racerTok, nil)
	if err != nil {
		t.Fatal(err)
	}
	id0, st := nextState(t, s)
	if st.Race == nil || len(st.Race.Racers) != 2 || st.Race.Total == 0 || !st.Race.Racers[st.Race.You].You {
		t.Fatalf("the racer's first state: %+v", st.Race)
	}
	g := res.Host
	var empties []int
	for c, d := range g.Givens {
		if d == 0 {
			empties = append(empties, c)
		}
	}
	// The host fills two cells from the board: the racer sees 2 filled.
	resp := h.post(t, hostTok, "/board/api/moves", map[string]any{"version": g.Version, "moves": []map[string]int{
		{"row": empties[0]/9 + 1, "col": empties[0]%9 + 1, "digit": int(g.Solution[empties[0]])},
		{"row": empties[1]/9 + 1, "col": empties[1]%9 + 1, "digit": int(g.Solution[empties[1]])}}})
	if resp.StatusCode != 200 {
		t.Fatalf("the host's moves: %d", resp.StatusCode)
	}
	id1, st := nextState(t, s)
	host := st.Race.Racers[0]
	if id1 == id0 || host.N != 1 || host.Filled != 2 || host.You {
		t.Fatalf("after the host's moves the racer sees %+v (id %s after %s)", st.Race.Racers, id1, id0)
	}
	raw, _ := json.Marshal(st.Race)
	for _, k := range []string{"entries", "givens", "solution", "marks", "951", "952"} {
		if strings.Contains(string(raw), k) {
			t.Fatalf("the race's state carries %s: %s", k, raw)
		}
	}
	if st.Entries != strings.Repeat("0", 81) {
		t.Fatalf("the racer's own board holds the host's digits: %s", st.Entries)
	}
	// The host finishes first (every digit through the chat's use case).
	var rest []store.Move
	for _, c := range empties[2:] {
		rest = append(rest, store.Move{Cell: c, Digit: g.Solution[c]})
	}
	if _, err := h.srv.play.Place(ctx, game.PlaceInput{GameID: g.ID, User: "951", Moves: rest}); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		_, st = nextState(t, s)
		if st.Race.Racers[0].Place == 1 || time.Now().After(deadline) {
			break
		}
	}
	if w := st.Race.Racers[0]; w.Place != 1 || !w.Solved || w.N != 1 || w.ElapsedMS <= 0 || st.Race.Racers[1].Place != 0 {
		t.Fatalf("after the host's solve: %+v", st.Race.Racers)
	}
}
