package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/store"
)

// The Discord Activity: the entry point command, the LAUNCH_ACTIVITY
// answer and the OAuth2 code exchange. discordgo v0.29.0 knows neither
// the entry point command nor response type 12, so this file has its own
// typed structs and sends them through the raw request API.

const (
	// commandTypeEntryPoint is PRIMARY_ENTRY_POINT, an application
	// command type discordgo v0.29.0 lacks.
	commandTypeEntryPoint = 4
	// entryPointLaunchActivity is the entry point handler
	// DISCORD_LAUNCH_ACTIVITY: Discord itself launches the Activity.
	entryPointLaunchActivity = 2
	// responseLaunchActivity is the interaction response LAUNCH_ACTIVITY.
	responseLaunchActivity discordgo.InteractionResponseType = 12
	// EntryPointName is the entry point command's name (Discord's default).
	EntryPointName = "launch"
)

// entryPointCommand is the primary entry point command as the bulk
// overwrite sends it.
type entryPointCommand struct {
	Name                     string            `json:"name"`
	Type                     int               `json:"type"`
	Handler                  int               `json:"handler"`
	Description              string            `json:"description"`
	DescriptionLocalizations map[string]string `json:"description_localizations,omitempty"`
	IntegrationTypes         []int             `json:"integration_types"`
	Contexts                 []int             `json:"contexts"`
}

// entryPoint is the Activity's entry point, installed and usable wherever
// /sudoku is.
func entryPoint() entryPointCommand {
	return entryPointCommand{
		Name: EntryPointName, Type: commandTypeEntryPoint, Handler: entryPointLaunchActivity,
		Description: l10n.English().T("desc.launch"), DescriptionLocalizations: l10n.Localizations("desc.launch"),
		IntegrationTypes: []int{0, 1}, Contexts: []int{0, 1, 2},
	}
}

// WithEntryPoint adds the entry point command to a bulk overwrite's body:
// with Activities on, Discord refuses a bulk update that drops it.
func WithEntryPoint(body []byte) ([]byte, error) {
	var cmds []json.RawMessage
	if err := json.Unmarshal(body, &cmds); err != nil {
		return nil, fmt.Errorf("commands: %w", err)
	}
	ep, err := json.Marshal(entryPoint())
	if err != nil {
		return nil, err
	}
	return json.Marshal(append(cmds, ep))
}

// errEntryPointRemoval is Discord's code for a bulk overwrite that would
// drop the entry point command.
const errEntryPointRemoval = 50240

func isEntryPointRemoval(err error) bool {
	var rest *discordgo.RESTError
	return errors.As(err, &rest) && rest.Message != nil && rest.Message.Code == errEntryPointRemoval
}

// keepEntryPoints adds the entry point commands the application has now
// (read back from Discord) to a bulk overwrite's body.
func (b *Bot) keepEntryPoints(ctx context.Context, endpoint string, body []byte) ([]byte, error) {
	raw, err := b.api.RequestWithBucketID(http.MethodGet, endpoint, nil, endpoint, discordgo.WithContext(ctx))
	if err != nil {
		return nil, fmt.Errorf("reading the commands back: %w", err)
	}
	var have []struct {
		Type        int    `json:"type"`
		Name        string `json:"name"`
		Description string `json:"description"`
		Handler     int    `json:"handler"`
	}
	if err := json.Unmarshal(raw, &have); err != nil {
		return nil, fmt.Errorf("reading the commands back: %w", err)
	}
	var cmds []json.RawMessage
	if err := json.Unmarshal(body, &cmds); err != nil {
		return nil, err
	}
	for _, c := range have {
		if c.Type == commandTypeEntryPoint {
			ep, err := json.Marshal(entryPointCommand{Name: c.Name, Type: c.Type, Handler: c.Handler, Description: c.Description,
				IntegrationTypes: []int{0, 1}, Contexts: []int{0, 1, 2}})
			if err != nil {
				return nil, err
			}
			cmds = append(cmds, ep)
		}
	}
	return json.Marshal(cmds)
}

