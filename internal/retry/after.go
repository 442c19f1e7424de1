package retry

import (
	"math/rand/v2"
	"time"
)

// afterJitter bounds the jitter After adds: a few requests told to wait
// the same retry_after do not all come back at the same instant, and none
// waits noticeably longer than it was told.
const afterJitter = 20 * time.Millisecond

// After is the wait before retrying a request that Discord answered 429
// with retry_after d: d itself, plus at most afterJitter (and at most a
// tenth of d) of jitter. It never backs off further: Discord said when
// the request may go.
func After(d time.Duration) time.Duration {
	if d <= 0 {
		return 0
	}
	j := min(afterJitter, d/10)
	if j <= 0 {
		return d
	}
	return d + rand.N(j+1)
}
