package webapi

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/sudokubot/sudokubot/internal/discordtest"
)

// TestActivitySignInFlood is the sign-in under floods of made-up codes
// from the address genuine players sign in from (many share one behind
// Discord's proxy or a NAT). The address first spends its failures with
// a burst of 40 made-up codes; then made-up codes keep coming, one every
// 2 s, 5 a second, 50, 200 and 1000 a second, while a genuine sign-in
// comes from that same address every 250 ms and one from another address
// every 500 ms, for 4 to 6 s of a testing/synctest bubble's clock (so
// the test takes a second, not 25, and the rates hold on a loaded
// machine); a genuine sign-in refused 429 proves the
// work the answer asks for, or tries again later, as the page does, and
// the flood lasts until the last has its answer. The made-up codes come
// without proofs.
// It prints, for each flood, the genuine sign-ins answered 200 from each
// address, at the first try and in the end, and what the made-up codes
// cost Discord.
//
// Held: at every rate within the global budget (50 a second) every
// genuine sign-in from the flooding address is exchanged and answered at
// the first try, nobody proving anything; at 200 and 1000 a second, four
// and twenty times what all sign-ins together may cost, made-up codes
// are refused 429 with a challenge, and every genuine sign-in from that
// address is answered 200 once its page has proved the work; at every
// rate, sign-ins from another address are at the first try (the
// reserve), and the made-up codes never cost Discord more than the
// global budget.
func TestActivitySignInFlood(t *testing.T) {
	const flooder, other = "203.0.113.77:4000", "198.51.100.20:4000"
	type result struct {
		addr string
		// first is the status of the first try; final that after the
		// page's tries again on 429 (web/src/api.ts: the same code with
		// the proof of work a 429 asks for at once, else five more, 0.4 s
		// apart doubling).
		first, final int
		proved       bool          // the page proved work
		took         time.Duration // from the first try to the final answer
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
		{"1000 a second", time.Millisecond, 4 * time.Second, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fake := discordtest.New(t)
			h := newHarness(t, func(c *Config) {
				c.Activity, c.AppID, c.ClientSecret, c.DiscordAPI = true, fake.AppID, discordtest.DefaultClientSecret, fake.APIBase()
				c.HTTPClient = &http.Client{Transport: fake.Transport()}
			})
			handler := h.srv.Handler()
			// The floods run on the bubble's clock: the 4 to 6 s of each
			// and the page's waits take no real time, and the rates are
			// exact however loaded the machine. The fake and the server
			// are made outside the bubble (their listeners would keep its
			// clock still); the requests reach both in memory.
			synctest.Test(t, func(t *testing.T) {
				var mu sync.Mutex
				madeUp := map[int]int{}
				var genuine []result
				var wg sync.WaitGroup
				signIn := func(addr, code string, proof *SignInProof) (int, *SignInChallenge) {
					b, _ := json.Marshal(ActivityTokenRequest{Code: code, ChannelID: "400", Proof: proof})
					r := httptest.NewRequest("POST", "/activity/api/activity/token", bytes.NewReader(b))
					r.Header.Set("Content-Type", "application/json")
					r.RemoteAddr = addr
					w := httptest.NewRecorder()
					handler.ServeHTTP(w, r)
					var e ErrorBody
					if w.Code == 429 {
						_ = json.Unmarshal(w.Body.Bytes(), &e)
					}
					return w.Code, e.Challenge
				}
				fakeCode := func(i int) {
					wg.Go(func() {
						st, _ := signIn(flooder, fmt.Sprint("made-up-", i), nil)
						mu.Lock()
						madeUp[st]++
						mu.Unlock()
					})
				}
				var gwg sync.WaitGroup
				realCode := func(addr, user string) {
					code := fake.MintOAuthCode(user)
					gwg.Go(func() {
						r := result{addr: addr}
						began := time.Now()
						var proof *SignInProof
						for try, solved := 0, 0; ; {
							var ch *SignInChallenge
							r.final, ch = signIn(addr, code, proof)
							if r.first == 0 {
								r.first = r.final
							}
							if r.final != 429 {
								break
							}
							if ch != nil && solved < 3 {
								proof, r.proved = solvePoW(t, ch), true
								solved++
								continue
							}
							if try == 5 {
								break
							}
							time.Sleep(400 * time.Millisecond << try)
							try++
						}
						r.took = time.Since(began)
						mu.Lock()
						genuine = append(genuine, r)
						mu.Unlock()
					})
				}
				for i := range 40 {
					fakeCode(i)
				}
				wg.Wait()
				// The flood, on a schedule (a late sender catches up), with
				// genuine sign-ins among it for tc.for_; it goes on until the
				// last genuine sign-in has its final answer.
				start := time.Now()
				var settled chan struct{}
			flood:
				for i, g := 0, 0; ; {
					nextFake := start.Add(time.Duration(i) * tc.every)
					nextReal := start.Add(time.Duration(g) * 250 * time.Millisecond)
					if nextReal.Sub(start) >= tc.for_ && settled == nil {
						settled = make(chan struct{})
						go func() { gwg.Wait(); close(settled) }()
					}
					if settled != nil && nextFake.Sub(start) >= tc.for_ {
						select {
						case <-settled:
							break flood
						default:
						}
					}
					if settled != nil || nextFake.Before(nextReal) {
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
				first, final, total, proved := map[string]int{}, map[string]int{}, map[string]int{}, map[string]int{}
				var slowest time.Duration
				for _, r := range genuine {
					total[r.addr]++
					if r.addr == flooder {
						slowest = max(slowest, r.took)
					}
					if r.proved {
						proved[r.addr]++
					}
					if r.first == 200 {
						first[r.addr]++
					}
					if r.final == 200 {
						final[r.addr]++
					}
				}
				exchanges := len(fake.Calls("POST", "oauth2/token")) - final[flooder] - final[other]
				sent := 0
				for _, n := range madeUp {
					sent += n
				}
				t.Logf("%s for %s: genuine sign-ins answered 200 from the flooding address %d of %d at the first try, %d with the page's tries again (%d proved work; the slowest answered in %s); from another %d of %d at the first try; %d made-up codes answered %v, costing %d exchanges at Discord",
					tc.name, took.Round(100*time.Millisecond), first[flooder], total[flooder], final[flooder], proved[flooder], slowest.Round(10*time.Millisecond), first[other], total[other], sent, madeUp, exchanges)
				if first[other] != total[other] {
					t.Errorf("%d of %d genuine sign-ins from another address refused", total[other]-first[other], total[other])
				}
				if tc.withinQuota && first[flooder] != total[flooder] {
					t.Errorf("%d of %d genuine sign-ins from the flooding address refused at the first try", total[flooder]-first[flooder], total[flooder])
				}
				if final[flooder] != total[flooder] {
					t.Errorf("%d of %d genuine sign-ins from the flooding address refused in the end", total[flooder]-final[flooder], total[flooder])
				}
				if !tc.withinQuota && madeUp[429] == 0 {
					t.Errorf("a flood past the global budget was never refused: %v", madeUp)
				}
				if all, most := exchanges+final[flooder]+final[other], signInGlobalBurst+int((took+signInLaneWait).Seconds()*signInGlobal); all > most {
					t.Errorf("the sign-ins cost %d exchanges, more than the global budget's %d", all, most)
				}
			})
		})
	}
}

// solvePoW does what the Activity's page does with a challenge
// (web/src/pow.ts): the first nonce from 0 up whose proof has the bits.
func solvePoW(t testing.TB, ch *SignInChallenge) *SignInProof {
	t.Helper()
	for n := 0; n < 1<<30; n++ {
		nonce := strconv.Itoa(n)
		sum := sha256.Sum256([]byte(ch.Challenge + ":" + nonce))
		if leadingZeros(sum[:]) >= ch.Bits {
			return &SignInProof{Challenge: ch.Challenge, Nonce: nonce}
		}
	}
	t.Fatalf("no proof for %+v", ch)
	return nil
}