// btnActivity is the "Play in Discord" button: Discord opens the
// Activity, which loads the player's current game.
func (b *Bot) btnActivity(_ context.Context, r *Request) (*Response, error) {
	if !b.cfg.Activity {
		return nil, userErr("web.error.activity_off")
	}
	return &Response{Type: responseLaunchActivity}, nil
}

// activityBody is the body of POST api/activity/token.
type activityBody struct {
	Code      string  `json:"code"`
	GuildID   *string `json:"guild_id"`
	ChannelID string  `json:"channel_id"`
}

// apiActivityToken exchanges the Activity's authorization code for an
// access token at {DiscordAPI}oauth2/token, learns the player from
// users/@me and answers the access token (for the SDK's authenticate)
// with a board token for the player's current game in that place, a new
// game at the default level when none is open.
func (b *Bot) apiActivityToken(w http.ResponseWriter, r *http.Request) {
	lang := webLang(r)
	if !b.cfg.Activity || b.keys == nil {
		webError(w, http.StatusNotFound, "not_found", lang.T("web.error.activity_off"))
		return
	}
	// Each sign-in costs two or three requests to Discord. Each address
	// has a player's budget, so one client flooding made-up codes is
	// slowed without locking others out; all sign-ins together have five
	// times that, so many clients cannot get the bot rate-limited.
	now := time.Now()
	if !b.webLimit.allow("activity:"+remoteHost(r), now, webRate, webBurst) {
		webError(w, http.StatusTooManyRequests, "too_many", lang.T("web.error.too_many"))
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxWebBody)
	var body activityBody
	if err := readJSON(r, &body); err != nil {
		b.writeWebErr(w, r, lang, err)
		return
	}
	if body.Code == "" || len(body.Code) > 512 {
		webError(w, http.StatusBadRequest, "invalid", lang.T("web.error.activity_code"))
		return
	}
	if !b.webLimit.allow("activity", now, 5*webRate, 5*webBurst) {
		webError(w, http.StatusTooManyRequests, "too_many", lang.T("web.error.too_many"))
		return
	}
	ctx := r.Context()
	access, err := b.oauthExchange(ctx, body.Code)
	var user string
	if err == nil {
		user, err = b.oauthUser(ctx, access)
	}
	if err != nil {
		b.metrics.Rejected("activity_auth")
		b.rejects.rejected("activity_auth", http.StatusUnauthorized, r.RemoteAddr, err)
		webError(w, http.StatusUnauthorized, "unauthorized", lang.T("web.error.activity_auth"))
		return
	}
	guild := ""
	if body.GuildID != nil && *body.GuildID != "" {
		// The page says where it runs, and a page can say anything: the
		// game goes to that server only when the player's own token
		// shows them a member of it; otherwise it is a personal game.
		member, err := b.oauthInGuild(ctx, access, *body.GuildID)
		if err != nil {
			b.log.Warn("activity: the player's servers could not be read", "user", user, "err", err)
			webError(w, http.StatusBadGateway, "unauthorized", lang.T("web.error.activity_auth"))
			return
		}
		if member {
			guild = *body.GuildID
		}
	}
	g, err := b.activityGame(ctx, user, guild)
	var tok string
	if err == nil {
		tok, err = b.keys.mint(ctx, user, g.ID, b.wallClock())
	}
	if err != nil {
		b.writeWebErr(w, r, lang, err)
		return
	}
	writeJSONStatus(w, http.StatusOK, map[string]string{"access_token": access, "token": tok})
}

