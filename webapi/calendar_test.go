package webapi

import (
	"context"
	"github.com/sudokubot/sudokubot/internal/storeedit"
	"image/png"
	"net/http"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/store"
)

// fakeDailies is the Discord door's side of the calendar: UTC, easy, and
// testPuzzle as every day's daily.
type fakeDailies struct {
	t     testing.TB
	store *store.Store
}

func (f fakeDailies) Now(context.Context, string) (game.DailyNow, error) {
	now := time.Now().UTC()
	return game.DailyNow{At: now, Day: store.DayOf(now, time.UTC), Level: engine.LevelEasy}, nil
}

func (f fakeDailies) DailyPuzzle(ctx context.Context, _ string, _ store.Day, _ engine.Level) (store.Puzzle, error) {
	return f.store.SavePuzzle(ctx, puzzle(f.t))
}

// TestCalendar: a month lays out every day with how its daily went;
// yesterday's daily opens from the calendar, marked late; a bad month or
// date is refused in words; tomorrow is not playable; the progress
// picture draws.
func TestCalendar(t *testing.T) {
	h := newHarness(t)
	h.srv.cfg.Dailies = fakeDailies{t: t, store: h.store} // the store is the harness's own
	_, tok := h.game(t, "601")
	today := store.DayOf(time.Now(), time.UTC)
	yesterday := today.AddDays(-1)

	var c Calendar
	if st := h.call(t, "GET", "/board/api/calendar", tok, nil, &c); st != 200 {
		t.Fatalf("calendar: %d", st)
	}
	if c.Today != today.String() || c.Month != today.String()[:7] || len(c.Days) < 28 || c.Prev == "" || c.Next != "" {
		t.Fatalf("calendar %+v", c)
	}
	for _, d := range c.Days {
		want := DayMissed
		switch {
		case d.Day == today.String():
			want = DayToday
		case d.Day > today.String():
			want = DayFuture
		}
		if d.State != want || d.Playable != (want != DayFuture) {
			t.Errorf("%s: %s playable %v, want %s", d.Day, d.State, d.Playable, want)
		}
	}

	var started DailyStarted
	if st := h.call(t, "POST", "/board/api/daily", tok, DailyRequest{Day: yesterday.String()}, &started); st != 200 || started.Token == "" || started.State == nil {
		t.Fatalf("daily of yesterday: %d %+v", st, started)
	}
	g, err := h.store.Game(context.Background(), started.State.GameID)
	if err != nil || !g.Late || g.Day != yesterday || g.UserID != "601" {
		t.Fatalf("yesterday's daily: %+v (%v)", g, err)
	}
	var s State
	if st := h.call(t, "GET", "/board/api/game", started.Token, nil, &s); st != 200 || s.GameID != g.ID {
		t.Fatalf("the new token: %d, game %d", st, s.GameID)
	}
	if _, _, err := storeedit.FinishGame(context.Background(), h.store, g.ID, "601", time.Now(), true); err != nil {
		t.Fatal(err)
	}
	h.call(t, "GET", "/board/api/calendar?month="+yesterday.String()[:7], tok, nil, &c)
	for _, d := range c.Days {
		if d.Day == yesterday.String() && d.State != DayGaveUp {
			t.Errorf("yesterday after giving up: %s", d.State)
		}
	}

	var e struct{ Error, Code string }
	if st := h.call(t, "GET", "/board/api/calendar?month=11-2026", tok, nil, &e); st != 400 || e.Error == "" {
		t.Fatalf("bad month: %d %+v", st, e)
	}
	if st := h.call(t, "POST", "/board/api/daily", tok, DailyRequest{Day: "yesterday"}, &e); st != 400 || e.Error == "" {
		t.Fatalf("bad date: %d %+v", st, e)
	}
	if st := h.call(t, "POST", "/board/api/daily", tok, DailyRequest{Day: today.AddDays(1).String()}, &e); st != 400 || e.Error == "" {
		t.Fatalf("tomorrow: %d %+v", st, e)
	}
	if st := h.call(t, "POST", "/board/api/daily", tok, DailyRequest{Day: today.AddDays(-game.MaxLateDays - 1).String()}, &e); st != 400 {
		t.Fatalf("more than a year back: %d %+v", st, e)
	}

	req, _ := http.NewRequest("GET", h.http.URL+"/board/api/progress.png", nil)
	req.Header.Set("Authorization", "Bearer "+tok)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if img, err := png.Decode(resp.Body); err != nil || resp.StatusCode != 200 || img.Bounds().Dx() < 400 {
		t.Fatalf("progress.png: %d %v", resp.StatusCode, err)
	}
}

// TestCalendarOff: without the Discord door's dailies the calendar is
// not there.
func TestCalendarOff(t *testing.T) {
	h := newHarness(t)
	_, tok := h.game(t, "601")
	if st := h.call(t, "GET", "/board/api/calendar", tok, nil, nil); st != 404 {
		t.Fatalf("calendar without dailies: %d", st)
	}
}
