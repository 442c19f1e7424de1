package game

import (
	"context"
	"errors"
	"github.com/sudokubot/sudokubot/internal/storeedit"
	"sync"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/store"
	"github.com/sudokubot/sudokubot/store/storetest"
)

// The rules against the real store, on both back ends: what the fake
// store of game_test.go cannot prove is that the rules and the store's
// transactions (the lock, the rollback, the credits, the stats) together
// keep their promises.

// onStores runs fn, in parallel, on a fresh store of each back end
// (PostgreSQL is skipped without $SUDOKUBOT_TEST_POSTGRES) holding the
// test puzzle.
func onStores(t *testing.T, fn func(t *testing.T, st *store.Store, p store.Puzzle)) {
	for _, be := range []struct {
		name string
		dsn  func(testing.TB) string
	}{{"sqlite", storetest.SQLite}, {"postgres", storetest.Postgres}} {
		t.Run(be.name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			st, err := store.Open(ctx, be.dsn(t))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { st.Close() })
			givens, sol := engine.MustParse(testPuzzle), engine.MustParse(testSolution)
			p, err := st.SavePuzzle(ctx, store.Puzzle{Grid: givens, Solution: sol, Level: engine.LevelEasy, Score: 1})
			if err != nil {
				t.Fatal(err)
			}
			fn(t, st, p)
		})
	}
}

