package store

import (
	"context"
	"fmt"
	"time"
)

// periodOrder ranks players over a period: more solves first, then more
// of them without any hint, then the shorter average time, then fewer
// mistakes. Counting solves first rewards playing every day; counting
// hint-free solves next means hints never buy a place above a player who
// solved as often alone.
// (PostgreSQL does not take output names inside ORDER BY expressions, so
// the sums are spelt out.)
const periodOrder = `ORDER BY COUNT(*) DESC, SUM(CASE WHEN hints1 + hints2 + hints3 = 0 THEN 1 ELSE 0 END) DESC,
	SUM(duration_ms) * 1.0 / COUNT(*), SUM(mistakes), user_id`

// periodSelect sums each player's solved games that match a filter. A
// co-op board is nobody's own solve: it is never counted (its host may
// have placed no digit). The sums are cast because PostgreSQL sums BIGINTs
// as NUMERIC.
const periodSelect = `SELECT user_id, COUNT(*),
	CAST(SUM(CASE WHEN hints1 + hints2 + hints3 = 0 THEN 1 ELSE 0 END) AS BIGINT),
	CAST(SUM(duration_ms) AS BIGINT), CAST(SUM(hints1 + hints2 + hints3) AS BIGINT), CAST(SUM(mistakes) AS BIGINT)
	FROM games WHERE guild_id = ? AND solved AND context NOT LIKE 'coop:%' AND `

// DailiesLeaderboard ranks the players of a guild by the dailies of the
// days from to to (local dates, YYYY-MM-DD, both included) they solved, at
// most limit of them, by periodOrder. Each entry's Solves counts the
// dailies, Clean those solved without a hint, Duration is the average
// solve time and Hints and Mistakes are totals.
func (s *Store) DailiesLeaderboard(ctx context.Context, guildID, from, to string, limit int) ([]LeaderboardEntry, error) {
	if err := checkDay(from); err != nil {
		return nil, err
	}
	if err := checkDay(to); err != nil {
		return nil, err
	}
	return s.periodBoard(ctx, limit, `day <> '' AND NOT late AND day >= ? AND day <= ? GROUP BY user_id `+periodOrder, guildID, from, to)
}

// SolvesSince ranks the players of a guild by the games (dailies and
// their own) they solved since a time, at most limit of them, by
// periodOrder, with the same entries as DailiesLeaderboard.
func (s *Store) SolvesSince(ctx context.Context, guildID string, since time.Time, limit int) ([]LeaderboardEntry, error) {
	return s.periodBoard(ctx, limit, `finished_at >= ? GROUP BY user_id `+periodOrder, guildID, ms(since))
}

func (s *Store) periodBoard(ctx context.Context, limit int, where string, args ...any) ([]LeaderboardEntry, error) {
	if limit <= 0 {
		return nil, nil
	}
	rows, err := s.db.QueryContext(ctx, s.q(periodSelect+where+` LIMIT ?`), append(args, limit)...)
	if err != nil {
		return nil, fmt.Errorf("store: period leaderboard of guild %q: %w", args[0], err)
	}
	defer rows.Close()
	var out []LeaderboardEntry
	for rows.Next() {
		var e LeaderboardEntry
		var total int64
		if err := rows.Scan(&e.UserID, &e.Solves, &e.Clean, &total, &e.Hints, &e.Mistakes); err != nil {
			return nil, fmt.Errorf("store: period leaderboard of guild %q: %w", args[0], err)
		}
		e.Rank = len(out) + 1
		if e.Solves > 0 {
			e.Duration = time.Duration(total/int64(e.Solves)) * time.Millisecond
		}
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: period leaderboard of guild %q: %w", args[0], err)
	}
	return out, nil
}
