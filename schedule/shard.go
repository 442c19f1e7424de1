package schedule

import (
	"context"
	"strconv"
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
// they lead for a moment. *store.LeaderLock is one, on PostgreSQL.
type Elector interface {
	Leader(ctx context.Context) (bool, error)
}

// Fencer is an Elector whose terms carry a fencing token
// (*store.LeaderLease): Fenced returns ctx with this process's current
// term, under which the store refuses a claim once another process has
// taken over (store.ErrFenced), so a leader frozen mid-round and thawed
// posts nothing.
type Fencer interface {
	Fenced(ctx context.Context) context.Context
}
