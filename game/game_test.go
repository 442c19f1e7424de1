package game

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/internal/fakeclock"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/store"
)

// fakeStore keeps games in memory with the transaction rules of
// store.EditGame: the edit runs on the current state, under a lock, and
// nothing is kept when it (or done) fails.
type fakeStore struct {
	mu    sync.Mutex
	games map[int64]store.Game
	coop  map[string][2]int // user -> placed, hints
}

func (f *fakeStore) Game(_ context.Context, id int64) (store.Game, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	g, ok := f.games[id]
	if !ok {
		return store.Game{}, store.ErrNotFound
	}
	return g, nil
}

func (f *fakeStore) EditGame(_ context.Context, id int64, user string, at time.Time, fn func(*store.Game) (store.Finish, error), done func(store.Game, store.PlayerStats) error) (store.Game, store.PlayerStats, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	read, ok := f.games[id]
	switch {
	case !ok:
		return store.Game{}, store.PlayerStats{}, store.ErrNotFound
	case read.UserID != user:
		return store.Game{}, store.PlayerStats{}, store.ErrNotOwner
	case read.Finished():
		return store.Game{}, store.PlayerStats{}, store.ErrGameFinished
	}
	g := read
	fin, err := fn(&g)
	if err != nil {
		return read, store.PlayerStats{}, err
	}
	if g != read {
		g.Version++
	}
	switch fin {
	case store.Solve:
		if g.Board() != g.Solution {
			return read, store.PlayerStats{}, store.ErrNotSolved
		}
		g.Solved, g.FinishedAt = true, at
	case store.GiveUp:
		g.GaveUp, g.FinishedAt = true, at
	}
	if done != nil {
		if err := done(g, store.PlayerStats{}); err != nil {
			return read, store.PlayerStats{}, err
		}
	}
	f.games[id] = g
	return g, store.PlayerStats{}, nil
}

func (f *fakeStore) EditCoop(_ context.Context, id int64, user string, at time.Time, fn func(*store.Game) (store.CoopEdit, error), done func(store.Game) error) (store.Game, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	read := f.games[id]
	if read.Finished() {
		return store.Game{}, store.ErrGameFinished
	}
	g := read
	ed, err := fn(&g)
	if err != nil {
		return read, err
	}
	if g != read {
		g.Version++
	}
	if ed.Solved {
		g.Solved, g.FinishedAt = true, at
	}
	if done != nil {
		if err := done(g); err != nil {
			return read, err
		}
	}
	c := f.coop[user]
	f.coop[user] = [2]int{c[0] + ed.Placed, c[1] + ed.Hints}
	f.games[id] = g
	return g, nil
}

// CurrentGame is the player's open game of the fake with the highest
// id, in any place.
func (f *fakeStore) CurrentGame(_ context.Context, user, _ string) (store.Game, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var cur store.Game
	for _, g := range f.games {
		if g.UserID == user && !g.Finished() && g.ID > cur.ID {
			cur = g
		}
	}
	if cur.ID == 0 {
		return store.Game{}, store.ErrNotFound
	}
	return cur, nil
}

// DailyOfPuzzle: no puzzle of the fake is a daily.
func (f *fakeStore) DailyOfPuzzle(context.Context, int64) (store.Day, engine.Level, error) {
	return store.Day{}, 0, store.ErrNotFound
}

// GuildSettings: no guild of the fake has settings (UTC, the default
// level).
func (f *fakeStore) GuildSettings(context.Context, string) (store.GuildSettings, error) {
	return store.GuildSettings{}, store.ErrNotFound
}

// fixedHinter answers every position with the step of the current
// position's engine hint, or a canned one.
type fixedHinter struct{ h *Hint }

func (f fixedHinter) Hint(ctx context.Context, q HintQuery) (Hint, error) {
	if f.h != nil {
		return *f.h, nil
	}
	return EngineHinter{}.Hint(ctx, q)
}

const (
	testPuzzle   = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	testSolution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
)

func newFake(t *testing.T) (*fakeStore, *Service, store.Game) {
	t.Helper()
	givens, err := engine.Parse(testPuzzle)
	if err != nil {
		t.Fatal(err)
	}
	sol, err := engine.Parse(testSolution)
	if err != nil {
		t.Fatal(err)
	}
	g := store.Game{ID: 1, UserID: "u", Givens: givens, Solution: sol, StartedAt: time.Unix(0, 0)}
	f := &fakeStore{games: map[int64]store.Game{1: g}, coop: map[string][2]int{}}
	return f, New(f, fixedHinter{}, fakeclock.New(time.Unix(100, 0))), g
}

