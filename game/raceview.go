package game

import (
	"context"
	"errors"
	"time"

	"github.com/sudokubot/sudokubot/clock"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/store"
)

// RaceStore reads a race and records its card's message; *store.Store
// implements it.
type RaceStore interface {
	Race(ctx context.Context, id int64) (store.Race, error)
	RaceGames(ctx context.Context, id int64) ([]store.Game, error)
	Puzzle(ctx context.Context, id int64) (store.Puzzle, error)
	SetRaceMessage(ctx context.Context, id int64, messageID string) error
}

var _ RaceStore = (*store.Store)(nil)

// Races is the use case of a race's standings, which every door shows:
// the Discord door's public card, the racers' boards.
type Races struct {
	Store RaceStore
	// Clock tells when standings are taken; nil is the wall clock.
	Clock clock.Clock
}

// RacePhase is where a race stands.
type RacePhase int

// The phases of a race, in the order they are decided.
const (
	RaceExpired RacePhase = iota // joining closed with one racer: nobody races alone
	RaceWon                      // a racer solved in time, with another racing
	RaceTimeUp                   // the race's hour ran out without a winner
	RaceJoining                  // players may still join
	RaceOn                       // joining closed, the race runs
)

// RacerStatus is where one racer stands.
type RacerStatus int

// The statuses of a racer.
const (
	Racing       RacerStatus = iota
	SolvedInTime             // solved before the race ended: placed
	SolvedLate               // solved after the race ended: not placed
	LeftRace                 // gave up
	TimedOut                 // not done when the race ended
)

// Racer is one racer's standing: never a digit of their board.
type Racer struct {
	Game store.Game
	// Joined is the racer's number in the order they joined, from 1.
	Joined int
	// Place is 1, 2, ... for those who solved in time, else 0.
	Place  int
	Status RacerStatus
	// Filled counts the cells they filled, of Open.
	Filled, Open int
}

// RaceStandings is a race as every door shows it.
type RaceStandings struct {
	Race  store.Race
	Level engine.Level
	// Racers are in the race's order (RankRacers).
	Racers []Racer
	Phase  RacePhase
	// Winner is the first racer when Phase is RaceWon.
	Winner *Racer
	// CanJoin says whether another player may join now.
	CanJoin bool
	Now     time.Time
}

// Standings are a race's standings now. card, when set, is the message
// of the race's public card a player pressed a button on: the card the
// race's changes edit from then on, recorded the first time it is seen.
// A race that is not stored (any more) is refused with race.gone.
func (rs Races) Standings(ctx context.Context, id int64, card string) (RaceStandings, error) {
	race, err := rs.Store.Race(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return RaceStandings{}, &Error{Msg: l10n.M("race.gone"), Err: err}
	}
	if err != nil {
		return RaceStandings{}, err
	}
	if race.MessageID == "" && card != "" {
		race.MessageID = card
		if err := rs.Store.SetRaceMessage(ctx, race.ID, card); err != nil {
			return RaceStandings{}, err
		}
	}
	p, err := rs.Store.Puzzle(ctx, race.PuzzleID)
	if err != nil {
		return RaceStandings{}, err
	}
	games, err := rs.Store.RaceGames(ctx, race.ID)
	if err != nil {
		return RaceStandings{}, err
	}
	return StandingsOf(race, p.Level, games, clock.Or(rs.Clock).Now()), nil
}

// TimeUp says whether the race's time has run out (its EndsAt passed):
// a solve after it is not placed.
func (rs RaceStandings) TimeUp() bool { return rs.Now.After(rs.Race.EndsAt) }

// StandingsOf are the rules of a race's outcome, applied to its racers'
// games at now: who is placed (a solve in time), who won (nobody wins
// alone), where the race stands, whether another may join.
func StandingsOf(race store.Race, level engine.Level, games []store.Game, now time.Time) RaceStandings {
	out := RaceStandings{Race: race, Level: level, Now: now,
		CanJoin: !now.After(race.JoinBy) && len(games) < MaxRacers}
	joined := map[int64]int{}
	for i, g := range games {
		joined[g.ID] = i + 1
	}
	place := 0
	for _, g := range RankRacers(games, race.EndsAt) {
		r := Racer{Game: g, Joined: joined[g.ID], Filled: g.Board().Count() - g.Givens.Count(), Open: engine.NumCells - g.Givens.Count()}
		switch {
		case g.Solved && !g.FinishedAt.After(race.EndsAt):
			place++
			r.Status, r.Place = SolvedInTime, place
		case g.Solved:
			r.Status = SolvedLate
		case g.GaveUp:
			r.Status = LeftRace
		case out.TimeUp():
			r.Status = TimedOut
		}
		out.Racers = append(out.Racers, r)
	}
	// Nobody wins a race alone.
	if len(out.Racers) > 1 && out.Racers[0].Status == SolvedInTime {
		out.Winner = &out.Racers[0]
	}
	switch {
	case len(games) < 2 && now.After(race.JoinBy):
		out.Phase = RaceExpired
	case out.Winner != nil:
		out.Phase = RaceWon
	case now.After(race.EndsAt):
		out.Phase = RaceTimeUp
	case !now.After(race.JoinBy):
		out.Phase = RaceJoining
	default:
		out.Phase = RaceOn
	}
	return out
}
