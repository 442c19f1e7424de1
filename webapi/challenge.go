package webapi

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"math/bits"
	"net/netip"
	"strconv"
	"strings"
	"time"
)

// The sign-in's proof of work. Nothing tells a made-up code from a
// genuine one before Discord has seen it, so once an address has spent
// its failures a code from it that finds the spare lane full is answered
// 429 with a challenge, and the page sends the code again with a proof:
// work that costs a player's phone a fraction of a second once, and a
// flooder the same for every code. Proven codes go ahead of the unproven
// ones (signInBudget), still within the global budget.
//
// A challenge is stateless: its expiry, difficulty and a random salt,
// signed with a key derived from the board keys (boardtoken.Ring.Derive),
// so a challenge one replica made verifies on any other sharing the
// database; the signature also covers the client address and a digest of
// the code, so a proof buys the exchange of that one code from that one
// address, and a code is exchanged once (activity:code:).

// SignInChallenge is the proof of work a 429 of POST api/activity/token
// asks for when its address is flooding: a nonce such that
// SHA-256(challenge ":" nonce) starts with Bits zero bits.
type SignInChallenge struct {
	Challenge string `json:"challenge"`
	Bits      int    `json:"bits"`
}

// SignInProof answers a SignInChallenge: the challenge as given and the
// nonce found, a decimal number.
type SignInProof struct {
	Challenge string `json:"challenge"`
	Nonce     string `json:"nonce"`
}

const (
	// signInPowBits is the difficulty: about 2^12 SHA-256 digests, which
	// Web Crypto does in well under a second on a phone (docs/operations.md,
	// the sign-in's limits, has the figures).
	signInPowBits = 12
	// signInPowTTL is how long a challenge may be answered: the page
	// solves it at once, and may send the proof again on later 429s.
	signInPowTTL = 2 * time.Minute
	// powPurpose names the derived key.
	powPurpose = "activity sign-in challenge"
)

// challenge makes a challenge for code sent from addr.
func (srv *Server) challenge(ctx context.Context, addr netip.Addr, code string, now time.Time) (*SignInChallenge, error) {
	id, key, err := srv.keys.Derive(ctx, powPurpose, 0)
	if err != nil {
		return nil, err
	}
	var salt [9]byte
	_, _ = rand.Read(salt[:])
	head := fmt.Sprintf("%d.%d.%d.%s", id, now.Add(signInPowTTL).Unix(), signInPowBits, base64.RawURLEncoding.EncodeToString(salt[:]))
	return &SignInChallenge{Challenge: head + "." + powMAC(key, head, addr, code), Bits: signInPowBits}, nil
}

// proven says whether p is a proof of a challenge made for code from
// addr, unexpired at now, of the difficulty asked now. A bad proof is no
// proof: the code goes the unproven way.
func (srv *Server) proven(ctx context.Context, p *SignInProof, addr netip.Addr, code string, now time.Time) bool {
	if p == nil || len(p.Challenge) > 200 || len(p.Nonce) == 0 || len(p.Nonce) > 20 {
		return false
	}
	if _, err := strconv.ParseUint(p.Nonce, 10, 64); err != nil {
		return false
	}
	i := strings.LastIndexByte(p.Challenge, '.')
	if i < 0 {
		return false
	}
	head, mac := p.Challenge[:i], p.Challenge[i+1:]
	parts := strings.Split(head, ".")
	if len(parts) != 4 {
		return false
	}
	id, err1 := strconv.ParseInt(parts[0], 10, 64)
	exp, err2 := strconv.ParseInt(parts[1], 10, 64)
	n, err3 := strconv.Atoi(parts[2])
	if err1 != nil || err2 != nil || err3 != nil || id <= 0 || n < signInPowBits || n > 32 {
		return false
	}
	if left := time.Unix(exp, 0).Sub(now); left <= 0 || left > signInPowTTL+time.Minute {
		return false
	}
	if proofBits(*p) < n {
		return false
	}
	_, key, err := srv.keys.Derive(ctx, powPurpose, id)
	if err != nil {
		return false
	}
	return hmac.Equal([]byte(mac), []byte(powMAC(key, head, addr, code)))
}

// powMAC signs a challenge's head for code from addr.
func powMAC(key []byte, head string, addr netip.Addr, code string) string {
	m := hmac.New(sha256.New, key)
	fmt.Fprintf(m, "%s\n%s\n%s", head, addr, digest(code))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil)[:18])
}

// proofBits is the number of zero bits SHA-256(challenge ":" nonce)
// starts with.
func proofBits(p SignInProof) int {
	sum := sha256.Sum256([]byte(p.Challenge + ":" + p.Nonce))
	return leadingZeros(sum[:])
}

// leadingZeros counts the zero bits a digest starts with.
func leadingZeros(d []byte) int {
	n := 0
	for _, b := range d {
		if b != 0 {
			return n + bits.LeadingZeros8(b)
		}
		n += 8
	}
	return n
}