// empties are the empty cells of g with their solution digits.
func empties(g store.Game) []store.Move {
	var out []store.Move
	for c, d := range g.Givens {
		if d == 0 {
			out = append(out, store.Move{Cell: c, Digit: g.Solution[c]})
		}
	}
	return out
}

func wrongDigit(g store.Game, c int) uint8 { return g.Solution[c]%9 + 1 }

func TestPlace(t *testing.T) {
	_, _, g0 := newFake(t)
	all := empties(g0)
	for _, tc := range []struct {
		name    string
		moves   func(g store.Game) []store.Move
		version func(g store.Game) int64
		wantErr error
		solved  bool
	}{
		{"one digit", func(store.Game) []store.Move { return all[:1] }, nil, nil, false},
		{"every digit solves", func(store.Game) []store.Move { return all }, nil, nil, true},
		{"at the shown version", func(store.Game) []store.Move { return all }, func(g store.Game) int64 { return g.Version }, nil, true},
		{"at an older version", func(store.Game) []store.Move { return all[:1] }, func(g store.Game) int64 { return g.Version - 1 }, store.ErrStale, false},
		{"on a given", func(store.Game) []store.Move { return []store.Move{{Cell: 0, Digit: 1}} }, nil, store.ErrGivenCell, false},
		{"no moves", func(store.Game) []store.Move { return nil }, nil, &Error{}, false},
		{"too many moves", func(store.Game) []store.Move { return make([]store.Move, MaxMoves+1) }, nil, &Error{}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, s, g := newFake(t)
			if tc.version != nil {
				// one change first, so the game is at version 1
				if _, err := s.Place(context.Background(), PlaceInput{GameID: 1, User: "u", Moves: []store.Move{{Cell: all[1].Cell, Pencil: true, Digit: 1}}}); err != nil {
					t.Fatal(err)
				}
				g = f.games[1]
			}
			var v *int64
			if tc.version != nil {
				n := tc.version(g)
				v = &n
			}
			res, err := s.Place(context.Background(), PlaceInput{GameID: 1, User: "u", Moves: tc.moves(g), Version: v})
			var ue *Error
			switch {
			case tc.wantErr == nil && err != nil:
				t.Fatalf("error %v", err)
			case errors.As(tc.wantErr, &ue) && !errors.As(err, &ue):
				t.Fatalf("error %v, want a player's error", err)
			case tc.wantErr != nil && !errors.As(tc.wantErr, &ue) && !errors.Is(err, tc.wantErr):
				t.Fatalf("error %v, want %v", err, tc.wantErr)
			}
			if err != nil {
				if f.games[1] != g {
					t.Fatal("a refused action changed the game")
				}
				if errors.As(err, &ue) {
					// Every field the message names is given: no "<no value>".
					for _, tag := range []string{"en-US", "de", "ja"} {
						if text := ue.Text(l10n.For(tag)); strings.Contains(text, "<no value>") {
							t.Errorf("%s: %q", tag, text)
						}
					}
				}
				return
			}
			if res.Solved != tc.solved || f.games[1].Solved != tc.solved {
				t.Fatalf("solved %v (stored %v), want %v", res.Solved, f.games[1].Solved, tc.solved)
			}
		})
	}
}

