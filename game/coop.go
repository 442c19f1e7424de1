package game

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/store"
)

// CoopMoveInput is one player's moves on a shared board.
type CoopMoveInput struct {
	GameID int64
	User   string
	Moves  []store.Move
	// Version is the version of the board the player typed the moves
	// on (when they opened the form).
	Version int64
	// Reply is as in PlaceInput.
	Reply func(CoopMoveResult) error
	// Typed is the moves as the player typed them (chat), given back in
	// the refusal of stale moves so they need not type them again; ""
	// for a door that answers stale moves with the board (the web).
	Typed string
}

// CoopMoveResult is what the moves did on the shared board.
type CoopMoveResult struct {
	Game      store.Game
	Solved    bool
	Conflicts []engine.Conflict
}

// CoopMove plays one player's moves on a co-op board in one transaction.
// The moves are refused whole (ErrStale, nothing stored) only when one of
// their own cells changed since in.Version: a teammate's move elsewhere
// or a hint for everyone leaves them valid, and two players' moves to one
// cell are never mixed. The player is credited with the digits they
// filled; a solve finishes the board and counts for nobody.
func (s *Service) CoopMove(ctx context.Context, in CoopMoveInput) (CoopMoveResult, error) {
	if len(in.Moves) == 0 {
		return CoopMoveResult{}, Refuse("moves.none")
	}
	if len(in.Moves) > MaxMoves {
		return CoopMoveResult{}, Refuse("error.too_many_moves", "Count", len(in.Moves), "Max", MaxMoves)
	}
	g, err := s.store.EditCoop(ctx, in.GameID, in.User, s.now(), func(g *store.Game) (store.CoopEdit, error) {
		if in.Version > g.Version {
			return store.CoopEdit{}, fmt.Errorf("game %d is at version %d, not %d: %w", g.ID, g.Version, in.Version, store.ErrStale)
		}
		for _, m := range in.Moves {
			if m.Cell >= 0 && m.Cell < engine.NumCells && g.CellVersions[m.Cell] > in.Version {
				return store.CoopEdit{}, fmt.Errorf("game %d: cell %s changed after version %d: %w",
					g.ID, engine.CellName(m.Cell), in.Version, store.ErrStale)
			}
		}
		filled, err := apply(g, in.Moves)
		if err != nil {
			return store.CoopEdit{}, err
		}
		return store.CoopEdit{Placed: filled, Solved: g.Board() == g.Solution}, nil
	}, func(g store.Game) error { return reply(in.Reply, coopMoved(g)) })
	if err != nil {
		switch {
		case errors.Is(err, store.ErrStale) && in.Typed != "":
			return CoopMoveResult{Game: g}, &Error{Msg: l10n.M("coop.stale", "Moves", strings.Join(strings.Fields(in.Typed), " ")), Err: err, Kind: Stale}
		case errors.Is(err, store.ErrStale):
			return CoopMoveResult{Game: g}, err
		}
		return CoopMoveResult{Game: g}, Explain(err)
	}
	return coopMoved(g), nil
}

// coopMoved is the result of moves that left the board g.
func coopMoved(g store.Game) CoopMoveResult {
	return CoopMoveResult{Game: g, Solved: g.Solved, Conflicts: g.Board().Conflicts()}
}

// CoopHintResult is a hint given to everyone on a co-op board.
type CoopHintResult struct {
	Hint Hint
	Game store.Game
	// Level is the level shown: the one asked (CoopHint), the deepest
	// anyone opened (CoopShownHint).
	Level int
}

// CoopHint works out the next hint on a co-op board (from the board
// alone: the board has no pencil marks) at a level, and counts it for
// the board by the rules of a player's own hints (countHint: a step once,
// at the deepest level anyone opened) and, when it is a new step, for the
// player who asked, in one transaction. A deeper level of the hint
// everyone sees is the same hint, opened further: every board shows it
// at the deepest level opened (CoopShownHint). It changes no cell, so it voids no
// teammate's moves. replyFn, if set, is as PlaceInput.Reply.
func (s *Service) CoopHint(ctx context.Context, gameID int64, user string, level int, replyFn func(CoopHintResult) error) (CoopHintResult, error) {
	if level < 1 || level > HintLevels {
		return CoopHintResult{}, Refuse("hint.bad_level", "Value", fmt.Sprintf("`%d`", level))
	}
	g, err := s.store.Game(ctx, gameID)
	if err != nil {
		return CoopHintResult{}, err
	}
	if g.Finished() {
		return CoopHintResult{Game: g}, Explain(store.ErrGameFinished)
	}
	h, err := s.hint(ctx, user, HintQuery{Puzzle: g.Givens, Progress: g.Entries})
	if err != nil {
		return CoopHintResult{Game: g}, fmt.Errorf("hint for co-op game %d: %w", g.ID, err)
	}
	key := h.Key()
	g, err = s.store.EditCoop(ctx, gameID, user, s.now(), func(g *store.Game) (store.CoopEdit, error) {
		before := *g
		counted, _ := countHint(g, key, level)
		if *g != before || g.HintVersion != g.Version {
			// Every player's board shows it again (CoopShownHint),
			// uncounted, until the board's next change: the same step
			// asked again after a move elsewhere is shown to everyone
			// again, but counted once.
			g.HintVersion = g.Version + 1
		}
		if counted {
			return store.CoopEdit{Hints: 1}, nil
		}
		return store.CoopEdit{}, nil
	}, func(g store.Game) error { return reply(replyFn, CoopHintResult{Hint: h, Game: g, Level: level}) })
	if err != nil {
		return CoopHintResult{Game: g}, Explain(err)
	}
	return CoopHintResult{Hint: h, Game: g, Level: level}, nil
}

