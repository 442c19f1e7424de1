package webapi

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
)

func getPage(t *testing.T, u string, header ...string) (int, string, http.Header) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, u, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b), resp.Header
}

// TestLessonPages: a lesson in every language (from ?lang= or
// Accept-Language) says what the technique is and how to spot it, in that
// language, with its picture; an unknown technique is a 404 page.
func TestLessonPages(t *testing.T) {
	h := newHarness(t)
	for _, loc := range l10n.DiscordLocales() {
		lang := l10n.For(loc)
		code, body, _ := getPage(t, h.http.URL+"/learn/x-wing?lang="+url.QueryEscape(loc))
		if code != http.StatusOK {
			t.Fatalf("%s: %d", loc, code)
		}
		for _, want := range []string{lang.T("learn.what"), lang.T("learn.spot"), lang.T("learn.practise_button"), "/learn/x-wing/picture.png"} {
			if !strings.Contains(body, want) && !strings.Contains(body, strings.ReplaceAll(want, "’", "&rsquo;")) {
				t.Errorf("%s: page lacks %q", loc, want)
			}
		}
	}
	code, body, _ := getPage(t, h.http.URL+"/learn/", "Accept-Language", "de-AT,en;q=0.5")
	if code != http.StatusOK || !strings.Contains(body, l10n.For("de").T("learn.index_title")) || !strings.Contains(body, `href="/learn/xy-wing?lang=de"`) {
		t.Errorf("index: %d, German title or lesson link missing", code)
	}
	if code, _, _ := getPage(t, h.http.URL+"/learn/no-such-thing"); code != http.StatusNotFound {
		t.Errorf("unknown technique: %d", code)
	}
	if code, _, _ := getPage(t, h.http.URL+"/learn/kraken-fish"); code != http.StatusNotFound {
		t.Errorf("off-path technique: %d", code)
	}
	code, body, hdr := getPage(t, h.http.URL+"/learn/x-wing/picture.png")
	if code != http.StatusOK || hdr.Get("Content-Type") != "image/png" || !strings.HasPrefix(body, "\x89PNG") {
		t.Errorf("picture: %d %s", code, hdr.Get("Content-Type"))
	}
}

// TestLessonPractise: Practise with the board token the page was opened
// with starts a training game for that player and opens it on the board
// with a token for the new game; without a token it says how to start one
// in Discord.
func TestLessonPractise(t *testing.T) {
	h := newHarness(t)
	_, tok := h.game(t, "u1")
	noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := noRedirect.PostForm(h.http.URL+"/learn/xy-wing/practise?lang=fr", url.Values{"token": {tok}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	loc := resp.Header.Get("Location")
	if resp.StatusCode != http.StatusSeeOther || !strings.HasPrefix(loc, "/board/?lang=fr#") {
		t.Fatalf("practise: %d %q", resp.StatusCode, loc)
	}
	c, err := h.srv.keys.Verify(context.Background(), strings.SplitN(loc, "#", 2)[1])
	if err != nil || c.User != "u1" {
		t.Fatalf("new token: %v %+v", err, c)
	}
	g, err := h.store.Game(context.Background(), c.Game)
	if err != nil {
		t.Fatal(err)
	}
	if g.Entries == (engine.Grid{}) {
		t.Error("the training game starts from the givens, want the position before the XY-Wing")
	}
	resp, err = noRedirect.PostForm(h.http.URL+"/learn/xy-wing/practise", url.Values{"token": {"nope"}})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnauthorized || !strings.Contains(string(b), "<code>") {
		t.Errorf("bad token: %d %s", resp.StatusCode, b)
	}
}
