package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Job is one piece of deferred work in the durable queue (package jobs
// runs them). A job is unique by Kind and Key: queuing work that is
// already queued or running does nothing.
type Job struct {
	ID int64
	// Kind names the handler that runs the job ("grade-paste", ...).
	Kind string
	// Key identifies the work within its kind (a pasted grid, a day and
	// level): the same key is queued once.
	Key string
	// Player is the one the work is for, "" for nobody: claims take turns
	// between players, so one player's many jobs do not delay another's.
	Player string
	// Payload is the handler's input, opaque to the store.
	Payload []byte
	// Attempts counts the claims so far, this one included.
	Attempts int
	// MaxAttempts is how many claims the job gets before it is dead.
	MaxAttempts int
	// RunAfter is the earliest time the job may be claimed (a retry's
	// backoff).
	RunAfter time.Time
	// ClaimedBy and LeaseUntil hold the claim: the claimer runs the job
	// until LeaseUntil unless it renews the lease.
	ClaimedBy  string
	LeaseUntil time.Time
	// LastError is the error of the last failed attempt.
	LastError string
	// Dead is true for a job that failed for good; it stays queued (its key
	// is not queued again) for an operator to look at.
	Dead      bool
	CreatedAt time.Time
}

// JobDepth is what JobStats reports of one kind.
type JobDepth struct {
	Kind string
	// Waiting counts the live jobs not running (ready or backing off);
	// Running those under a lease; Dead those that failed for good.
	Waiting, Running, Dead int
	// Oldest is the creation time of the oldest live job, zero without one.
	Oldest time.Time
}

// ErrLeaseLost means a job's lease is no longer the caller's: it ran out
// and another process claimed the job, or the job is gone.
var ErrLeaseLost = errors.New("store: job lease lost")

// EnqueueJob queues j (its ID, Attempts, claim and CreatedAt are ignored;
// a zero RunAfter means now, a MaxAttempts below 1 means 1) and reports
// whether it was queued: false when a job of that kind and key is already
// there, running or waiting. A dead job of that kind and key blocks
// nothing: it becomes this new work, with its attempts afresh (its last
// error kept until the next attempt fails or it is done).
func (s *Store) EnqueueJob(ctx context.Context, j Job, now time.Time) (bool, error) {
	if j.Kind == "" || j.Key == "" {
		return false, fmt.Errorf("store: enqueue job: empty kind or key: %w", ErrInvalid)
	}
	if j.MaxAttempts < 1 {
		j.MaxAttempts = 1
	}
	if j.RunAfter.IsZero() {
		j.RunAfter = now
	}
	if j.Payload == nil {
		j.Payload = []byte{}
	}
	var n int64
	err := s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.q(`INSERT INTO jobs (kind, dedupe_key, player, payload, max_attempts, run_after, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (kind, dedupe_key) DO UPDATE SET
				player = excluded.player, payload = excluded.payload, max_attempts = excluded.max_attempts,
				run_after = excluded.run_after, created_at = excluded.created_at,
				attempts = 0, dead = false, claimed_by = '', lease_until = 0
			WHERE jobs.dead`),
			j.Kind, j.Key, j.Player, j.Payload, j.MaxAttempts, ms(j.RunAfter), ms(now))
		if err != nil {
			return fmt.Errorf("store: enqueue job %s: %w", j.Kind, err)
		}
		n, err = res.RowsAffected()
		return err
	})
	return n > 0, err
}

const jobSelect = `SELECT id, kind, dedupe_key, player, payload, attempts, max_attempts, run_after,
	claimed_by, lease_until, last_error, dead, created_at FROM jobs`

// claimCandidates lists the claimable jobs of the kinds, best first, each
// with its turn: the player's running jobs plus the job's rank among the
// player's waiting ones. Taking the lowest turn takes players in turn
// (everyone's first job, then everyone's second, ...) and favours players
// with nothing running; ties go to the oldest job.
const claimCandidates = `SELECT j.id, j.created_at,
		ROW_NUMBER() OVER (PARTITION BY j.player ORDER BY j.created_at, j.id)
		+ (SELECT COUNT(*) FROM jobs r WHERE r.player = j.player AND r.lease_until > ? AND NOT r.dead) AS turn
	FROM jobs j
	WHERE NOT j.dead AND j.run_after <= ? AND j.lease_until <= ? AND j.kind IN (%s)`

