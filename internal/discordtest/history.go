package discordtest

import (
	"encoding/json"
	"time"
)

// NonceWindow is how long the fake, like Discord, answers a message
// created with enforce_nonce by a message of the same author with the same
// nonce sent before, instead of creating a new one. Discord documents "the
// past few minutes"; the publisher relies on less (its NonceWindow).
const NonceWindow = 3 * time.Minute

// history is what the bot may read of channels.
type history struct {
	// hidden: channels where the bot lacks Read Message History.
	hidden map[string]bool
}

// HideHistory takes (or gives back) the bot's Read Message History in a
// channel: without it, Discord answers a listing of the channel's messages
// with an empty list, not an error.
func (f *Server) HideHistory(channelID string, hidden bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.history.hidden == nil {
		f.history.hidden = map[string]bool{}
	}
	f.history.hidden[channelID] = hidden
}

// sameNonce returns the message of a channel that m repeats under
// enforce_nonce: the same author and nonce within NonceWindow. Callers
// hold f.mu.
func (f *Server) sameNonce(channelID string, m Message) (Message, bool) {
	nonce, ok := enforcedNonce(m.Payload)
	if !ok {
		return Message{}, false
	}
	msgs := f.messages[channelID]
	for i := len(msgs) - 1; i >= 0; i-- {
		old := msgs[i]
		if m.Time.Sub(old.Time) >= NonceWindow {
			break
		}
		if n, ok := enforcedNonce(old.Payload); ok && n == nonce && old.AuthorID == m.AuthorID {
			return old, true
		}
	}
	return Message{}, false
}

// enforcedNonce is the nonce of a message body sent with enforce_nonce.
// Discord takes the nonce as a string or an integer.
func enforcedNonce(payload json.RawMessage) (string, bool) {
	var body struct {
		Nonce        json.RawMessage `json:"nonce"`
		EnforceNonce bool            `json:"enforce_nonce"`
	}
	if json.Unmarshal(payload, &body) != nil || !body.EnforceNonce || len(body.Nonce) == 0 || string(body.Nonce) == "null" {
		return "", false
	}
	var s string
	if json.Unmarshal(body.Nonce, &s) == nil {
		return s, s != ""
	}
	return string(body.Nonce), true
}
