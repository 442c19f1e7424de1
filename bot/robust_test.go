package bot

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/discordclient"
	"github.com/sudokubot/sudokubot/internal/promtest"

	"github.com/bwmarrin/discordgo"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/sudokubot/sudokubot/discordapi"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/internal/discordtest"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/store"
)

// TestSignatureRequired checks that the HTTP endpoint answers 401 to every
// request without a valid signature, and never runs a handler for one.
func TestSignatureRequired(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	body, _ := json.Marshal(h.cmd(alice, guildID, "sudoku", "show", nil))
	ts := strconv.FormatInt(time.Now().Unix(), 10)
	good := func() (string, string) {
		req, _ := http.NewRequest(http.MethodPost, "/", nil)
		h.sign(req, body)
		return req.Header.Get("X-Signature-Ed25519"), req.Header.Get("X-Signature-Timestamp")
	}
	sig, sigTS := good()
	flipped := []byte(sig)
	if flipped[0] == 'a' {
		flipped[0] = 'b'
	} else {
		flipped[0] = 'a'
	}
	tampered := bytes.Replace(body, []byte(`"show"`), []byte(`"giveup"`), 1)
	for _, tc := range []struct {
		name    string
		sig, ts string
		body    []byte
	}{
		{"no headers", "", "", body},
		{"no timestamp", sig, "", body},
		{"not hex", "zz" + sig[2:], sigTS, body},
		{"short", sig[:20], sigTS, body},
		{"flipped", string(flipped), sigTS, body},
		{"other timestamp", sig, ts + "1", body},
		{"tampered body", sig, sigTS, tampered},
		{"empty body", sig, sigTS, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req, _ := http.NewRequest(http.MethodPost, h.http.URL+"/interactions", bytes.NewReader(tc.body))
			if tc.sig != "" {
				req.Header.Set("X-Signature-Ed25519", tc.sig)
			}
			if tc.ts != "" {
				req.Header.Set("X-Signature-Timestamp", tc.ts)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != http.StatusUnauthorized {
				t.Fatalf("status %d, want 401", resp.StatusCode)
			}
		})
	}
	if n := strings.Count(h.logs.String(), "msg=interaction "); n != 0 {
		t.Fatalf("%d interactions handled from unsigned requests", n)
	}

	// A valid PING gets a PONG; a body over the limit is refused.
	ping := []byte(`{"id":"1","application_id":"1000","type":1,"token":"t","version":1}`)
	req, _ := http.NewRequest(http.MethodPost, h.http.URL+"/interactions", bytes.NewReader(ping))
	h.sign(req, ping)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || strings.TrimSpace(string(got)) != `{"type":1}` {
		t.Fatalf("PING: %d %s", resp.StatusCode, got)
	}
	if err := h.fake.SchemaSpec().ValidateSchema(mustSchema(t, h), got); err != nil {
		t.Fatalf("PONG does not validate: %v", err)
	}
	big := bytes.Repeat([]byte(" "), 300<<10)
	req, _ = http.NewRequest(http.MethodPost, h.http.URL+"/interactions", bytes.NewReader(big))
	h.sign(req, big)
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestEntityTooLarge {
		t.Fatalf("oversized body: status %d, want 413", resp.StatusCode)
	}
}

