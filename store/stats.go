package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/sudokubot/sudokubot/engine"
)

// updateStats folds the just-finished game g into the player's record for
// key (a guild ID, or "" for all guilds) inside tx, and returns the record.
//
// Streak rule: solving the daily of day D after last solving the daily of
// day L < D continues the streak when no day strictly between L and D had a
// successful daily post in the game's guild (so days the bot failed to post,
// or was off, are forgiven), and restarts it at 1 otherwise. For a direct
// message game (no guild) every calendar day counts. Solving an older daily
// late, or a second daily of the same day, leaves the streak alone; giving
// up today's daily ends it.
func (s *Store) updateStats(ctx context.Context, tx *sql.Tx, key string, g Game) (PlayerStats, error) {
	fail := func(err error) (PlayerStats, error) {
		return PlayerStats{}, fmt.Errorf("store: stats of user %s in guild %q: %w", g.UserID, key, err)
	}
	if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO player_stats (guild_id, user_id) VALUES (?, ?)
		ON CONFLICT (guild_id, user_id) DO NOTHING`), key, g.UserID); err != nil {
		return fail(err)
	}
	var st PlayerStats
	st.GuildID, st.UserID = key, g.UserID
	err := tx.QueryRowContext(ctx, s.q(`SELECT ps.current_streak, ps.best_streak, ps.last_solved_day, ps.solves, ps.gave_ups, ps.daily_solves
		FROM player_stats ps WHERE ps.guild_id = ? AND ps.user_id = ?`+s.forUpdate("ps")), key, g.UserID).
		Scan(&st.CurrentStreak, &st.BestStreak, &st.LastSolvedDay, &st.Solves, &st.GaveUps, &st.DailySolves)
	if err != nil {
		return fail(err)
	}
	daily := !g.Day.IsZero()
	day := g.Day.String()
	switch {
	case g.Solved:
		st.Solves++
		if daily {
			st.DailySolves++
		}
	default:
		st.GaveUps++
	}
	if daily && !g.Late && day > st.LastSolvedDay {
		if g.Solved {
			cont, err := s.streakContinues(ctx, tx, g.GuildID, st.LastSolvedDay, day)
			if err != nil {
				return fail(err)
			}
			if cont {
				st.CurrentStreak++
			} else {
				st.CurrentStreak = 1
			}
			st.BestStreak = max(st.BestStreak, st.CurrentStreak)
			st.LastSolvedDay = day
		} else {
			st.CurrentStreak = 0
		}
	}
	if _, err := tx.ExecContext(ctx, s.q(`UPDATE player_stats SET current_streak = ?, best_streak = ?, last_solved_day = ?,
		solves = ?, gave_ups = ?, daily_solves = ? WHERE guild_id = ? AND user_id = ?`),
		st.CurrentStreak, st.BestStreak, st.LastSolvedDay, st.Solves, st.GaveUps, st.DailySolves, key, g.UserID); err != nil {
		return fail(err)
	}

	if !g.Ungraded {
		if err := s.updateLevelStats(ctx, tx, key, g); err != nil {
			return fail(err)
		}
	}
	st.Levels, err = s.levelStats(ctx, tx, key, g.UserID)
	if err != nil {
		return fail(err)
	}
	return st, nil
}

// updateLevelStats folds the finished game g, of a graded puzzle, into the
// player's record of its level for key, inside tx. Best and median come
// from the solved games themselves, read under the player_stats row lock
// updateStats took, so they include every finish committed before this
// one.
func (s *Store) updateLevelStats(ctx context.Context, tx *sql.Tx, key string, g Game) error {
	q := `SELECT g.duration_ms FROM games g JOIN puzzles p ON p.id = g.puzzle_id
		WHERE g.user_id = ? AND g.solved AND p.graded AND p.level = ? AND g.context NOT LIKE 'coop:%'`
	args := []any{g.UserID, g.Level.String()}
	if key != "" {
		q += ` AND g.guild_id = ?`
		args = append(args, key)
	}
	durs, err := s.durations(ctx, tx, q+` ORDER BY g.duration_ms`, args...)
	if err != nil {
		return err
	}
	var best, median int64
	if len(durs) > 0 {
		best, median = durs[0], medianMS(durs)
	}
	gaveUp := 0
	if g.GaveUp {
		gaveUp = 1
	}
	if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO player_level_stats (guild_id, user_id, level, solves, gave_ups, best_ms, median_ms)
		VALUES (?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (guild_id, user_id, level) DO UPDATE SET solves = excluded.solves,
			gave_ups = player_level_stats.gave_ups + excluded.gave_ups, best_ms = excluded.best_ms, median_ms = excluded.median_ms`),
		key, g.UserID, g.Level.String(), len(durs), gaveUp, best, median); err != nil {
		return err
	}
	return nil
}

