package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/store"
)

func TestParseMoves(t *testing.T) {
	t.Parallel()
	cell := func(r, c int) int { return engine.CellAt(r-1, c-1) }
	for _, tc := range []struct {
		in   string
		want []store.Move
		err  string
	}{
		{"r4c6=7 r5c1=3 r2c2=0", []store.Move{{Cell: cell(4, 6), Digit: 7}, {Cell: cell(5, 1), Digit: 3}, {Cell: cell(2, 2), Digit: 0}}, ""},
		{"r4c6 7", []store.Move{{Cell: cell(4, 6), Digit: 7}}, ""},
		{"R4C6:7", []store.Move{{Cell: cell(4, 6), Digit: 7}}, ""},
		{"r1c1 = 9, r9c9: 1;r5c5=5", []store.Move{{Cell: 0, Digit: 9}, {Cell: 80, Digit: 1}, {Cell: 40, Digit: 5}}, ""},
		{"r10c2=3", nil, "`r10c2` is not a cell: rows and columns go from 1 to 9"},
		{"r0c2=3", nil, "`r0c2` is not a cell: rows and columns go from 1 to 9"},
		{"r2c0 3", nil, "`r2c0` is not a cell"},
		{"r4c6=", nil, "`r4c6` needs a digit"},
		{"r4c6=x", nil, "`r4c6` needs a digit"},
		{"r4c6=12", nil, "`r4c6=12`: a cell holds one digit"},
		{"a6=3", nil, "`a6=3` is not a move"},
		{"r4=3", nil, "`r4=3` is not a move"},
		{"r4c6=7x", nil, "`r4c6=7x` is not a move"},
		{"  ", nil, "No moves given"},
		{"hello", nil, "`hello` is not a move"},
		// Lower-casing changes these letters' byte lengths: the parser
		// must neither panic nor quote other text than the player's.
		{"r1c1=1 Ⱥ", nil, "`Ⱥ` is not a move"},
		{"r1c1=1 İİİİ", nil, "`İİİİ` is not a move"},
		{"İİİİr1c1=1", nil, "`İİİİr1c1=1` is not a move"},
		{"r1c1=1 ȾȾ r2c2=3", nil, "`ȾȾ` is not a move"},
		{"\u212a1c1=1", nil, "`\u212a1c1=1` is not a move"}, // Kelvin sign folds to k, not r, but is not ASCII
		{"r1c1=1 `x`", nil, "`ˋxˋ` is not a move"},
		{"r1c1=1 \xff", nil, "`\uFFFD` is not a move"},
		{"r1c1=\u0661", nil, "`r1c1` needs a digit"}, // Arabic-Indic one is not an ASCII digit
	} {
		got, err := ParseMoves(tc.in)
		if tc.err != "" {
			var ue *UserError
			if err == nil || !errors.As(err, &ue) || !strings.Contains(ue.Text(l10n.English()), tc.err) {
				t.Errorf("ParseMoves(%q) = %v, %v; want a user error containing %q", tc.in, got, err, tc.err)
			}
			continue
		}
		if err != nil || fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("ParseMoves(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
}

func FuzzParseMoves(f *testing.F) {
	for _, s := range append([]string{"r4c6=7 r5c1=3 r2c2=0", "R4C6:7", "r10c2=3", "r4c6 7", ""}, caseFoldSeeds...) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		moves, err := ParseMoves(s)
		if (err == nil) == (moves == nil) {
			t.Fatalf("ParseMoves(%q): moves %v and error %v", s, moves, err)
		}
		if err != nil {
			checkUserError(t, "ParseMoves", s, err)
		}
		for _, m := range moves {
			if m.Cell < 0 || m.Cell >= engine.NumCells || m.Digit > 9 {
				t.Fatalf("ParseMoves(%q) made an out-of-range move %+v", s, m)
			}
		}
	})
}