// mustSchema is the compiled schema of an interaction callback body.
func mustSchema(t testing.TB, h *harness) *jsonschema.Schema {
	s, err := h.fake.SchemaSpec().RequestSchema("/interactions/{interaction_id}/{interaction_token}/callback", "post")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestPanicBecomesApology checks that a panicking handler gets the player
// an apology (not "This interaction failed") and a log line with the
// interaction id, through both front doors.
func TestPanicBecomesApology(t *testing.T) {
	t.Parallel()
	for _, f := range fronts {
		t.Run(f.name, func(t *testing.T) {
			h := newHarness(t, func(c *setup) {
				c.Render = func(render.Position, render.Options) ([]byte, error) { panic("renderer exploded") }
			})
			if f.name == "gateway" {
				h.openGateway()
			}
			i := h.cmd(alice, guildID, "sudoku", "new", nil)
			r := f.do(h, t, i)
			expectPrivateMessage(t, "panic", r)
			mustContain(t, "panic", r.Content, "Sorry, something went wrong")
			mustContain(t, "panic", r.Content, i["id"].(string))
			logs := h.logs.String()
			mustContain(t, "log", logs, "handler panicked")
			mustContain(t, "log", logs, "interaction="+i["id"].(string))
			mustContain(t, "log", logs, "renderer exploded")
			if strings.Contains(logs, h.fake.Token) {
				t.Fatal("token in the logs")
			}
		})
	}
}

// TestSlowHandlerIsDeferred checks that a handler slower than DeferAfter
// gets a deferral at once and then an edit of the original response (not
// a follow-up), ephemeral where the route is private, with the file.
func TestSlowHandlerIsDeferred(t *testing.T) {
	for _, f := range fronts {
		t.Run(f.name, func(t *testing.T) {
			h := newHarness(t, func(c *setup) {
				c.DeferAfter = 50 * time.Millisecond
				c.Render = func(p render.Position, o render.Options) ([]byte, error) {
					time.Sleep(300 * time.Millisecond)
					return render.BoardPNG(p, o)
				}
			})
			if f.name == "gateway" {
				h.openGateway()
			}
			r := f.do(h, t, h.cmd(alice, guildID, "sudoku", "new", nil))
			if !r.Deferred || r.Type != 5 || !r.ephemeral() {
				t.Fatalf("deferred %v type %d ephemeral %v, want an ephemeral type-5 deferral", r.Deferred, r.Type, r.ephemeral())
			}
			r.png(t)
			mustContain(t, "edited response", r.Content, "New puzzle!")
			if n := len(h.fake.Calls(http.MethodPost, "/webhooks/")); n != 0 {
				t.Fatalf("%d follow-up messages, want an edit of the original", n)
			}
			g := h.current(t, alice)
			r = f.do(h, t, h.button(alice, guildID, fmt.Sprintf("cands/%d/1", g.ID)))
			if !r.Deferred || r.Type != 6 {
				t.Fatalf("slow update: deferred %v type %d, want type 6", r.Deferred, r.Type)
			}
			r.png(t)
		})
	}
}

// TestRateLimitedCallIsRetried makes the fake answer 429 to the first
// interaction callbacks: discordgo must wait and retry, and the player
// still gets the answer.
func TestRateLimitedCallIsRetried(t *testing.T) {
	h := newHarness(t)
	h.openGateway()
	h.fake.RateLimit("/callback", 2)
	start := time.Now()
	r := h.viaGateway(t, h.cmd(alice, guildID, "sudoku", "show", nil))
	mustContain(t, "after 429s", r.Content, "no game in progress")
	if d := time.Since(start); d < 90*time.Millisecond {
		t.Fatalf("answered after %v: the Retry-After of two 429s (50 ms each) was not honoured", d)
	}
	left := h.fake.RateLimitsLeft("/callback")
	if left != 0 {
		t.Fatalf("%d 429s not consumed", left)
	}

	// The publisher's poster does not retry: it reports the wait.
	h.fake.SetupGuild(guildID)
	h.fake.RateLimit("/messages", 1)
	_, err := h.bot.poster().PostDaily(context.Background(), "401", discordclient.DailyMessage{Content: "**Daily Sudoku #1**"})
	var rl *discordapi.Error
	if !errors.As(err, &rl) || !errors.Is(err, discordapi.ErrRateLimited) || rl.RetryAfter != 50*time.Millisecond {
		t.Fatalf("PostDaily under 429: %v, want a 429 *discordapi.Error of 50ms", err)
	}
}

// TestGatewayResumesAfterDrop cuts the gateway connection: the session
// must reconnect and RESUME (not IDENTIFY again), an interaction Discord
// sent while it was away must reach it on the RESUME (Discord replays the
// events after the resumed sequence number, and so does the fake), and
// interactions keep working. The connection is cut three times in a row,
// as a flaky network would.
func TestGatewayResumesAfterDrop(t *testing.T) {
	h := newHarness(t)
	h.openGateway()
	r := h.viaGateway(t, h.cmd(alice, guildID, "sudoku", "show", nil))
	mustContain(t, "before drop", r.Content, "no game")
	for drop := 1; drop <= 3; drop++ {
		h.fake.DropConnection()
		// Sent while the bot is away: delivered when it resumes.
		r = h.viaGateway(t, h.cmd(alice, guildID, "sudoku", "show", nil))
		mustContain(t, fmt.Sprintf("sent during drop %d", drop), r.Content, "no game")
		if got := h.fake.WaitConnected(t); got != "RESUMED" {
			t.Fatalf("after drop %d the session sent %s, want RESUMED", drop, got)
		}
	}
	// discordgo's heartbeat of a dead connection may cut a fresh one once
	// more (another RESUME); never a second IDENTIFY.
	if ids, resumes := len(h.fake.Identifies()), h.fake.Resumes(); ids != 1 || resumes < 3 {
		t.Fatalf("identifies %d resumes %d, want 1 and at least 3", ids, resumes)
	}
	r = h.viaGateway(t, h.cmd(alice, guildID, "sudoku", "show", nil))
	mustContain(t, "after resume", r.Content, "no game")
}

// TestShardIdentify checks the shard sent in IDENTIFY.
func TestShardIdentify(t *testing.T) {
	t.Parallel()
	fake := discordtest.New(t)
	s, err := discordclient.NewSession(discordclient.SessionOptions{Token: fake.Token, API: fake.APIBase(), ShardID: 1, ShardCount: 3})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Open(); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	fake.WaitConnected(t)
	ids := fake.Identifies()
	if len(ids) != 1 || ids[0].Shard == nil || *ids[0].Shard != [2]int{1, 3} {
		t.Fatalf("identify %+v, want shard [1 3]", ids)
	}
	if ids[0].Intents != int(discordgo.IntentsGuilds) {
		t.Fatalf("intents %d, want only GUILDS", ids[0].Intents)
	}
}

// TestRegisterCommands checks the bulk overwrite, global and dev-guild.
func TestRegisterCommands(t *testing.T) {
	t.Parallel()
	for _, guild := range []string{"", "555"} {
		h := newHarness(t, func(c *setup) { c.DevGuild = guild })
		if err := h.bot.RegisterCommands(context.Background()); err != nil {
			t.Fatal(err)
		}
		want := "/applications/1000/commands"
		if guild != "" {
			want = "/applications/1000/guilds/555/commands"
		}
		calls := h.fake.Calls(http.MethodPut, "/commands")
		if len(calls) != 1 || calls[0].Path != want {
			t.Fatalf("dev guild %q: calls %+v, want one PUT %s", guild, calls, want)
		}
		var cmds []map[string]any
		if err := json.Unmarshal(calls[0].Payload, &cmds); err != nil || len(cmds) != 2 {
			t.Fatalf("registered %s", calls[0].Payload)
		}
	}
}

// TestShutdownDrains checks that Shutdown waits for an interaction in
// flight, and that new ones are refused meanwhile.
func TestShutdownDrains(t *testing.T) {
	release := make(chan struct{})
	var entered atomic.Bool
	h := newHarness(t)
	h.bot.Router().Command("sudoku slow", Private, func(ctx context.Context, r *Request) (*Response, error) {
		entered.Store(true)
		<-release
		return &Response{Content: "done"}, nil
	})
	done := make(chan reply, 1)
	go func() { done <- h.viaHTTP(t, h.cmd(alice, guildID, "sudoku", "slow", nil)) }()
	for !entered.Load() {
		time.Sleep(5 * time.Millisecond)
	}
	shut := make(chan error, 1)
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		shut <- h.bot.Shutdown(ctx)
	}()
	time.Sleep(50 * time.Millisecond)
	select {
	case err := <-shut:
		t.Fatalf("Shutdown returned (%v) with an interaction in flight", err)
	default:
	}
	body, _ := json.Marshal(h.cmd(alice, guildID, "sudoku", "show", nil))
	req, _ := http.NewRequest(http.MethodPost, h.http.URL+"/interactions", bytes.NewReader(body))
	h.sign(req, body)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("new interaction while draining: %d, want 503", resp.StatusCode)
	}
	if !h.bot.Draining() {
		t.Fatal("the bot does not say it is draining (/healthz asks)")
	}
	close(release)
	if r := <-done; r.Content != "done" {
		t.Fatalf("in-flight interaction answered %q", r.Content)
	}
	if err := <-shut; err != nil {
		t.Fatal(err)
	}
}

