package schedule_test

import (
	"context"
	"errors"
	"fmt"
	"github.com/sudokubot/sudokubot/internal/fakeclock"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/discordapi"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/schedule"
	"github.com/sudokubot/sudokubot/store"
	"github.com/sudokubot/sudokubot/store/storetest"
)

const (
	guildA   = "1000000000000000001"
	channelA = "2000000000000000001"
	guildB   = "1000000000000000002"
	channelB = "2000000000000000002"
)

func TestPostsAtLocalTime(t *testing.T) {
	tests := []struct {
		name, zone, time, start, end string
		want                         []string // local times of the posts
	}{
		{"New York", "America/New_York", "09:00", "2026-06-01 08:00", "2026-06-03 12:00",
			[]string{"2026-06-01 09:00", "2026-06-02 09:00", "2026-06-03 09:00"}},
		{"Kolkata, started late: caught up", "Asia/Kolkata", "07:30", "2026-06-01 08:00", "2026-06-03 08:00",
			[]string{"2026-06-01 08:00", "2026-06-02 07:30", "2026-06-03 07:30"}},
		{"spring gap posts at the first valid minute", "America/New_York", "02:30", "2026-03-07 12:00", "2026-03-09 12:00",
			[]string{"2026-03-08 03:00", "2026-03-09 02:30"}},
		{"repeated hour posts once", "America/New_York", "01:30", "2026-10-31 12:00", "2026-11-02 12:00",
			[]string{"2026-11-01 01:30", "2026-11-02 01:30"}},
		{"London spring gap", "Europe/London", "01:15", "2026-03-28 12:00", "2026-03-30 12:00",
			[]string{"2026-03-29 02:00", "2026-03-30 01:15"}},
		{"London repeated hour", "Europe/London", "01:15", "2026-10-24 12:00", "2026-10-26 12:00",
			[]string{"2026-10-25 01:15", "2026-10-26 01:15"}},
		{"Lord Howe half-hour gap", "Australia/Lord_Howe", "02:10", "2026-10-03 12:00", "2026-10-05 12:00",
			[]string{"2026-10-04 02:30", "2026-10-05 02:10"}},
		{"Lord Howe half-hour repeat", "Australia/Lord_Howe", "01:40", "2026-04-04 12:00", "2026-04-06 12:00",
			[]string{"2026-04-05 01:40", "2026-04-06 01:40"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clock := fakeclock.New(at(t, tt.zone, tt.start))
			disc := newFakeDiscord(clock)
			st := openSQLite(t, dbPath(t))
			saveGuild(t, st, store.GuildSettings{GuildID: guildA, ChannelID: channelA, PostTime: tt.time, TimeZone: tt.zone})
			r := newRig(t, clock, disc, st, nil)
			runUntil(at(t, tt.zone, tt.end), r)

			loc := mustLoc(t, tt.zone)
			msgs := disc.posts(channelA)
			if got := daysOf(msgs, loc); !slices.Equal(got, tt.want) {
				t.Fatalf("posts at %v, want %v", got, tt.want)
			}
			for _, m := range msgs {
				day := store.DayOf(m.at, loc)
				rec, err := st.DailyPost(context.Background(), guildA, day)
				if err != nil || rec.MessageID != m.id || rec.ChannelID != channelA {
					t.Errorf("record of %s = %+v, %v; want message %s", day, rec, err, m.id)
				}
				marker := schedule.Marker(day)
				if !strings.Contains(strings.SplitN(m.post.Content, "\n", 2)[0], marker) || !strings.Contains(m.post.Content, "/sudoku daily") {
					t.Errorf("post of %s says %q; want its first line to carry %q and explain /sudoku daily", day, m.post.Content, marker)
				}
				if m.post.Day != day || m.post.Level != engine.LevelEasy {
					t.Errorf("post names daily %s %s, want %s easy", m.post.Day, m.post.Level, day)
				}
				if m.post.Nonce != schedule.Nonce(guildA, day, engine.LevelEasy) || len(m.post.Nonce) > 25 {
					t.Errorf("nonce %q", m.post.Nonce)
				}
				if len(m.post.Files) == 0 || !strings.HasPrefix(string(m.post.Files[0].Data), "puzzle "+day.String()+" easy") {
					t.Errorf("post of %s: first file is not the day's puzzle: %+v", day, m.post.Files)
				}
			}
		})
	}
}

