// Package app is the wiring of `sudokubot bot`: its settings (Config,
// read once into typed values) and Main, which opens the store, the
// Discord session, both doors (the bot and the web board's API, webapi,
// sharing one key ring and one HTTP server), the daily publisher, runs
// them and closes them. The command line (package cli) and the
// end-to-end tests run it; nothing in the core depends on it.
package app

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"os"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/bank"
	"github.com/sudokubot/sudokubot/boardtoken"
	"github.com/sudokubot/sudokubot/bot"
	"github.com/sudokubot/sudokubot/clock"
	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/discordclient"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/heavy"
	"github.com/sudokubot/sudokubot/interactions"
	"github.com/sudokubot/sudokubot/jobs"
	"github.com/sudokubot/sudokubot/live"
	"github.com/sudokubot/sudokubot/metrics"
	"github.com/sudokubot/sudokubot/puzzles"
	"github.com/sudokubot/sudokubot/schedule"
	"github.com/sudokubot/sudokubot/store"
	"github.com/sudokubot/sudokubot/web"
	"github.com/sudokubot/sudokubot/webapi"
)

// Main is `sudokubot bot`: the store, the Discord session, the bot, the
// daily publisher and the HTTP server, wired in one place. Open builds
// and starts serving, Run runs until its context ends and shuts down
// gracefully, Close releases what Open took. The end-to-end tests run
// this same type against a fake Discord, with the clock injected.
type Main struct {
	Config Config
	Logger *slog.Logger
	// Clock drives the bot's game times and the publisher; nil is the
	// system clock. Tests set a fake one.
	Clock clock.Clock
	// Renderer draws the daily posts; nil draws the real PNGs.
	Renderer schedule.Renderer
	// Levels are the daily levels always generated ahead; nil is every
	// level.
	Levels []engine.Level
	// Generator makes the dailies; nil is the engine's.
	Generator daily.Generator
	// Board is the web board to serve (index.html and assets/); nil is
	// the one built into the binary (web.Files). Without index.html there
	// is no board: then no reply offers "Open board" or "Play in Discord",
	// so that no link lands on the page saying the board is not built.
	Board fs.FS
	// JobOptions tune the durable job queue's runner (jobs.Options: workers,
	// lease, ...); zero values take its defaults, and Idle defaults to
	// waiting for the bot's interactive work.
	JobOptions jobs.Options
	// HeavyBudget is the bot's budget for heavy work, and how long a paste's
	// reply waits for its grading; 0 is the bot's default.
	HeavyBudget time.Duration
	// LeaderRenew is how often, on the publisher's clock, every replica
	// asks for the lease (PostgreSQL, HTTP mode): the leader renews it
	// when its last renewal is a third of leaderTTL old, the others take it
	// once it has run out; 0 is 1 s. The lease itself runs out on the
	// wall clock, leaderTTL after the last renewal. Tests on a fake clock ask less
	// often, as they move it by hours.
	LeaderRenew time.Duration
	// BankLevels are the levels whose puzzle bank this process refills in
	// the background (mining keeps about one core busy while it runs);
	// nil refills none, and /sudoku new makes its puzzles when the bank
	// is empty. Serve sets every level.
	BankLevels []engine.Level
	// LibraryMineEvery is how often this process queues a unit of the
	// technique library's mining (jobs.TechniqueMine: one puzzle dug for
	// the least-seeded techniques, its finds kept in the store and served
	// by every replica); 0 queues none. Serve sets
	// DefaultLibraryMineEvery.
	LibraryMineEvery time.Duration
	// LibraryClimbEvery is how often this process queues a round of the
	// technique library's climbs (jobs.TechniqueClimb: a hill climb
	// towards a puzzle for a technique none trains yet, saved in the
	// store between rounds); 0 queues none. Serve sets
	// DefaultLibraryClimbEvery.
	LibraryClimbEvery time.Duration
	// RegisterBackoff is the first wait before retrying a failed command
	// registration (it doubles up to five minutes); 0 is 1 s. A field,
	// not a package variable, so that a test can shorten it while other
	// bots run beside it.
	RegisterBackoff time.Duration
	// Version is the build's, logged at start-up and exported in
	// /metrics as sudokubot_build_info; "" is "dev".
	Version string

	// Set by Open.
	Store   *store.Store
	Session *discordgo.Session
	Bot     *bot.Bot
	// Interactions takes Discord's interactions for the bot, from the
	// signed HTTP endpoint and the gateway, each handled once.
	Interactions *interactions.Receiver
	Web          *webapi.Server
	Scheduler    *schedule.Scheduler
	Dailies      *daily.Source
	Reminders    *schedule.Reminders
	// Jobs runs the durable job queue: gradings of pastes, dailies made on
	// demand. Register other kinds after Open (the runner starts in Open
	// with the kinds registered by then; see jobs.Runner.Register).
	Jobs *jobs.Runner

	// Metrics is the process's /metrics, which every part counts in, and
	// Rejects the log of refused requests both doors share.
	Metrics *metrics.Metrics
	Rejects *metrics.RejectLog
	// Play is the game's use cases, which both doors call.
	Play *game.Service
	// Puzzles makes the puzzles players ask for, from either door.
	Puzzles *puzzles.Maker
	// Heavy is the heavy-work pool both doors share (hints, puzzles made
	// on demand), so a player's work from either counts in one budget.
	Heavy *heavy.Pool

	// Bank refills the store's puzzle bank of BankLevels, as jobs of the
	// durable queue (jobs.BankRefill): queued at start and after every
	// claim, one per level at a time across every process.
	Bank *bank.Bank

	stopJobs func()
	// library is the technique library training serves: the shipped one
	// and the store's finds.
	library *techLibrary
	// Live tells the web board's event streams of every change of their
	// games, across processes on PostgreSQL; stopLive ends its listener.
	Live     *live.Hub
	stopLive func()

	board   fs.FS // the board served, nil when there is none
	elector *store.LeaderLease
	srv     *http.Server
	ln      net.Listener
	httpErr chan error
	gateway *interactions.Gateway // nil unless started in gateway mode
}

