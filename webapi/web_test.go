package webapi

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/store"
)

func gz(t *testing.T, s string) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	_, _ = zw.Write([]byte(s))
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func get(t *testing.T, method, url string, header map[string]string) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest(method, url, nil)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	tr := &http.Transport{DisableCompression: true}
	resp, err := (&http.Client{Transport: tr}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, string(b)
}

// TestWebPagesNotBuilt: without a built board both pages answer 503 with
// how to build it; the API still answers.
func TestWebPagesNotBuilt(t *testing.T) {
	h := newHarness(t)
	for _, p := range []string{"/board/", "/activity/", "/board/assets/app.js"} {
		resp, body := get(t, "GET", h.http.URL+p, nil)
		if resp.StatusCode != 503 || !strings.Contains(body, "npm --prefix web ci && npm --prefix web run build") {
			t.Errorf("%s: %d %q", p, resp.StatusCode, body)
		}
	}
	if resp, body := get(t, "GET", h.http.URL+"/board/api/config", nil); resp.StatusCode != 200 || !strings.Contains(body, `"activity":false`) {
		t.Errorf("api/config: %d %s", resp.StatusCode, body)
	}
}

// TestWebPagesBuilt: the page (never cached) and its assets (cached for
// good), gzip twins to clients that take gzip, nothing outside assets/.
func TestWebPagesBuilt(t *testing.T) {
	const page = "<!doctype html><title>board</title>"
	files := fstest.MapFS{
		"index.html":      {Data: []byte(page)},
		"index.html.gz":   {Data: gz(t, page)},
		"assets/app.js":   {Data: []byte("console.log(1)")},
		"secret.txt":      {Data: []byte("not served")},
		"assets/dir/x.js": {Data: []byte("x")},
	}
	h := newHarness(t, func(c *Config) { c.Web = files })
	resp, body := get(t, "GET", h.http.URL+"/activity/?frame_id=1", nil)
	if resp.StatusCode != 200 || body != page || resp.Header.Get("Cache-Control") != "no-cache" {
		t.Fatalf("plain page: %d %q %v", resp.StatusCode, body, resp.Header)
	}
	// Only Discord (and the board itself) may frame the page.
	if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "frame-ancestors 'self' https://discord.com") || strings.Contains(csp, "*;") || strings.HasSuffix(csp, "*") {
		t.Fatalf("Content-Security-Policy %q", csp)
	}
	resp, body = get(t, "GET", h.http.URL+"/board/", map[string]string{"Accept-Encoding": "br, gzip;q=0.8"})
	if resp.Header.Get("Content-Encoding") != "gzip" || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") || body != string(gz(t, page)) {
		t.Fatalf("gzip page: %v", resp.Header)
	}
	resp, _ = get(t, "GET", h.http.URL+"/board/", map[string]string{"Accept-Encoding": "gzip;q=0"})
	if resp.Header.Get("Content-Encoding") != "" {
		t.Fatal("gzip sent to a client that refuses it")
	}
	resp, body = get(t, "GET", h.http.URL+"/board/assets/app.js", nil)
	if resp.StatusCode != 200 || body != "console.log(1)" || !strings.Contains(resp.Header.Get("Cache-Control"), "immutable") {
		t.Fatalf("asset: %d %q %v", resp.StatusCode, body, resp.Header)
	}
	for _, p := range []string{"/board/secret.txt", "/board/assets/", "/board/assets/missing.js", "/board/assets/%2e%2e/secret.txt"} {
		if resp, body := get(t, "GET", h.http.URL+p, nil); resp.StatusCode != 404 {
			t.Errorf("%s: %d %q", p, resp.StatusCode, body)
		}
	}
	if resp, _ := get(t, "POST", h.http.URL+"/board/", nil); resp.StatusCode != 405 {
		t.Errorf("POST /board/: %d", resp.StatusCode)
	}
	if resp, body := get(t, "GET", h.http.URL+"/board/api/nothing", nil); resp.StatusCode != 404 || !strings.Contains(body, `"code":"not_found"`) {
		t.Errorf("unknown API call: %d %s", resp.StatusCode, body)
	}
}

