// Package discordtest is Discord on 127.0.0.1 for tests of the bot and of
// everything wired to it (the daily publisher, `sudokubot bot`): the REST
// endpoints the bot calls and a gateway speaking HELLO, IDENTIFY, READY,
// heartbeats, RESUME and dispatches, the way httptest is an HTTP server.
//
// Every JSON body the fake receives is validated against Discord's OpenAPI
// description (Spec, with github.com/santhosh-tekuri/jsonschema); a body
// that does not validate fails the test. Channel messages are kept, with snowflake IDs of the fake's clock,
// so listing a channel "after" a snowflake works as on Discord. Faults are
// injected per path: 429s (RateLimit), 500s before anything happened
// (Fail), bare 404s of a proxy (BareNotFound), 500s after the message was created (LoseReplies), replies held
// until the client gives up (HoldReplies), and 403 channels (Forbid).
package discordtest

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
	"github.com/sudokubot/sudokubot/internal/shareddata"
)

// SpecEnv names a variable that may hold the path of Discord's OpenAPI
// description; without it the fake finds it as every test finds shared
// data (internal/shareddata): the full shared copy, else the one shipped
// in testdata/discord-api-spec.
const SpecEnv = "SUDOKUBOT_DISCORD_SPEC"

// DefaultToken and DefaultAppID are the credentials a new Server accepts.
const (
	DefaultToken = "fake-token-Zm9vYmFy.secret"
	DefaultAppID = "1000"
)

// discordEpoch is 2015-01-01T00:00:00Z in Unix milliseconds, the origin of
// snowflake timestamps.
const discordEpoch = 1420070400000

// Server is a fake Discord. Create it with New.
type Server struct {
	// Token is the bot token it accepts, as "Bot " + Token.
	Token string
	// AppID is the application's ID, which is also the bot user's ID.
	AppID string

	t    TB
	spec *Spec
	srv  *httptest.Server
	now  func() time.Time
	seq  atomic.Int64

	oauth oauth
	// commands are the application commands by endpoint path (commands.go).
	commands  map[string][]map[string]any
	mu        sync.Mutex
	calls     []Call
	channels  map[string]*discordgo.Channel
	forbidden map[string]bool
	roles     map[string][]*discordgo.Role
	members   map[string]*discordgo.Member // guild/user
	messages  map[string][]Message         // by channel, oldest first
	callbacks map[string]chan Call         // by interaction ID
	edits     map[string]chan Call         // by interaction token
	limit     map[string]int               // path substring -> 429s still to send
	fail      map[string]int               // path substring -> 500s still to send
	bare      map[string]int               // path substring -> bare 404s still to send
	lose      map[string]int               // channel -> posts to create, then answer 500
	hold      map[string]int               // channel -> posts to create, then never answer
	created   chan Message
	// followups counts the follow-up messages of each interaction token;
	// userOnly marks the tokens of interactions authorised by a user
	// install alone, which Discord allows 5 follow-ups.
	followups map[string]int
	userOnly  map[string]bool
	dms       map[string]string    // user -> DM channel
	noDMs     map[string]bool      // users who do not accept DMs from the bot
	instances map[string]*instance // Activity instances by id (activity.go)
	// lenient: invalid bodies are refused with 400 without failing the
	// test (see Lenient).
	lenient bool
	// load is the request latency and the log of arrivals (load.go);
	// history and nonces are Read Message History and enforce_nonce
	// (history.go).
	load    load
	history history

	// gateway
	upgrader websocket.Upgrader
	conn     *websocket.Conn
	connMu   sync.Mutex // serialises writes to conn
	gwSeq    atomic.Int64
	// gwMu orders dispatches against a RESUME's replay: events holds the
	// session's dispatches since its IDENTIFY, live the connection that
	// completed its handshake (nil while none has), so an event sent while
	// the client is away is delivered on its RESUME, as Discord does.
	gwMu       sync.Mutex
	events     []gatewayFrame
	live       *websocket.Conn
	sessionID  string
	identifies []Identify
	resumes    int
	connected  chan string // "READY" or "RESUMED" after each handshake
}

// Identify is an IDENTIFY the gateway received.
type Identify struct {
	Token   string  `json:"token"`
	Shard   *[2]int `json:"shard"`
	Intents int     `json:"intents"`
}

// Call is one REST request the fake received, answered or refused.
type Call struct {
	Method string
	// Path starts after the API version: "/channels/401/messages".
	Path  string
	Query url.Values
	// Payload is the JSON body, or the payload_json part of a multipart
	// body.
	Payload json.RawMessage
	// Files are the files[n] parts of a multipart body, by file name.
	Files map[string][]byte
	// Status is the HTTP status the fake answered.
	Status int
}

// Message is a message in a channel.
type Message struct {
	ID, ChannelID, Content string
	// AuthorID is the sender: the bot's AppID for messages the bot posted.
	AuthorID string
	// Time is the fake clock's time when the message was created; ID is a
	// snowflake of it.
	Time    time.Time
	Payload json.RawMessage
	Files   map[string][]byte
}

// Option configures New.
type Option func(*Server)

// WithClock makes the fake's clock now: message IDs are snowflakes of it,
// so a test on a fake clock can list "after" a time as Discord does.
func WithClock(now func() time.Time) Option { return func(s *Server) { s.now = now } }

// TB is what the fake needs of its test: a *testing.T, or the stand-in
// of a command that serves the fake outside tests (internal/devboard).
type TB interface {
	Helper()
	Cleanup(func())
	Errorf(format string, args ...any)
	Fatal(args ...any)
	Skipf(format string, args ...any)
}

