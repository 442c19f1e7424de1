package bot

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/render"
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

func (b *Bot) cmdLeaderboard(ctx context.Context, r *Request) (*Response, error) {
	if r.GuildID == "" {
		return nil, userErrorf("Leaderboards belong to servers: use this command in one.")
	}
	board, ok := r.String("board")
	if !ok {
		board = "daily"
	}
	var sb strings.Builder
	switch board {
	case "daily":
		day, _, err := b.today(ctx, r.GuildID)
		if err != nil {
			return nil, err
		}
		rows, err := b.cfg.Store.DailyLeaderboard(ctx, r.GuildID, day, 10)
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(&sb, "**Daily %s: fastest solves**\n", day)
		for _, e := range rows {
			fmt.Fprintf(&sb, "%d. <@%s> %s (%s)\n", e.Rank, e.UserID, render.SolveTime(e.Duration), plural(e.Hints, "hint", "hints"))
		}
		if len(rows) == 0 {
			sb.WriteString("Nobody has solved today's daily yet. `/sudoku daily` to be first!")
		}
	case "streaks":
		rows, err := b.cfg.Store.StreakLeaderboard(ctx, r.GuildID, 10)
		if err != nil {
			return nil, err
		}
		sb.WriteString("**Longest daily streaks**\n")
		for _, e := range rows {
			fmt.Fprintf(&sb, "%d. <@%s> %d (best %d)\n", e.Rank, e.UserID, e.Streak, e.BestStreak)
		}
		if len(rows) == 0 {
			sb.WriteString("No streaks yet: solve the daily two days running to start one.")
		}
	default:
		return nil, userErrorf("%s is not a leaderboard: choose daily or streaks", quote(board))
	}
	return &Response{Content: sb.String(), Components: nil}, nil
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
