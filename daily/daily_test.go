package daily_test

import (
	"bytes"
	"context"
	"errors"
	"image/png"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/store"
)

func TestDailySeed(t *testing.T) {
	a, err := daily.Seed(day(t, "2026-11-22"), engine.LevelHard)
	if err != nil {
		t.Fatal(err)
	}
	// The seed hashes the level's name: every daily already published
	// depends on this value staying put.
	if a != 1725842856832087011 {
		t.Errorf("Seed(2026-11-22, hard) = %d, want 1725842856832087011 (dailies would change)", a)
	}
	seen := map[uint64]string{}
	for _, d := range []string{"2026-11-21", "2026-11-22", "2026-11-23", "2027-11-22"} {
		for _, lv := range engine.Levels {
			s, err := daily.Seed(day(t, d), lv)
			if err != nil {
				t.Fatal(err)
			}
			key := d + " " + lv.String()
			if prev, dup := seen[s]; dup {
				t.Errorf("%s and %s share seed %d", prev, key, s)
			}
			seen[s] = key
		}
	}
	for _, bad := range []struct {
		day   store.Day
		level engine.Level
	}{{store.Day{}, engine.LevelEasy}, {day(t, "2026-11-22"), engine.Level(len(engine.Levels))}} {
		if _, err := daily.Seed(bad.day, bad.level); err == nil {
			t.Errorf("Seed(%q, %d) accepted", bad.day, bad.level)
		}
	}
}

func TestPuzzleNumberAndTitle(t *testing.T) {
	tests := []struct {
		day   string
		n     int
		title string
	}{
		{"2026-01-01", 1, "Daily Sudoku #1 · Thu 1 Jan 2026 · Easy"},
		{"2026-03-08", 67, "Daily Sudoku #67 · Sun 8 Mar 2026 · Easy"},
		{"2026-11-22", 326, "Daily Sudoku #326 · Sun 22 Nov 2026 · Easy"},
		{"2027-01-01", 366, "Daily Sudoku #366 · Fri 1 Jan 2027 · Easy"},
	}
	for _, tt := range tests {
		if n := daily.Number(day(t, tt.day)); n != tt.n {
			t.Errorf("Number(%s) = %d; want %d", tt.day, n, tt.n)
		}
		if title := daily.Title(day(t, tt.day), engine.LevelEasy); title != tt.title {
			t.Errorf("Title(%s) = %q, want %q", tt.day, title, tt.title)
		}
	}
	for d, want := range map[string]string{"2026-11-22": "#326 · 2026-11-22", "2026-01-01": "#1 · 2026-01-01", "1999-01-01": "1999-01-01"} {
		if got := daily.PictureTitle(day(t, d)); got != want {
			t.Errorf("PictureTitle(%s) = %q; want %q (no number before daily #1)", d, got, want)
		}
	}
}

func TestDailyPuzzleIsDeterministic(t *testing.T) {
	ctx := context.Background()
	for _, level := range []engine.Level{engine.LevelEasy, engine.LevelMedium, engine.LevelHard} {
		a, err := daily.Generate(ctx, daily.EngineGenerator, day(t, "2026-11-22"), level)
		if err != nil {
			t.Fatal(err)
		}
		b, err := daily.Generate(ctx, daily.EngineGenerator, day(t, "2026-11-22"), level)
		if err != nil {
			t.Fatal(err)
		}
		if a.Grid != b.Grid || a.Solution != b.Solution {
			t.Errorf("%s: two computations differ:\n%s\n%s", level, a.Grid, b.Grid)
		}
		if a.Level != level {
			t.Errorf("%s: generated a %s puzzle (score %.1f)", level, a.Level, a.Score)
		}
		if n := engine.CountSolutions(a.Grid, 2); n != 1 {
			t.Errorf("%s: %d solutions", level, n)
		}
		if a.Origin != "daily:2026-11-22" {
			t.Errorf("origin %q", a.Origin)
		}
		next, err := daily.Generate(ctx, daily.EngineGenerator, day(t, "2026-11-23"), level)
		if err != nil {
			t.Fatal(err)
		}
		if next.Grid == a.Grid {
			t.Errorf("%s: two days share a puzzle", level)
		}
	}
}