// New starts a fake Discord closed when the test ends. It skips the test
// when Discord's OpenAPI description is not found.
func New(t TB, opts ...Option) *Server {
	t.Helper()
	f := &Server{
		Token: DefaultToken, AppID: DefaultAppID,
		t: t, spec: OpenAPI(t), now: time.Now,
		channels: map[string]*discordgo.Channel{}, forbidden: map[string]bool{},
		roles: map[string][]*discordgo.Role{}, members: map[string]*discordgo.Member{},
		messages: map[string][]Message{}, callbacks: map[string]chan Call{}, edits: map[string]chan Call{},
		limit: map[string]int{}, fail: map[string]int{}, bare: map[string]int{}, lose: map[string]int{}, hold: map[string]int{},
		created:   make(chan Message, 256),
		followups: map[string]int{}, userOnly: map[string]bool{}, dms: map[string]string{}, noDMs: map[string]bool{},
		sessionID: "fake-session-1", connected: make(chan string, 64),
	}
	for _, o := range opts {
		o(f)
	}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.close)
	return f
}

var specs sync.Map // path -> *specEntry

type specEntry struct {
	once sync.Once
	spec *Spec
	err  error
}

// OpenAPI loads Discord's OpenAPI description once per test binary, skipping
// the test when it is absent (see SpecEnv).
func OpenAPI(t TB) *Spec {
	t.Helper()
	path, err := findSpec()
	if err != nil {
		t.Skipf("Discord API spec not found: %v", err)
	}
	v, _ := specs.LoadOrStore(path, &specEntry{})
	e := v.(*specEntry)
	e.once.Do(func() { e.spec, e.err = LoadSpec(path) })
	if e.err != nil {
		t.Fatal(e.err)
	}
	return e.spec
}

func findSpec() (string, error) {
	if p := os.Getenv(SpecEnv); p != "" {
		if _, err := os.Stat(p); err != nil {
			return "", fmt.Errorf("%s: %w", SpecEnv, err)
		}
		return p, nil
	}
	p, _, err := shareddata.Find("discord-api-spec/openapi.json")
	return p, err
}

func (f *Server) close() {
	f.connMu.Lock()
	if f.conn != nil {
		f.conn.Close()
	}
	f.connMu.Unlock()
	f.srv.Close()
}

// URL is the fake's base URL, http://127.0.0.1:port.
func (f *Server) URL() string { return f.srv.URL }

// APIBase is the REST base URL to configure the bot with.
func (f *Server) APIBase() string { return f.srv.URL + "/api/v9/" }

// GatewayURL is the websocket URL GET /gateway answers.
func (f *Server) GatewayURL() string { return "ws" + strings.TrimPrefix(f.srv.URL, "http") + "/ws" }

// SchemaSpec is the OpenAPI description the fake validates bodies with.
func (f *Server) SchemaSpec() *Spec { return f.spec }

// RateLimit makes the next n requests whose path contains sub answer 429
// with a Retry-After of 50 ms.
func (f *Server) RateLimit(sub string, n int) {
	f.mu.Lock()
	f.limit[sub] = n
	f.mu.Unlock()
}

// RateLimitsLeft is how many of RateLimit's 429s for sub are still to be
// sent.
func (f *Server) RateLimitsLeft(sub string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.limit[sub]
}

// Fail makes the next n requests whose path contains sub answer 500
// without doing anything.
func (f *Server) Fail(sub string, n int) {
	f.mu.Lock()
	f.fail[sub] = n
	f.mu.Unlock()
}

// BareNotFound makes the next n requests whose path contains sub answer
// 404 without doing anything, with a page that is not Discord's JSON
// error (no code), as a proxy or a CDN in the way answers.
func (f *Server) BareNotFound(sub string, n int) {
	f.mu.Lock()
	f.bare[sub] = n
	f.mu.Unlock()
}

// LoseReplies makes the next n message posts to channelID create the
// message and then answer 500, as when Discord's reply is lost.
func (f *Server) LoseReplies(channelID string, n int) {
	f.mu.Lock()
	f.lose[channelID] = n
	f.mu.Unlock()
}

// HoldReplies makes the next n message posts to channelID create the
// message and then send no answer until the client gives up (its context
// ends) or the fake closes: a process killed while waiting for Discord.
func (f *Server) HoldReplies(channelID string, n int) {
	f.mu.Lock()
	f.hold[channelID] = n
	f.mu.Unlock()
}

// Forbid makes every request to a channel answer 403 Missing Permissions.
// A channel named "forbidden" is forbidden too.
func (f *Server) Forbid(channelID string, forbidden bool) {
	f.mu.Lock()
	f.forbidden[channelID] = forbidden
	f.mu.Unlock()
}

// AddChannel adds or replaces a channel.
func (f *Server) AddChannel(ch *discordgo.Channel) {
	f.mu.Lock()
	f.channels[ch.ID] = ch
	f.mu.Unlock()
}

// SetRoles sets a guild's roles; the @everyone role's ID is the guild's.
func (f *Server) SetRoles(guildID string, roles ...*discordgo.Role) {
	f.mu.Lock()
	f.roles[guildID] = roles
	f.mu.Unlock()
}

// SetMember sets a guild member, by its user's ID.
func (f *Server) SetMember(guildID string, m *discordgo.Member) {
	f.mu.Lock()
	f.members[guildID+"/"+m.User.ID] = m
	f.mu.Unlock()
}

