package webapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/boardtoken"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/internal/ssetest"
	"github.com/sudokubot/sudokubot/live"
	"github.com/sudokubot/sudokubot/store"
)

// liveHarness is the harness with live boards: the use cases tell a hub,
// which the event streams subscribe to.
func liveHarness(t testing.TB, opts live.Options, configure ...func(*Config)) (*harness, *live.Hub) {
	t.Helper()
	hub := live.New(nil, opts)
	h := newHarness(t, append([]func(*Config){func(c *Config) {
		c.Play = game.New(c.Store.(*store.Store), game.EngineHinter{}, nil)
		c.Play.Notify(hub)
		c.Live = hub
	}}, configure...)...)
	return h, hub
}

// stream opens api/events with a token and more headers.
func (h *harness) stream(t testing.TB, tok string, headers map[string]string) (*ssetest.Stream, error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	hs := map[string]string{"Authorization": "Bearer " + tok}
	for k, v := range headers {
		hs[k] = v
	}
	s, err := ssetest.Dial(ctx, h.http.Client(), h.http.URL+"/board/api/events", hs)
	if err == nil {
		t.Cleanup(func() { s.Close() })
	}
	return s, err
}

// nextState reads the stream's next state event as a State (past any
// look event), failing after a few seconds.
func nextState(t testing.TB, s *ssetest.Stream) (string, State) {
	t.Helper()
	type got struct {
		ev  ssetest.Event
		err error
	}
	ch := make(chan got, 1)
	go func() {
		// A co-op board's stream says where its players look, too.
		for {
			ev, err := s.Next()
			if err != nil || ev.Type != "look" {
				ch <- got{ev, err}
				return
			}
		}
	}()
	select {
	case g := <-ch:
		if g.err != nil {
			t.Fatalf("reading the stream: %v", g.err)
		}
		if g.ev.Type != "state" {
			t.Fatalf("an event of type %q", g.ev.Type)
		}
		var st State
		if err := json.Unmarshal([]byte(g.ev.Data), &st); err != nil {
			t.Fatalf("an event's data: %v", err)
		}
		return g.ev.ID, st
	case <-time.After(5 * time.Second):
		t.Fatal("no event within 5 s")
	}
	panic("unreachable")
}

func (h *harness) post(t testing.TB, tok, path string, body any) *http.Response {
	t.Helper()
	raw, _ := json.Marshal(body)
	req, _ := http.NewRequest(http.MethodPost, h.http.URL+path, bytes.NewReader(raw))
	req.Header.Set("Authorization", "Bearer "+tok)
	resp, err := h.http.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	return resp
}

