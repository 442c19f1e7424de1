// Package fakeclock is test support: a clock.Clock that moves only when a
// test tells it to, so that days of a schedule run in microseconds.
package fakeclock

import (
	"sort"
	"sync"
	"time"

	"github.com/sudokubot/sudokubot/clock"
)

// Clock is a clock.Clock that moves only when told to. Timers fire, in
// deadline order, when Set or Advance reaches their deadline. It is safe for
// concurrent use.
type Clock struct {
	mu      sync.Mutex
	now     time.Time
	timers  []*fakeTimer
	waiters []chan struct{}
}

// New returns a Clock standing at now.
func New(now time.Time) *Clock { return &Clock{now: now} }

// Now returns the fake time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// NewTimer returns a timer that fires when the fake time reaches Now()+d;
// at once when d <= 0.
func (c *Clock) NewTimer(d time.Duration) clock.Timer {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := &fakeTimer{clock: c, when: c.now.Add(d), ch: make(chan time.Time, 1)}
	if d <= 0 {
		t.ch <- c.now
		t.fired = true
	} else {
		c.timers = append(c.timers, t)
	}
	for _, w := range c.waiters {
		close(w)
	}
	c.waiters = nil
	return t
}

// Advance moves the clock forward by d and fires the timers it reaches.
func (c *Clock) Advance(d time.Duration) { c.Set(c.Now().Add(d)) }

// Set moves the clock to t (never backwards) and fires the timers it
// reaches.
func (c *Clock) Set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if t.After(c.now) {
		c.now = t
	}
	sort.SliceStable(c.timers, func(i, j int) bool { return c.timers[i].when.Before(c.timers[j].when) })
	kept := c.timers[:0]
	for _, tm := range c.timers {
		if !tm.when.After(c.now) {
			tm.fired = true
			tm.ch <- tm.when
			continue
		}
		kept = append(kept, tm)
	}
	c.timers = kept
}

// Pending returns the number of timers waiting to fire.
func (c *Clock) Pending() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.timers)
}

// TimerCreated returns a channel closed at the next NewTimer call, so a
// test can wait until a goroutine has gone back to sleep on the clock.
func (c *Clock) TimerCreated() <-chan struct{} {
	c.mu.Lock()
	defer c.mu.Unlock()
	ch := make(chan struct{})
	c.waiters = append(c.waiters, ch)
	return ch
}

type fakeTimer struct {
	clock *Clock
	when  time.Time
	ch    chan time.Time
	fired bool
}

func (t *fakeTimer) C() <-chan time.Time { return t.ch }

func (t *fakeTimer) Stop() bool {
	c := t.clock
	c.mu.Lock()
	defer c.mu.Unlock()
	if t.fired {
		return false
	}
	for i, tm := range c.timers {
		if tm == t {
			c.timers = append(c.timers[:i], c.timers[i+1:]...)
			break
		}
	}
	t.fired = true
	return true
}
