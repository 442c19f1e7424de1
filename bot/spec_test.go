package bot

import (
	"log/slog"
	"os"
	"testing"
)

// discordgoLogs receives discordgo's own log lines in every test: the
// hook is package-level, so it is set once, before any session exists.
var discordgoLogs = &syncBuffer{}

func TestMain(m *testing.M) {
	SetDiscordgoLogger(slog.New(slog.NewTextHandler(discordgoLogs, &slog.HandlerOptions{Level: slog.LevelDebug})), "")
	os.Exit(m.Run())
}
