package store

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/store/storetest"
)

// Two processes on one schema hear each other's notifications, in order;
// a process on another schema of the same database hears none of them.
func TestNotifyListen(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	dsn := storetest.Postgres(t)
	a, b := openStore(t, dsn), openStore(t, dsn)
	other := openStore(t, storetest.Postgres(t))

	got := make(chan string, 10)
	otherGot := make(chan string, 10)
	listen := func(s *Store, out chan string) {
		ready := make(chan struct{})
		lctx, stop := context.WithCancel(ctx)
		done := make(chan error, 1)
		go func() { done <- s.Listen(lctx, func() { close(ready) }, func(p string) { out <- p }) }()
		t.Cleanup(func() {
			stop()
			if err := <-done; !errors.Is(err, context.Canceled) {
				t.Errorf("Listen ended with %v, want context.Canceled", err)
			}
		})
		select {
		case <-ready:
		case err := <-done:
			t.Fatalf("Listen: %v", err)
		}
	}
	listen(b, got)
	listen(other, otherGot)

	for _, p := range []string{"one", "two", "three"} {
		if err := a.Notify(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	for _, want := range []string{"one", "two", "three"} {
		select {
		case p := <-got:
			if p != want {
				t.Fatalf("heard %q, want %q", p, want)
			}
		case <-ctx.Done():
			t.Fatalf("%q never heard", want)
		}
	}
	// The other schema's listener was in place before the first Notify;
	// a notification of its own arrives after anything it would have
	// heard from ours.
	if err := other.Notify(ctx, "mine"); err != nil {
		t.Fatal(err)
	}
	select {
	case p := <-otherGot:
		if p != "mine" {
			t.Fatalf("another schema heard %q", p)
		}
	case <-ctx.Done():
		t.Fatal("another schema's own notification never heard")
	}

	if err := a.Notify(ctx, string(make([]byte, MaxNotifyPayload+1))); !errors.Is(err, ErrInvalid) {
		t.Errorf("an oversized payload: %v, want ErrInvalid", err)
	}
	// The pool still works after the listeners' connections were taken.
	if _, err := b.Game(ctx, 1); !errors.Is(err, ErrNotFound) {
		t.Errorf("a read after listening: %v", err)
	}
}

// SQLite has no notifications: a caller delivers in process.
func TestNotifySQLite(t *testing.T) {
	s := openStore(t, storetest.SQLite(t))
	ctx := context.Background()
	if err := s.Notify(ctx, "x"); !errors.Is(err, ErrInvalid) {
		t.Errorf("Notify on SQLite: %v, want ErrInvalid", err)
	}
	if err := s.Listen(ctx, nil, func(string) {}); !errors.Is(err, ErrInvalid) {
		t.Errorf("Listen on SQLite: %v, want ErrInvalid", err)
	}
}