func TestDailiesStoreOnce(t *testing.T) {
	ctx := context.Background()
	path := dbPath(t)
	d1 := daily.NewSource(openSQLite(t, path), daily.EngineGenerator)
	// A second process whose generator differs (a newer binary): it must
	// serve the stored daily, not its own.
	other := func(ctx context.Context, seed uint64, level engine.Level) (store.Puzzle, error) {
		return daily.EngineGenerator(ctx, seed+1, level)
	}
	d2 := daily.NewSource(openSQLite(t, path), other)
	var wg sync.WaitGroup
	got := make([]store.Puzzle, 6)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			d := d1
			if i%2 == 1 {
				d = d2
			}
			p, err := d.Get(ctx, day(t, "2026-11-22"), engine.LevelEasy)
			if err != nil {
				t.Error(err)
			}
			got[i] = p
		}()
	}
	wg.Wait()
	for _, p := range got[1:] {
		if p.ID != got[0].ID || p.Grid != got[0].Grid {
			t.Fatalf("processes serve different dailies: %d %s vs %d %s", got[0].ID, got[0].Grid, p.ID, p.Grid)
		}
	}
	if _, err := d1.Stored(ctx, day(t, "2026-11-21"), engine.LevelEasy); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Stored of a day never generated: %v, want ErrNotFound", err)
	}
}

func TestPregenerate(t *testing.T) {
	ctx := context.Background()
	st := openSQLite(t, dbPath(t))
	d := daily.NewSource(st, daily.EngineGenerator)
	now := time.Date(2026, 11, 22, 11, 0, 0, 0, time.UTC)
	if err := d.Pregenerate(ctx, now, []engine.Level{engine.LevelEasy, engine.LevelMedium}); err != nil {
		t.Fatal(err)
	}
	// At 11:00 UTC on the 22nd, UTC-12 is still on the 21st and UTC+14
	// already on the 23rd; within a day UTC+14 reaches the 24th.
	for _, d := range []string{"2026-11-21", "2026-11-22", "2026-11-23", "2026-11-24"} {
		for _, lv := range []engine.Level{engine.LevelEasy, engine.LevelMedium} {
			if _, err := st.Daily(ctx, day(t, d), lv); err != nil {
				t.Errorf("daily %s %s not pregenerated: %v", d, lv, err)
			}
		}
	}
}

func TestDailyPNG(t *testing.T) {
	p, err := daily.Generate(context.Background(), daily.EngineGenerator, day(t, "2026-11-22"), engine.LevelEasy)
	if err != nil {
		t.Fatal(err)
	}
	a, err := daily.PNG(p, day(t, "2026-11-22"), engine.LevelEasy)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(a))
	if err != nil {
		t.Fatalf("not a PNG: %v", err)
	}
	if b := img.Bounds(); b.Dx() != 1000 || b.Dy() <= b.Dx() {
		t.Errorf("image %v: want 1000 px wide with a title band above the board", b)
	}
	again, _ := daily.PNG(p, day(t, "2026-11-22"), engine.LevelEasy)
	if !bytes.Equal(a, again) {
		t.Error("the same daily drew two different images")
	}
	sol, err := daily.SolutionPNG(p, day(t, "2026-11-22"), engine.LevelEasy)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := png.Decode(bytes.NewReader(sol)); err != nil || bytes.Equal(sol, a) {
		t.Errorf("solution image: %v (or same as the puzzle)", err)
	}
}

// day is a date of a test, written as it reads.
func day(t testing.TB, s string) store.Day {
	t.Helper()
	d, err := store.ParseDay(s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func dbPath(t testing.TB) string { return filepath.Join(t.TempDir(), "sudokubot.db") }

func openSQLite(t testing.TB, path string) *store.Store {
	t.Helper()
	st, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatalf("open store: %v", err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}