func TestCheckCountsEachWrongDigitOnce(t *testing.T) {
	f, s, g := newFake(t)
	ctx := context.Background()
	e := empties(g)
	a, b := e[0].Cell, e[1].Cell
	steps := []struct {
		moves        []store.Move
		wrong, count int
	}{
		{[]store.Move{{Cell: a, Digit: wrongDigit(g, a)}}, 1, 1},
		{nil, 1, 1}, // checked again: not counted again
		{[]store.Move{{Cell: b, Digit: wrongDigit(g, b)}}, 2, 2},
		{[]store.Move{{Cell: a, Digit: wrongDigit(g, a)%9 + 1}}, 2, 3}, // another wrong digit in a
		{[]store.Move{{Cell: a, Digit: wrongDigit(g, a)}}, 2, 3},       // the first wrong digit again
	}
	for i, st := range steps {
		if len(st.moves) > 0 {
			if _, err := s.Place(ctx, PlaceInput{GameID: 1, User: "u", Moves: st.moves}); err != nil {
				t.Fatal(err)
			}
		}
		res, err := s.Check(ctx, CheckInput{GameID: 1, User: "u"})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Wrong) != st.wrong || f.games[1].Mistakes != st.count {
			t.Fatalf("check %d: %d wrong, %d mistakes; want %d, %d", i, len(res.Wrong), f.games[1].Mistakes, st.wrong, st.count)
		}
	}
	// A right answer finishes the game, whatever the board holds.
	sol := g.Solution
	res, err := s.Check(ctx, CheckInput{GameID: 1, User: "u", Answer: &sol})
	if err != nil || !res.Solved || f.games[1].Board() != sol {
		t.Fatalf("right answer: %+v %v", res, err)
	}
}

func TestHintCountsOncePerStep(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		levels []int
		want   [3]int
	}{
		{[]int{1}, [3]int{1, 0, 0}},
		{[]int{1, 1, 1}, [3]int{1, 0, 0}},
		{[]int{1, 2, 3}, [3]int{0, 0, 1}},
		{[]int{3, 1, 2}, [3]int{0, 0, 1}},
		{[]int{2, 1}, [3]int{0, 1, 0}},
	} {
		t.Run(fmt.Sprint(tc.levels), func(t *testing.T) {
			f, s, _ := newFake(t)
			for _, l := range tc.levels {
				if _, err := s.Hint(ctx, HintInput{GameID: 1, User: "u", Level: l}); err != nil {
					t.Fatal(err)
				}
			}
			if got := f.games[1].Hints; got != tc.want {
				t.Fatalf("hints %v, want %v", got, tc.want)
			}
		})
	}
	// A new step is a new hint.
	f, s, _ := newFake(t)
	res, err := s.Hint(ctx, HintInput{GameID: 1, User: "u", Level: 3})
	if err != nil || len(res.Hint.Result.Step.Placements) == 0 {
		t.Fatalf("%+v %v", res, err)
	}
	p := res.Hint.Result.Step.Placements[0]
	if _, err := s.Place(ctx, PlaceInput{GameID: 1, User: "u", Moves: []store.Move{{Cell: p.Cell, Digit: p.Digit}}}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Hint(ctx, HintInput{GameID: 1, User: "u", Level: 1}); err != nil {
		t.Fatal(err)
	}
	if got := f.games[1].Hints; got != [3]int{1, 0, 1} {
		t.Fatalf("hints %v after a second step, want [1 0 1]", got)
	}
}

func TestReplyFailureStoresNothing(t *testing.T) {
	f, s, g := newFake(t)
	ctx := context.Background()
	boom := errors.New("cannot draw")
	_, err := s.Place(ctx, PlaceInput{GameID: 1, User: "u", Moves: empties(g)[:1],
		Reply: func(PlaceResult) error { return boom }})
	if !errors.Is(err, boom) || f.games[1] != g {
		t.Fatalf("err %v, game changed %v", err, f.games[1] != g)
	}
	_, err = s.Hint(ctx, HintInput{GameID: 1, User: "u", Level: 2, Reply: func(HintResult) error { return boom }})
	if !errors.Is(err, boom) || f.games[1] != g {
		t.Fatalf("hint: err %v, game changed %v", err, f.games[1] != g)
	}
}

