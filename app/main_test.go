package app

import (
	"testing"

	"go.uber.org/goleak"
)

// TestMain fails the package if any goroutine outlives its tests: a
// gateway session, job runner or server left running by one test races
// with the next one's (it once wrote discordgo's logger under -race).
func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m)
}