func TestRunLoopOnFakeClock(t *testing.T) {
	clock := fakeclock.New(at(t, "Europe/Paris", "2026-06-01 08:00"))
	disc := newFakeDiscord(clock)
	st := openSQLite(t, dbPath(t))
	saveGuild(t, st, store.GuildSettings{GuildID: guildA, ChannelID: channelA, PostTime: "09:00", TimeZone: "Europe/Paris"})
	r := newRig(t, clock, disc, st, nil)

	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	sleeping := clock.TimerCreated()
	go func() { done <- r.s.Run(ctx) }()
	waitFor := func(what string, ok func() bool) {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second) // a safety net, not a timing
		for !ok() {
			if time.Now().After(deadline) {
				t.Fatalf("timed out waiting for %s", what)
			}
			select {
			case <-sleeping:
				sleeping = clock.TimerCreated()
			case <-time.After(time.Millisecond):
			}
		}
	}
	<-sleeping
	sleeping = clock.TimerCreated()
	if n := len(disc.posts(channelA)); n != 0 {
		t.Fatalf("%d posts before the time", n)
	}
	clock.Set(at(t, "Europe/Paris", "2026-06-01 09:00"))
	waitFor("the 09:00 post", func() bool { return len(disc.posts(channelA)) == 1 })

	// A settings change reaches the running loop without a restart.
	saveGuild(t, st, store.GuildSettings{GuildID: guildA, ChannelID: channelA, PostTime: "07:15", TimeZone: "Europe/Paris"})
	r.s.SettingsChanged(guildA)
	clock.Set(at(t, "Europe/Paris", "2026-06-02 07:15"))
	waitFor("the 07:15 post", func() bool { return len(disc.posts(channelA)) == 2 })
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("Run returned %v", err)
	}
	got := daysOf(disc.posts(channelA), mustLoc(t, "Europe/Paris"))
	if want := []string{"2026-06-01 09:00", "2026-06-02 07:15"}; !slices.Equal(got, want) {
		t.Fatalf("posts at %v, want %v", got, want)
	}
}

func TestSettingsChanged(t *testing.T) {
	const zone = "America/Chicago"
	clock := fakeclock.New(at(t, zone, "2026-06-01 06:00"))
	disc := newFakeDiscord(clock)
	st := openSQLite(t, dbPath(t))
	saveGuild(t, st, store.GuildSettings{GuildID: guildA, ChannelID: channelA, PostTime: "09:00", TimeZone: zone})
	r := newRig(t, clock, disc, st, nil)
	runUntil(at(t, zone, "2026-06-01 07:00"), r)

	// Earlier time, other channel, a thread: applies from today.
	saveGuild(t, st, store.GuildSettings{GuildID: guildA, ChannelID: channelB, PostTime: "08:00", TimeZone: zone, Threads: true})
	r.s.SettingsChanged(guildA)
	runUntil(at(t, zone, "2026-06-01 12:00"), r)
	if n := len(disc.posts(channelA)); n != 0 {
		t.Errorf("%d posts in the old channel", n)
	}
	msgs := disc.posts(channelB)
	if got := daysOf(msgs, mustLoc(t, zone)); !slices.Equal(got, []string{"2026-06-01 08:00"}) {
		t.Fatalf("posts at %v, want one at 08:00", got)
	}
	rec, _ := st.DailyPost(context.Background(), guildA, mustDay("2026-06-01"))
	if name := disc.threads[msgs[0].id]; !strings.Contains(name, "Daily Sudoku #") || rec.ThreadID != "t"+msgs[0].id {
		t.Errorf("thread %q recorded as %q", name, rec.ThreadID)
	}

	// Disabled: nothing more.
	gs, _ := st.GuildSettings(context.Background(), guildA)
	gs.Enabled = false
	if _, err := st.SaveGuildSettings(context.Background(), gs); err != nil {
		t.Fatal(err)
	}
	r.s.SettingsChanged(guildA)
	runUntil(at(t, zone, "2026-06-03 12:00"), r)
	if n := len(disc.posts(channelB)); n != 1 {
		t.Errorf("%d posts after disabling, want the 1 before", n)
	}
}

// TestSettingsSyncFromOtherProcess: a change saved through another process
// (no SettingsChanged here) is picked up by the periodic reload.
func TestSettingsSyncFromOtherProcess(t *testing.T) {
	const zone = "UTC"
	clock := fakeclock.New(at(t, zone, "2026-06-01 06:00"))
	disc := newFakeDiscord(clock)
	st := openSQLite(t, dbPath(t))
	r := newRig(t, clock, disc, st, func(c *schedule.Config) { c.Refresh = time.Minute })
	runUntil(at(t, zone, "2026-06-01 07:00"), r)
	saveGuild(t, st, store.GuildSettings{GuildID: guildA, ChannelID: channelA, PostTime: "08:00", TimeZone: zone})
	runUntil(at(t, zone, "2026-06-01 09:00"), r)
	if got := daysOf(disc.posts(channelA), time.UTC); !slices.Equal(got, []string{"2026-06-01 08:00"}) {
		t.Fatalf("posts at %v, want one at 08:00", got)
	}
}

