package app

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// TestWebBrowserActivitySignInFlood: while made-up codes flood from the
// player's own address (500 a second, none proved), the Activity page
// signs in. Its first try usually finds the spare lane full (about one
// in ten slips into it) and is refused 429 with a proof of work: the page
// solves it with the browser's Web Crypto and sends its code again with
// the proof, which the bot takes ahead of the flood. Chromium's own
// network events show what the page sent: every try after the first
// carries a proof.
func TestWebBrowserActivitySignInFlood(t *testing.T) {
	needBrowser(t)
	w := newWorld(t, "2026-06-01 12:00")
	p := w.startWeb(t, true)
	const player = "90"
	w.fake.JoinGuild(player, e2eGuild)
	w.fake.JoinActivity(e2eInstance, e2eGuild, e2eChannel, player)
	code := w.fake.MintOAuthCode(player)

	// The flood, from 127.0.0.1 as the browser: until the page is in.
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	client := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 256}}
	var challenged atomic.Int64
	var wg sync.WaitGroup
	flood := func(i int) {
		defer wg.Done()
		body, _ := json.Marshal(map[string]any{"code": fmt.Sprint("made-up-", i), "channel_id": e2eChannel})
		req, err := http.NewRequestWithContext(ctx, "POST", p.base+"/activity/api/activity/token", bytes.NewReader(body))
		if err != nil {
			return
		}
		req.Header.Set("Content-Type", "application/json")
		res, err := client.Do(req)
		if err != nil {
			return
		}
		defer res.Body.Close()
		var e struct {
			Challenge *struct{ Challenge string } `json:"challenge"`
		}
		if res.StatusCode == 429 && json.NewDecoder(res.Body).Decode(&e) == nil && e.Challenge != nil {
			challenged.Add(1)
		}
	}
	// The sender counts in wg too, so that wg.Wait never meets an Add.
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(2 * time.Millisecond)
		defer tick.Stop()
		for i := 0; ; i++ {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
				wg.Add(1)
				go flood(i)
			}
		}
	}()
	deadline := time.Now().Add(30 * time.Second)
	for challenged.Load() < 100 {
		if time.Now().After(deadline) {
			t.Fatal("the flood was never answered with a challenge")
		}
		time.Sleep(50 * time.Millisecond)
	}

	bctx := newBrowser(t)
	var mu sync.Mutex
	var sent []string // the Activity's sign-in bodies
	if err := chromedp.Listen(bctx, func(ev any) {
		if e, ok := ev.(*network.EventRequestWillBeSent); ok && strings.HasSuffix(e.Request.URL, "api/activity/token") {
			var b strings.Builder
			for _, d := range e.Request.PostDataEntries {
				b.Write(d.Bytes)
			}
			mu.Lock()
			sent = append(sent, b.String())
			mu.Unlock()
		}
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(bctx, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	do(t, bctx, "a page of the bot's origin", chromedp.Navigate(p.base+"/healthz"))
	src := p.base + "/activity/?frame_id=frame-1&instance_id=" + e2eInstance + "&platform=desktop&guild_id=" + e2eGuild + "&channel_id=" + e2eChannel
	html := fmt.Sprintf(activityParent, w.fake.AppID, code, player, src)
	js, _ := json.Marshal(html)
	began := time.Now()
	eval[bool](t, bctx, `(() => { document.open(); document.write(`+string(js)+`); document.close(); return true })()`)
	waitFor(t, bctx, "the Activity's board under the flood", `document.getElementById("act").contentDocument?.body?.dataset.ready === "1"`)
	took := time.Since(began)
	stop()
	wg.Wait()

	mu.Lock()
	defer mu.Unlock()
	proved := 0
	for _, b := range sent {
		if strings.Contains(b, `"proof":{"challenge":`) {
			proved++
		}
	}
	t.Logf("signed in under a flood of 500 made-up codes a second in %s: %d sign-in requests, %d with a proof; %d made-up codes challenged", took.Round(10*time.Millisecond), len(sent), proved, challenged.Load())
	if proved != len(sent)-1 || (len(sent) > 0 && strings.Contains(sent[0], `"proof"`)) {
		t.Errorf("of the page's %d sign-in requests %d carried a proof, want all but the first: %q", len(sent), proved, sent)
	}
}
