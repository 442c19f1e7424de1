package fakeclock

import (
	"testing"
	"time"
)

func TestFakeClock(t *testing.T) {
	start := time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC)
	c := New(start)
	late := c.NewTimer(2 * time.Hour)
	early := c.NewTimer(time.Hour)
	stopped := c.NewTimer(30 * time.Minute)
	if !stopped.Stop() || stopped.Stop() {
		t.Fatal("Stop should report true once, for a pending timer")
	}
	now := c.NewTimer(0)
	select {
	case <-now.C():
	default:
		t.Fatal("a zero timer must fire at once")
	}
	c.Advance(90 * time.Minute)
	select {
	case at := <-early.C():
		if !at.Equal(start.Add(time.Hour)) {
			t.Errorf("fired with %s, want its deadline", at)
		}
	default:
		t.Fatal("the 1 h timer did not fire at 1.5 h")
	}
	select {
	case <-late.C():
		t.Fatal("the 2 h timer fired at 1.5 h")
	case <-stopped.C():
		t.Fatal("a stopped timer fired")
	default:
	}
	if c.Pending() != 1 {
		t.Errorf("%d pending timers, want 1", c.Pending())
	}
	c.Set(start) // never backwards
	if !c.Now().Equal(start.Add(90 * time.Minute)) {
		t.Errorf("clock went back to %s", c.Now())
	}
	created := c.TimerCreated()
	c.NewTimer(time.Minute)
	select {
	case <-created:
	default:
		t.Error("TimerCreated not signalled")
	}
}
