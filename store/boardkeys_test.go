package store

import (
	"bytes"
	"context"
	"crypto/rand"
	"sync"
	"testing"
	"time"
)

func randomKey() ([]byte, error) {
	k := make([]byte, 32)
	_, err := rand.Read(k)
	return k, err
}

// TestBoardKeys: the first read makes one key and every later read (and
// another process) finds the same; a rotation adds a signing key and keeps
// the old one verifying for BoardKeyGrace, then drops it.
func TestBoardKeys(t *testing.T) {
	forEachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		dsn := be.newDSN(t)
		s := openStore(t, dsn)
		first, err := s.BoardKeys(ctx, t0, randomKey)
		must(t, err, "BoardKeys")
		if len(first) != 1 || len(first[0].Secret) != 32 || !first[0].RetiredAt.IsZero() {
			t.Fatalf("first keys %+v", first)
		}
		again, err := s.BoardKeys(ctx, t0.Add(time.Hour), func() ([]byte, error) {
			t.Fatal("a second key was made")
			return nil, nil
		})
		must(t, err, "BoardKeys again")
		if len(again) != 1 || again[0].ID != first[0].ID || !bytes.Equal(again[0].Secret, first[0].Secret) {
			t.Fatalf("second read %+v, first %+v", again, first)
		}
		if be.shared {
			other := openStore(t, dsn)
			ks, err := other.BoardKeys(ctx, t0, randomKey)
			must(t, err, "BoardKeys from another process")
			if len(ks) != 1 || !bytes.Equal(ks[0].Secret, first[0].Secret) {
				t.Fatalf("another process reads %+v", ks)
			}
		}
		rotated, err := s.RotateBoardKey(ctx, t0.Add(2*time.Hour), randomKey, false)
		must(t, err, "RotateBoardKey")
		if len(rotated) != 2 || !rotated[0].RetiredAt.IsZero() || rotated[1].ID != first[0].ID || rotated[1].RetiredAt.IsZero() {
			t.Fatalf("after rotation %+v", rotated)
		}
		if bytes.Equal(rotated[0].Secret, first[0].Secret) {
			t.Fatal("the new key is the old one")
		}
		late, err := s.BoardKeys(ctx, t0.Add(2*time.Hour+BoardKeyGrace-time.Minute), randomKey)
		must(t, err, "BoardKeys within the grace")
		if len(late) != 2 {
			t.Fatalf("within the grace: %d keys, want 2", len(late))
		}
		gone, err := s.BoardKeys(ctx, t0.Add(2*time.Hour+BoardKeyGrace+time.Minute), randomKey)
		must(t, err, "BoardKeys after the grace")
		if len(gone) != 1 || gone[0].ID != rotated[0].ID {
			t.Fatalf("after the grace: %+v", gone)
		}
		if _, err := s.RotateBoardKey(ctx, t0, func() ([]byte, error) { return []byte("short"), nil }, false); err == nil {
			t.Fatal("a 5-byte key was stored")
		}
		// A leaked key: --revoke leaves only the new key, at once.
		revoked, err := s.RotateBoardKey(ctx, t0.Add(3*time.Hour), randomKey, true)
		must(t, err, "RotateBoardKey revoking")
		if len(revoked) != 1 || !revoked[0].RetiredAt.IsZero() || revoked[0].ID == rotated[0].ID {
			t.Fatalf("after revoking: %+v", revoked)
		}
	})
}

// TestBoardKeysFirstStartRace: processes starting together on an empty
// database agree on a signing key or each keep one; none fails.
func TestBoardKeysFirstStartRace(t *testing.T) {
	forEachBackend(t, func(t *testing.T, be backend) {
		if !be.shared {
			t.Skip("one process only")
		}
		ctx := context.Background()
		dsn := be.newDSN(t)
		stores := []*Store{openStore(t, dsn), openStore(t, dsn), openStore(t, dsn)}
		var wg sync.WaitGroup
		errs := make([]error, len(stores))
		for i, s := range stores {
			wg.Go(func() { _, errs[i] = s.BoardKeys(ctx, t0, randomKey) })
		}
		wg.Wait()
		for _, err := range errs {
			must(t, err, "BoardKeys")
		}
		ks, err := stores[0].BoardKeys(ctx, t0, randomKey)
		must(t, err, "BoardKeys")
		if len(ks) != 1 {
			t.Fatalf("%d live keys after a racing first start, want 1", len(ks))
		}
	})
}