func TestCatchUpOnStartup(t *testing.T) {
	const zone = "Asia/Tokyo"
	tests := []struct {
		name, start string
		want        []string
	}{
		{"within grace: posted at start-up", "2026-06-01 11:00", []string{"2026-06-01 11:00", "2026-06-02 09:00"}},
		{"just within grace", "2026-06-01 15:00", []string{"2026-06-01 15:00", "2026-06-02 09:00"}},
		{"older miss skipped", "2026-06-01 15:01", []string{"2026-06-02 09:00"}},
		{"before the time: no catch-up", "2026-06-01 08:59", []string{"2026-06-01 09:00", "2026-06-02 09:00"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clock := fakeclock.New(at(t, zone, tt.start))
			disc := newFakeDiscord(clock)
			path := dbPath(t)
			st := openSQLite(t, path)
			saveGuild(t, st, store.GuildSettings{GuildID: guildA, ChannelID: channelA, PostTime: "09:00", TimeZone: zone})
			r := newRig(t, clock, disc, st, nil)
			runUntil(clock.Now().Add(time.Hour), r)
			// A restart (new process, new store handle) posts nothing again.
			r2 := newRig(t, clock, disc, openSQLite(t, path), nil)
			runUntil(at(t, zone, "2026-06-02 12:00"), r2)
			if got := daysOf(disc.posts(channelA), mustLoc(t, zone)); !slices.Equal(got, tt.want) {
				t.Fatalf("posts at %v, want %v", got, tt.want)
			}
		})
	}
}

// TestTwoProcessesSQLite: two schedulers, each with its own connection
// pool on one SQLite file, both owning the guilds, post each daily once.
func TestTwoProcessesSQLite(t *testing.T) {
	path := dbPath(t)
	testTwoProcesses(t, openSQLite(t, path), openSQLite(t, path))
}

// TestTwoProcessesPostgres is the same against PostgreSQL
// (SUDOKUBOT_TEST_POSTGRES).
func TestTwoProcessesPostgres(t *testing.T) {
	a, b, _ := openPostgresPair(t)
	testTwoProcesses(t, a, b)
}

func openPostgresPair(t *testing.T) (*store.Store, *store.Store, string) {
	// A schema of the test's own, opened twice: two processes sharing one
	// database, and nothing left behind in (or read from) public.
	url := storetest.Postgres(t)
	ctx := context.Background()
	a, err := store.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	b, err := store.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return a, b, url
}

func testTwoProcesses(t *testing.T, stA, stB *store.Store) {
	const zone = "Europe/Berlin"
	// Unique guild IDs per run: the PostgreSQL database outlives the test.
	base := time.Now().UnixNano() % 1e12
	guilds := []string{fmt.Sprint(base*10 + 1), fmt.Sprint(base*10 + 2), fmt.Sprint(base*10 + 3)}
	clock := fakeclock.New(at(t, zone, "2026-06-01 08:00"))
	disc := newFakeDiscord(clock)
	for i, g := range guilds {
		saveGuild(t, stA, store.GuildSettings{GuildID: g, ChannelID: "c" + g, PostTime: fmt.Sprintf("09:%02d", i*10), TimeZone: zone})
	}
	ra := newRig(t, clock, disc, stA, nil)
	rb := newRig(t, clock, disc, stB, nil)
	end := at(t, zone, "2026-06-04 00:00")
	for clock.Now().Before(end) {
		var wg sync.WaitGroup
		var na, nb time.Time
		wg.Add(2)
		go func() { defer wg.Done(); na = ra.step() }()
		go func() { defer wg.Done(); nb = rb.step() }()
		wg.Wait()
		next := na
		if nb.Before(next) {
			next = nb
		}
		if !next.After(clock.Now()) {
			next = clock.Now().Add(time.Second)
		}
		if next.After(end) {
			next = end
		}
		clock.Set(next)
	}
	for _, g := range guilds {
		got := daysOf(disc.posts("c"+g), mustLoc(t, zone))
		if len(got) != 3 || disc.callsTo("c"+g) != 3 {
			t.Errorf("guild %s: posts at %v after %d requests, want one on each of 3 days", g, got, disc.callsTo("c"+g))
		}
		for i := 1; i < len(got); i++ {
			if got[i][:10] == got[i-1][:10] {
				t.Errorf("guild %s: two posts on %s: %v", g, got[i][:10], got)
			}
		}
	}
}

