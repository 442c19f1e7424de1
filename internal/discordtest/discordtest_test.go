package discordtest_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/internal/discordtest"
)

func session(t *testing.T, f *discordtest.Server) *discordgo.Session {
	t.Helper()
	s, err := discordgo.New("Bot " + f.Token)
	if err != nil {
		t.Fatal(err)
	}
	s.Client = &http.Client{Transport: rewrite{base: f.URL()}, Timeout: 5 * time.Second}
	return s
}

// rewrite sends discordgo's requests for discord.com to the fake.
type rewrite struct{ base string }

func (r rewrite) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context())
	req.URL.Scheme, req.URL.Host = "http", r.base[len("http://"):]
	return http.DefaultTransport.RoundTrip(req)
}

// TestChannelMessages checks the listing as discordgo's ChannelMessages
// asks for it: newest first, limit, before and after a snowflake.
func TestChannelMessages(t *testing.T) {
	now := time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC)
	f := discordtest.New(t, discordtest.WithClock(func() time.Time { return now }))
	f.SetupGuild("300")
	var ids []string
	for range 5 {
		ids = append(ids, f.AddMessage("401", "hello", "").ID)
		now = now.Add(time.Minute)
	}
	if got, _ := discordtest.SnowflakeTime(ids[1]); !got.Equal(time.Date(2026, 6, 1, 9, 1, 0, 0, time.UTC)) {
		t.Fatalf("snowflake time %s", got)
	}
	s := session(t, f)
	list := func(limit int, before, after string) []string {
		t.Helper()
		msgs, err := s.ChannelMessages("401", limit, before, after, "")
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, m := range msgs {
			if m.Author == nil || m.Author.ID != f.AppID {
				t.Fatalf("message %s has author %+v, want the bot", m.ID, m.Author)
			}
			out = append(out, m.ID)
		}
		return out
	}
	tests := []struct {
		name          string
		limit         int
		before, after string
		want          []string
	}{
		{"newest", 2, "", "", []string{ids[4], ids[3]}},
		{"default limit", 0, "", "", []string{ids[4], ids[3], ids[2], ids[1], ids[0]}},
		{"before", 2, ids[3], "", []string{ids[2], ids[1]}},
		{"after: the closest ones", 2, "", ids[0], []string{ids[2], ids[1]}},
		{"after a time", 100, "", "0", []string{ids[4], ids[3], ids[2], ids[1], ids[0]}},
		{"between", 100, ids[4], ids[1], []string{ids[3], ids[2]}},
		{"nothing after the last", 10, "", ids[4], nil},
	}
	for _, tt := range tests {
		if got := list(tt.limit, tt.before, tt.after); len(got) != len(tt.want) || (len(got) > 0 && got[0] != tt.want[0]) || (len(got) > 1 && got[len(got)-1] != tt.want[len(tt.want)-1]) {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
	if _, err := s.ChannelMessages("401", 101, "", "", ""); err == nil {
		t.Error("limit 101 accepted")
	}
	if calls := f.Calls(http.MethodGet, "/channels/401/messages"); len(calls) != len(tests)+1 || calls[0].Query.Get("limit") != "2" {
		t.Errorf("%d listing calls recorded, first query %v", len(calls), calls[0].Query)
	}
}

// TestFaults checks the injected failures as discordgo sees them.
func TestFaults(t *testing.T) {
	f := discordtest.New(t)
	f.SetupGuild("300")
	s := session(t, f)
	ctx := context.Background()
	send := func() error {
		_, err := s.ChannelMessageSend("401", "hi", discordgo.WithContext(ctx), discordgo.WithRetryOnRatelimit(false))
		return err
	}
	var rest *discordgo.RESTError
	f.Forbid("401", true)
	if err := send(); !errors.As(err, &rest) || rest.Response.StatusCode != 403 {
		t.Fatalf("forbidden channel: %v", err)
	}
	f.Forbid("401", false)
	f.RateLimit("channels/401/messages", 1)
	var rl *discordgo.RateLimitError
	if err := send(); !errors.As(err, &rl) {
		t.Fatalf("rate limited: %v", err)
	}
	f.Fail("channels/401/messages", 1)
	if err := send(); !errors.As(err, &rest) || rest.Response.StatusCode != 500 || len(f.Messages("401")) != 0 {
		t.Fatalf("failure: %v, %d messages", err, len(f.Messages("401")))
	}
	f.LoseReplies("401", 1)
	if err := send(); !errors.As(err, &rest) || rest.Response.StatusCode != 500 || len(f.Messages("401")) != 1 {
		t.Fatalf("lost reply: %v, %d messages", err, len(f.Messages("401")))
	}
	f.HoldReplies("401", 1)
	hctx, cancel := context.WithTimeout(ctx, 200*time.Millisecond)
	defer cancel()
	if _, err := s.ChannelMessageSend("401", "held", discordgo.WithContext(hctx)); !errors.Is(err, context.DeadlineExceeded) || len(f.Messages("401")) != 2 {
		t.Fatalf("held reply: %v, %d messages", err, len(f.Messages("401")))
	}
	if err := send(); err != nil || len(f.Messages("401")) != 3 {
		t.Fatalf("after the faults: %v, %d messages", err, len(f.Messages("401")))
	}
	// A call is recorded when the fake's handler returns, and the held
	// one returns only once the server notices its client left, which
	// may be after the next send, or even after it was answered: wait
	// (bounded) for all six, and take the last two in either order.
	var statuses []int
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		statuses = statuses[:0]
		for _, c := range f.Calls(http.MethodPost, "/channels/401/messages") {
			statuses = append(statuses, c.Status)
		}
		if len(statuses) >= 6 || time.Now().After(deadline) {
			break
		}
	}
	if len(statuses) == 6 {
		slices.Sort(statuses[4:])
	}
	if want := []int{403, 429, 500, 500, 200, 504}; !slices.Equal(statuses, want) {
		t.Errorf("recorded statuses %v, want %v (the last two in any order)", statuses, want)
	}
}

