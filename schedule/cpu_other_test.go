//go:build !linux

package schedule_test

import "time"

// threadCPU is not measured off Linux: the scale benchmark reports 0.
func threadCPU() time.Duration { return 0 }

// processCPU is not measured off Linux.
func processCPU() time.Duration { return 0 }
