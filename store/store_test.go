package store

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/discordapi"
	"github.com/sudokubot/sudokubot/engine"
)

// TestStore is the contract suite: every back end must pass all of it.
func TestStore(t *testing.T) {
	forEachBackend(t, func(t *testing.T, be backend) {
		testStore(t, be)
	})
}

// testStore runs the contract on one back end. Each case gets a fresh
// database.
func testStore(t *testing.T, be backend) {
	cases := []struct {
		name string
		fn   func(t *testing.T, be backend)
	}{
		{"Puzzles", testPuzzles},
		{"Dailies", testDailies},
		{"Games", testGames},
		{"BadInput", testBadInput},
		{"Posts", testPosts},
		{"GuildSettings", testGuildSettings},
		{"Streaks", testStreaks},
		{"LateDaily", testLateDaily},
		{"LevelStats", testLevelStats},
		{"Leaderboards", testLeaderboards},
		{"ConcurrentMoves", testConcurrentMoves},
		{"ConcurrentClaims", testConcurrentClaims},
		{"ReleaseRace", testReleaseRace},
		{"Migrations", testMigrations},
		{"ConcurrentOpen", testConcurrentOpen},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { c.fn(t, be) })
	}
}

func testPuzzles(t *testing.T, be backend) {
	ctx := context.Background()
	s := openStore(t, be.newDSN(t))
	fx := loadFixtures(t)

	p := savePuzzle(t, s, fx[0], engine.LevelEasy)
	if p.ID <= 0 || p.Grid != fx[0].grid || p.Solution != fx[0].solution || p.Level != engine.LevelEasy || p.Origin != "test" {
		t.Fatalf("SavePuzzle returned %+v", p)
	}
	again, err := s.SavePuzzle(ctx, Puzzle{Grid: fx[0].grid, Solution: fx[0].solution, Level: engine.LevelHard})
	must(t, err, "save again")
	if again.ID != p.ID || again.Level != engine.LevelEasy {
		t.Errorf("second save: got id %d level %q, want the first row (id %d, easy)", again.ID, again.Level, p.ID)
	}
	got, err := s.Puzzle(ctx, p.ID)
	must(t, err, "Puzzle")
	if got != p {
		t.Errorf("Puzzle(%d) = %+v, want %+v", p.ID, got, p)
	}
	byGrid, err := s.PuzzleByGrid(ctx, fx[0].grid)
	must(t, err, "PuzzleByGrid")
	if byGrid.ID != p.ID {
		t.Errorf("PuzzleByGrid id %d, want %d", byGrid.ID, p.ID)
	}
	_, err = s.Puzzle(ctx, p.ID+1000)
	mustIs(t, err, ErrNotFound, "unknown puzzle")
	_, err = s.PuzzleByGrid(ctx, fx[1].grid)
	mustIs(t, err, ErrNotFound, "unknown grid")

	// Same givens, another solution: two blanks' digits swapped.
	other := fx[0].solution
	e := fx[0].empties()
	for _, c := range e[1:] {
		if other[c] != other[e[0]] {
			other[c], other[e[0]] = other[e[0]], other[c]
			break
		}
	}
	_, err = s.SavePuzzle(ctx, Puzzle{Grid: fx[0].grid, Solution: other})
	mustIs(t, err, ErrConflict, "same grid, other solution")

	bad := fx[1].grid
	c := fx[1].givenCell()
	bad[c] = bad[c]%9 + 1
	_, err = s.SavePuzzle(ctx, Puzzle{Grid: bad, Solution: fx[1].solution})
	mustIs(t, err, ErrInvalid, "given differs from solution")
	_, err = s.SavePuzzle(ctx, Puzzle{Grid: fx[1].grid, Solution: fx[1].grid})
	mustIs(t, err, ErrInvalid, "incomplete solution")
	_, err = s.PuzzleByGrid(ctx, fx[1].grid)
	mustIs(t, err, ErrNotFound, "nothing written by rejected saves")
}

func testDailies(t *testing.T, be backend) {
	ctx := context.Background()
	s := openStore(t, be.newDSN(t))
	fx := loadFixtures(t)
	p1, p2 := savePuzzle(t, s, fx[0], engine.LevelEasy), savePuzzle(t, s, fx[1], engine.LevelEasy)

	got, err := s.SetDaily(ctx, mustDay("2026-11-22"), engine.LevelEasy, p1.ID)
	must(t, err, "SetDaily")
	if got.ID != p1.ID {
		t.Errorf("SetDaily returned puzzle %d, want %d", got.ID, p1.ID)
	}
	got, err = s.SetDaily(ctx, mustDay("2026-11-22"), engine.LevelEasy, p2.ID)
	must(t, err, "SetDaily again")
	if got.ID != p1.ID {
		t.Errorf("second SetDaily returned puzzle %d, want the first (%d)", got.ID, p1.ID)
	}
	_, err = s.SetDaily(ctx, mustDay("2026-11-22"), engine.LevelHard, p2.ID)
	must(t, err, "SetDaily hard")
	for _, c := range []struct {
		day   string
		level engine.Level
		want  int64
		err   error
	}{
		{"2026-11-22", engine.LevelEasy, p1.ID, nil},
		{"2026-11-22", engine.LevelHard, p2.ID, nil},
		{"2026-11-23", engine.LevelEasy, 0, ErrNotFound},
		{"2026-11-22", engine.LevelExpert, 0, ErrNotFound},
		{"", engine.LevelEasy, 0, ErrInvalid}, // the zero Day
	} {
		var day Day
		if c.day != "" {
			day = mustDay(c.day)
		}
		p, err := s.Daily(ctx, day, c.level)
		if c.err != nil {
			mustIs(t, err, c.err, fmt.Sprintf("Daily(%s, %s)", c.day, c.level))
			continue
		}
		if err != nil || p.ID != c.want {
			t.Errorf("Daily(%s, %s) = %d, %v; want %d", c.day, c.level, p.ID, err, c.want)
		}
	}
	_, err = s.SetDaily(ctx, mustDay("2026-11-24"), engine.LevelEasy, p2.ID+100)
	mustIs(t, err, ErrNotFound, "SetDaily of an unknown puzzle")
	_, err = s.SetDaily(ctx, Day{}, engine.LevelEasy, p1.ID)
	mustIs(t, err, ErrInvalid, "SetDaily of no day")
}

