// Command devboard serves the web board for working on the page by hand:
// the bot (app.Main in HTTP mode, with the board and the Activity on)
// against the fake Discord of internal/discordtest, with one easy game in
// a fresh SQLite database, until interrupted:
//
//	go run ./internal/devboard -addr 127.0.0.1:8080
//
// It prints the game's board link and how to sign in to the Activity.
// The fake needs Discord's OpenAPI description (found as the tests find
// it: ../shared/data, else testdata/discord-api-spec).
package main

import (
	"context"
	"crypto/ed25519"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"syscall"
	"time"

	"github.com/sudokubot/sudokubot/app"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/internal/discordtest"
	"github.com/sudokubot/sudokubot/store"
	"github.com/sudokubot/sudokubot/web"
)

// devPuzzle is the game the dev board opens: an easy puzzle.
const devPuzzle = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"

// The player and the guild of the game.
const (
	devUser = "4242"
	// devInstance is the Activity instance devUser is in, in the voice
	// channel devChannel of devGuild.
	devInstance = "i-dev"
	devChannel  = "4343"
	devGuild    = "300"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "serve the board on this `host:port` (port 0: a free one)")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	if err := run(ctx, *addr, os.Stdout, log); err != nil {
		fmt.Fprintln(os.Stderr, "devboard:", err)
		stop()
		os.Exit(1)
	}
}

// run serves the dev board on addr until ctx ends; it writes the links to
// out once the board serves.
func run(ctx context.Context, addr string, out io.Writer, log *slog.Logger) (err error) {
	h := &host{log: log}
	defer h.close()
	defer func() {
		r := recover()
		if s, ok := r.(stopped); ok {
			err = s.err
		} else if r != nil {
			panic(r)
		}
	}()
	if addr, err = freePort(addr); err != nil {
		return err
	}
	fake := discordtest.New(h)
	dir, err := os.MkdirTemp("", "devboard-")
	if err != nil {
		return err
	}
	h.Cleanup(func() { _ = os.RemoveAll(dir) })

	if _, built := web.Files(); !built {
		// Without the board there is nothing to develop against, and the
		// bot offers no board link (app.Main.findBoard).
		return errNoBoard
	}
	cfg := app.Default()
	cfg.DB = filepath.Join(dir, "store.db")
	cfg.Discord.Token, cfg.Discord.AppID, cfg.Discord.API = app.Secret(fake.Token), fake.AppID, fake.APIBase()
	cfg.Discord.Mode = app.ModeHTTP
	// HTTP mode wants a key; only a test that signs interactions needs
	// its private half.
	if cfg.Discord.PublicKey, _, err = ed25519.GenerateKey(nil); err != nil {
		return err
	}
	cfg.Discord.Activity, cfg.Discord.ClientSecret = true, app.Secret(discordtest.DefaultClientSecret)
	cfg.HTTP.Addr, cfg.HTTP.PublicURL = addr, "http://"+addr
	m := &app.Main{Config: cfg, Levels: []engine.Level{engine.LevelEasy}, Logger: log}
	h.Cleanup(func() { _ = m.Close() })
	if err := m.Open(ctx); err != nil {
		return err
	}
	g, err := startGame(ctx, m.Store)
	if err != nil {
		return err
	}
	link, err := m.Bot.BoardLink(ctx, devUser, g.ID, "en-US")
	if err != nil {
		return err
	}
	// The Activity's instance, as Discord would know it: playing together
	// needs the bot to find the player there.
	fake.JoinActivity(devInstance, devGuild, devChannel, devUser)
	fmt.Fprintf(out, "board:    %s\nactivity: http://%s/activity/ (POST api/activity/token with code %s and instance_id %s, for user %s)\nfake Discord: %s\nCtrl-C stops.\n",
		link, m.Addr(), fake.MintOAuthCode(devUser), devInstance, devUser, fake.URL())
	return m.Run(ctx)
}

// startGame starts the easy game of devPuzzle for devUser.
func startGame(ctx context.Context, st *store.Store) (store.Game, error) {
	grid, err := engine.Parse(devPuzzle)
	if err != nil {
		return store.Game{}, err
	}
	sol, err := engine.Solve(grid)
	if err != nil {
		return store.Game{}, err
	}
	p, err := st.SavePuzzle(ctx, store.Puzzle{Grid: grid, Solution: sol, Level: engine.LevelEasy, Score: 1.2, Origin: "dev"})
	if err != nil {
		return store.Game{}, err
	}
	g, _, err := st.StartGame(ctx, store.NewGame{UserID: devUser, PuzzleID: p.ID, GuildID: devGuild, StartedAt: time.Now()})
	return g, err
}

// freePort replaces port 0 in addr by a free port: the public URL must
// name the port before Main binds it.
func freePort(addr string) (string, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "", fmt.Errorf("-addr %q: %w", addr, err)
	}
	if port != "0" {
		return addr, nil
	}
	ln, err := net.Listen("tcp", net.JoinHostPort(host, "0"))
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

// stopped carries the reason the fake gave up (Fatal, Skipf) out of it.
type stopped struct{ err error }

// errNoBoard means this binary has no built board to serve.
var errNoBoard = errors.New("the web board is not built into this binary: npm --prefix web ci && npm --prefix web run build, then run this again")

// errNoSpec is the fake's Skipf: Discord's OpenAPI description is missing.
var errNoSpec = errors.New("skipped")

// host stands in for the *testing.T the fake Discord expects: it runs the
// cleanups when run returns, logs the fake's complaints, and turns Fatal
// and Skipf into run's error.
type host struct {
	log      *slog.Logger
	cleanups []func()
}

func (h *host) Helper()          {}
func (h *host) Cleanup(f func()) { h.cleanups = append(h.cleanups, f) }
func (h *host) Errorf(format string, args ...any) {
	h.log.Warn(fmt.Sprintf(format, args...))
}
func (h *host) Fatal(args ...any) { panic(stopped{errors.New(fmt.Sprint(args...))}) }
func (h *host) Skipf(format string, args ...any) {
	panic(stopped{fmt.Errorf("%w: %s", errNoSpec, fmt.Sprintf(format, args...))})
}

// close runs the cleanups, the last one first, as testing does.
func (h *host) close() {
	for _, f := range slices.Backward(h.cleanups) {
		f()
	}
}
