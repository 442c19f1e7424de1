package schedule_test

import (
	"context"
	"github.com/sudokubot/sudokubot/internal/fakeclock"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/schedule"
	"github.com/sudokubot/sudokubot/store"
)

// maxInSecond is the most slots in any half-open second.
func maxInSecond(slots []time.Time) int {
	most := 0
	for i := range slots {
		n := 0
		for _, s := range slots {
			if !s.Before(slots[i]) && s.Before(slots[i].Add(time.Second)) {
				n++
			}
		}
		most = max(most, n)
	}
	return most
}

func TestLocalRateSlidingWindow(t *testing.T) {
	const window = 1100 * time.Millisecond
	t0 := time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC)
	tests := []struct {
		name  string
		limit int
		asks  []time.Duration // when each batch of 10 is asked, after t0
		// want: the offset of the first and the last slot handed out
		first, last time.Duration
	}{
		{"a quiet start bursts up to the limit", 50, []time.Duration{0, 0, 0, 0, 0}, 0, 0},
		// Under load slot k is a window (1.1 s: a second, plus a late
		// slot and the transit, see rateWindow) after slot k-limit.
		{"then one window after the slot limit before", 50, []time.Duration{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, 0, 2 * window},
		{"asks spread out are served when asked", 50, []time.Duration{0, 500 * time.Millisecond, 1500 * time.Millisecond}, 0, 1500 * time.Millisecond},
		{"a small limit", 5, []time.Duration{0, 0}, 0, 3 * window},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := schedule.LocalRate(tt.limit)
			var all []time.Time
			for _, at := range tt.asks {
				got, err := l.Reserve(context.Background(), 10, t0.Add(at))
				if err != nil || len(got) != 10 {
					t.Fatalf("Reserve: %d slots, %v", len(got), err)
				}
				for i, s := range got {
					if s.Before(t0.Add(at)) {
						t.Errorf("slot %s before it was asked for at %s", s, t0.Add(at))
					}
					if i > 0 && s.Before(got[i-1]) {
						t.Errorf("slots out of order: %v", got)
					}
				}
				all = append(all, got...)
			}
			if f, l := all[0].Sub(t0), all[len(all)-1].Sub(t0); f != tt.first || l != tt.last {
				t.Errorf("slots from +%s to +%s, want +%s to +%s", f, l, tt.first, tt.last)
			}
			if n := maxInSecond(all); n > tt.limit {
				t.Errorf("%d slots in one second, limit %d", n, tt.limit)
			}
		})
	}
	// Random asks never exceed the limit, and keep the full rate under load.
	rng := rand.New(rand.NewPCG(1, 2))
	l := schedule.LocalRate(50)
	var all []time.Time
	at := t0
	for range 200 {
		at = at.Add(time.Duration(rng.IntN(300)) * time.Millisecond)
		got, _ := l.Reserve(context.Background(), 1+rng.IntN(12), at)
		all = append(all, got...)
	}
	if n := maxInSecond(all); n != 50 {
		t.Errorf("random load: at most %d slots in a second, want exactly the limit 50", n)
	}
}

// TestPregenerationStaysAhead: with the default levels, every level's daily
// of a date exists at least 12 hours before the first time zone (UTC+14)
// reaches that date, from the scheduler's start on, hour after hour.
func TestPregenerationStaysAhead(t *testing.T) {
	ctx := context.Background()
	start := time.Date(2026, 6, 1, 0, 30, 0, 0, time.UTC)
	clock := fakeclock.New(start)
	disc := newFakeDiscord(clock)
	st := openSQLite(t, dbPath(t))
	saveGuild(t, st, store.GuildSettings{GuildID: guildA, ChannelID: channelA, PostTime: "00:00", TimeZone: "Pacific/Kiritimati"})
	r := newRig(t, clock, disc, st, func(c *schedule.Config) { c.Levels = nil }) // the default: every level
	first := mustLoc(t, "Pacific/Kiritimati")
	for h := range 60 {
		now := start.Add(time.Duration(h) * time.Hour)
		runUntil(now, r)
		day := store.DayOf(now.Add(12*time.Hour), first)
		for _, lv := range engine.Levels {
			if _, err := st.Daily(ctx, day, lv); err != nil {
				t.Fatalf("at %s, 12 h before %s reaches Kiritimati (UTC+14): %s daily missing: %v", now, day, lv, err)
			}
		}
	}
	// Kiritimati's midnights fall at 10:00 UTC: June 1, 2 and 3.
	if n := len(disc.posts(channelA)); n != 3 {
		t.Errorf("%d midnight posts over 2.5 days, want 3", n)
	}
}

// hangingPoster holds the posts to one channel until released.
type hangingPoster struct {
	*fakeDiscord
	channel string
	release chan struct{}
	started chan struct{}
}

func (p hangingPoster) PostDaily(ctx context.Context, channelID string, post schedule.Post) (string, error) {
	if channelID == p.channel {
		close(p.started)
		<-p.release
	}
	return p.fakeDiscord.PostDaily(ctx, channelID, post)
}

// TestSlowPostDoesNotBlockNextMinute: a post that hangs (a slow Discord)
// does not hold up the guild due a minute later, which RunDue starts while
// the first is still in flight.
func TestSlowPostDoesNotBlockNextMinute(t *testing.T) {
	ctx := context.Background()
	clock := fakeclock.New(at(t, "UTC", "2026-06-01 08:59"))
	disc := newFakeDiscord(clock)
	st := openSQLite(t, dbPath(t))
	saveGuild(t, st, store.GuildSettings{GuildID: guildA, ChannelID: channelA, PostTime: "09:00", TimeZone: "UTC"})
	saveGuild(t, st, store.GuildSettings{GuildID: guildB, ChannelID: channelB, PostTime: "09:01", TimeZone: "UTC"})
	hang := hangingPoster{disc, channelA, make(chan struct{}), make(chan struct{})}
	r := newRig(t, clock, disc, st, func(c *schedule.Config) { c.Poster = hang })
	r.s.RunDue(ctx)
	clock.Set(at(t, "UTC", "2026-06-01 09:00"))
	r.s.RunDue(ctx)
	<-hang.started
	clock.Set(at(t, "UTC", "2026-06-01 09:01"))
	r.s.RunDue(ctx)
	deadline := time.Now().Add(10 * time.Second) // a safety net, not a timing
	for {
		q, f := r.s.Backlog()
		if len(disc.posts(channelB)) == 1 && q == 0 && f == 1 {
			break // B is done while A is still in flight
		}
		if time.Now().After(deadline) {
			t.Fatalf("the 09:01 guild was not posted while the 09:00 post hung (%d queued, %d in flight)", q, f)
		}
		time.Sleep(time.Millisecond)
	}
	close(hang.release)
	r.s.Wait()
	a, b := disc.posts(channelA), disc.posts(channelB)
	if len(a) != 1 || len(b) != 1 || !b[0].at.Equal(at(t, "UTC", "2026-06-01 09:01")) {
		t.Fatalf("posts: A %v, B %v; want one each, B at 09:01", daysOf(a, time.UTC), daysOf(b, time.UTC))
	}
}