// SetupGuild gives the fake a guild where the bot can view and send
// everywhere, through @everyone, and attach files, embed links and read
// the history through its role 600,
// with channels 401 "daily" (all the daily needs but threads), 402
// "noattach" (attach files denied), 403 "hidden" (not visible to the bot),
// 404 "forbidden" (every request answers 403), 405 "threads" (401's
// permissions plus creating public threads and sending in them) and 406
// "nohistory" (Read Message History denied: listings come back empty).
func (f *Server) SetupGuild(guildID string) {
	everyone := &discordgo.Role{ID: guildID, Name: "@everyone", Permissions: discordgo.PermissionViewChannel | discordgo.PermissionSendMessages}
	botRole := &discordgo.Role{ID: "600", Name: "sudokubot",
		Permissions: discordgo.PermissionAttachFiles | discordgo.PermissionEmbedLinks | discordgo.PermissionReadMessageHistory}
	f.SetRoles(guildID, everyone, botRole)
	f.SetMember(guildID, &discordgo.Member{User: &discordgo.User{ID: f.AppID}, Roles: []string{"600"}})
	text := discordgo.ChannelTypeGuildText
	f.AddChannel(&discordgo.Channel{ID: "401", GuildID: guildID, Name: "daily", Type: text})
	f.AddChannel(&discordgo.Channel{ID: "402", GuildID: guildID, Name: "noattach", Type: text,
		PermissionOverwrites: []*discordgo.PermissionOverwrite{{ID: "600", Type: discordgo.PermissionOverwriteTypeRole, Deny: discordgo.PermissionAttachFiles}}})
	f.AddChannel(&discordgo.Channel{ID: "403", GuildID: guildID, Name: "hidden", Type: text,
		PermissionOverwrites: []*discordgo.PermissionOverwrite{{ID: guildID, Type: discordgo.PermissionOverwriteTypeRole, Deny: discordgo.PermissionViewChannel}}})
	f.AddChannel(&discordgo.Channel{ID: "404", GuildID: guildID, Name: "forbidden", Type: text})
	f.AddChannel(&discordgo.Channel{ID: "405", GuildID: guildID, Name: "threads", Type: text,
		PermissionOverwrites: []*discordgo.PermissionOverwrite{{ID: "600", Type: discordgo.PermissionOverwriteTypeRole,
			Allow: discordgo.PermissionCreatePublicThreads | discordgo.PermissionSendMessagesInThreads}}})
	f.AddChannel(&discordgo.Channel{ID: "406", GuildID: guildID, Name: "nohistory", Type: text,
		PermissionOverwrites: []*discordgo.PermissionOverwrite{{ID: "600", Type: discordgo.PermissionOverwriteTypeRole, Deny: discordgo.PermissionReadMessageHistory}}})
	f.HideHistory("406", true)
}

// Calls returns the requests with method (any when "") whose path
// contains sub, in order.
func (f *Server) Calls(method, sub string) []Call {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []Call
	for _, c := range f.calls {
		if (method == "" || c.Method == method) && strings.Contains(c.Path, sub) {
			out = append(out, c)
		}
	}
	return out
}

// Messages returns a channel's messages, oldest first.
func (f *Server) Messages(channelID string) []Message {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.messages[channelID])
}

// AddMessage puts a message in a channel as if it had been posted now
// (by the bot when AuthorID is ""), and returns it with its ID.
func (f *Server) AddMessage(channelID, content, authorID string) Message {
	if authorID == "" {
		authorID = f.AppID
	}
	m := Message{ID: f.newID(), ChannelID: channelID, Content: content, AuthorID: authorID, Time: f.now()}
	f.mu.Lock()
	f.messages[channelID] = append(f.messages[channelID], m)
	f.mu.Unlock()
	return m
}

// Created receives the messages created through the REST API as they are
// created, before the fake answers; it holds up to 256 unread ones and
// drops later ones, so a test that never reads it does not block the fake.
func (f *Server) Created() <-chan Message { return f.created }

// Callback receives the answers to an interaction (POST .../callback).
func (f *Server) Callback(interactionID string) <-chan Call {
	return f.chanFor(f.callbacks, interactionID)
}

// Edit receives the edits of an interaction's original response (PATCH
// /webhooks/{app}/{token}/messages/@original).
func (f *Server) Edit(token string) <-chan Call { return f.chanFor(f.edits, token) }

func (f *Server) chanFor(m map[string]chan Call, key string) chan Call {
	f.mu.Lock()
	defer f.mu.Unlock()
	ch, ok := m[key]
	if !ok {
		ch = make(chan Call, 4)
		m[key] = ch
	}
	return ch
}

// Snowflake is the smallest snowflake of time t.
func Snowflake(t time.Time) uint64 {
	ms := t.UnixMilli() - discordEpoch
	if ms < 0 {
		return 0
	}
	return uint64(ms) << 22
}

// SnowflakeTime is the time a snowflake ID was made.
func SnowflakeTime(id string) (time.Time, error) {
	v, err := strconv.ParseUint(id, 10, 64)
	if err != nil {
		return time.Time{}, fmt.Errorf("snowflake %q: %w", id, err)
	}
	return time.UnixMilli(int64(v>>22) + discordEpoch).UTC(), nil
}

func (f *Server) newID() string {
	return strconv.FormatUint(Snowflake(f.now())|uint64(f.seq.Add(1)&0x3fffff), 10)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// readBody returns the JSON payload and files of a request, JSON or
// multipart/form-data.
func readBody(r *http.Request) (json.RawMessage, map[string][]byte, error) {
	return ReadMessage(r.Header.Get("Content-Type"), r.Body)
}

// ReadMessage splits a message body as Discord receives one (and as the
// bot answers an HTTP interaction): plain JSON, or multipart/form-data with
// payload_json and files[n] parts. It returns the JSON and the files by
// name.
func ReadMessage(contentType string, body io.Reader) (json.RawMessage, map[string][]byte, error) {
	ct, params, _ := mime.ParseMediaType(contentType)
	if ct != "multipart/form-data" {
		b, err := io.ReadAll(body)
		return b, nil, err
	}
	mr := multipart.NewReader(body, params["boundary"])
	var payload json.RawMessage
	files := map[string][]byte{}
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, nil, err
		}
		b, err := io.ReadAll(p)
		if err != nil {
			return nil, nil, err
		}
		switch {
		case p.FormName() == "payload_json":
			payload = b
		case strings.HasPrefix(p.FormName(), "files["):
			files[p.FileName()] = b
		default:
			return nil, nil, fmt.Errorf("unexpected multipart field %q", p.FormName())
		}
	}
	return payload, files, nil
}

