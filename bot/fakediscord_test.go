package bot

import (
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
	"github.com/sudokubot/sudokubot/bot/jsonschema"
)

// fakeDiscord is Discord on 127.0.0.1 for tests: the REST endpoints the
// bot calls and a gateway speaking HELLO, IDENTIFY, READY, heartbeats,
// RESUME and INTERACTION_CREATE. Every JSON body it receives is validated
// against Discord's OpenAPI description; a body that does not validate
// fails the test.
type fakeDiscord struct {
	t     testing.TB
	spec  *jsonschema.Spec
	srv   *httptest.Server
	token string
	appID string

	mu        sync.Mutex
	calls     []apiCall
	channels  map[string]*discordgo.Channel
	roles     map[string][]*discordgo.Role
	members   map[string]*discordgo.Member // guild/user
	messages  map[string]bool              // channel/message
	callbacks map[string]chan apiCall      // by interaction id
	edits     map[string]chan apiCall      // by interaction token
	limit     map[string]int               // path substring -> 429s still to send
	nextID    atomic.Int64

	// gateway
	upgrader   websocket.Upgrader
	conn       *websocket.Conn
	connMu     sync.Mutex // serialises writes to conn
	seq        atomic.Int64
	sessionID  string
	identifies []identify
	resumes    int
	connected  chan string // "READY" or "RESUMED" after each handshake
}

type identify struct {
	Token   string  `json:"token"`
	Shard   *[2]int `json:"shard"`
	Intents int     `json:"intents"`
}

// apiCall is one REST request the fake received.
type apiCall struct {
	Method, Path string
	Payload      json.RawMessage   // the JSON body or payload_json part
	Files        map[string][]byte // files[n] parts by filename
}

func newFakeDiscord(t testing.TB) *fakeDiscord {
	f := &fakeDiscord{
		t: t, spec: loadSpec(t), token: "fake-token-Zm9vYmFy.secret", appID: "1000",
		channels: map[string]*discordgo.Channel{}, roles: map[string][]*discordgo.Role{},
		members: map[string]*discordgo.Member{}, messages: map[string]bool{},
		callbacks: map[string]chan apiCall{}, edits: map[string]chan apiCall{},
		limit: map[string]int{}, sessionID: "fake-session-1", connected: make(chan string, 16),
	}
	f.nextID.Store(5000)
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.close)
	return f
}

func (f *fakeDiscord) close() {
	f.connMu.Lock()
	if f.conn != nil {
		f.conn.Close()
	}
	f.connMu.Unlock()
	f.srv.Close()
}

// apiBase is the REST base URL to configure the bot with.
func (f *fakeDiscord) apiBase() string { return f.srv.URL + "/api/v9/" }

// rateLimit makes the next n requests whose path contains sub answer 429.
func (f *fakeDiscord) rateLimit(sub string, n int) {
	f.mu.Lock()
	f.limit[sub] = n
	f.mu.Unlock()
}

func (f *fakeDiscord) record(c apiCall) {
	f.mu.Lock()
	f.calls = append(f.calls, c)
	f.mu.Unlock()
}

// callsTo returns the calls whose path contains sub.
func (f *fakeDiscord) callsTo(method, sub string) []apiCall {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []apiCall
	for _, c := range f.calls {
		if c.Method == method && strings.Contains(c.Path, sub) {
			out = append(out, c)
		}
	}
	return out
}

func (f *fakeDiscord) chanFor(m map[string]chan apiCall, key string) chan apiCall {
	f.mu.Lock()
	defer f.mu.Unlock()
	ch, ok := m[key]
	if !ok {
		ch = make(chan apiCall, 4)
		m[key] = ch
	}
	return ch
}

