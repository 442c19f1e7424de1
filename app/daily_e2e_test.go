package app

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"github.com/sudokubot/sudokubot/internal/fakeclock"
	"github.com/sudokubot/sudokubot/internal/storeedit"
	"image/png"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/bot"
	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/internal/discordtest"
	"github.com/sudokubot/sudokubot/internal/typolint"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/schedule"
	"github.com/sudokubot/sudokubot/store"
	"github.com/sudokubot/sudokubot/store/storetest"
)

// End-to-end tests of the daily publisher through the real stack: Main,
// as `sudokubot bot` runs it: the bot over a discordgo session
// to a fake Discord (internal/discordtest), its Poster behind schedulePoster, the
// scheduler on a fake clock, and a real store.

// The fake's guild (discordtest.SetupGuild), its daily channel and an admin.
const (
	e2eGuild   = "300"
	e2eChannel = "401"
	// e2eInstance is the Activity instance the browser tests' fake
	// Discord client runs in, in e2eChannel.
	e2eInstance = "i-1"
	e2eAdmin    = "42"
)

// postsPath is the path of message posts to the daily channel, for the
// fake's fault injection and call log.
const postsPath = "channels/" + e2eChannel + "/messages"

// world is a fake Discord whose message IDs are snowflakes of a fake
// clock, so "after" a time lists channels as Discord does.
type world struct {
	t     testing.TB
	clock *fakeclock.Clock
	fake  *discordtest.Server
	ids   int
	// priv signs interactions sent to the processes' HTTP endpoints.
	priv ed25519.PrivateKey
	// locale is the players' and the server's Discord locale ("" is
	// en-GB for the player and none for the server).
	locale string
	// configure, when set, changes each process's settings before it
	// opens (the web board's tests turn the board and Activity on).
	configure func(*Config)
	// board is the web board the processes serve; nil is the built one,
	// or a stand-in where the board is not built (boardForTests).
	board fs.FS
	// tune, when set, changes each process's Main before it opens.
	tune func(*Main)
}

func newWorld(t testing.TB, start string) *world {
	t.Helper()
	clock := fakeclock.New(utc(t, start))
	fake := discordtest.New(t, discordtest.WithClock(clock.Now))
	fake.SetupGuild(e2eGuild)
	_, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	return &world{t: t, clock: clock, fake: fake, ids: 7000, priv: priv}
}

func utc(t testing.TB, s string) time.Time {
	t.Helper()
	v, err := time.ParseInLocation("2006-01-02 15:04", s, time.UTC)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// process is one bot process: a Main, as `sudokubot bot` runs it, on the
// world's clock. The tests drive its publisher with RunDue instead of
// Main.Run, so that time moves only when they say.
type process struct {
	m     *Main
	st    *store.Store
	bot   *bot.Bot
	sched *schedule.Scheduler
	logs  *syncWriter
}

// start opens a Main on the store at dsn, talking to the fake: in mode
// "http" (the default) with its HTTP server on a free port, in "gateway"
// connected to the fake's gateway.
func (w *world) start(t testing.TB, dsn string, renderer schedule.Renderer, mode ...Mode) *process {
	t.Helper()
	cfg := Default()
	cfg.DB = dsn
	cfg.Discord.Token = Secret(w.fake.Token)
	cfg.Discord.AppID = w.fake.AppID
	cfg.Discord.API = w.fake.APIBase()
	cfg.Discord.PublicKey = w.priv.Public().(ed25519.PublicKey)
	cfg.Discord.Mode = ModeHTTP
	cfg.HTTP.Addr = "127.0.0.1:0"
	if len(mode) > 0 {
		cfg.Discord.Mode = mode[0]
	}
	if w.configure != nil {
		w.configure(&cfg)
	}
	if w.board == nil {
		w.board = boardForTests()
	}
	logs := &syncWriter{}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("process log:\n%s", logs.String())
		}
	})
	m := &Main{
		Config: cfg, Clock: w.clock, Renderer: renderer, Levels: []engine.Level{engine.LevelEasy}, Board: w.board,
		// drive moves the fake clock by hours: a replica asks for the
		// publisher's lease at each of its rounds, not every 2 s of them.
		LeaderRenew: 15 * time.Second,
		Logger:      slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug})),
	}
	if w.tune != nil {
		w.tune(m)
	}
	t.Cleanup(func() {
		if err := m.Close(); err != nil {
			t.Errorf("closing: %v", err)
		}
	})
	if err := m.Open(context.Background()); err != nil {
		t.Fatal(err)
	}
	if m.gateway != nil {
		if got := w.fake.WaitConnected(t); got != "READY" {
			t.Fatalf("gateway handshake ended with %s, want READY", got)
		}
	}
	return &process{m: m, st: m.Store, bot: m.Bot, sched: m.Scheduler, logs: logs}
}