func TestCoopMoveRefusedOnlyForChangedCells(t *testing.T) {
	f, s, g := newFake(t)
	ctx := context.Background()
	e := empties(g)
	opened := f.games[1].Version // both players open the form here
	if _, err := s.CoopMove(ctx, CoopMoveInput{GameID: 1, User: "alice", Moves: e[:1], Version: opened}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.CoopHint(ctx, 1, "carol", 1, nil); err != nil {
		t.Fatal(err)
	}
	// Bob's form is older than alice's move and carol's hint.
	_, err := s.CoopMove(ctx, CoopMoveInput{GameID: 1, User: "bob", Moves: []store.Move{{Cell: e[0].Cell, Digit: wrongDigit(g, e[0].Cell)}}, Version: opened})
	if !errors.Is(err, ErrStale) {
		t.Fatalf("a move to alice's cell from an older board: %v, want ErrStale", err)
	}
	// Typed in chat, the refusal gives the moves back as typed, in words.
	_, err = s.CoopMove(ctx, CoopMoveInput{GameID: 1, User: "bob", Moves: []store.Move{{Cell: e[0].Cell, Digit: wrongDigit(g, e[0].Cell)}}, Version: opened, Typed: " r1c3=4 \n r1c4=6"})
	var ge *Error
	if !errors.Is(err, ErrStale) || !errors.As(err, &ge) || ge.Msg.ID != "coop.stale" || ge.Kind != Stale || ge.Msg.Args[1] != "r1c3=4 r1c4=6" {
		t.Fatalf("stale moves typed in chat: %#v", err)
	}
	res, err := s.CoopMove(ctx, CoopMoveInput{GameID: 1, User: "bob", Moves: e[1:], Version: opened})
	if err != nil || !res.Solved {
		t.Fatalf("bob's moves to other cells: %+v %v, want them applied and the board solved", res, err)
	}
	if f.coop["bob"] != [2]int{len(e) - 1, 0} || f.coop["alice"] != [2]int{1, 0} || f.coop["carol"] != [2]int{0, 1} {
		t.Fatalf("contributions %v", f.coop)
	}
}

// The rest of Store, for the use cases these tests do not drive.

func (f *fakeStore) SavePuzzle(_ context.Context, p store.Puzzle) (store.Puzzle, error) {
	p.ID = 1
	return p, nil
}

func (f *fakeStore) CreateRace(context.Context, store.Race) (store.Race, store.Game, error) {
	return store.Race{}, store.Game{}, errors.New("fakeStore: no races")
}

func (f *fakeStore) JoinRace(context.Context, int64, string, time.Time, func(store.Race, []store.Game) error) (store.Race, store.Game, bool, error) {
	return store.Race{}, store.Game{}, false, errors.New("fakeStore: no races")
}

func (f *fakeStore) PlayerStats(context.Context, string, string) (store.PlayerStats, error) {
	return store.PlayerStats{}, nil
}

func (f *fakeStore) RecordShare(context.Context, int64, string, string, time.Time) (bool, error) {
	return true, nil
}

func (f *fakeStore) StartGame(_ context.Context, ng store.NewGame) (store.Game, bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, g := range f.games {
		if g.UserID == ng.UserID && g.PuzzleID == ng.PuzzleID && g.Context == ng.Context {
			return g, false, nil
		}
	}
	g := store.Game{ID: int64(len(f.games) + 1), UserID: ng.UserID, GuildID: ng.GuildID, PuzzleID: ng.PuzzleID,
		Context: ng.Context, Day: ng.Day, StartedAt: ng.StartedAt, Late: ng.Late}
	f.games[g.ID] = g
	return g, true, nil
}

func TestCheckPaste(t *testing.T) {
	for _, tc := range []struct {
		name, grid string
		ok         bool
	}{
		{"unique", testPuzzle, true},
		{"two givens clash", "55" + testPuzzle[2:], false},
		{"many solutions", "." + testPuzzle[1:40] + strings.Repeat(".", 41), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := engine.Parse(tc.grid)
			if err != nil {
				t.Fatal(err)
			}
			sol, err := CheckPaste(g)
			var ue *Error
			if tc.ok != (err == nil) || (!tc.ok && !errors.As(err, &ue)) {
				t.Fatalf("CheckPaste: %v, want ok %v or a player's error", err, tc.ok)
			}
			if tc.ok && sol.String() != testSolution && sol.Digits() != testSolution {
				t.Fatalf("solution %s", sol.Digits())
			}
		})
	}
}

func TestStartDailyIsOneGamePerDay(t *testing.T) {
	f, s, _ := newFake(t)
	day, err := store.ParseDay("2026-11-26")
	if err != nil {
		t.Fatal(err)
	}
	in := DailyInput{User: "v", Guild: "g1", Day: day, Level: engine.LevelEasy,
		Puzzle: func(context.Context) (store.Puzzle, error) { return store.Puzzle{ID: 9}, nil }}
	a, err := s.StartDaily(context.Background(), in)
	if err != nil || !a.Created {
		t.Fatalf("first start: %+v %v", a, err)
	}
	in.Guild = "" // the same daily from a DM
	b, err := s.StartDaily(context.Background(), in)
	if err != nil || b.Created || b.Game.ID != a.Game.ID {
		t.Fatalf("second start: %+v %v, want the first game back", b, err)
	}
	if len(f.games) != 2 {
		t.Fatalf("%d games stored", len(f.games))
	}
	if _, err := s.StartDaily(context.Background(), DailyInput{User: "v", Level: engine.LevelEasy, Puzzle: in.Puzzle}); err == nil {
		t.Fatal("a daily without a day started")
	}
}

