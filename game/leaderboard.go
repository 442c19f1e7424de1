package game

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/store"
)

// Leaderboard kinds and periods, as the doors offer them.
var (
	LeaderboardKinds   = []string{"daily", "solves", "streaks"}
	LeaderboardPeriods = []string{"day", "week", "month", "all"}
)

// LeaderboardSize is how many players a leaderboard lists.
const LeaderboardSize = 10

// LeaderboardStore ranks a guild's players; *store.Store implements it.
// The order of each board is the store's (store.DailyLeaderboard and the
// others state it).
type LeaderboardStore interface {
	DailyLeaderboard(ctx context.Context, guildID, day string, limit int) ([]store.LeaderboardEntry, error)
	StreakLeaderboardAsOf(ctx context.Context, guildID, today string, limit int) ([]store.LeaderboardEntry, error)
	DailiesLeaderboard(ctx context.Context, guildID, from, to string, limit int) ([]store.LeaderboardEntry, error)
	SolvesSince(ctx context.Context, guildID string, since time.Time, limit int) ([]store.LeaderboardEntry, error)
}

var _ LeaderboardStore = (*store.Store)(nil)

// Period is the span of a leaderboard in the guild's calendar.
type Period struct {
	From, To string    // local dates (YYYY-MM-DD), both included
	Since    time.Time // the start of From, as an instant
	Name     string    // "day", "week", "month" or "all"
}

// PeriodOf is the span of name ending today at now, in now's location:
// today, the week since Monday, the month since the 1st, or all time.
func PeriodOf(name string, now time.Time) Period {
	y, m, d := now.Date()
	start := time.Date(y, m, d, 0, 0, 0, 0, now.Location())
	p := Period{To: start.Format(time.DateOnly), Name: "day"}
	switch name {
	case "week":
		back := (int(now.Weekday()) + 6) % 7 // days since Monday
		start, p.Name = time.Date(y, m, d-back, 0, 0, 0, 0, now.Location()), name
	case "month":
		start, p.Name = time.Date(y, m, 1, 0, 0, 0, 0, now.Location()), name
	case "all":
		start, p.Name = time.Date(2000, 1, 1, 0, 0, 0, 0, now.Location()), name
	}
	p.From, p.Since = start.Format(time.DateOnly), start
	return p
}

// Leaderboard is a guild's board of a kind over a period.
type Leaderboard struct {
	// Kind is "daily" over a Period of "day" is today's daily by time;
	// "daily" over a longer one ranks the dailies solved; "solves" ranks
	// every solve; "streaks" lists the streaks alive today.
	Kind   string
	Period Period
	// NoPeriod says that the period asked does not apply: a streak has
	// none, it is alive today or not.
	NoPeriod bool
	Rows     []store.LeaderboardEntry
}

// Leaderboards is the use case of a guild's leaderboards.
type Leaderboards struct {
	Store LeaderboardStore
}

// Board is a guild's leaderboard of kind over the period named, ending
// today at now (in the guild's time zone, DailyClock); "" is the daily
// of today. A kind or period that does not exist is refused by name.
func (lb Leaderboards) Board(ctx context.Context, guildID, kind, period string, now time.Time) (Leaderboard, error) {
	if kind == "" {
		kind = "daily"
	}
	if period == "" {
		period = "day"
	}
	if !slices.Contains(LeaderboardKinds, kind) {
		return Leaderboard{}, Refuse("board.bad_kind", "Value", l10n.Quote(kind), "Choices", strings.Join(LeaderboardKinds, ", "))
	}
	if !slices.Contains(LeaderboardPeriods, period) {
		return Leaderboard{}, Refuse("board.bad_period", "Value", l10n.Quote(period), "Choices", strings.Join(LeaderboardPeriods, ", "))
	}
	out := Leaderboard{Kind: kind, Period: PeriodOf(period, now)}
	var err error
	switch {
	case kind == "streaks":
		out.NoPeriod = period != "day" && period != "all"
		out.Rows, err = lb.Store.StreakLeaderboardAsOf(ctx, guildID, out.Period.To, LeaderboardSize)
	case kind == "daily" && period == "day":
		out.Rows, err = lb.Store.DailyLeaderboard(ctx, guildID, out.Period.To, LeaderboardSize)
	case kind == "daily":
		out.Rows, err = lb.Store.DailiesLeaderboard(ctx, guildID, out.Period.From, out.Period.To, LeaderboardSize)
	default:
		out.Rows, err = lb.Store.SolvesSince(ctx, guildID, out.Period.Since, LeaderboardSize)
	}
	return out, err
}