// drive runs the processes' schedulers on the fake clock, all at once at
// each wake-up (so they race for claims), until the clock reaches end.
func (w *world) drive(end time.Time, procs ...*process) {
	ctx := context.Background()
	runAll := func() time.Time {
		next := end
		var mu sync.Mutex
		var wg sync.WaitGroup
		for _, p := range procs {
			wg.Go(func() {
				n := p.sched.RunDue(ctx)
				p.sched.Wait()
				mu.Lock()
				if n.Before(next) {
					next = n
				}
				mu.Unlock()
			})
		}
		wg.Wait()
		return next
	}
	for {
		next := runAll()
		if !next.After(w.clock.Now()) {
			next = w.clock.Now().Add(time.Second) // time always moves
		}
		if next.After(end) {
			w.clock.Set(end)
			runAll()
			return
		}
		w.clock.Set(next)
	}
}

// saveGuild enables the daily in the fake's guild, posting at hh:mm UTC.
func saveGuild(t *testing.T, st *store.Store, hhmm string) {
	t.Helper()
	if _, err := st.SaveGuildSettings(context.Background(), store.GuildSettings{GuildID: e2eGuild, ChannelID: e2eChannel,
		PostTime: hhmm, TimeZone: "UTC", Level: engine.LevelEasy, Enabled: true}); err != nil {
		t.Fatal(err)
	}
}

// postCalls are the message POSTs to the daily channel, answered or not.
func (w *world) postCalls() []discordtest.Call { return w.fake.Calls(http.MethodPost, postsPath) }

// interactionReply is the bot's answer to an interaction, after any
// deferral.
type interactionReply struct {
	Type       int
	Content    string
	Flags      int
	Components json.RawMessage
	Files      map[string][]byte
	// Alts are the files' alt texts (attachments[].description) by name.
	Alts map[string]string
}

// altText is a message body's attachments: alt texts by file name.
type altText struct {
	Attachments []struct {
		Filename    string `json:"filename"`
		Description string `json:"description"`
	} `json:"attachments"`
}

func (a altText) byName() map[string]string {
	out := map[string]string{}
	for _, at := range a.Attachments {
		out[at.Filename] = at.Description
	}
	return out
}

// interaction builds an interaction as Discord sends it. typ is 2
// (command) or 3 (button); perms the member's permissions.
func (w *world) interaction(typ int, user, perms string, data map[string]any) map[string]any {
	w.ids++
	// A snowflake of the bot's clock: it refuses older interaction ids.
	now := time.Now()
	if w.clock != nil {
		now = w.clock.Now()
	}
	id := strconv.FormatUint(discordtest.Snowflake(now)+uint64(w.ids), 10)
	i := map[string]any{
		"id": id, "application_id": w.fake.AppID, "type": typ, "data": data, "guild_id": e2eGuild,
		"channel_id": e2eChannel, "token": "tok-" + id, "version": 1, "locale": "en-GB", "context": 0,
		"app_permissions": "2248473465835073",
		"member": map[string]any{"user": map[string]any{"id": user, "username": "user" + user, "discriminator": "0"},
			"roles": []string{}, "permissions": perms, "joined_at": "2024-01-01T00:00:00Z"},
	}
	if typ == 3 {
		i["message"] = map[string]any{"id": "777", "channel_id": e2eChannel, "content": ""}
	}
	if w.locale != "" {
		i["locale"], i["guild_locale"] = w.locale, w.locale
	}
	return i
}

// viaGateway sends an interaction as INTERACTION_CREATE and returns the
// bot's answer.
func (w *world) viaGateway(t *testing.T, typ int, user, perms string, data map[string]any) interactionReply {
	t.Helper()
	i := w.interaction(typ, user, perms, data)
	id, token := i["id"].(string), i["token"].(string)
	raw, err := json.Marshal(i)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.fake.DispatchInteraction(raw); err != nil {
		t.Fatal(err)
	}
	var c discordtest.Call
	select {
	case c = <-w.fake.Callback(id):
	case <-time.After(20 * time.Second):
		t.Fatalf("no answer to interaction %s", id)
	}
	var cb struct {
		Type int `json:"type"`
		Data struct {
			Content    string          `json:"content"`
			Flags      int             `json:"flags"`
			Components json.RawMessage `json:"components"`
			altText
		} `json:"data"`
	}
	if err := json.Unmarshal(c.Payload, &cb); err != nil {
		t.Fatalf("callback %s: %v", c.Payload, err)
	}
	r := interactionReply{Type: cb.Type, Content: cb.Data.Content, Flags: cb.Data.Flags, Components: cb.Data.Components, Files: c.Files, Alts: cb.Data.byName()}
	if r.Type == 5 || r.Type == 6 {
		select {
		case e := <-w.fake.Edit(token):
			var edit struct {
				Content    string          `json:"content"`
				Components json.RawMessage `json:"components"`
				altText
			}
			if err := json.Unmarshal(e.Payload, &edit); err != nil {
				t.Fatal(err)
			}
			r.Content, r.Components, r.Files, r.Alts = edit.Content, edit.Components, e.Files, edit.byName()
		case <-time.After(20 * time.Second):
			t.Fatalf("no edit after the deferral of interaction %s", id)
		}
	}
	return r
}