// TestEventsCarryEveryChange: the stream sends the State at once, then
// after a web move, a move through another door (the use case called
// directly, as the chat command does) and a check; each event's id is the
// version, and the State is api/game's.
func TestEventsCarryEveryChange(t *testing.T) {
	h, _ := liveHarness(t, live.Options{}, func(c *Config) { c.RequestTimeout = 300 * time.Millisecond })
	g, tok := h.game(t, "701")
	s, err := h.stream(t, tok, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := s.Resp.Header.Get("Cache-Control"); got != "no-cache, no-store, no-transform" {
		t.Errorf("Cache-Control %q", got)
	}
	id, st := nextState(t, s)
	if id != strconv.FormatInt(g.Version, 10) || st.GameID != g.ID || st.Givens != g.Givens.Digits() {
		t.Fatalf("first event %s: %+v", id, st)
	}
	empty := 0
	for g.Givens[empty] != 0 {
		empty++
	}
	// Past the request deadline: a stream is not an answer.
	time.Sleep(400 * time.Millisecond)
	resp := h.post(t, tok, "/board/api/moves", map[string]any{"version": st.Version,
		"moves": []map[string]int{{"row": empty/9 + 1, "col": empty%9 + 1, "digit": int(g.Solution[empty])}}})
	if resp.StatusCode != 200 {
		t.Fatalf("a move: %d", resp.StatusCode)
	}
	id, st = nextState(t, s)
	if st.Entries[empty] != '0'+g.Solution[empty] || id != strconv.FormatInt(st.Version, 10) {
		t.Fatalf("after a web move: %s %q", id, st.Entries)
	}
	// Another door: the chat's /sudoku place runs the same use case.
	next := empty + 1
	for g.Givens[next] != 0 {
		next++
	}
	if _, err := h.srv.play.Place(context.Background(), game.PlaceInput{GameID: g.ID, User: "701",
		Moves: []store.Move{{Cell: next, Digit: g.Solution[next]}}}); err != nil {
		t.Fatal(err)
	}
	if _, st = nextState(t, s); st.Entries[next] != '0'+g.Solution[next] {
		t.Fatalf("after a chat move: %q", st.Entries)
	}
	if resp := h.post(t, tok, "/board/api/giveup", struct{}{}); resp.StatusCode != 200 {
		t.Fatalf("give up: %d", resp.StatusCode)
	}
	if _, st = nextState(t, s); !st.GaveUp || st.Solution == "" {
		t.Fatalf("after giving up: %+v", st)
	}
}

// TestEventsResume: a page reconnecting with the id of the state it shows
// gets no event until something changes, heartbeats meanwhile; with an
// older id it gets the current state at once.
func TestEventsResume(t *testing.T) {
	h, _ := liveHarness(t, live.Options{}, func(c *Config) { c.Heartbeat = 30 * time.Millisecond })
	g, tok := h.game(t, "702")
	cur := strconv.FormatInt(g.Version, 10)
	s, err := h.stream(t, tok, map[string]string{"Last-Event-ID": cur})
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(150 * time.Millisecond)
	empty := 0
	for g.Givens[empty] != 0 {
		empty++
	}
	if _, err := h.srv.play.Place(context.Background(), game.PlaceInput{GameID: g.ID, User: "702",
		Moves: []store.Move{{Cell: empty, Digit: g.Solution[empty]}}}); err != nil {
		t.Fatal(err)
	}
	id, st := nextState(t, s)
	if id == cur || st.Version != g.Version+1 {
		t.Fatalf("resumed at %s: the first event is %s (version %d), want the move's", cur, id, st.Version)
	}
	if s.Comments() < 2 {
		t.Errorf("%d heartbeats in 150 ms at 30 ms", s.Comments())
	}
	old, err := h.stream(t, tok, map[string]string{"Last-Event-ID": cur})
	if err != nil {
		t.Fatal(err)
	}
	if id2, _ := nextState(t, old); id2 != id {
		t.Fatalf("resumed at an older id: first event %s, want %s", id2, id)
	}
}

// TestEventsBounds: a player's streams and the process's are bounded, a
// bad token opens none, and StopStreams ends them all.
func TestEventsBounds(t *testing.T) {
	h, hub := liveHarness(t, live.Options{MaxPerPlayer: 2, MaxStreams: 3})
	_, tok := h.game(t, "703")
	_, other := h.game(t, "704")
	for range 2 {
		if _, err := h.stream(t, tok, nil); err != nil {
			t.Fatal(err)
		}
	}
	var se *ssetest.StatusError
	if _, err := h.stream(t, tok, nil); !errors.As(err, &se) || se.Status != http.StatusTooManyRequests {
		t.Fatalf("a player's third stream: %v", err)
	}
	last, err := h.stream(t, other, nil)
	if err != nil {
		t.Fatal(err)
	}
	nextState(t, last)
	_, third := h.game(t, "705")
	if _, err := h.stream(t, third, nil); !errors.As(err, &se) || se.Status != http.StatusServiceUnavailable {
		t.Fatalf("the process's fourth stream: %v", err)
	}
	forged, _ := boardtoken.NewRing(h.store, nil).Mint(context.Background(), "703", 999)
	if _, err := h.stream(t, forged+"x", nil); !errors.As(err, &se) || se.Status != http.StatusUnauthorized {
		t.Fatalf("a bad token: %v", err)
	}
	h.srv.StopStreams()
	done := make(chan error, 1)
	go func() {
		_, err := last.Next()
		done <- err
	}()
	select {
	case err := <-done:
		if !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) {
			t.Fatalf("after StopStreams: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("StopStreams left a stream open")
	}
	deadline := time.Now().Add(5 * time.Second)
	for hub.Streams() != 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := hub.Streams(); n != 0 {
		t.Errorf("%d subscriptions left after the streams ended", n)
	}
}

// TestEventsWithoutLive: a server without a hub answers 404, and the page
// polls.
func TestEventsWithoutLive(t *testing.T) {
	h := newHarness(t)
	_, tok := h.game(t, "706")
	var se *ssetest.StatusError
	if _, err := h.stream(t, tok, nil); !errors.As(err, &se) || se.Status != http.StatusNotFound {
		t.Fatalf("without a hub: %v", err)
	}
}

// nextLooks reads the stream's events up to its next look event, failing
// after a few seconds.
func nextLooks(t testing.TB, s *ssetest.Stream) Looks {
	t.Helper()
	ch := make(chan Looks, 1)
	errs := make(chan error, 1)
	go func() {
		for {
			ev, err := s.Next()
			if err != nil {
				errs <- err
				return
			}
			if ev.Type == "look" {
				var l Looks
				if err := json.Unmarshal([]byte(ev.Data), &l); err != nil {
					errs <- err
					return
				}
				ch <- l
				return
			}
		}
	}()
	select {
	case l := <-ch:
		return l
	case err := <-errs:
		t.Fatalf("reading the stream for looks: %v", err)
	case <-time.After(5 * time.Second):
		t.Fatal("no look event within 5 s")
	}
	return Looks{}
}