// TestStartPastDaily: a daily of an earlier day is played late, one of a
// later day or more than a year back is refused with the dates named.
func TestStartPastDaily(t *testing.T) {
	today := store.Date(2026, 11, 26)
	puzzle := func(context.Context) (store.Puzzle, error) { return store.Puzzle{ID: 9}, nil }
	for _, tc := range []struct {
		name    string
		day     store.Day
		late    bool
		refused string
	}{
		{"today", today, false, ""},
		{"yesterday", today.AddDays(-1), true, ""},
		{"a year back", today.AddDays(-MaxLateDays), true, ""},
		{"tomorrow", today.AddDays(1), false, "2026-11-27"},
		{"too far back", today.AddDays(-MaxLateDays - 1), false, "366"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, s, _ := newFake(t)
			res, err := s.StartDaily(context.Background(), DailyInput{User: "v", Day: tc.day, Today: today, Level: engine.LevelEasy, Puzzle: puzzle})
			if tc.refused != "" {
				var ue *Error
				if !errors.As(err, &ue) || !strings.Contains(ue.Text(l10n.English()), tc.refused) {
					t.Fatalf("error %v, want a refusal naming %s", err, tc.refused)
				}
				return
			}
			if err != nil || res.Game.Late != tc.late {
				t.Fatalf("game %+v (%v), want late %v", res.Game, err, tc.late)
			}
		})
	}
}

func (f *fakeStore) StartCoop(ctx context.Context, host, guild, channel string, puzzle int64, at time.Time) (store.Game, error) {
	g, _, err := f.StartGame(ctx, store.NewGame{UserID: host, GuildID: guild, PuzzleID: puzzle, Context: "coop:" + channel, StartedAt: at})
	return g, err
}

