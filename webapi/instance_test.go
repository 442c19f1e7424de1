package webapi

import (
	"strconv"
	"testing"
	"time"
)

// forget drops every answer, as if all were older than instanceFresh.
func (c *instanceCache) forget() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.m = nil
}

// TestInstanceCache: an answer is believed for instanceFresh, no longer;
// a full cache makes room by dropping stale answers, and when every
// answer is fresh it remembers no more rather than growing.
func TestInstanceCache(t *testing.T) {
	var c instanceCache
	t0 := time.Unix(1_800_000_000, 0)
	c.put("i-a", instanceEntry{users: []string{"1"}, at: t0})
	if _, ok := c.get("i-a", t0.Add(instanceFresh-time.Second)); !ok {
		t.Error("a fresh answer is not believed")
	}
	if _, ok := c.get("i-a", t0.Add(instanceFresh)); ok {
		t.Error("a stale answer is believed")
	}
	if _, ok := c.get("i-a", t0.Add(-time.Second)); ok {
		t.Error("an answer from the future (the clock stepped back) is believed")
	}
	for i := 1; i < instanceCacheMax; i++ {
		c.put("i-"+strconv.Itoa(i), instanceEntry{at: t0})
	}
	c.put("i-full", instanceEntry{at: t0.Add(time.Second)})
	if _, ok := c.get("i-full", t0.Add(time.Second)); ok || len(c.m) != instanceCacheMax {
		t.Errorf("a cache full of fresh answers took one more (%d held)", len(c.m))
	}
	later := t0.Add(instanceFresh + time.Second)
	c.put("i-later", instanceEntry{at: later})
	if _, ok := c.get("i-later", later); !ok || len(c.m) != 1 {
		t.Errorf("a cache full of stale answers kept %d and the new one: %v", len(c.m), ok)
	}
}

// TestIsInstanceID: what goes into Discord's path is an id, never a path.
func TestIsInstanceID(t *testing.T) {
	for s, want := range map[string]bool{
		"i-1168986442063482900-gc-1071516262375891107-1071516262375891111": true,
		"i-1": true, "": false, "..": false, "i-1/../../users/@me": false, "i 1": false, "i-1%2F": false,
		string(make([]byte, 129)): false,
	} {
		if got := isInstanceID(s); got != want {
			t.Errorf("isInstanceID(%.40q) = %v, want %v", s, got, want)
		}
	}
}
