package bot

import (
	"context"
	"fmt"
	"strconv"
	"strings"

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
	var sb strings.Builder
	fmt.Fprintf(&sb, "**Stats of <@%s>**\nDaily streak: **%d** (best %d) · %s · %s given up\n", user, st.CurrentStreak, st.BestStreak,
		plural(st.Solves, "solve", "solves"), strconv.Itoa(st.GaveUps))
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
