package discordtest

import (
	"encoding/json"
	"slices"
	"time"

	"github.com/bwmarrin/discordgo"
)

// NonceWindow is how long the fake, like Discord, answers a message
// created with enforce_nonce by a message of the same author with the same
// nonce sent before, instead of creating a new one. Discord documents "the
// past few minutes"; the fake keeps the shortest window the publisher
// must live with, a minute (its own NonceWindow is less).
const NonceWindow = time.Minute

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

// withHistoryRule is a channel as Discord shows it: where HideHistory took
// the bot's Read Message History, an overwrite for the bot's member says
// so, so that its permissions match what it can list.
func (f *Server) withHistoryRule(ch *discordgo.Channel) *discordgo.Channel {
	f.mu.Lock()
	hidden := f.history.hidden[ch.ID]
	f.mu.Unlock()
	if !hidden {
		return ch
	}
	c := *ch
	c.PermissionOverwrites = append(slices.Clone(ch.PermissionOverwrites), &discordgo.PermissionOverwrite{
		ID: f.AppID, Type: discordgo.PermissionOverwriteTypeMember, Deny: discordgo.PermissionReadMessageHistory})
	return &c
}

// AddNoncedMessage adds a message the bot sent with a nonce and
// enforce_nonce, as the daily publisher sends its posts: a process that
// posted it and died before recording it.
func (f *Server) AddNoncedMessage(channelID, content, nonce string) Message {
	payload, _ := json.Marshal(map[string]any{"content": content, "nonce": nonce, "enforce_nonce": true})
	m := Message{ID: f.newID(), ChannelID: channelID, Content: content, AuthorID: f.AppID, Time: f.now(), Payload: payload}
	f.mu.Lock()
	f.messages[channelID] = append(f.messages[channelID], m)
	f.mu.Unlock()
	return m
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
