package webapi

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"testing"

	"github.com/sudokubot/sudokubot/internal/discordtest"
	"github.com/sudokubot/sudokubot/internal/ssetest"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/live"
)

// activityHarness is a live harness with the Activity on, signing in and
// looking up instances at a fake Discord.
func activityHarness(t *testing.T) (*harness, *discordtest.Server) {
	t.Helper()
	fake := discordtest.New(t)
	h, _ := liveHarness(t, live.Options{}, func(c *Config) {
		c.Activity, c.AppID, c.ClientSecret, c.DiscordAPI = true, fake.AppID, discordtest.DefaultClientSecret, fake.APIBase()
		c.BotToken = fake.Token
	})
	return h, fake
}

// signInAt signs user in to the Activity with a fresh code, naming
// instance (and the page's belief of its channel); it answers the status
// and the board token or the error.
func (h *harness) signInAt(t *testing.T, fake *discordtest.Server, user, instance, channel, lang string) (int, string, ErrorBody) {
	t.Helper()
	body, _ := json.Marshal(ActivityTokenRequest{Code: fake.MintOAuthCode(user), ChannelID: channel, InstanceID: instance})
	req, _ := http.NewRequest(http.MethodPost, h.http.URL+"/activity/api/activity/token", bytes.NewReader(body))
	req.Header.Set("X-Sudoku-Lang", lang)
	resp, err := h.http.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var ok ActivityToken
	var bad ErrorBody
	if resp.StatusCode == http.StatusOK {
		err = json.NewDecoder(resp.Body).Decode(&ok)
	} else {
		err = json.NewDecoder(resp.Body).Decode(&bad)
	}
	if err != nil {
		t.Fatalf("sign-in answered %s: %v", resp.Status, err)
	}
	return resp.StatusCode, ok.Token, bad
}

// together presses Co-op or Race with tok, the page naming channel.
func (h *harness) together(t *testing.T, tok, kind, channel, lang string) (int, Together, ErrorBody) {
	t.Helper()
	raw, _ := json.Marshal(TogetherRequest{Kind: TogetherKind(kind), ChannelID: channel})
	req, _ := http.NewRequest(http.MethodPost, h.http.URL+"/activity/api/together", bytes.NewReader(raw))
	req.Header.Set("Authorization", "Bearer "+tok)
	req.Header.Set("X-Sudoku-Lang", lang)
	resp, err := h.http.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out Together
	var bad ErrorBody
	if resp.StatusCode == http.StatusOK {
		err = json.NewDecoder(resp.Body).Decode(&out)
	} else {
		err = json.NewDecoder(resp.Body).Decode(&bad)
	}
	if err != nil {
		t.Fatalf("together answered %s: %v", resp.Status, err)
	}
	return resp.StatusCode, out, bad
}

