package game

import (
	"cmp"
	"context"
	"errors"
	"slices"
	"time"

	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/store"
)

// The rules of a race.
const (
	// RaceJoinWindow is how long after a race is opened players may join.
	RaceJoinWindow = 10 * time.Minute
	// RaceLength is how long racers have to solve, from the opening.
	RaceLength = time.Hour
	// MaxRacers is the most players one race takes, its host included.
	MaxRacers = 10
)

// NewRaceInput opens a race on a fresh puzzle.
type NewRaceInput struct {
	Host, Guild, Channel string
	// Opponent, when set, is the only player who may join.
	Opponent string
	// Bot is the bot's own user id: it cannot be challenged.
	Bot string
	// MakePuzzle makes the fresh puzzle every racer plays, once the
	// race is allowed (making one is heavy work).
	MakePuzzle func(context.Context) (store.Puzzle, error)
	// Locale is the language of the public race card.
	Locale string
}

// NewRaceResult is an opened race and the host's board in it.
type NewRaceResult struct {
	Race   store.Race
	Puzzle store.Puzzle
	Host   store.Game
}

// NewRace opens a race: the host's board is started with it, and anyone
// in the channel (or only the opponent) may join for RaceJoinWindow.
func (s *Service) NewRace(ctx context.Context, in NewRaceInput) (NewRaceResult, error) {
	switch {
	case in.Opponent != "" && in.Opponent == in.Host:
		return NewRaceResult{}, Refuse("race.self")
	case in.Opponent != "" && in.Opponent == in.Bot:
		return NewRaceResult{}, Refuse("race.bot")
	}
	p, err := in.MakePuzzle(ctx)
	if err != nil {
		return NewRaceResult{}, err
	}
	if p, err = s.store.SavePuzzle(ctx, p); err != nil {
		return NewRaceResult{}, err
	}
	now := s.now()
	race, g, err := s.store.CreateRace(ctx, store.Race{GuildID: in.Guild, ChannelID: in.Channel, HostID: in.Host,
		OpponentID: in.Opponent, PuzzleID: p.ID, CreatedAt: now, Locale: in.Locale,
		JoinBy: now.Add(RaceJoinWindow), EndsAt: now.Add(RaceLength)})
	if err != nil {
		return NewRaceResult{}, err
	}
	return NewRaceResult{Race: race, Puzzle: p, Host: g}, nil
}

// JoinRaceResult is a player's board in a race.
type JoinRaceResult struct {
	Race store.Race
	Game store.Game
	// Joined tells a new racer from one who was in the race already.
	Joined bool
}

// JoinRace puts a player in a race, in one transaction (store.JoinRace),
// or gives back their board if they are in it: only the named opponent
// of a private race, only within the join window, and at most MaxRacers.
func (s *Service) JoinRace(ctx context.Context, raceID int64, user string) (JoinRaceResult, error) {
	now := s.now()
	race, g, joined, err := s.store.JoinRace(ctx, raceID, user, now, func(r store.Race, games []store.Game) error {
		switch {
		case r.OpponentID != "" && user != r.OpponentID:
			return Refuse("race.private", "Host", r.HostID, "Opponent", r.OpponentID)
		case now.After(r.JoinBy):
			return Refuse("race.closed", "Window", l10n.Duration(RaceJoinWindow))
		case len(games) >= MaxRacers:
			return Refuse("race.full", "Max", MaxRacers)
		}
		return nil
	})
	if errors.Is(err, store.ErrNotFound) {
		return JoinRaceResult{}, &Error{Msg: l10n.M("race.gone"), Err: err}
	}
	if err != nil {
		return JoinRaceResult{}, Explain(err)
	}
	return JoinRaceResult{Race: race, Game: g, Joined: joined}, nil
}

// ShareResult is a solved game to share: the text and the card are the
// door's, from the game and the streak.
type ShareResult struct {
	Game store.Game
	// Streak is the player's daily streak in the game's guild, for a
	// daily; 0 otherwise.
	Streak int
	// First tells the first share of the game (posted to the channel)
	// from a later press (answered privately with the text to copy).
	First bool
}

// Share records the player's share of their solved game, once per game.
func (s *Service) Share(ctx context.Context, gameID int64, user, channel string) (ShareResult, error) {
	g, err := s.store.Game(ctx, gameID)
	if err != nil {
		return ShareResult{}, err
	}
	if err := CheckOwner(g, user); err != nil {
		return ShareResult{}, err
	}
	if !g.Solved {
		return ShareResult{Game: g}, Refuse("share.unsolved")
	}
	out := ShareResult{Game: g}
	if !g.Day.IsZero() {
		st, err := s.store.PlayerStats(ctx, g.GuildID, g.UserID)
		if err != nil {
			return out, err
		}
		out.Streak = st.CurrentStreak
	}
	if out.First, err = s.store.RecordShare(ctx, g.ID, user, channel, s.now()); err != nil {
		return out, Explain(err)
	}
	return out, nil
}

// RankRacers orders racers: solves in time by finishing time, then the
// rest by cells filled, then by fewer mistakes; those who left come
// last. Every door shows a race in this order.
func RankRacers(games []store.Game, ends time.Time) []store.Game {
	out := slices.Clone(games)
	inTime := func(g store.Game) bool { return g.Solved && !g.FinishedAt.After(ends) }
	b2i := func(v bool) int {
		if v {
			return 1
		}
		return 0
	}
	slices.SortStableFunc(out, func(a, b store.Game) int {
		if c := cmp.Compare(b2i(!inTime(a)), b2i(!inTime(b))); c != 0 {
			return c
		}
		if inTime(a) {
			return a.FinishedAt.Compare(b.FinishedAt)
		}
		if c := cmp.Compare(b2i(a.GaveUp), b2i(b.GaveUp)); c != 0 {
			return c
		}
		if c := cmp.Compare(b.Board().Count(), a.Board().Count()); c != 0 {
			return c
		}
		return cmp.Compare(a.Mistakes, b.Mistakes)
	})
	return out
}

// RaceHere is the race of a place that players reach together (a voice
// channel's Activity): the player joins the channel's race open to
// anyone while it takes racers, or opens a new one as its host.
func (s *Service) RaceHere(ctx context.Context, in NewRaceInput) (JoinRaceResult, error) {
	r, err := s.store.OpenRace(ctx, in.Channel, s.now())
	switch {
	case err == nil:
		res, err := s.JoinRace(ctx, r.ID, in.Host)
		if err == nil || !refused(err) {
			return res, err
		}
		// Full, or closed meanwhile: a race of their own.
	case !errors.Is(err, store.ErrNotFound):
		return JoinRaceResult{}, err
	}
	in.Opponent = ""
	res, err := s.NewRace(ctx, in)
	if err != nil {
		return JoinRaceResult{}, err
	}
	return JoinRaceResult{Race: res.Race, Game: res.Host, Joined: true}, nil
}

// refused tells a rule's refusal (*Error) from a failure.
func refused(err error) bool {
	var e *Error
	return errors.As(err, &e)
}
