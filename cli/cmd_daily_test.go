package cli

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/schedule"
	"github.com/sudokubot/sudokubot/store"
)

func runDailyCmd(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errOut bytes.Buffer
	env := &cliEnv{stdin: strings.NewReader(""), stdout: &out, stderr: &errOut, getenv: func(string) string { return "" }}
	code := run(context.Background(), env, append([]string{"daily"}, args...))
	return out.String(), errOut.String(), code
}

// dailyLine is the line the command must print: the scheduler's daily.
func dailyLine(t *testing.T, day, level string) (string, store.Puzzle) {
	t.Helper()
	d, err := store.ParseDay(day)
	if err != nil {
		t.Fatal(err)
	}
	lv, err := engine.ParseLevel(level)
	if err != nil {
		t.Fatal(err)
	}
	p, err := daily.Generate(context.Background(), daily.EngineGenerator, d, lv)
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%s %s %.1f\n", p.Grid, p.Level, p.Score), p
}

func TestDailyCommand(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name      string
		args      []string
		day, lv   string // the daily expected on stdout
		png       string // -o file expected to hold the posted image
		code      int
		stderrHas string
	}{
		{name: "date and level", args: []string{"--date", "2026-11-22", "--level", "hard"}, day: "2026-11-22", lv: "hard"},
		{name: "default level", args: []string{"--date", "2026-03-08"}, day: "2026-03-08", lv: "medium"},
		{name: "level any case", args: []string{"--date", "2026-03-08", "--level", "Easy"}, day: "2026-03-08", lv: "easy"},
		{name: "png", args: []string{"--date", "2026-11-22", "--level", "easy", "-o", filepath.Join(dir, "d.png")},
			day: "2026-11-22", lv: "easy", png: filepath.Join(dir, "d.png")},

		{name: "bad date", args: []string{"--date", "2026-02-30"}, code: exitUsage, stderrHas: "--date"},
		{name: "date format", args: []string{"--date", "22/11/2026"}, code: exitUsage, stderrHas: "YYYY-MM-DD"},
		{name: "bad level", args: []string{"--level", "impossible"}, code: exitUsage, stderrHas: "--level"},
		{name: "bad zone", args: []string{"--tz", "Mars/Olympus"}, code: exitUsage, stderrHas: "--tz"},
		{name: "extra argument", args: []string{"--date", "2026-11-22", "extra"}, code: exitUsage, stderrHas: `"extra"`},
		{name: "unknown flag", args: []string{"--when", "today"}, code: exitUsage, stderrHas: "-when"},
		{name: "unwritable output", args: []string{"--date", "2026-11-22", "--level", "easy", "-o", filepath.Join(dir, "no", "such", "dir.png")},
			day: "2026-11-22", lv: "easy", code: exitError, stderrHas: "-o"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stdout, stderr, code := runDailyCmd(t, tt.args...)
			if code != tt.code {
				t.Fatalf("exit %d, want %d; stderr: %s", code, tt.code, stderr)
			}
			if tt.stderrHas != "" && !strings.Contains(stderr, tt.stderrHas) {
				t.Errorf("stderr %q lacks %q", stderr, tt.stderrHas)
			}
			if tt.day == "" {
				if stdout != "" {
					t.Errorf("stdout %q, want nothing", stdout)
				}
				return
			}
			want, p := dailyLine(t, tt.day, tt.lv)
			if stdout != want {
				t.Errorf("stdout %q, want %q", stdout, want)
			}
			if tt.png != "" {
				got, err := os.ReadFile(tt.png)
				if err != nil {
					t.Fatal(err)
				}
				posted, err := schedule.PNGRenderer{}.Puzzle(p, mustDay(tt.day), p.Level)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got, posted) {
					t.Error("the PNG differs from the image the scheduler posts")
				}
			}
		})
	}
}

func TestDailyCommandToday(t *testing.T) {
	const zone = "Pacific/Kiritimati" // UTC+14: "today" differs from UTC's most of the day
	loc, err := time.LoadLocation(zone)
	if err != nil {
		t.Fatal(err)
	}
	before := store.DayOf(time.Now(), loc).String()
	stdout, stderr, code := runDailyCmd(t, "--tz", zone, "--level", "easy")
	after := store.DayOf(time.Now(), loc).String()
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	a, _ := dailyLine(t, before, "easy")
	b, _ := dailyLine(t, after, "easy")
	if stdout != a && stdout != b {
		t.Errorf("stdout %q, want today's (%s in %s) daily %q", stdout, before, zone, a)
	}
}

// TestDailyCommandStoredDaily: with --db the stored daily wins, as it does
// for the scheduler (the store keeps the first daily of a date and level).
func TestDailyCommandStoredDaily(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "sudokubot.db")
	st, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	other, err := daily.EngineGenerator(ctx, 12345, engine.LevelEasy)
	if err != nil {
		t.Fatal(err)
	}
	saved, err := st.SavePuzzle(ctx, other)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.SetDaily(ctx, mustDay("2026-11-22"), engine.LevelEasy, saved.ID); err != nil {
		t.Fatal(err)
	}
	st.Close()
	stdout, stderr, code := runDailyCmd(t, "--db", path, "--date", "2026-11-22", "--level", "easy")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if want := fmt.Sprintf("%s %s %.1f\n", other.Grid, other.Level, other.Score); stdout != want {
		t.Errorf("stdout %q, want the stored daily %q", stdout, want)
	}
	// A date the database lacks falls back to the computed daily.
	stdout, _, _ = runDailyCmd(t, "--db", path, "--date", "2026-11-23", "--level", "easy")
	if want, _ := dailyLine(t, "2026-11-23", "easy"); stdout != want {
		t.Errorf("stdout %q, want the computed daily %q", stdout, want)
	}
}

// mustDay is a date of a test, written as it reads.
func mustDay(s string) store.Day {
	d, err := store.ParseDay(s)
	if err != nil {
		panic(err)
	}
	return d
}
