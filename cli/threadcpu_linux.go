//go:build linux

package cli

import (
	"runtime"
	"syscall"
	"time"
)

// threadCPU measures the CPU time fn takes on its own OS thread: unlike
// the wall clock, other processes sharing the machine do not inflate it.
func threadCPU(fn func()) time.Duration {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	read := func() time.Duration {
		var ru syscall.Rusage
		if err := syscall.Getrusage(syscall.RUSAGE_THREAD, &ru); err != nil {
			return 0
		}
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	start := read()
	fn()
	return read() - start
}

// processCPU is the CPU time the whole process has used so far.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