// TestInteractionMetrics checks what the door counts in the Prometheus
// exposition.
func TestInteractionMetrics(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.viaHTTP(t, h.cmd(alice, guildID, "sudoku", "show", nil))
	h.viaHTTP(t, h.cmd(alice, guildID, "sudoku", "new", nil))
	h.bot.Metrics().DailyPost("posted")
	resp, err := http.Get(h.http.URL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	text := string(b)
	s := promtest.Parse(t, text)
	s.Want(t, 1, "sudokubot_interactions_total", "route", "sudoku show", "outcome", "user_error")
	s.Want(t, 1, "sudokubot_interactions_total", "route", "sudoku new", "outcome", "ok")
	s.Want(t, 1, "sudokubot_interaction_duration_seconds_bucket", "route", "sudoku new", "le", "+Inf")
	s.Want(t, 1, "sudokubot_interaction_duration_seconds_count", "route", "sudoku show")
	s.Want(t, 1, "sudokubot_daily_posts_total", "outcome", "posted")
	mustContain(t, "/metrics", text, "# TYPE sudokubot_interaction_duration_seconds histogram")
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/plain; version=0.0.4") {
		t.Fatalf("content type %q", ct)
	}
}

// TestPlayButton: the "Play privately" button under a daily post starts
// the daily for whoever presses it, with a board only they can see.
func TestPlayButton(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	id := PlayButton("en-US", "2026-11-22", engine.LevelHard).(discordgo.ActionsRow).Components[0].(discordgo.Button).CustomID
	r := h.viaHTTP(t, h.button(bob, guildID, id))
	expectPrivateMessage(t, "play button", r)
	r.png(t)
	if g := h.current(t, bob); g.Day != store.Date(2026, 11, 22) {
		t.Fatalf("play button started %+v", g)
	}
}

// TestTokenNeverLogged runs interactions, a refused REST call and a
// gateway session with every log at debug level, and checks the token
// appears in neither the bot's log nor discordgo's.
func TestTokenNeverLogged(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.openGateway()
	h.viaGateway(t, h.cmd(alice, guildID, "sudoku", "new", nil))
	h.fake.SetupGuild(guildID)
	_, _ = h.bot.poster().PostDaily(context.Background(), "404", discordclient.DailyMessage{Content: "x"})
	for name, logs := range map[string]string{"bot": h.logs.String(), "discordgo": discordgoLogs.String()} {
		if strings.Contains(logs, h.fake.Token) || strings.Contains(logs, hex.EncodeToString([]byte(h.fake.Token))) {
			t.Fatalf("the token appears in the %s log", name)
		}
	}
}
