package interactions

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sudokubot/sudokubot/store"
)

// Claims is the store's record of the interaction ids handled, shared by
// every process on the store and kept across restarts; *store.Store
// implements it. Without it each process remembers the ids it saw
// (recentIDs), which no other process or restart sees.
type Claims interface {
	ClaimInteraction(ctx context.Context, id string, at time.Time) (store.Claim, error)
	CompleteInteraction(ctx context.Context, id string, at time.Time, contentType string, response []byte) error
	PruneInteractions(ctx context.Context, before time.Time) (int64, error)
}

var _ Claims = (*store.Store)(nil)

// ClaimRetention is how long a claimed id is kept: well past MaxClockSkew,
// the age beyond which an interaction is refused by its id alone (see
// checkIDAge), so no interaction old enough to be pruned is ever let in.
const ClaimRetention = 3 * MaxClockSkew

// pruneEvery spaces the deletes of old claims: one cheap statement a
// minute per process.
const pruneEvery = time.Minute

// claimTimeout bounds the claim and its completion, so a stalled store
// delays an interaction by this much at most before it is handled on the
// process's own memory.
const claimTimeout = 2 * time.Second

// discordEpoch is the first millisecond of 2015, the origin of Discord's
// snowflake timestamps.
const discordEpoch = 1420070400000

// ErrOldInteraction means an interaction's id was made longer ago than
// MaxClockSkew: Discord sends an interaction as it is made, so an older
// one is a replay, refused without asking the store.
var ErrOldInteraction = errors.New("interactions: interaction id older than the replay window")

// errStoreDown means the claim got no answer in time (a silent database,
// or a row locked by another session past claimTimeout): the
// door answers "database unavailable" without handling the interaction.
var errStoreDown = errors.New("interactions: the database did not answer the claim in time")

// checkIDAge refuses an interaction id that is not a snowflake or whose
// timestamp is more than MaxClockSkew before now.
func checkIDAge(id string, now time.Time) error {
	v, err := strconv.ParseUint(id, 10, 64)
	if err != nil {
		return fmt.Errorf("%w: id %q is not a snowflake", ErrOldInteraction, id)
	}
	made := time.UnixMilli(int64(v>>22) + discordEpoch)
	if age := now.Sub(made); age > MaxClockSkew {
		return fmt.Errorf("%w: interaction %s was made %s ago", ErrOldInteraction, id, age.Round(time.Second))
	}
	return nil
}

// claimer decides which process handles an interaction: the first to
// claim its id in the store.
type claimer struct {
	store Claims // nil: memory only
	mem   *recentIDs
	now   func() time.Time
	log   *slog.Logger
	// lastPrune is when this process last pruned, in Unix nanoseconds.
	lastPrune atomic.Int64
}

func newClaimer(st Claims, now func() time.Time, log *slog.Logger) *claimer {
	return &claimer{store: st, mem: newRecentIDs(maxRecentIDs), now: now, log: log}
}

// claim claims id for this process. It returns the claim found (ClaimNew
// when this process is to handle it), or ErrOldInteraction. When the
// store cannot be asked, the process's memory decides, and the use case's
// own transaction (which needs the store too) is the last line.
func (c *claimer) claim(ctx context.Context, id string) (store.Claim, error) {
	now := c.now()
	if err := checkIDAge(id, now); err != nil {
		return store.Claim{}, err
	}
	if c.store != nil {
		c.prune(ctx, now)
		cctx, cancel := context.WithTimeout(ctx, claimTimeout)
		cl, err := c.store.ClaimInteraction(cctx, id, now)
		cancel()
		if err == nil {
			if cl.State == store.ClaimNew {
				c.mem.first(id)
			}
			return cl, nil
		}
		if errors.Is(err, store.ErrUnavailable) || errors.Is(err, context.DeadlineExceeded) {
			// The database is not answering: every use case needs it,
			// so the player is told at once rather than after the use
			// case's own wait for a connection.
			return store.Claim{}, fmt.Errorf("%w: %w", errStoreDown, err)
		}
		c.log.Warn("claiming an interaction in the store failed; using this process's memory", "interaction", id, "err", err)
	}
	if c.mem.first(id) {
		return store.Claim{State: store.ClaimNew, ClaimedAt: now}, nil
	}
	return store.Claim{State: store.ClaimDone}, nil
}

// complete records that id was handled, with the HTTP answer given (none
// for the gateway), for replays to get.
func (c *claimer) complete(id, contentType string, response []byte) {
	if c.store == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), claimTimeout)
	defer cancel()
	if err := c.store.CompleteInteraction(ctx, id, c.now(), contentType, response); err != nil {
		// A replay then gets a conflict instead of the answer: still no
		// second effect.
		c.log.Warn("recording an interaction's answer failed", "interaction", id, "err", err)
	}
}

// prune deletes claims older than ClaimRetention, at most once per
// pruneEvery in this process.
func (c *claimer) prune(ctx context.Context, now time.Time) {
	last := c.lastPrune.Load()
	if now.UnixNano()-last < int64(pruneEvery) || !c.lastPrune.CompareAndSwap(last, now.UnixNano()) {
		return
	}
	pctx, cancel := context.WithTimeout(ctx, claimTimeout)
	defer cancel()
	if _, err := c.store.PruneInteractions(pctx, now.Add(-ClaimRetention)); err != nil {
		c.log.Warn("pruning interaction claims failed", "err", err)
	}
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
