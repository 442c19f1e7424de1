//go:build unix

package cli

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time the process has used (user and system), so a
// report measures work, not the waiting of a busy machine.
func cpuTime() (time.Duration, bool) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
