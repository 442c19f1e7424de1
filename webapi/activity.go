package webapi

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"time"

	"golang.org/x/time/rate"

	"github.com/sudokubot/sudokubot/boardtoken"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/store"
)

// The Activity's sign-in: the OAuth2 code exchange that turns the
// Discord Activity's authorization code into a board token for the
// player's game. (The entry point command and the "Play in Discord"
// button are the Discord door's: bot/entrypoint.go.)

// ActivityTokenRequest is the body of POST api/activity/token: the
// Embedded App SDK's authorization code and where the Activity runs.
type ActivityTokenRequest struct {
	Code      string  `json:"code"`
	GuildID   *string `json:"guild_id"`
	ChannelID string  `json:"channel_id"`
	// InstanceID is the SDK's instanceId: the server asks Discord where
	// that instance runs and whether the player is in it, and binds its
	// voice channel (and server) to the board token. GuildID and
	// ChannelID are then only the page's belief.
	InstanceID string `json:"instance_id,omitempty"`
	// Proof answers the challenge of an earlier 429 for this code.
	Proof *SignInProof `json:"proof,omitempty"`
}

// apiActivityToken exchanges the Activity's authorization code for an
// access token at {DiscordAPI}oauth2/token, learns the player from
// users/@me and answers the access token (for the SDK's authenticate)
// with a board token for the player's current game in that place, a new
// game at the default level when none is open.
func (srv *Server) apiActivityToken(w http.ResponseWriter, r *http.Request) {
	lang := webLang(r)
	if !srv.cfg.Activity || srv.keys == nil {
		webError(w, http.StatusNotFound, CodeNotFound, lang.T("web.error.activity_off"))
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxWebBody)
	var body ActivityTokenRequest
	if err := readJSON(r, &body); err != nil {
		srv.writeWebErr(w, r, lang, err)
		return
	}
	if body.Code == "" || len(body.Code) > 512 {
		webError(w, http.StatusBadRequest, CodeInvalid, lang.T("web.error.activity_code"))
		return
	}
	addr := clientAddr(r, srv.cfg.TrustedProxies)
	verdict, refund := srv.signInBudget(r.Context(), addr, body.Code, body.Proof, time.Now())
	switch verdict {
	case signInReused:
		srv.metrics.Rejected("activity_auth")
		webError(w, http.StatusUnauthorized, CodeUnauthorized, lang.T("web.error.activity_auth"))
		return
	case signInLimited:
		webError(w, http.StatusTooManyRequests, CodeTooMany, lang.T("web.error.too_many"))
		return
	case signInProve:
		ch, err := srv.challenge(r.Context(), addr, body.Code, time.Now())
		if err != nil {
			srv.writeWebErr(w, r, lang, err)
			return
		}
		writeJSONStatus(w, http.StatusTooManyRequests, ErrorBody{Error: lang.T("web.error.too_many"), Code: CodeTooMany, Challenge: ch})
		return
	}
	ctx := r.Context()
	access, err := srv.oauthExchange(ctx, body.Code)
	var user string
	if err == nil {
		user, err = srv.oauthUser(ctx, access)
	}
	if err != nil {
		// The address's failure stays charged.
		srv.metrics.Rejected("activity_auth")
		srv.rejects.LogRejected("activity_auth", http.StatusUnauthorized, r.RemoteAddr, err)
		webError(w, http.StatusUnauthorized, CodeUnauthorized, lang.T("web.error.activity_auth"))
		return
	}
	refund() // a genuine code costs its address nothing
	// Once Discord has said who it is, the player's own budget: one
	// player signing in again and again slows only themselves.
	if !srv.limit.allow("activity:user:"+user, time.Now(), webRate, webBurst) {
		webError(w, http.StatusTooManyRequests, CodeTooMany, lang.T("web.error.too_many"))
		return
	}
	guild, place := "", boardtoken.Place{}
	if body.InstanceID != "" {
		// Where the Activity runs is Discord's word, never the page's.
		p, err := srv.verifyPlace(ctx, body.InstanceID, user)
		switch {
		case err == nil:
			guild, place = p.Guild, boardtoken.Place{Instance: body.InstanceID, Channel: p.Channel}
		case errors.Is(err, errNotInActivity):
			srv.metrics.Rejected("activity_instance")
			srv.rejects.LogRejected("activity_instance", http.StatusForbidden, r.RemoteAddr, err)
			srv.writeWebErr(w, r, lang, placeErr(err))
			return
		default:
			// Discord did not answer: the player's own board still
			// plays; playing together waits for a sign-in Discord
			// confirms (api/together says so).
			srv.log.Warn("activity: the instance could not be read", "user", user, "err", err)
		}
	}
	if place.Channel == "" && body.GuildID != nil && *body.GuildID != "" {
		// The page says where it runs, and a page can say anything: the
		// game goes to that server only when the player's own token
		// shows them a member of it; otherwise it is a personal game.
		member, err := srv.oauthInGuild(ctx, access, *body.GuildID)
		if err != nil {
			srv.log.Warn("activity: the player's servers could not be read", "user", user, "err", err)
			webError(w, http.StatusBadGateway, CodeUnauthorized, lang.T("web.error.activity_auth"))
			return
		}
		if member {
			guild = *body.GuildID
		}
	}
	g, err := srv.activityGame(ctx, user, guild)
	var tok string
	if err == nil {
		tok, err = srv.keys.MintAt(ctx, user, g.ID, place)
	}
	if err != nil {
		srv.writeWebErr(w, r, lang, err)
		return
	}
	writeJSONStatus(w, http.StatusOK, ActivityToken{AccessToken: access, Token: tok})
}

