package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/sudokubot/sudokubot/bot"
	"github.com/sudokubot/sudokubot/schedule"
	"github.com/sudokubot/sudokubot/store"
)

func init() {
	register(command{
		name:    "bot",
		summary: "run the Discord bot and the daily publisher",
		run:     runBot,
	})
}

// shutdownGrace is how long in-flight interactions may take to finish
// after SIGTERM.
const shutdownGrace = 10 * time.Second

func runBot(ctx context.Context, env *cliEnv, args []string) int {
	fs := flag.NewFlagSet("bot", flag.ContinueOnError)
	fs.SetOutput(env.stderr)
	configPath := fs.String("config", "", "YAML config `FILE` (see config.example.yaml); the environment wins over it")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: sudokubot bot [--config FILE]")
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(env, fs, args); !ok {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(env.stderr, "sudokubot bot: unexpected argument %q\n", fs.Arg(0))
		return exitUsage
	}
	cfg, err := loadConfigFile(*configPath, env.getenv)
	if err != nil {
		fmt.Fprintf(env.stderr, "error: %v\n", err)
		return exitError
	}
	log := newLogger(env.stderr, cfg)
	if err := serveBot(ctx, cfg, log); err != nil {
		msg := scrubMessage(err.Error())
		log.Error("bot stopped", "err", msg)
		fmt.Fprintf(env.stderr, "error: %s\n", msg)
		return exitError
	}
	return exitOK
}

