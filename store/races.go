package store

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"time"

	"github.com/sudokubot/sudokubot/engine"
)

// Race is a race on one puzzle: each racer plays it on a private board
// (a game whose context is RaceContext(ID)); the first to solve wins.
type Race struct {
	ID         int64
	GuildID    string
	ChannelID  string
	MessageID  string // the public race card, once known
	HostID     string
	OpponentID string // "" when anyone in the channel may join
	PuzzleID   int64
	CreatedAt  time.Time
	JoinBy     time.Time // a race nobody else joined by then has expired
	EndsAt     time.Time // racers not done by then have timed out
	// Locale is the Discord locale the card is written in (the server's,
	// else the host's); "" is English.
	Locale string
}

// RaceContext is the context of a racer's game in race id.
func RaceContext(id int64) string { return "race:" + strconv.FormatInt(id, 10) }

const raceSelect = `SELECT id, guild_id, channel_id, message_id, host_id, opponent_id, puzzle_id, created_at, join_by, ends_at, locale FROM races`

func scanRace(r scanner) (Race, error) {
	var x Race
	var created, joinBy, ends int64
	if err := r.Scan(&x.ID, &x.GuildID, &x.ChannelID, &x.MessageID, &x.HostID, &x.OpponentID, &x.PuzzleID, &created, &joinBy, &ends, &x.Locale); err != nil {
		return Race{}, err
	}
	x.CreatedAt, x.JoinBy, x.EndsAt = fromMS(created), fromMS(joinBy), fromMS(ends)
	return x, nil
}

