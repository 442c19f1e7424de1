package app

import (
	"os"
	"testing"

	"go.uber.org/goleak"
)

// Most tests here call t.Parallel: each opens its own store (a SQLite
// file in t.TempDir or a PostgreSQL schema of its own, storetest), its own
// fake Discord and servers on ports of 127.0.0.1:0, so none sees another's
// state, and their waits (restarts, drops, retries) overlap instead of
// adding up. The tests that assert a latency (a silent database, a frozen
// leader) and the browser tests, each a Chromium, run alone.
//
// TestMain fails the package if any goroutine outlives its tests: a
// gateway session, job runner or server left running by one test races
// with the next one's (it once wrote discordgo's logger under -race).
// Run with replicaEnv set, the binary is a child replica instead
// (runReplica), not a test run.
func TestMain(m *testing.M) {
	if raw := os.Getenv(replicaEnv); raw != "" {
		os.Exit(runReplica(raw))
	}
	goleak.VerifyTestMain(m)
}
