package game

import (
	"context"
	"errors"
	"fmt"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/store"
)

// MaxMoves is the most moves one action may carry: enough to set every
// cell and its marks, few enough that one request cannot hold the game.
const MaxMoves = 4 * engine.NumCells

// PlaceInput is one player's moves on their game.
type PlaceInput struct {
	GameID int64
	User   string
	Moves  []store.Move
	// Version is the version of the board the player's moves were made
	// on (the web board's). Moves typed in chat name their cells outright
	// and have none (nil): they apply to the game as it is when they
	// arrive, and the solve is decided on that state.
	Version *int64
	// Reply, if set, builds the door's answer from the result inside the
	// transaction: when it fails, nothing is stored (see store.EditGame).
	Reply func(PlaceResult) error
}

// PlaceResult is what a player's moves did.
type PlaceResult struct {
	// Game is the game after the moves; after ErrStale or a finished
	// game, the game as it is.
	Game store.Game
	// Stats are the player's stats in the game's guild when the moves
	// solved the game.
	Stats  store.PlayerStats
	Solved bool
	// Placed are the digits placed and Cleared the cells cleared, in the
	// order given; pencil marks are in neither.
	Placed  []store.Move
	Cleared []int
	// Conflicts are the rule breaks on the board after the moves; Full
	// tells that the board is full (and so, when not Solved, wrong).
	Conflicts []engine.Conflict
	Full      bool
}

// DigitsChanged reports whether the moves placed or cleared a digit (not
// only pencil marks): what a race card shows.
func (r PlaceResult) DigitsChanged() bool { return len(r.Placed)+len(r.Cleared) > 0 }

// ErrStale means the moves were made on a board that changed since:
// nothing was stored, and the result carries the current game.
var ErrStale = store.ErrStale

// Place plays moves on the player's game in one transaction: on the
// current state, refused whole if the board changed since in.Version,
// and finished as solved when they complete it. A solve can never be
// lost to two doors playing at once.
func (s *Service) Place(ctx context.Context, in PlaceInput) (PlaceResult, error) {
	if len(in.Moves) == 0 {
		return PlaceResult{}, Refuse("moves.none")
	}
	if len(in.Moves) > MaxMoves {
		return PlaceResult{}, Refuse("error.too_many_moves", "Count", len(in.Moves), "Max", MaxMoves)
	}
	g, st, err := s.store.EditGame(ctx, in.GameID, in.User, s.now(), func(g *store.Game) (store.Finish, error) {
		if in.Version != nil && g.Version != *in.Version {
			return store.KeepOpen, fmt.Errorf("game %d is at version %d, not %d: %w", g.ID, g.Version, *in.Version, store.ErrStale)
		}
		if _, err := apply(g, in.Moves); err != nil {
			return store.KeepOpen, err
		}
		if g.Board() == g.Solution {
			return store.Solve, nil
		}
		return store.KeepOpen, nil
	}, func(g store.Game, st store.PlayerStats) error { return reply(in.Reply, placed(g, st, in.Moves)) })
	if err != nil {
		if errors.Is(err, store.ErrStale) {
			return PlaceResult{Game: g}, err
		}
		return PlaceResult{Game: g}, Explain(err)
	}
	return placed(g, st, in.Moves), nil
}

// reply runs a door's reply hook, if any, on a result.
func reply[R any](fn func(R) error, r R) error {
	if fn == nil {
		return nil
	}
	return fn(r)
}

// placed is the result of moves that made g.
func placed(g store.Game, st store.PlayerStats, moves []store.Move) PlaceResult {
	out := PlaceResult{Game: g, Stats: st, Solved: g.Solved}
	for _, m := range moves {
		switch {
		case m.Pencil:
		case m.Digit == 0:
			out.Cleared = append(out.Cleared, m.Cell)
		default:
			out.Placed = append(out.Placed, m)
		}
	}
	board := g.Board()
	out.Conflicts, out.Full = board.Conflicts(), board.Full()
	return out
}

// CheckInput asks whether the player's board (or a whole answer) is right.
type CheckInput struct {
	GameID int64
	User   string
	// Answer, when set, is a whole grid the player submits as the
	// solution instead of checking the board.
	Answer *engine.Grid
	// Reply is as in PlaceInput.
	Reply func(CheckResult) error
}

// CheckResult is what a check found.
type CheckResult struct {
	Game   store.Game
	Stats  store.PlayerStats
	Solved bool
	// Wrong are the cells whose digit (on the board, or in the answer)
	// is not the solution's; never the right digit.
	Wrong []int
	// NewMistakes are the wrong digits counted by this check: a wrong
	// digit in a cell counts once, however often it is checked.
	NewMistakes int
	// Filled is the number of the player's digits on the board, Left the
	// empty cells.
	Filled, Left int
}