// streakContinues applies the streak rule to the gap between the last
// solved day and day.
func (s *Store) streakContinues(ctx context.Context, tx *sql.Tx, guildID, last, day string) (bool, error) {
	if last == "" {
		return false, nil
	}
	if guildID == "" {
		l, err1 := time.Parse(time.DateOnly, last)
		d, err2 := time.Parse(time.DateOnly, day)
		if err1 != nil || err2 != nil {
			return false, nil
		}
		return l.AddDate(0, 0, 1).Equal(d), nil
	}
	var posted int
	err := tx.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM daily_posts
		WHERE guild_id = ? AND day > ? AND day < ? AND message_id <> ''`), guildID, last, day).Scan(&posted)
	if err != nil {
		return false, err
	}
	return posted == 0, nil
}

// querier is what the pool and *sql.Tx have in common.
type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// durations runs a query returning one column of milliseconds.
func (s *Store) durations(ctx context.Context, db querier, query string, args ...any) ([]int64, error) {
	rows, err := db.QueryContext(ctx, s.q(query), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var v int64
		if err := rows.Scan(&v); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// medianMS returns the median of sorted values (the mean of the middle two
// for an even count).
func medianMS(sorted []int64) int64 {
	n := len(sorted)
	if n == 0 {
		return 0
	}
	if n%2 == 1 {
		return sorted[n/2]
	}
	return (sorted[n/2-1] + sorted[n/2]) / 2
}

// levelStats reads a player's per-level records. A row of a name that is
// no level (the "not graded" games that versions before schema 11
// counted as a level) stays in the table but is not read.
func (s *Store) levelStats(ctx context.Context, db querier, guildID, userID string) (map[engine.Level]LevelStats, error) {
	rows, err := db.QueryContext(ctx, s.q(`SELECT level, solves, gave_ups, best_ms, median_ms FROM player_level_stats
		WHERE guild_id = ? AND user_id = ?`), guildID, userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[engine.Level]LevelStats{}
	for rows.Next() {
		var level string
		var ls LevelStats
		var best, median int64
		if err := rows.Scan(&level, &ls.Solves, &ls.GaveUps, &best, &median); err != nil {
			return nil, err
		}
		ls.Best, ls.Median = time.Duration(best)*time.Millisecond, time.Duration(median)*time.Millisecond
		if l, err := engine.ParseLevel(level); err == nil {
			out[l] = ls
		}
	}
	return out, rows.Err()
}

// PlayerStats returns a player's record in a guild, or across all guilds
// and direct messages when guildID is "". A player who never finished a
// game there gets zero stats (and a nil error). CurrentStreak is as of
// LastSolvedDay: it is not reset by days merely passing (LiveStreak is).
func (s *Store) PlayerStats(ctx context.Context, guildID, userID string) (PlayerStats, error) {
	st := PlayerStats{GuildID: guildID, UserID: userID}
	err := s.db.QueryRowContext(ctx, s.q(`SELECT current_streak, best_streak, last_solved_day, solves, gave_ups, daily_solves
		FROM player_stats WHERE guild_id = ? AND user_id = ?`), guildID, userID).
		Scan(&st.CurrentStreak, &st.BestStreak, &st.LastSolvedDay, &st.Solves, &st.GaveUps, &st.DailySolves)
	if err != nil && err != sql.ErrNoRows {
		return PlayerStats{}, fmt.Errorf("store: stats of user %s in guild %q: %w", userID, guildID, err)
	}
	st.Levels, err = s.levelStats(ctx, s.db, guildID, userID)
	if err != nil {
		return PlayerStats{}, fmt.Errorf("store: stats of user %s in guild %q: %w", userID, guildID, err)
	}
	return st, nil
}

// DailyLeaderboard returns the best solves of the daily of day in a
// guild, at most limit of them. The rule (fairOrder): solves without any
// hint come first; then solves with hints, those that were shown fewer
// answers (level-3 hints) first; within each, the fastest, then fewer
// mistakes, then who finished first. So a hint can never buy a place above
// a player who solved alone. Hints and mistakes are given so the board can
// show them.
func (s *Store) DailyLeaderboard(ctx context.Context, guildID, day string, limit int) ([]LeaderboardEntry, error) {
	if err := checkDay(day); err != nil {
		return nil, err
	}
	return s.dailyLeaderboard(ctx, guildID, day, limit)
}

// fairOrder orders solved games of one daily (see DailyLeaderboard).
const fairOrder = `CASE WHEN hints1 + hints2 + hints3 = 0 THEN 0 ELSE 1 END, hints3, duration_ms, mistakes, finished_at, user_id`

func (s *Store) dailyLeaderboard(ctx context.Context, guildID, day string, limit int) ([]LeaderboardEntry, error) {
	if limit <= 0 {
		return nil, nil
	}
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT user_id, duration_ms, hints1 + hints2 + hints3 AS hints, mistakes, finished_at
		FROM games WHERE guild_id = ? AND context = ? AND solved AND NOT late
		ORDER BY `+fairOrder+` LIMIT ?`), guildID, DailyContext(day), limit)
	if err != nil {
		return nil, fmt.Errorf("store: daily leaderboard %s %s: %w", guildID, day, err)
	}
	defer rows.Close()
	var out []LeaderboardEntry
	for rows.Next() {
		var e LeaderboardEntry
		var dur, fin int64
		if err := rows.Scan(&e.UserID, &dur, &e.Hints, &e.Mistakes, &fin); err != nil {
			return nil, fmt.Errorf("store: daily leaderboard %s %s: %w", guildID, day, err)
		}
		e.Rank = len(out) + 1
		e.Duration, e.FinishedAt = time.Duration(dur)*time.Millisecond, fromMS(fin)
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: daily leaderboard %s %s: %w", guildID, day, err)
	}
	return out, nil
}