func testGames(t *testing.T, be backend) {
	ctx := context.Background()
	s := openStore(t, be.newDSN(t))
	fx := loadFixtures(t)
	p := savePuzzle(t, s, fx[0], engine.LevelEasy)
	f := fx[0]
	e := f.empties()

	g, created, err := s.StartGame(ctx, NewGame{UserID: "u1", GuildID: "g1", PuzzleID: p.ID, StartedAt: t0})
	must(t, err, "StartGame")
	if !created || g.ID <= 0 || g.Context != ContextPersonal || g.Givens != f.grid || g.Solution != f.solution ||
		g.Entries != (engine.Grid{}) || !g.StartedAt.Equal(t0) || g.Finished() || g.Version != 1 || g.Level != engine.LevelEasy {
		t.Fatalf("StartGame = %+v, created %v", g, created)
	}
	again, created, err := s.StartGame(ctx, NewGame{UserID: "u1", GuildID: "g1", PuzzleID: p.ID, StartedAt: t0.Add(time.Hour)})
	must(t, err, "StartGame again")
	if created || again.ID != g.ID || !again.StartedAt.Equal(t0) {
		t.Errorf("StartGame again: created %v, id %d (want %d), started %v", created, again.ID, g.ID, again.StartedAt)
	}
	daily, created, err := s.StartGame(ctx, NewGame{UserID: "u1", GuildID: "g1", PuzzleID: p.ID, Day: mustDay("2026-11-22"), StartedAt: t0.Add(time.Minute)})
	must(t, err, "StartGame daily")
	if !created || daily.ID == g.ID || daily.Context != DailyContext("2026-11-22") || daily.Day != mustDay("2026-11-22") {
		t.Errorf("daily game: %+v created %v", daily, created)
	}
	found, err := s.FindGame(ctx, "u1", p.ID, DailyContext("2026-11-22"))
	must(t, err, "FindGame")
	if found.ID != daily.ID {
		t.Errorf("FindGame = %d, want %d", found.ID, daily.ID)
	}

	// The daily was touched last, so it is current; a move on the personal
	// game makes that one current.
	cur, err := s.CurrentGame(ctx, "u1", "g1")
	must(t, err, "CurrentGame")
	if cur.ID != daily.ID {
		t.Errorf("CurrentGame = %d, want the daily %d", cur.ID, daily.ID)
	}
	g, err = s.ApplyMoves(ctx, g.ID, "u1", []Move{{Cell: e[0], Digit: f.solution[e[0]]}, {Cell: e[1], Digit: 5}}, t0.Add(2*time.Minute))
	must(t, err, "ApplyMoves")
	if g.Entries[e[0]] != f.solution[e[0]] || g.Entries[e[1]] != 5 || g.Version != 2 || !g.UpdatedAt.Equal(t0.Add(2*time.Minute)) {
		t.Errorf("after moves: entries %v %v, version %d, updated %v", g.Entries[e[0]], g.Entries[e[1]], g.Version, g.UpdatedAt)
	}
	if b := g.Board(); b[e[0]] != f.solution[e[0]] || b[f.givenCell()] != f.grid[f.givenCell()] {
		t.Errorf("Board() misses entries or givens")
	}
	cur, err = s.CurrentGame(ctx, "u1", "g1")
	must(t, err, "CurrentGame")
	if cur.ID != g.ID {
		t.Errorf("CurrentGame = %d, want the personal game %d", cur.ID, g.ID)
	}
	// Elsewhere the personal game is not current, but the open daily is:
	// a daily is one game wherever it is played.
	cur, err = s.CurrentGame(ctx, "u1", "g2")
	must(t, err, "CurrentGame in another guild")
	if cur.ID != daily.ID {
		t.Errorf("CurrentGame in another guild = %d, want the daily %d", cur.ID, daily.ID)
	}
	_, err = s.CurrentGame(ctx, "u2", "g1")
	mustIs(t, err, ErrNotFound, "CurrentGame of another player")
	// OpenGames lists CurrentGame's game first, then the others of the place.
	open, err := s.OpenGames(ctx, "u1", "g1", 5)
	must(t, err, "OpenGames")
	if len(open) != 2 || open[0].ID != g.ID || open[1].ID != daily.ID {
		t.Errorf("OpenGames = %v, want the personal game %d then the daily %d", gameIDs(open), g.ID, daily.ID)
	}
	if open, err = s.OpenGames(ctx, "u1", "g2", 5); err != nil || len(open) != 1 || open[0].ID != daily.ID {
		t.Errorf("OpenGames in another guild = %v, %v; want the daily %d alone", gameIDs(open), err, daily.ID)
	}
	if open, err = s.OpenGames(ctx, "u1", "g1", 1); err != nil || len(open) != 1 {
		t.Errorf("OpenGames limit 1 = %v, %v", gameIDs(open), err)
	}
	if open, err = s.OpenGames(ctx, "u2", "g1", 5); err != nil || len(open) != 0 {
		t.Errorf("OpenGames of another player = %v, %v; want none", gameIDs(open), err)
	}

	// Clear, pencil toggles, SetPencil, hints, mistakes.
	g, err = s.ApplyMoves(ctx, g.ID, "u1", []Move{
		{Cell: e[1], Digit: 0},
		{Cell: e[2], Digit: 3, Pencil: true}, {Cell: e[2], Digit: 7, Pencil: true}, {Cell: e[2], Digit: 9, Pencil: true},
		{Cell: e[2], Digit: 9, Pencil: true},
	}, t0.Add(3*time.Minute))
	must(t, err, "ApplyMoves pencil")
	if g.Entries[e[1]] != 0 || g.Pencil[e[2]] != engine.DigitSet(3, 7) {
		t.Errorf("after clear and pencil: entry %d, pencil %v", g.Entries[e[1]], g.Pencil[e[2]])
	}
	// Every field of the play state that an edit may change is stored.
	g, _, err = s.EditGame(ctx, g.ID, "u1", t0.Add(4*time.Minute), func(g *Game) (Finish, error) {
		g.Pencil[e[3]] = engine.DigitSet(1, 2, 4)
		g.Hints = [3]int{1, 1, 1}
		g.HintKey, g.HintLevel = "step", 3
		g.Mistakes = 2
		g.WrongSeen[e[4]] = engine.DigitSet(5, 6)
		g.CellVersions[e[0]] = 2
		return KeepOpen, nil
	}, nil)
	must(t, err, "EditGame")
	g, err = s.ApplyMoves(ctx, g.ID, "u1", []Move{{Cell: e[2], Pencil: true}}, t0.Add(5*time.Minute))
	must(t, err, "clear pencil")

	stored, err := s.Game(ctx, g.ID)
	must(t, err, "Game")
	if stored != g {
		t.Errorf("Game(%d) = %+v\nwant %+v", g.ID, stored, g)
	}
	if stored.Pencil[e[3]] != engine.DigitSet(1, 2, 4) || stored.Pencil[e[2]] != 0 ||
		stored.Hints != [3]int{1, 1, 1} || stored.HintsTotal() != 3 || stored.Mistakes != 2 || stored.Version != 5 ||
		stored.HintKey != "step" || stored.HintLevel != 3 || stored.WrongSeen[e[4]] != engine.DigitSet(5, 6) || stored.CellVersions[e[0]] != 2 {
		t.Errorf("stored game: pencil %v %v, hints %v %q %d, mistakes %d seen %v, cell version %d, version %d",
			stored.Pencil[e[3]], stored.Pencil[e[2]], stored.Hints, stored.HintKey, stored.HintLevel,
			stored.Mistakes, stored.WrongSeen[e[4]], stored.CellVersions[e[0]], stored.Version)
	}

	// Finish: solve it and check the result.
	g, err = s.ApplyMoves(ctx, g.ID, "u1", solveMoves(f), t0.Add(9*time.Minute))
	must(t, err, "solve")
	g, st, err := s.FinishGame(ctx, g.ID, "u1", t0.Add(10*time.Minute), false)
	must(t, err, "FinishGame")
	if !g.Solved || g.GaveUp || !g.Finished() || g.Duration() != 10*time.Minute {
		t.Errorf("finished game: solved %v gave up %v duration %v", g.Solved, g.GaveUp, g.Duration())
	}
	if st.Solves != 1 || st.DailySolves != 0 || st.CurrentStreak != 0 || st.Levels[engine.LevelEasy].Solves != 1 || st.GuildID != "g1" {
		t.Errorf("stats after a personal solve: %+v", st)
	}
	stored, err = s.Game(ctx, g.ID)
	must(t, err, "Game")
	if stored != g {
		t.Errorf("Game after finish = %+v\nwant %+v", stored, g)
	}
	// The personal game is finished, so the daily is current again.
	cur, err = s.CurrentGame(ctx, "u1", "g1")
	must(t, err, "CurrentGame")
	if cur.ID != daily.ID {
		t.Errorf("CurrentGame after finish = %d, want %d", cur.ID, daily.ID)
	}
	// Give up the daily.
	daily, _, err = s.FinishGame(ctx, daily.ID, "u1", t0.Add(20*time.Minute), true)
	must(t, err, "give up")
	if !daily.GaveUp || daily.Solved {
		t.Errorf("gave up game: %+v", daily)
	}
	_, err = s.CurrentGame(ctx, "u1", "g1")
	mustIs(t, err, ErrNotFound, "CurrentGame with all games finished")
}