// config sends /sudoku-config with options as the admin (Manage Server).
func (w *world) config(t *testing.T, opts map[string]any) interactionReply {
	t.Helper()
	return w.viaGateway(t, 2, e2eAdmin, "32", configData(opts))
}

// configData is the data of /sudoku-config with options.
func configData(opts map[string]any) map[string]any {
	options := []map[string]any{}
	for name, v := range opts {
		typ := 3
		if name == "channel" {
			typ = 7
		}
		options = append(options, map[string]any{"name": name, "type": typ, "value": v})
	}
	return map[string]any{"id": "900", "name": bot.CommandConfig, "type": 1, "options": options}
}

// isPNG reports whether b decodes as a PNG image.
func isPNG(b []byte) bool {
	_, err := png.Decode(bytes.NewReader(b))
	return err == nil
}

// TestDailyE2EGatewayConfigured: an admin configures the daily with
// /sudoku-config over the gateway; the publisher posts it at the local
// time set, once a day: the puzzle image, the title, the "Play privately"
// button (which starts the daily), and from the second day yesterday's
// solution as a spoiler.
func TestDailyE2EGatewayConfigured(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t, "2026-06-01 07:00") // 09:00 in Paris
	p := w.start(t, storetest.SQLite(t), schedule.PNGRenderer{}, ModeGateway)
	p.sched.RunDue(ctx) // running, with no guild yet
	p.sched.Wait()

	r := w.config(t, map[string]any{"channel": e2eChannel, "time": "10:30", "timezone": "Europe/Paris", "level": "easy"})
	if !strings.Contains(r.Content, "Saved") || r.Flags&int(discordgo.MessageFlagsEphemeral) == 0 {
		t.Fatalf("/sudoku-config answered %+v", r)
	}

	w.drive(utc(t, "2026-06-02 12:00"), p)
	msgs := w.fake.Messages(e2eChannel)
	if n := len(w.postCalls()); n != 2 || len(msgs) != 2 {
		t.Fatalf("%d POSTs and %d messages over two days, want 2 and 2", n, len(msgs))
	}
	for i, day := range []string{"2026-06-01", "2026-06-02"} {
		m := msgs[i]
		// 10:30 in Paris (UTC+2) is 08:30 UTC.
		if want := utc(t, day+" 08:30"); !m.Time.Equal(want) {
			t.Errorf("daily of %s posted at %s, want %s", day, m.Time, want)
		}
		title := daily.PostTitle(l10n.English(), mustDay(day), engine.LevelEasy)
		marker := schedule.Marker(mustDay(day))
		if !strings.HasPrefix(m.Content, title) || !strings.Contains(m.Content, marker) {
			t.Errorf("daily of %s: content %q lacks the title %q", day, m.Content, title)
		}
		n := daily.Number(mustDay(day))
		if img := m.Files[fmt.Sprintf("sudoku-daily-%d-easy.png", n)]; !isPNG(img) {
			t.Errorf("daily of %s: no puzzle PNG among %d files", day, len(m.Files))
		}
		var alts altText
		_ = json.Unmarshal(m.Payload, &alts)
		if alt := alts.byName()[fmt.Sprintf("sudoku-daily-%d-easy.png", n)]; !strings.HasPrefix(alt, "Sudoku grid, row by row: Row 1: ") || !strings.Contains(alt, "Row 9: ") {
			t.Errorf("daily of %s: the puzzle's alt text is %q", day, alt)
		}
		if want := fmt.Sprintf(`"custom_id":"play/%s/easy"`, day); !strings.Contains(string(m.Payload), want) {
			t.Errorf("daily of %s has no Play privately button %s: %s", day, want, m.Payload)
		}
		spoiler := m.Files[fmt.Sprintf("SPOILER_sudoku-daily-%d-solution.png", n-1)]
		switch {
		case i == 0 && len(m.Files) != 1:
			t.Errorf("first daily has %d files, want only the puzzle", len(m.Files))
		case i == 1 && (!isPNG(spoiler) || len(m.Files) != 2):
			t.Errorf("second daily: files %d, yesterday's solution PNG %v; want the puzzle and the spoiler", len(m.Files), isPNG(spoiler))
		case i == 1 && !strings.Contains(m.Content, "spoiler"):
			t.Errorf("second daily does not announce the spoiler: %q", m.Content)
		}
		rec, err := p.st.DailyPost(ctx, e2eGuild, mustDay(day))
		if err != nil || rec.MessageID != m.ID {
			t.Errorf("record of %s: %+v, %v; want message %s", day, rec, err, m.ID)
		}
	}

	// The button starts the posted daily, privately.
	r = w.viaGateway(t, 3, "77", "0", map[string]any{"custom_id": "play/2026-06-02/easy", "component_type": 2})
	if r.Flags&int(discordgo.MessageFlagsEphemeral) == 0 || len(r.Files) != 1 {
		t.Fatalf("Play privately answered %+v, want a private board image", r)
	}
	g, err := p.st.CurrentGame(ctx, "77", e2eGuild)
	if err != nil {
		t.Fatal(err)
	}
	daily, err := p.st.Daily(ctx, mustDay("2026-06-02"), engine.LevelEasy)
	if err != nil || g.Day != mustDay("2026-06-02") || g.PuzzleID != daily.ID {
		t.Errorf("the button started %+v (%v), want the posted daily %d", g, err, daily.ID)
	}
}

