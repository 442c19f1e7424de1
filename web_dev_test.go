package main

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"syscall"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/internal/discordtest"
	"github.com/sudokubot/sudokubot/store"
	"github.com/sudokubot/sudokubot/store/storetest"
)

var devBoard = flag.String("devboard", "", "serve the web board on this address (e.g. 127.0.0.1:8080) with a game and print its link, until interrupted")

// devPuzzle is the game the dev board opens: an easy puzzle.
const devPuzzle = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"

// devWorld is a running bot (Main, HTTP mode) against the fake Discord,
// with its board served, the Activity on, and one game for a player.
type devWorld struct {
	m    *Main
	fake *discordtest.Server
	game store.Game
	user string
}

// devFreeAddr is a free 127.0.0.1 port: the public URL must name the port
// before Main binds it.
func devFreeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	_ = ln.Close()
	return addr
}

// startDevWorld opens Main on addr ("" for a free port) with a
// public URL, the Activity and a fresh SQLite database, and starts an
// easy game for user.
func startDevWorld(t *testing.T, addr, user string) *devWorld {
	t.Helper()
	fake := discordtest.New(t)
	_, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg := Default()
	cfg.DB = storetest.SQLite(t)
	cfg.Discord.Token, cfg.Discord.AppID, cfg.Discord.API = Secret(fake.Token), fake.AppID, fake.APIBase()
	cfg.Discord.PublicKey = hex.EncodeToString(priv.Public().(ed25519.PublicKey))
	cfg.Discord.Mode, cfg.HTTP.Addr = "http", addr
	cfg.Discord.Activity, cfg.Discord.ClientSecret = true, Secret(discordtest.DefaultClientSecret)
	if addr == "" {
		addr = devFreeAddr(t)
	}
	cfg.HTTP.Addr, cfg.HTTP.PublicURL = addr, "http://"+addr
	m := &Main{Config: cfg, Levels: []engine.Level{engine.LevelEasy}, Logger: slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))}
	ctx := context.Background()
	t.Cleanup(func() { _ = m.Close() })
	if err := m.Open(ctx); err != nil {
		t.Fatal(err)
	}
	runCtx, stop := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { defer close(done); _ = m.Run(runCtx) }()
	t.Cleanup(func() { stop(); <-done })

	grid, err := engine.Parse(devPuzzle)
	if err != nil {
		t.Fatal(err)
	}
	sol, err := engine.Solve(grid)
	if err != nil {
		t.Fatal(err)
	}
	p, err := m.Store.SavePuzzle(ctx, store.Puzzle{Grid: grid, Solution: sol, Level: engine.LevelEasy, Score: 1.2, Origin: "dev"})
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := m.Store.StartGame(ctx, store.NewGame{UserID: user, PuzzleID: p.ID, GuildID: e2eGuild, StartedAt: time.Now()})
	if err != nil {
		t.Fatal(err)
	}
	return &devWorld{m: m, fake: fake, game: g, user: user}
}

// TestDevBoard serves a board for working on the page by hand:
//
//	go test . -run TestDevBoard -timeout 0 -args -devboard 127.0.0.1:8080
//
// It prints the board link of a fresh easy game (and how to get an
// Activity code), then serves until interrupted.
func TestDevBoard(t *testing.T) {
	if *devBoard == "" {
		t.Skip("a tool, not a test: run with -args -devboard 127.0.0.1:8080")
	}
	w := startDevWorld(t, *devBoard, "4242")
	link, err := w.m.Bot.BoardLink(context.Background(), w.user, w.game.ID, "en-US")
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("board:    %s\nactivity: http://%s/activity/ (POST api/activity/token with code %s, for user %s)\nfake Discord: %s\nCtrl-C stops.\n",
		link, w.m.Addr(), w.fake.MintOAuthCode(w.user), w.user, w.fake.URL())
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	<-sig
}