func TestCrashBetweenClaimAndPost(t *testing.T) {
	const zone = "America/Sao_Paulo"
	for _, tt := range []struct {
		name string
		die  error
	}{
		{"died before Discord got it", errDieBeforeSend},
		{"died after Discord created the message", errDieAfterSend},
	} {
		t.Run(tt.name, func(t *testing.T) {
			clock := fakeclock.New(at(t, zone, "2026-06-01 08:00"))
			disc := newFakeDiscord(clock)
			path := dbPath(t)
			st := openSQLite(t, path)
			saveGuild(t, st, store.GuildSettings{GuildID: guildA, ChannelID: channelA, PostTime: "09:00", TimeZone: zone})
			disc.queue(channelA, tt.die)
			dead := newRig(t, clock, disc, st, nil)
			runUntil(at(t, zone, "2026-06-01 09:00"), dead)
			claims, err := st.UnresolvedClaims(context.Background(), guildA)
			if err != nil || len(claims) != 1 {
				t.Fatalf("after the crash: unresolved claims %v, %v; want the one left", claims, err)
			}
			// The process restarts a minute later.
			clock.Advance(time.Minute)
			r := newRig(t, clock, disc, openSQLite(t, path), nil)
			runUntil(at(t, zone, "2026-06-01 12:00"), r)
			msgs := disc.posts(channelA)
			if len(msgs) != 1 {
				t.Fatalf("%d messages after the restart, want exactly 1", len(msgs))
			}
			rec, err := st.DailyPost(context.Background(), guildA, mustDay("2026-06-01"))
			if err != nil || rec.MessageID != msgs[0].id {
				t.Fatalf("record %+v, %v; want message %s", rec, err, msgs[0].id)
			}
			if claims, _ := st.UnresolvedClaims(context.Background(), ""); len(claims) != 0 {
				t.Errorf("unresolved claims left: %v", claims)
			}
		})
	}
}

// TestCrashResolvedForOldDay: a claim left on an earlier day is resolved
// at start-up by looking, without posting that day again.
func TestCrashResolvedForOldDay(t *testing.T) {
	const zone = "UTC"
	clock := fakeclock.New(at(t, zone, "2026-06-01 08:00"))
	disc := newFakeDiscord(clock)
	path := dbPath(t)
	st := openSQLite(t, path)
	saveGuild(t, st, store.GuildSettings{GuildID: guildA, ChannelID: channelA, PostTime: "09:00", TimeZone: zone})
	saveGuild(t, st, store.GuildSettings{GuildID: guildB, ChannelID: channelB, PostTime: "09:00", TimeZone: zone})
	disc.queue(channelA, errDieAfterSend)
	disc.queue(channelB, errDieBeforeSend)
	runUntil(at(t, zone, "2026-06-01 09:00"), newRig(t, clock, disc, st, nil))
	// Down for two days.
	clock.Set(at(t, zone, "2026-06-03 08:00"))
	runUntil(at(t, zone, "2026-06-03 08:30"), newRig(t, clock, disc, openSQLite(t, path), nil))
	ctx := context.Background()
	a, _ := st.DailyPost(ctx, guildA, mustDay("2026-06-01"))
	b, _ := st.DailyPost(ctx, guildB, mustDay("2026-06-01"))
	if !a.Posted() || b.Posted() || !b.ClaimedAt.IsZero() || b.Error == "" {
		t.Errorf("guild A record %+v (want posted); guild B %+v (want released with an error)", a, b)
	}
	if na, nb := len(disc.posts(channelA)), len(disc.posts(channelB)); na != 1 || nb != 0 {
		t.Errorf("messages: %d in A (want 1), %d in B (want 0)", na, nb)
	}
	if missed := missedDays(t, st, guildB, mustDay("2026-06-01"), mustDay("2026-06-02")); fmt.Sprint(missed) != "[2026-06-01 2026-06-02]" {
		t.Errorf("missed days of B: %v", missed)
	}
}

