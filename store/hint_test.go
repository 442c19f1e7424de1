package store

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
)

// TestOpenMissingDirectoryNamesPath: SQLite's "unable to open database
// file" names neither the file nor the missing directory; Open's error
// names both.
func TestOpenMissingDirectoryNamesPath(t *testing.T) {
	dir := t.TempDir() + "/no/such/dir"
	path := dir + "/bot.db"
	_, err := Open(context.Background(), path)
	if err == nil {
		t.Fatal("Open succeeded in a missing directory")
	}
	if msg := err.Error(); !strings.Contains(msg, path) || !strings.Contains(msg, "the directory "+dir+" does not exist") {
		t.Fatalf("error %q names neither the path nor the missing directory", msg)
	}
}

// TestOpenReadOnlyDirectorySaysWho: a directory the process cannot write
// in (a bind-mounted /data owned by another uid) is named, with the uid
// that needs to write there, instead of "unable to open database file".
func TestOpenReadOnlyDirectorySaysWho(t *testing.T) {
	dir := t.TempDir()
	if !writable(dir) {
		t.Fatalf("writable(%s) = false for a fresh temporary directory", dir)
	}
	old := writable
	writable = func(string) bool { return false }
	t.Cleanup(func() { writable = old })
	err := sqliteOpenError(dir+"/bot.db", errors.New("unable to open database file (14)"))
	if msg := err.Error(); !strings.Contains(msg, "cannot write in "+dir) || !strings.Contains(msg, "65532") {
		t.Fatalf("error %q does not say the directory is not writable", msg)
	}
}

// TestGradeIfUngraded: a puzzle saved ungraded reads back ungraded,
// whatever Level it was given, and gets its grade later, once; a graded
// one is left alone.
func TestGradeIfUngraded(t *testing.T) {
	forEachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		s := openStore(t, be.newDSN(t))
		fx := loadFixtures(t)
		p, err := s.SavePuzzle(ctx, Puzzle{Grid: fx[0].grid, Solution: fx[0].solution, Level: engine.LevelHard, Ungraded: true})
		must(t, err, "SavePuzzle ungraded")
		if !p.Ungraded || p.Level != 0 {
			t.Fatalf("saved ungraded, read back: ungraded %v, level %v", p.Ungraded, p.Level)
		}
		done, err := s.GradeIfUngraded(ctx, p.ID, 7.5, engine.LevelExtreme)
		must(t, err, "GradeIfUngraded")
		got, err := s.Puzzle(ctx, p.ID)
		must(t, err, "Puzzle")
		if !done || got.Ungraded || got.Level != engine.LevelExtreme || got.Score != 7.5 {
			t.Fatalf("after grading: %v, ungraded %v, level %v score %v", done, got.Ungraded, got.Level, got.Score)
		}
		done, err = s.GradeIfUngraded(ctx, p.ID, 1, engine.LevelEasy)
		must(t, err, "GradeIfUngraded again")
		if got, _ := s.Puzzle(ctx, p.ID); done || got.Level != engine.LevelExtreme {
			t.Fatalf("a graded puzzle was graded again: %v, %v", done, got.Level)
		}
		_, err = s.GradeIfUngraded(ctx, p.ID, 1, engine.Level(len(engine.Levels)))
		mustIs(t, err, ErrInvalid, "GradeIfUngraded with no level")
		_, err = s.SavePuzzle(ctx, Puzzle{Grid: fx[1].grid, Solution: fx[1].solution, Level: -1})
		mustIs(t, err, ErrInvalid, "SavePuzzle with no level")
	})
}

// TestNotGradedRowsMigrate: the schema before version 11 stored an
// ungraded puzzle with the made-up level "not graded" (and its games'
// level records under that name). After migrating, such a puzzle reads as
// ungraded, can still be graded, and its player's records of real levels
// are intact; a graded row keeps its level.
func TestNotGradedRowsMigrate(t *testing.T) {
	forEachBackend(t, func(t *testing.T, be backend) {
		if !be.shared {
			t.Skip("an in-memory database does not outlive its store")
		}
		ctx := context.Background()
		dsn := be.newDSN(t)
		migs, err := loadMigrations(map[bool]string{true: Postgres, false: SQLite}[strings.HasPrefix(dsn, "postgres")])
		must(t, err, "loadMigrations")
		before := slices.IndexFunc(migs, func(m migration) bool { return m.name == "puzzle_graded" })
		if before < 0 {
			t.Fatal("no puzzle_graded migration")
		}
		old, err := openWith(ctx, dsn, migs[:before])
		must(t, err, "open with the schema before puzzle_graded")
		fx := loadFixtures(t)
		ids := make([]int64, 2)
		for i, level := range []string{"not graded", "hard"} {
			err := old.db.QueryRowContext(ctx, old.q(`INSERT INTO puzzles (grid, solution, score, level, created_at)
				VALUES (?, ?, ?, ?, ?) RETURNING id`), fx[i].grid.Digits(), fx[i].solution.Digits(), 0, level, ms(t0)).Scan(&ids[i])
			must(t, err, "insert a puzzle as the older binary")
		}
		for _, level := range []string{"not graded", "hard"} {
			_, err := old.db.ExecContext(ctx, old.q(`INSERT INTO player_level_stats (guild_id, user_id, level, solves, gave_ups, best_ms, median_ms)
				VALUES ('', 'u1', ?, 2, 0, 60000, 90000)`), level)
			must(t, err, "insert level stats as the older binary")
		}
		old.Close()

		s := openStore(t, dsn)
		p, err := s.Puzzle(ctx, ids[0])
		must(t, err, "Puzzle")
		if !p.Ungraded {
			t.Errorf("a \"not graded\" puzzle reads back graded, level %v", p.Level)
		}
		if p, err := s.Puzzle(ctx, ids[1]); err != nil || p.Ungraded || p.Level != engine.LevelHard {
			t.Errorf("a hard puzzle reads back as ungraded %v level %v (%v)", p.Ungraded, p.Level, err)
		}
		done, err := s.GradeIfUngraded(ctx, ids[0], 4.2, engine.LevelExpert)
		must(t, err, "GradeIfUngraded")
		if p, _ := s.Puzzle(ctx, ids[0]); !done || p.Ungraded || p.Level != engine.LevelExpert {
			t.Errorf("grading the migrated puzzle: %v, ungraded %v level %v", done, p.Ungraded, p.Level)
		}
		st, err := s.PlayerStats(ctx, "", "u1")
		must(t, err, "PlayerStats")
		if len(st.Levels) != 1 || st.Levels[engine.LevelHard].Solves != 2 {
			t.Errorf("level records after migrating: %+v, want hard only", st.Levels)
		}
	})
}
