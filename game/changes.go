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
// give-up, a racer joining): what the live boards (webapi's event
// stream) hear, so every board of the game, and of its race, redraws.
type Change struct {
	Game    int64
	Version int64
	// Race is the race the game is part of; 0 for none.
	Race int64
	// User is the player who made the change.
	User string
}

// Changes hears every change the use cases commit, after the commit.
// Changed must not block for long: it runs on the request's path.
type Changes interface {
	Changed(ctx context.Context, c Change)
}

// Option tunes a Service (New).
type Option func(*Service)

// WithChanges makes the Service tell c of every change its use cases
// commit; nil tells nobody.
func WithChanges(c Changes) Option {
	return func(s *Service) {
		if c != nil {
			s.store = changeStore{Store: s.store, changes: c}
		}
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

// changeStore is the store as the use cases see it once a Service has
// Changes: every transaction that commits a change of a game is told, so
// no use case, present or future, can forget to.
type changeStore struct {
	Store
	changes Changes
}

func (c changeStore) changed(ctx context.Context, g store.Game, user string) {
	c.changes.Changed(context.WithoutCancel(ctx), Change{Game: g.ID, Version: g.Version, Race: RaceOf(g), User: user})
}

func (c changeStore) EditGame(ctx context.Context, gameID int64, userID string, at time.Time, fn func(g *store.Game) (store.Finish, error), done func(store.Game, store.PlayerStats) error) (store.Game, store.PlayerStats, error) {
	g, st, err := c.Store.EditGame(ctx, gameID, userID, at, fn, done)
	if err == nil {
		c.changed(ctx, g, userID)
	}
	return g, st, err
}

func (c changeStore) EditCoop(ctx context.Context, gameID int64, userID string, at time.Time, fn func(g *store.Game) (store.CoopEdit, error), done func(store.Game) error) (store.Game, error) {
	g, err := c.Store.EditCoop(ctx, gameID, userID, at, fn, done)
	if err == nil {
		c.changed(ctx, g, userID)
	}
	return g, err
}

func (c changeStore) JoinRace(ctx context.Context, raceID int64, userID string, at time.Time, rules func(r store.Race, games []store.Game) error) (store.Race, store.Game, bool, error) {
	r, g, joined, err := c.Store.JoinRace(ctx, raceID, userID, at, rules)
	if err == nil && joined {
		// A new racer: the others' boards list them.
		c.changed(ctx, g, userID)
	}
	return r, g, joined, err
}