// CreateRace stores a new race and starts the host's board in it, in one
// transaction, and returns both.
func (s *Store) CreateRace(ctx context.Context, r Race) (Race, Game, error) {
	if r.HostID == "" || r.PuzzleID <= 0 || !r.JoinBy.After(r.CreatedAt) || !r.EndsAt.After(r.JoinBy) {
		return Race{}, Game{}, fmt.Errorf("store: create race: host, puzzle and deadlines after its start are needed: %w", ErrInvalid)
	}
	err := s.write(ctx, func(tx *sql.Tx) error {
		err := tx.QueryRowContext(ctx, s.q(`INSERT INTO races (guild_id, channel_id, message_id, host_id, opponent_id, puzzle_id, created_at, join_by, ends_at, locale)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
			r.GuildID, r.ChannelID, r.MessageID, r.HostID, r.OpponentID, r.PuzzleID, ms(r.CreatedAt), ms(r.JoinBy), ms(r.EndsAt), r.Locale).Scan(&r.ID)
		if err != nil {
			return fmt.Errorf("store: create race: %w", err)
		}
		return nil
	})
	if err != nil {
		return Race{}, Game{}, err
	}
	g, _, err := s.StartGame(ctx, NewGame{UserID: r.HostID, GuildID: r.GuildID, PuzzleID: r.PuzzleID, Context: RaceContext(r.ID), StartedAt: r.CreatedAt})
	if err != nil {
		return Race{}, Game{}, err
	}
	return r, g, nil
}

// Race returns a race, or ErrNotFound.
func (s *Store) Race(ctx context.Context, id int64) (Race, error) {
	r, err := scanRace(s.db.QueryRowContext(ctx, s.q(raceSelect+` WHERE id = ?`), id))
	if err != nil {
		return Race{}, notFound(err, fmt.Sprintf("race %d", id))
	}
	return r, nil
}

// SetRaceMessage records the id of the public race card, the first time
// it is learnt (from an interaction on its buttons).
func (s *Store) SetRaceMessage(ctx context.Context, id int64, messageID string) error {
	_, err := s.db.ExecContext(ctx, s.q(`UPDATE races SET message_id = ? WHERE id = ? AND message_id = ''`), messageID, id)
	if err != nil {
		return fmt.Errorf("store: race %d card: %w", id, err)
	}
	return nil
}

// RaceGames returns the racers' games of a race, in the order they joined.
func (s *Store) RaceGames(ctx context.Context, id int64) ([]Game, error) {
	rows, err := s.db.QueryContext(ctx, s.q(gameSelect+` WHERE g.context = ? ORDER BY g.started_at, g.id`), RaceContext(id))
	if err != nil {
		return nil, fmt.Errorf("store: race %d games: %w", id, err)
	}
	defer rows.Close()
	var out []Game
	for rows.Next() {
		g, err := scanGame(rows)
		if err != nil {
			return nil, fmt.Errorf("store: race %d games: %w", id, err)
		}
		out = append(out, g)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: race %d games: %w", id, err)
	}
	return out, nil
}

// JoinRace puts userID in a race in one transaction: it locks the race,
// and returns the player's board if they are in it already (joined
// false); else it runs rules (the game's: who may join, until when, how
// many) on the race and its racers' games, and starts the player's board
// when they pass. Two players pressing Join at once are counted one
// after the other, so a race never takes more racers than rules allow.
func (s *Store) JoinRace(ctx context.Context, raceID int64, userID string, at time.Time, rules func(r Race, games []Game) error) (Race, Game, bool, error) {
	var race Race
	var g Game
	joined := false
	err := s.write(ctx, func(tx *sql.Tx) error {
		var err error
		race, err = scanRace(tx.QueryRowContext(ctx, s.q(raceSelect+` WHERE id = ?`+s.forUpdate("races")), raceID))
		if err != nil {
			return notFound(err, fmt.Sprintf("race %d", raceID))
		}
		rows, err := tx.QueryContext(ctx, s.q(gameSelect+` WHERE g.context = ? ORDER BY g.started_at, g.id`), RaceContext(raceID))
		if err != nil {
			return fmt.Errorf("store: race %d games: %w", raceID, err)
		}
		var games []Game
		for rows.Next() {
			g, err := scanGame(rows)
			if err != nil {
				rows.Close()
				return fmt.Errorf("store: race %d games: %w", raceID, err)
			}
			games = append(games, g)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return fmt.Errorf("store: race %d games: %w", raceID, err)
		}
		for _, rg := range games {
			if rg.UserID == userID {
				g = rg
				return nil
			}
		}
		if err := rules(race, games); err != nil {
			return err
		}
		start := ms(now(at))
		_, err = tx.ExecContext(ctx, s.q(`INSERT INTO games
			(user_id, guild_id, puzzle_id, context, day, entries, pencil, started_at, updated_at)
			VALUES (?, ?, ?, ?, '', ?, ?, ?, ?)`),
			userID, race.GuildID, race.PuzzleID, RaceContext(raceID), engine.Grid{}.Digits(),
			formatPencil([engine.NumCells]engine.Digits{}), start, start)
		if err != nil {
			return fmt.Errorf("store: join race %d: %w", raceID, err)
		}
		g, err = scanGame(tx.QueryRowContext(ctx, s.q(gameSelect+` WHERE g.user_id = ? AND g.puzzle_id = ? AND g.context = ?`),
			userID, race.PuzzleID, RaceContext(raceID)))
		if err != nil {
			return fmt.Errorf("store: join race %d: %w", raceID, err)
		}
		joined = true
		return nil
	})
	if err != nil {
		return race, Game{}, false, err
	}
	return race, g, joined, nil
}

// OpenRace returns the newest race of a channel still open to join at
// now, or ErrNotFound: where a voice channel's Activity finds the race
// its players join.
func (s *Store) OpenRace(ctx context.Context, channelID string, now time.Time) (Race, error) {
	r, err := scanRace(s.db.QueryRowContext(ctx, s.q(raceSelect+` WHERE channel_id = ? AND join_by >= ? AND opponent_id = '' ORDER BY id DESC LIMIT 1`),
		channelID, ms(now)))
	if err != nil {
		return Race{}, notFound(err, fmt.Sprintf("open race in channel %s", channelID))
	}
	return r, nil
}
