package app

import (
	"bufio"
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/internal/discordtest"
	"github.com/sudokubot/sudokubot/jobs"
	"github.com/sudokubot/sudokubot/store"
	"github.com/sudokubot/sudokubot/store/storetest"
)

// jobsChildDSN is the environment of TestJobsRestartChild: the database
// it pastes into.
const jobsChildDSN = "SUDOKUBOT_JOBS_CHILD_DSN"

// restartPastes is how many puzzles the child pastes before it is stopped.
const restartPastes = 50

// pastePuzzles are n distinct puzzles of the engine's test bank.
func pastePuzzles(t testing.TB, file string, n int) []string {
	t.Helper()
	data, err := os.ReadFile("../engine/testdata/" + file)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for line := range strings.Lines(string(data)) {
		if f := strings.Fields(line); len(f) > 0 && len(f[0]) == engine.NumCells && !strings.HasPrefix(f[0], "#") {
			out = append(out, f[0])
		}
	}
	if len(out) < n {
		t.Fatalf("%s holds %d puzzles, want %d", file, len(out), n)
	}
	return out[:n]
}

// gate is a job runner's Idle that holds the workers while closed.
type gate struct{ open atomic.Bool }

func (g *gate) idle(ctx context.Context) error {
	for !g.open.Load() {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(10 * time.Millisecond):
		}
	}
	return ctx.Err()
}

