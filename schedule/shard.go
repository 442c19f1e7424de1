package schedule

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"sync"
)

// ShardOf is Discord's shard of a guild: (guild_id >> 22) % count. A guild
// ID that is not a snowflake belongs to shard 0.
func ShardOf(guildID string, count int) int {
	if count <= 1 {
		return 0
	}
	id, err := strconv.ParseUint(guildID, 10, 64)
	if err != nil {
		return 0
	}
	return int((id >> 22) % uint64(count))
}

// OwnShards returns an Owns filter for a process running the given shards
// of count: it schedules exactly the guilds whose events its gateway
// connections receive.
func OwnShards(count int, shards ...int) func(guildID string) bool {
	own := map[int]bool{}
	for _, s := range shards {
		own[s] = true
	}
	return func(guildID string) bool { return own[ShardOf(guildID, count)] }
}

// Elector decides which process posts for every guild when no process
// owns shards (HTTP interactions mode, several replicas). The scheduler
// asks it periodically and posts only while Leader says true. Claims in
// the store still keep each daily to one post if two processes believe
// they lead for a moment.
type Elector interface {
	Leader(ctx context.Context) (bool, error)
}

// AdvisoryLockElector elects the process holding a PostgreSQL
// session-level advisory lock. The lock lives on one connection taken from
// DB and kept: if the process dies, PostgreSQL drops the connection and the
// lock, and another replica takes over at its next check.
type AdvisoryLockElector struct {
	DB  *sql.DB
	Key int64 // the lock's key; DefaultLockKey unless several bots share a database

	mu   sync.Mutex
	conn *sql.Conn
}

// DefaultLockKey is the advisory lock key of the daily publisher
// ("sudokubt" as bytes).
const DefaultLockKey int64 = 0x7375646f6b756274

// Leader reports whether this process holds the lock, trying to take it
// when it does not.
func (e *AdvisoryLockElector) Leader(ctx context.Context) (bool, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.conn != nil {
		// Still leader while our connection (which holds the lock) lives.
		if err := e.conn.PingContext(ctx); err == nil {
			return true, nil
		}
		e.conn.Close()
		e.conn = nil
	}
	conn, err := e.DB.Conn(ctx)
	if err != nil {
		return false, fmt.Errorf("elect: %w", err)
	}
	var got bool
	if err := conn.QueryRowContext(ctx, `SELECT pg_try_advisory_lock($1)`, e.key()).Scan(&got); err != nil {
		conn.Close()
		return false, fmt.Errorf("elect: %w", err)
	}
	if !got {
		conn.Close()
		return false, nil
	}
	e.conn = conn
	return true, nil
}

// Close gives up leadership.
func (e *AdvisoryLockElector) Close() error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.conn == nil {
		return nil
	}
	_, err := e.conn.ExecContext(context.Background(), `SELECT pg_advisory_unlock($1)`, e.key())
	err = errors.Join(err, e.conn.Close())
	e.conn = nil
	return err
}

func (e *AdvisoryLockElector) key() int64 {
	if e.Key == 0 {
		return DefaultLockKey
	}
	return e.Key
}