// TestActivitySignInPlace: the Activity's sign-in asks Discord where the
// instance the page names runs: a player Discord shows in it gets a token
// bound to its voice channel and a game in its server, whatever the page
// says of either; a player not in it, an instance Discord does not know
// and an id that is none are refused 403 in the player's language; a
// player who joins after Discord's answer was cached is looked up again;
// one instance costs Discord one lookup for all its players.
func TestActivitySignInPlace(t *testing.T) {
	h, fake := activityHarness(t)
	ctx := context.Background()
	fake.JoinActivity("i-400", "300", "400", "601")
	fake.JoinActivity("i-400", "300", "400", "602")
	for _, user := range []string{"601", "602"} {
		// The page claims another channel: Discord's word wins.
		st, tok, _ := h.signInAt(t, fake, user, "i-400", "999", "en-US")
		if st != 200 {
			t.Fatalf("%s in the instance: %d", user, st)
		}
		c, err := h.srv.keys.Verify(ctx, tok)
		if err != nil || c.Channel != "400" || c.Instance != "i-400" {
			t.Fatalf("%s's token: %+v (%v), want channel 400 of i-400", user, c, err)
		}
		if _, err := h.store.CurrentGame(ctx, user, "300"); err != nil {
			t.Fatalf("%s has no game in the instance's server 300: %v", user, err)
		}
	}
	if n := len(fake.Calls("GET", "/activity-instances/")); n != 1 {
		t.Errorf("two players of one instance cost Discord %d lookups, want 1", n)
	}
	// Joined after Discord's answer: looked up again, and let in.
	fake.JoinActivity("i-400", "300", "400", "603")
	if st, _, _ := h.signInAt(t, fake, "603", "i-400", "400", "en-US"); st != 200 {
		t.Fatalf("a player who joined after the cached answer: %d", st)
	}
	want := l10n.For("de").T("web.error.not_in_activity")
	for _, tc := range []struct{ name, user, instance string }{
		{"a player not in the instance", "604", "i-400"},
		{"an instance Discord does not know", "601", "i-nope"},
		{"an id that is none", "601", "../../users/@me"},
	} {
		st, _, bad := h.signInAt(t, fake, tc.user, tc.instance, "400", "de")
		if st != http.StatusForbidden || bad.Code != CodeForbidden || bad.Error != want {
			t.Errorf("%s: %d %+v, want 403 forbidden %q", tc.name, st, bad, want)
		}
	}
	if h.metrics.get("rejected activity_instance") != 3 {
		t.Errorf("refused instances are not counted: %v", h.metrics.counts)
	}
}

// TestTogether: two players Discord shows in one voice channel's
// Activity press Co-op and land on one shared board, each with a token
// of their own; Race puts them in one race. A player of another channel
// naming theirs is refused in words and never lands on their board, and
// so is a player who has left the channel; a token Discord placed nowhere (a board link's) cannot play together;
// another kind is refused.
func TestTogether(t *testing.T) {
	h, fake := activityHarness(t)
	fake.JoinActivity("i-7001", "300", "7001", "921")
	fake.JoinActivity("i-7001", "300", "7001", "922")
	fake.JoinActivity("i-7009", "300", "7009", "929")
	_, a, _ := h.signInAt(t, fake, "921", "i-7001", "7001", "en-US")
	_, b, _ := h.signInAt(t, fake, "922", "i-7001", "", "en-US")
	_, other, _ := h.signInAt(t, fake, "929", "i-7009", "7009", "en-US")
	_, ca, _ := h.together(t, a, "coop", "7001", "en-US")
	_, cb, _ := h.together(t, b, "coop", "", "en-US")
	if ca.State == nil || cb.State == nil || ca.State.GameID != cb.State.GameID || ca.Token == cb.Token || ca.State.Coop == nil {
		t.Fatalf("co-op together: %+v / %+v", ca.State, cb.State)
	}
	// Each plays it with their own token.
	var st State
	if code := h.get(t, cb.Token, "/activity/api/game", &st); code != 200 || st.Coop == nil || st.GameID != ca.State.GameID {
		t.Fatalf("the second player's co-op board: %d %+v", code, st.Coop)
	}
	// The board's token keeps the channel: Race from the co-op board.
	_, ra, _ := h.together(t, ca.Token, "race", "", "en-US")
	_, rb, _ := h.together(t, b, "race", "7001", "en-US")
	if ra.State == nil || rb.State == nil || ra.State.Race == nil || len(rb.State.Race.Racers) != 2 || ra.State.GameID == rb.State.GameID {
		t.Fatalf("race together: %+v / %+v", ra.State, rb.State)
	}
	// The second player leaves the voice channel. Once Discord's answer
	// is older than instanceFresh (here: forgotten), their token, which
	// still names 7001, no longer opens its boards.
	fake.LeaveActivity("i-7001", "922")
	h.srv.instances.forget()
	code, _, bad := h.together(t, b, "coop", "", "ja")
	if want := l10n.For("ja").T("web.error.not_in_activity"); code != http.StatusForbidden || bad.Error != want {
		t.Fatalf("a player who left the channel: %d %+v, want 403 %q", code, bad, want)
	}
	// Someone of another channel names 7001: refused, in their language.
	code, _, bad = h.together(t, other, "coop", "7001", "fr")
	if want := l10n.For("fr").T("web.error.other_channel"); code != http.StatusForbidden || bad.Code != CodeForbidden || bad.Error != want {
		t.Fatalf("another channel's player naming 7001: %d %+v, want 403 %q", code, bad, want)
	}
	// Without naming it, they get their own channel's board.
	if _, got, _ := h.together(t, other, "coop", "", "en-US"); got.State == nil || got.State.GameID == ca.State.GameID {
		t.Fatalf("another channel's player landed on game %+v, 7001's is %d", got.State, ca.State.GameID)
	}
	// A board link's token: Discord placed it nowhere.
	_, plain := h.game(t, "930")
	code, _, bad = h.together(t, plain, "coop", "7001", "en-US")
	if want := l10n.For("en-US").T("web.error.place_unconfirmed"); code != http.StatusForbidden || bad.Error != want {
		t.Fatalf("a token without a place: %d %+v", code, bad)
	}
	if code, _, bad := h.together(t, a, "dance", "", "en-US"); code != http.StatusBadRequest || bad.Code != CodeInvalid {
		t.Errorf("kind dance: %d %+v, want 400", code, bad)
	}
}