// sendSigned sends a signed interaction to a process's HTTP endpoint and
// returns the text of its answer (after a deferral, of the edit). It may
// run on any goroutine.
func (w *world) sendSigned(base string, i map[string]any) (string, error) {
	body, err := json.Marshal(i)
	if err != nil {
		return "", err
	}
	ts := strconv.FormatInt(w.clock.Now().Unix(), 10)
	req, _ := http.NewRequest(http.MethodPost, base+"/interactions", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Signature-Ed25519", hex.EncodeToString(ed25519.Sign(w.priv, append([]byte(ts), body...))))
	req.Header.Set("X-Signature-Timestamp", ts)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	payload, _, err := discordtest.ReadMessage(resp.Header.Get("Content-Type"), resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("interaction answered %d: %v %s", resp.StatusCode, err, payload)
	}
	var r struct {
		Type int `json:"type"`
		Data struct {
			Content string `json:"content"`
		} `json:"data"`
	}
	if err := json.Unmarshal(payload, &r); err != nil {
		return "", err
	}
	if r.Type == 5 {
		select {
		case e := <-w.fake.Edit(i["token"].(string)):
			if err := json.Unmarshal(e.Payload, &r.Data); err != nil {
				return "", err
			}
		case <-time.After(30 * time.Second):
			return "", fmt.Errorf("no edit after a deferral")
		}
	}
	return r.Data.Content, nil
}

// pasteAll has one player per puzzle paste it, all at once, and returns
// the answers.
func (w *world) pasteAll(t testing.TB, base string, puzzles []string) []string {
	t.Helper()
	var wg sync.WaitGroup
	answers := make([]string, len(puzzles))
	errs := make([]error, len(puzzles))
	for n, p := range puzzles {
		i := w.interaction(2, fmt.Sprint(9000+n), "0", slash("new", map[string]any{"puzzle": p}))
		wg.Go(func() { answers[n], errs[n] = w.sendSigned(base, i) })
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	return answers
}

// ungradedPastes counts the puzzles that are not graded yet.
func ungradedPastes(t testing.TB, st *store.Store, puzzles []string) int {
	t.Helper()
	n := 0
	for _, s := range puzzles {
		g, err := engine.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		p, err := st.PuzzleByGrid(context.Background(), g)
		if err != nil {
			t.Fatalf("pasted puzzle not stored: %v", err)
		}
		if p.Ungraded {
			n++
		}
	}
	return n
}

// TestJobsRestartChild is the process TestJobsSurviveRestart stops: a
// bot (as `sudokubot bot` runs, with Main.Run) whose job workers are held
// while 50 players paste, then let go; it prints "pasted" and serves until
// SIGTERM, or until SIGKILL.
func TestJobsRestartChild(t *testing.T) {
	dsn := os.Getenv(jobsChildDSN)
	if dsn == "" {
		// Not a test of its own: the process TestJobsSurviveRestart
		// starts (as os/exec's TestHelperProcess). Run alone it passes
		// without doing anything, rather than counting as a skip.
		return
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer stop()
	w := newWorld(t, "2026-06-01 07:00")
	var g gate
	w.tune = func(m *Main) {
		m.HeavyBudget = 100 * time.Millisecond
		m.JobOptions = jobs.Options{Lease: 2 * time.Second, Idle: g.idle}
	}
	p := w.start(t, dsn, stubRenderer{})
	done := make(chan error, 1)
	go func() { done <- p.m.Run(ctx) }()
	w.pasteAll(t, "http://"+p.m.Addr(), pastePuzzles(t, "sxbank_diabolical.txt", restartPastes))
	g.open.Store(true) // the queue starts on them: some are running when the signal comes
	fmt.Println("pasted")
	if err := <-done; err != nil {
		t.Fatalf("Run: %v", err)
	}
}

// TestJobsSurviveRestart: 50 pastes queued for grading, the process is
// stopped (SIGTERM: it gives its running jobs back; SIGKILL: their leases
// run out), and a new process on the same database grades every one.
func TestJobsSurviveRestart(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs a subprocess")
	}
	puzzles := pastePuzzles(t, "sxbank_diabolical.txt", restartPastes)
	cases := []struct {
		name string
		sig  syscall.Signal
		dsn  func(testing.TB) string
	}{
		{"sqlite/SIGTERM", syscall.SIGTERM, storetest.SQLite},
		{"sqlite/SIGKILL", syscall.SIGKILL, storetest.SQLite},
		// PostgreSQL's claims lock with SKIP LOCKED: the lease of a killed
		// process's job still runs out there.
		{"postgres/SIGKILL", syscall.SIGKILL, storetest.Postgres},
	}
	for _, c := range cases {
		sig := c.sig
		t.Run(c.name, func(t *testing.T) {
			dsn := c.dsn(t)
			cmd := exec.Command(os.Args[0], "-test.run=^TestJobsRestartChild$", "-test.count=1")
			cmd.Env = append(os.Environ(), jobsChildDSN+"="+dsn)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			out, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			sc := bufio.NewScanner(out)
			pasted := false
			for !pasted && sc.Scan() {
				pasted = sc.Text() == "pasted"
			}
			if !pasted {
				_ = cmd.Wait()
				t.Fatalf("the child ended before pasting:\n%s", stderr.String())
			}
			// Stop the child while it runs a job: SIGTERM must give it
			// back, SIGKILL leaves it under a lease that runs out.
			st, err := store.Open(context.Background(), dsn)
			if err != nil {
				t.Fatal(err)
			}
			running := 0
			for deadline := time.Now().Add(10 * time.Second); running == 0 && time.Now().Before(deadline); {
				stats, err := st.JobStats(context.Background(), time.Now())
				if err != nil {
					t.Fatal(err)
				}
				for _, s := range stats {
					running += s.Running
				}
				time.Sleep(time.Millisecond)
			}
			st.Close()
			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			go func() { _, _ = bufio.NewReader(out).WriteTo(&bytes.Buffer{}) }()
			err = cmd.Wait()
			if sig == syscall.SIGTERM && err != nil {
				t.Fatalf("the child ended with %v after SIGTERM:\n%s", err, stderr.String())
			}

			w := newWorld(t, "2026-06-01 07:00")
			// Interaction ids past the child's: the store remembers the
			// child's ids, and a repeated id gets the child's answer.
			w.ids = 1 << 20
			var g gate
			g.open.Store(true)
			w.tune = func(m *Main) { m.JobOptions = jobs.Options{Idle: g.idle} }
			p := w.start(t, dsn, stubRenderer{})
			left := ungradedPastes(t, p.st, puzzles)
			start := time.Now()
			for ungradedPastes(t, p.st, puzzles) > 0 {
				if time.Since(start) > 30*time.Second {
					t.Fatalf("%d of %d pastes still not graded 30 s after the restart (%d at the restart)",
						ungradedPastes(t, p.st, puzzles), restartPastes, left)
				}
				time.Sleep(50 * time.Millisecond)
			}
			t.Logf("%s with %d job(s) running: %d of %d pastes not graded at the restart; all graded %v after it", sig, running, left, restartPastes,
				time.Since(start).Round(time.Millisecond))
			waitQueueEmpty(t, p.st)

			// A paste of a puzzle graded already queues nothing: with the
			// workers held, no job appears, and the game has the grade.
			g.open.Store(false)
			answers := w.pasteAll(t, "http://"+p.m.Addr(), puzzles[:1])
			if strings.Contains(answers[0], "not graded") {
				t.Errorf("the paste of a graded puzzle answered %q", answers[0])
			}
			if stats, err := p.st.JobStats(context.Background(), time.Now()); err != nil || len(stats) != 0 {
				t.Errorf("after a paste of a graded puzzle the queue holds %+v (%v), want nothing", stats, err)
			}
		})
	}
}

// waitQueueEmpty waits until no job is left: the last completions follow
// the last grades by a moment.
func waitQueueEmpty(t *testing.T, st *store.Store) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; {
		stats, err := st.JobStats(context.Background(), time.Now())
		if err != nil {
			t.Fatal(err)
		}
		if len(stats) == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("jobs left after every paste was graded: %+v", stats)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
