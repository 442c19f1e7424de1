package main

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"image/png"
	"io"
	"log/slog"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/bot"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/schedule"
	"github.com/sudokubot/sudokubot/store"
)

func runDailyCmd(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errOut bytes.Buffer
	env := &cliEnv{stdin: strings.NewReader(""), stdout: &out, stderr: &errOut, getenv: func(string) string { return "" }}
	code := run(context.Background(), env, append([]string{"daily"}, args...))
	return out.String(), errOut.String(), code
}

// dailyLine is the line the command must print: the scheduler's daily.
func dailyLine(t *testing.T, day, level string) (string, store.Puzzle) {
	t.Helper()
	p, err := schedule.DailyPuzzle(context.Background(), schedule.EngineGenerator, day, level)
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%s %s %.1f\n", p.Grid, p.Level, p.Score), p
}

func TestDailyCommand(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name      string
		args      []string
		day, lv   string // the daily expected on stdout
		png       string // -o file expected to hold the posted image
		code      int
		stderrHas string
	}{
		{name: "date and level", args: []string{"--date", "2026-11-22", "--level", "hard"}, day: "2026-11-22", lv: "hard"},
		{name: "default level", args: []string{"--date", "2026-03-08"}, day: "2026-03-08", lv: "medium"},
		{name: "level any case", args: []string{"--date", "2026-03-08", "--level", "Easy"}, day: "2026-03-08", lv: "easy"},
		{name: "png", args: []string{"--date", "2026-11-22", "--level", "easy", "-o", filepath.Join(dir, "d.png")},
			day: "2026-11-22", lv: "easy", png: filepath.Join(dir, "d.png")},

		{name: "bad date", args: []string{"--date", "2026-02-30"}, code: exitUsage, stderrHas: "--date"},
		{name: "date format", args: []string{"--date", "22/11/2026"}, code: exitUsage, stderrHas: "YYYY-MM-DD"},
		{name: "bad level", args: []string{"--level", "impossible"}, code: exitUsage, stderrHas: "--level"},
		{name: "bad zone", args: []string{"--tz", "Mars/Olympus"}, code: exitUsage, stderrHas: "--tz"},
		{name: "extra argument", args: []string{"--date", "2026-11-22", "extra"}, code: exitUsage, stderrHas: `"extra"`},
		{name: "unknown flag", args: []string{"--when", "today"}, code: exitUsage, stderrHas: "-when"},
		{name: "unwritable output", args: []string{"--date", "2026-11-22", "--level", "easy", "-o", filepath.Join(dir, "no", "such", "dir.png")},
			day: "2026-11-22", lv: "easy", code: exitError, stderrHas: "-o"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stdout, stderr, code := runDailyCmd(t, tt.args...)
			if code != tt.code {
				t.Fatalf("exit %d, want %d; stderr: %s", code, tt.code, stderr)
			}
			if tt.stderrHas != "" && !strings.Contains(stderr, tt.stderrHas) {
				t.Errorf("stderr %q lacks %q", stderr, tt.stderrHas)
			}
			if tt.day == "" {
				if stdout != "" {
					t.Errorf("stdout %q, want nothing", stdout)
				}
				return
			}
			want, p := dailyLine(t, tt.day, tt.lv)
			if stdout != want {
				t.Errorf("stdout %q, want %q", stdout, want)
			}
			if tt.png != "" {
				got, err := os.ReadFile(tt.png)
				if err != nil {
					t.Fatal(err)
				}
				posted, err := schedule.PNGRenderer{}.Puzzle(p, tt.day, tt.lv)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got, posted) {
					t.Error("the PNG differs from the image the scheduler posts")
				}
			}
		})
	}
}