func testBadInput(t *testing.T, be backend) {
	ctx := context.Background()
	s := openStore(t, be.newDSN(t))
	fx := loadFixtures(t)
	f := fx[0]
	p := savePuzzle(t, s, f, engine.LevelEasy)
	g, _, err := s.StartGame(ctx, NewGame{UserID: "u1", GuildID: "g1", PuzzleID: p.ID, StartedAt: t0})
	must(t, err, "StartGame")
	e := f.empties()
	given := f.givenCell()
	// edit runs an edit that also makes a valid change (a hint counted),
	// so a refusal must undo that too.
	edit := func(change func(g *Game)) error {
		_, _, err := s.EditGame(ctx, g.ID, "u1", t0, func(g *Game) (Finish, error) {
			g.Hints[0]++
			change(g)
			return KeepOpen, nil
		}, nil)
		return err
	}

	cases := []struct {
		name string
		do   func() error
		want error
	}{
		{"unknown game", func() error {
			_, err := s.ApplyMoves(ctx, g.ID+100, "u1", []Move{{Cell: e[0], Digit: 1}}, t0)
			return err
		}, ErrNotFound},
		{"other user's game", func() error {
			_, err := s.ApplyMoves(ctx, g.ID, "u2", []Move{{Cell: e[0], Digit: 1}}, t0)
			return err
		}, ErrNotOwner},
		{"move on a given", func() error {
			_, err := s.ApplyMoves(ctx, g.ID, "u1", []Move{{Cell: given, Digit: 1}}, t0)
			return err
		}, ErrGivenCell},
		{"valid move then a given", func() error {
			_, err := s.ApplyMoves(ctx, g.ID, "u1", []Move{{Cell: e[0], Digit: 1}, {Cell: given, Digit: 0}}, t0)
			return err
		}, ErrGivenCell},
		{"pencil on a given", func() error {
			_, err := s.ApplyMoves(ctx, g.ID, "u1", []Move{{Cell: given, Digit: 1, Pencil: true}}, t0)
			return err
		}, ErrGivenCell},
		{"digit 10", func() error {
			_, err := s.ApplyMoves(ctx, g.ID, "u1", []Move{{Cell: e[0], Digit: 1}, {Cell: e[1], Digit: 10}}, t0)
			return err
		}, ErrInvalidMove},
		{"cell 81", func() error {
			_, err := s.ApplyMoves(ctx, g.ID, "u1", []Move{{Cell: 81, Digit: 1}}, t0)
			return err
		}, ErrInvalidMove},
		{"cell -1", func() error {
			_, err := s.ApplyMoves(ctx, g.ID, "u1", []Move{{Cell: -1, Digit: 1}}, t0)
			return err
		}, ErrInvalidMove},
		{"no moves", func() error {
			_, err := s.ApplyMoves(ctx, g.ID, "u1", nil, t0)
			return err
		}, ErrInvalidMove},
		{"edit: pencil digit 0 bit", func() error {
			return edit(func(g *Game) { g.Pencil[e[0]] = engine.Digits(1) })
		}, ErrInvalidMove},
		{"edit: wrong digit seen outside 1-9", func() error {
			return edit(func(g *Game) { g.WrongSeen[e[0]] = engine.Digits(1 << 10) })
		}, ErrInvalidMove},
		{"edit: a given's cell", func() error {
			return edit(func(g *Game) { g.Entries[given] = g.Givens[given]%9 + 1 })
		}, ErrGivenCell},
		{"edit: marks on a given", func() error {
			return edit(func(g *Game) { g.Pencil[given] = engine.DigitSet(1) })
		}, ErrGivenCell},
		{"edit: digit 10", func() error {
			return edit(func(g *Game) { g.Entries[e[0]] = 10 })
		}, ErrInvalidMove},
		{"edit: negative hints", func() error {
			return edit(func(g *Game) { g.Hints[1]-- })
		}, ErrInvalid},
		{"edit: negative mistakes", func() error {
			return edit(func(g *Game) { g.Mistakes = -1 })
		}, ErrInvalid},
		{"edit: the version", func() error {
			return edit(func(g *Game) { g.Version++ })
		}, ErrInvalid},
		{"edit: the solution", func() error {
			return edit(func(g *Game) { g.Solution[e[0]] = g.Solution[e[0]]%9 + 1 })
		}, ErrInvalid},
		{"edit: the owner", func() error {
			return edit(func(g *Game) { g.UserID = "u2" })
		}, ErrInvalid},
		{"edit: finished by hand", func() error {
			return edit(func(g *Game) { g.FinishedAt = t0 })
		}, ErrInvalid},
		{"edit: solve unsolved", func() error {
			_, _, err := s.EditGame(ctx, g.ID, "u1", t0, func(g *Game) (Finish, error) {
				g.Entries[e[0]] = g.Solution[e[0]]
				return Solve, nil
			}, nil)
			return err
		}, ErrNotSolved},
		{"edit: someone else's", func() error {
			_, _, err := s.EditGame(ctx, g.ID, "u2", t0, func(*Game) (Finish, error) { return GiveUp, nil }, nil)
			return err
		}, ErrNotOwner},
		{"edit: unknown game", func() error {
			_, _, err := s.EditGame(ctx, g.ID+100, "u1", t0, func(*Game) (Finish, error) { return GiveUp, nil }, nil)
			return err
		}, ErrNotFound},
		{"finish unsolved", func() error {
			_, _, err := s.FinishGame(ctx, g.ID, "u1", t0, false)
			return err
		}, ErrNotSolved},
		{"finish someone else's", func() error {
			_, _, err := s.FinishGame(ctx, g.ID, "u2", t0, true)
			return err
		}, ErrNotOwner},
		{"finish unknown", func() error {
			_, _, err := s.FinishGame(ctx, g.ID+100, "u1", t0, true)
			return err
		}, ErrNotFound},
		{"start on unknown puzzle", func() error {
			_, _, err := s.StartGame(ctx, NewGame{UserID: "u1", PuzzleID: p.ID + 100})
			return err
		}, ErrNotFound},
		{"start without user", func() error {
			_, _, err := s.StartGame(ctx, NewGame{PuzzleID: p.ID})
			return err
		}, ErrInvalid},
	}
	for _, c := range cases {
		mustIs(t, c.do(), c.want, c.name)
	}
	after, err := s.Game(ctx, g.ID)
	must(t, err, "Game")
	if after != g {
		t.Errorf("rejected calls changed the game:\n got %+v\nwant %+v", after, g)
	}
	st, err := s.PlayerStats(ctx, "g1", "u1")
	must(t, err, "PlayerStats")
	if st.Solves != 0 || st.GaveUps != 0 || len(st.Levels) != 0 {
		t.Errorf("rejected finishes changed stats: %+v", st)
	}

	// A finished game takes nothing more.
	g, _, err = s.FinishGame(ctx, g.ID, "u1", t0.Add(time.Minute), true)
	must(t, err, "give up")
	for name, do := range map[string]func() error{
		"move": func() error {
			_, err := s.ApplyMoves(ctx, g.ID, "u1", []Move{{Cell: e[0], Digit: 1}}, t0)
			return err
		},
		"edit": func() error {
			_, _, err := s.EditGame(ctx, g.ID, "u1", t0, func(g *Game) (Finish, error) { g.Hints[0]++; return KeepOpen, nil }, nil)
			return err
		},
		"finish": func() error { _, _, err := s.FinishGame(ctx, g.ID, "u1", t0, true); return err },
	} {
		mustIs(t, do(), ErrGameFinished, name+" on a finished game")
	}
	after, err = s.Game(ctx, g.ID)
	must(t, err, "Game")
	if after != g {
		t.Errorf("calls on a finished game changed it:\n got %+v\nwant %+v", after, g)
	}
	st, err = s.PlayerStats(ctx, "g1", "u1")
	must(t, err, "PlayerStats")
	if st.GaveUps != 1 {
		t.Errorf("gave ups = %d, want 1 (finishing twice must count once)", st.GaveUps)
	}
}

