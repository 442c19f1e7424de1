package schedule

import "github.com/sudokubot/sudokubot/clock"

// Clock is the scheduler's only source of time (package clock), so tests
// can run days of schedule in microseconds with a fake clock instead of
// sleeping.
type Clock = clock.Clock

// Timer is the part of *time.Timer the scheduler uses.
type Timer = clock.Timer

// SystemClock returns the real wall clock.
func SystemClock() Clock { return clock.System() }