// TestFakeRefusesOverLimitBodies: as Discord, the fake answers 400 (code
// 50035) to a reply over 2,000 characters, and records it so.
func TestFakeRefusesOverLimitBodies(t *testing.T) {
	f := discordtest.New(t)
	f.Lenient()
	for _, tc := range []struct {
		name    string
		content string
		want    int
	}{
		{"2000 characters", strings.Repeat("é", 2000), http.StatusNoContent},
		{"2001 characters", strings.Repeat("é", 2001), http.StatusBadRequest},
	} {
		t.Run(tc.name, func(t *testing.T) {
			body, _ := json.Marshal(map[string]any{"type": 4, "data": map[string]any{"content": tc.content}})
			resp, err := http.Post(f.APIBase()+"interactions/1/tok/callback", "application/json", bytes.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != tc.want {
				t.Fatalf("status %d (%s), want %d", resp.StatusCode, b, tc.want)
			}
			if tc.want == http.StatusBadRequest && !strings.Contains(string(b), "50035") {
				t.Fatalf("refusal %s lacks Discord's code 50035", b)
			}
			c := <-f.Callback("1")
			if c.Status != tc.want {
				t.Fatalf("recorded status %d, want %d", c.Status, tc.want)
			}
		})
	}
}

// errorRecorder is a test that keeps the fake's Errorf calls instead of
// failing, so a test can check that the fake fails the test of a client
// that sends a body Discord would refuse.
type errorRecorder struct {
	testing.TB
	mu   sync.Mutex
	errs []string
}

func (r *errorRecorder) Errorf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

func (r *errorRecorder) take() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	errs := r.errs
	r.errs = nil
	return errs
}

