package discordtest

import (
	"crypto/rand"
	"encoding/hex"
	"mime"
	"net/http"
	"slices"
	"strings"
	"sync"
)

// DefaultClientSecret is the OAuth2 client secret a new Server accepts.
const DefaultClientSecret = "fake-client-secret-0123456789"

// oauth is the fake's OAuth2 server: the authorization codes it issued
// (each for one user, used once) and the access tokens it gave out.
type oauth struct {
	mu     sync.Mutex
	secret string
	codes  map[string]string   // code -> user id
	tokens map[string]string   // access token -> user id
	guilds map[string][]string // user id -> the servers GET /users/@me/guilds lists
}

func (o *oauth) init() {
	if o.codes == nil {
		o.codes, o.tokens, o.guilds = map[string]string{}, map[string]string{}, map[string][]string{}
	}
	if o.secret == "" {
		o.secret = DefaultClientSecret
	}
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// MintOAuthCode issues an authorization code for a user, as Discord's
// authorize (the Activity SDK's commands.authorize) does: POST
// /oauth2/token exchanges it once for an access token of that user.
func (f *Server) MintOAuthCode(userID string) string {
	f.oauth.mu.Lock()
	defer f.oauth.mu.Unlock()
	f.oauth.init()
	code := "code-" + randomHex(12)
	f.oauth.codes[code] = userID
	return code
}

// JoinGuild makes GET /users/@me/guilds, asked with an access token of
// the user, list the server: what Discord shows an app that has the
// "guilds" scope.
func (f *Server) JoinGuild(userID, guildID string) {
	f.oauth.mu.Lock()
	defer f.oauth.mu.Unlock()
	f.oauth.init()
	f.oauth.guilds[userID] = append(f.oauth.guilds[userID], guildID)
}

// SetClientSecret changes the client secret the fake accepts.
func (f *Server) SetClientSecret(secret string) {
	f.oauth.mu.Lock()
	defer f.oauth.mu.Unlock()
	f.oauth.init()
	f.oauth.secret = secret
}

// serveOAuth answers POST /oauth2/token, and GET /users/@me and
// /users/@me/guilds with a Bearer token; it reports whether the request was one of them. /oauth2/token
// is not in Discord's OpenAPI description: it is checked against the
// documented form (application/x-www-form-urlencoded with client_id,
// client_secret, grant_type=authorization_code and code) and answers
// errors as Discord's OAuth2 does ({"error": "invalid_client"} ...).
func (f *Server) serveOAuth(w http.ResponseWriter, r *http.Request, path string) bool {
	switch {
	case path == "oauth2/token":
		call := Call{Method: r.Method, Path: "/" + path, Query: r.URL.Query()}
		status := f.oauthToken(w, r)
		call.Status = status
		f.mu.Lock()
		f.calls = append(f.calls, call)
		f.mu.Unlock()
		return true
	case (path == "users/@me" || path == "users/@me/guilds") && r.Method == http.MethodGet && strings.HasPrefix(r.Header.Get("Authorization"), "Bearer "):
		f.oauth.mu.Lock()
		f.oauth.init()
		user, ok := f.oauth.tokens[strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")]
		guilds := slices.Clone(f.oauth.guilds[user])
		f.oauth.mu.Unlock()
		f.mu.Lock()
		f.calls = append(f.calls, Call{Method: r.Method, Path: "/" + path, Status: map[bool]int{true: 200, false: 401}[ok]})
		f.mu.Unlock()
		if !ok {
			writeJSON(w, http.StatusUnauthorized, errBody("401: Unauthorized", 0))
			return true
		}
		if path == "users/@me/guilds" {
			list := []map[string]any{}
			for _, g := range guilds {
				list = append(list, map[string]any{"id": g, "name": "guild " + g, "icon": nil, "owner": false,
					"permissions": "0", "features": []string{}})
			}
			writeJSON(w, http.StatusOK, list)
			return true
		}
		writeJSON(w, http.StatusOK, map[string]any{"id": user, "username": "user" + user, "discriminator": "0",
			"global_name": nil, "avatar": nil})
		return true
	}
	return false
}

// oauthToken exchanges a code; it returns the status it answered.
func (f *Server) oauthToken(w http.ResponseWriter, r *http.Request) int {
	fail := func(status int, code, desc string) int {
		writeJSON(w, status, map[string]string{"error": code, "error_description": desc})
		return status
	}
	if r.Method != http.MethodPost {
		return fail(http.StatusMethodNotAllowed, "invalid_request", "POST only")
	}
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/x-www-form-urlencoded" {
		f.t.Errorf("fake discord: POST /oauth2/token with Content-Type %q, want application/x-www-form-urlencoded", r.Header.Get("Content-Type"))
		return fail(http.StatusBadRequest, "invalid_request", "form body expected")
	}
	if err := r.ParseForm(); err != nil {
		return fail(http.StatusBadRequest, "invalid_request", "bad form")
	}
	for k := range r.PostForm {
		switch k {
		case "client_id", "client_secret", "grant_type", "code", "redirect_uri":
		default:
			f.t.Errorf("fake discord: POST /oauth2/token with unknown form field %q", k)
		}
	}
	f.oauth.mu.Lock()
	defer f.oauth.mu.Unlock()
	f.oauth.init()
	if r.PostForm.Get("client_id") != f.AppID || r.PostForm.Get("client_secret") != f.oauth.secret {
		return fail(http.StatusUnauthorized, "invalid_client", "Invalid client")
	}
	if r.PostForm.Get("grant_type") != "authorization_code" {
		return fail(http.StatusBadRequest, "unsupported_grant_type", "Unsupported grant type")
	}
	user, ok := f.oauth.codes[r.PostForm.Get("code")]
	if !ok {
		return fail(http.StatusBadRequest, "invalid_grant", `Invalid "code" in request.`)
	}
	delete(f.oauth.codes, r.PostForm.Get("code"))
	access := "access-" + randomHex(16)
	f.oauth.tokens[access] = user
	writeJSON(w, http.StatusOK, map[string]any{"access_token": access, "token_type": "Bearer", "expires_in": 604800,
		"refresh_token": "refresh-" + randomHex(16), "scope": "identify"})
	return http.StatusOK
}