func testPosts(t *testing.T, be backend) {
	ctx := context.Background()
	s := openStore(t, be.newDSN(t))
	const day = "2026-11-22"

	must(t, s.ClaimDailyPost(ctx, "g1", mustDay(day), t0), "claim")
	mustIs(t, s.ClaimDailyPost(ctx, "g1", mustDay(day), t0), ErrAlreadyClaimed, "second claim")
	must(t, s.ClaimDailyPost(ctx, "g2", mustDay(day), t0), "claim another guild")
	must(t, s.ClaimDailyPost(ctx, "g1", mustDay("2026-11-23"), t0), "claim another day")
	mustIs(t, s.ClaimDailyPost(ctx, "g1", Day{}, t0), ErrInvalid, "claim no day")
	mustIs(t, s.ClaimDailyPost(ctx, "", mustDay(day), t0), ErrInvalid, "claim without guild")

	un, err := s.UnresolvedClaims(ctx, "g1")
	must(t, err, "UnresolvedClaims")
	if len(un) != 2 || un[0].Day.String() != day || un[1].Day.String() != "2026-11-23" || !un[0].ClaimedAt.Equal(t0) {
		t.Errorf("UnresolvedClaims(g1) = %+v", un)
	}
	un, err = s.UnresolvedClaims(ctx, "")
	must(t, err, "UnresolvedClaims all")
	if len(un) != 3 {
		t.Errorf("UnresolvedClaims() has %d, want 3", len(un))
	}

	mustIs(t, s.ReleaseDailyPost(ctx, "g1", mustDay(day), t0.Add(time.Second), "stale"), ErrClaimChanged, "release another claim")
	mustIs(t, s.ReleaseDailyPost(ctx, "g1", mustDay(day), time.Time{}, "no claim time"), ErrInvalid, "release without claim time")
	must(t, s.ReleaseDailyPost(ctx, "g1", mustDay(day), t0, "403 missing access"), "release")
	mustIs(t, s.ReleaseDailyPost(ctx, "g1", mustDay(day), t0, "again"), ErrClaimChanged, "release twice")
	p, err := s.DailyPost(ctx, "g1", mustDay(day))
	must(t, err, "DailyPost")
	if !p.ClaimedAt.IsZero() || p.Error != "403 missing access" || p.Attempts != 1 || p.Posted() {
		t.Errorf("released post: %+v", p)
	}
	mustIs(t, s.RecordDailyPost(ctx, "g1", mustDay(day), DailyPost{MessageID: "m1"}), ErrConflict, "record a released post")
	must(t, s.ClaimDailyPost(ctx, "g1", mustDay(day), t0.Add(time.Minute)), "claim after release")
	mustIs(t, s.ClaimDailyPost(ctx, "g1", mustDay(day), t0), ErrAlreadyClaimed, "claim after reclaim")
	mustIs(t, s.RecordDailyPost(ctx, "g1", mustDay(day), DailyPost{}), ErrInvalid, "record without message id")
	must(t, s.RecordDailyPost(ctx, "g1", mustDay(day), DailyPost{ChannelID: "c1", MessageID: "m1", ThreadID: "th1", PostedAt: t0.Add(2 * time.Minute)}), "record")
	p, err = s.DailyPost(ctx, "g1", mustDay(day))
	must(t, err, "DailyPost")
	want := DailyPost{GuildID: "g1", Day: mustDay(day), ClaimedAt: t0.Add(time.Minute), PostedAt: t0.Add(2 * time.Minute),
		ChannelID: "c1", MessageID: "m1", ThreadID: "th1", Attempts: 2}
	if p != want {
		t.Errorf("posted record = %+v\nwant %+v", p, want)
	}
	mustIs(t, s.ReleaseDailyPost(ctx, "g1", mustDay(day), t0.Add(time.Minute), "late failure"), ErrConflict, "release a posted post")
	mustIs(t, s.ClaimDailyPost(ctx, "g1", mustDay(day), t0), ErrAlreadyClaimed, "claim a posted post")
	mustIs(t, s.ReleaseDailyPost(ctx, "g9", mustDay(day), t0, "x"), ErrNotFound, "release unknown")
	mustIs(t, s.RecordDailyPost(ctx, "g9", mustDay(day), DailyPost{MessageID: "m"}), ErrNotFound, "record unknown")
	_, err = s.DailyPost(ctx, "g9", mustDay(day))
	mustIs(t, err, ErrNotFound, "unknown post")

	un, err = s.UnresolvedClaims(ctx, "g1")
	must(t, err, "UnresolvedClaims")
	if len(un) != 1 || un[0].Day.String() != "2026-11-23" {
		t.Errorf("UnresolvedClaims(g1) after posting = %+v", un)
	}

	// Missed days: 21 and 23 have no successful post.
	must(t, s.ClaimDailyPost(ctx, "g1", mustDay("2026-11-20"), t0), "claim 20")
	must(t, s.RecordDailyPost(ctx, "g1", mustDay("2026-11-20"), DailyPost{MessageID: "m0"}), "record 20")
	missed, err := s.MissedDays(ctx, "g1", mustDay("2026-11-20"), mustDay("2026-11-23"))
	must(t, err, "MissedDays")
	if fmt.Sprint(missed) != "[2026-11-21 2026-11-23]" {
		t.Errorf("MissedDays = %v, want [2026-11-21 2026-11-23]", missed)
	}
	_, err = s.MissedDays(ctx, "g1", mustDay("2000-01-01"), mustDay("2026-01-01"))
	mustIs(t, err, ErrInvalid, "MissedDays over 26 years")
}