// streakOrder ranks streaks: the longest, then the best streak, then
// the most solves.
const streakOrder = ` ORDER BY current_streak DESC, best_streak DESC, solves DESC, user_id`

// StreakLeaderboardAsOf returns the longest daily streaks in a guild (""
// for everyone), at most limit, in streakOrder, without those that have
// ended by today (the guild's local date, YYYY-MM-DD): a streak is alive if
// no day after the player's last solved day and before today had a
// successful post in the guild (today's daily may still be solved). For
// guildID "" (everyone, where no one guild's posts apply) a streak is alive
// if the last solve was today or yesterday.
func (s *Store) StreakLeaderboardAsOf(ctx context.Context, guildID, today string, limit int) ([]LeaderboardEntry, error) {
	if err := checkDay(today); err != nil {
		return nil, err
	}
	if guildID == "" {
		t, _ := time.Parse(time.DateOnly, today)
		return s.statsBoard(ctx, guildID, limit, `current_streak > 0 AND last_solved_day >= ?`+streakOrder,
			t.AddDate(0, 0, -1).Format(time.DateOnly))
	}
	return s.statsBoard(ctx, guildID, limit, `current_streak > 0 AND NOT EXISTS (SELECT 1 FROM daily_posts dp
		WHERE dp.guild_id = player_stats.guild_id AND dp.day > player_stats.last_solved_day AND dp.day < ?
		AND dp.message_id <> '')`+streakOrder, today)
}

