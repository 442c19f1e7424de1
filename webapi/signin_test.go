package webapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/internal/discordtest"
)

// TestActivitySignInFlood is the sign-in under floods of made-up codes
// from the address genuine players sign in from (many share one behind
// Discord's proxy or a NAT). The address first spends its failures with
// a burst of 40 made-up codes; then made-up codes keep coming, one every
// 2 s, 5 a second, 50 a second and 200 a second, while a genuine sign-in
// comes from that same address every 250 ms and one from another address
// every 500 ms. It prints, for each flood, the genuine sign-ins answered
// 200 from each address and what the made-up codes cost Discord.
//
// Held: at every rate within the global budget (50 a second) every
// genuine sign-in from the flooding address is exchanged and answered;
// at every rate, sign-ins from another address are (the reserve), and
// the made-up codes never cost Discord more than the global budget. At
// 200 a second, four times what all sign-ins together may cost, made-up
// codes are refused 429 and so, in proportion, are genuine codes from
// that address: nothing tells them apart before Discord has seen them.
func TestActivitySignInFlood(t *testing.T) {
	if testing.Short() {
		t.Skip("floods for 20 s of real time")
	}
	const flooder, other = "203.0.113.77:4000", "198.51.100.20:4000"
	type result struct {
		addr   string
		status int
	}
	for _, tc := range []struct {
		name        string
		every       time.Duration // between made-up codes
		for_        time.Duration
		withinQuota bool // the flood fits in the global budget
	}{
		{"a made-up code every 2 s", 2 * time.Second, 6 * time.Second, true},
		{"5 a second", 200 * time.Millisecond, 4 * time.Second, true},
		{"50 a second", 20 * time.Millisecond, 4 * time.Second, true},
		{"200 a second", 5 * time.Millisecond, 4 * time.Second, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fake := discordtest.New(t)
			h := newHarness(t, func(c *Config) {
				c.Activity, c.AppID, c.ClientSecret, c.DiscordAPI = true, fake.AppID, discordtest.DefaultClientSecret, fake.APIBase()
			})
			handler := h.srv.Handler()
			var mu sync.Mutex
			madeUp := map[int]int{}
			var genuine []result
			var wg sync.WaitGroup
			signIn := func(addr, code string) int {
				b, _ := json.Marshal(map[string]any{"code": code, "channel_id": "400"})
				r := httptest.NewRequest("POST", "/activity/api/activity/token", bytes.NewReader(b))
				r.Header.Set("Content-Type", "application/json")
				r.RemoteAddr = addr
				w := httptest.NewRecorder()
				handler.ServeHTTP(w, r)
				return w.Code
			}
			fakeCode := func(i int) {
				wg.Go(func() {
					st := signIn(flooder, fmt.Sprint("made-up-", i))
					mu.Lock()
					madeUp[st]++
					mu.Unlock()
				})
			}
			realCode := func(addr, user string) {
				code := fake.MintOAuthCode(user)
				wg.Go(func() {
					st := signIn(addr, code)
					mu.Lock()
					genuine = append(genuine, result{addr, st})
					mu.Unlock()
				})
			}
			for i := range 40 {
				fakeCode(i)
			}
			wg.Wait()
			// The flood, on a schedule (a late sender catches up), with
			// genuine sign-ins among it.
			start := time.Now()
			for i, g := 0, 0; ; {
				nextFake := start.Add(time.Duration(i) * tc.every)
				nextReal := start.Add(time.Duration(g) * 250 * time.Millisecond)
				if nextFake.Sub(start) >= tc.for_ && nextReal.Sub(start) >= tc.for_ {
					break
				}
				if nextFake.Before(nextReal) {
					time.Sleep(time.Until(nextFake))
					fakeCode(40 + i)
					i++
					continue
				}
				time.Sleep(time.Until(nextReal))
				realCode(flooder, fmt.Sprint(2000+g))
				if g%2 == 0 {
					realCode(other, fmt.Sprint(3000+g))
				}
				g++
			}
			wg.Wait()
			took := time.Since(start)
			ok, total := map[string]int{}, map[string]int{}
			for _, r := range genuine {
				total[r.addr]++
				if r.status == 200 {
					ok[r.addr]++
				}
			}
			exchanges := len(fake.Calls("POST", "oauth2/token")) - ok[flooder] - ok[other]
			sent := 0
			for _, n := range madeUp {
				sent += n
			}
			t.Logf("%s for %s: genuine sign-ins answered 200: %d of %d from the flooding address, %d of %d from another; %d made-up codes answered %v, costing %d exchanges at Discord",
				tc.name, took.Round(100*time.Millisecond), ok[flooder], total[flooder], ok[other], total[other], sent, madeUp, exchanges)
			if ok[other] != total[other] {
				t.Errorf("%d of %d genuine sign-ins from another address refused", total[other]-ok[other], total[other])
			}
			if tc.withinQuota && ok[flooder] != total[flooder] {
				t.Errorf("%d of %d genuine sign-ins from the flooding address refused", total[flooder]-ok[flooder], total[flooder])
			}
			if !tc.withinQuota && madeUp[429] == 0 {
				t.Errorf("a flood past the global budget was never refused: %v", madeUp)
			}
			if most := signInGlobalBurst + int((took+signInLaneWait).Seconds()*signInGlobal); exchanges+ok[flooder]+ok[other] > most {
				t.Errorf("the sign-ins cost %d exchanges, more than the global budget's %d", exchanges+ok[flooder]+ok[other], most)
			}
		})
	}
}
