//go:build !unix

package cli

import "time"

// cpuTime is unknown here: reports fall back to wall time.
func cpuTime() (time.Duration, bool) { return 0, false }