// TestDailyE2EHTTPConfigured: /sudoku-config arriving at the HTTP
// interactions endpoint (signed) reaches the running publisher too.
func TestDailyE2EHTTPConfigured(t *testing.T) {
	t.Parallel()
	w := newWorld(t, "2026-06-01 07:00")
	p := w.start(t, storetest.SQLite(t), stubRenderer{})
	p.sched.RunDue(context.Background())
	p.sched.Wait()
	body, err := json.Marshal(w.interaction(2, e2eAdmin, "32",
		configData(map[string]any{"channel": e2eChannel, "time": "10:30", "timezone": "Europe/Paris", "level": "easy"})))
	if err != nil {
		t.Fatal(err)
	}
	ts := strconv.FormatInt(w.clock.Now().Unix(), 10)
	req, _ := http.NewRequest(http.MethodPost, "http://"+p.m.Addr()+"/interactions", bytes.NewReader(body))
	req.Header.Set("X-Signature-Ed25519", hex.EncodeToString(ed25519.Sign(w.priv, append([]byte(ts), body...))))
	req.Header.Set("X-Signature-Timestamp", ts)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	answer, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(answer), "Saved") {
		t.Fatalf("/sudoku-config answered %d %s", resp.StatusCode, answer)
	}
	w.drive(utc(t, "2026-06-01 12:00"), p)
	msgs := w.fake.Messages(e2eChannel)
	if len(msgs) != 1 || !msgs[0].Time.Equal(utc(t, "2026-06-01 08:30")) {
		t.Fatalf("messages %+v, want one at 08:30 UTC (10:30 in Paris)", msgs)
	}
}

// TestDailyE2ETwoProcesses: two processes (two schedulers, two bots, two
// store handles) sharing one database race for each post; each daily is
// posted exactly once.
func TestDailyE2ETwoProcesses(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		dsn  func(testing.TB) string
	}{{"sqlite", storetest.SQLite}, {"postgres", storetest.Postgres}} {
		t.Run(tc.name, func(t *testing.T) {
			dsn := tc.dsn(t)
			w := newWorld(t, "2026-06-01 08:00")
			a := w.start(t, dsn, stubRenderer{})
			b := w.start(t, dsn, stubRenderer{})
			saveGuild(t, a.st, "09:00")
			w.drive(utc(t, "2026-06-03 10:00"), a, b)
			msgs := w.fake.Messages(e2eChannel)
			if n := len(w.postCalls()); n != 3 || len(msgs) != 3 {
				t.Fatalf("%d POSTs and %d messages over three days, want 3 and 3", n, len(msgs))
			}
			for i, day := range []string{"2026-06-01", "2026-06-02", "2026-06-03"} {
				if rec, err := b.st.DailyPost(context.Background(), e2eGuild, mustDay(day)); err != nil || rec.MessageID != msgs[i].ID {
					t.Errorf("record of %s: %+v, %v; want message %s", day, rec, err, msgs[i].ID)
				}
			}
		})
	}
}

