// Package boardtoken signs and checks board tokens, the Bearer of the
// web board's API (web/API.md): base64url(claims) "." HMAC-SHA256, signed
// with the newest of the board keys the store keeps (store.BoardKeys) and
// checked against any key not retired too long ago. Both doors use it:
// the Discord door mints the "Open board" links, the web door (webapi)
// checks them and mints the Activity's.
package boardtoken

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/sudokubot/sudokubot/store"
)

// TTL is how long a board link works: as long as a retired key
// still verifies (store.BoardKeyGrace), so a rotation breaks no live link.
const TTL = store.BoardKeyGrace

// maxLen bounds what Parse reads: a real token is about
// 150 characters.
const maxLen = 1024

// Claims is what a board token grants: user U may play game G until
// E (Unix seconds); K names the key that signed it. An Activity's token
// also carries the place Discord confirmed the player in (Place): the
// voice channel they play together in is the server's knowledge, never
// the page's word.
type Claims struct {
	User   string `json:"u"`
	Game   int64  `json:"g"`
	Expiry int64  `json:"e"`
	Key    int64  `json:"k"`
	Place
}

// Place is where Discord said an Activity player is: the Activity
// instance (the SDK's instanceId) and its channel. Both are empty on a
// token of the Discord door's links.
type Place struct {
	Instance string `json:"i,omitempty"`
	Channel  string `json:"c,omitempty"`
}

// maxInstance bounds an instance id: Discord's are about 60 characters.
const maxInstance = 128

// Valid says whether p is no place, or an instance of a sensible length
// with a channel id (a snowflake).
func (p Place) Valid() bool {
	if p == (Place{}) {
		return true
	}
	if p.Instance == "" || len(p.Instance) > maxInstance || p.Channel == "" || len(p.Channel) > 20 {
		return false
	}
	return strings.Trim(p.Channel, "0123456789") == ""
}

// ErrBad means a board token is malformed, badly signed, signed by an
// unknown key or expired. Its text never quotes the token.
var ErrBad = errors.New("bad board token")

// Sign makes the token of claims with key:
// base64url(payload) "." base64url(HMAC-SHA256(key, payload)), payload the
// claims' JSON.
func Sign(key []byte, c Claims) string {
	payload, _ := json.Marshal(c) // plain fields: cannot fail
	mac := hmac.New(sha256.New, key)
	mac.Write(payload)
	enc := base64.RawURLEncoding
	return enc.EncodeToString(payload) + "." + enc.EncodeToString(mac.Sum(nil))
}

// Parse splits a token into its claims, its payload and its
// signature without checking the signature (Verify does). It
// never panics, whatever the input (fuzzed).
func Parse(tok string) (Claims, []byte, []byte, error) {
	if tok == "" || len(tok) > maxLen {
		return Claims{}, nil, nil, fmt.Errorf("%w: empty or longer than %d characters", ErrBad, maxLen)
	}
	p, s, ok := strings.Cut(tok, ".")
	if !ok || strings.Contains(s, ".") {
		return Claims{}, nil, nil, fmt.Errorf("%w: want two parts separated by a dot", ErrBad)
	}
	enc := base64.RawURLEncoding
	payload, err := enc.DecodeString(p)
	if err != nil {
		return Claims{}, nil, nil, fmt.Errorf("%w: payload is not base64url", ErrBad)
	}
	sig, err := enc.DecodeString(s)
	if err != nil || len(sig) != sha256.Size {
		return Claims{}, nil, nil, fmt.Errorf("%w: signature is not a base64url HMAC-SHA256", ErrBad)
	}
	var c Claims
	dec := json.NewDecoder(bytes.NewReader(payload))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil || dec.More() {
		return Claims{}, nil, nil, fmt.Errorf("%w: payload is not the claims' JSON", ErrBad)
	}
	if c.User == "" || c.Game <= 0 || c.Key <= 0 || c.Expiry <= 0 {
		return Claims{}, nil, nil, fmt.Errorf("%w: a claim is missing", ErrBad)
	}
	if !c.Place.Valid() {
		return Claims{}, nil, nil, fmt.Errorf("%w: the place claim is not an instance and a channel", ErrBad)
	}
	return c, payload, sig, nil
}

// Verify checks a token's signature against the key it names
// (in constant time) and its expiry at now, and returns its claims.
func Verify(tok string, keys []store.BoardKey, now time.Time) (Claims, error) {
	c, payload, sig, err := Parse(tok)
	if err != nil {
		return Claims{}, err
	}
	var key []byte
	for _, k := range keys {
		if k.ID == c.Key {
			key = k.Secret
		}
	}
	if key == nil {
		return Claims{}, fmt.Errorf("%w: signed by key %d, which is unknown or retired too long ago", ErrBad, c.Key)
	}
	mac := hmac.New(sha256.New, key)
	mac.Write(payload)
	if !hmac.Equal(sig, mac.Sum(nil)) {
		return Claims{}, fmt.Errorf("%w: bad signature", ErrBad)
	}
	if now.Unix() >= c.Expiry {
		return Claims{}, fmt.Errorf("%w: expired at %s", ErrBad, time.Unix(c.Expiry, 0).UTC().Format(time.RFC3339))
	}
	// No token the bot signs lives longer than TTL: a later
	// expiry is forged with a leaked key, and refusing it keeps rotation
	// meaningful.
	if c.Expiry > now.Add(TTL+time.Hour).Unix() {
		return Claims{}, fmt.Errorf("%w: expires after a board token's lifetime", ErrBad)
	}
	return c, nil
}

