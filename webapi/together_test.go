package webapi

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"

	"github.com/sudokubot/sudokubot/internal/ssetest"
	"github.com/sudokubot/sudokubot/live"
)

// TestTogether: two players in one voice channel's Activity press Co-op
// and land on one shared board, each with a token of their own; pressing
// Race puts them in one race; a channel that is none, or another kind,
// is refused in words.
func TestTogether(t *testing.T) {
	h, _ := liveHarness(t, live.Options{}, func(c *Config) { c.Activity = true })
	_, a := h.game(t, "921")
	_, b := h.game(t, "922")
	together := func(tok, kind, channel string) (int, Together) {
		t.Helper()
		resp := h.post(t, tok, "/activity/api/together", TogetherRequest{Kind: kind, ChannelID: channel})
		var out Together
		if resp.StatusCode == 200 {
			if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
				t.Fatal(err)
			}
		}
		return resp.StatusCode, out
	}
	_, ca := together(a, "coop", "7001")
	_, cb := together(b, "coop", "7001")
	if ca.State == nil || cb.State == nil || ca.State.GameID != cb.State.GameID || ca.Token == cb.Token || ca.State.Coop == nil {
		t.Fatalf("co-op together: %+v / %+v", ca.State, cb.State)
	}
	// Each plays it with their own token.
	var st State
	if code := h.get(t, cb.Token, "/activity/api/game", &st); code != 200 || st.Coop == nil || st.GameID != ca.State.GameID {
		t.Fatalf("the second player's co-op board: %d %+v", code, st.Coop)
	}
	_, ra := together(a, "race", "7001")
	_, rb := together(b, "race", "7001")
	if ra.State == nil || rb.State == nil || ra.State.Race == nil || len(rb.State.Race.Racers) != 2 || ra.State.GameID == rb.State.GameID {
		t.Fatalf("race together: %+v / %+v", ra.State, rb.State)
	}
	for _, bad := range []struct{ kind, channel string }{{"coop", "abc"}, {"coop", ""}, {"dance", "7001"}} {
		if code, _ := together(a, bad.kind, bad.channel); code != http.StatusBadRequest {
			t.Errorf("%q in channel %q: %d, want 400", bad.kind, bad.channel, code)
		}
	}
}

// TestTogetherOnTheStream: an Activity's stream, given its voice channel,
// tells when someone there opens a co-op board (and how many have it
// open) without any change of the player's own game; a stream without a
// channel, or with one that is none, says nothing of it.
func TestTogetherOnTheStream(t *testing.T) {
	h, _ := liveHarness(t, live.Options{}, func(c *Config) { c.Activity = true })
	_, a := h.game(t, "931")
	_, b := h.game(t, "932")
	open := func(tok, query string) *ssetest.Stream {
		t.Helper()
		ctx, cancel := context.WithCancel(context.Background())
		t.Cleanup(cancel)
		s, err := ssetest.Dial(ctx, h.http.Client(), h.http.URL+"/activity/api/events"+query, map[string]string{"Authorization": "Bearer " + tok})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}
	watch := open(b, "?channel=7002")
	if _, st := nextState(t, watch); st.Together == nil || st.Together.Coop != -1 || st.Together.Race != -1 {
		t.Fatalf("before anything is open: %+v", st.Together)
	}
	plain := open(b, "?channel=nope")
	if _, st := nextState(t, plain); st.Together != nil {
		t.Errorf("a stream with a bad channel got %+v", st.Together)
	}
	resp := h.post(t, a, "/activity/api/together", TogetherRequest{Kind: "coop", ChannelID: "7002"})
	var got Together
	if resp.StatusCode != 200 || json.NewDecoder(resp.Body).Decode(&got) != nil {
		t.Fatalf("co-op here: %d", resp.StatusCode)
	}
	_, st := nextState(t, watch)
	if st.Together == nil || st.Together.Coop != 0 || st.Together.Race != -1 {
		t.Fatalf("after a co-op board opened in the channel: %+v", st.Together)
	}
	// The first player's board on it, in the Activity: one plays it.
	open(got.Token, "?channel=7002")
	for {
		if _, st = nextState(t, watch); st.Together.Coop == 1 {
			break
		}
	}
}