func TestDailyCommandToday(t *testing.T) {
	const zone = "Pacific/Kiritimati" // UTC+14: "today" differs from UTC's most of the day
	loc, err := time.LoadLocation(zone)
	if err != nil {
		t.Fatal(err)
	}
	before := schedule.LocalDay(time.Now(), loc)
	stdout, stderr, code := runDailyCmd(t, "--tz", zone, "--level", "easy")
	after := schedule.LocalDay(time.Now(), loc)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	a, _ := dailyLine(t, before, "easy")
	b, _ := dailyLine(t, after, "easy")
	if stdout != a && stdout != b {
		t.Errorf("stdout %q, want today's (%s in %s) daily %q", stdout, before, zone, a)
	}
}

// TestDailyCommandStoredDaily: with --db the stored daily wins, as it does
// for the scheduler (the store keeps the first daily of a date and level).
func TestDailyCommandStoredDaily(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "sudokubot.db")
	st, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	other, err := schedule.EngineGenerator(ctx, 12345, engine.LevelEasy)
	if err != nil {
		t.Fatal(err)
	}
	saved, err := st.SavePuzzle(ctx, other)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.SetDaily(ctx, "2026-11-22", "easy", saved.ID); err != nil {
		t.Fatal(err)
	}
	st.Close()
	stdout, stderr, code := runDailyCmd(t, "--db", path, "--date", "2026-11-22", "--level", "easy")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if want := fmt.Sprintf("%s %s %.1f\n", other.Grid, other.Level, other.Score); stdout != want {
		t.Errorf("stdout %q, want the stored daily %q", stdout, want)
	}
	// A date the database lacks falls back to the computed daily.
	stdout, _, _ = runDailyCmd(t, "--db", path, "--date", "2026-11-23", "--level", "easy")
	if want, _ := dailyLine(t, "2026-11-23", "easy"); stdout != want {
		t.Errorf("stdout %q, want the computed daily %q", stdout, want)
	}
}

// End-to-end: the publisher over HTTP, through discordgo and the bot.

// restFake is the part of Discord's REST API the daily publisher uses,
// on 127.0.0.1: posting a message (multipart), listing a channel's
// messages after a snowflake, and opening a thread. Message IDs are
// snowflakes of the scheduler's fake clock, so "after" works as on
// Discord. The bot's own fake Discord (bot/fakediscord_test.go) is private
// to package bot, hence this one.
type restFake struct {
	t     *testing.T
	clock *schedule.FakeClock
	appID string
	srv   *httptest.Server

	mu        sync.Mutex
	seq       int64
	msgs      map[string][]fakeMsg // channel -> messages
	requests  map[string]int       // "METHOD channel/messages..." -> count
	forbidden map[string]bool
	limited   map[string]int // channel -> 429s still to send
	lose      map[string]int // channel -> posts to create and then answer 500
	threads   int
}

type fakeMsg struct {
	ID      string          `json:"id"`
	Content string          `json:"content"`
	Author  map[string]any  `json:"author"`
	Payload json.RawMessage `json:"-"`
	Files   map[string][]byte
}