func TestMatchLocale(t *testing.T) {
	for in, want := range map[string]string{
		"": "", "de": "de", "de-AT": "de", "fr-CA": "fr", "ja-JP": "ja", "zh": "zh-CN", "zh-Hant": "zh-TW",
		"zh-TW": "zh-TW", "zh_HK": "zh-TW", "es": "es-ES", "es-MX": "es-419", "pt-PT": "pt-BR", "en": "en-US",
		"en-GB": "en-GB", "EN-gb": "en-GB", "ko-KR": "", strings.Repeat("x", 100): "",
	} {
		if got := matchLocale(in); got != want {
			t.Errorf("matchLocale(%.20q) = %q, want %q", in, got, want)
		}
	}
}

// TestWebErrorsWorded: every error the API can answer is worded from the
// catalogue in the request's language, never a message id.
func TestWebErrorsWorded(t *testing.T) {
	h := newHarness(t)
	for _, err := range []error{
		errors.New("a database fault"), store.ErrGameFinished, &store.GivenCellError{Cell: 3, Digit: 4},
		badMove("web.error.bad_cell", "Row", 10, "Col", 1), &webErr{status: 409, code: "stale", msg: l10n.M("web.error.stale")},
	} {
		for _, lang := range []string{"en-US", "ja", "de"} {
			rec := httptest.NewRecorder()
			req := httptest.NewRequest("GET", "/board/api/game", nil)
			h.srv.writeWebErr(rec, req, l10n.For(lang), err)
			var body struct{ Error, Code string }
			if e := json.Unmarshal(rec.Body.Bytes(), &body); e != nil || body.Code == "" || body.Error == "" ||
				strings.HasPrefix(body.Error, "web.") || strings.HasPrefix(body.Error, "game.") || strings.Contains(body.Error, "database") {
				t.Errorf("%v in %s: %d %s", err, lang, rec.Code, rec.Body)
			}
		}
	}
}

// TestReadJSONNamesNoInternals: a malformed body is refused with the
// field to blame (or just "JSON"), never the decoder's English, and a
// second value after the first is refused too.
func TestReadJSONNamesNoInternals(t *testing.T) {
	for _, tc := range []struct{ body, want string }{
		{`{"version": "7"}`, "`version`"},
		{`{"versoin": 7}`, "`versoin`"},
		{`{"version": 7} {"version": 8}`, "JSON"},
		{`{"version": 7`, "JSON"},
	} {
		req := httptest.NewRequest("POST", "/board/api/moves", strings.NewReader(tc.body))
		var body movesBody
		err := readJSON(req, &body)
		var we *webErr
		if !errors.As(err, &we) || we.status != 400 {
			t.Fatalf("%s: %v, want a 400", tc.body, err)
		}
		if got := we.msg.In(l10n.For("en-US")); !strings.HasSuffix(got, ": "+tc.want) || strings.Contains(got, "json:") {
			t.Errorf("%s: %q, want it to name %s", tc.body, got, tc.want)
		}
	}
}

// TestWebLimiter: a player's burst passes, the next request waits for
// the budget to refill, other players are not held up, and idle players
// are forgotten when the table is full.
func TestWebLimiter(t *testing.T) {
	var l webLimiter
	now := time.Unix(1_800_000_000, 0)
	for i := range int(webBurst) {
		if !l.allow("a", now, webRate, webBurst) {
			t.Fatalf("request %d of a burst refused", i+1)
		}
	}
	if l.allow("a", now, webRate, webBurst) {
		t.Fatal("a request beyond the burst passed")
	}
	if !l.allow("b", now, webRate, webBurst) {
		t.Fatal("another player was held up")
	}
	if !l.allow("a", now.Add(time.Second/time.Duration(webRate)), webRate, webBurst) {
		t.Fatal("the budget did not refill")
	}
	for i := range webLimiterMax {
		l.allow(fmt.Sprint("p", i), now, webRate, webBurst)
	}
	l.allow("late", now.Add(time.Hour), webRate, webBurst)
	if n := len(l.limiters); n > 2 {
		t.Fatalf("%d limiters kept after an hour idle", n)
	}
}

// TestWebMetrics: each API answer is counted by call and status.
func TestWebMetrics(t *testing.T) {
	h := newHarness(t)
	get(t, "GET", h.http.URL+"/board/api/game", nil)
	get(t, "GET", h.http.URL+"/activity/api/config", nil)
	for key, want := range map[string]int{"web game 401": 1, "web config 200": 1} {
		if got := h.metrics.get(key); got != want {
			t.Errorf("%s counted %d times, want %d", key, got, want)
		}
	}
}