// TestTogetherOnTheStream: an Activity's stream tells when someone in
// its voice channel (the one Discord placed the player in) opens a
// board, with how many have it open, without any change of the player's
// own game. A ?channel= naming another channel is not listened to: a
// player of another channel, or a token placed nowhere, hears nothing of
// that channel.
func TestTogetherOnTheStream(t *testing.T) {
	h, fake := activityHarness(t)
	fake.JoinActivity("i-7002", "300", "7002", "931")
	fake.JoinActivity("i-7002", "300", "7002", "932")
	fake.JoinActivity("i-7003", "300", "7003", "933")
	_, a, _ := h.signInAt(t, fake, "931", "i-7002", "7002", "en-US")
	_, b, _ := h.signInAt(t, fake, "932", "i-7002", "7002", "en-US")
	_, c, _ := h.signInAt(t, fake, "933", "i-7003", "7003", "en-US")
	_, plainTok := h.game(t, "934")
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
	// The page's ?channel= names another channel: the token's is used.
	watch := open(b, "?channel=7003")
	if _, st := nextState(t, watch); st.Together == nil || st.Together.Coop != -1 || st.Together.Race != -1 {
		t.Fatalf("before anything is open: %+v", st.Together)
	}
	foreign := open(c, "?channel=7002")
	if _, st := nextState(t, foreign); st.Together == nil || st.Together.Coop != -1 || st.Together.Race != -1 {
		t.Fatalf("another channel's stream before anything is open: %+v", st.Together)
	}
	plain := open(plainTok, "?channel=7002")
	if _, st := nextState(t, plain); st.Together != nil {
		t.Errorf("a stream of a token placed nowhere got %+v", st.Together)
	}
	// 7002 opens a race.
	if code, _, bad := h.together(t, a, "race", "", "en-US"); code != 200 {
		t.Fatalf("race here: %d %+v", code, bad)
	}
	if _, st := nextState(t, watch); st.Together == nil || st.Together.Race != 0 || st.Together.Coop != -1 {
		t.Fatalf("after a race opened in the channel: %+v", st.Together)
	}
	// 7003 opens a co-op board: its stream hears of that, and never of
	// 7002's race.
	code, got, _ := h.together(t, c, "coop", "", "en-US")
	if code != 200 {
		t.Fatalf("co-op in 7003: %d", code)
	}
	for {
		_, st := nextState(t, foreign)
		if st.Together == nil || st.Together.Race != -1 {
			t.Fatalf("7003's stream heard of 7002's race: %+v", st.Together)
		}
		if st.Together.Coop == 0 {
			break
		}
	}
	// The co-op board's own stream, in the Activity: one plays it.
	open(got.Token, "")
	for {
		if _, st := nextState(t, foreign); st.Together.Coop == 1 {
			break
		}
	}
}