// Open opens the store, builds the bot and the publisher, binds the HTTP
// listener and, in gateway mode, connects to the gateway. Commands are
// not registered yet: Run does that once the bot serves. After an error
// Close releases whatever was opened.
func (m *Main) Open(ctx context.Context) error {
	cfg := m.Config
	if m.Logger == nil {
		m.Logger = slog.Default()
	}
	log := m.Logger
	if err := cfg.Validate(); err != nil {
		return err
	}
	token := cfg.Discord.Token.Reveal()
	discordclient.SetDiscordgoLogger(log, token)
	shard := cfg.Discord.Shard
	version := m.Version
	if version == "" {
		version = "dev"
	}
	log.Info("starting sudokubot", "version", version, "mode", cfg.Discord.Mode)

	var err error
	if m.Store, err = store.Open(ctx, cfg.DB); err != nil {
		return fmt.Errorf("opening the store: %w", err)
	}
	kind, where := storeLocation(cfg.DB)
	log.Info("store opened", "kind", kind, "at", where)
	m.Session, err = discordclient.NewSession(discordclient.SessionOptions{Token: token, API: cfg.Discord.API, ShardID: shard.ID, ShardCount: shard.Count, Logger: log})
	if err != nil {
		return err
	}
	gen := m.Generator
	if gen == nil {
		gen = daily.EngineGenerator
	}
	m.Dailies = daily.NewSource(m.Store, gen)
	m.Bank = &bank.Bank{Store: m.Store, Gen: bank.Generator(gen), Log: log}
	// One key ring for both doors: the Discord door mints the "Open
	// board" links, the web door checks them.
	keys := boardtoken.NewRing(m.Store, m.Clock)
	m.board = m.findBoard()
	m.Metrics = metrics.New()
	m.Rejects = metrics.NewRejectLog(log, rejectLogEvery, m.Clock)
	m.Heavy = heavy.New(heavy.Options{Budget: m.HeavyBudget, Counter: m.Metrics, Logger: log})
	// One set of use cases for both doors: hints in the shared pool, and
	// the effects of a change (a race card) whichever door it came from.
	// The live boards hear every change the use cases commit.
	m.openLive()
	m.Play = game.New(m.Store, heavy.Hinter{Pool: m.Heavy}, m.Clock)
	m.Play.Notify(m.Live)
	m.library = &techLibrary{store: m.Store, clock: clock.Or(m.Clock)}
	m.openJobs()
	// One puzzle maker for both doors, in the shared pool.
	m.Puzzles = &puzzles.Maker{Pool: m.Heavy, Store: m.Store, Dailies: m.Dailies, Jobs: m.Jobs, PasteWait: m.HeavyBudget, Log: log, Library: m.library.get,
		BankClaimed: func(level engine.Level) {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			m.refillBank(ctx, level)
		}}
	if m.Bot, err = bot.New(m.Session, m.botConfig(keys)); err != nil {
		return err
	}
	if m.Interactions, err = interactions.New(interactions.Config{Door: m.Bot, PublicKey: cfg.Discord.PublicKey, Claims: m.Store,
		Clock: m.Clock, Logger: log, Metrics: m.Metrics, Rejects: m.Rejects}); err != nil {
		return err
	}
	if cfg.Discord.Mode == ModeGateway {
		// Made before the listener, whose /healthz asks it.
		m.gateway = interactions.NewGateway(m.Session, m.Interactions)
	}
	if err := m.Metrics.Register(m.Jobs.Collector()); err != nil {
		return fmt.Errorf("job queue metrics: %w", err)
	}
	m.startJobs()
	m.Metrics.SetBuildInfo(version)
	if err := keys.Load(ctx); err != nil {
		return fmt.Errorf("the web board's link keys: %w", err)
	}
	if m.Web, err = webapi.New(m.webConfig(keys)); err != nil {
		return err
	}
	if m.Scheduler, err = schedule.New(m.scheduleConfig(shard)); err != nil {
		return err
	}
	// Every process runs the reminders: the store's daily claim sends each
	// one once.
	m.Reminders = &schedule.Reminders{Store: m.Store, DM: discordclient.NewPoster(m.Session, cfg.Discord.AppID), Clock: m.Clock, Logger: log}
	if err := m.listen(); err != nil {
		return err
	}
	if cfg.Discord.Mode == ModeGateway {
		// Discord refusing the token stops the start; Discord unreachable
		// does not: the Gateway retries in the background while /healthz
		// says why, as HTTP mode retries command registration.
		if err := m.gateway.Open(ctx); err != nil {
			m.gateway = nil
			return fmt.Errorf("connecting to the gateway%s: %w", viaProxy(cfg.Discord.API), err)
		}
	}
	return nil
}

