package discordclient

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/discordapi"
)

// Poster posts to channels for the daily publisher, through the same
// Discord client as the bot. Its failed requests are *discordapi.Error:
// ErrForbidden (403: fix the permissions, do not retry), ErrNotFound (404:
// the channel is gone), ErrRateLimited (a 429, with its RetryAfter),
// ErrRejected (another 4xx: nothing was created) or ErrUnavailable (5xx or
// network: the outcome is unknown).
type Poster struct {
	api   API
	botID string
}

// NewPoster returns a Poster over a Discord session; botID is the bot's
// user id (the application id), used to find its own messages.
func NewPoster(api API, botID string) *Poster { return &Poster{api: api, botID: botID} }

// DailyMessage is a daily post.
type DailyMessage struct {
	Content string
	Files   []File
	// Nonce, when set, is sent with enforce_nonce so that Discord itself
	// drops a duplicate of this post sent within a few minutes.
	Nonce string
	// Components go under the post: the door's "Play privately" button,
	// which starts the daily for whoever presses it.
	Components []discordgo.MessageComponent
}

// messageCreate is the body of POST /channels/{id}/messages; discordgo's
// MessageSend has no nonce.
type messageCreate struct {
	Content         string                            `json:"content"`
	Components      []discordgo.MessageComponent      `json:"components,omitempty"`
	AllowedMentions *discordgo.MessageAllowedMentions `json:"allowed_mentions"`
	Attachments     []attachment                      `json:"attachments,omitempty"`
	Nonce           string                            `json:"nonce,omitempty"`
	EnforceNonce    bool                              `json:"enforce_nonce,omitempty"`
}

// PostDaily sends the daily to a channel and returns the message id.
// Mentions in the content never ping anyone. A 429 is not retried here:
// the publisher has its own backoff.
func (p *Poster) PostDaily(ctx context.Context, channelID string, m DailyMessage) (string, error) {
	body := messageCreate{Content: m.Content, Components: m.Components, Nonce: m.Nonce, EnforceNonce: m.Nonce != "",
		AllowedMentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}}
	id, err := p.create(ctx, channelID, body, m.Files)
	if de := (*discordapi.Error)(nil); errors.As(err, &de) && de.Status == http.StatusForbidden {
		de.Missing = p.missing(ctx, channelID)
	}
	return id, err
}

// missing finds which permissions the bot lacks in a channel that refused
// the daily, so that the admin can be told what to grant; nil when it
// cannot tell. It costs up to three requests per refusal, which is rare:
// the publisher stops posting for a guild after a 403.
func (p *Poster) missing(ctx context.Context, channelID string) []discordapi.Permission {
	ch, err := p.api.Channel(channelID, discordgo.WithContext(ctx))
	if errors.Is(Classify(err), discordapi.ErrForbidden) {
		return []discordapi.Permission{discordapi.ViewChannel}
	}
	if err != nil || ch.GuildID == "" {
		return nil
	}
	missing, err := Missing(ctx, p.api, p.botID, ch.GuildID, ch, false)
	if err != nil {
		return nil
	}
	return missing
}

// create posts a message with its files to a channel and returns its id.
// A 429 is not retried: callers have their own backoff or none.
func (p *Poster) create(ctx context.Context, channelID string, body messageCreate, files []File) (string, error) {
	for i, f := range files {
		body.Attachments = append(body.Attachments, attachment{ID: fmt.Sprint(i), Filename: f.Name, Description: f.Description})
	}
	endpoint := discordgo.EndpointChannelMessages(channelID)
	var ct string
	var raw []byte
	var err error
	if len(files) > 0 {
		ct, raw, err = discordgo.MultipartBodyWithJSON(body, Files(files))
	} else {
		ct = "application/json"
		raw, err = json.Marshal(body)
	}
	if err != nil {
		return "", fmt.Errorf("encoding a message: %w", err)
	}
	return p.postForID(ctx, endpoint, ct, raw, "posting to channel "+channelID, discordgo.WithRetryOnRatelimit(false))
}

// postForID POSTs a body to endpoint and returns the id of what Discord
// made (a message, a channel); what names the request in errors.
func (p *Poster) postForID(ctx context.Context, endpoint, contentType string, body []byte, what string, opts ...discordgo.RequestOption) (string, error) {
	resp, err := p.api.RequestRaw(http.MethodPost, endpoint, contentType, body, endpoint, 0, append(opts, discordgo.WithContext(ctx))...)
	if err != nil {
		return "", fmt.Errorf("%s: %w", what, Classify(err))
	}
	var made struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(resp, &made); err != nil || made.ID == "" {
		return "", fmt.Errorf("%s: %w", what, unreadable(err))
	}
	return made.ID, nil
}

// FindDaily returns the id of a message the bot sent in channelID at or
// after since whose content contains marker, or
// discordapi.ErrMessageNotFound. It looks at up to the 100 messages sent
// since then.
func (p *Poster) FindDaily(ctx context.Context, channelID, marker string, since time.Time) (string, error) {
	after := snowflakeAt(since)
	msgs, err := p.api.ChannelMessages(channelID, 100, "", after, "", discordgo.WithContext(ctx))
	if err != nil {
		return "", fmt.Errorf("reading channel %s: %w", channelID, Classify(err))
	}
	for _, m := range msgs {
		if m.Author != nil && m.Author.ID == p.botID && strings.Contains(m.Content, marker) {
			return m.ID, nil
		}
	}
	// Without Read Message History Discord lists nothing: not finding the
	// message then says nothing of it.
	readable, err := p.canReadHistory(ctx, channelID)
	if err != nil {
		return "", fmt.Errorf("reading channel %s: %w", channelID, err)
	}
	if !readable {
		return "", discordapi.ErrHistoryHidden
	}
	return "", discordapi.ErrMessageNotFound
}

