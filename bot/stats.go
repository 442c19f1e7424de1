package bot

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/store"
)

func (b *Bot) cmdStats(ctx context.Context, r *Request) (*Response, error) {
	user := r.UserID()
	if u, ok := r.Snowflake("user"); ok {
		user = u
	}
	st, err := b.cfg.Store.PlayerStats(ctx, r.GuildID, user)
	if err != nil {
		return nil, err
	}
	loc, _, err := b.dailyClock(ctx, r.GuildID)
	if err != nil {
		return nil, err
	}
	now := b.now().In(loc)
	today := daily.LocalDay(now, loc)
	live, err := b.cfg.Store.LiveStreak(ctx, r.GuildID, user, today)
	if err != nil {
		return nil, err
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "**Stats of <@%s>**\nDaily streak: **%d** (best %d) · %s · %s given up\n", user, live, st.BestStreak,
		plural(st.Solves, "solve", "solves"), strconv.Itoa(st.GaveUps))
	if user == r.UserID() {
		sb.WriteString(streakCare(now, live, st.LastSolvedDay >= today) + "\n")
	}
	for _, l := range Levels {
		ls, ok := st.Levels[l]
		if !ok || ls.Solves+ls.GaveUps == 0 {
			continue
		}
		best := "-"
		if ls.Best > 0 {
			best = render.SolveTime(ls.Best)
		}
		fmt.Fprintf(&sb, "%s: %s, best %s\n", l, plural(ls.Solves, "solve", "solves"), best)
	}
	if st.Solves+st.GaveUps == 0 {
		sb.WriteString("No finished games yet: `/sudoku daily` is a good start!")
	}
	return &Response{Content: sb.String()}, nil
}

// Leaderboard kinds and periods, as /sudoku leaderboard offers them.
var (
	leaderboardKinds   = []string{"daily", "solves", "streaks"}
	leaderboardPeriods = []string{"day", "week", "month", "all"}
)

// period is the span of a leaderboard in the guild's calendar.
type period struct {
	from, to string    // local dates, both included
	since    time.Time // the start of from, as an instant
	name     string    // "today", "this week", ...
}

// periodOf is the span of name ending today at now in now's location:
// today, the week since Monday, the month since the 1st, or all time.
func periodOf(name string, now time.Time) period {
	y, m, d := now.Date()
	start := time.Date(y, m, d, 0, 0, 0, 0, now.Location())
	p := period{to: start.Format(time.DateOnly), name: "today"}
	switch name {
	case "week":
		back := (int(now.Weekday()) + 6) % 7 // days since Monday
		start, p.name = time.Date(y, m, d-back, 0, 0, 0, 0, now.Location()), "this week"
	case "month":
		start, p.name = time.Date(y, m, 1, 0, 0, 0, 0, now.Location()), "this month"
	case "all":
		start, p.name = time.Date(2000, 1, 1, 0, 0, 0, 0, now.Location()), "of all time"
	}
	p.from, p.since = start.Format(time.DateOnly), start
	return p
}

func (b *Bot) cmdLeaderboard(ctx context.Context, r *Request) (*Response, error) {
	if r.GuildID == "" {
		return nil, userErrorf("Leaderboards belong to servers: use this command in one.")
	}
	kind, ok := r.String("board")
	if !ok {
		kind = "daily"
	}
	if !slices.Contains(leaderboardKinds, kind) {
		return nil, userErrorf("%s is not a leaderboard: choose %s", quote(kind), strings.Join(leaderboardKinds, ", "))
	}
	name, ok := r.String("period")
	if !ok {
		name = "day"
	}
	if !slices.Contains(leaderboardPeriods, name) {
		return nil, userErrorf("%s is not a period: choose %s", quote(name), strings.Join(leaderboardPeriods, ", "))
	}
	loc, _, err := b.dailyClock(ctx, r.GuildID)
	if err != nil {
		return nil, err
	}
	p := periodOf(name, b.now().In(loc))
	var text string
	switch {
	case kind == "streaks":
		text, err = b.streakBoard(ctx, r.GuildID, p.to, name)
	case kind == "daily" && name == "day":
		text, err = b.todayBoard(ctx, r.GuildID, p.to)
	default:
		text, err = b.periodBoard(ctx, r.GuildID, kind, p)
	}
	if err != nil {
		return nil, err
	}
	return &Response{Content: text}, nil
}

