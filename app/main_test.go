package app

import (
	"os"
	"testing"

	"go.uber.org/goleak"
)

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