// rejectLogEvery is the least time between two log lines about refused
// requests, from either door (they are all counted in /metrics).
const rejectLogEvery = 10 * time.Second

func (m *Main) botConfig(keys *boardtoken.Ring) bot.Config {
	cfg := m.Config
	publicURL, activity := cfg.BoardURL(), cfg.Discord.Activity
	if m.board == nil {
		// A link to a board that is not there is a dead end: offer none.
		publicURL, activity = "", false
	}
	bc := bot.Config{
		AppID: cfg.Discord.AppID, DevGuild: cfg.Discord.DevGuild, Logger: m.Logger,
		Store: m.Store, Metrics: m.Metrics, Heavy: m.Heavy, Play: m.Play, Maker: m.Puzzles,
		Guilds: game.Guilds{Store: m.Store, Clock: m.Clock}, Races: game.Races{Store: m.Store, Clock: m.Clock}, Boards: game.Leaderboards{Store: m.Store},
		PublicURL: publicURL, Activity: activity, BoardKeys: keys,
		OnSettingsChanged: func(guildID string) {
			if m.Scheduler != nil {
				m.Scheduler.SettingsChanged(guildID)
			}
		},
	}
	return bc
}

// webConfig is the web door's: the game's use cases and the puzzle maker
// both doors share (one heavy pool), its metrics and reject log (one
// /metrics, one throttle), and the built board.
func (m *Main) webConfig(keys *boardtoken.Ring) webapi.Config {
	cfg := m.Config
	return webapi.Config{
		Store: m.Store, Play: m.Play, Keys: keys, Puzzle: m.firstPuzzle, Train: m.Puzzles.Training, Library: m.Puzzles.TechniqueLibrary,
		Metrics: m.Metrics, Rejects: m.Rejects, Logger: m.Logger, Clock: m.Clock,
		Web: m.board, AppID: cfg.Discord.AppID, Activity: cfg.Discord.Activity,
		ClientSecret: cfg.Discord.ClientSecret.Reveal(), BotToken: cfg.Discord.Token.Reveal(), DiscordAPI: cfg.Discord.API,
		TrustedProxies: cfg.HTTP.TrustedProxies, Dailies: webDailies{m}, Live: m.Live,
	}
}