// ClaimJob claims the next job of one of kinds for claimer until
// now+lease, counting an attempt, and returns it; ErrNotFound when none is
// ready. A job whose lease ran out (its claimer died) is claimable again.
// Claims take turns between players (see claimCandidates). On PostgreSQL
// concurrent claimers skip each other's rows (FOR UPDATE SKIP LOCKED); on
// SQLite the claim is one write transaction.
func (s *Store) ClaimJob(ctx context.Context, kinds []string, claimer string, now time.Time, lease time.Duration) (Job, error) {
	if len(kinds) == 0 || claimer == "" || lease <= 0 {
		return Job{}, fmt.Errorf("store: claim job: no kinds, claimer or lease: %w", ErrInvalid)
	}
	marks := strings.TrimSuffix(strings.Repeat("?, ", len(kinds)), ", ")
	args := []any{ms(now), ms(now), ms(now)}
	for _, k := range kinds {
		args = append(args, k)
	}
	var query string
	if s.backend == Postgres {
		// The candidates are read without locks; the outer query locks the
		// first one no other claimer holds, and checks again that it is
		// still claimable once locked.
		query = `SELECT j.id FROM jobs j JOIN (` + fmt.Sprintf(claimCandidates, marks) + `
			ORDER BY turn, created_at, id LIMIT 32) c ON c.id = j.id
			WHERE NOT j.dead AND j.lease_until <= ?
			ORDER BY c.turn, c.created_at, c.id LIMIT 1 FOR UPDATE OF j SKIP LOCKED`
		args = append(args, ms(now))
	} else {
		query = fmt.Sprintf(claimCandidates, marks) + ` ORDER BY turn, created_at, id LIMIT 1`
	}
	var out Job
	err := s.write(ctx, func(tx *sql.Tx) error {
		var id int64
		var created, turn int64
		var err error
		if s.backend == Postgres {
			err = tx.QueryRowContext(ctx, s.q(query), args...).Scan(&id)
		} else {
			err = tx.QueryRowContext(ctx, s.q(query), args...).Scan(&id, &created, &turn)
		}
		if err != nil {
			return notFound(err, "claim job")
		}
		out, err = s.scanJob(tx.QueryRowContext(ctx, s.q(`UPDATE jobs SET claimed_by = ?, lease_until = ?, attempts = attempts + 1
			WHERE id = ? RETURNING id, kind, dedupe_key, player, payload, attempts, max_attempts, run_after,
			claimed_by, lease_until, last_error, dead, created_at`), claimer, ms(now.Add(lease)), id))
		if err != nil {
			return fmt.Errorf("store: claim job %d: %w", id, err)
		}
		return nil
	})
	return out, err
}

// RenewJob extends the lease of job id, held by claimer, to now+lease;
// ErrLeaseLost when the claim is no longer claimer's.
func (s *Store) RenewJob(ctx context.Context, id int64, claimer string, now time.Time, lease time.Duration) error {
	return s.jobUpdate(ctx, "renew", id, `UPDATE jobs SET lease_until = ? WHERE id = ? AND claimed_by = ?`,
		ms(now.Add(lease)), id, claimer)
}

// CompleteJob removes job id, done by claimer. A job whose lease claimer
// lost is removed all the same (its work is done), unless another claimer
// holds it now; then ErrLeaseLost.
func (s *Store) CompleteJob(ctx context.Context, id int64, claimer string, now time.Time) error {
	return s.jobUpdate(ctx, "complete", id, `DELETE FROM jobs WHERE id = ? AND (claimed_by = ? OR lease_until <= ?)`,
		id, claimer, ms(now))
}

// FailJob records a failed attempt of job id by claimer: the job is free
// again from retryAt, or dead when it has had its attempts or dead is
// true (an error no retry can mend). ErrLeaseLost when the claim is no
// longer claimer's.
func (s *Store) FailJob(ctx context.Context, id int64, claimer string, msg string, retryAt time.Time, dead bool) error {
	return s.jobUpdate(ctx, "fail", id, `UPDATE jobs SET claimed_by = '', lease_until = 0, run_after = ?, last_error = ?,
		dead = (attempts >= max_attempts OR ?) WHERE id = ? AND claimed_by = ?`,
		ms(retryAt), msg, dead, id, claimer)
}

// ReleaseJob gives job id back unfinished (its process is stopping): it
// is free at once and the attempt is not counted.
func (s *Store) ReleaseJob(ctx context.Context, id int64, claimer string) error {
	return s.jobUpdate(ctx, "release", id, `UPDATE jobs SET claimed_by = '', lease_until = 0, attempts = attempts - 1
		WHERE id = ? AND claimed_by = ? AND attempts > 0`, id, claimer)
}

// jobUpdate runs one write of a claimed job, ErrLeaseLost when it changes
// no row.
func (s *Store) jobUpdate(ctx context.Context, what string, id int64, query string, args ...any) error {
	return s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.q(query), args...)
		if err != nil {
			return fmt.Errorf("store: %s job %d: %w", what, id, err)
		}
		n, err := res.RowsAffected()
		if err != nil {
			return fmt.Errorf("store: %s job %d: %w", what, id, err)
		}
		if n == 0 {
			return fmt.Errorf("store: %s job %d: %w", what, id, ErrLeaseLost)
		}
		return nil
	})
}