func writeJSONStatus(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// readBody returns the JSON payload and files of a request, JSON or
// multipart/form-data.
func readBody(r *http.Request) (json.RawMessage, map[string][]byte, error) {
	ct, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if ct != "multipart/form-data" {
		b, err := io.ReadAll(r.Body)
		return b, nil, err
	}
	mr := multipart.NewReader(r.Body, params["boundary"])
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

// validate checks a request body against the spec's schema for the
// operation, failing the test when it does not conform.
func (f *fakeDiscord) validate(template, method string, body json.RawMessage) {
	schema, err := f.spec.RequestSchema(template, method)
	if err != nil {
		f.t.Errorf("fake discord: %v", err)
		return
	}
	if err := f.spec.ValidateSchema(schema, body); err != nil {
		f.t.Errorf("fake discord: %s %s body does not match Discord's API description:\n%v\nbody: %s", method, template, err, body)
	}
}

func (f *fakeDiscord) serve(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == "/ws" || r.URL.Path == "/ws/" {
		f.serveGateway(w, r)
		return
	}
	path, ok := strings.CutPrefix(r.URL.Path, "/api/v9/")
	if !ok {
		http.NotFound(w, r)
		return
	}
	isCallback := strings.HasPrefix(path, "interactions/")
	if !isCallback && r.Header.Get("Authorization") != "Bot "+f.token {
		writeJSONStatus(w, http.StatusUnauthorized, map[string]any{"message": "401: Unauthorized", "code": 0})
		return
	}
	f.mu.Lock()
	for sub, n := range f.limit {
		if n > 0 && strings.Contains(path, sub) {
			f.limit[sub] = n - 1
			f.mu.Unlock()
			w.Header().Set("Retry-After", "0.05")
			writeJSONStatus(w, http.StatusTooManyRequests, map[string]any{"message": "You are being rate limited.", "retry_after": 0.05, "global": false})
			return
		}
	}
	f.mu.Unlock()
	payload, files, err := readBody(r)
	if err != nil {
		f.t.Errorf("fake discord: reading %s %s: %v", r.Method, path, err)
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	call := apiCall{Method: r.Method, Path: "/" + path, Payload: payload, Files: files}
	seg := strings.Split(path, "/")
	switch {
	case r.Method == http.MethodGet && path == "gateway":
		writeJSONStatus(w, 200, map[string]string{"url": "ws" + strings.TrimPrefix(f.srv.URL, "http") + "/ws"})
		return
	case r.Method == http.MethodPost && len(seg) == 4 && seg[0] == "interactions" && seg[3] == "callback":
		f.validate("/interactions/{interaction_id}/{interaction_token}/callback", "post", payload)
		f.record(call)
		f.chanFor(f.callbacks, seg[1]) <- call
		w.WriteHeader(http.StatusNoContent)
		return
	case r.Method == http.MethodPatch && len(seg) == 5 && seg[0] == "webhooks" && seg[4] == "@original":
		f.validate("/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", "patch", payload)
		f.record(call)
		f.chanFor(f.edits, seg[2]) <- call
		writeJSONStatus(w, 200, map[string]any{"id": f.newID(), "channel_id": "1", "content": ""})
		return
	case r.Method == http.MethodPut && seg[0] == "applications" && strings.HasSuffix(path, "/commands"):
		if len(seg) == 5 {
			f.validate("/applications/{application_id}/guilds/{guild_id}/commands", "put", payload)
		} else {
			f.validate("/applications/{application_id}/commands", "put", payload)
		}
		f.record(call)
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte("[]"))
		return
	case seg[0] == "channels" && len(seg) >= 2:
		f.serveChannel(w, r, call, seg)
		return
	case r.Method == http.MethodGet && seg[0] == "guilds" && len(seg) == 3 && seg[2] == "roles":
		f.mu.Lock()
		roles := f.roles[seg[1]]
		f.mu.Unlock()
		writeJSONStatus(w, 200, roles)
		return
	case r.Method == http.MethodGet && seg[0] == "guilds" && len(seg) == 4 && seg[2] == "members":
		f.mu.Lock()
		m := f.members[seg[1]+"/"+seg[3]]
		f.mu.Unlock()
		if m == nil {
			writeJSONStatus(w, 404, map[string]any{"message": "Unknown Member", "code": 10007})
			return
		}
		writeJSONStatus(w, 200, m)
		return
	}
	f.t.Errorf("fake discord: unexpected request %s %s", r.Method, r.URL.Path)
	writeJSONStatus(w, 404, map[string]any{"message": "404: Not Found", "code": 0})
}

func (f *fakeDiscord) newID() string { return fmt.Sprint(f.nextID.Add(1)) }

func (f *fakeDiscord) serveChannel(w http.ResponseWriter, r *http.Request, call apiCall, seg []string) {
	f.mu.Lock()
	ch := f.channels[seg[1]]
	f.mu.Unlock()
	if ch == nil {
		writeJSONStatus(w, 404, map[string]any{"message": "Unknown Channel", "code": 10003})
		return
	}
	if ch.Name == "forbidden" {
		writeJSONStatus(w, 403, map[string]any{"message": "Missing Permissions", "code": 50013})
		return
	}
	switch {
	case r.Method == http.MethodGet && len(seg) == 2:
		writeJSONStatus(w, 200, ch)
	case r.Method == http.MethodPost && len(seg) == 3 && seg[2] == "messages":
		f.validate("/channels/{channel_id}/messages", "post", call.Payload)
		f.record(call)
		id := f.newID()
		f.mu.Lock()
		f.messages[seg[1]+"/"+id] = true
		f.mu.Unlock()
		writeJSONStatus(w, 200, map[string]any{"id": id, "channel_id": seg[1], "content": ""})
	case r.Method == http.MethodGet && len(seg) == 4 && seg[2] == "messages":
		f.mu.Lock()
		ok := f.messages[seg[1]+"/"+seg[3]]
		f.mu.Unlock()
		if !ok {
			writeJSONStatus(w, 404, map[string]any{"message": "Unknown Message", "code": 10008})
			return
		}
		writeJSONStatus(w, 200, map[string]any{"id": seg[3], "channel_id": seg[1]})
	case r.Method == http.MethodPost && len(seg) == 5 && seg[2] == "messages" && seg[4] == "threads":
		f.validate("/channels/{channel_id}/messages/{message_id}/threads", "post", call.Payload)
		f.record(call)
		writeJSONStatus(w, 201, map[string]any{"id": f.newID(), "type": 11, "parent_id": seg[1], "guild_id": ch.GuildID})
	default:
		f.t.Errorf("fake discord: unexpected channel request %s %s", r.Method, r.URL.Path)
		writeJSONStatus(w, 404, map[string]any{"message": "404: Not Found", "code": 0})
	}
}

// gatewayFrame is a gateway payload.
type gatewayFrame struct {
	Op int             `json:"op"`
	D  json.RawMessage `json:"d"`
	S  *int64          `json:"s,omitempty"`
	T  string          `json:"t,omitempty"`
}

func (f *fakeDiscord) send(conn *websocket.Conn, v any) error {
	f.connMu.Lock()
	defer f.connMu.Unlock()
	return conn.WriteJSON(v)
}

func (f *fakeDiscord) dispatchFrame(conn *websocket.Conn, typ string, d any) error {
	raw, err := json.Marshal(d)
	if err != nil {
		return err
	}
	s := f.seq.Add(1)
	return f.send(conn, gatewayFrame{Op: 0, T: typ, S: &s, D: raw})
}

func (f *fakeDiscord) serveGateway(w http.ResponseWriter, r *http.Request) {
	conn, err := f.upgrader.Upgrade(w, r, nil)
	if err != nil {
		f.t.Errorf("fake gateway: upgrade: %v", err)
		return
	}
	f.connMu.Lock()
	f.conn = conn
	f.connMu.Unlock()
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
			var id identify
			_ = json.Unmarshal(fr.D, &id)
			if id.Token != "Bot "+f.token {
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
			_ = f.dispatchFrame(conn, "READY", map[string]any{
				"v": 9, "session_id": f.sessionID, "resume_gateway_url": "ws" + strings.TrimPrefix(f.srv.URL, "http") + "/ws",
				"user": map[string]any{"id": f.appID, "username": "sudokubot", "bot": true}, "guilds": []any{},
				"shard": shard, "application": map[string]any{"id": f.appID, "flags": 0},
			})
			f.connected <- "READY"
		case 6:
			var res struct {
				Token     string `json:"token"`
				SessionID string `json:"session_id"`
				Seq       int64  `json:"seq"`
			}
			_ = json.Unmarshal(fr.D, &res)
			if res.SessionID != f.sessionID || res.Token != "Bot "+f.token {
				_ = f.send(conn, map[string]any{"op": 9, "d": false})
				continue
			}
			f.mu.Lock()
			f.resumes++
			f.mu.Unlock()
			_ = f.dispatchFrame(conn, "RESUMED", map[string]any{})
			f.connected <- "RESUMED"
		}
	}
}

// dispatchInteraction sends INTERACTION_CREATE over the gateway.
func (f *fakeDiscord) dispatchInteraction(raw json.RawMessage) error {
	f.connMu.Lock()
	conn := f.conn
	f.connMu.Unlock()
	if conn == nil {
		return fmt.Errorf("no gateway connection")
	}
	return f.dispatchFrame(conn, "INTERACTION_CREATE", raw)
}

// dropConnection cuts the gateway connection without a close frame, as a
// network failure would.
func (f *fakeDiscord) dropConnection() {
	f.connMu.Lock()
	defer f.connMu.Unlock()
	if f.conn != nil {
		_ = f.conn.UnderlyingConn().Close()
	}
}

// waitConnected waits for the next READY or RESUMED.
func (f *fakeDiscord) waitConnected(t testing.TB) string {
	t.Helper()
	select {
	case s := <-f.connected:
		return s
	case <-time.After(15 * time.Second):
		t.Fatal("fake gateway: no READY or RESUMED within 15 s")
		return ""
	}
}