func testGuildSettings(t *testing.T, be backend) {
	ctx := context.Background()
	s := openStore(t, be.newDSN(t))

	_, err := s.GuildSettings(ctx, "g1")
	mustIs(t, err, ErrNotFound, "unknown guild")
	gs := GuildSettings{GuildID: "g1", ChannelID: "c1", PostTime: "08:30", TimeZone: "Europe/Paris", Level: engine.LevelHard,
		Enabled: true, Threads: true, UpdatedBy: "admin", UpdatedAt: t0}
	saved, err := s.SaveGuildSettings(ctx, gs)
	must(t, err, "SaveGuildSettings")
	got, err := s.GuildSettings(ctx, "g1")
	must(t, err, "GuildSettings")
	if !reflect.DeepEqual(got, gs) || !reflect.DeepEqual(saved, gs) {
		t.Errorf("GuildSettings = %+v\nsaved %+v\nwant %+v", got, saved, gs)
	}
	problem := PostProblem{Kind: ProblemMissingPermissions, Missing: []discordapi.Permission{discordapi.SendMessages, discordapi.AttachFiles}}
	must(t, s.SetPostProblem(ctx, "g1", problem), "SetPostProblem")
	mustIs(t, s.SetPostProblem(ctx, "g9", PostProblem{Kind: ProblemRefused}), ErrNotFound, "SetPostProblem unknown guild")
	got, err = s.GuildSettings(ctx, "g1")
	must(t, err, "GuildSettings")
	if !reflect.DeepEqual(got.Problem, problem) {
		t.Errorf("Problem = %+v, want %+v", got.Problem, problem)
	}
	gs.PostTime, gs.UpdatedAt = "21:05", t0.Add(time.Hour)
	_, err = s.SaveGuildSettings(ctx, gs)
	must(t, err, "SaveGuildSettings again")
	got, err = s.GuildSettings(ctx, "g1")
	must(t, err, "GuildSettings")
	if !reflect.DeepEqual(got, gs) {
		t.Errorf("after second save = %+v\nwant %+v (problem cleared)", got, gs)
	}
	_, err = s.SaveGuildSettings(ctx, GuildSettings{GuildID: "g2", Level: engine.LevelEasy})
	must(t, err, "save disabled guild")
	_, err = s.SaveGuildSettings(ctx, GuildSettings{GuildID: "g0", ChannelID: "c", PostTime: "00:00", TimeZone: "UTC", Level: engine.LevelEasy, Enabled: true})
	must(t, err, "save g0")
	en, err := s.EnabledGuilds(ctx)
	must(t, err, "EnabledGuilds")
	if len(en) != 2 || en[0].GuildID != "g0" || en[1].GuildID != "g1" {
		t.Errorf("EnabledGuilds = %+v", en)
	}

	for _, bad := range []GuildSettings{
		{GuildID: "g3", PostTime: "25:00"},
		{GuildID: "g3", PostTime: "9:30"},
		{GuildID: "g3", PostTime: "09:30pm"},
		{GuildID: "g3", TimeZone: "Mars/Olympus_Mons"},
		{GuildID: "g3", ChannelID: "c", PostTime: "09:00", TimeZone: "UTC", Level: -1, Enabled: true},
		{GuildID: "g3", PostTime: "09:00", TimeZone: "UTC", Level: engine.LevelEasy, Enabled: true},
		{ChannelID: "c"},
	} {
		_, err := s.SaveGuildSettings(ctx, bad)
		mustIs(t, err, ErrInvalid, fmt.Sprintf("save %+v", bad))
	}
	_, err = s.GuildSettings(ctx, "g3")
	mustIs(t, err, ErrNotFound, "rejected settings not written")
}

// playDaily starts and finishes user's daily of day in guild (solving it, or
// giving up) taking dur.
func playDaily(t *testing.T, s *Store, f fixture, p Puzzle, guild, user, day string, dur time.Duration, hints int, gaveUp bool) PlayerStats {
	t.Helper()
	ctx := context.Background()
	start, _ := time.Parse(time.DateOnly, day)
	start = start.Add(10 * time.Hour)
	g, _, err := s.StartGame(ctx, NewGame{UserID: user, GuildID: guild, PuzzleID: p.ID, Day: mustDay(day), StartedAt: start})
	must(t, err, "StartGame")
	if hints > 0 {
		_, _, err = s.EditGame(ctx, g.ID, user, start, func(g *Game) (Finish, error) { g.Hints[0] += hints; return KeepOpen, nil }, nil)
		must(t, err, "count hints")
	}
	if !gaveUp {
		_, err = s.ApplyMoves(ctx, g.ID, user, solveMoves(f), start.Add(dur))
		must(t, err, "solve")
	}
	_, st, err := s.FinishGame(ctx, g.ID, user, start.Add(dur), gaveUp)
	must(t, err, "FinishGame")
	return st
}

// testLateDaily: a daily played after its day counts as a solve, not for
// the streak nor that day's leaderboards.
func testLateDaily(t *testing.T, be backend) {
	ctx := context.Background()
	s := openStore(t, be.newDSN(t))
	fx := loadFixtures(t)
	p := savePuzzle(t, s, fx[0], engine.LevelEasy)
	for _, d := range []string{"01", "02", "03", "04", "05"} {
		must(t, s.ClaimDailyPost(ctx, "g1", mustDay("2026-12-"+d), t0), "claim")
		must(t, s.RecordDailyPost(ctx, "g1", mustDay("2026-12-"+d), DailyPost{MessageID: "m" + d}), "record")
	}
	playDaily(t, s, fx[0], p, "g1", "u1", "2026-12-01", time.Minute, 0, false)
	start := time.Date(2026, 12, 5, 10, 0, 0, 0, time.UTC)
	g, _, err := s.StartGame(ctx, NewGame{UserID: "u1", GuildID: "g1", PuzzleID: p.ID, Day: mustDay("2026-12-02"), StartedAt: start, Late: true})
	must(t, err, "StartGame late")
	if !g.Late {
		t.Fatal("the late daily is not marked late")
	}
	_, err = s.ApplyMoves(ctx, g.ID, "u1", solveMoves(fx[0]), start.Add(30*time.Second))
	must(t, err, "solve")
	_, st, err := s.FinishGame(ctx, g.ID, "u1", start.Add(30*time.Second), false)
	must(t, err, "FinishGame")
	if st.Solves != 2 || st.CurrentStreak != 1 || st.LastSolvedDay != "2026-12-01" {
		t.Fatalf("after a late daily: %+v, want 2 solves, streak 1 from the 1st", st)
	}
	if rows, err := s.DailyLeaderboard(ctx, "g1", "2026-12-02", 10); err != nil || len(rows) != 0 {
		t.Fatalf("the day's leaderboard lists a late solve: %+v %v", rows, err)
	}
	if rows, err := s.DailiesLeaderboard(ctx, "g1", "2026-12-01", "2026-12-05", 10); err != nil || len(rows) != 1 || rows[0].Solves != 1 {
		t.Fatalf("the period's dailies count a late solve: %+v %v", rows, err)
	}
	if again, err := s.Game(ctx, g.ID); err != nil || !again.Late {
		t.Fatalf("read back: late %v (%v)", again.Late, err)
	}
}