// Lenient makes the fake refuse bodies that break Discord's rules with
// 400, as Discord does, without failing the test: for tests of what the
// bot does when Discord refuses a reply.
func (f *Server) Lenient() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.lenient = true
}

// Discord's limits on a message that the fake enforces besides the
// schema (which holds the content's 2,000 characters).
const (
	maxContent   = 2000
	maxFiles     = 10
	maxFileBytes = 10 << 20
)

// validate checks a request body against the spec's schema for the
// operation and against Discord's limits on content and files. A body
// that breaks them fails the test (unless Lenient) and the fake answers
// it 400 with Discord's "Invalid Form Body" code 50035, as Discord does.
func (f *Server) validate(template, method string, body json.RawMessage, files map[string][]byte) error {
	schema, err := f.spec.RequestSchema(template, method)
	if err != nil {
		f.t.Errorf("fake discord: %v", err)
		return err
	}
	err = f.spec.ValidateSchema(schema, body)
	if err == nil {
		err = checkLimits(body, files)
	}
	if err != nil {
		f.mu.Lock()
		lenient := f.lenient
		f.mu.Unlock()
		if !lenient {
			f.t.Errorf("fake discord: %s %s body does not match Discord's API description or limits:\n%v\nbody: %.4000s", method, template, err, body)
		}
	}
	return err
}

// checkLimits checks a message's content (top level or under "data", as
// in an interaction callback) and files against Discord's limits.
func checkLimits(body json.RawMessage, files map[string][]byte) error {
	var m struct {
		Content *string `json:"content"`
		Data    *struct {
			Content *string `json:"content"`
		} `json:"data"`
	}
	if b := strings.TrimSpace(string(body)); b != "" && b[0] == '{' {
		if err := json.Unmarshal(body, &m); err != nil {
			return fmt.Errorf("body is not JSON: %w", err)
		}
	}
	content := m.Content
	if m.Data != nil && m.Data.Content != nil {
		content = m.Data.Content
	}
	if content != nil && utf8.RuneCountInString(*content) > maxContent {
		return fmt.Errorf("content: must be %d or fewer in length (has %d)", maxContent, utf8.RuneCountInString(*content))
	}
	if len(files) > maxFiles {
		return fmt.Errorf("files: at most %d, got %d", maxFiles, len(files))
	}
	total := 0
	for _, b := range files {
		total += len(b)
	}
	if total > maxFileBytes {
		return fmt.Errorf("files: %d bytes, more than the %d allowed", total, maxFileBytes)
	}
	return nil
}

// refuse answers a body that validate refused as Discord does.
func refuse(w http.ResponseWriter, err error) {
	writeJSON(w, http.StatusBadRequest, map[string]any{"message": "Invalid Form Body", "code": 50035,
		"errors": map[string]any{"_errors": []map[string]string{{"code": "BASE_TYPE_BAD_LENGTH", "message": err.Error()}}}})
}

// recorder records a call with the status it was answered with.
type recorder struct {
	http.ResponseWriter
	status int
}

func (r *recorder) WriteHeader(status int) {
	r.status = status
	r.ResponseWriter.WriteHeader(status)
}

func errBody(message string, code int) map[string]any {
	return map[string]any{"message": message, "code": code}
}

// takeFault consumes one injected fault of m whose key is contained in
// path.
func takeFault(m map[string]int, path string) bool {
	for sub, n := range m {
		if n > 0 && strings.Contains(path, sub) {
			m[sub] = n - 1
			return true
		}
	}
	return false
}