// TestDailyE2ECrash: a process dies or loses Discord's reply between its
// claim and its record; two processes restarted 30 s later, within
// Discord's nonce window, settle the claim by sending the same post with
// its nonce (Discord answers with the message it made, or makes it), with
// no need to list the channel: the daily is in the channel once and
// recorded. (TestDailyE2ECrashNoHistory restarts later.)
func TestDailyE2ECrash(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		// before makes the first process's trouble and returns the messages
		// it left in the channel.
		before   func(t *testing.T, w *world, dsn string) int
		maxPosts int // POSTs in all, at most: the first process's and one resend each
	}{
		{"killed while Discord answers", func(t *testing.T, w *world, dsn string) int {
			w.fake.HoldReplies(e2eChannel, 1)
			dead := w.start(t, dsn, stubRenderer{})
			ctx, kill := context.WithCancel(context.Background())
			done := make(chan struct{})
			go func() {
				defer close(done)
				dead.sched.RunDue(ctx)
				dead.sched.Wait()
			}()
			select {
			case <-w.fake.Created():
			case <-time.After(20 * time.Second):
				t.Fatal("the first process posted nothing")
			}
			kill()
			<-done
			// The fake records the held POST once it notices the client
			// left; wait for that, so the count below never misses it.
			for deadline := time.Now().Add(10 * time.Second); len(w.postCalls()) == 0; {
				if time.Now().After(deadline) {
					t.Fatal("the held POST was never recorded")
				}
				time.Sleep(5 * time.Millisecond)
			}
			return 1
		}, 3},
		{"reply lost (500 after the message was made)", func(t *testing.T, w *world, dsn string) int {
			w.fake.LoseReplies(e2eChannel, 1)
			w.drive(w.clock.Now(), w.start(t, dsn, stubRenderer{}))
			return 1
		}, 3},
		{"claimed, died before sending", func(t *testing.T, w *world, dsn string) int {
			claim(t, w, dsn)
			return 0
		}, 2},
		{"claimed, sent, died before recording", func(t *testing.T, w *world, dsn string) int {
			claim(t, w, dsn)
			day := mustDay("2026-06-01")
			w.fake.AddNoncedMessage(e2eChannel, schedule.Marker(day)+" · sent by the dead process", schedule.Nonce(e2eGuild, day, engine.LevelEasy))
			return 1
		}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dsn := storetest.SQLite(t)
			w := newWorld(t, "2026-06-01 09:00")
			setup, err := store.Open(context.Background(), dsn)
			if err != nil {
				t.Fatal(err)
			}
			saveGuild(t, setup, "09:00")
			setup.Close()
			left := tt.before(t, w, dsn)
			if n := len(w.fake.Messages(e2eChannel)); n != left {
				t.Fatalf("%d messages after the first process, want %d", n, left)
			}
			// Two processes restart at once and race to settle the claim.
			w.clock.Advance(30 * time.Second)
			restarted := w.start(t, dsn, stubRenderer{})
			w.drive(utc(t, "2026-06-01 12:00"), restarted, w.start(t, dsn, stubRenderer{}))
			msgs := w.fake.Messages(e2eChannel)
			if len(msgs) != 1 {
				t.Fatalf("%d messages, want exactly 1", len(msgs))
			}
			if n := len(w.postCalls()); n > tt.maxPosts {
				t.Errorf("%d POSTs in all, want at most %d", n, tt.maxPosts)
			}
			if n := len(w.fake.Calls(http.MethodGet, postsPath)); n != 0 {
				t.Errorf("the channel was listed %d times: within the nonce window the same post settles the claim", n)
			}
			rec, err := restarted.st.DailyPost(context.Background(), e2eGuild, mustDay("2026-06-01"))
			if err != nil || rec.MessageID != msgs[0].ID {
				t.Errorf("record %+v, %v; want message %s", rec, err, msgs[0].ID)
			}
		})
	}
}

// TestDailyE2ELostReplyNoHistory: Discord makes the daily but its answer
// is lost (a 500 after the message was made), once or twice in a row, in
// a channel where the bot may not read the history (the search finds
// nothing): the daily is posted once, because every try carries the same
// nonce with enforce_nonce, and is recorded with the message's id.
func TestDailyE2ELostReplyNoHistory(t *testing.T) {
	t.Parallel()
	for _, lost := range []int{1, 2} {
		t.Run(fmt.Sprintf("%d answers lost", lost), func(t *testing.T) {
			w := newWorld(t, "2026-06-01 08:59")
			p := w.start(t, storetest.SQLite(t), stubRenderer{})
			saveGuild(t, p.st, "09:00")
			w.fake.HideHistory(e2eChannel, true)
			w.fake.LoseReplies(e2eChannel, lost)
			w.drive(utc(t, "2026-06-01 10:00"), p)
			msgs := w.fake.Messages(e2eChannel)
			posts := w.postCalls()
			t.Logf("%d dropped answers: %d messages in the channel after %d POSTs (%d searches of the history)",
				lost, len(msgs), len(posts), len(w.fake.Calls(http.MethodGet, postsPath)))
			if len(msgs) != 1 {
				t.Fatalf("%d messages, want the daily posted once", len(msgs))
			}
			rec, err := p.st.DailyPost(context.Background(), e2eGuild, mustDay("2026-06-01"))
			if err != nil || rec.MessageID != msgs[0].ID {
				t.Errorf("record %+v, %v; want message %s", rec, err, msgs[0].ID)
			}
			for _, c := range posts {
				var body struct {
					Nonce        string `json:"nonce"`
					EnforceNonce bool   `json:"enforce_nonce"`
				}
				if err := json.Unmarshal(c.Payload, &body); err != nil || body.Nonce == "" || !body.EnforceNonce {
					t.Errorf("a POST without nonce and enforce_nonce: %s", c.Payload)
				}
			}
		})
	}
}