func TestUnknownOutcomeIsVerified(t *testing.T) {
	const zone = "UTC"
	clock := fakeclock.New(at(t, zone, "2026-06-01 08:00"))
	disc := newFakeDiscord(clock)
	st := openSQLite(t, dbPath(t))
	saveGuild(t, st, store.GuildSettings{GuildID: guildA, ChannelID: channelA, PostTime: "09:00", TimeZone: zone})
	disc.queue(channelA, errAcceptedThenTimeout)
	runUntil(at(t, zone, "2026-06-01 12:00"), newRig(t, clock, disc, st, nil))
	if n := len(disc.posts(channelA)); n != 1 {
		t.Fatalf("%d messages, want 1: a lost reply must not cause a second post", n)
	}
	if rec, _ := st.DailyPost(context.Background(), guildA, mustDay("2026-06-01")); !rec.Posted() || rec.MessageID != disc.posts(channelA)[0].id {
		t.Errorf("the message was not recorded: %+v", rec)
	}
	// Within the nonce window the same post goes again with its nonce,
	// and Discord answers it with the message created the first time.
	if n := disc.callsTo(channelA); n != 2 {
		t.Errorf("%d PostDaily calls, want 2 (the lost one and its resend)", n)
	}
}

func TestForbiddenMarkedAndNotRetried(t *testing.T) {
	const zone = "Europe/Madrid"
	clock := fakeclock.New(at(t, zone, "2026-06-01 08:00"))
	disc := newFakeDiscord(clock)
	path := dbPath(t)
	st := openSQLite(t, path)
	saveGuild(t, st, store.GuildSettings{GuildID: guildA, ChannelID: channelA, PostTime: "09:00", TimeZone: zone})
	disc.setForbidden(channelA, true)
	r := newRig(t, clock, disc, st, func(c *schedule.Config) { c.Refresh = time.Hour })
	runUntil(at(t, zone, "2026-06-03 12:00"), r)
	ctx := context.Background()
	if n := disc.callsTo(channelA); n != 1 {
		t.Fatalf("%d requests to the forbidden channel over 3 days, want 1", n)
	}
	gs, _ := st.GuildSettings(ctx, guildA)
	if gs.Problem.Kind != store.ProblemNoAccess {
		t.Errorf("guild problem %+v, want %s (Discord's Missing Access)", gs.Problem, store.ProblemNoAccess)
	}
	if rec, _ := st.DailyPost(ctx, guildA, mustDay("2026-06-01")); rec.Posted() || !rec.ClaimedAt.IsZero() {
		t.Errorf("record %+v: want the claim released", rec)
	}
	// A restart does not try again either.
	r2 := newRig(t, clock, disc, openSQLite(t, path), nil)
	runUntil(at(t, zone, "2026-06-04 12:00"), r2)
	if n := disc.callsTo(channelA); n != 1 {
		t.Fatalf("%d requests after a restart, want still 1", n)
	}
	// The admin fixes the permission and saves the settings: today's post
	// (09:00, now 12:00, within grace) goes out at once.
	disc.setForbidden(channelA, false)
	saveGuild(t, st, store.GuildSettings{GuildID: guildA, ChannelID: channelA, PostTime: "09:00", TimeZone: zone})
	r2.s.SettingsChanged(guildA)
	runUntil(at(t, zone, "2026-06-05 12:00"), r2)
	got := daysOf(disc.posts(channelA), mustLoc(t, zone))
	if want := []string{"2026-06-04 12:00", "2026-06-05 09:00"}; !slices.Equal(got, want) {
		t.Fatalf("posts at %v, want %v", got, want)
	}
}

func TestRetryableErrors(t *testing.T) {
	const zone = "UTC"
	tests := []struct {
		name string
		errs []error
		want string // local time of the post
	}{
		{"429 waits Retry-After", []error{&discordapi.Error{Status: 429, RetryAfter: 3 * time.Minute}}, "2026-06-01 09:03"},
		{"short 429 waits only its Retry-After", []error{&discordapi.Error{Status: 429, RetryAfter: time.Second}}, "2026-06-01 09:00"},
		{"exponential backoff, then a 429", []error{
			fmt.Errorf("dial tcp: connection refused: %w", discordapi.ErrNotSent),
			fmt.Errorf("dial tcp: connection refused: %w", discordapi.ErrNotSent),
			&discordapi.Error{Status: 429, RetryAfter: time.Second},
		}, "2026-06-01 09:01"}, // 30 s + 60 s + the 429's 1 s = 1.5 min
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clock := fakeclock.New(at(t, zone, "2026-06-01 08:00"))
			disc := newFakeDiscord(clock)
			st := openSQLite(t, dbPath(t))
			saveGuild(t, st, store.GuildSettings{GuildID: guildA, ChannelID: channelA, PostTime: "09:00", TimeZone: zone})
			disc.queue(channelA, tt.errs...)
			runUntil(at(t, zone, "2026-06-01 12:00"), newRig(t, clock, disc, st, nil))
			msgs := disc.posts(channelA)
			if got := daysOf(msgs, time.UTC); !slices.Equal(got, []string{tt.want}) {
				t.Fatalf("posts at %v, want one at %s", got, tt.want)
			}
			if n := disc.callsTo(channelA); n != len(tt.errs)+1 {
				t.Errorf("%d attempts, want %d", n, len(tt.errs)+1)
			}
			rec, _ := st.DailyPost(context.Background(), guildA, mustDay("2026-06-01"))
			if !rec.Posted() || rec.Attempts != len(tt.errs)+1 {
				t.Errorf("record %+v: want posted after %d claims", rec, len(tt.errs)+1)
			}
		})
	}
}