func testStreaks(t *testing.T, be backend) {
	ctx := context.Background()
	s := openStore(t, be.newDSN(t))
	fx := loadFixtures(t)
	p := savePuzzle(t, s, fx[0], engine.LevelEasy)

	// The bot posted on the 1st, 2nd, 4th, 5th and 6th, and failed on the 3rd.
	for _, d := range []string{"01", "02", "04", "05", "06", "07", "08"} {
		day := "2026-12-" + d
		must(t, s.ClaimDailyPost(ctx, "g1", mustDay(day), t0), "claim")
		must(t, s.RecordDailyPost(ctx, "g1", mustDay(day), DailyPost{MessageID: "m" + d}), "record")
	}
	steps := []struct {
		day           string
		gaveUp        bool
		current, best int
		last          string
	}{
		{"2026-12-01", false, 1, 1, "2026-12-01"},
		{"2026-12-02", false, 2, 2, "2026-12-02"},
		{"2026-12-04", false, 3, 3, "2026-12-04"}, // the 3rd had no post: forgiven
		{"2026-12-06", false, 1, 3, "2026-12-06"}, // the 5th was posted and missed
		{"2026-12-02", false, 1, 3, "2026-12-06"}, // a late old daily changes nothing (new game: other context)
		{"2026-12-07", true, 0, 3, "2026-12-06"},  // giving up ends it
		{"2026-12-08", false, 1, 3, "2026-12-08"},
	}
	for i, st := range steps {
		user := "u1"
		f, pz := fx[0], p
		if i == 4 {
			// A second, different daily of the 2nd (e.g. the guild changed level).
			f = fx[1]
			pz = savePuzzle(t, s, f, engine.LevelMedium)
		}
		got := playDaily(t, s, f, pz, "g1", user, st.day, time.Minute, 0, st.gaveUp)
		if got.CurrentStreak != st.current || got.BestStreak != st.best || got.LastSolvedDay != st.last {
			t.Errorf("after %s (gave up %v): streak %d best %d last %s; want %d %d %s",
				st.day, st.gaveUp, got.CurrentStreak, got.BestStreak, got.LastSolvedDay, st.current, st.best, st.last)
		}
	}
	all, err := s.PlayerStats(ctx, "", "u1")
	must(t, err, "PlayerStats all")
	if all.CurrentStreak != 1 || all.BestStreak != 3 || all.Solves != 6 || all.GaveUps != 1 || all.DailySolves != 6 {
		t.Errorf("all-guild stats = %+v", all)
	}

	// Direct-message dailies: every calendar day counts.
	for i, c := range []struct {
		day  string
		want int
	}{{"2026-12-01", 1}, {"2026-12-02", 2}, {"2026-12-04", 1}} {
		got := playDaily(t, s, fx[0], p, "", "u2", c.day, time.Minute, 0, false)
		if got.CurrentStreak != c.want || got.GuildID != "" {
			t.Errorf("DM step %d: streak %d, want %d", i, got.CurrentStreak, c.want)
		}
	}
	// Live streaks: nothing was posted on the 9th, so on the 10th the streak
	// lives; once the 9th is posted, it is over.
	for _, c := range []struct {
		guild, today string
		post         bool
		want         int
	}{
		{"g1", "2026-12-08", false, 1},
		{"g1", "2026-12-09", false, 1},
		{"g1", "2026-12-10", false, 1},
		{"", "2026-12-09", false, 1},
		{"", "2026-12-10", false, 0},
		{"g1", "2026-12-10", true, 0},
	} {
		if c.post {
			must(t, s.ClaimDailyPost(ctx, "g1", mustDay("2026-12-09"), t0), "claim")
			must(t, s.RecordDailyPost(ctx, "g1", mustDay("2026-12-09"), DailyPost{MessageID: "m09"}), "record")
		}
		got, err := s.LiveStreak(ctx, c.guild, "u1", c.today)
		must(t, err, "LiveStreak")
		if got != c.want {
			t.Errorf("LiveStreak(%q, %s) after posting the 9th %v = %d, want %d", c.guild, c.today, c.post, got, c.want)
		}
	}
	_, err = s.LiveStreak(ctx, "g1", "u1", "soon")
	mustIs(t, err, ErrInvalid, "LiveStreak with a bad day")

	none, err := s.PlayerStats(ctx, "g1", "nobody")
	must(t, err, "PlayerStats of a stranger")
	if none.Solves != 0 || none.CurrentStreak != 0 || none.UserID != "nobody" {
		t.Errorf("stranger's stats = %+v", none)
	}
}

func testLevelStats(t *testing.T, be backend) {
	ctx := context.Background()
	s := openStore(t, be.newDSN(t))
	fx := loadFixtures(t)
	for i, m := range []int{7, 3, 5, 10} { // minutes
		p := savePuzzle(t, s, fx[i], engine.LevelHard)
		g, _, err := s.StartGame(ctx, NewGame{UserID: "u1", GuildID: "g1", PuzzleID: p.ID, StartedAt: t0})
		must(t, err, "StartGame")
		_, err = s.ApplyMoves(ctx, g.ID, "u1", solveMoves(fx[i]), t0)
		must(t, err, "solve")
		_, st, err := s.FinishGame(ctx, g.ID, "u1", t0.Add(time.Duration(m)*time.Minute), false)
		must(t, err, "FinishGame")
		if i == 2 {
			want := LevelStats{Solves: 3, Best: 3 * time.Minute, Median: 5 * time.Minute}
			if st.Levels[engine.LevelHard] != want {
				t.Errorf("after 3 solves: %+v, want %+v", st.Levels[engine.LevelHard], want)
			}
		}
	}
	p := savePuzzle(t, s, fx[4], engine.LevelExpert)
	g, _, err := s.StartGame(ctx, NewGame{UserID: "u1", GuildID: "g2", PuzzleID: p.ID, StartedAt: t0})
	must(t, err, "StartGame")
	_, _, err = s.FinishGame(ctx, g.ID, "u1", t0.Add(time.Hour), true)
	must(t, err, "give up")

	st, err := s.PlayerStats(ctx, "g1", "u1")
	must(t, err, "PlayerStats")
	if want := (LevelStats{Solves: 4, Best: 3 * time.Minute, Median: 6 * time.Minute}); st.Levels[engine.LevelHard] != want || len(st.Levels) != 1 {
		t.Errorf("g1 levels = %+v, want hard %+v only", st.Levels, want)
	}
	all, err := s.PlayerStats(ctx, "", "u1")
	must(t, err, "PlayerStats all")
	if all.Levels[engine.LevelExpert] != (LevelStats{GaveUps: 1}) || all.Levels[engine.LevelHard].Solves != 4 || all.Solves != 4 || all.GaveUps != 1 {
		t.Errorf("all-guild stats = %+v", all)
	}
}

