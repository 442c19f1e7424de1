package webapi

import (
	"context"
	"net/netip"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestSignInChallenge: a proof of a challenge verifies on the replica
// that made it and on another sharing the database (the board keys), for
// the code and address it was made for only, until it expires; a wrong
// nonce, a lowered difficulty or an edited challenge is no proof.
func TestSignInChallenge(t *testing.T) {
	ctx := context.Background()
	dsn := filepath.Join(t.TempDir(), "web.db")
	one, two := newHarnessAt(t, dsn), newHarnessAt(t, dsn)
	addr, other := netip.MustParseAddr("203.0.113.77"), netip.MustParseAddr("198.51.100.20")
	now := time.Now()
	ch, err := one.srv.challenge(ctx, addr, "code-1", now)
	if err != nil {
		t.Fatal(err)
	}
	if ch.Bits != signInPowBits {
		t.Errorf("bits %d, want %d", ch.Bits, signInPowBits)
	}
	good := solvePoW(t, ch)
	wrongNonce := *good
	for n := 0; ; n++ {
		wrongNonce.Nonce = strings.Repeat("9", 1+n%19)
		if !isProof(wrongNonce, signInPowBits) {
			break
		}
	}
	// The same challenge asking for less work: its signature no longer
	// matches (and a nonce for fewer bits would not do).
	easier := strings.Replace(good.Challenge, ".12.", ".11.", 1)
	for _, tc := range []struct {
		name  string
		srv   *Server
		proof *SignInProof
		addr  netip.Addr
		code  string
		at    time.Time
		want  bool
	}{
		{"the proof, on the replica that asked", one.srv, good, addr, "code-1", now, true},
		{"on another replica", two.srv, good, addr, "code-1", now.Add(time.Minute), true},
		{"none", one.srv, nil, addr, "code-1", now, false},
		{"another code", one.srv, good, addr, "code-2", now, false},
		{"another address", two.srv, good, other, "code-1", now, false},
		{"expired", one.srv, good, addr, "code-1", now.Add(signInPowTTL + time.Second), false},
		{"a wrong nonce", one.srv, &wrongNonce, addr, "code-1", now, false},
		{"an easier challenge", one.srv, solvePoW(t, &SignInChallenge{Challenge: easier, Bits: 11}), addr, "code-1", now, false},
		{"not a challenge", one.srv, &SignInProof{Challenge: "x", Nonce: "1"}, addr, "code-1", now, false},
	} {
		if got := tc.srv.proven(ctx, tc.proof, tc.addr, tc.code, tc.at); got != tc.want {
			t.Errorf("%s: proven %v, want %v", tc.name, got, tc.want)
		}
	}
}

// isProof says whether p has the bits, whatever its signature.
func isProof(p SignInProof, bits int) bool {
	return proofBits(p) >= bits
}

// FuzzSignInProof: any proof a page may send is judged without a panic,
// and none made up is taken.
func FuzzSignInProof(f *testing.F) {
	h := newHarness(f)
	ctx := context.Background()
	addr := netip.MustParseAddr("203.0.113.77")
	f.Add("1.1900000000.14.AAAAAAAAAAAA.sig", "123")
	f.Add("....", "")
	f.Add("-1.-1.99.x.y", "18446744073709551616")
	f.Fuzz(func(t *testing.T, challenge, nonce string) {
		if h.srv.proven(ctx, &SignInProof{Challenge: challenge, Nonce: nonce}, addr, "code", time.Now()) {
			t.Errorf("a made-up proof %q %q was taken", challenge, nonce)
		}
	})
}

// BenchmarkSignInProof is what one proof costs a flooder with native
// SHA-256 (Go's, one core): the search webapi's page does, per code.
func BenchmarkSignInProof(b *testing.B) {
	ch := &SignInChallenge{Bits: signInPowBits}
	for i := 0; b.Loop(); i++ {
		ch.Challenge = "1.1900000000.12.salt" + strconv.Itoa(i) + ".sig"
		solvePoW(b, ch)
	}
}
