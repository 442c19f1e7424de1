package store

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/engine"
)

// Environment of the child process of TestDurability.
const (
	childDSNEnv  = "SUDOKUBOT_STORE_CHILD_DSN"
	childGameEnv = "SUDOKUBOT_STORE_CHILD_GAME"
)

// durabilityMove is move i of the child's endless stream: it walks the
// blanks, cycling the digits, so the final board depends on how many moves
// were stored.
func durabilityMove(e []int, i int) Move {
	return Move{Cell: e[i%len(e)], Digit: uint8(i/len(e)%9 + 1)}
}

// TestDurability kills a process with SIGKILL while it streams moves into
// a game, then reopens the database: every move the process acknowledged
// (printed after ApplyMoves returned) must be stored, at most one more (in
// flight when it died, committed but not acknowledged) may be, and the
// database must be consistent.
func TestDurability(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a subprocess")
	}
	for _, be := range backends() {
		if !be.shared {
			continue
		}
		t.Run(be.name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			dsn := be.newDSN(t)
			fx := loadFixtures(t)
			f := fx[0]
			s, err := Open(ctx, dsn)
			must(t, err, "Open")
			p := savePuzzle(t, s, f, engine.LevelEasy)
			g, _, err := s.StartGame(ctx, NewGame{UserID: "u1", PuzzleID: p.ID, StartedAt: t0})
			must(t, err, "StartGame")
			s.Close()

			cmd := exec.Command(os.Args[0], "-test.run=^TestDurabilityChild$", "-test.count=1")
			cmd.Env = append(os.Environ(), childDSNEnv+"="+dsn, childGameEnv+"="+strconv.FormatInt(g.ID, 10))
			cmd.Stderr = os.Stderr
			out, err := cmd.StdoutPipe()
			must(t, err, "StdoutPipe")
			must(t, cmd.Start(), "start child")
			const killAfter = 300
			acked, killed := -1, false
			sc := bufio.NewScanner(out)
			for sc.Scan() {
				var n int
				if _, err := fmt.Sscanf(sc.Text(), "ack %d", &n); err != nil {
					continue // the test framework's own output
				}
				if n != acked+1 {
					t.Fatalf("child acknowledged move %d after %d", n, acked)
				}
				acked = n
				if acked+1 == killAfter && !killed {
					must(t, cmd.Process.Kill(), "SIGKILL child") // mid-stream: the next move is in flight
					killed = true
				}
			}
			err = cmd.Wait()
			if !killed {
				t.Fatalf("child ended after %d moves without being killed: %v", acked+1, err)
			}
			acks := acked + 1

			s = openStore(t, dsn)
			got, err := s.Game(ctx, g.ID)
			must(t, err, "Game after the crash")
			stored := int(got.Version - g.Version)
			if stored < acks || stored > acks+1 {
				t.Fatalf("%d moves stored, %d acknowledged: want %d or %d", stored, acks, acks, acks+1)
			}
			var want engine.Grid
			e := f.empties()
			for i := range stored {
				m := durabilityMove(e, i)
				want[m.Cell] = m.Digit
			}
			if got.Entries != want {
				t.Errorf("entries after the crash:\n got %v\nwant %v", got.Entries, want)
			}
			if s.Backend() == SQLite {
				var res string
				must(t, s.db.DB.QueryRowContext(ctx, "PRAGMA integrity_check").Scan(&res), "integrity_check")
				if res != "ok" {
					t.Errorf("integrity_check: %s", res)
				}
			}
			t.Logf("%s: %d moves acknowledged, %d stored", be.name, acks, stored)
		})
	}
}

// TestDurabilityChild is the process TestDurability kills: it applies
// moves until it dies, printing each one after ApplyMoves returns.
func TestDurabilityChild(t *testing.T) {
	dsn := os.Getenv(childDSNEnv)
	if dsn == "" {
		// Not a test of its own: the process TestDurability starts and
		// kills (as os/exec's TestHelperProcess). Run alone it does
		// nothing, rather than counting as a skip.
		return
	}
	id, err := strconv.ParseInt(os.Getenv(childGameEnv), 10, 64)
	must(t, err, "game id")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	s, err := Open(ctx, dsn)
	must(t, err, "Open")
	g, err := s.Game(ctx, id)
	must(t, err, "Game")
	var e []int
	for i, d := range g.Givens {
		if d == 0 {
			e = append(e, i)
		}
	}
	for i := 0; i < 100000; i++ {
		if _, err := s.ApplyMoves(ctx, id, g.UserID, []Move{durabilityMove(e, i)}, time.Time{}); err != nil {
			t.Fatalf("move %d: %v", i, err)
		}
		if _, err := os.Stdout.WriteString("ack " + strconv.Itoa(i) + "\n"); err != nil {
			return // the parent stopped reading
		}
	}
	t.Error("not killed after 100000 moves")
}
