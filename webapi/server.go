package webapi

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"time"

	"github.com/sudokubot/sudokubot/boardtoken"
	"github.com/sudokubot/sudokubot/clock"
	"github.com/sudokubot/sudokubot/discordapi"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/live"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/store"
)

// Store is what the web door reads itself, as small interfaces by
// subject; every change goes through the game's use cases (Config.Play).
// *store.Store implements it.
type Store interface {
	GameReader
	StatsReader
	RaceReader
}

// GameReader reads a board's game and a co-op board's players and cells.
type GameReader interface {
	Game(ctx context.Context, id int64) (store.Game, error)
	CoopPlayers(ctx context.Context, gameID int64) ([]store.CoopPlayer, error)
	CoopCells(ctx context.Context, gameID int64) ([engine.NumCells]string, error)
}

// StatsReader reads a player's statistics, progress and calendar.
type StatsReader interface {
	PlayerStats(ctx context.Context, guildID, userID string) (store.PlayerStats, error)
	LiveStreak(ctx context.Context, guildID, userID, today string) (int, error)
	History(ctx context.Context, guildID, userID string, since time.Time, limit int) ([]store.Finished, error)
	Dailies(ctx context.Context, userID string, first, last store.Day) ([]store.Daily, error)
}

// RaceReader reads a race and its racers' games, for the standings.
type RaceReader interface {
	Race(ctx context.Context, id int64) (store.Race, error)
	RaceGames(ctx context.Context, id int64) ([]store.Game, error)
}

var _ Store = (*store.Store)(nil)

// Metrics counts the web door's answers in the process's /metrics
// (*metrics.Metrics is one).
type Metrics interface {
	// WebRequest counts an answer of an API call by its HTTP status.
	WebRequest(call string, status int)
	// Rejected counts a request refused before handling, by reason.
	Rejected(reason string)
	// Error counts an error of a kind.
	Error(kind string)
}

// RejectLog logs refused requests, at most one line per interval however
// many there are (*metrics.RejectLog, which app shares with the
// interactions endpoint).
type RejectLog interface {
	LogRejected(reason string, status int, remote string, err error)
}

// Config is what New needs. Store, Play and Keys are required.
type Config struct {
	Store Store
	// Play runs the game's use cases (with the heavy pool's hinter,
	// heavy.Hinter, so hints from both doors share one budget).
	Play *game.Service
	// Keys check the board tokens and mint the Activity's.
	Keys *boardtoken.Ring
	// Puzzle makes a new puzzle at the default level for a player (the
	// Activity's first game); nil makes the Activity refuse to start one.
	Puzzle func(ctx context.Context, user string) (store.Puzzle, error)
	// Train makes a training puzzle of a technique for a player (a lesson
	// page's Practise button, and its example picture with user ""), in
	// the heavy pool (puzzles.Maker.Training); nil makes them with the
	// engine here.
	Train func(ctx context.Context, user string, t engine.TechniqueID) (engine.TechniquePuzzle, error)
	// Library is the technique library Train serves from (the shipped one
	// and the background jobs' finds: puzzles.Maker.TechniqueLibrary): a
	// lesson page offers Practise only where it can serve one. nil is the
	// shipped library.
	Library func(ctx context.Context) *engine.TechniqueLibrary
	// Examples gives up to n positions of a technique for its lesson
	// page (worked examples and the find-it exercise), each from a
	// different puzzle, the same on every call; nil takes them from the
	// technique library and its illustrations, then the engine's
	// generator from fixed seeds (libraryExamples). A position marked
	// engine.TechniquePuzzle.Illustration is said to be one on the page.
	Examples func(ctx context.Context, t engine.TechniqueID, n int) ([]engine.TechniquePuzzle, error)
	// Live tells the event streams (api/events) of every change of their
	// games, made here or on another process; nil answers api/events 404
	// and the page polls api/game.
	Live *live.Hub
	// Heartbeat is how long an idle event stream waits before sending a
	// comment; 0 is DefaultHeartbeat.
	Heartbeat time.Duration
	// StreamLifetime ends each event stream after a while (the page
	// reconnects at once); 0 is DefaultStreamLifetime.
	StreamLifetime time.Duration
	// Metrics counts requests; nil counts nothing.
	Metrics Metrics
	// Rejects logs refused tokens and sign-ins; nil logs each at warn.
	Rejects RejectLog
	// Logger gets errors and a debug line per call; nil discards.
	Logger *slog.Logger
	// Clock is the game clock (elapsed times); nil is the wall clock.
	Clock clock.Clock
	// Theme draws the result card unless the page asks: "dark" (default)
	// or "light".
	Theme string

	// Dailies opens the calendar of past dailies and the progress
	// picture (the guilds' daily clocks and the puzzle maker's dailies);
	// nil answers them 404.
	Dailies Dailies

	// Web holds the built web board (web/dist: index.html, assets/),
	// served at /board/ and /activity/; nil or without index.html, both
	// answer 503 with how to build it.
	Web fs.FS
	// AppID is the application id the Activity page signs in to.
	AppID string
	// Activity turns on the Activity's sign-in.
	Activity bool
	// ClientSecret is the OAuth2 client secret the Activity exchanges its
	// codes with. It is never logged.
	ClientSecret string
	// BotToken is the bot's token, with which the Activity's instances are
	// looked up (where a player is, for playing together). It is never
	// logged.
	BotToken string
	// DiscordAPI is the REST base URL (with the version, ending in "/")
	// the Activity's OAuth2 calls go to; "" is Discord's.
	DiscordAPI string
	// HTTPClient makes the Activity's OAuth2 calls; nil is a client with a
	// 10-second timeout.
	HTTPClient *http.Client
	// TrustedProxies are the reverse proxies whose X-Forwarded-For is
	// believed when budgeting sign-ins; from anyone else the header is
	// ignored, as anyone can write it.
	TrustedProxies []netip.Prefix
	// RequestTimeout is the deadline of each request, whatever it waits
	// for (the database, the heavy pool, Discord); 0 means
	// DefaultRequestTimeout.
	RequestTimeout time.Duration
}

