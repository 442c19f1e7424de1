package live

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Presence: who has a board of a topic open, on any process. A process
// knows its own subscriptions; it tells the others when a player opens
// or leaves a topic's board, and says again every presenceEvery who is
// still there, so a process that dies without a word is forgotten after
// presenceTTL. Only who is there travels, never what they do.

const (
	presenceEvery = 20 * time.Second
	presenceTTL   = 3 * presenceEvery
	// presenceMark starts a presence notification ("origin ~ entries"),
	// which no change notification does.
	presenceMark = "~"
)

// Here lists the players with a board of t open on any process, sorted.
func (h *Hub) Here(t Topic) []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	now := time.Now()
	seen := map[string]bool{}
	for s := range h.subs[t] {
		seen[s.player] = true
	}
	for u, until := range h.remote[t] {
		if until.After(now) {
			seen[u] = true
		}
	}
	out := make([]string, 0, len(seen))
	for u := range seen {
		out = append(out, u)
	}
	slices.Sort(out)
	return out
}

// localHere reports whether player has another subscription to t here
// (h.mu held).
func (h *Hub) localHere(t Topic, player string, except *Sub) bool {
	for s := range h.subs[t] {
		if s != except && s.player == player {
			return true
		}
	}
	return false
}

// presenceEntry is one player's presence on a topic: "g12:+:user" (or
// "-" for left). The user comes last: it is the one free text.
func presenceEntry(t Topic, player string, here bool) string {
	sign := "+"
	if !here {
		sign = "-"
	}
	return string(rune(t.Kind)) + strconv.FormatInt(t.ID, 10) + ":" + sign + ":" + player
}

// parsePresence reads a presence entry.
func parsePresence(e string) (t Topic, player string, here bool, ok bool) {
	head, player, found := strings.Cut(e, ":")
	if !found || len(head) < 2 {
		return Topic{}, "", false, false
	}
	sign, player, found := strings.Cut(player, ":")
	if !found || player == "" || (sign != "+" && sign != "-") {
		return Topic{}, "", false, false
	}
	k := Kind(head[0])
	id, err := strconv.ParseInt(head[1:], 10, 64)
	if err != nil || id <= 0 || !knownKind(k) {
		return Topic{}, "", false, false
	}
	return Topic{k, id}, player, sign == "+", true
}

// announce queues presence entries for the other processes; a full queue
// drops them (the next round says them again).
func (h *Hub) announce(entries ...string) {
	if h.notifier == nil {
		return
	}
	for _, e := range entries {
		select {
		case h.outbox <- e:
		default:
		}
	}
}

// heardPresence takes a presence notification's entries from another
// process, and wakes the topics whose players came or went.
func (h *Hub) heardPresence(entries []string) {
	var changed []Topic
	h.mu.Lock()
	until := time.Now().Add(presenceTTL)
	for _, e := range entries {
		t, player, here, ok := parsePresence(e)
		cell := -1
		if !ok {
			if pt, poked := parsePoke(e); poked {
				changed = append(changed, pt)
				continue
			}
			if t, player, cell, ok = parseLook(e); !ok {
				continue
			}
			here = true
		}
		m := h.remote[t]
		if m == nil {
			m = map[string]time.Time{}
			h.remote[t] = m
		}
		_, was := m[player]
		if here {
			m[player] = until
		} else {
			delete(m, player)
			if !h.localHere(t, player, nil) {
				h.forgetLook(t, player)
			}
		}
		if cell >= 0 {
			lm := h.looks[t]
			if lm == nil {
				lm = map[string]look{}
				h.looks[t] = lm
			}
			if l, ok := lm[player]; !ok || l.local || l.cell != cell {
				h.wakeLooks(t, player)
			}
			lm[player] = look{cell: cell, until: until}
		}
		if was != here {
			changed = append(changed, t)
		}
	}
	h.mu.Unlock()
	if len(changed) > 0 {
		h.wake(nil, changed...)
	}
}

// sendPresence sends queued entries, and every presenceEvery all of this
// process's, in notifications of at most MaxNotifyPayload bytes, until
// ctx ends; it also forgets the other processes' expired entries.
func (h *Hub) sendPresence(ctx context.Context) {
	tick := time.NewTicker(presenceEvery)
	defer tick.Stop()
	var batch []string
	size := 0
	flush := func() {
		if len(batch) == 0 {
			return
		}
		p := h.origin + " " + presenceMark + " " + strings.Join(batch, " ")
		nctx, cancel := context.WithTimeout(ctx, notifyTimeout)
		if err := h.notifier.Notify(nctx, p); err != nil && ctx.Err() == nil {
			h.log.Warn("live: telling the other processes who is here failed", "err", err)
		}
		cancel()
		batch, size = batch[:0], 0
	}
	add := func(e string) {
		if size+len(e)+1 > maxPresencePayload {
			flush()
		}
		batch = append(batch, e)
		size += len(e) + 1
	}
	for {
		select {
		case <-ctx.Done():
			return
		case e := <-h.outbox:
			add(e)
			// Take what else is queued, then send.
			for more := true; more; {
				select {
				case e := <-h.outbox:
					add(e)
				default:
					more = false
				}
			}
			flush()
		case <-tick.C:
			for _, e := range h.localEntries() {
				add(e)
			}
			flush()
			h.expire()
		}
	}
}

// maxPresencePayload leaves room under store.MaxNotifyPayload for the
// origin and the mark.
const maxPresencePayload = 900

// localEntries are this process's presences, one per topic and player.
func (h *Hub) localEntries() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	seen := map[string]bool{}
	var out []string
	for t, subs := range h.subs {
		for s := range subs {
			if e := presenceEntry(t, s.player, true); !seen[e] {
				seen[e] = true
				out = append(out, e)
			}
		}
	}
	for t, m := range h.looks {
		for u, l := range m {
			if l.local {
				out = append(out, lookEntry(t, u, l.cell))
			}
		}
	}
	return out
}

// expire forgets the other processes' presences past their time.
func (h *Hub) expire() {
	h.mu.Lock()
	defer h.mu.Unlock()
	now := time.Now()
	for t, m := range h.remote {
		for u, until := range m {
			if !until.After(now) {
				delete(m, u)
			}
		}
		if len(m) == 0 {
			delete(h.remote, t)
		}
	}
	for t, m := range h.looks {
		for u, l := range m {
			// A look made here for a board open elsewhere goes with it.
			gone := l.local && !h.localHere(t, u, nil) && !h.remoteHere(t, u)
			if gone || (!l.local && !l.until.After(now)) {
				h.forgetLook(t, u)
			}
		}
	}
}
