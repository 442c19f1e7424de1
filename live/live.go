// Package live tells the open boards of a game that it changed, whatever
// door changed it and on whichever process: the core (game) reports every
// committed change to a Hub (game.Changes), and the web door's event
// streams (webapi, GET api/events) subscribe to the games and races they
// show. Within one process a change is delivered at once; between the
// processes sharing a PostgreSQL database it travels by LISTEN/NOTIFY
// (store.Notify, store.Listen), so no other server is needed. A
// notification says only which game or race changed: a subscriber reads
// the state itself, so a lost or merged notification costs nothing but a
// read, and a listener that reconnects wakes every subscriber once.
package live

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/sudokubot/sudokubot/game"
)

// Kind is what a Topic is about.
type Kind byte

// The kinds of topic.
const (
	// KindGame is one game (a player's board, or a co-op board).
	KindGame Kind = 'g'
	// KindRace is a race: any racer's board.
	KindRace Kind = 'r'
	// KindChannel is a voice channel's Activity: its boards hear when
	// someone there starts playing together (Poke).
	KindChannel Kind = 'c'
)

// Topic is what a subscriber hears about: one game or one race.
type Topic struct {
	Kind Kind
	ID   int64
}

// Game is the topic of a game.
func Game(id int64) Topic { return Topic{KindGame, id} }

// Race is the topic of a race.
func Race(id int64) Topic { return Topic{KindRace, id} }

// Channel is the topic of a voice channel's Activity (a Discord
// snowflake).
func Channel(id int64) Topic { return Topic{KindChannel, id} }

// Poke tells the subscribers of t, on every process, that something
// about it changed that no game's change says (a co-op board or race
// opened in a channel): they read their state again.
func (h *Hub) Poke(t Topic) {
	h.wake(nil, t)
	h.announce(pokeEntry(t))
}

// pokeEntry is a Poke as a presence entry: "c12:!:-".
func pokeEntry(t Topic) string {
	return string(rune(t.Kind)) + strconv.FormatInt(t.ID, 10) + ":!:-"
}

// parsePoke reads a poke entry.
func parsePoke(e string) (Topic, bool) {
	head, ok := strings.CutSuffix(e, ":!:-")
	if !ok || len(head) < 2 {
		return Topic{}, false
	}
	id, err := strconv.ParseInt(head[1:], 10, 64)
	if err != nil || id <= 0 || !knownKind(Kind(head[0])) || strconv.FormatInt(id, 10) != head[1:] {
		return Topic{}, false
	}
	return Topic{Kind(head[0]), id}, true
}

// knownKind tells the kinds of topic from any other byte.
func knownKind(k Kind) bool { return k == KindGame || k == KindRace || k == KindChannel }

// Notifier carries notifications between processes: *store.Store on
// PostgreSQL.
type Notifier interface {
	Notify(ctx context.Context, payload string) error
	Listen(ctx context.Context, ready func(), fn func(payload string)) error
}

// Defaults of Options. An idle stream costs the server about 60 KiB
// (two goroutines and their buffers; BenchmarkIdleStreams in webapi), so
// the process bound is about 230 MB of streams, at which a change still
// reaches a board in under 2 ms.
const (
	DefaultMaxStreams   = 4000
	DefaultMaxPerPlayer = 8
)

// Options bound a Hub.
type Options struct {
	// MaxStreams is the most subscriptions the process holds at once;
	// 0 is DefaultMaxStreams.
	MaxStreams int
	// MaxPerPlayer is the most one player holds at once (a few tabs, a
	// phone and the Activity); 0 is DefaultMaxPerPlayer.
	MaxPerPlayer int
	// Logger gets the listener's failures; nil discards.
	Logger *slog.Logger
}

// Errors of Subscribe.
var (
	// ErrPlayerStreams: the player holds MaxPerPlayer subscriptions.
	ErrPlayerStreams = errors.New("live: too many open streams for this player")
	// ErrProcessStreams: the process holds MaxStreams subscriptions.
	ErrProcessStreams = errors.New("live: too many open streams in this process")
)

// Hub delivers changes to the subscriptions of this process and, with a
// Notifier, to and from every other process. It is safe for concurrent
// use; the zero value is not: use New.
type Hub struct {
	notifier Notifier
	opts     Options
	log      *slog.Logger
	// origin marks this process's notifications, which it delivered
	// itself already.
	origin string
	// ready is closed once the hub hears the other processes (at once
	// without a Notifier).
	ready     chan struct{}
	readyOnce sync.Once

	// outbox queues presence entries for sendPresence.
	outbox chan string

	mu   sync.Mutex
	subs map[Topic]map[*Sub]struct{}
	// remote are the other processes' players by topic, until when
	// they count as there (presence.go).
	remote map[Topic]map[string]time.Time
	// looks are where the players of each topic look (look.go).
	looks     map[Topic]map[string]look
	all       map[*Sub]struct{}
	perPlayer map[string]int
}

