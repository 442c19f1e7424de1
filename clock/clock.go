// Package clock is the process's one source of time for what sleeps on
// it (the daily publisher, the reminders): Now, and timers, behind an
// interface that a test replaces with a clock that moves only when told
// (internal/fakeclock), so days of schedule run in microseconds.
package clock

import "time"

// Clock is a source of time that can also wake a sleeper.
type Clock interface {
	Now() time.Time
	// NewTimer returns a timer that fires once, d after Now.
	NewTimer(d time.Duration) Timer
}

// Timer is the part of *time.Timer a sleeper uses.
type Timer interface {
	C() <-chan time.Time
	Stop() bool
}

// Or returns c, or the real wall clock when c is nil: the default of every
// part that takes a Clock.
func Or(c Clock) Clock {
	if c == nil {
		return System()
	}
	return c
}

// System returns the real wall clock.
func System() Clock { return system{} }

type system struct{}

func (system) Now() time.Time { return time.Now() }

func (system) NewTimer(d time.Duration) Timer { return realTimer{time.NewTimer(d)} }

type realTimer struct{ t *time.Timer }

func (r realTimer) C() <-chan time.Time { return r.t.C }
func (r realTimer) Stop() bool          { return r.t.Stop() }
