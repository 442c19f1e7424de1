package discordtest_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/sudokubot/sudokubot/internal/discordtest"
)

// TestActivityInstance: GET /applications/{app}/activity-instances/{id}
// answers, to the bot's token, where a known instance runs and who is in
// it, in Discord's described shape (guild channel and private channel);
// an unknown instance or another app answers 404; no bot token, 401.
func TestActivityInstance(t *testing.T) {
	f := discordtest.New(t)
	f.JoinActivity("i-1", "300", "400", "61")
	f.JoinActivity("i-1", "300", "400", "62")
	f.LeaveActivity("i-1", "62")
	f.JoinActivity("i-dm", "", "500", "71")
	get := func(app, id, auth string) (int, map[string]any) {
		t.Helper()
		req, _ := http.NewRequest(http.MethodGet, f.APIBase()+"applications/"+app+"/activity-instances/"+id, nil)
		if auth != "" {
			req.Header.Set("Authorization", auth)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var body map[string]any
		_ = json.NewDecoder(resp.Body).Decode(&body)
		return resp.StatusCode, body
	}
	bot := "Bot " + f.Token
	st, got := get(f.AppID, "i-1", bot)
	loc, _ := got["location"].(map[string]any)
	users, _ := got["users"].([]any)
	if st != 200 || loc["channel_id"] != "400" || loc["guild_id"] != "300" || loc["kind"] != "gc" || len(users) != 1 || users[0] != "61" {
		t.Fatalf("instance i-1: %d %v", st, got)
	}
	st, got = get(f.AppID, "i-dm", bot)
	loc, _ = got["location"].(map[string]any)
	if _, has := loc["guild_id"]; st != 200 || loc["kind"] != "pc" || has {
		t.Fatalf("instance in a private channel: %d %v", st, got)
	}
	for _, tc := range []struct{ app, id, auth string }{{f.AppID, "i-nope", bot}, {"999", "i-1", bot}} {
		if st, _ := get(tc.app, tc.id, tc.auth); st != 404 {
			t.Errorf("instance %s of app %s: %d, want 404", tc.id, tc.app, st)
		}
	}
	if st, _ := get(f.AppID, "i-1", ""); st != 401 {
		t.Errorf("without the bot's token: %d, want 401", st)
	}
}
