package webapi

import (
	"context"
	"time"

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
	st := game.StandingsOf(race, 0, games, srv.now())
	out := &RaceState{Racers: make([]Racer, 0, len(games)), You: -1, EndsAt: race.EndsAt.UTC().Format(time.RFC3339), Over: st.TimeUp()}
	here := srv.here(live.Race(id))
	for i, r := range st.Racers {
		g := r.Game
		out.Total = r.Open
		racer := Racer{N: r.Joined, You: g.UserID == viewer, Here: here[g.UserID], Filled: r.Filled, Mistakes: g.Mistakes,
			Hints: g.HintsTotal(), Solved: g.Solved, GaveUp: g.GaveUp, Place: r.Place, version: g.Version}
		if r.Place > 0 {
			racer.ElapsedMS = g.Duration().Milliseconds()
		}
		if racer.You {
			out.You = i
		}
		out.Racers = append(out.Racers, racer)
	}
	return out, nil
}
