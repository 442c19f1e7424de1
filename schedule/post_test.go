package schedule_test

import (
	"bytes"
	"context"
	"errors"
	"github.com/sudokubot/sudokubot/internal/fakeclock"
	"image/png"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/discordapi"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/schedule"
	"github.com/sudokubot/sudokubot/store"
)

func TestMessage(t *testing.T) {
	tests := []struct {
		name string
		in   schedule.MessageInput
		want []string
		not  []string
	}{
		{
			name: "first day",
			in:   schedule.MessageInput{Day: mustDay("2026-11-22"), Level: engine.LevelHard},
			want: []string{"**Daily Sudoku #326** · Sun 22 Nov 2026 · Hard\n", "`/sudoku daily`"},
			not:  []string{"Yesterday", "spoiler"},
		},
		{
			name: "with yesterday",
			in: schedule.MessageInput{Day: mustDay("2026-11-22"), Level: engine.LevelHard, Spoiler: true, Yesterday: &store.DailyStats{
				Day: "2026-11-21", Players: 5, Solves: 3, Median: 6*time.Minute + 41*time.Second,
				Fastest: []store.LeaderboardEntry{
					{UserID: "11", Duration: 3*time.Minute + 12*time.Second},
					{UserID: "22", Duration: 4*time.Minute + 1*time.Second, Hints: 1},
					{UserID: "33", Duration: 65 * time.Minute, Hints: 2},
				},
			}},
			want: []string{
				"**Yesterday (#325):** 5 players, 3 solves, median time 6:41.",
				"Fastest: 🥇 <@11> 3:12 (no hints) · 🥈 <@22> 4:01 (1 hint) · 🥉 <@33> 1:05:00 (2 hints)",
				"solution is in the spoiler",
			},
		},
		{
			name: "nobody solved",
			in:   schedule.MessageInput{Day: mustDay("2026-11-22"), Level: engine.LevelEasy, Yesterday: &store.DailyStats{Day: "2026-11-21", Players: 1}},
			want: []string{"1 player, 0 solves."},
			not:  []string{"median", "Fastest"},
		},
		{
			name: "a Monday with last week",
			in: schedule.MessageInput{Day: mustDay("2026-11-23"), Level: engine.LevelEasy, LastWeek: []store.LeaderboardEntry{
				{Rank: 1, UserID: "11", Solves: 7, Clean: 7}, {Rank: 2, UserID: "22", Solves: 7, Clean: 5},
				{Rank: 3, UserID: "33", Solves: 1, Clean: 0}, {Rank: 4, UserID: "44", Solves: 1},
			}},
			want: []string{"**Last week's top players:** 1. <@11> 7 dailies (7 without hints) · 2. <@22> 7 dailies (5 without hints) · 3. <@33> 1 daily (0 without hints)"},
			not:  []string{"<@44>"},
		},
		{
			name: "no players",
			in:   schedule.MessageInput{Day: mustDay("2026-11-22"), Level: engine.LevelEasy, Yesterday: &store.DailyStats{Day: "2026-11-21"}},
			not:  []string{"Yesterday"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := schedule.Message(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("message lacks %q:\n%s", w, got)
				}
			}
			for _, w := range tt.not {
				if strings.Contains(got, w) {
					t.Errorf("message has %q:\n%s", w, got)
				}
			}
			if len(got) > 2000 {
				t.Errorf("message of %d characters exceeds Discord's 2000", len(got))
			}
		})
	}
}

// TestNonce: a daily's nonce is at most Discord's 25 characters for any
// snowflake, the same on every call, and differs by guild, date and level.
func TestNonce(t *testing.T) {
	day := mustDay("2026-11-22")
	n := schedule.Nonce("18446744073709551615", day, engine.LevelExtreme)
	if len(n) > 25 || !strings.HasPrefix(n, "d20261122") {
		t.Errorf("nonce %q", n)
	}
	if n != schedule.Nonce("18446744073709551615", day, engine.LevelExtreme) {
		t.Error("nonce not deterministic")
	}
	seen := map[string]string{}
	for _, g := range []string{"1", "2", "18446744073709551615", "1100000000000000000"} {
		for _, d := range []string{"2026-11-22", "2026-11-23", "2027-01-01"} {
			for _, l := range engine.Levels {
				k := schedule.Nonce(g, mustDay(d), l)
				what := g + " " + d + " " + l.String()
				if len(k) > 25 {
					t.Errorf("%s: nonce %q longer than 25", what, k)
				}
				if prev, ok := seen[k]; ok {
					t.Errorf("nonce %q of %s collides with %s", k, what, prev)
				}
				seen[k] = what
			}
		}
	}
}

