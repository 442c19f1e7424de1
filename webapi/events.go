package webapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/live"
)

// The live board: GET api/events is a stream of Server-Sent Events, each
// the game's State (as api/game answers it) whenever the game or its race
// changed, whoever changed it, through whichever door, on whichever
// process (package live).

// Defaults of the event stream's timing (Config.Heartbeat,
// Config.StreamLifetime).
const (
	// DefaultHeartbeat is the pause after which an idle stream sends a
	// comment: proxies (Discord's Activity proxy among them) close
	// connections silent for about a minute, and the page learns that a
	// stream that says nothing for longer is dead.
	DefaultHeartbeat = 15 * time.Second
	// DefaultStreamLifetime ends a stream after a while: the page
	// reconnects at once with Last-Event-ID, its token is checked again
	// (a link expires), and long-lived connections spread again over the
	// replicas.
	DefaultStreamLifetime = 30 * time.Minute
	// streamRetryMS is the pause the page takes before reconnecting.
	streamRetryMS = 1000
)

// isEvents tells the event stream's requests, which the request deadline
// must not end.
func isEvents(path string) bool { return strings.HasSuffix(path, "/"+pathEvents) }

// eventID is what a stream's event is known by: the game's version, and
// for a racer the race's progress too. Equal ids mean the same State, so
// a page reconnecting with Last-Event-ID gets an event only when
// something changed meanwhile.
func eventID(s *State) string {
	id := strconv.FormatInt(s.Version, 10)
	if s.Race != nil {
		// Another racer's move changes this board's state too: their
		// progress stamps the id (versions only grow).
		var sum int64
		for _, r := range s.Race.Racers {
			sum += r.version
		}
		id += "." + strconv.FormatInt(sum, 10)
	}
	// Who has the board open: a player coming or going is news too.
	var here []string
	if s.Coop != nil {
		for i, p := range s.Coop.Players {
			if p.Here {
				here = append(here, strconv.Itoa(i))
			}
		}
	}
	if s.Race != nil {
		for _, r := range s.Race.Racers {
			if r.Here {
				here = append(here, strconv.Itoa(r.N))
			}
		}
	}
	if len(here) > 0 {
		id += ".h" + strings.Join(here, "-")
	}
	// What the Activity's channel plays together.
	if t := s.Together; t != nil {
		id += fmt.Sprintf(".t%d-%d", t.Coop, t.Race)
	}
	return id
}

// apiEvents streams the game's State: at once (unless Last-Event-ID names
// the current one), then after each change, with a comment as heartbeat.
func (srv *Server) apiEvents(ctx context.Context, w http.ResponseWriter, r *http.Request, q *webReq) error {
	if srv.cfg.Live == nil {
		return &webErr{status: http.StatusNotFound, code: CodeNotFound, msg: l10n.M("web.error.not_found")}
	}
	topics := []live.Topic{live.Game(q.game.ID)}
	if race := game.RaceOf(q.game); race != 0 {
		topics = append(topics, live.Race(race))
	}
	// In the Activity, its voice channel: what its players start
	// together. Only the channel Discord placed the player in (the
	// token's): a ?channel= of the page's is not listened to, or anyone
	// could watch any channel's boards.
	channel, inChannel := srv.channelTopic(q.claims.Channel)
	if inChannel {
		topics = append(topics, channel)
		q.channel = q.claims.Channel
	}
	sub, err := srv.cfg.Live.Subscribe(q.claims.User, topics...)
	switch {
	case errors.Is(err, live.ErrPlayerStreams):
		return &webErr{status: http.StatusTooManyRequests, code: CodeTooMany, msg: l10n.M("web.error.too_many"), err: err}
	case errors.Is(err, live.ErrProcessStreams):
		srv.metrics.Rejected("streams")
		w.Header().Set("Retry-After", "10")
		return &webErr{status: http.StatusServiceUnavailable, code: CodeUnavailable, msg: l10n.M("web.error.unavailable"), err: err}
	case err != nil:
		return err
	}
	if inChannel {
		// The channel's other Activities: one more (then one fewer)
		// player on a board they may join.
		srv.cfg.Live.Poke(channel)
		defer srv.cfg.Live.Poke(channel)
	}
	defer sub.Close()
	// The first state before any header: an error is still an answer.
	last := strings.TrimSpace(r.Header.Get("Last-Event-ID"))
	q.by = "" // who made the board as it is now is not known
	s, err := srv.liveState(ctx, q, q.game.ID)
	if err != nil {
		return err
	}
	rc := http.NewResponseController(w)
	// The server's write timeout is for answers, not for a stream.
	_ = rc.SetWriteDeadline(time.Time{})
	h := w.Header()
	h.Set("Content-Type", "text/event-stream; charset=utf-8")
	h.Set("Cache-Control", "no-cache, no-store, no-transform")
	h.Set("X-Accel-Buffering", "no") // proxies: pass each event on at once
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(http.StatusOK)
	if _, err := fmt.Fprintf(w, "retry: %d\n\n", streamRetryMS); err != nil {
		return nil
	}
	if id := eventID(s); id != last {
		if writeEvent(w, id, s) != nil {
			return nil
		}
		last = id
	}
	if s.Coop != nil {
		if writeLooks(w, looksOf(s, srv.cfg.Live.Looks(live.Game(q.game.ID)))) != nil {
			return nil
		}
	}
	if rc.Flush() != nil {
		return nil
	}
	srv.streams(ctx, w, rc, q, sub, last, s)
	return nil
}

