package schedule_test

import (
	"context"
	"errors"
	"github.com/sudokubot/sudokubot/internal/fakeclock"
	"sync"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/schedule"
	"github.com/sudokubot/sudokubot/store"
)

// claimStealer is a store on which, just before a process's first
// ReleaseDailyPost, another process settles the same stale claim first:
// it releases it and claims the post again at at. The process's release
// then loses the race.
type claimStealer struct {
	*store.Store
	at   time.Time
	once sync.Once
	lost error // what the losing release returned
}

func (c *claimStealer) ReleaseDailyPost(ctx context.Context, guildID string, day store.Day, claimedAt time.Time, errText string) error {
	first := false
	c.once.Do(func() { first = true })
	if !first {
		return c.Store.ReleaseDailyPost(ctx, guildID, day, claimedAt, errText)
	}
	if err := c.Store.ReleaseDailyPost(ctx, guildID, day, claimedAt, "settled by the other process"); err != nil {
		return err
	}
	if err := c.Store.ClaimDailyPost(ctx, guildID, day, c.at); err != nil {
		return err
	}
	c.lost = c.Store.ReleaseDailyPost(ctx, guildID, day, claimedAt, errText)
	return c.lost
}

// TestStaleClaimReleaseRace: a process settling a stale claim that another
// process settled and claimed again an instant before leaves the new claim
// alone (release is conditional on the claim it read) and does not post
// while that claim may be in progress; once it is stale in turn, the
// process looks, releases it and posts, once.
func TestStaleClaimReleaseRace(t *testing.T) {
	ctx := context.Background()
	const day = "2026-06-01"
	clock := fakeclock.New(at(t, "UTC", day+" 09:00"))
	disc := newFakeDiscord(clock)
	st := openSQLite(t, dbPath(t))
	saveGuild(t, st, store.GuildSettings{GuildID: guildA, ChannelID: channelA, PostTime: "09:00", TimeZone: "UTC"})
	// A process claimed ten minutes ago and died before posting.
	if err := st.ClaimDailyPost(ctx, guildA, mustDay(day), clock.Now().Add(-10*time.Minute)); err != nil {
		t.Fatal(err)
	}
	racer := &claimStealer{Store: st, at: clock.Now()}
	r := newRig(t, clock, disc, st, func(c *schedule.Config) { c.Store = racer })

	r.step()
	if !errors.Is(racer.lost, store.ErrClaimChanged) {
		t.Fatalf("the losing release returned %v, want ErrClaimChanged", racer.lost)
	}
	rec, err := st.DailyPost(ctx, guildA, mustDay(day))
	if err != nil || !rec.ClaimedAt.Equal(racer.at) {
		t.Fatalf("after the lost race the record is %+v (%v); want the other process's claim of %s intact", rec, err, racer.at)
	}
	if n := disc.callsTo(channelA); n != 0 {
		t.Fatalf("%d posts while the other process's claim was fresh, want 0", n)
	}

	runUntil(at(t, "UTC", day+" 12:00"), r)
	msgs := disc.posts(channelA)
	if len(msgs) != 1 || disc.callsTo(channelA) != 1 {
		t.Fatalf("%d messages from %d posts, want exactly 1", len(msgs), disc.callsTo(channelA))
	}
	if rec, err := st.DailyPost(ctx, guildA, mustDay(day)); err != nil || rec.MessageID != msgs[0].id {
		t.Errorf("record %+v, %v; want message %s", rec, err, msgs[0].id)
	}
}
