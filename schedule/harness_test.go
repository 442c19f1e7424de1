package schedule_test

import (
	"context"
	"fmt"
	"github.com/sudokubot/sudokubot/internal/fakeclock"
	"github.com/sudokubot/sudokubot/internal/storeedit"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/discordapi"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/schedule"
	"github.com/sudokubot/sudokubot/store"
)

// fakeDiscord is the channels the scheduler posts to, with programmable
// failures. Several fakePosters (one per simulated process) share one.
type fakeDiscord struct {
	clock *fakeclock.Clock

	mu      sync.Mutex
	msgs    []sentMsg
	threads map[string]string // message -> thread name
	calls   map[string]int    // PostDaily calls per channel
	// fail holds errors PostDaily returns, in order, per channel, before
	// it succeeds again.
	fail map[string][]error
	// forbidden channels answer 403.
	forbidden map[string]bool
	nextID    int
}

type sentMsg struct {
	channel, id string
	at          time.Time
	post        schedule.Post
}

// Special PostDaily behaviours, queued in fail like errors.
var (
	// errAcceptedThenTimeout creates the message, then returns an error of
	// unknown outcome (the reply was lost).
	errAcceptedThenTimeout = fmt.Errorf("context deadline exceeded (reply lost)")
	// errDieBeforeSend ends the calling goroutine (the process dies) before
	// Discord sees the request.
	errDieBeforeSend = fmt.Errorf("process dies before the request")
	// errDieAfterSend ends the calling goroutine after Discord created the
	// message.
	errDieAfterSend = fmt.Errorf("process dies after the request")
)

// fakeNonceWindow is how long the fake, like Discord, answers a post
// whose nonce it saw with the message already created.
const fakeNonceWindow = time.Minute

func newFakeDiscord(clock *fakeclock.Clock) *fakeDiscord {
	return &fakeDiscord{clock: clock, threads: map[string]string{}, calls: map[string]int{},
		fail: map[string][]error{}, forbidden: map[string]bool{}}
}

func (d *fakeDiscord) PostDaily(ctx context.Context, channelID string, p schedule.Post) (string, error) {
	d.mu.Lock()
	d.calls[channelID]++
	if d.forbidden[channelID] {
		d.mu.Unlock()
		return "", &discordapi.Error{Status: 403, Code: discordapi.CodeMissingAccess, Message: "Missing Access"}
	}
	var fail error
	if q := d.fail[channelID]; len(q) > 0 {
		fail, d.fail[channelID] = q[0], q[1:]
	}
	switch fail {
	case nil, errAcceptedThenTimeout, errDieAfterSend:
	case errDieBeforeSend:
		d.mu.Unlock()
		runtime.Goexit()
	default:
		d.mu.Unlock()
		return "", fail
	}
	// enforce_nonce: a message with the same nonce sent within the
	// window is answered with, not created again.
	for _, m := range d.msgs {
		if p.Nonce != "" && m.channel == channelID && m.post.Nonce == p.Nonce && d.clock.Now().Sub(m.at) < fakeNonceWindow {
			d.mu.Unlock()
			return m.id, nil
		}
	}
	d.nextID++
	id := fmt.Sprintf("m%d", d.nextID)
	d.msgs = append(d.msgs, sentMsg{channel: channelID, id: id, at: d.clock.Now(), post: p})
	d.mu.Unlock()
	switch fail {
	case errAcceptedThenTimeout:
		return "", fail
	case errDieAfterSend:
		runtime.Goexit()
	}
	return id, nil
}

func (d *fakeDiscord) FindDaily(ctx context.Context, channelID, marker string, since time.Time) (string, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.forbidden[channelID] {
		return "", &discordapi.Error{Status: 403, Code: discordapi.CodeMissingAccess, Message: "Missing Access"}
	}
	for _, m := range d.msgs {
		if m.channel == channelID && !m.at.Before(since) && strings.Contains(m.post.Content, marker) {
			return m.id, nil
		}
	}
	return "", discordapi.ErrMessageNotFound
}

func (d *fakeDiscord) StartThread(ctx context.Context, channelID, messageID, name string) (string, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.threads[messageID] = name
	return "t" + messageID, nil
}

// posts returns the messages of a channel.
func (d *fakeDiscord) posts(channel string) []sentMsg {
	d.mu.Lock()
	defer d.mu.Unlock()
	var out []sentMsg
	for _, m := range d.msgs {
		if m.channel == channel {
			out = append(out, m)
		}
	}
	return out
}

func (d *fakeDiscord) callsTo(channel string) int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.calls[channel]
}

func (d *fakeDiscord) queue(channel string, errs ...error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.fail[channel] = append(d.fail[channel], errs...)
}

func (d *fakeDiscord) setForbidden(channel string, v bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.forbidden[channel] = v
}

// fakeRenderer returns tiny stand-in images: the real PNG is tested on
// its own, and drawing it in every scheduler test would only cost time.
type fakeRenderer struct{}

func (fakeRenderer) Puzzle(p store.Puzzle, day store.Day, level engine.Level) ([]byte, error) {
	return []byte("puzzle " + day.String() + " " + level.String() + " " + p.Grid.String()), nil
}

func (fakeRenderer) Solution(p store.Puzzle, day store.Day, level engine.Level) ([]byte, error) {
	return []byte("solution " + day.String() + " " + level.String() + " " + p.Solution.String()), nil
}

