package schedule

import (
	"container/heap"
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"
)

// This file is the scheduler's bookkeeping at scale: a heap of guilds by
// their next wake-up (so a round costs the guilds due, not all guilds), a
// heap of posts ready to go in due order, and the request slots of the
// rate limit they wait for.

// Entry states. An idle entry waits in the wake heap (if it has anything
// to do); a queued one waits in the ready heap for a request slot; a
// running one has a goroutine working on its task; a blocked one replaced
// a running entry (its settings changed) and waits for that run to end.
const (
	stateIdle uint8 = iota
	stateQueued
	stateRunning
	stateBlocked
)

// entryHeap is a container/heap of entries that keep their index in it,
// in the order O gives; the two queues below differ only in their order.
type entryHeap[O entryOrder] []*entry

// entryOrder orders entries in a heap.
type entryOrder interface{ before(a, b *entry) bool }

func (h entryHeap[O]) Len() int { return len(h) }
func (h entryHeap[O]) Less(i, j int) bool {
	var o O
	return o.before(h[i], h[j])
}
func (h entryHeap[O]) Swap(i, j int) {
	h[i], h[j] = h[j], h[i]
	h[i].index = i
	h[j].index = j
}
func (h *entryHeap[O]) Push(x any) {
	e := x.(*entry)
	e.index = len(*h)
	*h = append(*h, e)
}
func (h *entryHeap[O]) Pop() any {
	old := *h
	e := old[len(old)-1]
	old[len(old)-1] = nil
	e.index = -1
	*h = old[:len(old)-1]
	return e
}

// wakeHeap orders idle entries by wake().
type wakeHeap = entryHeap[byWake]

type byWake struct{}

func (byWake) before(a, b *entry) bool { return a.wakeAt.Before(b.wakeAt) }

// readyHeap orders queued posts by when they were due, then by guild:
// a minute's posts never wait behind a later minute's, and a retry keeps
// the place of its posting time.
type readyHeap = entryHeap[byDue]

type byDue struct{}

func (byDue) before(a, b *entry) bool {
	if !a.task.firedAt.Equal(b.task.firedAt) {
		return a.task.firedAt.Before(b.task.firedAt)
	}
	return a.settings.GuildID < b.settings.GuildID
}

// reschedule puts an idle entry where its next wake-up says: in the wake
// heap, or nowhere when it has nothing to do. Callers hold s.mu.
func (s *Scheduler) reschedule(e *entry) {
	if e.state != stateIdle {
		return
	}
	w := e.wake()
	switch {
	case w.IsZero() && e.index >= 0:
		heap.Remove(&s.wakes, e.index)
	case w.IsZero():
	case e.index >= 0:
		e.wakeAt = w
		heap.Fix(&s.wakes, e.index)
	default:
		e.wakeAt = w
		heap.Push(&s.wakes, e)
	}
}

// unlink takes an entry out of whichever heap holds it. Callers hold s.mu.
func (s *Scheduler) unlink(e *entry) {
	if e.index < 0 {
		return
	}
	switch e.state {
	case stateIdle:
		heap.Remove(&s.wakes, e.index)
	case stateQueued:
		heap.Remove(&s.ready, e.index)
	}
	e.index = -1
}

// RateLimiter hands out the times at which the scheduler may send its
// requests to Discord (posts, thread creations, message searches), so that
// it stays under Discord's global limit: 50 requests a second per bot,
// across all its processes.
type RateLimiter interface {
	// Reserve reserves n request slots and returns their times, in order:
	// one request may go at each, none earlier.
	Reserve(ctx context.Context, n int, now time.Time) ([]time.Time, error)
}

// The limit is a sliding window: at most perSecond requests in any
// rateWindow. The slots are the earliest that keep it: after a quiet
// spell up to perSecond go at once, and under load slot k is rateWindow
// after slot k-perSecond. The window is a second plus what may come
// between a slot and its request reaching Discord: the request may leave
// up to slotStale after its slot, and a loaded machine and the network
// can hold it a little longer (transitSlack). So however the requests
// bunch on the way, no real second at Discord holds more than perSecond;
// the rate is perSecond/1.1, about 45 a second for 50.
const rateWindow = time.Second + slotStale + transitSlack

// transitSlack is the time a request may take from leaving to arriving
// beyond the one before it: goroutines waiting for a CPU, the HTTP
// client, the network.
const transitSlack = 50 * time.Millisecond

// nextSlots hands out n slots after the latest ones (ring, ascending Unix
// microseconds, at most limit of them) and returns them with the new ring.
func nextSlots(ring []int64, n, limit int, now time.Time) (slots []time.Time, out []int64) {
	t0 := now.UnixMicro()
	if k := len(ring); k > 0 && ring[k-1] > t0+time.Minute.Microseconds() {
		ring = nil // a clock that ran ahead (another process's, a test's): start afresh
	}
	ring = append([]int64(nil), ring...)
	for range n {
		t := t0
		if k := len(ring); k > 0 && ring[k-1] > t {
			t = ring[k-1]
		}
		if k := len(ring); k >= limit {
			if o := ring[k-limit] + rateWindow.Microseconds(); o > t {
				t = o
			}
		}
		ring = append(ring, t)
		slots = append(slots, time.UnixMicro(t).UTC())
	}
	if len(ring) > limit {
		ring = ring[len(ring)-limit:]
	}
	return slots, ring
}

