package webapi

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

	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/store"
)

// The Activity's sign-in: the OAuth2 code exchange that turns the
// Discord Activity's authorization code into a board token for the
// player's game. (The entry point command and the "Play in Discord"
// button are the Discord door's: bot/entrypoint.go.)

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
func (srv *Server) apiActivityToken(w http.ResponseWriter, r *http.Request) {
	lang := webLang(r)
	if !srv.cfg.Activity || srv.keys == nil {
		webError(w, http.StatusNotFound, "not_found", lang.T("web.error.activity_off"))
		return
	}
	// Each sign-in costs two or three requests to Discord. Each address
	// has a player's budget, so one client flooding made-up codes is
	// slowed without locking others out; all sign-ins together have five
	// times that, so many clients cannot get the bot rate-limited.
	now := time.Now()
	if !srv.limit.allow("activity:"+remoteHost(r), now, webRate, webBurst) {
		webError(w, http.StatusTooManyRequests, "too_many", lang.T("web.error.too_many"))
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxWebBody)
	var body activityBody
	if err := readJSON(r, &body); err != nil {
		srv.writeWebErr(w, r, lang, err)
		return
	}
	if body.Code == "" || len(body.Code) > 512 {
		webError(w, http.StatusBadRequest, "invalid", lang.T("web.error.activity_code"))
		return
	}
	if !srv.limit.allow("activity", now, 5*webRate, 5*webBurst) {
		webError(w, http.StatusTooManyRequests, "too_many", lang.T("web.error.too_many"))
		return
	}
	ctx := r.Context()
	access, err := srv.oauthExchange(ctx, body.Code)
	var user string
	if err == nil {
		user, err = srv.oauthUser(ctx, access)
	}
	if err != nil {
		srv.metrics.Rejected("activity_auth")
		srv.rejects.LogRejected("activity_auth", http.StatusUnauthorized, r.RemoteAddr, err)
		webError(w, http.StatusUnauthorized, "unauthorized", lang.T("web.error.activity_auth"))
		return
	}
	guild := ""
	if body.GuildID != nil && *body.GuildID != "" {
		// The page says where it runs, and a page can say anything: the
		// game goes to that server only when the player's own token
		// shows them a member of it; otherwise it is a personal game.
		member, err := srv.oauthInGuild(ctx, access, *body.GuildID)
		if err != nil {
			srv.log.Warn("activity: the player's servers could not be read", "user", user, "err", err)
			webError(w, http.StatusBadGateway, "unauthorized", lang.T("web.error.activity_auth"))
			return
		}
		if member {
			guild = *body.GuildID
		}
	}
	g, err := srv.activityGame(ctx, user, guild)
	var tok string
	if err == nil {
		tok, err = srv.keys.Mint(ctx, user, g.ID)
	}
	if err != nil {
		srv.writeWebErr(w, r, lang, err)
		return
	}
	writeJSONStatus(w, http.StatusOK, map[string]string{"access_token": access, "token": tok})
}

// activityGame is the player's open game in the place the Activity runs
// in, or a new one at the default level.
func (srv *Server) activityGame(ctx context.Context, user, guild string) (store.Game, error) {
	g, err := srv.cfg.Store.CurrentGame(ctx, user, guild)
	if !errors.Is(err, store.ErrNotFound) {
		return g, err
	}
	res, err := srv.play.StartNew(ctx, game.StartInput{User: user, Guild: guild, Puzzle: func(ctx context.Context) (store.Puzzle, error) {
		return srv.cfg.Puzzle(ctx, user)
	}})
	return res.Game, err
}

// oauthExchange trades an authorization code for an access token. The
// client secret goes only into the request's form body; no error quotes
// the body.
func (srv *Server) oauthExchange(ctx context.Context, code string) (string, error) {
	form := url.Values{
		"client_id": {srv.cfg.AppID}, "client_secret": {srv.cfg.ClientSecret},
		"grant_type": {"authorization_code"}, "code": {code},
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, srv.cfg.DiscordAPI+"oauth2/token", strings.NewReader(form.Encode()))
	if err != nil {
		return "", fmt.Errorf("oauth2 token: %w", err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	var tok struct {
		AccessToken string `json:"access_token"`
		TokenType   string `json:"token_type"`
	}
	if err := srv.oauthDo(req, &tok); err != nil {
		return "", fmt.Errorf("oauth2 token: %w", err)
	}
	if tok.AccessToken == "" {
		return "", errors.New("oauth2 token: no access_token in the answer")
	}
	return tok.AccessToken, nil
}

// oauthUser is the id of the user an access token belongs to.
func (srv *Server) oauthUser(ctx context.Context, access string) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, srv.cfg.DiscordAPI+"users/@me", nil)
	if err != nil {
		return "", fmt.Errorf("users/@me: %w", err)
	}
	req.Header.Set("Authorization", "Bearer "+access)
	var u struct {
		ID string `json:"id"`
	}
	if err := srv.oauthDo(req, &u); err != nil {
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
func (srv *Server) oauthInGuild(ctx context.Context, access, guild string) (bool, error) {
	if !isSnowflake(guild) {
		return false, nil
	}
	after := ""
	for range 5 {
		q := url.Values{"limit": {"200"}}
		if after != "" {
			q.Set("after", after)
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, srv.cfg.DiscordAPI+"users/@me/guilds?"+q.Encode(), nil)
		if err != nil {
			return false, fmt.Errorf("users/@me/guilds: %w", err)
		}
		req.Header.Set("Authorization", "Bearer "+access)
		var page []struct {
			ID string `json:"id"`
		}
		if err := srv.oauthDo(req, &page); err != nil {
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
func (srv *Server) oauthDo(req *http.Request, v any) error {
	resp, err := srv.cfg.HTTPClient.Do(req)
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