// claim is a process that claimed the post at the clock's time and died.
func claim(t *testing.T, w *world, dsn string) {
	t.Helper()
	st, err := store.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if err := st.ClaimDailyPost(context.Background(), e2eGuild, mustDay("2026-06-01"), w.clock.Now()); err != nil {
		t.Fatal(err)
	}
}

// TestDailyE2ECatchUp: a process started after the posting time posts the
// missed daily once, at once; a restart later that day does not post
// again.
func TestDailyE2ECatchUp(t *testing.T) {
	t.Parallel()
	dsn := storetest.SQLite(t)
	w := newWorld(t, "2026-06-01 11:30")
	first := w.start(t, dsn, stubRenderer{})
	saveGuild(t, first.st, "09:00")
	w.drive(utc(t, "2026-06-01 12:00"), first)
	msgs := w.fake.Messages(e2eChannel)
	if len(msgs) != 1 || !msgs[0].Time.Equal(utc(t, "2026-06-01 11:30")) {
		t.Fatalf("messages %+v, want one catch-up post at 11:30", msgs)
	}
	restarted := w.start(t, dsn, stubRenderer{})
	w.drive(utc(t, "2026-06-01 23:00"), restarted)
	if n := len(w.postCalls()); n != 1 {
		t.Fatalf("%d POSTs, want the single catch-up post", n)
	}
}

// TestDailyE2EForbidden: a 403 on the channel marks the guild, which
// /sudoku-config with no options shows, and the post is not retried, that
// day or the next ones.
func TestDailyE2EForbidden(t *testing.T) {
	t.Parallel()
	w := newWorld(t, "2026-06-01 08:00")
	p := w.start(t, storetest.SQLite(t), stubRenderer{}, ModeGateway)
	saveGuild(t, p.st, "09:00")
	w.fake.Forbid(e2eChannel, true)
	w.drive(utc(t, "2026-06-03 10:00"), p)
	calls := w.postCalls()
	if len(calls) != 1 || calls[0].Status != http.StatusForbidden {
		t.Fatalf("%d POSTs to the 403 channel over three days, want 1 refused", len(calls))
	}
	r := w.config(t, nil)
	// The fake refuses every request to the channel, reading it too: the
	// bot cannot see it.
	if !strings.Contains(r.Content, "Last posting problem: I can't see <#"+e2eChannel+">: give me **View Channel** there.") {
		t.Fatalf("/sudoku-config does not show the 403: %q", r.Content)
	}
}

// TestDailyE2ERateLimited: 429s are retried after Retry-After until the
// post goes through, once.
func TestDailyE2ERateLimited(t *testing.T) {
	t.Parallel()
	w := newWorld(t, "2026-06-01 08:00")
	p := w.start(t, storetest.SQLite(t), stubRenderer{})
	saveGuild(t, p.st, "09:00")
	w.fake.RateLimit(postsPath, 2)
	w.drive(utc(t, "2026-06-01 10:00"), p)
	var statuses []int
	for _, c := range w.postCalls() {
		statuses = append(statuses, c.Status)
	}
	if fmt.Sprint(statuses) != "[429 429 200]" || len(w.fake.Messages(e2eChannel)) != 1 {
		t.Fatalf("POST statuses %v and %d messages, want [429 429 200] and 1", statuses, len(w.fake.Messages(e2eChannel)))
	}
}

// TestDailyE2EPostBody checks what Discord receives: the nonce that lets
// Discord drop a duplicate, no pings, and a thread when the guild wants
// one.
func TestDailyE2EPostBody(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t, "2026-06-01 08:00")
	p := w.start(t, storetest.SQLite(t), stubRenderer{})
	if _, err := p.st.SaveGuildSettings(ctx, store.GuildSettings{GuildID: e2eGuild, ChannelID: "405",
		PostTime: "09:00", TimeZone: "UTC", Level: engine.LevelEasy, Enabled: true, Threads: true}); err != nil {
		t.Fatal(err)
	}
	w.drive(utc(t, "2026-06-01 10:00"), p)
	msgs := w.fake.Messages("405")
	if len(msgs) != 1 {
		t.Fatalf("%d messages, want 1", len(msgs))
	}
	var body map[string]any
	if err := json.Unmarshal(msgs[0].Payload, &body); err != nil {
		t.Fatal(err)
	}
	if body["nonce"] != schedule.Nonce(e2eGuild, mustDay("2026-06-01"), engine.LevelEasy) || body["enforce_nonce"] != true {
		t.Errorf("nonce not sent: %s", msgs[0].Payload)
	}
	if !strings.Contains(string(msgs[0].Payload), `"allowed_mentions":{"parse":[]`) {
		t.Errorf("mentions could ping: %s", msgs[0].Payload)
	}
	threads := w.fake.Calls(http.MethodPost, "channels/405/messages/"+msgs[0].ID+"/threads")
	rec, err := p.st.DailyPost(ctx, e2eGuild, mustDay("2026-06-01"))
	if len(threads) != 1 || err != nil || rec.ThreadID == "" {
		t.Errorf("%d thread openings, record %+v (%v); want one thread, recorded", len(threads), rec, err)
	}
}