// New returns a Hub; notifier nil keeps changes within the process (one
// process on SQLite).
func New(notifier Notifier, opts Options) *Hub {
	if opts.MaxStreams <= 0 {
		opts.MaxStreams = DefaultMaxStreams
	}
	if opts.MaxPerPlayer <= 0 {
		opts.MaxPerPlayer = DefaultMaxPerPlayer
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	var b [8]byte
	_, _ = rand.Read(b[:])
	h := &Hub{notifier: notifier, opts: opts, log: opts.Logger, origin: hex.EncodeToString(b[:]), ready: make(chan struct{}),
		outbox: make(chan string, 1024), remote: map[Topic]map[string]time.Time{}, looks: map[Topic]map[string]look{},
		subs: map[Topic]map[*Sub]struct{}{}, all: map[*Sub]struct{}{}, perPlayer: map[string]int{}}
	if notifier == nil {
		h.markReady()
	}
	return h
}

func (h *Hub) markReady() { h.readyOnce.Do(func() { close(h.ready) }) }

// Ready is closed once the hub hears the other processes' changes (Run
// listens): from then on none is missed. Without a Notifier it is
// closed from the start.
func (h *Hub) Ready() <-chan struct{} { return h.ready }

// Sub is one subscription: C receives a value when any of its topics
// changed since the last receive (changes in between merge into one).
type Sub struct {
	// C is ready after a change; read the state then.
	C <-chan struct{}
	// Looks is ready when another player of a topic looked elsewhere,
	// came or went: read Hub.Looks then.
	Looks  <-chan struct{}
	c      chan struct{}
	l      chan struct{}
	hub    *Hub
	player string
	topics []Topic
	once   sync.Once
	// last is the latest change heard (guarded by the hub's mu).
	last game.Change
}

// Last is the latest change the subscription heard: who made it, where
// it is known (a wake after a reconnection carries none).
func (s *Sub) Last() game.Change {
	s.hub.mu.Lock()
	defer s.hub.mu.Unlock()
	return s.last
}

// Subscribe opens a subscription of player to topics, or refuses it over
// a bound (ErrPlayerStreams, ErrProcessStreams). Close it when done.
func (h *Hub) Subscribe(player string, topics ...Topic) (*Sub, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.perPlayer[player] >= h.opts.MaxPerPlayer {
		return nil, ErrPlayerStreams
	}
	if len(h.all) >= h.opts.MaxStreams {
		return nil, ErrProcessStreams
	}
	c, l := make(chan struct{}, 1), make(chan struct{}, 1)
	s := &Sub{C: c, c: c, Looks: l, l: l, hub: h, player: player, topics: topics}
	var came []Topic
	for _, t := range topics {
		if !h.localHere(t, player, nil) {
			came = append(came, t)
		}
		m := h.subs[t]
		if m == nil {
			m = map[*Sub]struct{}{}
			h.subs[t] = m
		}
		m[s] = struct{}{}
	}
	h.all[s] = struct{}{}
	h.perPlayer[player]++
	h.cameOrWent(came, player, true)
	return s, nil
}

// cameOrWent tells the topics' other boards, here and on the other
// processes, that player opened (or left) their board (h.mu held).
func (h *Hub) cameOrWent(topics []Topic, player string, here bool) {
	for _, t := range topics {
		for o := range h.subs[t] {
			if o.player != player {
				select {
				case o.c <- struct{}{}:
				default:
				}
			}
		}
		h.announce(presenceEntry(t, player, here))
	}
}

// Close ends the subscription; closing twice is harmless.
func (s *Sub) Close() {
	s.once.Do(func() {
		h := s.hub
		h.mu.Lock()
		defer h.mu.Unlock()
		var went []Topic
		for _, t := range s.topics {
			if !h.localHere(t, s.player, s) {
				went = append(went, t)
				if l, ok := h.looks[t][s.player]; ok && l.local {
					h.forgetLook(t, s.player)
				}
			}
			delete(h.subs[t], s)
			if len(h.subs[t]) == 0 {
				delete(h.subs, t)
			}
		}
		delete(h.all, s)
		if h.perPlayer[s.player]--; h.perPlayer[s.player] <= 0 {
			delete(h.perPlayer, s.player)
		}
		h.cameOrWent(went, s.player, false)
	})
}

// Streams is the number of open subscriptions.
func (h *Hub) Streams() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.all)
}

