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