// TestRateLimitWaitsExactly: a 429's retry_after (1.5 s here) is waited
// as told, plus at most a little jitter, never backed off to minutes,
// however many 429s came before.
func TestRateLimitWaitsExactly(t *testing.T) {
	const zone = "UTC"
	clock := fakeclock.New(at(t, zone, "2026-06-01 08:00"))
	disc := newFakeDiscord(clock)
	st := openSQLite(t, dbPath(t))
	saveGuild(t, st, store.GuildSettings{GuildID: guildA, ChannelID: channelA, PostTime: "09:00", TimeZone: zone})
	const n, wait = 4, 1500 * time.Millisecond
	for range n {
		disc.queue(channelA, &discordapi.Error{Status: 429, RetryAfter: wait})
	}
	runUntil(at(t, zone, "2026-06-01 09:10"), newRig(t, clock, disc, st, nil))
	msgs := disc.posts(channelA)
	if len(msgs) != 1 {
		t.Fatalf("%d posts, want 1", len(msgs))
	}
	took := msgs[0].at.Sub(at(t, zone, "2026-06-01 09:00"))
	t.Logf("%d 429s asking %s each: posted after %s", n, wait, took)
	if lo, hi := n*wait, n*(wait+20*time.Millisecond); took < lo || took > hi {
		t.Errorf("posted %s after its time, want between %s and %s", took, lo, hi)
	}
}

// TestRetriesStopAfterGrace: an outage longer than the grace window ends
// the day's attempts; the next day posts normally.
func TestRetriesStopAfterGrace(t *testing.T) {
	const zone = "UTC"
	clock := fakeclock.New(at(t, zone, "2026-06-01 08:00"))
	disc := newFakeDiscord(clock)
	st := openSQLite(t, dbPath(t))
	saveGuild(t, st, store.GuildSettings{GuildID: guildA, ChannelID: channelA, PostTime: "09:00", TimeZone: zone})
	outage := make([]error, 40)
	for i := range outage {
		outage[i] = fmt.Errorf("503: %w", discordapi.ErrNotSent)
	}
	disc.queue(channelA, outage...)
	r := newRig(t, clock, disc, st, func(c *schedule.Config) { c.Grace = 2 * time.Hour })
	runUntil(at(t, zone, "2026-06-01 23:00"), r)
	calls := disc.callsTo(channelA)
	// 30 s, 1, 2, 4, 8, 15, 15, ... min within 2 h: 12 attempts.
	if calls < 5 || calls > 15 {
		t.Errorf("%d attempts in a 2 h grace window", calls)
	}
	disc.mu.Lock()
	disc.fail[channelA] = nil
	disc.mu.Unlock()
	runUntil(at(t, zone, "2026-06-02 12:00"), r)
	if got := daysOf(disc.posts(channelA), time.UTC); !slices.Equal(got, []string{"2026-06-02 09:00"}) {
		t.Fatalf("posts at %v, want only the next day's", got)
	}
}

