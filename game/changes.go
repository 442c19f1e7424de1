package game

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/sudokubot/sudokubot/store"
)

// Change is one committed change of a game, whichever door made it (a
// move typed in chat, a web move, a co-op teammate's, a hint, a check, a
// give-up, a racer joining). It is the one hook of the core: the live
// boards (webapi's event stream) hear every change, so every board of the
// game, and of its race, redraws; the Discord door's race card redraws on
// the changes Shown.
type Change struct {
	Game    int64
	Version int64
	// Race is the race the game is part of; 0 for none.
	Race int64
	// User is the player who made the change.
	User string
	// Shown says whether what others see of the game changed: its digits
	// or its end, or a new racer in its race. Pencil marks, a counted
	// mistake or a hint alone change only the player's own board.
	Shown bool
}

// Changes hears every change the use cases commit, after the commit, in
// the caller's goroutine and before the use case returns. Changed must
// not fail the change (it logs its own errors) and must bound its time:
// the player's reply waits for it.
type Changes interface {
	Changed(ctx context.Context, c Change)
}

// ChangesFunc is a function that is Changes.
type ChangesFunc func(ctx context.Context, c Change)

// Changed calls f.
func (f ChangesFunc) Changed(ctx context.Context, c Change) { f(ctx, c) }

// Notify makes the Service tell c of every change its use cases commit,
// from now on; nil tells nobody.
func (s *Service) Notify(c Changes) {
	if c == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.hooks = append(s.hooks, c)
}

// notify tells every Changes of one change.
func (s *Service) notify(ctx context.Context, c Change) {
	s.mu.Lock()
	hooks := s.hooks
	s.mu.Unlock()
	ctx = context.WithoutCancel(ctx)
	for _, h := range hooks {
		h.Changed(ctx, c)
	}
}

// RaceOf is the race a game is part of (its context is
// store.RaceContext), 0 for none.
func RaceOf(g store.Game) int64 {
	id, ok := strings.CutPrefix(g.Context, "race:")
	if !ok {
		return 0
	}
	n, err := strconv.ParseInt(id, 10, 64)
	if err != nil {
		return 0
	}
	return n
}

// changeStore is the store as the use cases see it: every transaction
// that commits a change of a game tells the Service's Changes, so no use
// case, present or future, can forget to.
type changeStore struct {
	Store
	s *Service
}

func (c changeStore) changed(ctx context.Context, g store.Game, user string, shown bool) {
	c.s.notify(ctx, Change{Game: g.ID, Version: g.Version, Race: RaceOf(g), User: user, Shown: shown})
}

func (c changeStore) EditGame(ctx context.Context, gameID int64, userID string, at time.Time, fn func(g *store.Game) (store.Finish, error), done func(store.Game, store.PlayerStats) error) (store.Game, store.PlayerStats, error) {
	var shown bool
	g, st, err := c.Store.EditGame(ctx, gameID, userID, at, func(g *store.Game) (store.Finish, error) {
		before := g.Entries
		f, err := fn(g)
		shown = f != store.KeepOpen || g.Entries != before
		return f, err
	}, done)
	if err == nil {
		c.changed(ctx, g, userID, shown)
	}
	return g, st, err
}

func (c changeStore) EditCoop(ctx context.Context, gameID int64, userID string, at time.Time, fn func(g *store.Game) (store.CoopEdit, error), done func(store.Game) error) (store.Game, error) {
	var shown bool
	g, err := c.Store.EditCoop(ctx, gameID, userID, at, func(g *store.Game) (store.CoopEdit, error) {
		before := g.Entries
		e, err := fn(g)
		shown = g.Entries != before
		return e, err
	}, done)
	if err == nil {
		c.changed(ctx, g, userID, shown || g.Solved)
	}
	return g, err
}

func (c changeStore) JoinRace(ctx context.Context, raceID int64, userID string, at time.Time, rules func(r store.Race, games []store.Game) error) (store.Race, store.Game, bool, error) {
	r, g, joined, err := c.Store.JoinRace(ctx, raceID, userID, at, rules)
	if err == nil && joined {
		// A new racer: the others' boards and the race card list them.
		c.changed(ctx, g, userID, true)
	}
	return r, g, joined, err
}