// TestPostCarriesYesterday: the second day's post has the first day's
// solution behind a spoiler and its stats.
func TestPostCarriesYesterday(t *testing.T) {
	const zone = "Europe/Paris"
	ctx := context.Background()
	clock := fakeclock.New(at(t, zone, "2026-06-01 08:00"))
	disc := newFakeDiscord(clock)
	st := openSQLite(t, dbPath(t))
	saveGuild(t, st, store.GuildSettings{GuildID: guildA, ChannelID: channelA, PostTime: "09:00", TimeZone: zone})
	r := newRig(t, clock, disc, st, func(c *schedule.Config) { c.Renderer = schedule.PNGRenderer{} })
	runUntil(at(t, zone, "2026-06-01 10:00"), r)
	p, err := st.Daily(ctx, mustDay("2026-06-01"), engine.LevelEasy)
	if err != nil {
		t.Fatal(err)
	}
	solveDaily(t, st, guildA, "u1", "2026-06-01", p, clock.Now(), 3*time.Minute)
	solveDaily(t, st, guildA, "u2", "2026-06-01", p, clock.Now(), 5*time.Minute)
	runUntil(at(t, zone, "2026-06-02 10:00"), r)
	msgs := disc.posts(channelA)
	if len(msgs) != 2 {
		t.Fatalf("%d posts", len(msgs))
	}
	first, second := msgs[0].post, msgs[1].post
	if len(first.Files) != 1 {
		t.Errorf("first day's post has %d files, want the puzzle only", len(first.Files))
	}
	var names []string
	for _, f := range second.Files {
		names = append(names, f.Name)
		if _, err := png.Decode(bytes.NewReader(f.Data)); err != nil {
			t.Errorf("%s is not a PNG: %v", f.Name, err)
		}
	}
	if want := []string{"sudoku-daily-153-easy.png", "SPOILER_sudoku-daily-152-solution.png"}; !slices.Equal(names, want) {
		t.Errorf("files %v, want %v", names, want)
	}
	for _, w := range []string{"2 players, 2 solves, median time 4:00", "🥇 <@u1> 3:00 (no hints)", "🥈 <@u2> 5:00"} {
		if !strings.Contains(second.Content, w) {
			t.Errorf("second post lacks %q:\n%s", w, second.Content)
		}
	}
}

// TestStreaksAcrossTimeZonesAndMissedPosts: streaks follow each guild's
// local dates, and a day the bot could not post does not break them while
// a posted day a player skipped does.
func TestStreaksAcrossTimeZonesAndMissedPosts(t *testing.T) {
	ctx := context.Background()
	const (
		auckland = "Pacific/Auckland"    // UTC+12 in June
		la       = "America/Los_Angeles" // UTC-7 in June
	)
	// 2026-06-01 06:00 UTC is 18:00 on the 1st in Auckland and 23:00 on
	// the 31st of May in Los Angeles.
	clock := fakeclock.New(time.Date(2026, 6, 1, 6, 0, 0, 0, time.UTC))
	disc := newFakeDiscord(clock)
	st := openSQLite(t, dbPath(t))
	saveGuild(t, st, store.GuildSettings{GuildID: guildA, ChannelID: channelA, PostTime: "08:00", TimeZone: auckland})
	saveGuild(t, st, store.GuildSettings{GuildID: guildB, ChannelID: channelB, PostTime: "08:00", TimeZone: la})
	r := newRig(t, clock, disc, st, func(c *schedule.Config) { c.Grace = time.Hour })

	// Auckland's post of June 3 fails for the whole grace window.
	down := schedule.DailySchedule{Hour: 8, Location: mustLoc(t, auckland)}.At(2026, 6, 3)
	runUntil(down.Add(-time.Minute), r)
	outage := make([]error, 20)
	for i := range outage {
		outage[i] = discordapi.ErrNotSent
	}
	disc.queue(channelA, outage...)
	runUntil(down.Add(2*time.Hour), r)
	disc.mu.Lock()
	disc.fail[channelA] = nil
	disc.mu.Unlock()
	runUntil(time.Date(2026, 6, 5, 19, 0, 0, 0, time.UTC), r)

	postedDays := func(guild, channel string, loc *time.Location) []string {
		var out []string
		for _, m := range disc.posts(channel) {
			out = append(out, m.at.In(loc).Format(time.DateOnly))
		}
		return out
	}
	aDays := postedDays(guildA, channelA, mustLoc(t, auckland))
	bDays := postedDays(guildB, channelB, mustLoc(t, la))
	if want := []string{"2026-06-02", "2026-06-04", "2026-06-05"}; !slices.Equal(aDays, want) {
		t.Fatalf("Auckland posted on %v, want %v (June 3 lost to the outage)", aDays, want)
	}
	if want := []string{"2026-06-01", "2026-06-02", "2026-06-03", "2026-06-04", "2026-06-05"}; !slices.Equal(bDays, want) {
		t.Fatalf("Los Angeles posted on %v, want %v", bDays, want)
	}
	if missed := missedDays(t, st, guildA, mustDay("2026-06-02"), mustDay("2026-06-05")); !slices.Equal(missed, []store.Day{mustDay("2026-06-03")}) {
		t.Errorf("Auckland's missed days %v", missed)
	}

	// A player in each guild plays by the guild's local date. (One user
	// in both would share one game per date: the store keys daily games by
	// user, puzzle and date.)
	play := func(guild string, days ...string) store.PlayerStats {
		var ps store.PlayerStats
		for _, day := range days {
			p, err := st.Daily(ctx, mustDay(day), engine.LevelEasy)
			if err != nil {
				t.Fatal(err)
			}
			ps = solveDaily(t, st, guild, "p"+guild, day, p, clock.Now(), 4*time.Minute)
		}
		return ps
	}
	// Auckland: solved 2, (3 not posted), 4, 5: the streak holds.
	if ps := play(guildA, "2026-06-02", "2026-06-04", "2026-06-05"); ps.CurrentStreak != 3 || ps.BestStreak != 3 {
		t.Errorf("Auckland streak %d (best %d), want 3: the day without a post must not break it", ps.CurrentStreak, ps.BestStreak)
	}
	// Los Angeles: solved 1, 2, (3 posted but skipped), 4, 5: broken.
	if ps := play(guildB, "2026-06-01", "2026-06-02", "2026-06-04", "2026-06-05"); ps.CurrentStreak != 2 || ps.BestStreak != 2 {
		t.Errorf("Los Angeles streak %d (best %d), want 2 and 2: a skipped posted day breaks it", ps.CurrentStreak, ps.BestStreak)
	}
	board, err := st.StreakLeaderboardAsOf(ctx, guildA, "2026-06-05", 10)
	if err != nil || len(board) != 1 || board[0].UserID != "p"+guildA || board[0].Streak != 3 {
		t.Errorf("Auckland streak leaderboard %+v, %v", board, err)
	}
	daily, err := st.DailyLeaderboard(ctx, guildB, "2026-06-04", 10)
	if err != nil || len(daily) != 1 || daily[0].Duration != 4*time.Minute {
		t.Errorf("Los Angeles daily leaderboard of June 4: %+v, %v", daily, err)
	}
}

