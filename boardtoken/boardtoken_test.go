package boardtoken

import (
	"context"
	"encoding/base64"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/store"
)

var testKeys = []store.BoardKey{
	{ID: 2, Secret: []byte("0123456789abcdef0123456789abcdef")},
	{ID: 1, Secret: []byte("fedcba9876543210fedcba9876543210"), RetiredAt: time.Unix(1_700_000_000, 0)},
}

func TestBoardTokenRoundTrip(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	c := Claims{User: "42", Game: 7, Expiry: now.Add(time.Hour).Unix(), Key: 2}
	tok := Sign(testKeys[0].Secret, c)
	got, err := Verify(tok, testKeys, now)
	if err != nil {
		t.Fatal(err)
	}
	if got != c {
		t.Fatalf("claims %+v, want %+v", got, c)
	}
	// The format of API.md: base64url(payload) "." base64url(HMAC).
	p, _, _ := strings.Cut(tok, ".")
	payload, err := base64.RawURLEncoding.DecodeString(p)
	if err != nil || string(payload) != `{"u":"42","g":7,"e":1800003600,"k":2}` {
		t.Fatalf("payload %q (%v)", payload, err)
	}
	// An Activity player's token carries the place Discord confirmed.
	c.Place = Place{Instance: "i-1234-gc-5-6", Channel: "700"}
	if got, err := Verify(Sign(testKeys[0].Secret, c), testKeys, now); err != nil || got != c {
		t.Fatalf("with a place: %+v, %v; want %+v", got, err, c)
	}
}

// TestBoardTokenRefused: every way a token can be wrong is refused with
// ErrBad, and the error never quotes the token.
func TestBoardTokenRefused(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	good := Claims{User: "42", Game: 7, Expiry: now.Add(time.Hour).Unix(), Key: 2}
	tok := Sign(testKeys[0].Secret, good)
	p, s, _ := strings.Cut(tok, ".")
	enc := base64.RawURLEncoding
	otherGame := good
	otherGame.Game = 8
	forged := enc.EncodeToString([]byte(`{"u":"42","g":8,"e":1800003600,"k":2}`)) + "." + s
	flip := []byte(s)
	flip[3] ^= 1
	if flip[3] == s[3] || !strings.ContainsRune("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_", rune(flip[3])) {
		flip[3] = 'A' + (s[3]+1)%26
	}
	for _, tc := range []struct{ name, tok string }{
		{"empty", ""},
		{"no dot", p + s},
		{"three parts", tok + ".x"},
		{"payload not base64", "!!!." + s},
		{"payload changed (another game)", forged},
		{"signature changed", p + "." + string(flip)},
		{"signature of another key", Sign(testKeys[1].Secret, good)},
		{"unknown key", Sign([]byte("some other key, 32 bytes long!!!"), Claims{User: "42", Game: 7, Expiry: good.Expiry, Key: 9})},
		{"expired", Sign(testKeys[0].Secret, Claims{User: "42", Game: 7, Expiry: now.Unix(), Key: 2})},
		{"no user", Sign(testKeys[0].Secret, Claims{Game: 7, Expiry: good.Expiry, Key: 2})},
		{"extra field", enc.EncodeToString([]byte(`{"u":"42","g":7,"e":1800003600,"k":2,"admin":true}`)) + "." + s},
		{"huge", strings.Repeat("a", 5000) + "." + s},
		{"instance without a channel", Sign(testKeys[0].Secret, Claims{User: "42", Game: 7, Expiry: good.Expiry, Key: 2, Place: Place{Instance: "i-1"}})},
		{"channel without an instance", Sign(testKeys[0].Secret, Claims{User: "42", Game: 7, Expiry: good.Expiry, Key: 2, Place: Place{Channel: "700"}})},
		{"channel not a snowflake", Sign(testKeys[0].Secret, Claims{User: "42", Game: 7, Expiry: good.Expiry, Key: 2, Place: Place{Instance: "i-1", Channel: "general"}})},
		{"expiry beyond a token's lifetime", Sign(testKeys[0].Secret, Claims{User: "42", Game: 7, Expiry: now.Add(TTL + 2*time.Hour).Unix(), Key: 2})},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Verify(tc.tok, testKeys, now)
			if !errors.Is(err, ErrBad) {
				t.Fatalf("error %v, want ErrBad", err)
			}
			if tc.tok != "" && strings.Contains(err.Error(), tc.tok) {
				t.Errorf("error quotes the token: %v", err)
			}
		})
	}
}

