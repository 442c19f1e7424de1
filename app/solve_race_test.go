package app

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/store"
	"github.com/sudokubot/sudokubot/store/storetest"
	"github.com/sudokubot/sudokubot/webapi"
)

// TestLastCellsFromWebAndChat: the web board and /sudoku place fill the
// last two cells of a game at the same moment, through the one HTTP
// server that serves both doors, 50 rounds on SQLite and on PostgreSQL:
// every game ends solved, with both moves kept. (Before the rules moved
// into package game, chat decided the solve on the copy of the game it
// had read, and about half such games stayed open with a full, right
// board.)
func TestLastCellsFromWebAndChat(t *testing.T) {
	t.Parallel()
	for _, be := range []struct {
		name string
		dsn  func(testing.TB) string
	}{{"sqlite", storetest.SQLite}, {"postgres", storetest.Postgres}} {
		t.Run(be.name, func(t *testing.T) {
			w := newWebWorld(t, be.dsn(t))
			ctx := context.Background()
			st := w.p.st
			grid, err := engine.Parse(lastCellsPuzzle)
			if err != nil {
				t.Fatal(err)
			}
			sol, err := engine.Solve(grid)
			if err != nil {
				t.Fatal(err)
			}
			p, err := st.SavePuzzle(ctx, store.Puzzle{Grid: grid, Solution: sol, Level: engine.LevelExpert, Origin: "test"})
			if err != nil {
				t.Fatal(err)
			}
			rounds := 50
			if testing.Short() {
				rounds = 10
			}
			for round := range rounds {
				user := fmt.Sprint(7000 + round)
				g, _, err := st.StartGame(ctx, store.NewGame{UserID: user, GuildID: e2eGuild, PuzzleID: p.ID})
				if err != nil {
					t.Fatal(err)
				}
				var empties []int
				var fill []store.Move
				for c, d := range g.Givens {
					if d == 0 {
						empties = append(empties, c)
						fill = append(fill, store.Move{Cell: c, Digit: g.Solution[c]})
					}
				}
				n := len(fill)
				res, err := w.p.m.Play.Place(ctx, game.PlaceInput{GameID: g.ID, User: user, Moves: fill[:n-2]})
				if err != nil {
					t.Fatal(err)
				}
				tok, err := w.p.bot.BoardToken(ctx, user, g.ID)
				if err != nil {
					t.Fatal(err)
				}
				web, chat := empties[n-2], empties[n-1]
				start := make(chan struct{})
				var wg sync.WaitGroup
				wg.Add(2)
				go func() { // the page: on 409 it reloads and sends again
					defer wg.Done()
					<-start
					version := res.Game.Version
					for try := 0; try < 5; try++ {
						status, cur := webMove(t, w, tok, version, web, g.Solution[web])
						if status != http.StatusConflict || cur == nil || cur.Solved || cur.GaveUp {
							return
						}
						version = cur.Version
					}
				}()
				go func() {
					defer wg.Done()
					<-start
					w.signed(t, 2, user, slash("place", map[string]any{
						"moves": fmt.Sprintf("%s=%d", engine.CellName(chat), g.Solution[chat])}))
				}()
				close(start)
				wg.Wait()
				end, err := st.Game(ctx, g.ID)
				if err != nil {
					t.Fatal(err)
				}
				if end.Board() != g.Solution {
					t.Fatalf("round %d: a move was lost: board %s", round, end.Board().Digits())
				}
				if !end.Solved || !end.Finished() {
					t.Fatalf("round %d: the board is full and right but the game is not finished", round)
				}
			}
		})
	}
}

// lastCellsPuzzle is an expert puzzle (public domain, Sudoku Exchange
// bank).
const lastCellsPuzzle = "040000090000050000806000407000080000005020700002165900007603500609070302000000000"

// webMove posts one move to the board's API as the page does, and returns
// the status and the state the answer carries.
func webMove(t *testing.T, w *webWorld, tok string, version int64, cell int, digit uint8) (int, *webapi.State) {
	body, _ := json.Marshal(map[string]any{"version": version,
		"moves": []map[string]int{{"row": cell/9 + 1, "col": cell%9 + 1, "digit": int(digit)}}})
	req, _ := http.NewRequest("POST", w.base+"/board/api/moves", bytes.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+tok)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Error(err)
		return 0, nil
	}
	defer resp.Body.Close()
	var out struct {
		webapi.State
		Conflict *webapi.State `json:"state"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		t.Errorf("answer of api/moves: %v", err)
	}
	if out.Conflict != nil {
		return resp.StatusCode, out.Conflict
	}
	return resp.StatusCode, &out.State
}