// JobStats reports the queue per kind at now, for /metrics. Kinds with no
// job are left out.
func (s *Store) JobStats(ctx context.Context, now time.Time) ([]JobDepth, error) {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT kind,
			COALESCE(SUM(CASE WHEN NOT dead AND lease_until <= ? THEN 1 ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN NOT dead AND lease_until > ? THEN 1 ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN dead THEN 1 ELSE 0 END), 0),
			COALESCE(MIN(CASE WHEN NOT dead THEN created_at END), 0)
		FROM jobs GROUP BY kind ORDER BY kind`), ms(now), ms(now))
	if err != nil {
		return nil, fmt.Errorf("store: job stats: %w", err)
	}
	defer rows.Close()
	var out []JobDepth
	for rows.Next() {
		var d JobDepth
		var oldest int64
		if err := rows.Scan(&d.Kind, &d.Waiting, &d.Running, &d.Dead, &oldest); err != nil {
			return nil, fmt.Errorf("store: job stats: %w", err)
		}
		d.Oldest = fromMS(oldest)
		out = append(out, d)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: job stats: %w", err)
	}
	return out, nil
}

// JobFilter selects jobs for ListJobs: of one kind ("" for all), dead
// ones only, at most Limit (0 for 100).
type JobFilter struct {
	Kind  string
	Dead  bool
	Limit int
}

// ListJobs lists the queued jobs the filter selects, oldest first, for an
// operator (`sudokubot jobs`).
func (s *Store) ListJobs(ctx context.Context, f JobFilter) ([]Job, error) {
	if f.Limit <= 0 {
		f.Limit = 100
	}
	query := jobSelect + ` WHERE (? = '' OR kind = ?) AND (dead OR NOT ?) ORDER BY created_at, id LIMIT ?`
	rows, err := s.db.QueryContext(ctx, s.q(query), f.Kind, f.Kind, f.Dead, f.Limit)
	if err != nil {
		return nil, fmt.Errorf("store: list jobs: %w", err)
	}
	defer rows.Close()
	var out []Job
	for rows.Next() {
		j, err := s.scanJob(rows)
		if err != nil {
			return nil, fmt.Errorf("store: list jobs: %w", err)
		}
		out = append(out, j)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: list jobs: %w", err)
	}
	return out, nil
}

// ErrJobRunning means a job is under a live lease: a worker is running
// it, so an operator may neither retry nor drop it.
var ErrJobRunning = errors.New("store: the job is running")

// RetryJob makes job id, dead or waiting for its backoff, ready now with
// its attempts afresh; ErrNotFound when there is no such job,
// ErrJobRunning when a worker holds it.
func (s *Store) RetryJob(ctx context.Context, id int64, now time.Time) error {
	return s.operateJob(ctx, "retry", id, `UPDATE jobs SET dead = false, attempts = 0, run_after = ?,
		claimed_by = '', lease_until = 0 WHERE id = ? AND lease_until <= ?`, ms(now), id, ms(now))
}

// DropJob deletes job id, its work not done; ErrNotFound when there is no
// such job, ErrJobRunning when a worker holds it.
func (s *Store) DropJob(ctx context.Context, id int64, now time.Time) error {
	return s.operateJob(ctx, "drop", id, `DELETE FROM jobs WHERE id = ? AND lease_until <= ?`, id, ms(now))
}

// operateJob runs an operator's write of one job, telling a missing job
// from a running one when it changes nothing.
func (s *Store) operateJob(ctx context.Context, what string, id int64, query string, args ...any) error {
	return s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.q(query), args...)
		if err != nil {
			return fmt.Errorf("store: %s job %d: %w", what, id, err)
		}
		if n, err := res.RowsAffected(); err != nil || n > 0 {
			return err
		}
		var lease int64
		err = tx.QueryRowContext(ctx, s.q(`SELECT lease_until FROM jobs WHERE id = ?`), id).Scan(&lease)
		if err != nil {
			return notFound(err, fmt.Sprintf("%s job %d", what, id))
		}
		return fmt.Errorf("store: %s job %d: held by a worker until %s: %w", what, id, fromMS(lease).UTC().Format(time.RFC3339), ErrJobRunning)
	})
}

// scanJob reads one row of jobSelect's columns.
func (s *Store) scanJob(row rowScanner) (Job, error) {
	var j Job
	var runAfter, lease, created int64
	if err := row.Scan(&j.ID, &j.Kind, &j.Key, &j.Player, &j.Payload, &j.Attempts, &j.MaxAttempts, &runAfter,
		&j.ClaimedBy, &lease, &j.LastError, &j.Dead, &created); err != nil {
		return Job{}, err
	}
	j.RunAfter, j.LeaseUntil, j.CreatedAt = fromMS(runAfter), fromMS(lease), fromMS(created)
	return j, nil
}