// TestBoardTokenRetiredKey: a link signed by the key before a rotation
// still verifies (the store keeps the retired key for its links' life).
func TestBoardTokenRetiredKey(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	c := Claims{User: "42", Game: 7, Expiry: now.Add(time.Hour).Unix(), Key: 1}
	if _, err := Verify(Sign(testKeys[1].Secret, c), testKeys, now); err != nil {
		t.Fatal(err)
	}
}

type fakeKeyStore struct {
	keys  []store.BoardKey
	reads int
}

func (f *fakeKeyStore) BoardKeys(_ context.Context, _ time.Time, newKey func() ([]byte, error)) ([]store.BoardKey, error) {
	f.reads++
	if len(f.keys) == 0 {
		k, err := newKey()
		if err != nil {
			return nil, err
		}
		f.keys = []store.BoardKey{{ID: 1, Secret: k}}
	}
	return f.keys, nil
}

// TestBoardKeyRingReloads: the ring makes a key on first use, re-reads
// the keys after a minute, and at once (at most every 5 s) when a token
// names a key it does not know: a rotation in another process reaches it.
func TestBoardKeyRingReloads(t *testing.T) {
	ctx := context.Background()
	now := time.Unix(1_800_000_000, 0)
	st := &fakeKeyStore{}
	ring := NewRing(st, func() time.Time { return now })
	tok, err := ring.Mint(ctx, "42", 7)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ring.Verify(ctx, tok); err != nil {
		t.Fatal(err)
	}
	if st.reads != 1 {
		t.Fatalf("%d reads, want 1", st.reads)
	}
	// Another process rotates.
	newKey := store.BoardKey{ID: 2, Secret: []byte("another 32-byte key for the test")}
	old := st.keys[0]
	old.RetiredAt = now
	st.keys = []store.BoardKey{newKey, old}
	tok2 := Sign(newKey.Secret, Claims{User: "42", Game: 7, Expiry: now.Add(time.Hour).Unix(), Key: 2})
	now = now.Add(time.Second)
	if _, err := ring.Verify(ctx, tok2); !errors.Is(err, ErrBad) {
		t.Fatalf("within 5 s of a read an unknown key is not re-read: got %v", err)
	}
	now = now.Add(5 * time.Second)
	if _, err := ring.Verify(ctx, tok2); err != nil {
		t.Fatalf("a token of the new key: %v", err)
	}
	if _, err := ring.Verify(ctx, tok); err != nil {
		t.Fatalf("a token of the retired key: %v", err)
	}
	if tok3, _ := ring.Mint(ctx, "42", 7); !strings.Contains(tok3, ".") || tok3 == tok {
		t.Fatal("mint after a rotation")
	} else if c, _, _, _ := Parse(tok3); c.Key != 2 {
		t.Fatalf("minted with key %d, want the new key 2", c.Key)
	}
}

// FuzzParseBoardToken: the parser never panics, and whatever it accepts
// signs back to the same token when the signature is recomputed.
func FuzzParseBoardToken(f *testing.F) {
	f.Add(Sign(testKeys[0].Secret, Claims{User: "42", Game: 7, Expiry: 1800003600, Key: 2}))
	f.Add("")
	f.Add(".")
	f.Add("e30.AAAA")
	f.Add(`eyJ1IjoiNDIiLCJnIjo3LCJlIjoxODAwMDAzNjAwLCJrIjoyfQ.` + strings.Repeat("A", 43))
	f.Add("eyJ1IjpudWxsfQ.x.y")
	f.Fuzz(func(t *testing.T, tok string) {
		c, payload, sig, err := Parse(tok)
		if err != nil {
			if !errors.Is(err, ErrBad) {
				t.Fatalf("error %v is not ErrBad", err)
			}
			return
		}
		if c.User == "" || c.Game <= 0 || c.Key <= 0 || len(sig) != 32 || len(payload) == 0 {
			t.Fatalf("accepted %q as %+v", tok, c)
		}
		if _, err := Verify(tok, testKeys, time.Unix(0, 0)); err == nil && c.Key != 2 && c.Key != 1 {
			t.Fatalf("verified a token of unknown key %d", c.Key)
		}
	})
}
