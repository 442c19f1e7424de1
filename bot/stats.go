package bot

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/share"
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
	today := store.DayOf(now, loc).String() // the stats queries keep dates as text
	live, err := b.cfg.Store.LiveStreak(ctx, r.GuildID, user, today)
	if err != nil {
		return nil, err
	}
	var sb strings.Builder
	sb.WriteString(r.T("stats.head", "User", user, "Streak", live, "Best", st.BestStreak,
		"Solves", count("n.solves", st.Solves), "GaveUps", st.GaveUps) + "\n")
	if user == r.UserID() {
		sb.WriteString(streakCare(r.Lang, now, live, st.LastSolvedDay >= today) + "\n")
	}
	for _, l := range engine.Levels {
		ls, ok := st.Levels[l]
		if !ok || ls.Solves+ls.GaveUps == 0 {
			continue
		}
		best := "-"
		if ls.Best > 0 {
			best = r.Lang.Duration(ls.Best)
		}
		sb.WriteString(r.T("stats.level", "Level", levelName(r.Lang, l), "Solves", count("n.solves", ls.Solves), "Best", best) + "\n")
	}
	if st.Solves+st.GaveUps == 0 {
		sb.WriteString(r.T("stats.none"))
		return &Response{Content: sb.String()}, nil
	}
	day := store.DayOf(now, loc)
	png, err := share.ProgressPicture(ctx, b.cfg.Store, r.GuildID, user, day, loc, live, b.theme)
	if err != nil {
		return nil, err
	}
	return &Response{Content: sb.String(), Files: []File{{Name: "progress.png", ContentType: "image/png", Data: png, Description: r.T("alt.progress")}}}, nil
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
	name     string    // "day", "week", "month" or "all"
}

// periodOf is the span of name ending today at now in now's location:
// today, the week since Monday, the month since the 1st, or all time.
func periodOf(name string, now time.Time) period {
	y, m, d := now.Date()
	start := time.Date(y, m, d, 0, 0, 0, 0, now.Location())
	p := period{to: start.Format(time.DateOnly), name: "day"}
	switch name {
	case "week":
		back := (int(now.Weekday()) + 6) % 7 // days since Monday
		start, p.name = time.Date(y, m, d-back, 0, 0, 0, 0, now.Location()), name
	case "month":
		start, p.name = time.Date(y, m, 1, 0, 0, 0, 0, now.Location()), name
	case "all":
		start, p.name = time.Date(2000, 1, 1, 0, 0, 0, 0, now.Location()), name
	}
	p.from, p.since = start.Format(time.DateOnly), start
	return p
}

func (b *Bot) cmdLeaderboard(ctx context.Context, r *Request) (*Response, error) {
	if r.GuildID == "" {
		return nil, userErr("board.no_server")
	}
	kind, ok := r.String("board")
	if !ok {
		kind = "daily"
	}
	if !slices.Contains(leaderboardKinds, kind) {
		return nil, userErr("board.bad_kind", "Value", quote(kind), "Choices", strings.Join(leaderboardKinds, ", "))
	}
	name, ok := r.String("period")
	if !ok {
		name = "day"
	}
	if !slices.Contains(leaderboardPeriods, name) {
		return nil, userErr("board.bad_period", "Value", quote(name), "Choices", strings.Join(leaderboardPeriods, ", "))
	}
	loc, _, err := b.dailyClock(ctx, r.GuildID)
	if err != nil {
		return nil, err
	}
	p := periodOf(name, b.now().In(loc))
	var text string
	switch {
	case kind == "streaks":
		text, err = b.streakBoard(ctx, r.Lang, r.GuildID, p.to, name)
	case kind == "daily" && name == "day":
		text, err = b.todayBoard(ctx, r.Lang, r.GuildID, p.to)
	default:
		text, err = b.periodBoard(ctx, r.Lang, r.GuildID, kind, p)
	}
	if err != nil {
		return nil, err
	}
	return &Response{Content: text}, nil
}

// todayBoard is today's daily by time, hint-free solves first.
func (b *Bot) todayBoard(ctx context.Context, l *l10n.Lang, guildID, day string) (string, error) {
	rows, err := b.cfg.Store.DailyLeaderboard(ctx, guildID, day, 10)
	if err != nil {
		return "", err
	}
	var sb strings.Builder
	sb.WriteString(l.T("board.today_head", "Day", day) + "\n")
	for _, e := range rows {
		fmt.Fprintf(&sb, "%d. <@%s> %s (%s)\n", e.Rank, e.UserID, l.Duration(e.Duration), l.T("n.hints", "Count", e.Hints))
	}
	if len(rows) == 0 {
		sb.WriteString(l.T("board.today_none"))
	}
	return sb.String(), nil
}

// periodBoard ranks the dailies or all solves of a period: most solves,
// then most without hints, then the faster average.
func (b *Bot) periodBoard(ctx context.Context, l *l10n.Lang, guildID, kind string, p period) (string, error) {
	var rows []store.LeaderboardEntry
	var err error
	what, title := "n.dailies", "board.dailies_head"
	if kind == "daily" {
		rows, err = b.cfg.Store.DailiesLeaderboard(ctx, guildID, p.from, p.to, 10)
	} else {
		what, title = "n.solves", "board.solves_head"
		rows, err = b.cfg.Store.SolvesSince(ctx, guildID, p.since, 10)
	}
	if err != nil {
		return "", err
	}
	var sb strings.Builder
	sb.WriteString(l.T(title, "Period", l.T("period."+p.name)) + "\n")
	for _, e := range rows {
		sb.WriteString(l.T("board.period_entry", "Rank", e.Rank, "User", e.UserID,
			"Solves", count(what, e.Solves), "Clean", e.Clean, "Average", l10n.Duration(e.Duration)) + "\n")
	}
	if len(rows) == 0 {
		sb.WriteString(l.T("board.period_none", "Period", l.T("period."+p.name)))
	}
	return sb.String(), nil
}

// streakBoard is the streaks alive today; a streak has no period.
func (b *Bot) streakBoard(ctx context.Context, l *l10n.Lang, guildID, today, period string) (string, error) {
	rows, err := b.cfg.Store.StreakLeaderboardAsOf(ctx, guildID, today, 10)
	if err != nil {
		return "", err
	}
	var sb strings.Builder
	sb.WriteString(l.T("board.streaks_head"))
	if period != "day" && period != "all" {
		sb.WriteString(l.T("sep.sentence") + l.T("board.streaks_no_period"))
	}
	sb.WriteString("\n")
	for _, e := range rows {
		sb.WriteString(l.T("board.streak_entry", "Rank", e.Rank, "User", e.UserID, "Streak", e.Streak, "Best", e.BestStreak) + "\n")
	}
	if len(rows) == 0 {
		sb.WriteString(l.T("board.streaks_none"))
	}
	return sb.String(), nil
}

// streakCare tells a player where their streak stands today
// (game.StreakAt): safe once today's daily is solved, else how long is
// left until the daily's day ends (game.TimeLeft: midnight where now is,
// the guild's time zone).
func streakCare(l *l10n.Lang, now time.Time, streak int, solvedToday bool) string {
	switch game.StreakAt(streak, solvedToday) {
	case game.StreakSafe:
		return l.T("stats.streak_safe")
	case game.NoStreak:
		return l.T("stats.streak_start")
	}
	h, min := game.LeftFields(game.TimeLeft(now))
	return l.T("stats.streak_left", "Hours", h, "Minutes", min, "Zone", now.Location().String())
}
