package store

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/store/storetest"
)

// TestLeaderLock: of two processes on one PostgreSQL database, the first
// to ask leads and keeps leading; the other leads once the first resigns.
func TestLeaderLock(t *testing.T) {
	dsn := storetest.Postgres(t)
	a, b := openStore(t, dsn), openStore(t, dsn)
	ctx := context.Background()
	key := time.Now().UnixNano() // a key of this test's own: the lock is database-wide
	la, err := a.LeaderLock(key)
	if err != nil {
		t.Fatal(err)
	}
	lb, err := b.LeaderLock(key)
	if err != nil {
		t.Fatal(err)
	}
	defer la.Close()
	defer lb.Close()
	if ok, err := la.Leader(ctx); !ok || err != nil {
		t.Fatalf("first process: %v, %v; want leader", ok, err)
	}
	if ok, err := lb.Leader(ctx); ok || err != nil {
		t.Fatalf("second process: %v, %v; want follower", ok, err)
	}
	if ok, _ := la.Leader(ctx); !ok {
		t.Fatal("the leader lost the lock")
	}
	if err := la.Close(); err != nil {
		t.Fatal(err)
	}
	if ok, err := lb.Leader(ctx); !ok || err != nil {
		t.Fatalf("after the leader resigned: %v, %v; want leader", ok, err)
	}
}

// TestLeaderLockNeedsPostgres: SQLite has no advisory locks; asking for
// one is ErrInvalid, not a lock that always says yes.
func TestLeaderLockNeedsPostgres(t *testing.T) {
	s := openStore(t, storetest.SQLite(t))
	if _, err := s.LeaderLock(0); !errors.Is(err, ErrInvalid) {
		t.Fatalf("LeaderLock on SQLite: %v, want ErrInvalid", err)
	}
}

// TestSchemaLeaderKey: with the schema's key, processes on one schema
// elect one leader, and a bot on another schema of the same database
// (another deployment, or another test) elects its own.
func TestSchemaLeaderKey(t *testing.T) {
	ctx := context.Background()
	one := storetest.Postgres(t)
	a, b := openStore(t, one), openStore(t, one)
	c := openStore(t, storetest.Postgres(t))
	var locks []*LeaderLock
	for _, s := range []*Store{a, b, c} {
		l, err := s.LeaderLock(SchemaLeaderKey)
		if err != nil {
			t.Fatal(err)
		}
		defer l.Close()
		locks = append(locks, l)
	}
	var got []bool
	for _, l := range locks {
		ok, err := l.Leader(ctx)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, ok)
	}
	if !got[0] || got[1] || !got[2] {
		t.Fatalf("leaders %v, want [true false true]: one per schema", got)
	}
}