func newRESTFake(t *testing.T, clock *schedule.FakeClock) *restFake {
	f := &restFake{t: t, clock: clock, appID: "1000", msgs: map[string][]fakeMsg{}, requests: map[string]int{},
		forbidden: map[string]bool{}, limited: map[string]int{}, lose: map[string]int{}}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	return f
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func (f *restFake) serve(w http.ResponseWriter, r *http.Request) {
	seg := strings.Split(strings.TrimPrefix(r.URL.Path, "/api/v9/"), "/")
	if f.serveSetup(w, r, seg) {
		return
	}
	if len(seg) < 3 || seg[0] != "channels" || seg[2] != "messages" {
		f.t.Errorf("unexpected request %s %s", r.Method, r.URL.Path)
		writeJSON(w, 404, map[string]any{"message": "404: Not Found", "code": 0})
		return
	}
	ch := seg[1]
	f.mu.Lock()
	defer f.mu.Unlock()
	f.requests[r.Method+" "+strings.Join(seg[1:], "/")]++
	if f.forbidden[ch] {
		writeJSON(w, 403, map[string]any{"message": "Missing Permissions", "code": 50013})
		return
	}
	switch {
	case r.Method == http.MethodPost && len(seg) == 3:
		if f.limited[ch] > 0 {
			f.limited[ch]--
			writeJSON(w, 429, map[string]any{"message": "You are being rate limited.", "retry_after": 0.01, "global": false})
			return
		}
		payload, files, err := readMultipart(r)
		if err != nil {
			f.t.Errorf("post body: %v", err)
			writeJSON(w, 400, map[string]any{"message": err.Error(), "code": 50035})
			return
		}
		var body struct{ Content string }
		_ = json.Unmarshal(payload, &body)
		f.seq++
		ms := f.clock.Now().UnixMilli() - 1420070400000
		m := fakeMsg{ID: strconv.FormatInt(ms<<22|f.seq, 10), Content: body.Content,
			Author: map[string]any{"id": f.appID, "username": "sudokubot", "bot": true}, Payload: payload, Files: files}
		f.msgs[ch] = append(f.msgs[ch], m)
		if f.lose[ch] > 0 {
			f.lose[ch]--
			writeJSON(w, 500, map[string]any{"message": "500: Internal Server Error", "code": 0})
			return
		}
		writeJSON(w, 200, map[string]any{"id": m.ID, "channel_id": ch, "content": m.Content, "author": m.Author})
	case r.Method == http.MethodGet && len(seg) == 3:
		after, _ := strconv.ParseUint(r.URL.Query().Get("after"), 10, 64)
		out := []fakeMsg{}
		for _, m := range f.msgs[ch] {
			if id, _ := strconv.ParseUint(m.ID, 10, 64); id > after {
				out = append(out, m)
			}
		}
		writeJSON(w, 200, out)
	case r.Method == http.MethodPost && len(seg) == 5 && seg[4] == "threads":
		f.threads++
		writeJSON(w, 201, map[string]any{"id": fmt.Sprint(9000 + f.threads), "type": 11, "parent_id": ch})
	default:
		f.t.Errorf("unexpected request %s %s", r.Method, r.URL.Path)
		writeJSON(w, 404, map[string]any{"message": "404: Not Found", "code": 0})
	}
}

func readMultipart(r *http.Request) (json.RawMessage, map[string][]byte, error) {
	mt, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil {
		return nil, nil, err
	}
	if mt == "application/json" {
		b, err := io.ReadAll(r.Body)
		return b, nil, err
	}
	mr := multipart.NewReader(r.Body, params["boundary"])
	var payload json.RawMessage
	files := map[string][]byte{}
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			return payload, files, nil
		}
		if err != nil {
			return nil, nil, err
		}
		b, err := io.ReadAll(p)
		if err != nil {
			return nil, nil, err
		}
		if p.FormName() == "payload_json" {
			payload = b
		} else {
			files[p.FileName()] = b
		}
	}
}

func (f *restFake) channel(ch string) []fakeMsg {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]fakeMsg(nil), f.msgs[ch]...)
}

// posts counts the message POSTs to a channel (not thread openings).
func (f *restFake) posts(ch string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.requests["POST "+ch+"/messages"]
}

