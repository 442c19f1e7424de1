package interactions

import (
	"crypto/ed25519"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"
)

// MaxClockSkew is how far a signed request's timestamp may be from the
// bot's clock, either way: a signature is only proof of Discord's
// authorship, and without a time bound a recorded request could be
// replayed forever.
const MaxClockSkew = 5 * time.Minute

// checkTimestamp checks the X-Signature-Timestamp header: a whole number
// of Unix seconds within MaxClockSkew of now.
func checkTimestamp(ts string, now time.Time) error {
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return errors.New("timestamp is not a number of seconds")
	}
	skew := now.Sub(time.Unix(sec, 0))
	if sec > now.Unix()+int64(MaxClockSkew/time.Second) || skew > MaxClockSkew {
		return fmt.Errorf("timestamp is %s away from now, more than %s", skew.Round(time.Second).Abs(), MaxClockSkew)
	}
	return nil
}

// verify checks Discord's signature of an interaction request and returns
// its body. The headers are checked before the body is read; the status
// is the HTTP answer to a refusal.
func (r *Receiver) verify(w http.ResponseWriter, req *http.Request) ([]byte, int, error) {
	if len(r.key) != ed25519.PublicKeySize {
		return nil, http.StatusUnauthorized, errors.New("no public key to check signatures with")
	}
	sigHex := req.Header.Get("X-Signature-Ed25519")
	ts := req.Header.Get("X-Signature-Timestamp")
	if sigHex == "" || ts == "" {
		return nil, http.StatusUnauthorized, errors.New("missing signature headers")
	}
	sig, err := hex.DecodeString(sigHex)
	if err != nil || len(sig) != ed25519.SignatureSize {
		return nil, http.StatusUnauthorized, errors.New("malformed signature")
	}
	if err := checkTimestamp(ts, r.clock.Now()); err != nil {
		return nil, http.StatusUnauthorized, &rejection{"timestamp", err}
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, req.Body, r.maxBody))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return nil, http.StatusRequestEntityTooLarge, err
		}
		return nil, http.StatusBadRequest, err
	}
	msg := make([]byte, 0, len(ts)+len(body))
	msg = append(append(msg, ts...), body...)
	if !ed25519.Verify(r.key, msg, sig) {
		return nil, http.StatusUnauthorized, errors.New("bad signature")
	}
	return body, http.StatusOK, nil
}