type stubRenderer struct{}

func (stubRenderer) Puzzle(p store.Puzzle, day store.Day, level engine.Level) ([]byte, error) {
	return []byte("png of " + day.String()), nil
}

func (stubRenderer) Solution(p store.Puzzle, day store.Day, level engine.Level) ([]byte, error) {
	return []byte("solution png of " + day.String()), nil
}

// TestReminderE2E: a player turns the streak reminder on with /sudoku
// remind; the running Main sends one DM through Discord when the day has
// less than the chosen hours left and today's daily is unsolved, and
// none to a player who refused DMs or did not opt in.
func TestReminderE2E(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t, "2026-06-01 08:00")
	p := w.start(t, storetest.SQLite(t), stubRenderer{}, ModeGateway)
	saveGuild(t, p.st, "09:00")
	w.drive(utc(t, "2026-06-01 10:00"), p)
	solve := func(user, day string) {
		d, err := p.st.Daily(ctx, mustDay(day), engine.LevelEasy)
		if err != nil {
			t.Fatal(err)
		}
		g, _, err := p.st.StartGame(ctx, store.NewGame{UserID: user, GuildID: e2eGuild, PuzzleID: d.ID, Day: mustDay(day), StartedAt: w.clock.Now()})
		if err != nil {
			t.Fatal(err)
		}
		var moves []store.Move
		for i, v := range d.Solution {
			if d.Grid[i] == 0 {
				moves = append(moves, store.Move{Cell: i, Digit: v})
			}
		}
		if _, _, err := storeedit.SolveWithMoves(ctx, p.st, g.ID, user, moves, w.clock.Now()); err != nil {
			t.Fatal(err)
		}
	}
	solve("77", "2026-06-01")
	solve("78", "2026-06-01")
	solve("79", "2026-06-01")
	w.fake.RefuseDMs("78")
	remind := func(user string, opts ...map[string]any) interactionReply {
		sub := map[string]any{"type": 1, "name": "remind", "options": append([]map[string]any{{"name": "state", "type": 3, "value": "on"}}, opts...)}
		return w.viaGateway(t, 2, user, "0", map[string]any{"id": "900", "name": "sudoku", "type": 1, "options": []map[string]any{sub}})
	}
	r := remind("77", map[string]any{"name": "hours", "type": 4, "value": 2})
	if !strings.Contains(r.Content, "Streak reminders are on") || r.Flags&int(discordgo.MessageFlagsEphemeral) == 0 {
		t.Fatalf("/sudoku remind answered %+v", r)
	}
	remind("78")
	w.drive(utc(t, "2026-06-02 21:00"), p) // 3 h left in UTC: "77" asked for 2
	if n := p.m.Reminders.RunDue(ctx); n != 0 || w.fake.DMChannel("77") != "" {
		t.Fatalf("%d reminders 3 h before midnight, want none yet", n)
	}
	w.clock.Set(utc(t, "2026-06-02 22:30"))
	p.m.Reminders.RunDue(ctx)
	p.m.Reminders.RunDue(ctx)
	dm := w.fake.DMChannel("77")
	msgs := w.fake.Messages(dm)
	if dm == "" || len(msgs) != 1 || !strings.Contains(msgs[0].Content, "1 h 30 min left") {
		t.Fatalf("DMs to the player who opted in: %+v", msgs)
	}
	if w.fake.DMChannel("79") != "" || w.fake.DMChannel("78") != "" {
		t.Fatal("a DM went to a player who did not opt in or refuses DMs")
	}
}

