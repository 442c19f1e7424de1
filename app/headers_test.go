package app

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"
)

// inlineElement is an inline <script> (without src) or <style> element
// of a page, as a browser reads it.
var inlineElement = regexp.MustCompile(`(?is)<(script|style)(\s[^>]*)?>(.*?)</(?:script|style)\s*>`)

// TestHeadersEveryPage: every answer of the server, whatever door wrote
// it (pages, the API, pictures, /healthz, /metrics, the interactions
// endpoint, a 404), says nosniff; every HTML page (the board, the
// Activity, the lessons) has a real Content-Security-Policy: everything
// from its own origin only, its inline scripts and styles by their hash
// and no others, pictures also from blob:, and framing only by Discord.
func TestHeadersEveryPage(t *testing.T) {
	t.Parallel()
	w := newWebWorld(t)
	r := w.signed(t, 2, "601", slash("new", map[string]any{"level": "easy"}))
	link, _ := r.boardLink(t)
	tok := link[strings.Index(link, "#")+1:]
	if tok == "" || tok == link {
		t.Fatalf("no board token in %q", link)
	}
	type page struct {
		method, path string
		auth         bool
		html         bool
	}
	pages := []page{
		{"GET", "/board/", false, true},
		{"GET", "/board/?lang=de", false, true},
		{"GET", "/activity/", false, true},
		{"GET", "/learn/", false, true},
		{"GET", "/learn/x-wing", false, true},
		{"GET", "/learn/no-such-technique", false, true},
		{"GET", "/learn/x-wing/picture.png", false, false},
		{"GET", "/board/assets/none.js", false, false},
		{"GET", "/board/api/config", false, false},
		{"GET", "/board/api/words", false, false},
		{"GET", "/board/api/game", true, false},
		{"GET", "/board/api/game", false, false},
		{"GET", "/board/api/card.png", true, false},
		{"GET", "/board/api/progress.png", true, false},
		{"GET", "/board/api/calendar", true, false},
		{"GET", "/board/api/events", true, false},
		{"GET", "/board/api/coophint", true, false},
		{"POST", "/learn/x-wing/exercise", false, false},
		{"POST", "/activity/api/activity/token", false, false},
		{"GET", "/healthz", false, false},
		{"GET", "/metrics", false, false},
		{"POST", "/interactions", false, false},
		{"GET", "/no/such/page", false, false},
	}
	for _, p := range pages {
		// A stream (api/events) never ends: its headers are read, then
		// the request is dropped.
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		req, _ := http.NewRequestWithContext(ctx, p.method, w.base+p.path, strings.NewReader("{}"))
		if p.auth {
			req.Header.Set("Authorization", "Bearer "+tok)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			cancel()
			t.Fatal(err)
		}
		var body []byte
		if !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
			body, _ = io.ReadAll(resp.Body)
		}
		resp.Body.Close()
		cancel()
		what := p.method + " " + p.path
		t.Logf("%s: %d %s", what, resp.StatusCode, resp.Header.Get("Content-Type"))
		if got := resp.Header.Get("X-Content-Type-Options"); got != "nosniff" {
			t.Errorf("%s (%d): X-Content-Type-Options %q, want nosniff", what, resp.StatusCode, got)
		}
		isHTML := strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html")
		if p.html != isHTML {
			t.Errorf("%s: Content-Type %q, html expected: %v", what, resp.Header.Get("Content-Type"), p.html)
		}
		if !isHTML {
			continue
		}
		checkPagePolicy(t, what, resp.Header.Get("Content-Security-Policy"), body)
	}
}

// checkPagePolicy checks an HTML page's Content-Security-Policy against
// the page.
func checkPagePolicy(t *testing.T, what, csp string, body []byte) {
	t.Helper()
	dirs := map[string][]string{}
	for _, d := range strings.Split(csp, ";") {
		f := strings.Fields(d)
		if len(f) > 0 {
			dirs[f[0]] = f[1:]
		}
	}
	want := map[string]string{
		"default-src": "'self'",
		"object-src":  "'none'",
		"base-uri":    "'none'",
		"form-action": "'self'",
		"img-src":     "'self' blob:",
	}
	for d, v := range want {
		if got := strings.Join(dirs[d], " "); got != v {
			t.Errorf("%s: %s %q, want %q (policy %q)", what, d, got, v, csp)
		}
	}
	if got := strings.Join(dirs["frame-ancestors"], " "); got != "'self' https://discord.com https://*.discord.com https://*.discordsays.com" {
		t.Errorf("%s: frame-ancestors %q", what, got)
	}
	// Scripts and styles: this origin and the page's own inline ones,
	// by hash, exactly.
	hashes := map[string][]string{"script": {"'self'"}, "style": {"'self'"}}
	for _, m := range inlineElement.FindAllSubmatch(body, -1) {
		tag := strings.ToLower(string(m[1]))
		if tag == "script" && strings.Contains(strings.ToLower(string(m[2])), "src=") {
			continue
		}
		sum := sha256.Sum256(m[3])
		h := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
		if !contains(hashes[tag], h) {
			hashes[tag] = append(hashes[tag], h)
		}
	}
	for _, tag := range []string{"script", "style"} {
		got := strings.Join(dirs[tag+"-src"], " ")
		if w := strings.Join(hashes[tag], " "); got != w {
			t.Errorf("%s: %s-src %q, want %q", what, tag, got, w)
		}
	}
	for _, bad := range []string{"'unsafe-inline'", "'unsafe-eval'", "data:", " * "} {
		if strings.Contains(csp+" ", bad) {
			t.Errorf("%s: the policy allows %s: %q", what, bad, csp)
		}
	}
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