// openLive starts the live boards' hub: in process on SQLite, and on
// PostgreSQL listening for the other processes' changes until Close.
func (m *Main) openLive() {
	var n live.Notifier
	if m.Store.Backend() == store.Postgres {
		n = m.Store
	}
	m.Live = live.New(n, live.Options{Logger: m.Logger})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = m.Live.Run(ctx)
	}()
	m.stopLive = func() {
		cancel()
		<-done
	}
}

// firstPuzzle is the Activity's first game: a fresh puzzle of the default
// level.
func (m *Main) firstPuzzle(ctx context.Context, user string) (store.Puzzle, error) {
	return m.Puzzles.Fresh(ctx, user, engine.DefaultLevel, "")
}

// webDailies is the board's calendar: a guild's daily clock now
// (game.Guilds.Now, as the chat's) and the daily made in the shared pool.
type webDailies struct{ m *Main }

func (d webDailies) Now(ctx context.Context, guildID string) (game.DailyNow, error) {
	return game.Guilds{Store: d.m.Store, Clock: d.m.Clock}.Now(ctx, guildID)
}

func (d webDailies) DailyPuzzle(ctx context.Context, user string, day store.Day, level engine.Level) (store.Puzzle, error) {
	return d.m.Puzzles.Daily(ctx, user, day, level)
}

// findBoard is the board to serve, nil when the binary has none (a plain
// `go build` of a fresh clone). It says so once, at start-up, with what
// that turns off and how to build the board in.
func (m *Main) findBoard() fs.FS {
	files, built := m.Board, false
	if files == nil {
		files, built = web.Files()
	} else {
		st, err := fs.Stat(files, "index.html")
		built = err == nil && !st.IsDir()
	}
	if built {
		return files
	}
	cfg := m.Config
	if cfg.HTTP.PublicURL != "" || cfg.Discord.Activity {
		m.Logger.Warn("this binary has no web board built in, so replies offer no \"Open board\" link and no Activity even though http.public_url or discord.activity is set; build the board in: npm --prefix web ci && npm --prefix web run build, then go build")
	} else if cfg.HTTP.Addr != "" {
		m.Logger.Info("this binary has no web board built in: /board/ and /activity/ answer 503 (npm --prefix web ci && npm --prefix web run build, then rebuild)")
	}
	return nil
}

func (m *Main) scheduleConfig(shard Shard) schedule.Config {
	sc := schedule.Config{
		Store: m.Store, Poster: schedulePoster{p: discordclient.NewPoster(m.Session, m.Config.Discord.AppID), m: m.Metrics}, Dailies: m.Dailies,
		Renderer: m.Renderer, Clock: m.Clock, Levels: m.Levels, Logger: m.Logger, Grace: m.Config.Daily.Grace,
	}
	// In gateway mode each shard posts for its own guilds; behind the HTTP
	// endpoint any replica may, so PostgreSQL elects one.
	if m.Config.Discord.Mode == ModeGateway {
		sc.Owns = schedule.OwnShards(shard.Count, shard.ID)
	} else if m.Store.Backend() == store.Postgres {
		// A lease every replica asks for every ElectEvery, the leader to
		// renew it: a leader that stops renewing (dead, or frozen with its
		// connections open) is replaced within leaderTTL+ElectEvery, and
		// its fencing token keeps it from posting once thawed. On SQLite one process posts alone.
		lease := m.Store.LeaderLease("publisher", leaseHolder(), leaderTTL)
		m.elector = lease
		sc.Elector = lease
		sc.ElectEvery = leaderRenew
		if m.LeaderRenew > 0 {
			sc.ElectEvery = m.LeaderRenew
		}
	}
	return sc
}