func testLeaderboards(t *testing.T, be backend) {
	ctx := context.Background()
	s := openStore(t, be.newDSN(t))
	fx := loadFixtures(t)
	p := savePuzzle(t, s, fx[0], engine.LevelEasy)
	const day = "2026-12-01"

	playDaily(t, s, fx[0], p, "g1", "slow", day, 5*time.Minute, 0, false)
	playDaily(t, s, fx[0], p, "g1", "hinted", day, 3*time.Minute, 2, false)
	playDaily(t, s, fx[0], p, "g1", "fast", day, 3*time.Minute, 0, false)
	playDaily(t, s, fx[0], p, "g1", "slowest", day, 9*time.Minute, 0, false)
	playDaily(t, s, fx[0], p, "g1", "quitter", day, time.Minute, 0, true)
	playDaily(t, s, fx[0], p, "g2", "elsewhere", day, time.Second, 0, false)
	_, _, err := s.StartGame(ctx, NewGame{UserID: "starter", GuildID: "g1", PuzzleID: p.ID, Day: mustDay(day)})
	must(t, err, "StartGame")

	lb, err := s.DailyLeaderboard(ctx, "g1", day, 3)
	must(t, err, "DailyLeaderboard")
	var got []string
	for _, e := range lb {
		got = append(got, fmt.Sprintf("%d %s %v %d", e.Rank, e.UserID, e.Duration, e.Hints))
	}
	// A hint never buys a place above a player who solved alone.
	if want := "1 fast 3m0s 0|2 slow 5m0s 0|3 slowest 9m0s 0"; strings.Join(got, "|") != want {
		t.Errorf("DailyLeaderboard = %q, want %q", strings.Join(got, "|"), want)
	}

	ds, err := s.DailyStats(ctx, "g1", day)
	must(t, err, "DailyStats")
	if ds.Players != 6 || ds.Solves != 4 || ds.GaveUps != 1 || ds.Median != 4*time.Minute || len(ds.Fastest) != 3 || ds.Fastest[0].UserID != "fast" {
		t.Errorf("DailyStats = %+v", ds)
	}
	empty, err := s.DailyStats(ctx, "g1", "2026-12-02")
	must(t, err, "DailyStats of a quiet day")
	if empty.Players != 0 || empty.Median != 0 || len(empty.Fastest) != 0 {
		t.Errorf("quiet day stats = %+v", empty)
	}

	// Streaks: "fast" also solves the 2nd.
	must(t, s.ClaimDailyPost(ctx, "g1", mustDay(day), t0), "claim")
	must(t, s.RecordDailyPost(ctx, "g1", mustDay(day), DailyPost{MessageID: "m"}), "record")
	p2 := savePuzzle(t, s, fx[1], engine.LevelEasy)
	playDaily(t, s, fx[1], p2, "g1", "fast", "2026-12-02", time.Minute, 0, false)
	sb, err := s.StreakLeaderboard(ctx, "g1", 2)
	must(t, err, "StreakLeaderboard")
	if len(sb) != 2 || sb[0].UserID != "fast" || sb[0].Streak != 2 || sb[1].Streak != 1 || sb[1].Rank != 2 {
		t.Errorf("StreakLeaderboard = %+v", sb)
	}
	// Once the 2nd is posted, only "fast" still has a streak on the 3rd.
	live, err := s.StreakLeaderboardAsOf(ctx, "g1", "2026-12-03", 10)
	must(t, err, "StreakLeaderboardAsOf")
	if len(live) != 4 {
		t.Errorf("StreakLeaderboardAsOf before the 2nd's post = %+v, want 4 entries", live)
	}
	must(t, s.ClaimDailyPost(ctx, "g1", mustDay("2026-12-02"), t0), "claim")
	must(t, s.RecordDailyPost(ctx, "g1", mustDay("2026-12-02"), DailyPost{MessageID: "m2"}), "record")
	live, err = s.StreakLeaderboardAsOf(ctx, "g1", "2026-12-03", 10)
	must(t, err, "StreakLeaderboardAsOf")
	if len(live) != 1 || live[0].UserID != "fast" || live[0].Streak != 2 {
		t.Errorf("StreakLeaderboardAsOf = %+v, want fast alone", live)
	}
	all, err := s.StreakLeaderboardAsOf(ctx, "", "2026-12-04", 10)
	must(t, err, "StreakLeaderboardAsOf everyone")
	if len(all) != 0 {
		t.Errorf("StreakLeaderboardAsOf(everyone, 4th) = %+v, want none (last solves on the 2nd)", all)
	}

	solves, err := s.SolvesLeaderboard(ctx, "", 10)
	must(t, err, "SolvesLeaderboard")
	if len(solves) != 5 || solves[0].UserID != "fast" || solves[0].Solves != 2 {
		t.Errorf("SolvesLeaderboard(all) = %+v", solves)
	}
}