// LiveStreak returns a player's current streak in a guild as of today (the
// guild's local date): PlayerStats.CurrentStreak if the streak is still
// alive by the rule of StreakLeaderboardAsOf, else 0.
func (s *Store) LiveStreak(ctx context.Context, guildID, userID, today string) (int, error) {
	if err := checkDay(today); err != nil {
		return 0, err
	}
	st, err := s.PlayerStats(ctx, guildID, userID)
	if err != nil || st.CurrentStreak == 0 || st.LastSolvedDay >= today {
		return st.CurrentStreak, err
	}
	if guildID == "" {
		t, _ := time.Parse(time.DateOnly, today)
		if st.LastSolvedDay >= t.AddDate(0, 0, -1).Format(time.DateOnly) {
			return st.CurrentStreak, nil
		}
		return 0, nil
	}
	var posted int
	err = s.db.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM daily_posts
		WHERE guild_id = ? AND day > ? AND day < ? AND message_id <> ''`), guildID, st.LastSolvedDay, today).Scan(&posted)
	if err != nil {
		return 0, fmt.Errorf("store: live streak of user %s in guild %q: %w", userID, guildID, err)
	}
	if posted > 0 {
		return 0, nil
	}
	return st.CurrentStreak, nil
}

// statsBoard reads a leaderboard from player_stats; where holds the filter
// and order, with args for its placeholders.
func (s *Store) statsBoard(ctx context.Context, guildID string, limit int, where string, args ...any) ([]LeaderboardEntry, error) {
	if limit <= 0 {
		return nil, nil
	}
	args = append(append([]any{guildID}, args...), limit)
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT user_id, current_streak, best_streak, solves FROM player_stats
		WHERE guild_id = ? AND `+where+` LIMIT ?`), args...)
	if err != nil {
		return nil, fmt.Errorf("store: leaderboard of guild %q: %w", guildID, err)
	}
	defer rows.Close()
	var out []LeaderboardEntry
	for rows.Next() {
		var e LeaderboardEntry
		if err := rows.Scan(&e.UserID, &e.Streak, &e.BestStreak, &e.Solves); err != nil {
			return nil, fmt.Errorf("store: leaderboard of guild %q: %w", guildID, err)
		}
		e.Rank = len(out) + 1
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: leaderboard of guild %q: %w", guildID, err)
	}
	return out, nil
}

// DailyStats summarises the daily of day in a guild: how many started,
// solved and gave up, the median solve time and the three fastest solves.
func (s *Store) DailyStats(ctx context.Context, guildID, day string) (DailyStats, error) {
	if err := checkDay(day); err != nil {
		return DailyStats{}, err
	}
	ds := DailyStats{GuildID: guildID, Day: day}
	err := s.db.QueryRowContext(ctx, s.q(`SELECT COUNT(*),
		COALESCE(SUM(CASE WHEN solved THEN 1 ELSE 0 END), 0), COALESCE(SUM(CASE WHEN gave_up THEN 1 ELSE 0 END), 0)
		FROM games WHERE guild_id = ? AND context = ?`), guildID, DailyContext(day)).Scan(&ds.Players, &ds.Solves, &ds.GaveUps)
	if err != nil {
		return DailyStats{}, fmt.Errorf("store: daily stats %s %s: %w", guildID, day, err)
	}
	durs, err := s.durations(ctx, s.db, `SELECT duration_ms FROM games WHERE guild_id = ? AND context = ? AND solved AND NOT late ORDER BY duration_ms`,
		guildID, DailyContext(day))
	if err != nil {
		return DailyStats{}, fmt.Errorf("store: daily stats %s %s: %w", guildID, day, err)
	}
	ds.Median = time.Duration(medianMS(durs)) * time.Millisecond
	if ds.Fastest, err = s.dailyLeaderboard(ctx, guildID, day, 3); err != nil {
		return DailyStats{}, err
	}
	return ds, nil
}
