package store

import (
	"context"
	"fmt"
	"time"

	"github.com/sudokubot/sudokubot/engine"
)

// Finished is one game a player finished, as their progress picture
// shows it: no digits, only how and when it went.
type Finished struct {
	Day        Day          // the daily's date; the zero Day for any other game
	Late       bool         // a daily played after its day
	Level      engine.Level // meaningless when Ungraded
	Ungraded   bool
	Solved     bool // false: given up
	Duration   time.Duration
	FinishedAt time.Time
}

// History returns the games userID finished in guildID ("" for direct
// messages) since a time, oldest first, at most limit of them.
func (s *Store) History(ctx context.Context, guildID, userID string, since time.Time, limit int) ([]Finished, error) {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT g.day, g.late, p.level, p.graded, g.solved, g.duration_ms, g.finished_at
		FROM games g JOIN puzzles p ON p.id = g.puzzle_id
		WHERE g.user_id = ? AND g.guild_id = ? AND g.finished_at >= ? AND g.finished_at > 0
		ORDER BY g.finished_at, g.id LIMIT ?`), userID, guildID, ms(since), limit)
	if err != nil {
		return nil, fmt.Errorf("store: history of %s in %q: %w", userID, guildID, err)
	}
	defer rows.Close()
	var out []Finished
	for rows.Next() {
		var f Finished
		var level string
		var graded bool
		var dur, fin int64
		if err := rows.Scan(&f.Day, &f.Late, &level, &graded, &f.Solved, &dur, &fin); err != nil {
			return nil, fmt.Errorf("store: history of %s in %q: %w", userID, guildID, err)
		}
		f.Level, f.Ungraded = readLevel(level, graded)
		f.Duration, f.FinishedAt = time.Duration(dur)*time.Millisecond, fromMS(fin)
		out = append(out, f)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: history of %s in %q: %w", userID, guildID, err)
	}
	return out, nil
}

// Daily is one of a player's dailies as their calendar shows it.
type Daily struct {
	Day      Day
	Late     bool
	Solved   bool
	GaveUp   bool
	Finished bool
}

// Dailies returns the player's dailies of the days from first to last
// (both included), wherever they were played (a daily is one game per
// player and day), oldest first.
func (s *Store) Dailies(ctx context.Context, userID string, first, last Day) ([]Daily, error) {
	if err := checkDayValue(first); err != nil {
		return nil, err
	}
	if err := checkDayValue(last); err != nil {
		return nil, err
	}
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT day, late, solved, gave_up, finished_at FROM games
		WHERE user_id = ? AND day <> '' AND day >= ? AND day <= ? ORDER BY day, id`), userID, first, last)
	if err != nil {
		return nil, fmt.Errorf("store: dailies of %s: %w", userID, err)
	}
	defer rows.Close()
	var out []Daily
	for rows.Next() {
		var d Daily
		var fin int64
		if err := rows.Scan(&d.Day, &d.Late, &d.Solved, &d.GaveUp, &fin); err != nil {
			return nil, fmt.Errorf("store: dailies of %s: %w", userID, err)
		}
		d.Finished = fin > 0
		out = append(out, d)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: dailies of %s: %w", userID, err)
	}
	return out, nil
}