func testConcurrentMoves(t *testing.T, be backend) {
	ctx := context.Background()
	dsn := be.newDSN(t)
	stores := []*Store{openStore(t, dsn)}
	if be.shared {
		stores = append(stores, openStore(t, dsn)) // a second process
	}
	fx := loadFixtures(t)
	f := fx[0]
	p := savePuzzle(t, stores[0], f, engine.LevelEasy)
	g, _, err := stores[0].StartGame(ctx, NewGame{UserID: "u1", PuzzleID: p.ID, StartedAt: t0})
	must(t, err, "StartGame")
	e := f.empties()

	const workers = 50
	var wg sync.WaitGroup
	errs := make(chan error, workers)
	for i := range workers {
		wg.Go(func() {
			// Each worker places one digit and toggles one pencil mark no
			// other worker touches: a lost update would lose one of them.
			moves := []Move{{Cell: e[i%len(e)], Digit: uint8(i%9 + 1), Pencil: true}}
			if i < len(e) {
				moves = append(moves, Move{Cell: e[i], Digit: f.solution[e[i]]})
			}
			if _, err := stores[i%len(stores)].ApplyMoves(ctx, g.ID, "u1", moves, t0); err != nil {
				errs <- err
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Errorf("concurrent move: %v", err)
	}
	got, err := stores[0].Game(ctx, g.ID)
	must(t, err, "Game")
	if got.Version != g.Version+workers {
		t.Errorf("version %d after %d moves from %d", got.Version, workers, g.Version)
	}
	var wantPencil [engine.NumCells]engine.Digits
	for i := range workers {
		wantPencil[e[i%len(e)]] ^= engine.DigitSet(uint8(i%9 + 1))
		if i < len(e) && got.Entries[e[i]] != f.solution[e[i]] {
			t.Errorf("move of worker %d lost: cell %d holds %d", i, e[i], got.Entries[e[i]])
		}
	}
	if got.Pencil != wantPencil {
		t.Errorf("pencil marks lost:\n got %v\nwant %v", got.Pencil, wantPencil)
	}
}

func testConcurrentClaims(t *testing.T, be backend) {
	ctx := context.Background()
	dsn := be.newDSN(t)
	stores := []*Store{openStore(t, dsn)}
	if be.shared {
		stores = append(stores, openStore(t, dsn)) // two processes, two pools
	}
	for round, day := range []string{"2026-11-22", "2026-11-23"} {
		if round == 1 {
			// A released claim is contended the same way.
			must(t, stores[0].ClaimDailyPost(ctx, "g1", mustDay(day), t0), "first claim")
			must(t, stores[0].ReleaseDailyPost(ctx, "g1", mustDay(day), t0, "boom"), "release")
		}
		const workers = 20
		var wg sync.WaitGroup
		var mu sync.Mutex
		wins, losses := 0, 0
		for i := range workers {
			wg.Go(func() {
				err := stores[i%len(stores)].ClaimDailyPost(ctx, "g1", mustDay(day), t0)
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					wins++
				case errors.Is(err, ErrAlreadyClaimed):
					losses++
				default:
					t.Errorf("claim: %v", err)
				}
			})
		}
		wg.Wait()
		if wins != 1 || losses != workers-1 {
			t.Errorf("%s: %d winners and %d losers of %d claims, want exactly one winner", day, wins, losses, workers)
		}
	}
}

// testReleaseRace: processes that read the same stale claim and settle it
// at once release it once; the losers cannot release the claim a winner
// made afterwards, so only one of them can post.
func testReleaseRace(t *testing.T, be backend) {
	ctx := context.Background()
	dsn := be.newDSN(t)
	stores := []*Store{openStore(t, dsn)}
	if be.shared {
		stores = append(stores, openStore(t, dsn))
	}
	const day = "2026-11-22"
	must(t, stores[0].ClaimDailyPost(ctx, "g1", mustDay(day), t0), "stale claim")
	stale, err := stores[0].DailyPost(ctx, "g1", mustDay(day))
	must(t, err, "read the stale claim")

	const workers = 8
	var wg sync.WaitGroup
	var mu sync.Mutex
	released, changed := 0, 0
	for i := range workers {
		wg.Go(func() {
			err := stores[i%len(stores)].ReleaseDailyPost(ctx, "g1", mustDay(day), stale.ClaimedAt, "outcome unknown")
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				released++
			case errors.Is(err, ErrClaimChanged):
				changed++
			default:
				t.Errorf("release: %v", err)
			}
		})
	}
	wg.Wait()
	if released != 1 || changed != workers-1 {
		t.Fatalf("%d releases and %d ErrClaimChanged of %d, want exactly one release", released, changed, workers)
	}

	// The winner claims again; a late loser still holding the stale claim
	// time cannot release the fresh claim.
	fresh := t0.Add(10 * time.Minute)
	must(t, stores[0].ClaimDailyPost(ctx, "g1", mustDay(day), fresh), "fresh claim")
	mustIs(t, stores[len(stores)-1].ReleaseDailyPost(ctx, "g1", mustDay(day), stale.ClaimedAt, "late loser"), ErrClaimChanged, "late release")
	mustIs(t, stores[len(stores)-1].ClaimDailyPost(ctx, "g1", mustDay(day), fresh), ErrAlreadyClaimed, "claim held by the winner")
	p, err := stores[0].DailyPost(ctx, "g1", mustDay(day))
	must(t, err, "DailyPost")
	if !p.ClaimedAt.Equal(fresh) || p.Attempts != 2 {
		t.Errorf("after the race: %+v, want the fresh claim of the second attempt", p)
	}
	must(t, stores[0].ReleaseDailyPost(ctx, "g1", mustDay(day), fresh, "403"), "owner releases its claim")
}

func testMigrations(t *testing.T, be backend) {
	if !be.shared {
		t.Skip("an in-memory database does not outlive its store")
	}
	ctx := context.Background()
	dsn := be.newDSN(t)
	migs, err := loadMigrations(map[bool]string{true: Postgres, false: SQLite}[strings.HasPrefix(dsn, "postgres")])
	must(t, err, "loadMigrations")
	if len(migs) < 2 {
		t.Fatalf("%d migrations; this test needs 2", len(migs))
	}
	latest := len(migs)

	// An older binary creates the database and stores a played game. It
	// writes the puzzle and game with the first schema's columns, as any older
	// binary did (this binary's queries name columns added since).
	old, err := openWith(ctx, dsn, migs[:latest-1])
	must(t, err, "open as the older binary")
	fx := loadFixtures(t)
	var p Puzzle
	err = old.db.QueryRowContext(ctx, old.q(`INSERT INTO puzzles (grid, solution, score, level, created_at)
		VALUES (?, ?, 1.2, 'easy', ?) RETURNING id`), fx[0].grid.Digits(), fx[0].solution.Digits(), ms(t0)).Scan(&p.ID)
	must(t, err, "insert a puzzle as the older binary")
	var g Game
	err = old.db.QueryRowContext(ctx, old.q(`INSERT INTO games (user_id, guild_id, puzzle_id, context, day, entries, pencil, started_at, updated_at)
		VALUES (?, '', ?, ?, '', ?, ?, ?, ?) RETURNING id`),
		"u1", p.ID, ContextPersonal, fx[0].solution.Digits(), formatPencil([engine.NumCells]engine.Digits{}), ms(t0), ms(t0)).Scan(&g.ID)
	must(t, err, "insert a game as the older binary")
	v, err := old.SchemaVersion(ctx)
	must(t, err, "SchemaVersion")
	if v != latest-1 {
		t.Errorf("older binary's schema version %d, want %d", v, latest-1)
	}
	old.Close()

	// The newer binary migrates it and keeps the data.
	s, err := Open(ctx, dsn)
	must(t, err, "open as the newer binary")
	v, err = s.SchemaVersion(ctx)
	must(t, err, "SchemaVersion")
	if v != latest {
		t.Errorf("schema version %d after migrating, want %d", v, latest)
	}
	_, st, err := s.FinishGame(ctx, g.ID, "u1", t0.Add(time.Minute), false)
	must(t, err, "FinishGame on the migrated database")
	if st.Solves != 1 || st.Levels[engine.LevelEasy].Solves != 1 {
		t.Errorf("stats after migration: %+v", st)
	}
	s.Close()

	// Opening the migrated database as the older binary is refused.
	_, err = openWith(ctx, dsn, migs[:latest-1])
	mustIs(t, err, ErrSchemaTooNew, "older binary on a newer database")
	if err != nil && !strings.Contains(err.Error(), fmt.Sprintf("version %d", latest)) ||
		err != nil && !strings.Contains(err.Error(), fmt.Sprintf("up to %d", latest-1)) {
		t.Errorf("error %q should name both versions", err)
	}
	// And the database was not touched by the refusal.
	s = openStore(t, dsn)
	v, err = s.SchemaVersion(ctx)
	must(t, err, "SchemaVersion")
	if v != latest {
		t.Errorf("schema version %d after a refused open, want %d", v, latest)
	}
}

func testConcurrentOpen(t *testing.T, be backend) {
	if !be.shared {
		t.Skip("each in-memory store is its own database")
	}
	ctx := context.Background()
	dsn := be.newDSN(t)
	const procs = 3
	var wg sync.WaitGroup
	stores := make([]*Store, procs)
	errs := make([]error, procs)
	for i := range procs {
		wg.Go(func() { stores[i], errs[i] = Open(ctx, dsn) })
	}
	wg.Wait()
	for i := range procs {
		if errs[i] != nil {
			t.Errorf("concurrent Open %d: %v", i, errs[i])
			continue
		}
		v, err := stores[i].SchemaVersion(ctx)
		if err != nil || v < 2 {
			t.Errorf("store %d: schema version %d, %v", i, v, err)
		}
		stores[i].Close()
	}
}

func gameIDs(gs []Game) []int64 {
	out := make([]int64, len(gs))
	for i, g := range gs {
		out[i] = g.ID
	}
	return out
}
