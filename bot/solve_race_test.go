package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"testing"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/store"
	"github.com/sudokubot/sudokubot/store/storetest"
)

// TestLastCellsFromWebAndChat: the web board and /sudoku place fill the
// last two cells of a game at the same moment, 50 rounds on SQLite and on
// PostgreSQL: every game ends solved, with both moves kept. (Before the
// rules moved into package game, chat decided the solve on the copy of
// the game it had read, and about half such games stayed open with a
// full, right board.)
func TestLastCellsFromWebAndChat(t *testing.T) {
	for _, be := range []struct {
		name string
		dsn  func(testing.TB) string
	}{{"sqlite", storetest.SQLite}, {"postgres", storetest.Postgres}} {
		t.Run(be.name, func(t *testing.T) {
			ctx := context.Background()
			st, err := store.Open(ctx, be.dsn(t))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { st.Close() })
			var h *harness
			h = newHarness(t, func(c *Config) {
				c.Store = st
				c.Dailies = daily.NewSource(st, func(ctx context.Context, seed uint64, l engine.Level) (store.Puzzle, error) {
					return h.puzzles.generate(ctx, seed, l)
				})
			})
			p, err := st.SavePuzzle(ctx, h.puzzles.list[0])
			if err != nil {
				t.Fatal(err)
			}
			rounds := 50
			if testing.Short() {
				rounds = 10
			}
			for round := range rounds {
				user := fmt.Sprint(7000 + round)
				g, _, err := st.StartGame(ctx, store.NewGame{UserID: user, GuildID: guildID, PuzzleID: p.ID})
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
				res, err := h.bot.play.Place(ctx, game.PlaceInput{GameID: g.ID, User: user, Moves: fill[:n-2], Version: game.AnyVersion})
				if err != nil {
					t.Fatal(err)
				}
				tok, err := h.bot.BoardToken(ctx, user, g.ID)
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
						status, cur := webMove(t, h, tok, version, web, g.Solution[web])
						if status != http.StatusConflict || cur == nil || cur.Solved || cur.GaveUp {
							return
						}
						version = cur.Version
					}
				}()
				go func() {
					defer wg.Done()
					<-start
					h.viaHTTP(t, h.cmd(user, guildID, "sudoku", "place", map[string]any{
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

// webMove posts one move to the board's API as the page does, and returns
// the status and the state the answer carries.
func webMove(t *testing.T, h *harness, tok string, version int64, cell int, digit uint8) (int, *webState) {
	body, _ := json.Marshal(map[string]any{"version": version,
		"moves": []map[string]int{{"row": cell/9 + 1, "col": cell%9 + 1, "digit": int(digit)}}})
	req, _ := http.NewRequest("POST", h.http.URL+"/board/api/moves", bytes.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+tok)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Error(err)
		return 0, nil
	}
	defer resp.Body.Close()
	var out struct {
		webState
		State *webState `json:"state"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		t.Errorf("answer of api/moves: %v", err)
	}
	if out.State != nil {
		return resp.StatusCode, out.State
	}
	return resp.StatusCode, &out.webState
}
