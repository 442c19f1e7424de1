package store_test

import (
	"context"
	"errors"
	"fmt"
	"log"
	"time"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/store"
)

// A player starts a game, makes moves and solves it in one edit; a second claim of a
// daily post loses.
func Example() {
	ctx := context.Background()
	st, err := store.Open(ctx, ":memory:") // "" would create sudokubot.db
	if err != nil {
		log.Fatal(err)
	}
	defer st.Close()

	grid := engine.MustParse("050703060007000800000816000000030000005000100730040086906000204840572093000409000")
	sol := engine.MustParse("158723469367954821294816375619238547485697132732145986976381254841572693523469718")
	p, err := st.SavePuzzle(ctx, store.Puzzle{Grid: grid, Solution: sol, Level: engine.LevelEasy, Score: 1.2})
	if err != nil {
		log.Fatal(err)
	}
	start := time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)
	g, created, err := st.StartGame(ctx, store.NewGame{UserID: "u1", GuildID: "g1", PuzzleID: p.ID, Day: store.Date(2026, 11, 22), StartedAt: start})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("created:", created, "context:", g.Context)

	_, err = st.ApplyMoves(ctx, g.ID, "u1", []store.Move{{Cell: 1, Digit: 9}}, start)
	fmt.Println("move on a given:", errors.Is(err, store.ErrGivenCell))

	var moves []store.Move
	for c := range grid {
		if grid[c] == 0 {
			moves = append(moves, store.Move{Cell: c, Digit: sol[c]})
		}
	}
	// A player action is one EditGame: the rules run on the locked game,
	// and the moves, the finish and the stats are stored together.
	g, stats, err := st.EditGame(ctx, g.ID, "u1", start.Add(5*time.Minute), func(g *store.Game) (store.Finish, error) {
		if err := g.Apply(moves); err != nil {
			return store.KeepOpen, err
		}
		if g.Board() == g.Solution {
			return store.Solve, nil
		}
		return store.KeepOpen, nil
	}, nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("solved in", g.Duration(), "streak", stats.CurrentStreak)

	day := store.Date(2026, time.November, 23)
	fmt.Println("first claim:", st.ClaimDailyPost(ctx, "g1", day, start))
	fmt.Println("second claim lost:", errors.Is(st.ClaimDailyPost(ctx, "g1", day, start), store.ErrAlreadyClaimed))
	// Output:
	// created: true context: daily:2026-11-22
	// move on a given: true
	// solved in 5m0s streak 1
	// first claim: <nil>
	// second claim lost: true
}
