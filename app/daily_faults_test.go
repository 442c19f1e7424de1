package app

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/store"
	"github.com/sudokubot/sudokubot/store/storetest"
)

// TestDailyE2EBareNotFound: a 404 that is not Discord's own (no Unknown
// Channel code: a proxy's or a CDN's page) on the post or on the search
// for a post of unknown outcome stops nothing: it is retried with
// backoff, logged, and the daily goes out once that day and the next;
// the guild gets no posting problem. Discord's own Unknown Channel still
// stops the guild (TestDailyE2EUnknownChannel).
func TestDailyE2EBareNotFound(t *testing.T) {
	tests := []struct {
		name string
		// before sets up the trouble; the guild posts at 09:00.
		before func(t *testing.T, w *world, dsn string)
		// want are the statuses of the POSTs, then of the searches (GETs).
		wantPosts, wantSearches string
	}{
		{"on the post", func(t *testing.T, w *world, dsn string) {
			w.fake.BareNotFound(postsPath, 1)
		}, "[404 200 200]", "[]"},
		{"on the search after a crash", func(t *testing.T, w *world, dsn string) {
			claim(t, w, dsn) // claimed at 09:00 and died: the outcome is unknown
			w.fake.BareNotFound(postsPath, 1)
		}, "[200 200]", "[404 200]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dsn := storetest.SQLite(t)
			w := newWorld(t, "2026-06-01 09:00")
			p := w.start(t, dsn, stubRenderer{})
			saveGuild(t, p.st, "09:00")
			tt.before(t, w, dsn)
			w.drive(utc(t, "2026-06-02 10:00"), p)
			var posts, searches []int
			for _, c := range w.postCalls() {
				posts = append(posts, c.Status)
			}
			for _, c := range w.fake.Calls(http.MethodGet, postsPath) {
				searches = append(searches, c.Status)
			}
			t.Logf("POST statuses %v, search statuses %v", posts, searches)
			if got := fmt.Sprint(posts); got != tt.wantPosts {
				t.Errorf("POST statuses %s, want %s (the 1 June daily after the 404, then 2 June's)", got, tt.wantPosts)
			}
			if got := fmt.Sprint(searches); got != tt.wantSearches {
				t.Errorf("search statuses %s, want %s", got, tt.wantSearches)
			}
			for _, day := range []string{"2026-06-01", "2026-06-02"} {
				rec, err := p.st.DailyPost(context.Background(), e2eGuild, mustDay(day))
				if err != nil || rec.MessageID == "" {
					t.Errorf("the daily of %s is not recorded: %+v, %v", day, rec, err)
				}
			}
			gs, err := p.st.GuildSettings(context.Background(), e2eGuild)
			if err != nil || !gs.Problem.IsZero() {
				t.Errorf("the guild's posting problem after a bare 404: %+v, %v", gs.Problem, err)
			}
			if !containsLog(p, "will retry") {
				t.Errorf("the 404 was not reported as retried:\n%s", p.logs.String())
			}
		})
	}
}

// TestDailyE2EUnknownChannel: Discord's own 404, Unknown Channel (10003),
// stops the guild at once, marked as channel gone, with no retry.
func TestDailyE2EUnknownChannel(t *testing.T) {
	w := newWorld(t, "2026-06-01 08:00")
	p := w.start(t, storetest.SQLite(t), stubRenderer{})
	if _, err := p.st.SaveGuildSettings(context.Background(), store.GuildSettings{GuildID: e2eGuild, ChannelID: "499",
		PostTime: "09:00", TimeZone: "UTC", Enabled: true}); err != nil {
		t.Fatal(err)
	}
	w.drive(utc(t, "2026-06-02 10:00"), p)
	calls := w.fake.Calls(http.MethodPost, "channels/499/messages")
	if len(calls) != 1 || calls[0].Status != http.StatusNotFound {
		t.Fatalf("%d POSTs to a channel Discord does not know over two days, want 1 refused", len(calls))
	}
	gs, err := p.st.GuildSettings(context.Background(), e2eGuild)
	if err != nil || gs.Problem.Kind != store.ProblemChannelGone {
		t.Errorf("the guild's posting problem: %+v, %v; want channel gone", gs.Problem, err)
	}
}

func containsLog(p *process, s string) bool { return strings.Contains(p.logs.String(), s) }
