package live

import (
	"strconv"
	"strings"
	"time"
)

// Looks: where each player of a board is looking (the cell they selected),
// shown on the others' boards of it as they move. Only each player's
// latest cell per topic is kept, and only while they have the board open
// somewhere: at most one entry per player here, dropped when they leave.
// A look travels to the other processes as a presence entry whose sign is
// "@" and the cell ("g12:@40:user"), said again with this process's
// presences, so it expires with them when a process dies. It wakes the
// boards' Looks channel, never C: a board shows it without reading the
// game again.

// look is one player's looked-at cell; local ones are this process's
// (said again every presenceEvery), the others' last until until.
type look struct {
	cell  int
	local bool
	until time.Time
}

// cells on a board.
const numCells = 81

// Look records that player looks at cell (0-80) of t's board and tells
// the other boards of t, on every process. It reports false, and records
// nothing, for a cell off the board or a player without a board of t
// open on any process.
func (h *Hub) Look(t Topic, player string, cell int) bool {
	if cell < 0 || cell >= numCells || player == "" {
		return false
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.localHere(t, player, nil) && !h.remoteHere(t, player) {
		return false
	}
	m := h.looks[t]
	if m == nil {
		m = map[string]look{}
		h.looks[t] = m
	}
	if was, ok := m[player]; ok && was.cell == cell && was.local {
		return true
	}
	m[player] = look{cell: cell, local: true}
	h.wakeLooks(t, player)
	h.announce(lookEntry(t, player, cell))
	return true
}

// Looks is where each player with a board of t open looks, by player.
func (h *Hub) Looks(t Topic) map[string]int {
	h.mu.Lock()
	defer h.mu.Unlock()
	now := time.Now()
	out := make(map[string]int, len(h.looks[t]))
	for u, l := range h.looks[t] {
		if l.local || l.until.After(now) {
			out[u] = l.cell
		}
	}
	return out
}

// remoteHere reports whether another process said player has t open
// (h.mu held).
func (h *Hub) remoteHere(t Topic, player string) bool {
	until, ok := h.remote[t][player]
	return ok && until.After(time.Now())
}

// wakeLooks pokes the Looks channel of t's subscriptions but player's
// own (h.mu held).
func (h *Hub) wakeLooks(t Topic, player string) {
	for s := range h.subs[t] {
		if s.player == player {
			continue
		}
		select {
		case s.l <- struct{}{}:
		default:
		}
	}
}

// forgetLook drops player's look at t, telling t's boards (h.mu held).
func (h *Hub) forgetLook(t Topic, player string) {
	if _, ok := h.looks[t][player]; !ok {
		return
	}
	delete(h.looks[t], player)
	if len(h.looks[t]) == 0 {
		delete(h.looks, t)
	}
	h.wakeLooks(t, player)
}

// lookEntry is a look as a presence entry: "g12:@40:user".
func lookEntry(t Topic, player string, cell int) string {
	return string(rune(t.Kind)) + strconv.FormatInt(t.ID, 10) + ":@" + strconv.Itoa(cell) + ":" + player
}

// parseLook reads a look entry.
func parseLook(e string) (t Topic, player string, cell int, ok bool) {
	head, rest, found := strings.Cut(e, ":@")
	if !found {
		return Topic{}, "", 0, false
	}
	n, player, found := strings.Cut(rest, ":")
	if !found || player == "" || len(head) < 2 {
		return Topic{}, "", 0, false
	}
	cell, err := strconv.Atoi(n)
	if err != nil || cell < 0 || cell >= numCells || strconv.Itoa(cell) != n {
		return Topic{}, "", 0, false
	}
	k := Kind(head[0])
	id, err := strconv.ParseInt(head[1:], 10, 64)
	if err != nil || id <= 0 || !knownKind(k) || strconv.FormatInt(id, 10) != head[1:] {
		return Topic{}, "", 0, false
	}
	return Topic{k, id}, player, cell, true
}
