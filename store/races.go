package store

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"time"
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