// DefaultRequestTimeout bounds a web request: above the heavy pool's
// 10-second budget for a hint, far below a browser's patience.
const DefaultRequestTimeout = 20 * time.Second

// Server is the web door: the board's pages and API under /board/ and
// /activity/ (Handler).
type Server struct {
	cfg     Config
	log     *slog.Logger
	metrics Metrics
	rejects RejectLog
	keys    *boardtoken.Ring
	play    *game.Service
	theme   render.Theme
	// limit budgets the API's requests per player.
	limit webLimiter
	// instances are Discord's recent answers about Activity instances.
	instances instanceCache
	// lessons are the lesson pages' positions, made once.
	lessons lessonExamples
	// board is the built board's Content-Security-Policy, made once.
	board struct {
		once   sync.Once
		policy string
	}
	// stop ends the event streams (StopStreams).
	stop     chan struct{}
	stopOnce sync.Once
}

// New builds the web door.
func New(cfg Config) (*Server, error) {
	if cfg.Store == nil || cfg.Play == nil || cfg.Keys == nil {
		return nil, errors.New("webapi: New needs a Store, Play and Keys")
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.Metrics == nil {
		cfg.Metrics = nopMetrics{}
	}
	if cfg.Rejects == nil {
		cfg.Rejects = logRejects{cfg.Logger}
	}
	cfg.Clock = clock.Or(cfg.Clock)
	if cfg.Puzzle == nil {
		cfg.Puzzle = func(context.Context, string) (store.Puzzle, error) {
			return store.Puzzle{}, errors.New("webapi: no puzzle maker configured")
		}
	}
	if cfg.Train == nil {
		cfg.Train = func(_ context.Context, _ string, t engine.TechniqueID) (engine.TechniquePuzzle, error) {
			return engine.TrainingPuzzle(engine.TrainOptions{Technique: t, Seed: uint64(time.Now().UnixNano())})
		}
	}
	if cfg.Library == nil {
		cfg.Library = func(context.Context) *engine.TechniqueLibrary { return engine.DefaultTechniqueLibrary() }
	}
	if cfg.Examples == nil {
		cfg.Examples = libraryExamples
	}
	if cfg.Theme == "" {
		cfg.Theme = "dark"
	}
	if cfg.RequestTimeout <= 0 {
		cfg.RequestTimeout = DefaultRequestTimeout
	}
	if cfg.Heartbeat <= 0 {
		cfg.Heartbeat = DefaultHeartbeat
	}
	if cfg.StreamLifetime <= 0 {
		cfg.StreamLifetime = DefaultStreamLifetime
	}
	theme, err := render.ThemeByName(cfg.Theme)
	if err != nil {
		return nil, fmt.Errorf("webapi: %w", err)
	}
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = &http.Client{Timeout: 10 * time.Second}
	}
	if cfg.DiscordAPI == "" {
		cfg.DiscordAPI = discordapi.DefaultAPI
	} else if !strings.HasSuffix(cfg.DiscordAPI, "/") {
		cfg.DiscordAPI += "/"
	}
	return &Server{cfg: cfg, log: cfg.Logger, metrics: cfg.Metrics, rejects: cfg.Rejects, keys: cfg.Keys, play: cfg.Play, theme: theme, stop: make(chan struct{})}, nil
}

// Handler serves the web door's routes (Routes) and the board's pages:
// mount it at each of Prefixes (app does). Every request has Config.RequestTimeout as
// its deadline, but for the event streams, which last (each event's
// reads have it).
func (srv *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	srv.routes(mux)
	limit := srv.cfg.RequestTimeout
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if isEvents(r.URL.Path) {
			mux.ServeHTTP(w, r)
			return
		}
		ctx, cancel := context.WithTimeout(r.Context(), limit)
		defer cancel()
		mux.ServeHTTP(w, r.WithContext(ctx))
	})
}

func (srv *Server) now() time.Time { return srv.cfg.Clock.Now() }

type nopMetrics struct{}

func (nopMetrics) WebRequest(string, int) {}
func (nopMetrics) Rejected(string)        {}
func (nopMetrics) Error(string)           {}

// logRejects logs each refusal: for a Server without a shared RejectLog.
type logRejects struct{ log *slog.Logger }

func (l logRejects) LogRejected(reason string, status int, remote string, err error) {
	l.log.Warn("web: request refused", "reason", reason, "status", status, "remote", remote, "err", err)
}
