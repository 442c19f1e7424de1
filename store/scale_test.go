package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/engine"
)

// TestUpdateRateStateSerialises: concurrent updates through two handles
// on one database each see the state the previous one left, so a counter
// kept in the state loses no increment; an update's error rolls back.
func TestUpdateRateStateSerialises(t *testing.T) {
	forEachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		dsn := be.newDSN(t)
		a := openStore(t, dsn)
		b := a
		if be.shared {
			b = openStore(t, dsn)
		}
		const each = 20
		var wg sync.WaitGroup
		for _, s := range []*Store{a, b} {
			wg.Go(func() {
				for range each {
					err := s.UpdateRateState(ctx, "limit", func(state string) (string, error) {
						n := 0
						if state != "" {
							var err error
							if n, err = strconv.Atoi(state); err != nil {
								return "", err
							}
						}
						return strconv.Itoa(n + 1), nil
					})
					if err != nil {
						t.Error(err)
						return
					}
				}
			})
		}
		wg.Wait()
		boom := errors.New("boom")
		var seen string
		err := a.UpdateRateState(ctx, "limit", func(state string) (string, error) { seen = state; return "garbage", boom })
		if !errors.Is(err, boom) || seen != strconv.Itoa(2*each) {
			t.Fatalf("after %d increments the state read %q, update error %v", 2*each, seen, err)
		}
		must(t, a.UpdateRateState(ctx, "limit", func(state string) (string, error) { seen = state; return state, nil }), "read")
		if seen != strconv.Itoa(2*each) {
			t.Errorf("a failed update was stored: state %q", seen)
		}
		must(t, a.UpdateRateState(ctx, "other", func(state string) (string, error) { seen = state; return "x", nil }), "other")
		if seen != "" {
			t.Errorf("a new limit starts with state %q, want empty", seen)
		}
		mustIs(t, a.UpdateRateState(ctx, "", func(s string) (string, error) { return s, nil }), ErrInvalid, "empty name")
	})
}

// TestGuildSettingsSinceAndPostedGuilds: the two queries a scheduler of
// many guilds uses instead of reading everything.
func TestGuildSettingsSinceAndPostedGuilds(t *testing.T) {
	forEachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		s := openStore(t, be.newDSN(t))
		t0 := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
		for i := range 4 {
			_, err := s.SaveGuildSettings(ctx, GuildSettings{GuildID: fmt.Sprint("g", i), ChannelID: "c", PostTime: "09:00",
				TimeZone: "UTC", Level: engine.LevelEasy, Enabled: i != 3, UpdatedAt: t0.Add(time.Duration(i) * time.Hour)})
			must(t, err, "save")
		}
		got, err := s.GuildSettingsSince(ctx, t0.Add(time.Hour))
		must(t, err, "GuildSettingsSince")
		var ids []string
		for _, gs := range got {
			ids = append(ids, gs.GuildID)
		}
		if want := []string{"g1", "g2", "g3"}; !slices.Equal(ids, want) {
			t.Errorf("settings since t0+1h: %v, want %v (disabled included, oldest first)", ids, want)
		}
		if len(got) == 3 && got[2].Enabled {
			t.Errorf("g3 reads as enabled")
		}

		const day = "2026-06-01"
		for _, g := range []string{"g0", "g1", "g2"} {
			must(t, s.ClaimDailyPost(ctx, g, mustDay(day), t0), "claim")
		}
		must(t, s.RecordDailyPost(ctx, "g0", mustDay(day), DailyPost{ChannelID: "c", MessageID: "m0", PostedAt: t0}), "record")
		must(t, s.RecordDailyPost(ctx, "g2", mustDay(day), DailyPost{ChannelID: "c", MessageID: "m2", PostedAt: t0}), "record")
		must(t, s.ClaimDailyPost(ctx, "g1", mustDay("2026-06-02"), t0), "claim next day")
		posted, err := s.PostedGuilds(ctx, mustDay(day))
		must(t, err, "PostedGuilds")
		slices.Sort(posted)
		if want := []string{"g0", "g2"}; !slices.Equal(posted, want) {
			t.Errorf("posted guilds of %s: %v, want %v (a claim alone is not a post)", day, posted, want)
		}
		_, err = s.PostedGuilds(ctx, Day{})
		mustIs(t, err, ErrInvalid, "no day")
	})
}
