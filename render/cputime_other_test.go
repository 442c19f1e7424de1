//go:build !unix

package render

import "time"

// cpuTime is not measured here; benchmarks then report 0 CPU time.
func cpuTime() time.Duration { return 0 }
