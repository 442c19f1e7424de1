package bot

import (
	"context"
	"crypto/ed25519"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/sudokubot/sudokubot/discordclient"

	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/store"
)

// Health checks a dependency (the store, the gateway) for /healthz. An
// error that is or wraps a *HealthError shows its Reason there; any other
// shows as "unhealthy" (its detail goes to the log only).
type Health func(ctx context.Context) error

// HealthError is a failed check as /healthz words it for the operator:
// what is wrong, in words safe to show anyone ("database: no answer in
// 1s"), never a host, user or password. Err, the detail, is logged.
type HealthError struct {
	Reason string
	Err    error
}

func (e *HealthError) Error() string {
	if e.Err == nil {
		return e.Reason
	}
	return e.Reason + ": " + e.Err.Error()
}

func (e *HealthError) Unwrap() error { return e.Err }

// healthTimeout bounds /healthz's checks together.
const healthTimeout = 2 * time.Second

// HTTPHandler serves, on one address:
//
//	POST /interactions  Discord's interactions endpoint (needs Config.PublicKey)
//	GET  /healthz       200 "ok", or 503 "unhealthy: " and what is wrong ("; " between reasons), or "shutting down"
//	GET  /metrics       Prometheus metrics (Config.MetricsToken as a bearer token, when set)
//
// The web board and its API (/board/, /activity/) are the web door's
// (webapi.Server.Handler): app mounts both on the one server.
// The interactions endpoint verifies the Ed25519 signature of every request
// before parsing anything, and answers 401 to a missing or bad one.
func (b *Bot) HTTPHandler(checks ...Health) http.Handler {
	mux := http.NewServeMux()
	if len(b.cfg.PublicKey) == ed25519.PublicKeySize {
		mux.HandleFunc("POST /interactions", b.serveInteraction)
	}
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		if b.Draining() {
			http.Error(w, "shutting down", http.StatusServiceUnavailable)
			return
		}
		ctx, cancel := context.WithTimeout(r.Context(), healthTimeout)
		defer cancel()
		failed := false
		var reasons []string
		for _, c := range checks {
			err := c(ctx)
			if err == nil {
				continue
			}
			// The detail (a database error can name its host and user)
			// goes to the log only.
			b.log.Warn("health check failed", "err", err)
			failed = true
			var he *HealthError
			if errors.As(err, &he) {
				reasons = append(reasons, he.Reason)
			}
		}
		switch {
		case len(reasons) > 0:
			http.Error(w, "unhealthy: "+strings.Join(reasons, "; "), http.StatusServiceUnavailable)
			return
		case failed:
			http.Error(w, "unhealthy", http.StatusServiceUnavailable)
			return
		}
		_, _ = io.WriteString(w, "ok\n")
	})
	mux.Handle("GET /metrics", b.metricsHandler())
	return mux
}

// verify checks Discord's signature of an interaction request and returns
// its body. Headers are checked before the body is read.
func (b *Bot) verify(w http.ResponseWriter, r *http.Request) ([]byte, int, error) {
	sigHex := r.Header.Get("X-Signature-Ed25519")
	ts := r.Header.Get("X-Signature-Timestamp")
	if sigHex == "" || ts == "" {
		return nil, http.StatusUnauthorized, errors.New("missing signature headers")
	}
	sig, err := hex.DecodeString(sigHex)
	if err != nil || len(sig) != ed25519.SignatureSize {
		return nil, http.StatusUnauthorized, errors.New("malformed signature")
	}
	if err := checkTimestamp(ts, b.now()); err != nil {
		return nil, http.StatusUnauthorized, &rejection{"timestamp", err}
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, b.cfg.MaxBody))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return nil, http.StatusRequestEntityTooLarge, err
		}
		return nil, http.StatusBadRequest, err
	}
	msg := make([]byte, 0, len(ts)+len(body))
	msg = append(append(msg, ts...), body...)
	if !ed25519.Verify(b.cfg.PublicKey, msg, sig) {
		return nil, http.StatusUnauthorized, errors.New("bad signature")
	}
	return body, http.StatusOK, nil
}

// rejection is a refused request with the reason counted in /metrics.
type rejection struct {
	reason string
	err    error
}

func (r *rejection) Error() string { return r.err.Error() }
func (r *rejection) Unwrap() error { return r.err }

// reject refuses a request: counted by reason, logged at most once per
// interval (see metrics.RejectLog), never one line each.
func (b *Bot) reject(w http.ResponseWriter, r *http.Request, status int, err error) {
	reason := "signature"
	var rj *rejection
	if errors.As(err, &rj) {
		reason = rj.reason
	} else if status == http.StatusRequestEntityTooLarge || status == http.StatusBadRequest {
		reason = "body"
	}
	b.metrics.Rejected(reason)
	b.rejects.LogRejected(reason, status, r.RemoteAddr, err)
	http.Error(w, http.StatusText(status), status)
}