// canReadHistory says whether the bot may read a channel's history, from
// the channel's and the guild's permissions; an error when it cannot
// tell.
func (p *Poster) canReadHistory(ctx context.Context, channelID string) (bool, error) {
	ch, err := p.api.Channel(channelID, discordgo.WithContext(ctx))
	if err != nil {
		return false, Classify(err)
	}
	if ch.GuildID == "" {
		return true, nil
	}
	missing, err := Missing(ctx, p.api, p.botID, ch.GuildID, ch, false)
	if err != nil {
		return false, err
	}
	return !slices.Contains(missing, discordapi.ReadHistory) && !slices.Contains(missing, discordapi.ViewChannel), nil
}

// snowflakeAt is the largest snowflake before time t, so that "after"
// it lists every message sent at or after t.
func snowflakeAt(t time.Time) string {
	const discordEpochMillis = 1420070400000
	ms := t.UnixMilli() - discordEpochMillis
	if ms <= 0 {
		return "0"
	}
	return fmt.Sprint(uint64(ms)<<22 - 1)
}

// StartThread opens a public thread on a posted message and returns its id.
func (p *Poster) StartThread(ctx context.Context, channelID, messageID, name string) (string, error) {
	if r := []rune(name); len(r) > 100 {
		name = string(r[:100])
	}
	ch, err := p.api.MessageThreadStartComplex(channelID, messageID, &discordgo.ThreadStart{Name: name, AutoArchiveDuration: 1440},
		discordgo.WithContext(ctx), discordgo.WithRetryOnRatelimit(false))
	if err != nil {
		return "", fmt.Errorf("starting a thread on message %s: %w", messageID, Classify(err))
	}
	return ch.ID, nil
}

// MessageExists reports whether a message is still there: false (and no
// error) when Discord answers 404, e.g. after a moderator deleted it.
func (p *Poster) MessageExists(ctx context.Context, channelID, messageID string) (bool, error) {
	_, err := p.api.ChannelMessage(channelID, messageID, discordgo.WithContext(ctx))
	if err == nil {
		return true, nil
	}
	err = Classify(err)
	if errors.Is(err, discordapi.ErrNotFound) {
		return false, nil
	}
	return false, fmt.Errorf("looking up message %s: %w", messageID, err)
}

// SendDM sends a direct message to a user (the streak reminders): Discord
// opens the DM channel, or returns the open one, then the message goes
// there. Mentions never ping. Discord refuses users who share no server
// with the bot and have not installed it, and those who closed their DMs.
func (p *Poster) SendDM(ctx context.Context, userID, content string) error {
	open, err := json.Marshal(map[string]string{"recipient_id": userID})
	if err != nil {
		return err
	}
	dm, err := p.postForID(ctx, discordgo.EndpointUserChannels("@me"), "application/json", open, "opening a DM with "+userID)
	if err != nil {
		return err
	}
	body, err := json.Marshal(messageCreate{Content: content,
		AllowedMentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}})
	if err != nil {
		return err
	}
	endpoint := discordgo.EndpointChannelMessages(dm)
	if _, err := p.api.RequestRaw(http.MethodPost, endpoint, "application/json", body, endpoint, 0, discordgo.WithContext(ctx)); err != nil {
		return fmt.Errorf("sending a DM to %s: %w", userID, Classify(err))
	}
	return nil
}

// EditMessage replaces the content and components of one of the bot's
// messages (a race card). Mentions never ping. It needs the bot in the
// channel's server: through a user install alone Discord refuses it, and
// the card is brought up to date by its Refresh button instead.
func (p *Poster) EditMessage(ctx context.Context, channelID, messageID, content string, components []discordgo.MessageComponent) error {
	if components == nil {
		components = []discordgo.MessageComponent{}
	}
	body, err := json.Marshal(map[string]any{"content": content, "components": components,
		"allowed_mentions": &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}})
	if err != nil {
		return err
	}
	endpoint := discordgo.EndpointChannelMessage(channelID, messageID)
	// Not retried on a 429: a card a moment out of date is better than a
	// player's reply waiting for Discord's rate limit.
	if _, err := p.api.RequestRaw(http.MethodPatch, endpoint, "application/json", body, discordgo.EndpointChannelMessages(channelID), 0,
		discordgo.WithContext(ctx), discordgo.WithRetryOnRatelimit(false)); err != nil {
		return fmt.Errorf("editing message %s: %w", messageID, Classify(err))
	}
	return nil
}

// PostMessage posts a message with files and components to a channel (a
// co-op board in its thread) and returns its id. Mentions never ping.
func (p *Poster) PostMessage(ctx context.Context, channelID, content string, files []File, components []discordgo.MessageComponent) (string, error) {
	return p.create(ctx, channelID, messageCreate{Content: content, Components: components,
		AllowedMentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}}, files)
}

// StartChannelThread opens a public thread in a channel, not attached to
// a message (a co-op board's), and returns its id.
func (p *Poster) StartChannelThread(ctx context.Context, channelID, name string) (string, error) {
	body, err := json.Marshal(map[string]any{"name": name, "type": discordgo.ChannelTypeGuildPublicThread, "auto_archive_duration": 1440})
	if err != nil {
		return "", err
	}
	return p.postForID(ctx, discordgo.EndpointChannelThreads(channelID), "application/json", body, "opening a thread in "+channelID)
}