func (f *Server) serve(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == "/ws" || r.URL.Path == "/ws/" {
		f.serveGateway(w, r)
		return
	}
	path, ok := strings.CutPrefix(r.URL.Path, "/api/v9/")
	if !ok {
		http.NotFound(w, r)
		return
	}
	if f.serveOAuth(w, r, path) {
		return
	}
	f.arrive(r.Context(), r.Method+" "+path)
	payload, files, err := readBody(r)
	if err != nil {
		f.t.Errorf("fake discord: reading %s %s: %v", r.Method, path, err)
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	call := Call{Method: r.Method, Path: "/" + path, Query: r.URL.Query(), Payload: payload, Files: files}
	rec := &recorder{ResponseWriter: w, status: http.StatusOK}
	defer func() {
		call.Status = rec.status
		f.mu.Lock()
		f.calls = append(f.calls, call)
		f.mu.Unlock()
	}()
	isCallback := strings.HasPrefix(path, "interactions/")
	if !isCallback && r.Header.Get("Authorization") != "Bot "+f.Token {
		writeJSON(rec, http.StatusUnauthorized, errBody("401: Unauthorized", 0))
		return
	}
	f.mu.Lock()
	limited := takeFault(f.limit, path)
	failed := !limited && takeFault(f.fail, path)
	bare := !limited && !failed && takeFault(f.bare, path)
	f.mu.Unlock()
	switch {
	case limited:
		rec.Header().Set("Retry-After", "0.05")
		rec.Header().Set("X-RateLimit-Scope", "user")
		writeJSON(rec, http.StatusTooManyRequests, map[string]any{"message": "You are being rate limited.", "retry_after": 0.05, "global": false})
		return
	case failed:
		writeJSON(rec, http.StatusInternalServerError, errBody("500: Internal Server Error", 0))
		return
	case bare:
		rec.Header().Set("Content-Type", "text/html")
		rec.WriteHeader(http.StatusNotFound)
		_, _ = io.WriteString(rec, "<html><body><h1>404 Not Found</h1></body></html>")
		return
	}
	seg := strings.Split(path, "/")
	switch {
	case r.Method == http.MethodGet && (path == "gateway" || path == "gateway/bot"):
		writeJSON(rec, 200, map[string]any{"url": f.GatewayURL(), "shards": 1})
	case r.Method == http.MethodPost && len(seg) == 4 && seg[0] == "interactions" && seg[3] == "callback":
		if err := f.validate("/interactions/{interaction_id}/{interaction_token}/callback", "post", payload, files); err != nil {
			refuse(rec, err)
			call.Status = http.StatusBadRequest
			f.chanFor(f.callbacks, seg[1]) <- call
			return
		}
		rec.WriteHeader(http.StatusNoContent)
		call.Status = http.StatusNoContent
		f.chanFor(f.callbacks, seg[1]) <- call
	case r.Method == http.MethodPatch && len(seg) == 5 && seg[0] == "webhooks" && seg[4] == "@original":
		if err := f.validate("/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", "patch", payload, files); err != nil {
			refuse(rec, err)
			call.Status = http.StatusBadRequest
			f.chanFor(f.edits, seg[2]) <- call
			return
		}
		call.Status = http.StatusOK
		f.chanFor(f.edits, seg[2]) <- call
		writeJSON(rec, 200, map[string]any{"id": f.newID(), "channel_id": "1", "content": ""})
	case r.Method == http.MethodPost && path == "users/@me/channels":
		f.openDM(rec, payload)
	case r.Method == http.MethodPost && len(seg) == 3 && seg[0] == "webhooks":
		f.followUp(rec, seg[2], payload, files)
	case r.Method == http.MethodPut && seg[0] == "applications" && strings.HasSuffix(path, "/commands"):
		if len(seg) == 5 {
			_ = f.validate("/applications/{application_id}/guilds/{guild_id}/commands", "put", payload, nil)
		} else {
			_ = f.validate("/applications/{application_id}/commands", "put", payload, nil)
		}
		f.putCommands(rec, path, payload)
	case r.Method == http.MethodGet && seg[0] == "applications" && len(seg) == 4 && seg[2] == "activity-instances":
		f.activityInstance(rec, seg[1], seg[3])
	case r.Method == http.MethodGet && seg[0] == "applications" && strings.HasSuffix(path, "/commands"):
		f.getCommands(rec, path)
	case seg[0] == "channels" && len(seg) >= 2:
		f.serveChannel(rec, r, call, seg)
	case r.Method == http.MethodGet && seg[0] == "guilds" && len(seg) == 3 && seg[2] == "roles":
		f.mu.Lock()
		roles := f.roles[seg[1]]
		f.mu.Unlock()
		if roles == nil {
			writeJSON(rec, 404, errBody("Unknown Guild", 10004))
			return
		}
		writeJSON(rec, 200, roles)
	case r.Method == http.MethodGet && seg[0] == "guilds" && len(seg) == 4 && seg[2] == "members":
		f.mu.Lock()
		m := f.members[seg[1]+"/"+seg[3]]
		f.mu.Unlock()
		if m == nil {
			writeJSON(rec, 404, errBody("Unknown Member", 10007))
			return
		}
		writeJSON(rec, 200, m)
	default:
		f.t.Errorf("fake discord: unexpected request %s %s", r.Method, r.URL.Path)
		writeJSON(rec, 404, errBody("404: Not Found", 0))
	}
}

func (f *Server) serveChannel(w http.ResponseWriter, r *http.Request, call Call, seg []string) {
	f.mu.Lock()
	ch := f.channels[seg[1]]
	forbidden := f.forbidden[seg[1]]
	f.mu.Unlock()
	if ch == nil {
		writeJSON(w, 404, errBody("Unknown Channel", 10003))
		return
	}
	if forbidden || ch.Name == "forbidden" {
		writeJSON(w, 403, errBody("Missing Permissions", 50013))
		return
	}
	switch {
	case r.Method == http.MethodGet && len(seg) == 2:
		writeJSON(w, 200, f.withHistoryRule(ch))
	case r.Method == http.MethodPost && len(seg) == 3 && seg[2] == "messages":
		f.postMessage(w, r, call, seg[1])
	case r.Method == http.MethodGet && len(seg) == 3 && seg[2] == "messages":
		f.listMessages(w, r, seg[1])
	case r.Method == http.MethodGet && len(seg) == 4 && seg[2] == "messages":
		f.mu.Lock()
		i := slices.IndexFunc(f.messages[seg[1]], func(m Message) bool { return m.ID == seg[3] })
		var m Message
		if i >= 0 {
			m = f.messages[seg[1]][i]
		}
		f.mu.Unlock()
		if i < 0 {
			writeJSON(w, 404, errBody("Unknown Message", 10008))
			return
		}
		writeJSON(w, 200, f.wire(m))
	case r.Method == http.MethodPost && len(seg) == 3 && seg[2] == "threads":
		if err := f.validate("/channels/{channel_id}/threads", "post", call.Payload, nil); err != nil {
			refuse(w, err)
			return
		}
		var body struct {
			Name string `json:"name"`
		}
		_ = json.Unmarshal(call.Payload, &body)
		th := &discordgo.Channel{ID: f.newID(), Type: discordgo.ChannelTypeGuildPublicThread, GuildID: ch.GuildID, ParentID: ch.ID, Name: body.Name}
		f.mu.Lock()
		f.channels[th.ID] = th
		f.mu.Unlock()
		writeJSON(w, 201, th)
	case r.Method == http.MethodPatch && len(seg) == 4 && seg[2] == "messages":
		f.editMessage(w, call, seg[1], seg[3])
	case r.Method == http.MethodPost && len(seg) == 5 && seg[2] == "messages" && seg[4] == "threads":
		if err := f.validate("/channels/{channel_id}/messages/{message_id}/threads", "post", call.Payload, nil); err != nil {
			refuse(w, err)
			return
		}
		writeJSON(w, 201, map[string]any{"id": f.newID(), "type": 11, "parent_id": seg[1], "guild_id": ch.GuildID})
	default:
		f.t.Errorf("fake discord: unexpected channel request %s %s", r.Method, r.URL.Path)
		writeJSON(w, 404, errBody("404: Not Found", 0))
	}
}

func (f *Server) postMessage(w http.ResponseWriter, r *http.Request, call Call, channelID string) {
	if err := f.validate("/channels/{channel_id}/messages", "post", call.Payload, call.Files); err != nil {
		refuse(w, err)
		return
	}
	var body struct {
		Content string `json:"content"`
	}
	if err := json.Unmarshal(call.Payload, &body); err != nil {
		writeJSON(w, 400, errBody("Invalid Form Body: "+err.Error(), 50035))
		return
	}
	m := Message{ID: f.newID(), ChannelID: channelID, Content: body.Content, AuthorID: f.AppID, Time: f.now(),
		Payload: call.Payload, Files: call.Files}
	f.mu.Lock()
	old, repeat := f.sameNonce(channelID, m)
	if repeat {
		m = old // enforce_nonce: the message already made, not a new one
	} else {
		f.messages[channelID] = append(f.messages[channelID], m)
	}
	lose := takeFault(f.lose, channelID)
	hold := !lose && takeFault(f.hold, channelID)
	f.mu.Unlock()
	if !repeat {
		select {
		case f.created <- m:
		default:
		}
	}
	switch {
	case lose:
		writeJSON(w, 500, errBody("500: Internal Server Error", 0))
	case hold:
		<-r.Context().Done()
		w.WriteHeader(http.StatusGatewayTimeout) // nobody reads it
	default:
		writeJSON(w, 200, f.wire(m))
	}
}

// listMessages answers GET /channels/{id}/messages: newest first, at most
// limit (1-100, default 50) messages before, after or (with neither) the
// newest, as Discord does.
func (f *Server) listMessages(w http.ResponseWriter, r *http.Request, channelID string) {
	q := r.URL.Query()
	limit := 50
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 100 {
			writeJSON(w, 400, errBody("Invalid Form Body: limit must be 1-100", 50035))
			return
		}
		limit = n
	}
	parse := func(name string) (uint64, bool, error) {
		v := q.Get(name)
		if v == "" {
			return 0, false, nil
		}
		n, err := strconv.ParseUint(v, 10, 64)
		return n, true, err
	}
	before, hasBefore, err1 := parse("before")
	after, hasAfter, err2 := parse("after")
	if err := errors.Join(err1, err2); err != nil || q.Get("around") != "" {
		writeJSON(w, 400, errBody("Invalid Form Body: bad before/after/around", 50035))
		return
	}
	f.mu.Lock()
	all := slices.Clone(f.messages[channelID])
	if f.history.hidden[channelID] {
		all = nil // no Read Message History: Discord lists nothing
	}
	f.mu.Unlock()
	id := func(m Message) uint64 { v, _ := strconv.ParseUint(m.ID, 10, 64); return v }
	slices.SortFunc(all, func(a, b Message) int { return compareU(id(a), id(b)) })
	var picked []Message
	if hasAfter {
		// The limit messages right after the snowflake.
		for _, m := range all {
			if id(m) > after && (!hasBefore || id(m) < before) && len(picked) < limit {
				picked = append(picked, m)
			}
		}
	} else {
		// The limit messages right before the snowflake, or the newest.
		for i := len(all) - 1; i >= 0 && len(picked) < limit; i-- {
			if !hasBefore || id(all[i]) < before {
				picked = append([]Message{all[i]}, picked...)
			}
		}
	}
	out := make([]map[string]any, 0, len(picked))
	for i := len(picked) - 1; i >= 0; i-- {
		out = append(out, f.wire(picked[i]))
	}
	writeJSON(w, 200, out)
}

