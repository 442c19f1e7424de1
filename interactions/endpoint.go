package interactions

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/discordclient"
	"github.com/sudokubot/sudokubot/store"
)

// ServeHTTP is Discord's interactions endpoint (POST /interactions): it
// verifies the Ed25519 signature of every request before parsing
// anything, answering 401 to a missing or bad one, answers PING, and
// answers an interaction with the door's first response: at once, or the
// deferral when the door takes longer.
func (r *Receiver) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	body, status, err := r.verify(w, req)
	if err != nil {
		r.reject(w, req, status, err)
		return
	}
	var i discordgo.Interaction
	if err := json.Unmarshal(body, &i); err != nil {
		r.reject(w, req, http.StatusBadRequest, &rejection{"json", err})
		return
	}
	if i.Type == discordgo.InteractionPing {
		writeJSON(w, &discordgo.InteractionResponse{Type: discordgo.InteractionResponsePong})
		return
	}
	if !r.door.Admit() {
		http.Error(w, "shutting down", http.StatusServiceUnavailable)
		return
	}
	cl, err := r.claims.claim(req.Context(), i.ID)
	if errors.Is(err, errStoreDown) {
		r.door.Done()
		r.encode(r.unavailable(&i, err)).write(w)
		return
	}
	if err != nil {
		r.door.Done()
		r.reject(w, req, http.StatusConflict, &rejection{"old_id", err})
		return
	}
	if cl.State != store.ClaimNew {
		r.door.Done()
		r.replayed(w, req, i.ID, cl)
		return
	}
	first := make(chan encoded, 1)
	go func() {
		defer r.door.Done()
		answered := false
		_ = r.door.Answer(&i, func(resp *discordgo.InteractionResponse) error {
			sent := r.encode(resp)
			// Recorded before it is sent: a replay that comes once the
			// first has its answer gets that answer, not a conflict.
			if sent.status == http.StatusOK {
				r.claims.complete(i.ID, sent.contentType, sent.body)
				answered = true
			}
			first <- sent
			return nil
		})
		if !answered {
			r.claims.complete(i.ID, "", nil)
		}
	}()
	select {
	case e := <-first:
		e.write(w)
	case <-req.Context().Done():
	}
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
func (r *Receiver) reject(w http.ResponseWriter, req *http.Request, status int, err error) {
	reason := "signature"
	var rj *rejection
	if errors.As(err, &rj) {
		reason = rj.reason
	} else if status == http.StatusRequestEntityTooLarge || status == http.StatusBadRequest {
		reason = "body"
	}
	r.metrics.Rejected(reason)
	r.rejects.LogRejected(reason, status, req.RemoteAddr, err)
	http.Error(w, http.StatusText(status), status)
}

// replayed answers a signed request whose interaction was claimed before
// (by this process or another, before or after a restart): with the answer
// the first got, when it was recorded, else 409. Either way it has no
// second effect.
func (r *Receiver) replayed(w http.ResponseWriter, req *http.Request, id string, cl store.Claim) {
	if cl.State == store.ClaimDone && len(cl.Response) > 0 {
		r.metrics.Rejected("replay")
		encoded{status: http.StatusOK, contentType: cl.ContentType, body: cl.Response}.write(w)
		return
	}
	r.reject(w, req, http.StatusConflict, &rejection{"replay", fmt.Errorf("interaction %s was already handled", id)})
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

// encoded is an interaction response as the HTTP answer: JSON, or
// multipart/form-data (payload_json and files[n]) when it has files; an
// encoding failure is a 500.
type encoded struct {
	status      int
	contentType string
	body        []byte
}

func (e encoded) write(w http.ResponseWriter) {
	if e.status != http.StatusOK {
		http.Error(w, "encoding the response failed", e.status)
		return
	}
	w.Header().Set("Content-Type", e.contentType)
	_, _ = w.Write(e.body)
}

// encode encodes the interaction response for the HTTP answer.
func (r *Receiver) encode(resp *discordgo.InteractionResponse) encoded {
	if resp.Data == nil || len(resp.Data.Files) == 0 {
		body, err := json.Marshal(resp)
		if err != nil {
			r.metrics.Error("respond")
			r.log.Error("encoding a response failed", "err", err)
			return encoded{status: http.StatusInternalServerError}
		}
		return encoded{status: http.StatusOK, contentType: "application/json", body: body}
	}
	ct, body, err := discordclient.MultipartWithAlts(resp, resp.Data.Files)
	if err != nil {
		r.metrics.Error("respond")
		r.log.Error("encoding a multipart response failed", "err", err)
		return encoded{status: http.StatusInternalServerError}
	}
	return encoded{status: http.StatusOK, contentType: ct, body: body}
}