// NewSecret is a fresh random 32-byte board key.
func NewSecret() ([]byte, error) {
	k := make([]byte, 32)
	if _, err := rand.Read(k); err != nil {
		return nil, err
	}
	return k, nil
}

// KeyStore is the part of the store that keeps the board keys.
type KeyStore interface {
	BoardKeys(ctx context.Context, at time.Time, newKey func() ([]byte, error)) ([]store.BoardKey, error)
}

// Ring caches the board keys, re-reading them at most every
// keyRefresh (a rotation by `sudokubot board-key rotate` in another
// process reaches this one within it) and when a token names a key it
// does not know.
type Ring struct {
	st  KeyStore
	now func() time.Time

	mu     sync.Mutex
	keys   []store.BoardKey
	loaded time.Time
}

const (
	keyRefresh    = time.Minute
	keyMissReload = 5 * time.Second
)

func (r *Ring) get(ctx context.Context, want int64) ([]store.BoardKey, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	now := r.now()
	age := now.Sub(r.loaded)
	stale := r.keys == nil || age >= keyRefresh || age < 0
	if !stale && want != 0 && age >= keyMissReload {
		stale = true
		for _, k := range r.keys {
			if k.ID == want {
				stale = false
			}
		}
	}
	if stale {
		keys, err := r.st.BoardKeys(ctx, now, NewSecret)
		if err != nil {
			return nil, fmt.Errorf("board keys: %w", err)
		}
		r.keys, r.loaded = keys, now
	}
	return r.keys, nil
}

// Mint signs a token for user and game with the newest key, valid for
// TTL from now.
func (r *Ring) Mint(ctx context.Context, user string, game int64) (string, error) {
	return r.MintAt(ctx, user, game, Place{})
}

// MintAt is Mint for an Activity player Discord confirmed at place: the
// token carries it, so that every token minted from it (a new game, a
// co-op board) keeps the player's voice channel.
func (r *Ring) MintAt(ctx context.Context, user string, game int64, place Place) (string, error) {
	if !place.Valid() {
		return "", errors.New("board token: the place is not an instance and a channel")
	}
	now := r.now()
	keys, err := r.get(ctx, 0)
	if err != nil {
		return "", err
	}
	if len(keys) == 0 || !keys[0].RetiredAt.IsZero() {
		return "", errors.New("board keys: no live key")
	}
	k := keys[0]
	return Sign(k.Secret, Claims{User: user, Game: game, Expiry: now.Add(TTL).Unix(), Key: k.ID, Place: place}), nil
}

// Verify checks a token against the keys, re-reading them when it names
// one the ring does not know, and returns its claims.
func (r *Ring) Verify(ctx context.Context, tok string) (Claims, error) {
	c, _, _, err := Parse(tok)
	if err != nil {
		return Claims{}, err
	}
	keys, err := r.get(ctx, c.Key)
	if err != nil {
		return Claims{}, err
	}
	return Verify(tok, keys, r.now())
}

// NewRing is the key ring of st; now is the real time (expiries and
// re-reads), nil for time.Now.
func NewRing(st KeyStore, now func() time.Time) *Ring {
	if now == nil {
		now = time.Now
	}
	return &Ring{st: st, now: now}
}

// Load reads the keys, making the first one on a new database, so that
// every process finds its key at start-up rather than on the first link.
func (r *Ring) Load(ctx context.Context) error {
	_, err := r.get(ctx, 0)
	return err
}

// Derive is a key for another use than board tokens (purpose names it),
// derived from a board key by HMAC-SHA256, so that every process sharing
// the board keys shares it and a value signed for one purpose never
// verifies as another's. id 0 is the newest live key; Derive returns the
// id of the key it derived from, which a verifier passes back.
func (r *Ring) Derive(ctx context.Context, purpose string, id int64) (int64, []byte, error) {
	keys, err := r.get(ctx, id)
	if err != nil {
		return 0, nil, err
	}
	for _, k := range keys {
		if (id == 0 && k.RetiredAt.IsZero()) || (id != 0 && k.ID == id) {
			m := hmac.New(sha256.New, k.Secret)
			m.Write([]byte("sudokubot derived key: " + purpose))
			return k.ID, m.Sum(nil), nil
		}
	}
	return 0, nil, ErrBad
}
