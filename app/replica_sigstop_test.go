//go:build unix

package app

import (
	"context"
	"database/sql"
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/internal/discordtest"
	"github.com/sudokubot/sudokubot/store"
	"github.com/sudokubot/sudokubot/store/storetest"
)

// TestReplicasLeaderSIGSTOP is issue 36's frozen leader with real
// processes: two replicas (this binary run again, runReplica) serve as
// `sudokubot bot` does behind the HTTP endpoint, on one PostgreSQL
// database and the fake Discord. Just before the guild's posting time the
// test sends SIGSTOP to the one holding the publisher's lease, right after
// one of its renewals; the frozen process keeps its database connections.
// The other replica must post the daily within 10 s of that last renewal
// (the figure is logged). Then SIGCONT: the thawed former leader finds
// the lease taken (the fencing token moved on) and posts nothing: one
// POST, one message, one record.
func TestReplicasLeaderSIGSTOP(t *testing.T) {
	dsn := postgresForCI(t)
	// The replicas' clocks read 08:59:40 now and run at the real pace; the
	// guild posts at 09:00, and the test watches the lease from 08:59:54,
	// leaving them 14 s to start and elect.
	base, epoch := utc(t, "2026-06-01 08:59").Add(40*time.Second), time.Now()
	clk := shiftedClock{base, epoch}
	fake := discordtest.New(t, discordtest.WithClock(clk.Now))
	fake.SetupGuild(e2eGuild)
	st, err := store.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	saveGuild(t, st, "09:00")
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })

	settings, err := json.Marshal(replicaSettings{DB: dsn, API: fake.APIBase(), Token: fake.Token, AppID: fake.AppID, Base: base, Epoch: epoch})
	if err != nil {
		t.Fatal(err)
	}
	replicas := map[int]*replica{}
	for range 2 {
		r := startReplica(t, string(settings))
		replicas[r.cmd.Process.Pid] = r
	}

	// Wait for a leader and, from 08:59:54 on, for one of its renewals
	// (every 2 to 3 s); stop it right after, so that it stops renewing at
	// a known time and the lease runs out at 09:00 or just after.
	due := utc(t, "2026-06-01 09:00")
	var before, seen lease
	for watching := false; ; time.Sleep(20 * time.Millisecond) {
		now := clk.Now()
		if now.After(due) {
			t.Fatalf("no renewal seen by a replica's leader before posting time (last lease %+v)", seen)
		}
		l, ok := readLease(t, db)
		if !ok || replicas[l.pid] == nil || now.Before(due.Add(-6*time.Second)) {
			continue
		}
		if watching && l.pid == seen.pid && l.expires.After(seen.expires) {
			before = l
			break
		}
		seen, watching = l, true
	}
	leader := replicas[before.pid]
	if err := syscall.Kill(before.pid, syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	stoppedAt := time.Now()
	frozen, _ := readLease(t, db)
	lastRenewal := frozen.expires.Add(-leaderTTL)
	if frozen.pid != before.pid {
		t.Fatalf("the lease moved to pid %d as pid %d was stopped", frozen.pid, before.pid)
	}
	if n := len(fake.Messages(e2eChannel)); n != 0 {
		t.Fatalf("%d messages before posting time", n)
	}

	var msg discordtest.Message
	select {
	case msg = <-fake.Created():
	case <-time.After(30 * time.Second):
		t.Fatalf("no replica posted within 30 s of the leader's SIGSTOP")
	}
	took := time.Since(lastRenewal)
	after, _ := readLease(t, db)
	t.Logf("leader pid %d stopped at %s on the replicas' clock, %s after its last renewal; pid %d posted the daily at %s, %s after that renewal (term %d -> %d)",
		before.pid, clk.base.Add(stoppedAt.Sub(clk.epoch)).Format("15:04:05.000"), stoppedAt.Sub(lastRenewal).Round(time.Millisecond),
		after.pid, msg.Time.Format("15:04:05.000"), took.Round(10*time.Millisecond), before.token, after.token)
	if took > 10*time.Second {
		t.Errorf("the other replica posted %s after the frozen leader's last renewal, want within 10 s", took.Round(10*time.Millisecond))
	}
	if after.pid == before.pid || after.token <= before.token {
		t.Errorf("lease after the takeover %+v, before %+v: want another holder under a new term", after, before)
	}

	// Thawed, the former leader asks for the lease, finds it taken and
	// stands down; give it a few of its rounds to post if it could.
	if err := syscall.Kill(before.pid, syscall.SIGCONT); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(15 * time.Second); !strings.Contains(leader.logs.String(), `msg="daily publisher leadership changed" leader=false`); {
		if time.Now().After(deadline) {
			t.Fatalf("the thawed leader never stood down:\n%s", leader.logs.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	time.Sleep(5 * time.Second)
	posts := fake.Calls(http.MethodPost, postsPath)
	msgs := fake.Messages(e2eChannel)
	rec, err := st.DailyPost(context.Background(), e2eGuild, mustDay("2026-06-01"))
	t.Logf("after the thaw: %d POSTs, %d messages, record %q", len(posts), len(msgs), rec.MessageID)
	if len(posts) != 1 || len(msgs) != 1 {
		t.Errorf("%d POSTs and %d messages, want the daily exactly once", len(posts), len(msgs))
	}
	if err != nil || rec.MessageID != msg.ID {
		t.Errorf("the daily's record %+v, %v; want message %s", rec, err, msg.ID)
	}
}

// postgresForCI is storetest.Postgres, except that in CI (CI=true) a
// missing database is a failure, not a skip.
func postgresForCI(t *testing.T) string {
	t.Helper()
	if os.Getenv(storetest.PostgresEnv) == "" && os.Getenv("CI") == "true" {
		t.Fatalf("%s is not set in CI; this test needs PostgreSQL", storetest.PostgresEnv)
	}
	return storetest.Postgres(t)
}

// replica is a child process serving as a replica (runReplica).
type replica struct {
	cmd  *exec.Cmd
	logs *syncWriter
}

// startReplica starts this test binary as a replica with settings; it is
// thawed, stopped with SIGTERM (SIGKILL after 15 s) and waited for when
// the test ends, its log printed if the test failed.
func startReplica(t *testing.T, settings string) *replica {
	t.Helper()
	r := &replica{cmd: exec.Command(os.Args[0], "-test.run=^$"), logs: &syncWriter{}}
	r.cmd.Env = append(os.Environ(), replicaEnv+"="+settings)
	r.cmd.Stdout, r.cmd.Stderr = r.logs, r.logs
	// The replica stops when this end closes, as it does if the test
	// binary dies without its clean-up.
	stdin, err := r.cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := r.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- r.cmd.Wait() }()
	t.Cleanup(func() {
		pid := r.cmd.Process.Pid
		_ = syscall.Kill(pid, syscall.SIGCONT)
		_ = r.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("replica %d: %v", pid, err)
			}
		case <-time.After(15 * time.Second):
			_ = r.cmd.Process.Kill()
			<-done
			t.Errorf("replica %d did not stop within 15 s of SIGTERM", pid)
		}
		stdin.Close()
		if t.Failed() {
			t.Logf("replica %d log:\n%s", pid, r.logs.String())
		}
	})
	return r
}

// lease is the publisher's lease row as the replicas left it.
type lease struct {
	pid     int
	token   int64
	expires time.Time
}

// readLease reads the publisher's lease; the holder is "host/pid/random"
// (leaseHolder).
func readLease(t *testing.T, db *sql.DB) (lease, bool) {
	t.Helper()
	var holder string
	var l lease
	var ms int64
	err := db.QueryRowContext(context.Background(), `SELECT holder, token, expires_at FROM leader_leases WHERE name = 'publisher'`).Scan(&holder, &l.token, &ms)
	if err != nil {
		return lease{}, false
	}
	parts := strings.Split(holder, "/")
	if len(parts) != 3 {
		t.Fatalf("lease holder %q, want host/pid/random", holder)
	}
	if l.pid, err = strconv.Atoi(parts[1]); err != nil {
		t.Fatalf("lease holder %q: %v", holder, err)
	}
	l.expires = time.UnixMilli(ms)
	return l, true
}