func start(t *testing.T, st *store.Store, user string, p store.Puzzle) store.Game {
	t.Helper()
	g, _, err := st.StartGame(context.Background(), store.NewGame{UserID: user, GuildID: "g1", PuzzleID: p.ID})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// racingHinter returns a canned hint, after running meanwhile: what the
// player did in another tab while the hint was being worked out.
type racingHinter struct {
	h         Hint
	meanwhile func()
}

func (r racingHinter) Hint(context.Context, HintQuery) (Hint, error) {
	if r.meanwhile != nil {
		r.meanwhile()
	}
	return r.h, nil
}

// TestHintMarksKeepNewerMoves: a level-3 hint's eliminations are worked
// out from the board as it was read; a cell whose marks or entry changed
// before the hint is stored keeps the player's newer state, the other
// cells get the hint's marks, a given's marks are never touched, and the
// hint counts once however many levels are opened.
func TestHintMarksKeepNewerMoves(t *testing.T) {
	onStores(t, func(t *testing.T, st *store.Store, p store.Puzzle) {
		ctx := context.Background()
		g := start(t, st, "u", p)
		auto := engine.PencilMarks(g.Givens, engine.Grid{})
		// Three empty cells with a wrong candidate each to eliminate.
		var cells []int
		var elims []engine.Candidate
		for c := range engine.NumCells {
			for d := uint8(1); d <= 9 && len(cells) < 3; d++ {
				if g.Givens[c] == 0 && auto[c].Has(d) && d != g.Solution[c] {
					cells = append(cells, c)
					elims = append(elims, engine.Candidate{Cell: c, Digit: d})
					break
				}
			}
		}
		given := engine.Candidate{Cell: 0, Digit: g.Givens[0]%9 + 1} // cell 0 is a given
		step := engine.Step{Technique: "Naked Single", Eliminations: append(elims, given)}
		placed := g.Solution[cells[1]]
		h := racingHinter{h: Hint{Result: engine.HintResult{Kind: engine.HintStep, Step: step}, Step: &step}, meanwhile: func() {
			// Another tab pencils cells[0] and fills cells[1] while the
			// hint is worked out.
			if _, err := storeedit.ApplyMoves(ctx, st, g.ID, "u", []store.Move{
				{Cell: cells[0], Digit: 7, Pencil: true}, {Cell: cells[0], Digit: 8, Pencil: true}, {Cell: cells[1], Digit: placed},
			}, time.Time{}); err != nil {
				t.Error(err)
			}
		}}
		s := New(st, h, nil)
		res, err := s.Hint(ctx, HintInput{GameID: g.ID, User: "u", Level: 3})
		if err != nil {
			t.Fatal(err)
		}
		got, err := st.Game(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got != res.Game {
			t.Errorf("stored %+v\nreturned %+v", got, res.Game)
		}
		if got.Pencil[cells[0]] != engine.DigitSet(7, 8) {
			t.Errorf("cells[0]: the player's newer marks were overwritten with %v", got.Pencil[cells[0]])
		}
		if got.Entries[cells[1]] != placed || got.Pencil[cells[1]] != 0 {
			t.Errorf("cells[1]: entry %d marks %v, want the placed %d and no marks", got.Entries[cells[1]], got.Pencil[cells[1]], placed)
		}
		if want := auto[cells[2]].Without(elims[2].Digit); got.Pencil[cells[2]] != want {
			t.Errorf("cells[2]: marks %v, want the hint's %v", got.Pencil[cells[2]], want)
		}
		if got.Pencil[0] != 0 {
			t.Errorf("a given got marks %v", got.Pencil[0])
		}
		if !res.Counted || !res.Answer || got.Hints != [3]int{0, 0, 1} || got.Version != g.Version+2 {
			t.Errorf("counted %v answer %v, hints %v, version %d (from %d): want one answer shown, two changes",
				res.Counted, res.Answer, got.Hints, got.Version, g.Version)
		}

		// The same step at a lower level is not another hint.
		s = New(st, racingHinter{h: h.h}, nil)
		res, err = s.Hint(ctx, HintInput{GameID: g.ID, User: "u", Level: 1})
		if err != nil || res.Counted || res.Game.Hints != [3]int{0, 0, 1} {
			t.Errorf("the same step at level 1: counted %v, hints %v, %v", res.Counted, res.Game.Hints, err)
		}
		// Refusals write nothing.
		before, _ := st.Game(ctx, g.ID)
		for _, in := range []HintInput{
			{GameID: g.ID, User: "u", Level: 0},
			{GameID: g.ID, User: "u", Level: 4},
			{GameID: g.ID, User: "someone else", Level: 1},
		} {
			_, err := s.Hint(ctx, in)
			var ue *Error
			if !errors.As(err, &ue) {
				t.Errorf("hint %+v: %v, want a player's error", in, err)
			}
		}
		if after, _ := st.Game(ctx, g.ID); after != before {
			t.Errorf("refused hints changed the game")
		}
	})
}

// TestPlaceVersion: moves at the current version are stored and solve
// the game when they complete it, counting in the player's stats; at an
// older version they are refused with ErrStale and the current game,
// and nothing is written.
func TestPlaceVersion(t *testing.T) {
	onStores(t, func(t *testing.T, st *store.Store, p store.Puzzle) {
		ctx := context.Background()
		g := start(t, st, "u", p)
		s := New(st, nil, nil)
		moves := empties(g)
		v := g.Version
		res, err := s.Place(ctx, PlaceInput{GameID: g.ID, User: "u", Moves: moves[:1], Version: &v})
		if err != nil || res.Game.Version != v+1 || res.Game.Entries[moves[0].Cell] != moves[0].Digit {
			t.Fatalf("a move: version %d, entry %d, %v", res.Game.Version, res.Game.Entries[moves[0].Cell], err)
		}
		res, err = s.Place(ctx, PlaceInput{GameID: g.ID, User: "u", Moves: moves[1:2], Version: &v})
		if !errors.Is(err, ErrStale) || res.Game.Version != v+1 || res.Game.Entries[moves[0].Cell] != moves[0].Digit {
			t.Fatalf("a move at an old version: %v, answered with version %d; want ErrStale and the current game", err, res.Game.Version)
		}
		if cur, _ := st.Game(ctx, g.ID); cur.Version != v+1 || cur.Entries[moves[1].Cell] != 0 {
			t.Fatalf("a stale move was stored: version %d, entry %d", cur.Version, cur.Entries[moves[1].Cell])
		}
		_, err = s.Place(ctx, PlaceInput{GameID: g.ID, User: "other", Moves: moves[1:2], Version: ptr(v + 1)})
		if !errors.Is(err, store.ErrNotOwner) {
			t.Fatalf("another player's move: %v", err)
		}
		res, err = s.Place(ctx, PlaceInput{GameID: g.ID, User: "u", Moves: moves[1:], Version: ptr(v + 1)})
		if err != nil || !res.Solved || !res.Game.Finished() || res.Stats.Solves != 1 {
			t.Fatalf("the solving moves: solved %v, stats %+v, %v", res.Solved, res.Stats, err)
		}
		if ps, _ := st.PlayerStats(ctx, "g1", "u"); ps.Solves != 1 {
			t.Fatalf("stored stats %+v", ps)
		}
		_, err = s.Place(ctx, PlaceInput{GameID: g.ID, User: "u", Moves: moves[:1]})
		if !errors.Is(err, store.ErrGameFinished) {
			t.Fatalf("a move after the solve: %v", err)
		}
	})
}

// TestCheckCountsOnStore: a wrong digit in a cell is one mistake in the
// stored game, however often it is checked.
func TestCheckCountsOnStore(t *testing.T) {
	onStores(t, func(t *testing.T, st *store.Store, p store.Puzzle) {
		ctx := context.Background()
		g := start(t, st, "u", p)
		s := New(st, nil, nil)
		c := empties(g)[0].Cell
		if _, err := s.Place(ctx, PlaceInput{GameID: g.ID, User: "u", Moves: []store.Move{{Cell: c, Digit: wrongDigit(g, c)}}}); err != nil {
			t.Fatal(err)
		}
		for range 2 {
			if _, err := s.Check(ctx, CheckInput{GameID: g.ID, User: "u"}); err != nil {
				t.Fatal(err)
			}
		}
		if got, _ := st.Game(ctx, g.ID); got.Mistakes != 1 || !got.WrongSeen[c].Has(wrongDigit(g, c)) {
			t.Fatalf("after two checks of one wrong digit: %d mistakes, seen %v", got.Mistakes, got.WrongSeen[c])
		}
	})
}

// TestCoop: anyone plays a co-op board. Two players' moves made at the
// same version are both applied when they touch different cells; to one
// cell, exactly one is applied and the other refused with the current
// board, never mixed or lost silently. Each player is credited with what
// they did, and the solve finishes the board counting for nobody.
func TestCoop(t *testing.T) {
	onStores(t, func(t *testing.T, st *store.Store, p store.Puzzle) {
		ctx := context.Background()
		g, err := st.StartCoop(ctx, "host", "g1", "c1", p.ID, time.Time{})
		if err != nil {
			t.Fatal(err)
		}
		s := New(st, nil, nil)
		moves := empties(g)
		// race sends each player's moves at once, all at version v.
		race := func(v int64, users []string, ms [][]store.Move) []error {
			errs := make([]error, len(users))
			var wg sync.WaitGroup
			for i, u := range users {
				wg.Go(func() {
					_, errs[i] = s.CoopMove(ctx, CoopMoveInput{GameID: g.ID, User: u, Moves: ms[i], Version: v})
				})
			}
			wg.Wait()
			return errs
		}

		// Different cells: both applied.
		for _, err := range race(g.Version, []string{"a", "b"}, [][]store.Move{moves[0:1], moves[1:2]}) {
			if err != nil {
				t.Fatalf("moves to different cells at one version: %v", err)
			}
		}
		cur, _ := st.Game(ctx, g.ID)
		if cur.Entries[moves[0].Cell] == 0 || cur.Entries[moves[1].Cell] == 0 || cur.Version != g.Version+2 {
			t.Fatalf("after two moves to different cells: version %d, entries %d %d", cur.Version, cur.Entries[moves[0].Cell], cur.Entries[moves[1].Cell])
		}
		// One cell: exactly one applied.
		v := cur.Version
		errs := race(v, []string{"c", "d"}, [][]store.Move{moves[2:3], moves[2:3]})
		stale, winner := 0, ""
		for i, err := range errs {
			switch {
			case err == nil:
				winner = []string{"c", "d"}[i]
			case errors.Is(err, ErrStale):
				stale++
			default:
				t.Fatalf("a co-op move: %v", err)
			}
		}
		if stale != 1 {
			t.Fatalf("%d of two moves to one cell refused, want exactly one (%v)", stale, errs)
		}
		cur, _ = st.Game(ctx, g.ID)
		if cur.Version != v+1 {
			t.Fatalf("version %d after the race from %d, want one change", cur.Version, v)
		}
		// A stale move is answered with the current board.
		res, err := s.CoopMove(ctx, CoopMoveInput{GameID: g.ID, User: "e", Moves: moves[2:3], Version: v})
		if !errors.Is(err, ErrStale) || res.Game.Version != cur.Version {
			t.Fatalf("a stale move: %v, answered with version %d, want the current %d", err, res.Game.Version, cur.Version)
		}

		if _, err := s.CoopHint(ctx, g.ID, "solver", 1, nil); err != nil {
			t.Fatal(err)
		}
		cur, _ = st.Game(ctx, g.ID)
		res, err = s.CoopMove(ctx, CoopMoveInput{GameID: g.ID, User: "solver", Moves: moves[3:], Version: cur.Version})
		if err != nil || !res.Solved || !res.Game.Finished() || res.Game.Hints[0] != 1 {
			t.Fatalf("the solving moves: %+v %v", res, err)
		}
		players, err := st.CoopPlayers(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		want := map[string][2]int{"solver": {len(moves) - 3, 1}, "a": {1, 0}, "b": {1, 0}, winner: {1, 0}}
		if len(players) != len(want) || players[0].UserID != "solver" {
			t.Fatalf("contributions %+v, want %v", players, want)
		}
		for _, pl := range players {
			if want[pl.UserID] != [2]int{pl.Placed, pl.Hints} {
				t.Fatalf("contributions %+v, want %v", players, want)
			}
		}
		for _, u := range []string{"host", "solver", winner} {
			if ps, _ := st.PlayerStats(ctx, "g1", u); ps.Solves != 0 {
				t.Fatalf("a shared solve counted for %s: %+v", u, ps)
			}
		}
		_, err = s.CoopMove(ctx, CoopMoveInput{GameID: g.ID, User: "a", Moves: moves[:1], Version: res.Game.Version})
		if !errors.Is(err, store.ErrGameFinished) {
			t.Fatalf("a move after the solve: %v", err)
		}
		own := start(t, st, "a", p)
		_, err = s.CoopMove(ctx, CoopMoveInput{GameID: own.ID, User: "b", Moves: moves[:1], Version: own.Version})
		if !errors.Is(err, store.ErrNotOwner) {
			t.Fatalf("a co-op move on someone's own game: %v", err)
		}
	})
}

func ptr(v int64) *int64 { return &v }
