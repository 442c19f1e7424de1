package game

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/sudokubot/sudokubot/clock"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/store"
)

// Store is the part of the store the use cases need: reads, and the two
// transactions every action runs in. *store.Store implements it.
type Store interface {
	Game(ctx context.Context, id int64) (store.Game, error)
	CurrentGame(ctx context.Context, userID, guildID string) (store.Game, error)
	EditGame(ctx context.Context, gameID int64, userID string, at time.Time, fn func(g *store.Game) (store.Finish, error), done func(store.Game, store.PlayerStats) error) (store.Game, store.PlayerStats, error)
	EditCoop(ctx context.Context, gameID int64, userID string, at time.Time, fn func(g *store.Game) (store.CoopEdit, error), done func(store.Game) error) (store.Game, error)
	SavePuzzle(ctx context.Context, p store.Puzzle) (store.Puzzle, error)
	StartGame(ctx context.Context, ng store.NewGame) (store.Game, bool, error)
	StartCoop(ctx context.Context, hostID, guildID, channelID string, puzzleID int64, at time.Time) (store.Game, error)
	CreateRace(ctx context.Context, r store.Race) (store.Race, store.Game, error)
	JoinRace(ctx context.Context, raceID int64, userID string, at time.Time, rules func(r store.Race, games []store.Game) error) (store.Race, store.Game, bool, error)
	PlayerStats(ctx context.Context, guildID, userID string) (store.PlayerStats, error)
	RecordShare(ctx context.Context, gameID int64, userID, channelID string, at time.Time) (bool, error)
	OpenCoop(ctx context.Context, channelID string, since time.Time) (store.Game, error)
	OpenRace(ctx context.Context, channelID string, now time.Time) (store.Race, error)
	// DailyOfPuzzle and the guild's settings tell a pasted daily
	// (StartNew).
	DailyOfPuzzle(ctx context.Context, puzzleID int64) (store.Day, engine.Level, error)
	SettingsStore
}

var _ Store = (*store.Store)(nil)

// Service runs the use cases. Every door of a process shares one.
type Service struct {
	store  Store
	hinter Hinter
	clock  clock.Clock

	mu    sync.Mutex
	hooks []Changes // Notify
}

// now is the time a use case records: the Service's clock.
func (s *Service) now() time.Time { return s.clock.Now() }

// hint runs the hinter for user's position: the player rides in ctx
// (WithPlayer), so a door's Hinter can budget each player's work.
func (s *Service) hint(ctx context.Context, user string, q HintQuery) (Hint, error) {
	h, err := s.hinter.Hint(WithPlayer(ctx, user), q)
	if errors.Is(err, ErrOverBudget) {
		err = Explain(err)
	}
	return h, err
}

// New returns a Service on a store. hinter nil uses EngineHinter, c nil
// the wall clock.
func New(st Store, hinter Hinter, c clock.Clock) *Service {
	if hinter == nil {
		hinter = EngineHinter{}
	}
	s := &Service{hinter: hinter, clock: clock.Or(c)}
	s.store = changeStore{Store: st, s: s}
	return s
}