// The publisher's leader lease: asked for every leaderRenew, renewed
// every 2 s (leaderTTL/3), it runs out leaderTTL after the last renewal,
// so another replica takes over within leaderTTL+leaderRenew (7 s) of a
// leader's last renewal, leaving 3 s of the 10 s that issue 36 allows
// for the new leader's first post. Asking every second costs nothing
// more: between renewals, and until the lease another holds runs out, the
// lease answers from memory.
const (
	leaderTTL   = 6 * time.Second
	leaderRenew = time.Second
)

// leaseHolder names this process in the leader lease: host, pid and a
// random part, unique among replicas and restarts.
func leaseHolder() string {
	host, _ := os.Hostname()
	var b [4]byte
	_, _ = rand.Read(b[:])
	return fmt.Sprintf("%s/%d/%x", host, os.Getpid(), b)
}

// listen binds the HTTP address, if one is set, and serves on it.
func (m *Main) listen() error {
	cfg := m.Config
	if cfg.HTTP.Addr == "" {
		return nil
	}
	ln, err := net.Listen("tcp", cfg.HTTP.Addr)
	if err != nil {
		return fmt.Errorf("http.addr (SUDOKUBOT_HTTP_ADDR): %w", err)
	}
	checks := []Health{storeHealth(m.Store)}
	if gw := m.gateway; gw != nil {
		checks = append(checks, gatewayHealth(gw))
	}
	m.ln = ln
	m.httpErr = make(chan error, 1)
	// One server, two doors: Discord's interactions endpoint, and the
	// board and its API; and the process's /healthz and /metrics.
	mux := http.NewServeMux()
	if len(cfg.Discord.PublicKey) == ed25519.PublicKeySize {
		mux.Handle("POST /interactions", m.Interactions)
	}
	mux.Handle("GET /healthz", healthHandler(m.Logger, m.Bot.Draining, checks...))
	mux.Handle("GET /metrics", m.Metrics.Guarded(cfg.HTTP.MetricsToken.Reveal()))
	webDoor := m.Web.Handler()
	for _, prefix := range webapi.Prefixes() {
		mux.Handle(prefix, webDoor)
	}
	// Deadlines on the connection too: the handlers' own (the web door's
	// 20 s, an interaction's deferral within Discord's 3 s) come first;
	// these end a client that sends or reads too slowly.
	m.srv = &http.Server{Handler: noSniff(mux), ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 30 * time.Second,
		WriteTimeout: 90 * time.Second, IdleTimeout: 2 * time.Minute}
	go func() { m.httpErr <- m.srv.Serve(ln) }()
	m.Logger.Info("serving HTTP", "addr", ln.Addr().String(), "interactions", cfg.Discord.Mode == ModeHTTP)
	return nil
}

// noSniff marks every answer of the server, whatever door or error wrote
// it (a picture, /metrics, a 404), as meaning only its Content-Type: no
// browser may take a picture or a JSON error for a script or a page.
func noSniff(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Content-Type-Options", "nosniff")
		h.ServeHTTP(w, r)
	})
}

// Addr is the address the HTTP server listens on, or "" without one.
func (m *Main) Addr() string {
	if m.ln == nil {
		return ""
	}
	return m.ln.Addr().String()
}

