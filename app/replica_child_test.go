package app

import (
	"context"
	"crypto/ed25519"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/sudokubot/sudokubot/clock"
	"github.com/sudokubot/sudokubot/engine"
)

// A replica is this test binary run again as a child process that serves
// as `sudokubot bot` does in HTTP mode (Main.Open, then Main.Run until
// SIGTERM), so that a test can stop and thaw a real process with signals
// (TestReplicasLeaderSIGSTOP). TestMain runs it instead of the tests when
// replicaEnv holds its settings.
const replicaEnv = "SUDOKUBOT_TEST_REPLICA"

// replicaSettings is what a child replica is told through replicaEnv.
type replicaSettings struct {
	DB, API, Token, AppID string
	// Base and Epoch set the replica's clock: it reads Base at the real
	// time Epoch and runs at the real pace from there, so every process of
	// a test agrees on a posting time a few seconds ahead while leases and
	// timers run on real time.
	Base, Epoch time.Time
}

// shiftedClock is the real clock moved so that it read base at epoch.
type shiftedClock struct{ base, epoch time.Time }

func (c shiftedClock) Now() time.Time { return c.base.Add(time.Since(c.epoch)) }

func (c shiftedClock) NewTimer(d time.Duration) clock.Timer { return clock.System().NewTimer(d) }

// runReplica serves as a replica until SIGTERM and returns the exit
// code; its log goes to stderr, for the test to read.
func runReplica(raw string) int {
	var rs replicaSettings
	if err := json.Unmarshal([]byte(raw), &rs); err != nil {
		fmt.Fprintf(os.Stderr, "replica settings: %v\n", err)
		return 2
	}
	pub, _, err := ed25519.GenerateKey(nil)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	cfg := Default()
	cfg.DB = rs.DB
	cfg.Discord.Token, cfg.Discord.AppID, cfg.Discord.API = Secret(rs.Token), rs.AppID, rs.API
	cfg.Discord.Mode, cfg.Discord.PublicKey, cfg.HTTP.Addr = ModeHTTP, pub, "127.0.0.1:0"
	m := &Main{
		Config: cfg, Clock: shiftedClock{rs.Base, rs.Epoch}, Renderer: stubRenderer{},
		Levels: []engine.Level{engine.LevelEasy}, Board: boardForTests(),
		Logger: slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug})),
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()
	// The test holds the other end of stdin: should it die without
	// stopping the replica (go test's timeout), the replica stops too.
	go func() {
		_, _ = io.Copy(io.Discard, os.Stdin)
		stop()
	}()
	if err := m.Open(ctx); err != nil {
		fmt.Fprintf(os.Stderr, "replica open: %v\n", err)
		_ = m.Close()
		return 1
	}
	runErr := m.Run(ctx)
	if err := m.Close(); err != nil {
		fmt.Fprintf(os.Stderr, "replica close: %v\n", err)
	}
	if runErr != nil && ctx.Err() == nil {
		fmt.Fprintf(os.Stderr, "replica run: %v\n", runErr)
		return 1
	}
	return 0
}
