package bot

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

// BoardTokenTTL is how long a board link works: as long as a retired key
// still verifies (store.BoardKeyGrace), so a rotation breaks no live link.
const BoardTokenTTL = store.BoardKeyGrace

// maxBoardToken bounds what ParseBoardToken reads: a real token is about
// 150 characters.
const maxBoardToken = 1024

// BoardClaims is what a board token grants: user U may play game G until
// E (Unix seconds); K names the key that signed it.
type BoardClaims struct {
	User   string `json:"u"`
	Game   int64  `json:"g"`
	Expiry int64  `json:"e"`
	Key    int64  `json:"k"`
}

// ErrBadToken means a board token is malformed, badly signed, signed by an
// unknown key or expired. Its text never quotes the token.
var ErrBadToken = errors.New("bad board token")

// SignBoardToken makes the token of claims with key:
// base64url(payload) "." base64url(HMAC-SHA256(key, payload)), payload the
// claims' JSON.
func SignBoardToken(key []byte, c BoardClaims) string {
	payload, _ := json.Marshal(c) // plain fields: cannot fail
	mac := hmac.New(sha256.New, key)
	mac.Write(payload)
	enc := base64.RawURLEncoding
	return enc.EncodeToString(payload) + "." + enc.EncodeToString(mac.Sum(nil))
}

// ParseBoardToken splits a token into its claims, its payload and its
// signature without checking the signature (VerifyBoardToken does). It
// never panics, whatever the input (fuzzed).
func ParseBoardToken(tok string) (BoardClaims, []byte, []byte, error) {
	if tok == "" || len(tok) > maxBoardToken {
		return BoardClaims{}, nil, nil, fmt.Errorf("%w: empty or longer than %d characters", ErrBadToken, maxBoardToken)
	}
	p, s, ok := strings.Cut(tok, ".")
	if !ok || strings.Contains(s, ".") {
		return BoardClaims{}, nil, nil, fmt.Errorf("%w: want two parts separated by a dot", ErrBadToken)
	}
	enc := base64.RawURLEncoding
	payload, err := enc.DecodeString(p)
	if err != nil {
		return BoardClaims{}, nil, nil, fmt.Errorf("%w: payload is not base64url", ErrBadToken)
	}
	sig, err := enc.DecodeString(s)
	if err != nil || len(sig) != sha256.Size {
		return BoardClaims{}, nil, nil, fmt.Errorf("%w: signature is not a base64url HMAC-SHA256", ErrBadToken)
	}
	var c BoardClaims
	dec := json.NewDecoder(bytes.NewReader(payload))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil || dec.More() {
		return BoardClaims{}, nil, nil, fmt.Errorf("%w: payload is not the claims' JSON", ErrBadToken)
	}
	if c.User == "" || c.Game <= 0 || c.Key <= 0 || c.Expiry <= 0 {
		return BoardClaims{}, nil, nil, fmt.Errorf("%w: a claim is missing", ErrBadToken)
	}
	return c, payload, sig, nil
}

// VerifyBoardToken checks a token's signature against the key it names
// (in constant time) and its expiry at now, and returns its claims.
func VerifyBoardToken(tok string, keys []store.BoardKey, now time.Time) (BoardClaims, error) {
	c, payload, sig, err := ParseBoardToken(tok)
	if err != nil {
		return BoardClaims{}, err
	}
	var key []byte
	for _, k := range keys {
		if k.ID == c.Key {
			key = k.Secret
		}
	}
	if key == nil {
		return BoardClaims{}, fmt.Errorf("%w: signed by key %d, which is unknown or retired too long ago", ErrBadToken, c.Key)
	}
	mac := hmac.New(sha256.New, key)
	mac.Write(payload)
	if !hmac.Equal(sig, mac.Sum(nil)) {
		return BoardClaims{}, fmt.Errorf("%w: bad signature", ErrBadToken)
	}
	if now.Unix() >= c.Expiry {
		return BoardClaims{}, fmt.Errorf("%w: expired at %s", ErrBadToken, time.Unix(c.Expiry, 0).UTC().Format(time.RFC3339))
	}
	// No token the bot signs lives longer than BoardTokenTTL: a later
	// expiry is forged with a leaked key, and refusing it keeps rotation
	// meaningful.
	if c.Expiry > now.Add(BoardTokenTTL+time.Hour).Unix() {
		return BoardClaims{}, fmt.Errorf("%w: expires after a board token's lifetime", ErrBadToken)
	}
	return c, nil
}

// NewBoardSecret is a fresh random 32-byte board key.
func NewBoardSecret() ([]byte, error) {
	k := make([]byte, 32)
	if _, err := rand.Read(k); err != nil {
		return nil, err
	}
	return k, nil
}

// BoardKeyStore is the part of the store that keeps the board keys.
type BoardKeyStore interface {
	BoardKeys(ctx context.Context, at time.Time, newKey func() ([]byte, error)) ([]store.BoardKey, error)
}

// boardKeyRing caches the board keys, re-reading them at most every
// keyRefresh (a rotation by `sudokubot board-key rotate` in another
// process reaches this one within it) and when a token names a key it
// does not know.
type boardKeyRing struct {
	st  BoardKeyStore
	now func() time.Time

	mu     sync.Mutex
	keys   []store.BoardKey
	loaded time.Time
}

const (
	keyRefresh    = time.Minute
	keyMissReload = 5 * time.Second
)

func (r *boardKeyRing) get(ctx context.Context, want int64) ([]store.BoardKey, error) {
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
		keys, err := r.st.BoardKeys(ctx, now, NewBoardSecret)
		if err != nil {
			return nil, fmt.Errorf("board keys: %w", err)
		}
		r.keys, r.loaded = keys, now
	}
	return r.keys, nil
}

// mint signs a token for user and game with the newest key.
func (r *boardKeyRing) mint(ctx context.Context, user string, game int64, now time.Time) (string, error) {
	keys, err := r.get(ctx, 0)
	if err != nil {
		return "", err
	}
	if len(keys) == 0 || !keys[0].RetiredAt.IsZero() {
		return "", errors.New("board keys: no live key")
	}
	k := keys[0]
	return SignBoardToken(k.Secret, BoardClaims{User: user, Game: game, Expiry: now.Add(BoardTokenTTL).Unix(), Key: k.ID}), nil
}

// verify checks a token against the keys.
func (r *boardKeyRing) verify(ctx context.Context, tok string, now time.Time) (BoardClaims, error) {
	c, _, _, err := ParseBoardToken(tok)
	if err != nil {
		return BoardClaims{}, err
	}
	keys, err := r.get(ctx, c.Key)
	if err != nil {
		return BoardClaims{}, err
	}
	return VerifyBoardToken(tok, keys, now)
}
