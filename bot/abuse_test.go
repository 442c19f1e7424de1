package bot

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/internal/promtest"

	"github.com/sudokubot/sudokubot/engine"
)

// post sends a body signed at timestamp ts to the HTTP endpoint.
func (h *harness) post(t testing.TB, body []byte, ts string) (int, []byte) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, h.http.URL+"/interactions", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Signature-Ed25519", hex.EncodeToString(ed25519.Sign(h.priv, append([]byte(ts), body...))))
	req.Header.Set("X-Signature-Timestamp", ts)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	got, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, got
}

// TestStaleTimestampsRefused: a correctly signed request whose timestamp
// is a year old, in the future, or not a number is refused with 401 and
// runs no handler.
func TestStaleTimestampsRefused(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	now := time.Now()
	for _, tc := range []struct {
		name, ts string
		want     int
	}{
		{"a year old", strconv.FormatInt(now.AddDate(-1, 0, 0).Unix(), 10), 401},
		{"six minutes old", strconv.FormatInt(now.Add(-6*time.Minute).Unix(), 10), 401},
		{"six minutes ahead", strconv.FormatInt(now.Add(6*time.Minute).Unix(), 10), 401},
		{"hello", "hello", 401},
		{"a minute old", strconv.FormatInt(now.Add(-time.Minute).Unix(), 10), 200},
	} {
		t.Run(tc.name, func(t *testing.T) {
			body, _ := json.Marshal(h.cmd(alice, guildID, "sudoku", "show", nil))
			if got, _ := h.post(t, body, tc.ts); got != tc.want {
				t.Fatalf("status %d, want %d", got, tc.want)
			}
		})
	}
	if n := strings.Count(h.logs.String(), "msg=interaction "); n != 1 {
		t.Fatalf("%d interactions handled, want only the fresh one", n)
	}
}

// TestInteractionHandledOnce sends one interaction three times through
// each front door: it has one effect.
func TestInteractionHandledOnce(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.openGateway()
	r := h.viaHTTP(t, h.cmd(alice, guildID, "sudoku", "new", map[string]any{"level": "easy"}))
	expectPrivateMessage(t, "new", r)
	g := h.current(t, alice)

	hint := h.cmd(alice, guildID, "sudoku", "hint", nil)
	body, _ := json.Marshal(hint)
	ts := strconv.FormatInt(time.Now().Unix(), 10)
	statuses := []int{}
	var answers [][]byte
	for range 3 {
		st, got := h.post(t, body, ts)
		statuses = append(statuses, st)
		answers = append(answers, got)
	}
	// A replay gets the first answer again (kept with the claim in the
	// store), and has no effect.
	if fmt.Sprint(statuses) != "[200 200 200]" {
		t.Fatalf("statuses %v, want [200 200 200]", statuses)
	}
	if !bytes.Equal(answers[1], answers[0]) || !bytes.Equal(answers[2], answers[0]) {
		t.Fatalf("a replay got another answer than the first")
	}
	if got := h.current(t, alice).Hints; got != [3]int{g.Hints[0] + 1, 0, 0} {
		t.Fatalf("hints %v after one hint sent three times", got)
	}

	// Take the hinted step, so that the next hint is a new one (a hint
	// counts once per step).
	cur := h.current(t, alice)
	hr, err := engine.Hint(cur.Givens, cur.Entries)
	if err != nil || len(hr.Step.Placements) == 0 {
		t.Fatalf("the easy puzzle's hint places no digit: %+v %v", hr, err)
	}
	p := hr.Step.Placements[0]
	h.viaHTTP(t, h.cmd(alice, guildID, "sudoku", "place", map[string]any{"moves": fmt.Sprintf("%s=%d", engine.CellName(p.Cell), p.Digit)}))

	// Through the gateway: the same event three times, one answer.
	again := h.cmd(alice, guildID, "sudoku", "hint", nil)
	raw, _ := json.Marshal(again)
	for range 3 {
		if err := h.fake.DispatchInteraction(raw); err != nil {
			t.Fatal(err)
		}
	}
	select {
	case <-h.fake.Callback(again["id"].(string)):
	case <-time.After(20 * time.Second):
		t.Fatal("no answer to the gateway interaction")
	}
	select {
	case c := <-h.fake.Callback(again["id"].(string)):
		t.Fatalf("second answer to one interaction: %s", c.Payload)
	case <-time.After(500 * time.Millisecond):
	}
	if got := h.current(t, alice).Hints; got != [3]int{g.Hints[0] + 2, 0, 0} {
		t.Fatalf("hints %v after a second hint sent three times", got)
	}
}

// TestRejectedRequestsCounted: 500 forged requests write at most a line
// or two of log and are all counted in /metrics.
func TestRejectedRequestsCounted(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	body, _ := json.Marshal(h.cmd(alice, guildID, "sudoku", "show", nil))
	ts := strconv.FormatInt(time.Now().Unix(), 10)
	bad := hex.EncodeToString(make([]byte, ed25519.SignatureSize))
	for range 500 {
		req, _ := http.NewRequest(http.MethodPost, h.http.URL+"/interactions", bytes.NewReader(body))
		req.Header.Set("X-Signature-Ed25519", bad)
		req.Header.Set("X-Signature-Timestamp", ts)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 401 {
			t.Fatalf("forged request: status %d", resp.StatusCode)
		}
	}
	if n := strings.Count(h.logs.String(), "rejected interaction request"); n < 1 || n > 2 {
		t.Fatalf("%d log lines for 500 rejected requests, want 1 (or 2 across an interval)", n)
	}
	resp, err := http.Get(h.http.URL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	m, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	promtest.Parse(t, string(m)).Want(t, 500, "sudokubot_rejected_requests_total", "reason", "signature")
}