func compareU(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// wire is a message as Discord's API returns it.
func (f *Server) wire(m Message) map[string]any {
	var sent struct {
		Components json.RawMessage `json:"components"`
	}
	_ = json.Unmarshal(m.Payload, &sent)
	attachments := []map[string]any{}
	names := make([]string, 0, len(m.Files))
	for name := range m.Files {
		names = append(names, name)
	}
	slices.Sort(names)
	for i, name := range names {
		attachments = append(attachments, map[string]any{"id": fmt.Sprintf("%s%d", m.ID, i), "filename": name, "size": len(m.Files[name]),
			"url": f.srv.URL + "/attachments/" + m.ChannelID + "/" + name, "proxy_url": f.srv.URL + "/attachments/" + m.ChannelID + "/" + name})
	}
	out := map[string]any{
		"id": m.ID, "channel_id": m.ChannelID, "type": 0, "content": m.Content,
		"author":    map[string]any{"id": m.AuthorID, "username": "user" + m.AuthorID, "discriminator": "0", "bot": m.AuthorID == f.AppID},
		"timestamp": m.Time.UTC().Format(time.RFC3339Nano), "edited_timestamp": nil, "tts": false, "mention_everyone": false,
		"mentions": []any{}, "mention_roles": []any{}, "attachments": attachments, "embeds": []any{}, "pinned": false, "flags": 0,
	}
	if len(sent.Components) > 0 {
		out["components"] = sent.Components
	}
	return out
}

// gatewayFrame is a gateway payload.
type gatewayFrame struct {
	Op int             `json:"op"`
	D  json.RawMessage `json:"d"`
	S  *int64          `json:"s,omitempty"`
	T  string          `json:"t,omitempty"`
}

func (f *Server) send(conn *websocket.Conn, v any) error {
	f.connMu.Lock()
	defer f.connMu.Unlock()
	return conn.WriteJSON(v)
}

func (f *Server) dispatchFrame(conn *websocket.Conn, typ string, d any) error {
	raw, err := json.Marshal(d)
	if err != nil {
		return err
	}
	s := f.gwSeq.Add(1)
	return f.send(conn, gatewayFrame{Op: 0, T: typ, S: &s, D: raw})
}

// dispatchEvent records an event of the session and sends it on the live
// connection, if there is one; a client away (or whose connection broke
// under the write) gets it when it resumes.
func (f *Server) dispatchEvent(typ string, d any) error {
	raw, err := json.Marshal(d)
	if err != nil {
		return err
	}
	f.gwMu.Lock()
	defer f.gwMu.Unlock()
	if f.events == nil && f.live == nil {
		return errors.New("fake gateway: no session (nothing identified)")
	}
	s := f.gwSeq.Add(1)
	fr := gatewayFrame{Op: 0, T: typ, S: &s, D: raw}
	f.events = append(f.events, fr)
	if f.live != nil {
		_ = f.send(f.live, fr)
	}
	return nil
}

// handshakeDone makes conn the live connection. On a RESUME it first
// replays, in order, the events after the client's last sequence number,
// then sends RESUMED; on an IDENTIFY it starts a new event log with READY.
func (f *Server) handshakeDone(conn *websocket.Conn, typ string, d any, resumedAfter int64) error {
	f.gwMu.Lock()
	defer f.gwMu.Unlock()
	if typ == "READY" {
		f.events = []gatewayFrame{}
	} else {
		for _, fr := range f.events {
			if *fr.S > resumedAfter {
				if err := f.send(conn, fr); err != nil {
					return err
				}
			}
		}
	}
	if err := f.dispatchFrame(conn, typ, d); err != nil {
		return err
	}
	f.live = conn
	return nil
}

func (f *Server) signalConnected(s string) {
	select {
	case f.connected <- s:
	default:
	}
}

func (f *Server) serveGateway(w http.ResponseWriter, r *http.Request) {
	conn, err := f.upgrader.Upgrade(w, r, nil)
	if err != nil {
		f.t.Errorf("fake gateway: upgrade: %v", err)
		return
	}
	f.connMu.Lock()
	f.conn = conn
	f.connMu.Unlock()
	f.gwMu.Lock()
	f.live = nil // until this connection's handshake
	f.gwMu.Unlock()
	defer func() {
		// The client left: keep its events for a RESUME.
		f.gwMu.Lock()
		if f.live == conn {
			f.live = nil
		}
		f.gwMu.Unlock()
	}()
	// Plain text frames: discordgo inflates each binary frame on its own.
	if err := f.send(conn, map[string]any{"op": 10, "d": map[string]any{"heartbeat_interval": 500}}); err != nil {
		return
	}
	for {
		_, msg, err := conn.ReadMessage()
		if err != nil {
			return
		}
		var fr gatewayFrame
		if err := json.Unmarshal(msg, &fr); err != nil {
			f.t.Errorf("fake gateway: bad frame %s", msg)
			return
		}
		switch fr.Op {
		case 1:
			_ = f.send(conn, map[string]any{"op": 11})
		case 2:
			var id Identify
			_ = json.Unmarshal(fr.D, &id)
			if id.Token != "Bot "+f.Token {
				_ = conn.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(4004, "Authentication failed."))
				return
			}
			f.mu.Lock()
			f.identifies = append(f.identifies, id)
			f.mu.Unlock()
			shard := []int{0, 1}
			if id.Shard != nil {
				shard = id.Shard[:]
			}
			_ = f.handshakeDone(conn, "READY", map[string]any{
				"v": 9, "session_id": f.sessionID, "resume_gateway_url": f.GatewayURL(),
				"user": map[string]any{"id": f.AppID, "username": "sudokubot", "bot": true}, "guilds": []any{},
				"shard": shard, "application": map[string]any{"id": f.AppID, "flags": 0},
			}, 0)
			f.signalConnected("READY")
		case 6:
			var res struct {
				Token     string `json:"token"`
				SessionID string `json:"session_id"`
				Seq       int64  `json:"seq"`
			}
			_ = json.Unmarshal(fr.D, &res)
			if res.SessionID != f.sessionID || res.Token != "Bot "+f.Token {
				_ = f.send(conn, map[string]any{"op": 9, "d": false})
				continue
			}
			f.mu.Lock()
			f.resumes++
			f.mu.Unlock()
			_ = f.handshakeDone(conn, "RESUMED", map[string]any{}, res.Seq)
			f.signalConnected("RESUMED")
		}
	}
}

