package interactions

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// echoDoor answers every interaction with its id, counting the answers.
type echoDoor struct {
	draining atomic.Bool
	answered atomic.Int32
}

func (d *echoDoor) Admit() bool { return !d.draining.Load() }
func (d *echoDoor) Done()       {}
func (d *echoDoor) Answer(i *discordgo.Interaction, initial func(*discordgo.InteractionResponse) error) error {
	d.answered.Add(1)
	return initial(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: "answer to " + i.ID}})
}
func (d *echoDoor) Respond(*discordgo.Interaction, *discordgo.InteractionResponse) error { return nil }
func (d *echoDoor) Unavailable(*discordgo.Interaction) *discordgo.InteractionResponse {
	return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource}
}

// snowflakeNow is an interaction id made now.
func snowflakeNow() string {
	return strconv.FormatUint(uint64(time.Now().UnixMilli()-discordEpoch)<<22, 10)
}

// TestEndpoint: the endpoint answers PING, refuses what Discord did not
// sign, gives the door an interaction once and takes none while the door
// drains.
func TestEndpoint(t *testing.T) {
	t.Parallel()
	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	door := &echoDoor{}
	r, err := New(Config{Door: door, PublicKey: pub})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(r)
	defer srv.Close()
	post := func(body []byte, key ed25519.PrivateKey) (int, string) {
		ts := strconv.FormatInt(time.Now().Unix(), 10)
		req, _ := http.NewRequest(http.MethodPost, srv.URL, bytes.NewReader(body))
		req.Header.Set("X-Signature-Ed25519", hex.EncodeToString(ed25519.Sign(key, append([]byte(ts), body...))))
		req.Header.Set("X-Signature-Timestamp", ts)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	if code, body := post([]byte(`{"type":1}`), priv); code != 200 || body != `{"type":1}` {
		t.Errorf("PING: %d %s", code, body)
	}
	_, other, _ := ed25519.GenerateKey(nil)
	if code, _ := post([]byte(`{"type":1}`), other); code != http.StatusUnauthorized {
		t.Errorf("signed by another key: %d, want 401", code)
	}
	i, _ := json.Marshal(map[string]any{"id": snowflakeNow(), "type": 2, "token": "t", "data": map[string]any{"id": "1", "name": "sudoku", "type": 1}})
	code1, first := post(i, priv)
	code2, again := post(i, priv)
	// In memory (no store's claims) a replay is refused; with the store's,
	// it gets the first answer again (bot's TestInteractionHandledOnce).
	if code1 != 200 || !bytes.Contains([]byte(first), []byte("answer to")) || code2 != http.StatusConflict || door.answered.Load() != 1 {
		t.Errorf("one interaction twice: %d %s, %d %s, %d answers; want 200, then 409, one answer", code1, first, code2, again, door.answered.Load())
	}
	door.draining.Store(true)
	i, _ = json.Marshal(map[string]any{"id": snowflakeNow(), "type": 2, "token": "t", "data": map[string]any{"id": "1", "name": "sudoku", "type": 1}})
	if code, _ := post(i, priv); code != http.StatusServiceUnavailable || door.answered.Load() != 1 {
		t.Errorf("while draining: %d, want 503 and no answer", code)
	}
}
