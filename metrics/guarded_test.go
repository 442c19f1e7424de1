package metrics

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/internal/promtest"
)

// TestMetricsToken: with a token set, /metrics answers only a request that
// carries it, and counts the others as rejected.
func TestMetricsToken(t *testing.T) {
	t.Parallel()
	const token = "0123456789abcdef0123456789abcdef"
	srv := httptest.NewServer(New().Guarded(token))
	defer srv.Close()
	get := func(auth string) (int, string) {
		req, _ := http.NewRequest(http.MethodGet, srv.URL, nil)
		if auth != "" {
			req.Header.Set("Authorization", auth)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	for _, auth := range []string{"", "Bearer wrong", "Bearer " + token + "x", token, "Basic " + token} {
		if code, body := get(auth); code != http.StatusUnauthorized || strings.Contains(body, "sudokubot_") {
			t.Errorf("Authorization %q: %d %q, want 401 and no metrics", auth, code, body)
		}
	}
	code, body := get("Bearer " + token)
	if code != http.StatusOK {
		t.Fatalf("with the token: %d %q", code, body)
	}
	promtest.Parse(t, body).Want(t, 5, "sudokubot_rejected_requests_total", "reason", "metrics_unauthorized")
}
