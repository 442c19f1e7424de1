//go:build !linux

package cli

import "time"

// threadCPU is the wall time of fn where a thread's CPU time cannot be
// read.
func threadCPU(fn func()) time.Duration {
	start := time.Now()
	fn()
	return time.Since(start)
}

// processCPU is unknown here: 0, so timings read as wall time only.
func processCPU() time.Duration { return 0 }