// streams sends the game's State after each change heard on sub, and on
// a co-op board where its players look, until the page goes, the
// stream's lifetime ends or the server stops. cur is the State last sent.
func (srv *Server) streams(ctx context.Context, w http.ResponseWriter, rc *http.ResponseController, q *webReq, sub *live.Sub, last string, cur *State) {
	beat := time.NewTicker(srv.cfg.Heartbeat)
	defer beat.Stop()
	end := time.NewTimer(srv.cfg.StreamLifetime)
	defer end.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-srv.stop:
			return
		case <-end.C:
			return
		case <-beat.C:
			if _, err := w.Write([]byte(": \n\n")); err != nil || rc.Flush() != nil {
				return
			}
		case <-sub.Looks:
			// Where the players look: from the hub, no read of the game.
			if cur.Coop == nil {
				continue
			}
			if writeLooks(w, looksOf(cur, srv.cfg.Live.Looks(live.Game(q.game.ID)))) != nil || rc.Flush() != nil {
				return
			}
			beat.Reset(srv.cfg.Heartbeat)
		case <-sub.C:
			q.by = sub.Last().User
			s, err := srv.liveState(ctx, q, q.game.ID)
			if err != nil {
				if ctx.Err() == nil {
					srv.log.Warn("web: reading a game for its stream", "game", q.game.ID, "err", err)
				}
				// The page reconnects and reads it again.
				return
			}
			id := eventID(s)
			if id == last {
				continue
			}
			if writeEvent(w, id, s) != nil {
				return
			}
			// The players' places may have changed with the state:
			// where they look, by the new places.
			if s.Coop != nil && writeLooks(w, looksOf(s, srv.cfg.Live.Looks(live.Game(q.game.ID)))) != nil {
				return
			}
			if rc.Flush() != nil {
				return
			}
			last, cur = id, s
			beat.Reset(srv.cfg.Heartbeat)
		}
	}
}

// liveState reads the game again and makes its State, within the
// request's usual deadline.
func (srv *Server) liveState(ctx context.Context, q *webReq, id int64) (*State, error) {
	ctx, cancel := context.WithTimeout(ctx, srv.cfg.RequestTimeout)
	defer cancel()
	g, err := srv.cfg.Store.Game(ctx, id)
	if err != nil {
		return nil, err
	}
	s, err := srv.state(ctx, q, g, nil)
	if err != nil || q.channel == "" {
		return s, err
	}
	s.Together, err = srv.togetherState(ctx, q.channel)
	return s, err
}

// writeEvent writes one event: "id", "event: state" and the State as
// one line of JSON (json.Marshal escapes every newline).
func writeEvent(w http.ResponseWriter, id string, s *State) error {
	body, err := json.Marshal(s)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "id: %s\nevent: %s\ndata: %s\n\n", id, EventState, body)
	return err
}

// writeLooks writes a "look" event. It has no id: the stream resumes by
// the states' ids, and the looks are sent again at every connection.
func writeLooks(w http.ResponseWriter, l Looks) error {
	body, err := json.Marshal(l)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "event: %s\ndata: %s\n\n", EventLook, body)
	return err
}

// StopStreams ends every open event stream (the pages reconnect, to
// another replica): call it when the server shuts down, whose graceful
// wait would otherwise last as long as the streams.
func (srv *Server) StopStreams() {
	srv.stopOnce.Do(func() { close(srv.stop) })
}