func TestSharding(t *testing.T) {
	const zone = "UTC"
	clock := fakeclock.New(at(t, zone, "2026-06-01 08:00"))
	disc := newFakeDiscord(clock)
	path := dbPath(t)
	st := openSQLite(t, path)
	// Guild IDs whose shard (id >> 22 % 2) is 0 and 1.
	g0, g1 := fmt.Sprint(uint64(10)<<22), fmt.Sprint(uint64(11)<<22)
	if schedule.ShardOf(g0, 2) != 0 || schedule.ShardOf(g1, 2) != 1 {
		t.Fatal("bad test guild IDs")
	}
	saveGuild(t, st, store.GuildSettings{GuildID: g0, ChannelID: "c0", PostTime: "09:00", TimeZone: zone})
	saveGuild(t, st, store.GuildSettings{GuildID: g1, ChannelID: "c1", PostTime: "09:00", TimeZone: zone})
	var posted sync.Map // guild -> process
	track := func(name string) func(*schedule.Config) {
		return func(c *schedule.Config) {
			c.Poster = trackingPoster{disc, name, &posted}
		}
	}
	r0 := newRig(t, clock, disc, st, func(c *schedule.Config) { track("p0")(c); c.Owns = schedule.OwnShards(2, 0) })
	r1 := newRig(t, clock, disc, openSQLite(t, path), func(c *schedule.Config) { track("p1")(c); c.Owns = schedule.OwnShards(2, 1) })
	runUntil(at(t, zone, "2026-06-01 10:00"), r0, r1)
	if p, _ := posted.Load("c0"); p != "p0" {
		t.Errorf("shard 0's guild posted by %v", p)
	}
	if p, _ := posted.Load("c1"); p != "p1" {
		t.Errorf("shard 1's guild posted by %v", p)
	}
}

type trackingPoster struct {
	*fakeDiscord
	name   string
	posted *sync.Map
}

func (p trackingPoster) PostDaily(ctx context.Context, channelID string, post schedule.Post) (string, error) {
	if prev, loaded := p.posted.LoadOrStore(channelID, p.name); loaded {
		p.posted.Store(channelID, fmt.Sprintf("%v and %s", prev, p.name))
	}
	return p.fakeDiscord.PostDaily(ctx, channelID, post)
}

type fakeElector struct {
	mu     sync.Mutex
	leader bool
}

func (e *fakeElector) Leader(context.Context) (bool, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.leader, nil
}

func (e *fakeElector) set(v bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.leader = v
}

func TestElectedLeaderPosts(t *testing.T) {
	const zone = "UTC"
	clock := fakeclock.New(at(t, zone, "2026-06-01 08:00"))
	disc := newFakeDiscord(clock)
	path := dbPath(t)
	st := openSQLite(t, path)
	saveGuild(t, st, store.GuildSettings{GuildID: guildA, ChannelID: channelA, PostTime: "09:00", TimeZone: zone})
	ea, eb := &fakeElector{leader: true}, &fakeElector{}
	var posted sync.Map
	ra := newRig(t, clock, disc, st, func(c *schedule.Config) { c.Elector = ea; c.Poster = trackingPoster{disc, "a", &posted} })
	rb := newRig(t, clock, disc, openSQLite(t, path), func(c *schedule.Config) { c.Elector = eb; c.Poster = trackingPoster{disc, "b", &posted} })
	runUntil(at(t, zone, "2026-06-01 10:00"), ra, rb)
	if p, _ := posted.Load(channelA); p != "a" {
		t.Fatalf("day 1 posted by %v, want the leader a", p)
	}
	// a loses the lock (its process hangs), b takes over.
	ea.set(false)
	eb.set(true)
	posted.Delete(channelA)
	runUntil(at(t, zone, "2026-06-02 10:00"), ra, rb)
	if p, _ := posted.Load(channelA); p != "b" {
		t.Fatalf("day 2 posted by %v, want the new leader b", p)
	}
	if n := len(disc.posts(channelA)); n != 2 {
		t.Errorf("%d posts over 2 days", n)
	}
}

// TestRepeatedHourRestart: a process restarting in the second pass of a
// repeated hour neither posts again nor misses the day.
func TestRepeatedHourRestart(t *testing.T) {
	const zone = "America/New_York"
	// 01:30 EDT is 05:30Z; the second 01:30 (EST) is 06:30Z.
	first := time.Date(2026, 11, 1, 5, 30, 0, 0, time.UTC)
	for _, tt := range []struct {
		name        string
		postedFirst bool
		want        []string // UTC times of the posts
	}{
		{"posted in the first pass", true, []string{"05:30"}},
		{"down in the first pass: caught up once", false, []string{"06:40"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			clock := fakeclock.New(first.Add(-time.Hour))
			disc := newFakeDiscord(clock)
			path := dbPath(t)
			st := openSQLite(t, path)
			saveGuild(t, st, store.GuildSettings{GuildID: guildA, ChannelID: channelA, PostTime: "01:30", TimeZone: zone})
			if tt.postedFirst {
				runUntil(first.Add(10*time.Minute), newRig(t, clock, disc, st, nil))
			}
			// Restart at 01:40 EST, after the second 01:30.
			clock.Set(first.Add(70 * time.Minute))
			runUntil(first.Add(5*time.Hour), newRig(t, clock, disc, openSQLite(t, path), nil))
			var got []string
			for _, m := range disc.posts(channelA) {
				got = append(got, m.at.UTC().Format("15:04"))
			}
			if !slices.Equal(got, tt.want) {
				t.Fatalf("posts at %v UTC, want %v", got, tt.want)
			}
		})
	}
}