// Check checks the player's board, or a whole answer, in one
// transaction on the current state: it counts each wrong digit in a cell
// once, and finishes the game as solved when the board (or the answer)
// is the solution.
func (s *Service) Check(ctx context.Context, in CheckInput) (CheckResult, error) {
	var out CheckResult
	g, st, err := s.store.EditGame(ctx, in.GameID, in.User, s.now(), func(g *store.Game) (store.Finish, error) {
		out = CheckResult{}
		if err := CheckSolo(*g); err != nil {
			return store.KeepOpen, err
		}
		defer keepHint(g, *g)
		grid := g.Board()
		if in.Answer != nil {
			grid = *in.Answer
			for i, d := range g.Givens {
				if d != 0 && grid[i] != d {
					return store.KeepOpen, Refuse("check.given_differs", "Digit", grid[i], "Cell", engine.CellName(i), "Given", d)
				}
			}
		}
		for c, d := range grid {
			if d == g.Solution[c] || (d == 0 && in.Answer == nil) {
				continue
			}
			out.Wrong = append(out.Wrong, c)
			if d != 0 && !g.WrongSeen[c].Has(d) {
				g.WrongSeen[c] |= engine.DigitSet(d)
				g.Mistakes++
				out.NewMistakes++
			}
		}
		if len(out.Wrong) > 0 || grid != g.Solution {
			return store.KeepOpen, nil
		}
		if in.Answer != nil {
			var moves []store.Move
			for c, d := range grid {
				if g.Givens[c] == 0 && g.Entries[c] != d {
					moves = append(moves, store.Move{Cell: c, Digit: d})
				}
			}
			if _, err := apply(g, moves); err != nil {
				return store.KeepOpen, err
			}
		}
		return store.Solve, nil
	}, func(g store.Game, st store.PlayerStats) error { return reply(in.Reply, out.with(g, st)) })
	if err != nil {
		return CheckResult{Game: g}, Explain(err)
	}
	out = out.with(g, st)
	return out, nil
}

// keepHint keeps the last hint the board's (see RepeatsHint) through an
// edit that moves no digit and no mark, like a check counting mistakes:
// a hint asked again after it is still the hint already counted.
func keepHint(g *store.Game, before store.Game) {
	if *g != before && before.HintKey != "" && before.HintVersion == before.Version &&
		g.Entries == before.Entries && g.Pencil == before.Pencil {
		g.HintVersion = g.Version + 1
	}
}

// with is r completed with the game it left and the player's stats.
func (r CheckResult) with(g store.Game, st store.PlayerStats) CheckResult {
	r.Game, r.Stats, r.Solved = g, st, g.Solved
	board := g.Board()
	r.Filled = board.Count() - g.Givens.Count()
	r.Left = engine.NumCells - board.Count()
	return r
}

// GiveUpResult is a game given up.
type GiveUpResult struct {
	Game  store.Game
	Stats store.PlayerStats
}

// GiveUp ends the player's game as given up. replyFn, if set, is as
// PlaceInput.Reply.
func (s *Service) GiveUp(ctx context.Context, gameID int64, user string, replyFn func(GiveUpResult) error) (GiveUpResult, error) {
	g, st, err := s.store.EditGame(ctx, gameID, user, s.now(), func(g *store.Game) (store.Finish, error) {
		if err := CheckSolo(*g); err != nil {
			return store.KeepOpen, err
		}
		return store.GiveUp, nil
	}, func(g store.Game, st store.PlayerStats) error {
		return reply(replyFn, GiveUpResult{Game: g, Stats: st})
	})
	if err != nil {
		return GiveUpResult{Game: g}, Explain(err)
	}
	return GiveUpResult{Game: g, Stats: st}, nil
}

// apply plays moves on g (store.Game.Apply: the rules of a move) and
// notes the version that changed each cell, so a co-op move made on an
// older board can tell whether its own cells changed since. It returns
// the digits newly filled.
func apply(g *store.Game, moves []store.Move) (filled int, err error) {
	before := g.Entries
	if err := g.Apply(moves); err != nil {
		return 0, err
	}
	for c := range engine.NumCells {
		if g.Entries[c] == before[c] {
			continue
		}
		g.CellVersions[c] = g.Version + 1
		if g.Entries[c] != 0 {
			filled++
		}
	}
	return filled, nil
}