// publisher is one bot process's daily publisher wired as `sudokubot bot`
// wires it: the bot's Poster over a discordgo session, through
// schedulePoster.
func (f *restFake) publisher(t *testing.T, st *store.Store, renderer schedule.Renderer) *schedule.Scheduler {
	t.Helper()
	session, err := bot.NewSession(bot.SessionOptions{Token: "fake-token", API: f.srv.URL + "/api/v9/"})
	if err != nil {
		t.Fatal(err)
	}
	s, err := schedule.New(schedule.Config{
		Store:    st,
		Poster:   schedulePoster{p: bot.NewPoster(session, f.appID), m: &bot.Metrics{}},
		Dailies:  schedule.NewDailies(st, schedule.EngineGenerator),
		Renderer: renderer,
		Clock:    f.clock,
		Logger:   slog.New(slog.DiscardHandler),
		Levels:   []string{"easy"},
	})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// drive runs a scheduler on the fake clock from wake-up to wake-up until
// end.
func drive(s *schedule.Scheduler, clock *schedule.FakeClock, end time.Time) {
	for {
		next := s.RunDue(context.Background())
		s.Wait()
		if !next.After(clock.Now()) {
			next = clock.Now().Add(time.Second)
		}
		if next.After(end) {
			clock.Set(end)
			s.RunDue(context.Background())
			s.Wait()
			return
		}
		clock.Set(next)
	}
}

type stubRenderer struct{}

func (stubRenderer) Puzzle(p store.Puzzle, day, level string) ([]byte, error) {
	return []byte("png of " + day), nil
}

func (stubRenderer) Solution(p store.Puzzle, day, level string) ([]byte, error) {
	return []byte("solution png of " + day), nil
}

func e2eSetup(t *testing.T, start string) (*restFake, *store.Store, string) {
	t.Helper()
	start0, err := time.ParseInLocation("2006-01-02 15:04", start, time.UTC)
	if err != nil {
		t.Fatal(err)
	}
	clock := schedule.NewFakeClock(start0)
	f := newRESTFake(t, clock)
	path := t.TempDir() + "/sudokubot.db"
	st, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	if _, err := st.SaveGuildSettings(context.Background(), store.GuildSettings{GuildID: "300", ChannelID: "401",
		PostTime: "09:00", TimeZone: "UTC", Level: "easy", Enabled: true, Threads: true}); err != nil {
		t.Fatal(err)
	}
	return f, st, path
}

func utc(t *testing.T, s string) time.Time {
	v, err := time.ParseInLocation("2006-01-02 15:04", s, time.UTC)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestDailyOverHTTPPosted(t *testing.T) {
	f, st, _ := e2eSetup(t, "2026-06-01 08:00")
	drive(f.publisher(t, st, schedule.PNGRenderer{}), f.clock, utc(t, "2026-06-01 10:00"))
	msgs := f.channel("401")
	if len(msgs) != 1 {
		t.Fatalf("%d messages, want 1", len(msgs))
	}
	m := msgs[0]
	var body map[string]any
	if err := json.Unmarshal(m.Payload, &body); err != nil {
		t.Fatal(err)
	}
	if body["nonce"] != schedule.Nonce("300", "2026-06-01") || body["enforce_nonce"] != true {
		t.Errorf("nonce not sent: %s", m.Payload)
	}
	if !strings.Contains(string(m.Payload), `"allowed_mentions":{"parse":[]`) {
		t.Errorf("mentions could ping: %s", m.Payload)
	}
	if !strings.HasPrefix(m.Content, "**Daily Sudoku #152**") {
		t.Errorf("content %q", m.Content)
	}
	img, ok := m.Files["sudoku-daily-152-easy.png"]
	if !ok {
		t.Fatalf("files %v", m.Files)
	}
	if _, err := png.Decode(bytes.NewReader(img)); err != nil {
		t.Errorf("attachment is not a PNG: %v", err)
	}
	rec, err := st.DailyPost(context.Background(), "300", "2026-06-01")
	if err != nil || rec.MessageID != m.ID || rec.ThreadID == "" {
		t.Errorf("record %+v, %v; want message %s and its thread", rec, err, m.ID)
	}
}

func TestDailyOverHTTPForbidden(t *testing.T) {
	f, st, _ := e2eSetup(t, "2026-06-01 08:00")
	f.forbidden["401"] = true
	drive(f.publisher(t, st, stubRenderer{}), f.clock, utc(t, "2026-06-03 10:00"))
	if n := f.posts("401"); n != 1 {
		t.Fatalf("%d POSTs to the 403 channel over 3 days, want 1", n)
	}
	gs, _ := st.GuildSettings(context.Background(), "300")
	if !strings.Contains(gs.Error, "Missing Permissions") {
		t.Errorf("guild error %q", gs.Error)
	}
}

func TestDailyOverHTTPRateLimited(t *testing.T) {
	f, st, _ := e2eSetup(t, "2026-06-01 08:00")
	f.limited["401"] = 2
	drive(f.publisher(t, st, stubRenderer{}), f.clock, utc(t, "2026-06-01 10:00"))
	if n, m := f.posts("401"), len(f.channel("401")); n != 3 || m != 1 {
		t.Fatalf("%d POSTs and %d messages, want 3 (two 429s) and 1", n, m)
	}
}

// TestDailyOverHTTPLostReply: Discord creates the message but answers
// 500; the publisher finds it by listing the channel instead of posting
// again.
func TestDailyOverHTTPLostReply(t *testing.T) {
	f, st, _ := e2eSetup(t, "2026-06-01 08:00")
	f.lose["401"] = 1
	drive(f.publisher(t, st, stubRenderer{}), f.clock, utc(t, "2026-06-01 10:00"))
	msgs := f.channel("401")
	if n := f.posts("401"); n != 1 || len(msgs) != 1 {
		t.Fatalf("%d POSTs and %d messages, want 1 and 1", n, len(msgs))
	}
	if rec, _ := st.DailyPost(context.Background(), "300", "2026-06-01"); rec.MessageID != msgs[0].ID {
		t.Errorf("record %+v, want message %s", rec, msgs[0].ID)
	}
}

// TestDailyOverHTTPRestartAfterCrash: a process claimed the post and died;
// a restarted one looks in the channel before posting.
func TestDailyOverHTTPRestartAfterCrash(t *testing.T) {
	for _, sent := range []bool{false, true} {
		t.Run(fmt.Sprintf("message sent: %v", sent), func(t *testing.T) {
			f, st, path := e2eSetup(t, "2026-06-01 09:00")
			ctx := context.Background()
			// The dead process: claimed at 09:00, and maybe got its message out.
			if err := st.ClaimDailyPost(ctx, "300", "2026-06-01", f.clock.Now()); err != nil {
				t.Fatal(err)
			}
			if sent {
				p, _ := schedule.Marker("2026-06-01")
				f.mu.Lock()
				ms := f.clock.Now().UnixMilli() - 1420070400000
				f.msgs["401"] = append(f.msgs["401"], fakeMsg{ID: strconv.FormatInt(ms<<22|1, 10), Content: p + " · ...",
					Author: map[string]any{"id": f.appID}})
				f.mu.Unlock()
			}
			f.clock.Advance(30 * time.Second)
			st2, err := store.Open(ctx, path)
			if err != nil {
				t.Fatal(err)
			}
			defer st2.Close()
			drive(f.publisher(t, st2, stubRenderer{}), f.clock, utc(t, "2026-06-01 12:00"))
			if n := len(f.channel("401")); n != 1 {
				t.Fatalf("%d messages, want exactly 1", n)
			}
			wantPosts := 1
			if sent {
				wantPosts = 0
			}
			if n := f.posts("401"); n != wantPosts {
				t.Errorf("%d POSTs by the restarted process, want %d", n, wantPosts)
			}
			if rec, _ := st2.DailyPost(ctx, "300", "2026-06-01"); !rec.Posted() {
				t.Errorf("record %+v not posted", rec)
			}
		})
	}
}

// serveSetup answers what /sudoku-config reads to check the bot's
// permissions: channel 401 of guild 300, whose @everyone role may view,
// send, attach files and use threads.
func (f *restFake) serveSetup(w http.ResponseWriter, r *http.Request, seg []string) bool {
	const perms = discordgo.PermissionViewChannel | discordgo.PermissionSendMessages | discordgo.PermissionAttachFiles |
		discordgo.PermissionCreatePublicThreads | discordgo.PermissionSendMessagesInThreads
	switch {
	case r.Method == http.MethodGet && len(seg) == 2 && seg[0] == "channels":
		writeJSON(w, 200, map[string]any{"id": seg[1], "guild_id": "300", "type": 0, "name": "daily", "permission_overwrites": []any{}})
	case r.Method == http.MethodGet && len(seg) == 3 && seg[0] == "guilds" && seg[2] == "roles":
		writeJSON(w, 200, []any{map[string]any{"id": seg[1], "name": "@everyone", "permissions": strconv.FormatInt(perms, 10)}})
	case r.Method == http.MethodGet && len(seg) == 4 && seg[0] == "guilds" && seg[2] == "members":
		writeJSON(w, 200, map[string]any{"user": map[string]any{"id": seg[3]}, "roles": []any{}})
	default:
		return false
	}
	return true
}

// TestDailyConfiguredThroughSlashCommand: an admin runs /sudoku-config
// (a signed HTTP interaction) on a running bot; the publisher picks the
// guild up without a restart and posts at the set local time.
func TestDailyConfiguredThroughSlashCommand(t *testing.T) {
	ctx := context.Background()
	clock := schedule.NewFakeClock(utc(t, "2026-06-01 07:00")) // 09:00 in Paris
	f := newRESTFake(t, clock)
	st, err := store.Open(ctx, t.TempDir()+"/sudokubot.db")
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	sched := f.publisher(t, st, stubRenderer{})
	sched.RunDue(ctx) // running, with no guild yet
	sched.Wait()

	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	session, err := bot.NewSession(bot.SessionOptions{Token: "fake-token", API: f.srv.URL + "/api/v9/"})
	if err != nil {
		t.Fatal(err)
	}
	b, err := bot.New(session, bot.Config{
		AppID: f.appID, PublicKey: pub, Store: st, Now: clock.Now,
		Puzzles:           botPuzzles{dailies: schedule.NewDailies(st, schedule.EngineGenerator)},
		OnSettingsChanged: sched.SettingsChanged,
	})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(b.HTTPHandler())
	defer srv.Close()

	interaction := `{"id":"7001","application_id":"1000","type":2,"token":"tok","version":1,"guild_id":"300","channel_id":"401",
		"member":{"user":{"id":"42","username":"admin"},"roles":[],"permissions":"32"},
		"data":{"id":"1","name":"sudoku-config","type":1,"options":[
			{"name":"channel","type":7,"value":"401"},{"name":"time","type":3,"value":"10:30"},
			{"name":"timezone","type":3,"value":"Europe/Paris"},{"name":"level","type":3,"value":"easy"}]}}`
	ts := fmt.Sprint(clock.Now().Unix())
	req, _ := http.NewRequest(http.MethodPost, srv.URL+"/interactions", strings.NewReader(interaction))
	req.Header.Set("X-Signature-Ed25519", hex.EncodeToString(ed25519.Sign(priv, []byte(ts+interaction))))
	req.Header.Set("X-Signature-Timestamp", ts)
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	answer, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(answer), "Saved") {
		t.Fatalf("/sudoku-config answered %d %s", resp.StatusCode, answer)
	}

	drive(sched, clock, utc(t, "2026-06-02 12:00"))
	msgs := f.channel("401")
	var got []string
	for _, m := range msgs {
		id, _ := strconv.ParseInt(m.ID, 10, 64)
		got = append(got, time.UnixMilli(id>>22+1420070400000).UTC().Format("2006-01-02 15:04"))
	}
	// 10:30 in Paris (UTC+2) is 08:30 UTC.
	if want := []string{"2026-06-01 08:30", "2026-06-02 08:30"}; !slices.Equal(got, want) {
		t.Fatalf("posts at %v UTC, want %v", got, want)
	}
}
