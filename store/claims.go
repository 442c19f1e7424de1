package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// ClaimState is what ClaimInteraction found for an interaction id.
type ClaimState int

const (
	// ClaimNew: this call claimed the id; the caller handles it.
	ClaimNew ClaimState = iota
	// ClaimInProgress: another claim (this process or any other, before
	// or after a restart) is still handling it.
	ClaimInProgress
	// ClaimDone: it was handled; Claim.Response holds the HTTP answer
	// given, if one was recorded.
	ClaimDone
)

// Claim is an interaction id's claim as ClaimInteraction found it.
type Claim struct {
	State     ClaimState
	ClaimedAt time.Time
	// ContentType and Response are the HTTP answer recorded by
	// CompleteInteraction (empty when none was: a gateway interaction, or
	// an answer too large to keep).
	ContentType string
	Response    []byte
}

// MaxClaimResponse is the largest HTTP answer CompleteInteraction keeps
// for replays; a larger one (a big picture) is recorded as done without
// it, and a replay of it gets a conflict instead of the answer.
const MaxClaimResponse = 1 << 20

// ClaimInteraction claims an interaction id for this process, in one
// statement (INSERT ... ON CONFLICT DO NOTHING), so every process on the
// store, and this one after a restart, agrees on which one handles it.
// When the id was claimed before it returns that claim (in progress or
// done, with the answer recorded) and changes nothing.
func (s *Store) ClaimInteraction(ctx context.Context, id string, at time.Time) (Claim, error) {
	if id == "" {
		return Claim{}, fmt.Errorf("store: claim interaction: empty id: %w", ErrInvalid)
	}
	t := now(at)
	var claimed bool
	err := s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.q(`INSERT INTO interaction_claims (id, claimed_at) VALUES (?, ?)
			ON CONFLICT (id) DO NOTHING`), id, ms(t))
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		claimed = n == 1
		return err
	})
	if err != nil {
		return Claim{}, fmt.Errorf("store: claim interaction %s: %w", id, err)
	}
	if claimed {
		return Claim{State: ClaimNew, ClaimedAt: t.UTC().Truncate(time.Millisecond)}, nil
	}
	var c Claim
	var claimedAt, doneAt int64
	err = s.db.QueryRowContext(ctx, s.q(`SELECT claimed_at, done_at, content_type, response FROM interaction_claims WHERE id = ?`), id).
		Scan(&claimedAt, &doneAt, &c.ContentType, &c.Response)
	if errors.Is(err, sql.ErrNoRows) {
		// Pruned between the two statements: it was claimed long ago.
		return Claim{State: ClaimDone}, nil
	}
	if err != nil {
		return Claim{}, fmt.Errorf("store: read claim of interaction %s: %w", id, err)
	}
	c.ClaimedAt, c.State = fromMS(claimedAt), ClaimInProgress
	if doneAt != 0 {
		c.State = ClaimDone
	}
	return c, nil
}

// CompleteInteraction marks a claimed interaction handled, with the HTTP
// answer it got (contentType and response; empty for a gateway
// interaction), for replays to get the same answer. An answer over
// MaxClaimResponse is not kept.
func (s *Store) CompleteInteraction(ctx context.Context, id string, at time.Time, contentType string, response []byte) error {
	if len(response) > MaxClaimResponse {
		contentType, response = "", nil
	}
	err := s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, s.q(`UPDATE interaction_claims SET done_at = ?, content_type = ?, response = ? WHERE id = ?`),
			ms(now(at)), contentType, response, id)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: complete interaction %s: %w", id, err)
	}
	return nil
}

// PruneInteractions deletes the claims made before a time, and reports
// how many. Callers keep claims well past the age of any interaction that
// may still arrive (interactions.ClaimRetention).
func (s *Store) PruneInteractions(ctx context.Context, before time.Time) (int64, error) {
	var n int64
	err := s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.q(`DELETE FROM interaction_claims WHERE claimed_at < ?`), ms(before))
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("store: prune interaction claims: %w", err)
	}
	return n, nil
}
