package webapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/internal/discordtest"
)

// TestActivitySignInFlood is the sign-in under a flood of made-up codes
// from the address genuine players sign in from (many share one behind
// Discord's proxy or a NAT), in the two floods of issue 36: a burst of 40
// made-up codes at once, then genuine sign-ins; and made-up codes every
// 250 ms (eight times the one every 2 s) with a genuine sign-in
// every 500 ms interleaved for 5 s. Every genuine sign-in is exchanged
// and answered 200; the made-up codes cost Discord at most ten exchanges
// plus the lane's five a second. It prints the genuine sign-ins' slowest
// answer and the exchanges the made-up codes cost.
func TestActivitySignInFlood(t *testing.T) {
	const addr = "203.0.113.77:4000"
	type result struct {
		genuine bool
		status  int
		took    time.Duration
	}
	setup := func(t *testing.T) (*discordtest.Server, func(code string, genuine bool) result) {
		fake := discordtest.New(t)
		h := newHarness(t, func(c *Config) {
			c.Activity, c.AppID, c.ClientSecret, c.DiscordAPI = true, fake.AppID, discordtest.DefaultClientSecret, fake.APIBase()
		})
		handler := h.srv.Handler()
		return fake, func(code string, genuine bool) result {
			b, _ := json.Marshal(map[string]any{"code": code, "channel_id": "400"})
			r := httptest.NewRequest("POST", "/activity/api/activity/token", bytes.NewReader(b))
			r.Header.Set("Content-Type", "application/json")
			r.RemoteAddr = addr
			w := httptest.NewRecorder()
			start := time.Now()
			handler.ServeHTTP(w, r)
			return result{genuine, w.Code, time.Since(start)}
		}
	}
	check := func(t *testing.T, fake *discordtest.Server, results []result, flood time.Duration) {
		t.Helper()
		var ok, genuine, madeUp int
		var slowest time.Duration
		statuses := map[int]int{}
		for _, r := range results {
			if !r.genuine {
				madeUp++
				statuses[r.status]++
				continue
			}
			genuine++
			slowest = max(slowest, r.took)
			if r.status == 200 {
				ok++
			}
		}
		exchanges := len(fake.Calls("POST", "oauth2/token")) - genuine
		t.Logf("%d of %d genuine sign-ins answered 200 (slowest %s); %d made-up codes answered %v, costing %d exchanges at Discord",
			ok, genuine, slowest.Round(time.Millisecond), madeUp, statuses, exchanges)
		if ok != genuine {
			t.Errorf("%d of %d genuine sign-ins refused", genuine-ok, genuine)
		}
		if most := signInFailBurst + int(flood.Seconds()*signInLaneRate) + 2; exchanges > most {
			t.Errorf("the made-up codes cost %d exchanges, want at most %d", exchanges, most)
		}
	}

	t.Run("burst of 40, then genuine", func(t *testing.T) {
		fake, signIn := setup(t)
		var mu sync.Mutex
		var results []result
		var wg sync.WaitGroup
		start := time.Now()
		for i := range 40 {
			wg.Go(func() {
				r := signIn(fmt.Sprint("made-up-", i), false)
				mu.Lock()
				results = append(results, r)
				mu.Unlock()
			})
		}
		wg.Wait()
		for i := range 5 {
			results = append(results, signIn(fake.MintOAuthCode(fmt.Sprint(900+i)), true))
		}
		check(t, fake, results, time.Since(start))
	})

	t.Run("made-up every 250 ms, genuine every 500 ms", func(t *testing.T) {
		fake, signIn := setup(t)
		var mu sync.Mutex
		var results []result
		var wg sync.WaitGroup
		start := time.Now()
		tick := time.NewTicker(250 * time.Millisecond)
		defer tick.Stop()
		for i := range 20 {
			<-tick.C
			wg.Go(func() {
				r := signIn(fmt.Sprint("made-up-", i), false)
				mu.Lock()
				results = append(results, r)
				mu.Unlock()
			})
			if i%2 == 1 {
				code := fake.MintOAuthCode(fmt.Sprint(950 + i))
				wg.Go(func() {
					r := signIn(code, true)
					mu.Lock()
					results = append(results, r)
					mu.Unlock()
				})
			}
		}
		wg.Wait()
		check(t, fake, results, time.Since(start))
		if i := slices.IndexFunc(results, func(r result) bool { return !r.genuine && r.status == 429 }); i >= 0 {
			t.Errorf("a made-up code slower than the lane was refused 429 rather than exchanged: %+v", results[i])
		}
	})
}