// CoopInput opens a shared board in a channel.
type CoopInput struct {
	Host, Guild, Channel string
	// Puzzle makes the board's fresh puzzle (heavy work, in the door's
	// budget).
	Puzzle func(context.Context) (store.Puzzle, error)
}

// StartCoop opens a co-op board that anyone in the channel may play
// (CoopMove, CoopHint); it is nobody's own game.
func (s *Service) StartCoop(ctx context.Context, in CoopInput) (StartResult, error) {
	p, err := in.Puzzle(ctx)
	if err != nil {
		return StartResult{}, err
	}
	if p, err = s.store.SavePuzzle(ctx, p); err != nil {
		return StartResult{}, err
	}
	g, err := s.store.StartCoop(ctx, in.Host, in.Guild, in.Channel, p.ID, s.now())
	if err != nil {
		return StartResult{}, err
	}
	return StartResult{Game: g, Puzzle: p, Created: true}, nil
}

// CoopShownHint is the hint for everyone a player of a co-op board asked
// (CoopHint), worked out again for a teammate's board without counting
// it: refused (hint.moved) once the board changed since, or when no hint
// was asked.
func (s *Service) CoopShownHint(ctx context.Context, gameID int64, user string) (CoopHintResult, error) {
	g, err := s.store.Game(ctx, gameID)
	if err != nil {
		return CoopHintResult{}, err
	}
	if !g.IsCoop() {
		return CoopHintResult{Game: g}, Explain(fmt.Errorf("game %d is not a co-op board: %w", g.ID, store.ErrNotOwner))
	}
	if g.Finished() {
		return CoopHintResult{Game: g}, Explain(store.ErrGameFinished)
	}
	if g.HintKey == "" || g.HintVersion != g.Version {
		return CoopHintResult{Game: g}, Refuse("hint.moved")
	}
	h, err := s.hint(ctx, user, HintQuery{Puzzle: g.Givens, Progress: g.Entries})
	if err != nil {
		return CoopHintResult{Game: g}, fmt.Errorf("hint for co-op game %d: %w", g.ID, err)
	}
	if h.Key() != g.HintKey {
		return CoopHintResult{Game: g}, Refuse("hint.moved")
	}
	return CoopHintResult{Hint: h, Game: g, Level: max(1, g.HintLevel)}, nil
}

// CoopFresh is how recent a channel's open co-op board must be for
// CoopHere to join it rather than open another.
const CoopFresh = 12 * time.Hour

// Here is what the players of a place reached together (a voice
// channel's Activity) may join now: its co-op board (CoopHere's) and its
// race (RaceHere's), each nil when there is none.
type Here struct {
	Coop *store.Game
	Race *store.Race
}

// OpenHere is what CoopHere and RaceHere would join in a channel now,
// without joining or opening anything: the co-op board started within
// CoopFresh, the race that still takes racers.
func (s *Service) OpenHere(ctx context.Context, channel string) (Here, error) {
	var out Here
	now := s.now()
	g, err := s.store.OpenCoop(ctx, channel, now.Add(-CoopFresh))
	switch {
	case err == nil:
		out.Coop = &g
	case !errors.Is(err, store.ErrNotFound):
		return Here{}, err
	}
	r, err := s.store.OpenRace(ctx, channel, now)
	switch {
	case err == nil:
		out.Race = &r
	case !errors.Is(err, store.ErrNotFound):
		return Here{}, err
	}
	return out, nil
}

// CoopHere is the co-op board of a place that players reach together
// (a voice channel's Activity): the channel's open board started within
// CoopFresh, or a new one hosted by in.Host. Everyone who asks in one
// channel plays one board.
func (s *Service) CoopHere(ctx context.Context, in CoopInput) (StartResult, error) {
	g, err := s.store.OpenCoop(ctx, in.Channel, s.now().Add(-CoopFresh))
	switch {
	case err == nil:
		return StartResult{Game: g}, nil
	case !errors.Is(err, store.ErrNotFound):
		return StartResult{}, err
	}
	return s.StartCoop(ctx, in)
}