func (b *Bot) serveInteraction(w http.ResponseWriter, r *http.Request) {
	body, status, err := b.verify(w, r)
	if err != nil {
		b.reject(w, r, status, err)
		return
	}
	var i discordgo.Interaction
	if err := json.Unmarshal(body, &i); err != nil {
		b.reject(w, r, http.StatusBadRequest, &rejection{"json", err})
		return
	}
	if i.Type == discordgo.InteractionPing {
		writeJSON(w, &discordgo.InteractionResponse{Type: discordgo.InteractionResponsePong})
		return
	}
	if !b.enter() {
		http.Error(w, "shutting down", http.StatusServiceUnavailable)
		return
	}
	cl, err := b.claims.claim(r.Context(), i.ID)
	if errors.Is(err, errStoreDown) {
		b.inflight.Done()
		sent := b.encodeResponse(b.toInteractionResponse(&Request{Interaction: &i}, b.storeDown(&i, err)))
		w.Header().Set("Content-Type", sent.contentType)
		w.WriteHeader(sent.status)
		_, _ = w.Write(sent.body)
		return
	}
	if err != nil {
		b.inflight.Done()
		b.reject(w, r, http.StatusConflict, &rejection{"old_id", err})
		return
	}
	if cl.State != store.ClaimNew {
		b.inflight.Done()
		b.replayed(w, r, i.ID, cl)
		return
	}
	first := make(chan encodedResponse, 1)
	go func() {
		defer b.inflight.Done()
		answered := false
		_ = b.handle(&i, func(resp *discordgo.InteractionResponse) error {
			sent := b.encodeResponse(resp)
			// Recorded before it is sent: a replay that comes once the
			// first has its answer gets that answer, not a conflict.
			if sent.status == http.StatusOK {
				b.claims.complete(i.ID, sent.contentType, sent.body)
				answered = true
			}
			first <- sent
			return nil
		})
		if !answered {
			b.claims.complete(i.ID, "", nil)
		}
	}()
	select {
	case e := <-first:
		e.write(w)
	case <-r.Context().Done():
	}
}

// replayed answers a signed request whose interaction was claimed before
// (by this process or another, before or after a restart): with the answer
// the first got, when it was recorded, else 409. Either way it has no
// second effect.
func (b *Bot) replayed(w http.ResponseWriter, r *http.Request, id string, cl store.Claim) {
	if cl.State == store.ClaimDone && len(cl.Response) > 0 {
		b.metrics.Rejected("replay")
		encodedResponse{status: http.StatusOK, contentType: cl.ContentType, body: cl.Response}.write(w)
		return
	}
	b.reject(w, r, http.StatusConflict, &rejection{"replay", fmt.Errorf("interaction %s was already handled", id)})
}

func writeJSON(w http.ResponseWriter, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		http.Error(w, "encoding the response failed", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(b)
}

// encodedResponse is an interaction response as the HTTP answer: JSON, or
// multipart/form-data (payload_json and files[n]) when it has files; an
// encoding failure is a 500.
type encodedResponse struct {
	status      int
	contentType string
	body        []byte
}

func (e encodedResponse) write(w http.ResponseWriter) {
	if e.status != http.StatusOK {
		http.Error(w, "encoding the response failed", e.status)
		return
	}
	w.Header().Set("Content-Type", e.contentType)
	_, _ = w.Write(e.body)
}

// encodeResponse encodes the interaction response for the HTTP answer.
func (b *Bot) encodeResponse(resp *discordgo.InteractionResponse) encodedResponse {
	if resp.Data == nil || len(resp.Data.Files) == 0 {
		body, err := json.Marshal(resp)
		if err != nil {
			b.metrics.Error("respond")
			b.log.Error("encoding a response failed", "err", err)
			return encodedResponse{status: http.StatusInternalServerError}
		}
		return encodedResponse{status: http.StatusOK, contentType: "application/json", body: body}
	}
	ct, body, err := discordclient.MultipartWithAlts(resp, resp.Data.Files)
	if err != nil {
		b.metrics.Error("respond")
		b.log.Error("encoding a multipart response failed", "err", err)
		return encodedResponse{status: http.StatusInternalServerError}
	}
	return encodedResponse{status: http.StatusOK, contentType: ct, body: body}
}

// metricsHandler serves /metrics, behind the bearer token when one is set:
// once the board is public, the listener is too, and the counts say how
// busy the bot is. The comparison takes the same time whatever matches.
func (b *Bot) metricsHandler() http.Handler {
	token := b.cfg.MetricsToken
	if token == "" {
		return b.metrics
	}
	want := sha256.Sum256([]byte("Bearer " + token))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got := sha256.Sum256([]byte(r.Header.Get("Authorization")))
		if subtle.ConstantTimeCompare(got[:], want[:]) != 1 {
			b.metrics.Rejected("metrics_unauthorized")
			w.Header().Set("WWW-Authenticate", `Bearer realm="metrics"`)
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		b.metrics.ServeHTTP(w, r)
	})
}
