package interactions

import "testing"

func TestRecentIDsBounded(t *testing.T) {
	t.Parallel()
	r := newRecentIDs(3)
	for _, id := range []string{"a", "b", "c", "d"} {
		if !r.first(id) {
			t.Fatalf("%s reported as seen", id)
		}
	}
	if r.first("d") || r.first("c") {
		t.Fatal("recent ids not remembered")
	}
	if !r.first("a") {
		t.Fatal("the oldest id is still remembered past the bound")
	}
	if len(r.seen) > 3 {
		t.Fatalf("%d ids remembered, bound 3", len(r.seen))
	}
}