// TestMondayRecap: Monday's post names last week's top players (Monday to
// Sunday); other days' posts do not.
func TestMondayRecap(t *testing.T) {
	const zone = "Europe/Paris"
	ctx := context.Background()
	clock := fakeclock.New(at(t, zone, "2026-06-06 08:00")) // a Saturday
	disc := newFakeDiscord(clock)
	st := openSQLite(t, dbPath(t))
	saveGuild(t, st, store.GuildSettings{GuildID: guildA, ChannelID: channelA, PostTime: "09:00", TimeZone: zone})
	r := newRig(t, clock, disc, st, nil)
	solve := func(day string, users ...string) {
		p, err := st.Daily(ctx, mustDay(day), engine.LevelEasy)
		if err != nil {
			t.Fatal(err)
		}
		for i, u := range users {
			solveDaily(t, st, guildA, u, day, p, clock.Now(), time.Duration(i+3)*time.Minute)
		}
	}
	runUntil(at(t, zone, "2026-06-06 10:00"), r)
	solve("2026-06-06", "u1")
	runUntil(at(t, zone, "2026-06-07 10:00"), r)
	solve("2026-06-07", "u2", "u1")
	runUntil(at(t, zone, "2026-06-08 10:00"), r)
	msgs := disc.posts(channelA)
	if len(msgs) != 3 {
		t.Fatalf("%d posts, want Saturday's, Sunday's and Monday's", len(msgs))
	}
	want := "**Last week's top players:** 1. <@u1> 2 dailies (2 without hints) · 2. <@u2> 1 daily (1 without hints)"
	if !strings.Contains(msgs[2].post.Content, want) {
		t.Errorf("Monday's post lacks %q:\n%s", want, msgs[2].post.Content)
	}
	if strings.Contains(msgs[1].post.Content, "Last week") {
		t.Errorf("Sunday's post has a weekly recap:\n%s", msgs[1].post.Content)
	}
}

// missedDays lists the days from from to to on which the guild's daily was
// not posted: the days that do not break a player's streak.
func missedDays(t *testing.T, st *store.Store, guild string, from, to store.Day) []store.Day {
	t.Helper()
	var out []store.Day
	for d := from; !d.After(to); d = d.AddDays(1) {
		p, err := st.DailyPost(context.Background(), guild, d)
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			t.Fatal(err)
		}
		if !p.Posted() {
			out = append(out, d)
		}
	}
	return out
}