// activityGame is the game the Activity opens on (game.Service.Resume):
// the player's open game in its place, or a new one of the puzzle maker's.
func (srv *Server) activityGame(ctx context.Context, user, guild string) (store.Game, error) {
	res, err := srv.play.Resume(ctx, game.StartInput{User: user, Guild: guild, Puzzle: func(ctx context.Context) (store.Puzzle, error) {
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

// The sign-in's budgets. Each sign-in costs two or three requests to
// Discord, so they are keyed on what identifies a player rather than on
// an address, which many players share behind Discord's own proxy or a
// carrier's NAT:
//   - a code is exchanged once (Discord would refuse it the second time
//     anyway), so a replayed code costs Discord nothing;
//   - all sign-ins together have signInGlobal a second (bursts of
//     signInGlobalBurst), so no flood gets the bot rate-limited;
//   - a failed exchange (a made-up code) is charged to the address it
//     came from (before the exchange, refunded when it succeeds, so that
//     codes sent at once cannot overdraw it). Nothing tells a made-up
//     code from a genuine one before Discord has seen it, so an address
//     that has spent its signInFailBurst failures is not refused: its
//     codes, genuine or not, go single file through what the global
//     budget has to spare beyond signInReserve+signInProvenReserve,
//     each waiting its turn for up to signInLaneWait. A flood within the
//     spare budget (signInGlobal less what others use: a made-up code
//     every 20 ms from one address is) is all answered, genuine codes
//     included, and costs nobody anything more;
//   - a code that finds that lane full is answered 429 with a proof of
//     work to do (challenge.go), and a code sent with its proof goes
//     ahead of the lane: it may take the budget down to signInReserve,
//     so the signInProvenReserve between is kept for proven codes. A
//     faster flood of unproven codes then never reaches the genuine
//     sign-ins, whose pages prove their work once each; a flooder that
//     proves its codes pays that work for every one;
//   - signInReserve is for addresses in good standing: a flood from one
//     address never refuses a sign-in from another;
//   - after the exchange, the player (activity:user:) has a player's
//     budget.
const (
	signInFailBurst     = 10
	signInGlobal        = 5 * webRate
	signInGlobalBurst   = 5 * webBurst
	signInReserve       = webBurst
	signInProvenReserve = webBurst
	signInLaneWait      = 2 * time.Second
)

// signInFailRate refills an address's failed-exchange budget: one more
// try every six seconds.
var signInFailRate = rate.Every(6 * time.Second)

// codeReuse is how long a code once tried is remembered: longer than
// Discord's codes live.
var codeReuse = rate.Every(15 * time.Minute)

// signInVerdict is whether a sign-in may go to Discord.
type signInVerdict int

const (
	signInOK      signInVerdict = iota
	signInReused                // the code was tried before
	signInLimited               // all sign-ins are out of budget
	signInProve                 // the spare lane is full: prove work and send it again
)

// signInBudget takes what one exchange of code from addr costs, waiting
// its turn in the spare lane when the address has spent its failures and
// the code comes without a proof of work, or says why not.
func (srv *Server) signInBudget(ctx context.Context, addr netip.Addr, code string, proof *SignInProof, now time.Time) (signInVerdict, func()) {
	refund, ok := srv.limit.take("activity:fail:"+addr.String(), now, signInFailRate, signInFailBurst)
	floor := 0
	refused := signInLimited
	if !ok {
		refund = func() {}
		floor = signInReserve
		if !srv.proven(ctx, proof, addr, code, now) {
			floor, refused = signInReserve+signInProvenReserve, signInProve
			wait, ok := srv.limit.delay("activity:spare", now, signInGlobal, signInGlobalBurst-floor, signInLaneWait)
			if !ok {
				return signInProve, refund
			}
			if wait > 0 {
				t := time.NewTimer(wait)
				defer t.Stop()
				select {
				case <-t.C:
				case <-ctx.Done():
					return signInLimited, refund
				}
				now = time.Now()
			}
		}
	}
	// Only a digest of the code is kept: the code is a credential until
	// Discord has exchanged it. A code refused for a budget is not spent:
	// the player may send it again.
	codeKey := "activity:code:" + digest(code)
	if !srv.limit.has(codeKey, now) {
		refund()
		return signInReused, func() {}
	}
	if !srv.limit.allowAbove("activity", now, signInGlobal, signInGlobalBurst, floor) {
		refund()
		return refused, func() {}
	}
	if !srv.limit.allow(codeKey, now, codeReuse, 1) {
		refund()
		return signInReused, func() {}
	}
	return signInOK, refund
}

// digest is a short SHA-256 of a credential, to remember it by.
func digest(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:12])
}

// clientAddr is the address a request came from: the connection's peer,
// or, when that peer is one of the trusted proxies, the last address in
// X-Forwarded-For that is not itself a trusted proxy. The header is read
// only from trusted proxies: anyone else could write any address in it.
func clientAddr(r *http.Request, trusted []netip.Prefix) netip.Addr {
	peer, err := netip.ParseAddrPort(r.RemoteAddr)
	addr := peer.Addr()
	if err != nil {
		addr, _ = netip.ParseAddr(r.RemoteAddr)
	}
	addr = addr.Unmap()
	if !inPrefixes(addr, trusted) {
		return addr
	}
	hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
	for i := len(hops) - 1; i >= 0; i-- {
		hop, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			// A hop that is not an address: what lies before it was
			// written by someone we do not trust.
			return addr
		}
		hop = hop.Unmap()
		if !inPrefixes(hop, trusted) {
			return hop
		}
		addr = hop
	}
	return addr
}

func inPrefixes(a netip.Addr, ps []netip.Prefix) bool {
	for _, p := range ps {
		if p.Contains(a) {
			return true
		}
	}
	return false
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

// statusError is Discord's answer other than 2xx: its status only.
type statusError struct {
	status int
	text   string
}

func (e *statusError) Error() string { return "answered " + e.text }

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
		return &statusError{status: resp.StatusCode, text: resp.Status}
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("reading the answer: %w", err)
	}
	return nil
}