func encodeRing(ring []int64) string {
	b := make([]byte, 0, len(ring)*17)
	for i, v := range ring {
		if i > 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendInt(b, v, 10)
	}
	return string(b)
}

// decodeRing reads encodeRing's text; anything unreadable reads as no
// history (at worst one burst too many, never a stuck limiter).
func decodeRing(s string) []int64 {
	var out []int64
	for _, f := range strings.Fields(s) {
		v, err := strconv.ParseInt(f, 10, 64)
		if err != nil {
			return nil
		}
		out = append(out, v)
	}
	return out
}

// LocalRate is a RateLimiter for one process: at most perSecond requests
// in any second. Processes that cannot share a database split the bot's
// limit between them: LocalRate(50 / processes).
func LocalRate(perSecond int) RateLimiter {
	return &localRate{limit: max(1, perSecond)}
}

type localRate struct {
	mu    sync.Mutex
	limit int
	ring  []int64
}

func (l *localRate) Reserve(_ context.Context, n int, now time.Time) ([]time.Time, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	slots, ring := nextSlots(l.ring, n, l.limit, now)
	l.ring = ring
	return slots, nil
}

// RateStore keeps shared rate limits; *store.Store is one.
type RateStore interface {
	UpdateRateState(ctx context.Context, name string, update func(state string) (string, error)) error
}

// SharedRate is a RateLimiter that every process sharing st's database
// draws from: together they send at most perSecond requests in any second,
// however many processes and shards there are. Each reservation is one
// short write transaction for a batch of slots. Slot times come from the
// reserving process's clock, so the processes' clocks should agree (NTP).
func SharedRate(st RateStore, name string, perSecond int) RateLimiter {
	return &sharedRate{st: st, name: name, limit: max(1, perSecond)}
}

type sharedRate struct {
	st    RateStore
	name  string
	limit int
}

func (r *sharedRate) Reserve(ctx context.Context, n int, now time.Time) ([]time.Time, error) {
	var slots []time.Time
	err := r.st.UpdateRateState(ctx, r.name, func(state string) (string, error) {
		var ring []int64
		slots, ring = nextSlots(decodeRing(state), n, r.limit, now)
		return encodeRing(ring), nil
	})
	if err != nil {
		return nil, fmt.Errorf("schedule: rate limit %q: %w", r.name, err)
	}
	return slots, nil
}

// DefaultRateName is the name of the shared rate limit of a bot's posts.
const DefaultRateName = "discord-global"

// slotStale is how long past its time a reserved slot may still be used:
// a slot used much later could put more than the limit in one second
// with the slots that follow it, so it is dropped instead.
const slotStale = 50 * time.Millisecond

// slots is the scheduler's reserved request slots not used yet.
type slots struct {
	times []time.Time
	// retry is when to ask the limiter again after it failed.
	retry time.Time
}

// take returns whether n requests may go now, reserving slots when too
// few are left (up to want), and the time of the last slot taken; when
// not, the time says when they will.
func (s *Scheduler) take(ctx context.Context, now time.Time, n, want int) (ok bool, at time.Time) {
	s.slotMu.Lock()
	defer s.slotMu.Unlock()
	sl := &s.slots
	for len(sl.times) > 0 && sl.times[0].Add(slotStale).Before(now) {
		sl.times = sl.times[1:]
	}
	if len(sl.times) < n {
		if now.Before(sl.retry) {
			return false, sl.retry
		}
		k := max(n-len(sl.times), min(want, s.cfg.SlotBatch))
		got, err := s.cfg.Limiter.Reserve(ctx, k, now)
		if err != nil || len(got) == 0 {
			s.log.Warn("reserving request slots", "err", err)
			sl.retry = now.Add(time.Second)
			return false, sl.retry
		}
		sl.times = append(sl.times, got...)
	}
	at = sl.times[n-1]
	if at.After(now) {
		return false, at
	}
	sl.times = sl.times[n:]
	return true, at
}

// slotOK reports whether a request may go now on the slot taken for it
// (zero for none): a slot is good until slotStale past its time, so that
// the request goes right after its slot, never before and never so late
// that it could crowd the second of the slots after it. Without a good
// slot it takes one free at this moment, if any.
func (s *Scheduler) slotOK(ctx context.Context, slot time.Time) bool {
	now := s.clock.Now()
	if !slot.IsZero() && !now.After(slot.Add(slotStale)) {
		return true
	}
	ok, _ := s.take(ctx, now, 1, 1)
	return ok
}
