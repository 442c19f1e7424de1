package bot

import (
	"log/slog"
	"testing"

	"github.com/sudokubot/sudokubot/discordclient"
	"go.uber.org/goleak"
)

// discordgoLogs receives discordgo's own log lines in every test: the
// hook is package-level, so it is set once, before any session exists.
var discordgoLogs = &syncBuffer{}

// Most tests call t.Parallel: each harness has its own SQLite file, fake
// Discord and HTTP server, so their waits overlap. The tests that time
// something (a deferral at 2 s, a drain, a resume, the heavy pool's
// budget) run alone, so another test's work cannot make them late.
func TestMain(m *testing.M) {
	discordclient.SetDiscordgoLogger(slog.New(slog.NewTextHandler(discordgoLogs, &slog.HandlerOptions{Level: slog.LevelDebug})), "")
	// No goroutine may outlive the tests: a session or server left running
	// races with the next test's (it once wrote discordgo's logger).
	goleak.VerifyTestMain(m)
}
