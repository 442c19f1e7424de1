package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/store"
)

// TestBadInput sends bad values for every option, through the HTTP
// endpoint, and checks each gets an ephemeral message saying exactly what
// to fix and that nothing was stored.
func TestBadInput(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.fake.SetupGuild(guildID)
	do := func(i map[string]any) reply { return h.viaHTTP(t, i) }
	ctx := context.Background()

	// Without a game.
	for _, sub := range []string{"place", "check", "hint", "show", "giveup"} {
		opts := map[string]any{}
		if sub == "place" {
			opts["moves"] = "r1c1=1"
		}
		r := do(h.cmd(alice, guildID, "sudoku", sub, opts))
		expectPrivateMessage(t, sub+" without a game", r)
		mustContain(t, sub+" without a game", r.Content, "no game in progress")
	}

	badChar := strings.Repeat(".", 40) + "x" + strings.Repeat(".", 40)
	for _, tc := range []struct {
		name, sub, locale string
		opts              map[string]any
		want              string
	}{
		{"new puzzle short", "new", "", map[string]any{"puzzle": "12345"}, "cells found: 5, a grid has 81"},
		{"new puzzle bad char", "new", "", map[string]any{"puzzle": badChar}, "`x` (line 1, character 41) is not a cell"},
		// In the player's language: no English from the engine's error.
		{"new puzzle bad char in French", "new", "fr", map[string]any{"puzzle": badChar}, "`x` (ligne 1 du texte, caractère 41) n’est pas une case"},
		{"new puzzle conflict", "new", "", map[string]any{"puzzle": "11" + strings.Repeat(".", 79)}, "breaks a rule: r1c1 and r1c2 both hold 1"},
		{"new puzzle multiple", "new", "", map[string]any{"puzzle": "1" + strings.Repeat(".", 80)}, "more than one solution"},
		{"new puzzle no solution", "new", "", map[string]any{"puzzle": "012345678900000000000000000000000000000000000000000000000000000000000000000000000"}, "no solution"},
		{"new bad level", "new", "", map[string]any{"level": "impossible"}, "`impossible` is not a level: choose easy, medium, hard, expert, master, extreme"},
		{"new bad symmetry", "new", "", map[string]any{"symmetry": "spiral"}, "`spiral` is not a symmetry"},
		{"daily bad level", "daily", "", map[string]any{"level": "nightmare"}, "`nightmare` is not a level"},
		{"daily bad date", "daily", "", map[string]any{"date": "26/11/2026"}, "`26/11/2026` is not a date I can read: write it as YYYY-MM-DD"},
		{"daily future date", "daily", "", map[string]any{"date": "2999-01-01"}, "The daily of 2999-01-01 is not out yet"},
		{"daily too old", "daily", "", map[string]any{"date": "1999-01-01"}, "the archive keeps the last 366 days"},
	} {
		i := h.cmd(alice, guildID, "sudoku", tc.sub, tc.opts)
		if tc.locale != "" {
			i = inLocale(i, tc.locale)
		}
		r := do(i)
		expectPrivateMessage(t, tc.name, r)
		mustContain(t, tc.name, r.Content, tc.want)
	}
	yesterday := store.DayOf(time.Now(), time.UTC).AddDays(-1).String()
	r := do(h.cmd(bob, guildID, "sudoku", "daily", map[string]any{"date": yesterday}))
	mustContain(t, "daily played late", r.Content, "The daily of "+yesterday+", played late: it counts as a solve, not for your streak")
	if g := h.current(t, bob); !g.Late || g.Day.String() != yesterday {
		t.Fatalf("yesterday's daily: late %v, day %s", g.Late, g.Day)
	}
	if _, err := h.store.CurrentGame(ctx, alice, guildID); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a game was started by bad input: %v", err)
	}

	// A pasted puzzle is played, graded.
	pasted := h.puzzles.list[0].Grid.String()
	r = do(h.cmd(alice, guildID, "sudoku", "new", map[string]any{"puzzle": pasted, "level": "easy"}))
	expectPrivateMessage(t, "new pasted", r)
	mustContain(t, "new pasted", r.Content, "Level and symmetry apply to new puzzles")
	r.png(t)
	g := h.current(t, alice)
	if g.Givens != h.puzzles.list[0].Grid {
		t.Fatal("pasted puzzle not stored as the game's puzzle")
	}
	var given int
	for c, d := range g.Givens {
		if d != 0 {
			given = c
			break
		}
	}
	for moves, want := range map[string]string{
		"r10c2=3": "`r10c2` is not a cell: rows and columns go from 1 to 9",
		"r4c6=12": "a cell holds one digit from 1 to 9",
		"x":       "`x` is not a move",
		fmt.Sprintf("%s=%d", engine.CellName(given), g.Givens[given]%9+1): fmt.Sprintf("`%s` is a given (%d)", engine.CellName(given), g.Givens[given]),
	} {
		r = do(h.cmd(alice, guildID, "sudoku", "place", map[string]any{"moves": moves}))
		expectPrivateMessage(t, "place "+moves, r)
		mustContain(t, "place "+moves, r.Content, want)
	}
	r = do(h.cmd(alice, guildID, "sudoku", "check", map[string]any{"answer": "123"}))
	mustContain(t, "check short answer", r.Content, "has 3 digits; it needs 81")
	wrongGiven := g.Solution
	wrongGiven[given] = wrongGiven[given]%9 + 1
	r = do(h.cmd(alice, guildID, "sudoku", "check", map[string]any{"answer": wrongGiven.Digits()}))
	mustContain(t, "check answer vs givens", r.Content, fmt.Sprintf("that cell is a given %d", g.Givens[given]))
	if after := h.current(t, alice); after.Entries != g.Entries {
		t.Fatal("bad input changed the board")
	}

	// Buttons: unknown game, malformed ids, someone else's game, bad level.
	for id, want := range map[string]string{
		"hint/999999/1":                    "can't find that game",
		"hint/abc/1":                       "does not belong to a game",
		fmt.Sprintf("hint/%d/7", g.ID):     "levels 1 to 3",
		fmt.Sprintf("check/%d", g.ID+1000): "can't find that game",
		"play/2026-13-45/hard":             "no date I can read",
		"play/2026-11-22/insane":           "`insane` is not a level",
		"unknown/route":                    "older version",
	} {
		r = do(h.button(alice, guildID, id))
		expectPrivateMessage(t, "button "+id, r)
		mustContain(t, "button "+id, r.Content, want)
	}
	for _, id := range []string{"hint/%d/1", "moves/%d/0", "check/%d", "cands/%d/1", "giveup/%d", "giveup/%d/yes"} {
		cid := fmt.Sprintf(id, g.ID)
		r = do(h.button(bob, guildID, cid))
		expectPrivateMessage(t, "bob presses "+cid, r)
		mustContain(t, "bob presses "+cid, r.Content, "belongs to <@"+alice+">")
	}
	r = do(h.modal(bob, guildID, fmt.Sprintf("moves/%d/0", g.ID), map[string]string{"moves": "r1c1=1"}))
	mustContain(t, "bob's modal", r.Content, "belongs to <@"+alice+">")
	if after, _ := h.store.Game(ctx, g.ID); after.Finished() || after.HintsTotal() != 0 || after.Entries != g.Entries {
		t.Fatalf("someone else's buttons changed the game: %+v", after)
	}

	// Config.
	for opts, want := range map[string]map[string]any{
		"`25:00` is not a time":             {"time": "25:00"},
		"`noon` is not a time":              {"time": "noon"},
		"`Mars/Olympus` is not a time zone": {"timezone": "Mars/Olympus"},
		"`brutal` is not a level":           {"level": "brutal"},
		"Pick a channel first":              {"enabled": true},
		"I can't see <#499>":                {"channel": snowflake{7, "499"}},
		"I can't see <#404>":                {"channel": snowflake{7, "404"}},
	} {
		r = do(h.cmd(alice, guildID, CommandConfig, "", want))
		expectPrivateMessage(t, "config "+opts, r)
		mustContain(t, "config "+opts, r.Content, opts)
	}
	if _, err := h.store.GuildSettings(ctx, guildID); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("bad config input saved settings: %v", err)
	}
	r = do(h.cmd(alice, "", CommandConfig, "", nil))
	mustContain(t, "config in DM", r.Content, "run this in the server")
	r = do(h.cmd(alice, guildID, "sudoku", "leaderboard", map[string]any{"board": "weekly"}))
	mustContain(t, "leaderboard bad board", r.Content, "`weekly` is not a leaderboard")
}