func newLogger(w io.Writer, cfg Config) *slog.Logger {
	opts := &slog.HandlerOptions{Level: cfg.SlogLevel()}
	if cfg.Log.Format == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

// schedulePoster adapts the bot's Poster to the publisher's Poster,
// mapping Discord's answers to the publisher's errors and counting posts.
type schedulePoster struct {
	p *bot.Poster
	m *bot.Metrics
}

func scheduleError(err error) error {
	var rl *bot.RateLimitError
	switch {
	case err == nil:
		return nil
	case errors.Is(err, bot.ErrForbidden), errors.Is(err, bot.ErrNotFoundDiscord):
		return fmt.Errorf("%w: %w", schedule.ErrForbidden, err)
	case errors.As(err, &rl):
		return fmt.Errorf("%w (%w)", &schedule.RateLimitError{RetryAfter: rl.RetryAfter}, err)
	case errors.Is(err, bot.ErrRateLimited):
		return fmt.Errorf("%w: %w", schedule.ErrNotSent, err)
	case errors.Is(err, bot.ErrUnavailable):
		return err // outcome unknown: the publisher looks for the message
	}
	return fmt.Errorf("%w: %w", schedule.ErrNotSent, err) // Discord rejected it
}

func (a schedulePoster) PostDaily(ctx context.Context, channelID string, p schedule.Post) (string, error) {
	files := make([]bot.File, len(p.Files))
	for i, f := range p.Files {
		files[i] = bot.File{Name: f.Name, ContentType: f.ContentType, Data: f.Data}
	}
	id, err := a.p.PostDaily(ctx, channelID, bot.DailyMessage{Content: p.Content, Files: files, Nonce: p.Nonce, Day: p.Day, Level: p.Level})
	switch {
	case err == nil:
		a.m.DailyPost("posted")
	case errors.Is(err, bot.ErrForbidden), errors.Is(err, bot.ErrNotFoundDiscord):
		a.m.DailyPost("forbidden")
	default:
		a.m.DailyPost("failed")
	}
	return id, scheduleError(err)
}

func (a schedulePoster) FindDaily(ctx context.Context, channelID, marker string, since time.Time) (string, error) {
	id, err := a.p.FindDaily(ctx, channelID, marker, since)
	if errors.Is(err, bot.ErrMessageNotFound) {
		return "", fmt.Errorf("%w: %w", schedule.ErrMessageNotFound, err)
	}
	return id, scheduleError(err)
}

func (a schedulePoster) StartThread(ctx context.Context, channelID, messageID, name string) (string, error) {
	id, err := a.p.StartThread(ctx, channelID, messageID, name)
	return id, scheduleError(err)
}

// botPuzzles makes personal puzzles with the engine and serves dailies
// through the publisher's Dailies, so /sudoku daily and the posted daily
// are one puzzle.
type botPuzzles struct {
	bot.EnginePuzzles
	dailies *schedule.Dailies
}

func (p botPuzzles) Daily(ctx context.Context, day, level string) (store.Puzzle, error) {
	return p.dailies.Get(ctx, day, level)
}

// registerBackoff is the first wait before retrying a failed command
// registration; it doubles up to registerBackoffMax.
var (
	registerBackoff    = time.Second
	registerBackoffMax = 5 * time.Minute
)

// registerCommands registers the slash commands, retrying with backoff
// until it succeeds or ctx ends: Discord being briefly unreachable at
// start-up should not stop a bot that already serves.
func registerCommands(ctx context.Context, b *bot.Bot, log *slog.Logger, api string) {
	wait := registerBackoff
	for attempt := 1; ; attempt++ {
		err := b.RegisterCommands(ctx)
		if err == nil {
			return
		}
		if ctx.Err() != nil {
			return
		}
		log.Warn("registering commands failed; retrying", "attempt", attempt, "retry_in", wait, "api", scrub(api), "err", err)
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		wait = min(2*wait, registerBackoffMax)
	}
}

// viaProxy names a configured REST proxy in errors: discordgo's errors
// show Discord's own URL even when the requests went to the proxy.
func viaProxy(api string) string {
	if api == "" || api == DefaultDiscordAPI {
		return ""
	}
	return " through the REST API at " + scrub(api)
}

// serveBot runs the bot until ctx ends, then shuts down gracefully: stop
// taking interactions, let those in flight finish (up to 10 s), stop the
// publisher, close the gateway and the store.
func serveBot(ctx context.Context, cfg Config, log *slog.Logger) error {
	token := cfg.Discord.Token.Reveal()
	bot.SetDiscordgoLogger(log, token)
	shardID, shardCount, _ := ParseShard(cfg.Discord.Shard)

	st, err := store.Open(ctx, cfg.DB)
	if err != nil {
		return fmt.Errorf("opening the store: %w", err)
	}
	defer st.Close()

	session, err := bot.NewSession(bot.SessionOptions{Token: token, API: cfg.Discord.API, ShardID: shardID, ShardCount: shardCount, Logger: log})
	if err != nil {
		return err
	}
	var pub []byte
	if cfg.Discord.PublicKey != "" {
		pub, _ = cfg.PublicKeyBytes()
	}
	dailies := schedule.NewDailies(st, schedule.EngineGenerator)
	var sched *schedule.Scheduler
	b, err := bot.New(session, bot.Config{
		AppID: cfg.Discord.AppID, PublicKey: pub, DevGuild: cfg.Discord.DevGuild, Logger: log,
		Store: st, Puzzles: botPuzzles{dailies: dailies},
		OnSettingsChanged: func(guildID string) {
			if sched != nil {
				sched.SettingsChanged(guildID)
			}
		},
	})
	if err != nil {
		return err
	}
	schedCfg := schedule.Config{Store: st, Poster: schedulePoster{p: b.Poster(), m: b.Metrics()}, Dailies: dailies, Logger: log, Grace: cfg.Daily.Grace}
	if cfg.Discord.Mode == "gateway" {
		schedCfg.Owns = schedule.OwnShards(shardCount, shardID)
	} else if st.Backend() == store.Postgres {
		elector := &schedule.AdvisoryLockElector{DB: st.DB(), Key: schedule.DefaultLockKey}
		defer elector.Close()
		schedCfg.Elector = elector
	}
	if sched, err = schedule.New(schedCfg); err != nil {
		return err
	}

	var srv *http.Server
	httpErr := make(chan error, 1)
	if cfg.HTTP.Addr != "" {
		ln, err := net.Listen("tcp", cfg.HTTP.Addr)
		if err != nil {
			return fmt.Errorf("http.addr (SUDOKUBOT_HTTP_ADDR): %w", err)
		}
		checks := []bot.Health{st.Ping}
		if cfg.Discord.Mode == "gateway" {
			checks = append(checks, b.GatewayHealth)
		}
		srv = &http.Server{Handler: b.HTTPHandler(checks...), ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 30 * time.Second}
		go func() { httpErr <- srv.Serve(ln) }()
		log.Info("serving HTTP", "addr", ln.Addr().String(), "interactions", cfg.Discord.Mode == "http")
	}
	if cfg.Discord.Mode == "gateway" {
		b.AttachGateway(session)
		if err := session.Open(); err != nil {
			return fmt.Errorf("connecting to the gateway%s: %w", viaProxy(cfg.Discord.API), err)
		}
		log.Info("gateway connected", "shard", shardID, "shards", shardCount)
	}

	// Commands are registered only now that the bot serves (the port is
	// bound, the gateway connected): a start that fails leaves the
	// commands as they were. A failure is retried with backoff meanwhile.
	regCtx, stopReg := context.WithCancel(ctx)
	regDone := make(chan struct{})
	go func() {
		defer close(regDone)
		registerCommands(regCtx, b, log, cfg.Discord.API)
	}()

	schedCtx, stopSched := context.WithCancel(context.Background())
	schedDone := make(chan struct{})
	go func() {
		defer close(schedDone)
		_ = sched.Run(schedCtx)
	}()

	var runErr error
	select {
	case <-ctx.Done():
		log.Info("shutting down: no new interactions, finishing those in flight")
	case err := <-httpErr:
		runErr = fmt.Errorf("HTTP server: %w", err)
	}

	stopReg()
	<-regDone
	sctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	if err := b.Shutdown(sctx); err != nil {
		log.Warn("shutdown", "err", err)
	}
	if srv != nil {
		hctx, hcancel := context.WithTimeout(context.Background(), 2*time.Second)
		_ = srv.Shutdown(hctx)
		hcancel()
	}
	stopSched()
	<-schedDone
	if cfg.Discord.Mode == "gateway" {
		if err := session.Close(); err != nil {
			log.Warn("closing the gateway", "err", err)
		}
	}
	log.Info("stopped")
	return runErr
}
