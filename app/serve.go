package app

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/url"
	"path/filepath"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/bot"
	"github.com/sudokubot/sudokubot/discordapi"
	"github.com/sudokubot/sudokubot/discordclient"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/internal/retry"
	"github.com/sudokubot/sudokubot/metrics"
	"github.com/sudokubot/sudokubot/schedule"
	"github.com/sudokubot/sudokubot/store"
)

// shutdownGrace is how long in-flight interactions may take to finish
// after SIGTERM.
const shutdownGrace = 10 * time.Second

// NewLogger is the logger cfg asks for, writing to w.
func NewLogger(w io.Writer, cfg Config) *slog.Logger {
	opts := &slog.HandlerOptions{Level: cfg.Log.Level}
	if cfg.Log.Format == LogJSON {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

// schedulePoster adapts the Discord client's Poster to the publisher's
// Poster, with the Discord door's "Play privately" button under the post,
// and counts posts. Both speak discordapi's errors.
type schedulePoster struct {
	p *discordclient.Poster
	m *metrics.Metrics
}

func (a schedulePoster) PostDaily(ctx context.Context, channelID string, p schedule.Post) (string, error) {
	files := make([]discordclient.File, len(p.Files))
	for i, f := range p.Files {
		files[i] = discordclient.File{Name: f.Name, ContentType: f.ContentType, Data: f.Data, Description: f.Description}
	}
	button := bot.PlayButton(p.Locale, p.Day.String(), p.Level)
	id, err := a.p.PostDaily(ctx, channelID, discordclient.DailyMessage{Content: p.Content, Files: files, Nonce: p.Nonce,
		Components: []discordgo.MessageComponent{button}})
	switch {
	case err == nil:
		a.m.DailyPost("posted")
	case errors.Is(err, discordapi.ErrForbidden), errors.Is(err, discordapi.ErrNotFound):
		a.m.DailyPost("forbidden")
	default:
		a.m.DailyPost("failed")
	}
	return id, err
}

func (a schedulePoster) FindDaily(ctx context.Context, channelID, marker string, since time.Time) (string, error) {
	return a.p.FindDaily(ctx, channelID, marker, since)
}

func (a schedulePoster) StartThread(ctx context.Context, channelID, messageID, name string) (string, error) {
	return a.p.StartThread(ctx, channelID, messageID, name)
}

// registerBackoff is the first wait before retrying a failed command
// registration (Main.RegisterBackoff when set); it doubles up to
// registerBackoffMax.
const (
	registerBackoff    = time.Second
	registerBackoffMax = 5 * time.Minute
)

// registerCommands registers the slash commands, retrying with backoff
// until it succeeds or ctx ends: Discord being briefly unreachable at
// start-up should not stop a bot that already serves.
func registerCommands(ctx context.Context, b *bot.Bot, log *slog.Logger, api string, first time.Duration) {
	if first <= 0 {
		first = registerBackoff
	}
	p := retry.Policy{First: first, Max: registerBackoffMax}
	_ = p.Do(ctx, func() error { return b.RegisterCommands(ctx) }, func(attempt int, wait time.Duration, err error) {
		log.Warn("registering commands failed; retrying", "attempt", attempt, "retry_in", wait, "api", scrub(api), "err", err)
	})
}

// viaProxy names a configured REST proxy in errors that name no URL of
// their own (a 401, a closed gateway).
func viaProxy(api string) string {
	if api == "" || api == DefaultDiscordAPI {
		return ""
	}
	return " through the REST API at " + scrub(api)
}

// storeLocation says which store a DSN opens, for the start-up log:
// "postgres" and its host and database (never the user, password or
// query), or "sqlite" and the file's absolute path.
func storeLocation(dsn string) (kind, where string) {
	if strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://") {
		u, err := url.Parse(dsn)
		if err != nil {
			return store.Postgres, "(unparsable URL)"
		}
		return store.Postgres, u.Host + u.Path
	}
	if dsn == "" {
		dsn = store.DefaultPath
	}
	if dsn == ":memory:" || strings.HasPrefix(dsn, "file:") {
		path, _, _ := strings.Cut(dsn, "?")
		return store.SQLite, path
	}
	if abs, err := filepath.Abs(dsn); err == nil {
		dsn = abs
	}
	return store.SQLite, dsn
}

// Serve is `sudokubot bot`: it runs the bot (built as version) until ctx
// ends, then shuts down gracefully (see Main.Run). Its error may quote a
// setting: show it through ScrubMessage.
func Serve(ctx context.Context, cfg Config, log *slog.Logger, version string) error {
	m := &Main{Config: cfg, Logger: log, Version: version, BankLevels: engine.Levels, LibraryMineEvery: DefaultLibraryMineEvery,
		LibraryClimbEvery: DefaultLibraryClimbEvery}
	defer func() {
		if err := m.Close(); err != nil {
			log.Warn("closing", "err", err)
		}
	}()
	if err := m.Open(ctx); err != nil {
		return err
	}
	return m.Run(ctx)
}