// TestShownHintCountsNothing browses a counted hint again: the same hint,
// nothing counted, no deeper level than opened, and a refusal once the
// position moved on.
func TestShownHintCountsNothing(t *testing.T) {
	ctx := context.Background()
	f, s, _ := newFake(t)
	if _, _, err := s.ShownHint(ctx, 1, "u", 1); !isRefusal(err, "hint.moved") {
		t.Fatalf("before any hint: %v, want hint.moved", err)
	}
	res, err := s.Hint(ctx, HintInput{GameID: 1, User: "u", Level: 2})
	if err != nil {
		t.Fatal(err)
	}
	before := f.games[1]
	for range 3 {
		h, _, err := s.ShownHint(ctx, 1, "u", 2)
		if err != nil {
			t.Fatal(err)
		}
		if h.Key() != res.Hint.Key() {
			t.Fatalf("shown %s, counted %s", h.Key(), res.Hint.Key())
		}
	}
	if f.games[1] != before {
		t.Fatalf("browsing changed the game: hints %v, was %v", f.games[1].Hints, before.Hints)
	}
	if _, _, err := s.ShownHint(ctx, 1, "u", 3); !isRefusal(err, "hint.moved") {
		t.Fatalf("level 3 after level 2: %v, want hint.moved", err)
	}
	if _, _, err := s.ShownHint(ctx, 1, "intruder", 2); err == nil {
		t.Fatal("another player browsed the hint")
	}
	p := res.Hint.Result.Step.Placements[0]
	if _, err := s.Place(ctx, PlaceInput{GameID: 1, User: "u", Moves: []store.Move{{Cell: p.Cell, Digit: p.Digit}}}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.ShownHint(ctx, 1, "u", 2); !isRefusal(err, "hint.moved") {
		t.Fatalf("after a move: %v, want hint.moved", err)
	}
}

func TestWithEliminations(t *testing.T) {
	var marks [engine.NumCells]engine.Digits
	marks[10] = engine.DigitSet(1, 2)
	for _, tc := range []struct {
		key   string
		want  engine.Digits
		found bool
	}{
		{"1:Naked Pair:e10-5,e10-7,", engine.DigitSet(1, 2, 5, 7), true},
		{"1:Naked Single:p10=1,", engine.DigitSet(1, 2), false},
		{"1:X:e99-5,e10-0,ex-1,", engine.DigitSet(1, 2), false},
		{"garbage", engine.DigitSet(1, 2), false},
	} {
		got, found := withEliminations(marks, tc.key)
		if got[10] != tc.want || found != tc.found {
			t.Errorf("%q: %v %v, want %v %v", tc.key, got[10].Slice(), found, tc.want.Slice(), tc.found)
		}
	}
}

// isRefusal reports whether err refuses with the message id.
func isRefusal(err error, id string) bool {
	var ue *Error
	return errors.As(err, &ue) && ue.Msg.ID == id
}

func (f *fakeStore) OpenCoop(context.Context, string, time.Time) (store.Game, error) {
	return store.Game{}, store.ErrNotFound
}

func (f *fakeStore) OpenRace(context.Context, string, time.Time) (store.Race, error) {
	return store.Race{}, store.ErrNotFound
}

// TestBoardRules: a board link only for the player's own open game; a
// board by token for its player, or anyone on a co-op board.
func TestBoardRules(t *testing.T) {
	t.Parallel()
	own := store.Game{ID: 1, UserID: "u"}
	done := store.Game{ID: 2, UserID: "u", Solved: true, FinishedAt: time.Unix(1, 0)}
	coop := store.Game{ID: 3, UserID: "host", Context: "coop:c1"}
	if err := CheckPlays(own, "u"); err != nil {
		t.Errorf("own open game: %v", err)
	}
	if err := CheckPlays(own, "v"); !errors.Is(err, store.ErrNotOwner) {
		t.Errorf("another's game: %v", err)
	}
	if err := CheckPlays(done, "u"); !errors.Is(err, store.ErrGameFinished) {
		t.Errorf("finished game: %v", err)
	}
	if err := CheckBoardAccess(own, "v"); !errors.Is(err, store.ErrNotOwner) {
		t.Errorf("another's board: %v", err)
	}
	if err := CheckBoardAccess(coop, "v"); err != nil {
		t.Errorf("co-op board: %v", err)
	}
}

// TestResume: a player with an open game comes back to it, and no puzzle
// is made; a player without one gets a new game of the puzzle made then.
func TestResume(t *testing.T) {
	t.Parallel()
	f, s, g := newFake(t)
	ctx := context.Background()
	made := 0
	in := func(user string) StartInput {
		return StartInput{User: user, Puzzle: func(context.Context) (store.Puzzle, error) {
			made++
			return store.Puzzle{Grid: g.Givens, Solution: g.Solution}, nil
		}}
	}
	res, err := s.Resume(ctx, in("u"))
	if err != nil || res.Game.ID != g.ID || res.Created || made != 0 {
		t.Fatalf("open game: %+v %v (puzzles made %d), want game %d as it was", res, err, made, g.ID)
	}
	res, err = s.Resume(ctx, in("v"))
	if err != nil || res.Game.UserID != "v" || !res.Created || made != 1 || len(f.games) != 2 {
		t.Fatalf("no open game: %+v %v (puzzles made %d), want a new game", res, err, made)
	}
}

// TestSharedBoardHasNoCheckOrGiveUp: not even its host checks or gives
// up a co-op board; it stays open.
func TestSharedBoardHasNoCheckOrGiveUp(t *testing.T) {
	t.Parallel()
	f, s, g := newFake(t)
	g.Context = "coop:c1"
	f.games[g.ID] = g
	ctx := context.Background()
	var ge *Error
	if _, err := s.Check(ctx, CheckInput{GameID: g.ID, User: g.UserID}); !errors.As(err, &ge) || ge.Msg.ID != "error.coop_shared" {
		t.Errorf("check on a co-op board: %v", err)
	}
	if _, err := s.GiveUp(ctx, g.ID, g.UserID, nil); !errors.As(err, &ge) || ge.Msg.ID != "error.coop_shared" {
		t.Errorf("give up on a co-op board: %v", err)
	}
	if f.games[g.ID].Finished() {
		t.Error("the co-op board was finished")
	}
}