// activityGame is the player's open game in the place the Activity runs
// in, or a new one at the default level.
func (b *Bot) activityGame(ctx context.Context, user, guild string) (store.Game, error) {
	g, err := b.cfg.Store.CurrentGame(ctx, user, guild)
	if !errors.Is(err, store.ErrNotFound) {
		return g, err
	}
	res, err := b.play.StartNew(ctx, game.StartInput{User: user, Guild: guild, Puzzle: func(ctx context.Context) (store.Puzzle, error) {
		return b.makePuzzleFor(ctx, user, engine.DefaultLevel, "")
	}})
	return res.Game, err
}

// oauthExchange trades an authorization code for an access token. The
// client secret goes only into the request's form body; no error quotes
// the body.
func (b *Bot) oauthExchange(ctx context.Context, code string) (string, error) {
	form := url.Values{
		"client_id": {b.cfg.AppID}, "client_secret": {b.cfg.ClientSecret},
		"grant_type": {"authorization_code"}, "code": {code},
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, b.cfg.DiscordAPI+"oauth2/token", strings.NewReader(form.Encode()))
	if err != nil {
		return "", fmt.Errorf("oauth2 token: %w", err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	var tok struct {
		AccessToken string `json:"access_token"`
		TokenType   string `json:"token_type"`
	}
	if err := b.oauthDo(req, &tok); err != nil {
		return "", fmt.Errorf("oauth2 token: %w", err)
	}
	if tok.AccessToken == "" {
		return "", errors.New("oauth2 token: no access_token in the answer")
	}
	return tok.AccessToken, nil
}

// oauthUser is the id of the user an access token belongs to.
func (b *Bot) oauthUser(ctx context.Context, access string) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, b.cfg.DiscordAPI+"users/@me", nil)
	if err != nil {
		return "", fmt.Errorf("users/@me: %w", err)
	}
	req.Header.Set("Authorization", "Bearer "+access)
	var u struct {
		ID string `json:"id"`
	}
	if err := b.oauthDo(req, &u); err != nil {
		return "", fmt.Errorf("users/@me: %w", err)
	}
	if u.ID == "" {
		return "", errors.New("users/@me: no id in the answer")
	}
	return u.ID, nil
}

// oauthInGuild says whether the player whose access token this is is a
// member of guild, from GET /users/@me/guilds (scope "guilds"), reading
// up to 5 pages of 200. A guild id that is not a snowflake is no guild.
func (b *Bot) oauthInGuild(ctx context.Context, access, guild string) (bool, error) {
	if !isSnowflake(guild) {
		return false, nil
	}
	after := ""
	for range 5 {
		q := url.Values{"limit": {"200"}}
		if after != "" {
			q.Set("after", after)
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, b.cfg.DiscordAPI+"users/@me/guilds?"+q.Encode(), nil)
		if err != nil {
			return false, fmt.Errorf("users/@me/guilds: %w", err)
		}
		req.Header.Set("Authorization", "Bearer "+access)
		var page []struct {
			ID string `json:"id"`
		}
		if err := b.oauthDo(req, &page); err != nil {
			return false, fmt.Errorf("users/@me/guilds: %w", err)
		}
		for _, g := range page {
			if g.ID == guild {
				return true, nil
			}
		}
		if len(page) < 200 {
			return false, nil
		}
		after = page[len(page)-1].ID
	}
	return false, nil
}

// remoteHost is the address a request came from, without its port.
func remoteHost(r *http.Request) string {
	if host, _, err := net.SplitHostPort(r.RemoteAddr); err == nil {
		return host
	}
	return r.RemoteAddr
}

// isSnowflake says whether s is a Discord id: 1 to 20 decimal digits.
func isSnowflake(s string) bool {
	if s == "" || len(s) > 20 {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// oauthDo sends req and decodes a 2xx JSON answer into v. Errors name the
// status only: Discord's error bodies may echo what was sent.
func (b *Bot) oauthDo(req *http.Request, v any) error {
	resp, err := b.cfg.HTTPClient.Do(req)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err // the URL is known; the error may be long
		}
		return err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if err != nil {
		return err
	}
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("answered %s", resp.Status)
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("reading the answer: %w", err)
	}
	return nil
}
