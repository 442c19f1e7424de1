package store

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestLibraryEntries: a find is kept once per technique and puzzle,
// whichever process adds it, and read back in the order found.
func TestLibraryEntries(t *testing.T) {
	forEachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		s := openStore(t, be.newDSN(t))
		added, err := s.AddLibraryEntry(ctx, "X-Wing", "canon1", "line1", t0)
		must(t, err, "AddLibraryEntry")
		if !added {
			t.Fatal("the first find was not added")
		}
		again, err := s.AddLibraryEntry(ctx, "X-Wing", "canon1", "line1 again", t0.Add(time.Second))
		must(t, err, "AddLibraryEntry again")
		if again {
			t.Fatal("the same puzzle was added twice for one technique")
		}
		other, err := s.AddLibraryEntry(ctx, "Swordfish", "canon1", "line2", t0.Add(2*time.Second))
		must(t, err, "AddLibraryEntry other technique")
		if !other {
			t.Fatal("the same puzzle was refused for another technique")
		}
		got, err := s.LibraryEntries(ctx)
		must(t, err, "LibraryEntries")
		if len(got) != 2 || got[0] != "line1" || got[1] != "line2" {
			t.Fatalf("LibraryEntries = %q, want [line1 line2]", got)
		}
		if _, err := s.AddLibraryEntry(ctx, "", "c", "l", t0); !errors.Is(err, ErrInvalid) {
			t.Fatalf("an empty technique: %v, want ErrInvalid", err)
		}
	})
}
