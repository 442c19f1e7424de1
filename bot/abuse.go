package bot

import (
	"errors"
	"fmt"
	"strconv"
	"sync"
	"time"
)

// MaxClockSkew is how far a signed request's timestamp may be from the
// bot's clock, either way: a signature is only proof of Discord's
// authorship, and without a time bound a recorded request could be
// replayed forever.
const MaxClockSkew = 5 * time.Minute

// checkTimestamp checks the X-Signature-Timestamp header: a whole number
// of Unix seconds within MaxClockSkew of now.
func checkTimestamp(ts string, now time.Time) error {
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return errors.New("timestamp is not a number of seconds")
	}
	skew := now.Sub(time.Unix(sec, 0))
	if sec > now.Unix()+int64(MaxClockSkew/time.Second) || skew > MaxClockSkew {
		return fmt.Errorf("timestamp is %s away from now, more than %s", skew.Round(time.Second).Abs(), MaxClockSkew)
	}
	return nil
}

// recentIDs remembers the last ids it was given, at most cap of them
// (oldest forgotten first), so an interaction delivered twice (a replayed
// request, a gateway event sent again after a resume) has one effect.
type recentIDs struct {
	mu   sync.Mutex
	seen map[string]struct{}
	ring []string
	next int
}

// maxRecentIDs bounds recentIDs: Discord allows 3 s for the first answer,
// far less than the time the bot takes to see this many interactions
// (and MaxClockSkew bounds how old a replayed HTTP request may be).
const maxRecentIDs = 1 << 16

func newRecentIDs(n int) *recentIDs {
	return &recentIDs{seen: make(map[string]struct{}, n), ring: make([]string, n)}
}

// first records id and reports whether it is new.
func (r *recentIDs) first(id string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, ok := r.seen[id]; ok {
		return false
	}
	if old := r.ring[r.next]; old != "" {
		delete(r.seen, old)
	}
	r.ring[r.next] = id
	r.next = (r.next + 1) % len(r.ring)
	r.seen[id] = struct{}{}
	return true
}