// Run registers the commands (retrying with backoff), runs the publisher
// and serves until ctx ends or the HTTP server fails, then shuts down
// gracefully: no new interactions, those in flight finish (up to
// shutdownGrace), the HTTP server and the publisher stop.
func (m *Main) Run(ctx context.Context) error {
	// Commands are registered only now that the bot serves (the port is
	// bound, the gateway connected): a start that fails leaves the
	// commands as they were.
	regCtx, stopReg := context.WithCancel(ctx)
	regDone := make(chan struct{})
	go func() {
		defer close(regDone)
		registerCommands(regCtx, m.Bot, m.Logger, m.Config.Discord.API, m.RegisterBackoff)
	}()
	// The publisher gets its own context: it stops after the bot has
	// drained, not when the signal arrives.
	schedCtx, stopSched := context.WithCancel(context.WithoutCancel(ctx))
	schedDone := make(chan struct{})
	go func() {
		defer close(schedDone)
		var wg sync.WaitGroup
		wg.Go(func() { _ = m.Scheduler.Run(schedCtx) })
		wg.Go(func() { _ = m.Reminders.Run(schedCtx) })
		wg.Go(func() { m.runBank(schedCtx) })
		wg.Go(func() { m.runLibraryJob(schedCtx, m.LibraryMineEvery, jobs.TechniqueMine, libraryMineKey) })
		wg.Go(func() { m.runLibraryJob(schedCtx, m.LibraryClimbEvery, jobs.TechniqueClimb, libraryClimbKey) })
		wg.Wait()
	}()

	var runErr error
	select {
	case <-ctx.Done():
		m.Logger.Info("shutting down: no new interactions, finishing those in flight")
	case err := <-m.httpErr: // nil channel without HTTP: never ready
		runErr = fmt.Errorf("HTTP server: %w", err)
	}
	stopReg()
	<-regDone
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), shutdownGrace)
	defer cancel()
	if err := m.Bot.Shutdown(sctx); err != nil {
		m.Logger.Warn("shutdown", "err", err)
	}
	if m.srv != nil {
		// The board's event streams would hold the graceful wait: end
		// them, and the pages reconnect to another replica.
		m.Web.StopStreams()
		hctx, hcancel := context.WithTimeout(context.WithoutCancel(ctx), 2*time.Second)
		_ = m.srv.Shutdown(hctx)
		hcancel()
	}
	stopSched()
	<-schedDone
	m.stopJobs()
	m.Logger.Info("stopped")
	return runErr
}

// Close closes the gateway, the HTTP listener, the leader election and
// the store. It is safe after a failed Open and after Run.
func (m *Main) Close() error {
	var errs []error
	if m.stopJobs != nil {
		m.stopJobs()
	}
	if m.Web != nil {
		m.Web.StopStreams()
	}
	if m.Heavy != nil {
		m.Heavy.Close()
	}
	if m.gateway != nil {
		if err := m.gateway.Close(); err != nil {
			errs = append(errs, fmt.Errorf("closing the gateway: %w", err))
		}
		m.gateway = nil
	}
	if m.srv != nil {
		if err := m.srv.Close(); err != nil && !errors.Is(err, http.ErrServerClosed) {
			errs = append(errs, err)
		}
	}
	if m.elector != nil {
		if err := m.elector.Close(); err != nil {
			errs = append(errs, err)
		}
	}
	if m.stopLive != nil {
		m.stopLive()
		m.stopLive = nil
	}
	if m.Dailies != nil {
		m.Dailies.Close() // a daily still being made is stored first
	}
	if m.Store != nil {
		if err := m.Store.Close(); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// runBank gives the puzzles stored before the canonical keys theirs
// (store.BackfillCanon), then queues a refill of every level of
// BankLevels; claims queue the later ones.
func (m *Main) runBank(ctx context.Context) {
	for {
		n, err := m.Store.BackfillCanon(ctx, 200)
		if err != nil {
			if ctx.Err() == nil {
				m.Logger.Warn("computing puzzles' canonical keys failed", "err", err)
			}
			break
		}
		if n == 0 {
			break
		}
	}
	for _, level := range m.BankLevels {
		m.refillBank(ctx, level)
	}
}
