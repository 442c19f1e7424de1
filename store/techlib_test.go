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

// TestLibraryClimbs: a climb is saved over the state it was read as and
// over nothing only where none is saved yet, so of two processes that
// advance one climb from the same state only the first saves.
func TestLibraryClimbs(t *testing.T) {
	forEachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		s := openStore(t, be.newDSN(t))
		saved, err := s.SaveLibraryClimb(ctx, "Template Delete", "", "a", t0)
		must(t, err, "SaveLibraryClimb first")
		if !saved {
			t.Fatal("the first climb was not saved")
		}
		if again, err := s.SaveLibraryClimb(ctx, "Template Delete", "", "b", t0); err != nil || again {
			t.Fatalf("a second first climb: saved %v, %v; want false", again, err)
		}
		if next, err := s.SaveLibraryClimb(ctx, "Template Delete", "a", "c", t0.Add(time.Minute)); err != nil || !next {
			t.Fatalf("the next round: saved %v, %v; want true", next, err)
		}
		if stale, err := s.SaveLibraryClimb(ctx, "Template Delete", "a", "d", t0.Add(2*time.Minute)); err != nil || stale {
			t.Fatalf("a round from a state already moved on: saved %v, %v; want false", stale, err)
		}
		_, err = s.SaveLibraryClimb(ctx, "Template Set", "", "e", t0)
		must(t, err, "SaveLibraryClimb other")
		got, err := s.LibraryClimbs(ctx)
		must(t, err, "LibraryClimbs")
		want := []LibraryClimb{{"Template Delete", "c", t0.Add(time.Minute).UTC()}, {"Template Set", "e", t0.UTC()}}
		if len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
			t.Fatalf("LibraryClimbs = %+v, want %+v", got, want)
		}
		if _, err := s.SaveLibraryClimb(ctx, "X-Wing", "", "", t0); !errors.Is(err, ErrInvalid) {
			t.Fatalf("an empty state: %v, want ErrInvalid", err)
		}
	})
}
