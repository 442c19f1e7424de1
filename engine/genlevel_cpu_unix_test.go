//go:build unix

package engine

import (
	"syscall"
	"time"
)

// processCPU returns the CPU time the test process has used so far. With
// -cpu 1 it is the one core's time, which, unlike the wall clock, other
// processes sharing the machine do not inflate.
func processCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