// countingGenerator counts the dailies generated: the calls for a day's
// first candidate (daily.Mint may try more to keep the week varied).
type countingGenerator struct {
	mu    sync.Mutex
	days  map[string]int
	first map[uint64]bool // the first candidates' seeds
}

func (c *countingGenerator) generate(ctx context.Context, seed uint64, level engine.Level) (store.Puzzle, error) {
	c.mu.Lock()
	if c.first == nil {
		c.first = map[uint64]bool{}
		for d := mustDay("2026-05-25"); d.Before(mustDay("2026-06-15")); d = d.AddDays(1) {
			for _, lv := range engine.Levels {
				s, _ := daily.Seed(d, lv)
				c.first[s] = true
			}
		}
	}
	if c.first[seed] {
		c.days[level.String()]++
	}
	c.mu.Unlock()
	return daily.EngineGenerator(ctx, seed, level)
}

func TestSchedulerPregenerates(t *testing.T) {
	ctx := context.Background()
	clock := fakeclock.New(time.Date(2026, 6, 1, 10, 0, 0, 0, time.UTC))
	disc := newFakeDiscord(clock)
	st := openSQLite(t, dbPath(t))
	saveGuild(t, st, store.GuildSettings{GuildID: guildA, ChannelID: channelA, PostTime: "09:00", TimeZone: "Asia/Tokyo", Level: engine.LevelMedium})
	gen := &countingGenerator{days: map[string]int{}}
	r := newRig(t, clock, disc, st, func(c *schedule.Config) {
		c.Dailies = daily.NewSource(st, gen.generate)
		c.Levels = []engine.Level{engine.LevelEasy}
	})
	r.step()
	// Tokyo is on June 1 at 19:00; its June 2 daily is ready long before
	// 09:00 there, at both the guild's level and the always-made one.
	for _, lv := range []engine.Level{engine.LevelEasy, engine.LevelMedium} {
		if _, err := st.Daily(ctx, mustDay("2026-06-02"), lv); err != nil {
			t.Errorf("tomorrow's %s daily not pregenerated: %v", lv, err)
		}
	}
	gen.mu.Lock()
	before := gen.days["medium"]
	gen.mu.Unlock()
	// The hourly job (minute 7) makes the next date's once the clock moves on.
	runUntil(time.Date(2026, 6, 2, 10, 8, 0, 0, time.UTC), r)
	if _, err := st.Daily(ctx, mustDay("2026-06-04"), engine.LevelMedium); err != nil {
		t.Errorf("the job did not run again: %v", err)
	}
	gen.mu.Lock()
	after := gen.days["medium"]
	gen.mu.Unlock()
	if after-before != 1 {
		t.Errorf("%d medium dailies generated over a day of hourly runs, want 1 (the rest are stored)", after-before)
	}
}

// TestUnknownOutcomeSettledPastGrace: a lost reply at the very end of the
// grace window still gets its claim settled (recorded here), never left
// hanging and never posted again.
func TestUnknownOutcomeSettledPastGrace(t *testing.T) {
	const zone = "UTC"
	for _, created := range []bool{true, false} {
		t.Run(fmt.Sprintf("message created: %v", created), func(t *testing.T) {
			clock := fakeclock.New(at(t, zone, "2026-06-01 08:00"))
			disc := newFakeDiscord(clock)
			st := openSQLite(t, dbPath(t))
			saveGuild(t, st, store.GuildSettings{GuildID: guildA, ChannelID: channelA, PostTime: "09:00", TimeZone: zone})
			if created {
				disc.queue(channelA, errAcceptedThenTimeout)
			} else {
				disc.queue(channelA, errors.New("read tcp: connection reset by peer"))
			}
			r := newRig(t, clock, disc, st, func(c *schedule.Config) { c.Grace = 10 * time.Second })
			runUntil(at(t, zone, "2026-06-01 12:00"), r)
			rec, err := st.DailyPost(context.Background(), guildA, mustDay("2026-06-01"))
			if err != nil {
				t.Fatal(err)
			}
			if rec.Posted() != created || !rec.ClaimedAt.IsZero() && !created {
				t.Errorf("record %+v: want posted=%v and no claim left", rec, created)
			}
			if n := disc.callsTo(channelA); n != 1 {
				t.Errorf("%d PostDaily calls, want 1", n)
			}
		})
	}
}