// Dispatch sends an event (op 0) of type typ with data d over the gateway.
// As Discord does, an event sent while the client is disconnected is
// kept and replayed when it resumes; it fails only before any IDENTIFY.
func (f *Server) Dispatch(typ string, d any) error {
	return f.dispatchEvent(typ, d)
}

// DispatchInteraction sends INTERACTION_CREATE over the gateway.
func (f *Server) DispatchInteraction(raw json.RawMessage) error {
	f.RegisterInteraction(raw)
	return f.Dispatch("INTERACTION_CREATE", raw)
}

// MaxUserInstallFollowUps is how many follow-up messages Discord allows an
// interaction that only a user install authorises (a user-installed app
// used in a server it is not in, or in someone else's DMs).
const MaxUserInstallFollowUps = 5

// RegisterInteraction tells the fake about an interaction sent to the bot
// some other way than DispatchInteraction (the HTTP endpoint), so that
// its follow-ups are limited as Discord limits them.
func (f *Server) RegisterInteraction(raw json.RawMessage) {
	var i struct {
		Token  string            `json:"token"`
		Owners map[string]string `json:"authorizing_integration_owners"`
	}
	if json.Unmarshal(raw, &i) != nil || i.Token == "" || i.Owners == nil {
		return
	}
	_, guild := i.Owners["0"]
	f.mu.Lock()
	f.userOnly[i.Token] = !guild
	f.mu.Unlock()
}

