package webapi

import (
	"context"
	"time"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/live"
)

// Races on the board: each racer plays their own board, and every
// racer's board shows everyone's progress live (their games' changes
// reach it through the race's topic), never a digit.

// raceState is race id as viewer's board shows it.
func (srv *Server) raceState(ctx context.Context, id int64, viewer string) (*RaceState, error) {
	race, err := srv.cfg.Store.Race(ctx, id)
	if err != nil {
		return nil, err
	}
	games, err := srv.cfg.Store.RaceGames(ctx, id)
	if err != nil {
		return nil, err
	}
	joined := map[int64]int{}
	for i, g := range games {
		joined[g.ID] = i + 1
	}
	now := srv.now()
	out := &RaceState{Racers: make([]Racer, 0, len(games)), You: -1, EndsAt: race.EndsAt.UTC().Format(time.RFC3339), Over: now.After(race.EndsAt)}
	place := 0
	here := srv.here(live.Race(id))
	for i, g := range game.RankRacers(games, race.EndsAt) {
		out.Total = engine.NumCells - g.Givens.Count()
		r := Racer{N: joined[g.ID], You: g.UserID == viewer, Here: here[g.UserID], Filled: g.Board().Count() - g.Givens.Count(), Mistakes: g.Mistakes,
			Hints: g.HintsTotal(), Solved: g.Solved, GaveUp: g.GaveUp, version: g.Version}
		if g.Solved && !g.FinishedAt.After(race.EndsAt) {
			place++
			r.Place, r.ElapsedMS = place, g.Duration().Milliseconds()
		}
		if r.You {
			out.You = i
		}
		out.Racers = append(out.Racers, r)
	}
	return out, nil
}
