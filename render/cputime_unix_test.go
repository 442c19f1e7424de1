//go:build unix

package render

import (
	"syscall"
	"time"
)

// cpuTime is the process's user and system CPU time so far. Benchmarks
// report it beside wall time because a shared machine stretches wall time
// far more than the work done.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