// todayBoard is today's daily by time, hint-free solves first.
func (b *Bot) todayBoard(ctx context.Context, guildID, day string) (string, error) {
	rows, err := b.cfg.Store.DailyLeaderboard(ctx, guildID, day, 10)
	if err != nil {
		return "", err
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "**Daily %s: fastest solves** (solves without hints first)\n", day)
	for _, e := range rows {
		fmt.Fprintf(&sb, "%d. <@%s> %s (%s)\n", e.Rank, e.UserID, render.SolveTime(e.Duration), plural(e.Hints, "hint", "hints"))
	}
	if len(rows) == 0 {
		sb.WriteString("Nobody has solved today's daily yet. `/sudoku daily` to be first!")
	}
	return sb.String(), nil
}

// periodBoard ranks the dailies or all solves of a period: most solves,
// then most without hints, then the faster average.
func (b *Bot) periodBoard(ctx context.Context, guildID, kind string, p period) (string, error) {
	var rows []store.LeaderboardEntry
	var err error
	what, title := "daily", "Dailies solved"
	if kind == "daily" {
		rows, err = b.cfg.Store.DailiesLeaderboard(ctx, guildID, p.from, p.to, 10)
	} else {
		what, title = "solve", "Most solves"
		rows, err = b.cfg.Store.SolvesSince(ctx, guildID, p.since, 10)
	}
	if err != nil {
		return "", err
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "**%s %s** (most first, then most without hints, then the faster average)\n", title, p.name)
	for _, e := range rows {
		fmt.Fprintf(&sb, "%d. <@%s> %s (%d without hints), average %s\n", e.Rank, e.UserID,
			plural(e.Solves, what, what+"s"), e.Clean, render.SolveTime(e.Duration))
	}
	if len(rows) == 0 {
		fmt.Fprintf(&sb, "No solves %s yet. `/sudoku daily` to be first!", p.name)
	}
	return sb.String(), nil
}

// streakBoard is the streaks alive today; a streak has no period.
func (b *Bot) streakBoard(ctx context.Context, guildID, today, period string) (string, error) {
	rows, err := b.cfg.Store.StreakLeaderboardAsOf(ctx, guildID, today, 10)
	if err != nil {
		return "", err
	}
	var sb strings.Builder
	sb.WriteString("**Longest daily streaks**")
	if period != "day" && period != "all" {
		sb.WriteString(" (streaks run until broken, so they have no period)")
	}
	sb.WriteString("\n")
	for _, e := range rows {
		fmt.Fprintf(&sb, "%d. <@%s> %d (best %d)\n", e.Rank, e.UserID, e.Streak, e.BestStreak)
	}
	if len(rows) == 0 {
		sb.WriteString("No streaks yet: solve the daily two days running to start one.")
	}
	return sb.String(), nil
}

// streakCare tells a player where their streak stands today: safe once
// today's daily is solved, else how long is left until the daily's day
// ends (midnight where now is: the guild's time zone).
func streakCare(now time.Time, streak int, solvedToday bool) string {
	switch {
	case solvedToday:
		return "✅ Today's daily is solved: your streak is safe."
	case streak == 0:
		return "Solve today's daily (`/sudoku daily`) to start a streak."
	}
	y, m, d := now.Date()
	left := time.Date(y, m, d+1, 0, 0, 0, 0, now.Location()).Sub(now)
	h, min := int(left.Hours()), int(left.Minutes())%60
	return fmt.Sprintf("⏳ %d h %02d min left to solve today's daily and keep your streak (the day ends at midnight, %s).", h, min, now.Location())
}
