package bot

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/share"
)

func (b *Bot) cmdStats(ctx context.Context, r *Request) (*Response, error) {
	user := r.UserID()
	if u, ok := r.Snowflake("user"); ok {
		user = u
	}
	now, err := b.guilds.Now(ctx, r.GuildID)
	if err != nil {
		return nil, err
	}
	loc := now.At.Location()
	standing, err := game.StandingAt(ctx, b.cfg.Store, r.GuildID, user, now.At)
	if err != nil {
		return nil, err
	}
	st, live := standing.Stats, standing.Streak
	var sb strings.Builder
	sb.WriteString(r.T("stats.head", "User", user, "Streak", live, "Best", st.BestStreak,
		"Solves", count("n.solves", st.Solves), "GaveUps", st.GaveUps) + "\n")
	if user == r.UserID() {
		sb.WriteString(streakCare(r.Lang, standing, loc) + "\n")
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
	png, err := share.ProgressPicture(ctx, b.cfg.Store, r.GuildID, user, standing.Today, loc, live, b.theme)
	if err != nil {
		return nil, err
	}
	return &Response{Content: sb.String(), Files: []File{{Name: "progress.png", ContentType: "image/png", Data: png, Description: r.T("alt.progress")}}}, nil
}

func (b *Bot) cmdLeaderboard(ctx context.Context, r *Request) (*Response, error) {
	if r.GuildID == "" {
		return nil, userErr("board.no_server")
	}
	kind, _ := r.String("board")
	period, _ := r.String("period")
	now, err := b.guilds.Now(ctx, r.GuildID)
	if err != nil {
		return nil, err
	}
	lb, err := b.boards.Board(ctx, r.GuildID, kind, period, now.At)
	if err != nil {
		return nil, err
	}
	return &Response{Content: leaderboardText(r.Lang, lb)}, nil
}

// leaderboardText words a leaderboard.
func leaderboardText(l *l10n.Lang, lb game.Leaderboard) string {
	var sb strings.Builder
	what, title, none := "n.solves", "board.solves_head", "board.period_none"
	switch {
	case lb.Kind == "streaks":
		sb.WriteString(l.T("board.streaks_head"))
		if lb.NoPeriod {
			sb.WriteString(l.T("sep.sentence") + l.T("board.streaks_no_period"))
		}
		sb.WriteString("\n")
		for _, e := range lb.Rows {
			sb.WriteString(l.T("board.streak_entry", "Rank", e.Rank, "User", e.UserID, "Streak", e.Streak, "Best", e.BestStreak) + "\n")
		}
		none = "board.streaks_none"
	case lb.Kind == "daily" && lb.Period.Name == "day":
		// Today's daily by time, hint-free solves first.
		sb.WriteString(l.T("board.today_head", "Day", lb.Period.To) + "\n")
		for _, e := range lb.Rows {
			fmt.Fprintf(&sb, "%d. <@%s> %s (%s)\n", e.Rank, e.UserID, l.Duration(e.Duration), l.T("n.hints", "Count", e.Hints))
		}
		none = "board.today_none"
	default:
		// The dailies or all solves of a period: most solves, then most
		// without hints, then the faster average.
		if lb.Kind == "daily" {
			what, title = "n.dailies", "board.dailies_head"
		}
		name := l.T("period." + lb.Period.Name)
		sb.WriteString(l.T(title, "Period", name) + "\n")
		for _, e := range lb.Rows {
			sb.WriteString(l.T("board.period_entry", "Rank", e.Rank, "User", e.UserID,
				"Solves", count(what, e.Solves), "Clean", e.Clean, "Average", l10n.Duration(e.Duration)) + "\n")
		}
		if len(lb.Rows) == 0 {
			return sb.String() + l.T(none, "Period", name)
		}
	}
	if len(lb.Rows) == 0 {
		sb.WriteString(l.T(none))
	}
	return sb.String()
}

// streakCare tells a player where their streak stands today
// (game.StandingAt): safe once today's daily is solved, else how long is
// left until the daily's day ends in its time zone, loc.
func streakCare(l *l10n.Lang, s game.Standing, loc *time.Location) string {
	switch s.Status {
	case game.StreakSafe:
		return l.T("stats.streak_safe")
	case game.NoStreak:
		return l.T("stats.streak_start")
	}
	h, min := game.LeftFields(s.Left)
	return l.T("stats.streak_left", "Hours", h, "Minutes", min, "Zone", loc.String())
}