// testGenerator makes the tests' dailies: real puzzles, graded, with no
// generator time. Easy and medium are dug by the engine (milliseconds);
// the harder levels are entries of the engine's shipped pool, picked by
// seed, as digging an extreme takes seconds and Pregenerate asks for
// Candidates of each level on every date: with the engine's generator
// those digs were most of the package's test time.
func testGenerator(ctx context.Context, seed uint64, level engine.Level) (store.Puzzle, error) {
	entries := poolEntries(level)
	if len(entries) == 0 {
		return daily.EngineGenerator(ctx, seed, level)
	}
	e := entries[seed%uint64(len(entries))]
	sol, err := engine.Solve(e.Puzzle)
	if err != nil {
		return store.Puzzle{}, fmt.Errorf("pool entry %s: %w", e.Puzzle, err)
	}
	return store.Puzzle{Grid: e.Puzzle, Solution: sol, Score: e.Grade.Score, Level: e.Grade.Level,
		Techniques: e.Grade.Hardest.String()}, nil
}

// poolEntries are the shipped pool's puzzles of a level, any symmetry.
func poolEntries(level engine.Level) []engine.PoolEntry {
	var out []engine.PoolEntry
	for _, e := range engine.DefaultPool().All() {
		if e.Grade.Level == level {
			out = append(out, e)
		}
	}
	return out
}

func openSQLite(t testing.TB, path string) *store.Store {
	t.Helper()
	st, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatalf("open store: %v", err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

func testLogger(t testing.TB) *slog.Logger {
	if testing.Verbose() && os.Getenv("SCHEDULE_LOG") != "" {
		return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	return slog.New(slog.NewTextHandler(io.Discard, nil))
}

// rig is one simulated bot process: a scheduler with its own store handle
// over a shared database, posting to a shared fakeDiscord.
type rig struct {
	t     testing.TB
	clock *fakeclock.Clock
	disc  *fakeDiscord
	st    *store.Store
	s     *schedule.Scheduler
}

func newRig(t testing.TB, clock *fakeclock.Clock, disc *fakeDiscord, st *store.Store, mod func(*schedule.Config)) *rig {
	t.Helper()
	cfg := schedule.Config{
		Store:      st,
		Poster:     disc,
		Dailies:    daily.NewSource(st, testGenerator),
		Renderer:   fakeRenderer{},
		Clock:      clock,
		Logger:     testLogger(t),
		MinBackoff: 30 * time.Second,
		Levels:     []engine.Level{engine.LevelEasy},
	}
	if mod != nil {
		mod(&cfg)
	}
	s, err := schedule.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return &rig{t: t, clock: clock, disc: disc, st: st, s: s}
}

// step runs what is due now and returns when the scheduler next wakes.
func (r *rig) step() time.Time {
	next := r.s.RunDue(context.Background())
	r.s.Wait()
	return next
}

// runUntil drives the scheduler on the fake clock, jumping from one wake-up
// to the next, until the clock reaches end.
func runUntil(end time.Time, rigs ...*rig) {
	clock := rigs[0].clock
	for {
		next := end
		for _, r := range rigs {
			if w := r.step(); w.Before(next) {
				next = w
			}
		}
		if !next.After(clock.Now()) {
			next = clock.Now().Add(time.Second) // a guard: time always moves
		}
		if next.After(end) {
			clock.Set(end)
			for _, r := range rigs {
				r.step()
			}
			return
		}
		clock.Set(next)
	}
}

func saveGuild(t testing.TB, st *store.Store, gs store.GuildSettings) store.GuildSettings {
	t.Helper()
	gs.Enabled = true
	out, err := st.SaveGuildSettings(context.Background(), gs)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func mustLoc(t testing.TB, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

func at(t testing.TB, zone, s string) time.Time {
	t.Helper()
	v, err := time.ParseInLocation("2006-01-02 15:04", s, mustLoc(t, zone))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// dayOf is the local date of each post, in order.
func daysOf(msgs []sentMsg, loc *time.Location) []string {
	var out []string
	for _, m := range msgs {
		out = append(out, m.at.In(loc).Format("2006-01-02 15:04"))
	}
	return out
}

func dbPath(t testing.TB) string { return filepath.Join(t.TempDir(), "sudokubot.db") }

// solveDaily plays a daily to the end as user in guild.
func solveDaily(t testing.TB, st *store.Store, guild, user, day string, p store.Puzzle, start time.Time, took time.Duration) store.PlayerStats {
	t.Helper()
	ctx := context.Background()
	g, _, err := st.StartGame(ctx, store.NewGame{UserID: user, GuildID: guild, PuzzleID: p.ID, Day: mustDay(day), StartedAt: start})
	if err != nil {
		t.Fatal(err)
	}
	var moves []store.Move
	for i := range engine.NumCells {
		if p.Grid[i] == 0 {
			moves = append(moves, store.Move{Cell: i, Digit: p.Solution[i]})
		}
	}
	if _, err := storeedit.ApplyMoves(ctx, st, g.ID, user, moves, start.Add(took/2)); err != nil {
		t.Fatal(err)
	}
	_, ps, err := storeedit.FinishGame(ctx, st, g.ID, user, start.Add(took), false)
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

// mustDay is a date of a test, written as it reads.
func mustDay(s string) store.Day {
	d, err := store.ParseDay(s)
	if err != nil {
		panic(err)
	}
	return d
}