// wake tells the subscribers of topics (every subscriber for none) that
// something changed (c, when known), without waiting for any of them.
func (h *Hub) wake(c *game.Change, topics ...Topic) {
	h.mu.Lock()
	defer h.mu.Unlock()
	poke := func(s *Sub) {
		if c != nil {
			s.last = *c
		}
		select {
		case s.c <- struct{}{}:
		default: // a change is already waiting: they merge
		}
	}
	if len(topics) == 0 {
		for s := range h.all {
			poke(s)
		}
		return
	}
	for _, t := range topics {
		for s := range h.subs[t] {
			poke(s)
		}
	}
}

// topicsOf are the topics a change is heard on.
func topicsOf(c game.Change) []Topic {
	ts := []Topic{Game(c.Game)}
	if c.Race != 0 {
		ts = append(ts, Race(c.Race))
	}
	return ts
}

// notifyTimeout bounds the NOTIFY of a change: it runs on the request's
// path, after the commit.
const notifyTimeout = 2 * time.Second

// Changed delivers a change to this process's subscribers at once and,
// with a Notifier, to the other processes' (game.Changes). A failed
// NOTIFY is logged: the other processes' boards catch up at their next
// change or reconnection.
func (h *Hub) Changed(ctx context.Context, c game.Change) {
	h.wake(&c, topicsOf(c)...)
	if h.notifier == nil {
		return
	}
	ctx, cancel := context.WithTimeout(ctx, notifyTimeout)
	defer cancel()
	if err := h.notifier.Notify(ctx, payload(h.origin, c)); err != nil {
		h.log.Warn("live: telling the other processes of a change failed", "game", c.Game, "err", err)
	}
}

// payload is a change as a notification: "origin game race version
// user" (user last, as it is the one free text; "" is "-").
func payload(origin string, c game.Change) string {
	user := c.User
	if user == "" {
		user = "-"
	}
	return origin + " " + strconv.FormatInt(c.Game, 10) + " " + strconv.FormatInt(c.Race, 10) + " " +
		strconv.FormatInt(c.Version, 10) + " " + user
}

// parsePayload reads a notification; ok is false for one that is not a
// change (another version's, say).
func parsePayload(p string) (origin string, c game.Change, ok bool) {
	f := strings.SplitN(p, " ", 5)
	if len(f) != 5 || f[0] == "" || f[4] == "" {
		return "", game.Change{}, false
	}
	g, err1 := strconv.ParseInt(f[1], 10, 64)
	r, err2 := strconv.ParseInt(f[2], 10, 64)
	v, err3 := strconv.ParseInt(f[3], 10, 64)
	if err1 != nil || err2 != nil || err3 != nil || g <= 0 || r < 0 || v < 0 {
		return "", game.Change{}, false
	}
	c = game.Change{Game: g, Race: r, Version: v, User: f[4]}
	if c.User == "-" {
		c.User = ""
	}
	return f[0], c, true
}

// Backoff bounds of Run's reconnections.
const (
	minBackoff = 100 * time.Millisecond
	maxBackoff = 10 * time.Second
)

// Run hears the other processes' changes until ctx ends, listening again
// after a failure (with a growing pause); each time it listens again it
// wakes every subscriber, which may have missed a change meanwhile.
// Without a Notifier it only waits for ctx. It returns ctx's error.
func (h *Hub) Run(ctx context.Context) error {
	if h.notifier == nil {
		<-ctx.Done()
		return ctx.Err()
	}
	go h.sendPresence(ctx)
	pause := minBackoff
	for first := true; ; first = false {
		listening := false
		err := h.notifier.Listen(ctx, func() {
			listening = true
			h.markReady()
			if !first {
				h.wake(nil)
			}
		}, func(p string) {
			if origin, rest, ok := strings.Cut(p, " "+presenceMark+" "); ok {
				if origin != h.origin {
					h.heardPresence(strings.Fields(rest))
				}
				return
			}
			origin, c, ok := parsePayload(p)
			if ok && origin != h.origin {
				h.wake(&c, topicsOf(c)...)
			}
		})
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if listening {
			pause = minBackoff
		}
		h.log.Warn("live: listening for the other processes' changes failed; listening again", "in", pause, "err", err)
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(pause):
		}
		pause = min(2*pause, maxBackoff)
	}
}

// String names a topic, for logs.
func (t Topic) String() string { return fmt.Sprintf("%c%d", t.Kind, t.ID) }