// TestDailyE2ELocalizedServer: an admin of a Chinese (or German) server
// sets up the daily; the post is in the server's language (title, how to
// play, the button), and a player who presses the button gets replies and
// hints in their language.
func TestDailyE2ELocalizedServer(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		locale, zone, saved, title, how, button, private, hint string
	}{
		{"zh-CN", "Asia/Shanghai", "已保存", "**每日数独 #152** · 2026年6月1日（周一） · 简单", "`/数独 每日`", `"label":"私下游玩"`, "只有你能看到", "💡 提示 1/3：试试"},
		{"de", "Europe/Berlin", "Gespeichert", "**Tages-Sudoku #152** · Mo., 1. Juni 2026 · Leicht", "`/sudoku täglich`", `"label":"Privat spielen"`, "Nur du siehst", "💡 Tipp 1/3: Probier die Technik „"},
	} {
		t.Run(tc.locale, func(t *testing.T) {
			ctx := context.Background()
			w := newWorld(t, "2026-05-31 20:00")
			w.locale = tc.locale
			p := w.start(t, storetest.SQLite(t), schedule.PNGRenderer{}, ModeGateway)
			r := w.config(t, map[string]any{"channel": e2eChannel, "time": "10:30", "timezone": tc.zone, "level": "easy"})
			if !strings.Contains(r.Content, tc.saved) {
				t.Fatalf("/sudoku-config in %s answered %q", tc.locale, r.Content)
			}
			if gs, err := p.st.GuildSettings(ctx, e2eGuild); err != nil || gs.Locale != tc.locale {
				t.Fatalf("saved settings %+v, %v; want the guild locale %s", gs, err, tc.locale)
			}
			w.drive(utc(t, "2026-06-01 12:00"), p)
			msgs := w.fake.Messages(e2eChannel)
			if len(msgs) != 1 {
				t.Fatalf("%d posts, want 1", len(msgs))
			}
			post := msgs[0]
			t.Logf("the daily post in %s:\n%s", tc.locale, post.Content)
			for _, want := range []string{tc.title, tc.how} {
				if !strings.Contains(post.Content, want) {
					t.Errorf("post %q lacks %q", post.Content, want)
				}
			}
			for _, p := range typolint.Check(tc.locale, post.Content) {
				t.Errorf("the post in %s: %v", tc.locale, p)
			}
			if !strings.Contains(string(post.Payload), tc.button) {
				t.Errorf("the post's button is not in %s: %s", tc.locale, post.Payload)
			}
			r = w.viaGateway(t, 3, "77", "0", map[string]any{"custom_id": "play/2026-06-01/easy", "component_type": 2})
			if !strings.Contains(r.Content, tc.private) {
				t.Errorf("Play privately in %s answered %q", tc.locale, r.Content)
			}
			r = w.viaGateway(t, 3, "77", "0", map[string]any{"custom_id": hintButton(t, r.Components), "component_type": 2})
			for _, p := range typolint.Check(tc.locale, r.Content) {
				t.Errorf("the hint in %s: %v", tc.locale, p)
			}
			if !strings.Contains(r.Content, tc.hint) {
				t.Errorf("hint in %s: %q", tc.locale, r.Content)
			}
		})
	}
}

// TestDailyE2ETypographyEveryLanguage posts the daily in a server of
// every other language the bot speaks, presses Play privately and Hint,
// and lints the post and both replies as a native reader would
// (internal/typolint): the real post and replies, not their templates.
func TestDailyE2ETypographyEveryLanguage(t *testing.T) {
	t.Parallel()
	for _, locale := range []string{"ja", "zh-TW", "fr", "pt-BR", "es-ES"} {
		t.Run(locale, func(t *testing.T) {
			w := newWorld(t, "2026-05-31 20:00")
			w.locale = locale
			p := w.start(t, storetest.SQLite(t), schedule.PNGRenderer{}, "gateway")
			w.config(t, map[string]any{"channel": e2eChannel, "time": "10:30", "timezone": "UTC", "level": "easy"})
			w.drive(utc(t, "2026-06-01 12:00"), p)
			msgs := w.fake.Messages(e2eChannel)
			if len(msgs) != 1 {
				t.Fatalf("%d posts, want 1", len(msgs))
			}
			r := w.viaGateway(t, 3, "77", "0", map[string]any{"custom_id": "play/2026-06-01/easy", "component_type": 2})
			h := w.viaGateway(t, 3, "77", "0", map[string]any{"custom_id": hintButton(t, r.Components), "component_type": 2})
			for what, text := range map[string]string{"post": msgs[0].Content, "play reply": r.Content, "hint": h.Content} {
				t.Logf("%s in %s: %s", what, locale, text)
				if strings.TrimSpace(text) == "" {
					t.Errorf("empty %s in %s", what, locale)
				}
				for _, p := range typolint.Check(locale, text) {
					t.Errorf("the %s in %s: %v", what, locale, p)
				}
			}
		})
	}
}

// hintButton is the custom_id of the Hint button among components.
func hintButton(t *testing.T, components json.RawMessage) string {
	t.Helper()
	m := regexp.MustCompile(`"custom_id":"(hint/\d+/1)"`).FindSubmatch(components)
	if m == nil {
		t.Fatalf("no hint button in %s", components)
	}
	return string(m[1])
}

// mustDay is a date of a test, written as it reads.
func mustDay(s string) store.Day {
	d, err := store.ParseDay(s)
	if err != nil {
		panic(err)
	}
	return d
}