// FollowUps returns how many follow-up messages an interaction's token
// created.
func (f *Server) FollowUps(token string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.followups[token]
}

// followUp creates a follow-up message (POST /webhooks/{app}/{token}).
func (f *Server) followUp(w http.ResponseWriter, token string, payload json.RawMessage, files map[string][]byte) {
	if err := f.validate("/webhooks/{webhook_id}/{webhook_token}", "post", payload, files); err != nil {
		refuse(w, err)
		return
	}
	f.mu.Lock()
	if f.userOnly[token] && f.followups[token] >= MaxUserInstallFollowUps {
		f.mu.Unlock()
		writeJSON(w, http.StatusBadRequest, errBody("Maximum number of follow-up messages for this interaction reached", 0))
		return
	}
	f.followups[token]++
	f.mu.Unlock()
	writeJSON(w, 200, map[string]any{"id": f.newID(), "channel_id": "1", "content": "", "type": 0})
}

// DropConnection cuts the gateway connection without a close frame, as a
// network failure would.
func (f *Server) DropConnection() {
	f.gwMu.Lock()
	f.live = nil
	f.gwMu.Unlock()
	f.connMu.Lock()
	defer f.connMu.Unlock()
	if f.conn != nil {
		_ = f.conn.UnderlyingConn().Close()
	}
}

// WaitConnected waits for the next READY or RESUMED and returns which.
func (f *Server) WaitConnected(t testing.TB) string {
	t.Helper()
	select {
	case s := <-f.connected:
		return s
	case <-time.After(15 * time.Second):
		t.Fatal("fake gateway: no READY or RESUMED within 15 s")
		return ""
	}
}

// Identifies returns the IDENTIFYs the gateway accepted.
func (f *Server) Identifies() []Identify {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.identifies)
}

// Resumes is how many RESUMEs the gateway accepted.
func (f *Server) Resumes() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.resumes
}

// Threads returns the threads opened in a channel.
func (f *Server) Threads(channelID string) []*discordgo.Channel {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []*discordgo.Channel
	for _, c := range f.channels {
		if c.ParentID == channelID && c.IsThread() {
			out = append(out, c)
		}
	}
	return out
}

// DMChannel returns the DM channel the bot opened with a user, or "".
// Its messages are in Messages(DMChannel(user)).
func (f *Server) DMChannel(userID string) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.dms[userID]
}

// RefuseDMs makes Discord refuse to open a DM with a user, as it does for
// users who closed their DMs or share no server with the bot.
func (f *Server) RefuseDMs(userID string) {
	f.mu.Lock()
	f.noDMs[userID] = true
	f.mu.Unlock()
}

// openDM answers POST /users/@me/channels: the user's DM channel, made on
// first use.
func (f *Server) openDM(w http.ResponseWriter, payload json.RawMessage) {
	if err := f.validate("/users/@me/channels", "post", payload, nil); err != nil {
		refuse(w, err)
		return
	}
	var body struct {
		RecipientID string `json:"recipient_id"`
	}
	if err := json.Unmarshal(payload, &body); err != nil || body.RecipientID == "" {
		writeJSON(w, 400, errBody("Invalid Form Body", 50035))
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.noDMs[body.RecipientID] {
		writeJSON(w, 403, errBody("Cannot send messages to this user", 50007))
		return
	}
	id, ok := f.dms[body.RecipientID]
	if !ok {
		id = f.newID()
		f.dms[body.RecipientID] = id
		f.channels[id] = &discordgo.Channel{ID: id, Type: discordgo.ChannelTypeDM,
			Recipients: []*discordgo.User{{ID: body.RecipientID, Username: "player" + body.RecipientID}}}
	}
	writeJSON(w, 200, f.channels[id])
}

// editMessage answers PATCH /channels/{c}/messages/{m}: only the bot's
// own messages can be edited, as on Discord.
func (f *Server) editMessage(w http.ResponseWriter, call Call, channelID, messageID string) {
	if err := f.validate("/channels/{channel_id}/messages/{message_id}", "patch", call.Payload, nil); err != nil {
		refuse(w, err)
		return
	}
	if err := checkLimits(call.Payload, nil); err != nil {
		refuse(w, err)
		return
	}
	var body struct {
		Content *string `json:"content"`
	}
	_ = json.Unmarshal(call.Payload, &body)
	f.mu.Lock()
	defer f.mu.Unlock()
	msgs := f.messages[channelID]
	i := slices.IndexFunc(msgs, func(m Message) bool { return m.ID == messageID })
	switch {
	case i < 0:
		writeJSON(w, 404, errBody("Unknown Message", 10008))
		return
	case msgs[i].AuthorID != f.AppID:
		writeJSON(w, 403, errBody("Cannot edit a message authored by another user", 50005))
		return
	}
	if body.Content != nil {
		msgs[i].Content = *body.Content
	}
	msgs[i].Payload = call.Payload
	writeJSON(w, 200, f.wire(msgs[i]))
}