// TestFakeRefusesBodiesOutsideTheSpec: every JSON body the fake receives
// is validated against the request schema of Discord's OpenAPI
// description. A body that breaks it fails the client's test and is
// answered 400 with Discord's code 50035; a valid body on the same
// endpoint passes.
func TestFakeRefusesBodiesOutsideTheSpec(t *testing.T) {
	rec := &errorRecorder{TB: t}
	f := discordtest.New(rec)
	f.SetupGuild("77")
	for _, tc := range []struct {
		name, method, path, body string
		want                     int
	}{
		{"message", http.MethodPost, "channels/401/messages", `{"content":"hello"}`, http.StatusOK},
		{"message content not a string", http.MethodPost, "channels/401/messages", `{"content":5}`, http.StatusBadRequest},
		{"message tts not a boolean", http.MethodPost, "channels/401/messages", `{"content":"hi","tts":"yes"}`, http.StatusBadRequest},
		{"message embed title not a string", http.MethodPost, "channels/401/messages", `{"embeds":[{"title":5}]}`, http.StatusBadRequest},
		{"callback", http.MethodPost, "interactions/1/tok/callback", `{"type":4,"data":{"content":"x"}}`, http.StatusNoContent},
		{"callback unknown type", http.MethodPost, "interactions/2/tok/callback", `{"type":99,"data":{"content":"x"}}`, http.StatusBadRequest},
		{"callback flags not a number", http.MethodPost, "interactions/3/tok/callback", `{"type":4,"data":{"content":"x","flags":"ephemeral"}}`, http.StatusBadRequest},
		{"edit", http.MethodPatch, "webhooks/1000/tok1/messages/@original", `{"content":"x"}`, http.StatusOK},
		{"edit content not a string", http.MethodPatch, "webhooks/1000/tok2/messages/@original", `{"content":["x"]}`, http.StatusBadRequest},
		{"thread", http.MethodPost, "channels/405/messages/9/threads", `{"name":"Daily"}`, http.StatusCreated},
		{"thread name not a string", http.MethodPost, "channels/405/messages/9/threads", `{"name":7}`, http.StatusBadRequest},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req, err := http.NewRequest(tc.method, f.APIBase()+tc.path, strings.NewReader(tc.body))
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Authorization", "Bot "+f.Token)
			req.Header.Set("Content-Type", "application/json")
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != tc.want {
				t.Fatalf("status %d (%s), want %d", resp.StatusCode, b, tc.want)
			}
			errs := rec.take()
			if tc.want == http.StatusBadRequest {
				if !strings.Contains(string(b), "50035") {
					t.Errorf("refusal %s lacks Discord's code 50035", b)
				}
				if len(errs) != 1 || !strings.Contains(errs[0], "does not match Discord's API description") {
					t.Errorf("the client's test was failed with %q, want one schema error", errs)
				}
			} else if len(errs) != 0 {
				t.Errorf("valid body failed the client's test: %q", errs)
			}
		})
	}
}

// TestFollowUpLimitForUserInstalls: an interaction that only a user
// install authorises gets 5 follow-ups, as on Discord; one the server's
// install authorises is not limited so.
func TestFollowUpLimitForUserInstalls(t *testing.T) {
	f := discordtest.New(t)
	s := session(t, f)
	f.RegisterInteraction(json.RawMessage(`{"token":"user-tok","authorizing_integration_owners":{"1":"11"}}`))
	f.RegisterInteraction(json.RawMessage(`{"token":"guild-tok","authorizing_integration_owners":{"0":"300","1":"11"}}`))
	send := func(token string) error {
		_, err := s.FollowupMessageCreate(&discordgo.Interaction{AppID: f.AppID, Token: token}, true, &discordgo.WebhookParams{Content: "more"})
		return err
	}
	for i := range discordtest.MaxUserInstallFollowUps {
		if err := send("user-tok"); err != nil {
			t.Fatalf("follow-up %d: %v", i+1, err)
		}
	}
	var rest *discordgo.RESTError
	if err := send("user-tok"); !errors.As(err, &rest) || rest.Response.StatusCode != http.StatusBadRequest {
		t.Fatalf("a sixth follow-up of a user install: %v, want 400", err)
	}
	for i := range discordtest.MaxUserInstallFollowUps + 2 {
		if err := send("guild-tok"); err != nil {
			t.Fatalf("follow-up %d with the guild install: %v", i+1, err)
		}
	}
	if got := f.FollowUps("user-tok"); got != discordtest.MaxUserInstallFollowUps {
		t.Errorf("FollowUps = %d, want %d", got, discordtest.MaxUserInstallFollowUps)
	}
}