func TestParseAnswer(t *testing.T) {
	t.Parallel()
	sol := "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	rows := make([]string, 9)
	for i := range rows {
		rows[i] = sol[i*9 : i*9+9]
	}
	for _, in := range []string{sol, strings.Join(rows, " "), strings.Join(rows, "/"), strings.Join(rows, " / ")} {
		g, err := ParseAnswer(in)
		if err != nil || g.Digits() != sol {
			t.Errorf("ParseAnswer(%q) = %v, %v", in, g, err)
		}
	}
	for in, want := range map[string]string{
		sol[:80]:      "has 80 digits; it needs 81",
		sol + "1":     "has 82 digits",
		"0" + sol[1:]: "`0` (character 1 of the answer) is not a digit 1-9",
		strings.Join(rows[:8], "/") + "/12345678": "Row 9 of your answer (`12345678`) has 8 characters",
	} {
		_, err := ParseAnswer(in)
		var ue *UserError
		if err == nil || !errors.As(err, &ue) || !strings.Contains(ue.Text(l10n.English()), want) {
			t.Errorf("ParseAnswer(%q) = %v, want %q", in, err, want)
		}
	}
}

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

	r := do(h.cmd(alice, guildID, "sudoku", "new", map[string]any{"puzzle": "12345"}))
	expectPrivateMessage(t, "new puzzle short", r)
	mustContain(t, "new puzzle short", r.Content, "cells found: 5, a grid has 81")
	r = do(h.cmd(alice, guildID, "sudoku", "new", map[string]any{"puzzle": strings.Repeat(".", 40) + "x" + strings.Repeat(".", 40)}))
	mustContain(t, "new puzzle bad char", r.Content, "`x` (line 1, character 41) is not a cell")
	// In the player's language: no English from the engine's error.
	fr := do(inLocale(h.cmd(alice, guildID, "sudoku", "new", map[string]any{"puzzle": strings.Repeat(".", 40) + "x" + strings.Repeat(".", 40)}), "fr"))
	mustContain(t, "new puzzle bad char in French", fr.Content, "`x` (ligne 1 du texte, caractère 41) n’est pas une case")
	r = do(h.cmd(alice, guildID, "sudoku", "new", map[string]any{"puzzle": "11" + strings.Repeat(".", 79)}))
	mustContain(t, "new puzzle conflict", r.Content, "breaks a rule: r1c1 and r1c2 both hold 1")
	r = do(h.cmd(alice, guildID, "sudoku", "new", map[string]any{"puzzle": "1" + strings.Repeat(".", 80)}))
	mustContain(t, "new puzzle multiple", r.Content, "more than one solution")
	r = do(h.cmd(alice, guildID, "sudoku", "new", map[string]any{"puzzle": "012345678900000000000000000000000000000000000000000000000000000000000000000000000"}))
	mustContain(t, "new puzzle no solution", r.Content, "no solution")
	r = do(h.cmd(alice, guildID, "sudoku", "new", map[string]any{"level": "impossible"}))
	mustContain(t, "new bad level", r.Content, "`impossible` is not a level: choose easy, medium, hard, expert, master, extreme")
	r = do(h.cmd(alice, guildID, "sudoku", "new", map[string]any{"symmetry": "spiral"}))
	mustContain(t, "new bad symmetry", r.Content, "`spiral` is not a symmetry")
	r = do(h.cmd(alice, guildID, "sudoku", "daily", map[string]any{"level": "nightmare"}))
	mustContain(t, "daily bad level", r.Content, "`nightmare` is not a level")
	r = do(h.cmd(alice, guildID, "sudoku", "daily", map[string]any{"date": "26/11/2026"}))
	mustContain(t, "daily bad date", r.Content, "`26/11/2026` is not a date I can read: write it as YYYY-MM-DD")
	r = do(h.cmd(alice, guildID, "sudoku", "daily", map[string]any{"date": "2999-01-01"}))
	mustContain(t, "daily future date", r.Content, "The daily of 2999-01-01 is not out yet")
	r = do(h.cmd(alice, guildID, "sudoku", "daily", map[string]any{"date": "1999-01-01"}))
	mustContain(t, "daily too old", r.Content, "the archive keeps the last 366 days")
	yesterday := store.DayOf(time.Now(), time.UTC).AddDays(-1).String()
	r = do(h.cmd(bob, guildID, "sudoku", "daily", map[string]any{"date": yesterday}))
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
