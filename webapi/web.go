package webapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/sudokubot/sudokubot/boardtoken"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/share"
	"github.com/sudokubot/sudokubot/stepjson"
	"github.com/sudokubot/sudokubot/store"
)

// The web board (web/API.md): the same page at /board/ (link buttons)
// and /activity/ (the Discord Activity), its API under both, playing the
// same games through the same store calls as the slash commands.

// webBases are the two places the board is served.
var webBases = []string{"/board/", "/activity/"}

// maxWebBody bounds an API request body: 81 moves and 81 marks are a few
// kilobytes.
const maxWebBody = 64 << 10

// routes adds the web door's routes (Routes) to mux, and under each
// base of the board its pages and a JSON 404 for any other API path.
func (srv *Server) routes(mux *http.ServeMux) {
	for _, rt := range Routes() {
		if !rt.Board() {
			mux.HandleFunc(rt.Pattern(""), rt.handler(srv))
			continue
		}
		for _, base := range webBases {
			mux.HandleFunc(rt.Pattern(base), rt.handler(srv))
		}
	}
	for _, base := range webBases {
		api := base + "api/"
		pages := srv.pages(base)
		mux.HandleFunc(base, func(w http.ResponseWriter, r *http.Request) {
			switch {
			case strings.HasPrefix(r.URL.Path, api):
				webError(w, http.StatusNotFound, CodeNotFound, webLang(r).T("web.error.not_found"))
			case r.Method != http.MethodGet && r.Method != http.MethodHead:
				w.Header().Set("Allow", "GET, HEAD")
				http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			default:
				pages.ServeHTTP(w, r)
			}
		})
	}
}

// webLang is the language of an API request: X-Sudoku-Lang (the link's
// lang, else the browser's), matched to a catalogue file by its language
// when the region is not one Discord has ("de-AT" reads German).
func webLang(r *http.Request) *l10n.Lang {
	return l10n.For(matchLocale(r.Header.Get("X-Sudoku-Lang")))
}

// matchLocale maps a browser or Discord locale to the Discord locale the
// catalogue serves it with; "" (English) when none fits.
func matchLocale(s string) string {
	s = strings.TrimSpace(s)
	if len(s) > 35 {
		return ""
	}
	for _, d := range l10n.DiscordLocales() {
		if strings.EqualFold(s, d) {
			return d
		}
	}
	base, region, _ := strings.Cut(strings.ReplaceAll(s, "_", "-"), "-")
	switch strings.ToLower(base) {
	case "zh":
		switch strings.ToLower(region) {
		case "tw", "hk", "mo", "hant":
			return "zh-TW"
		}
		return "zh-CN"
	case "es":
		if strings.EqualFold(region, "es") || region == "" {
			return "es-ES"
		}
		return "es-419"
	case "pt":
		return "pt-BR"
	case "en":
		if strings.EqualFold(region, "gb") {
			return "en-GB"
		}
		return "en-US"
	case "de", "fr", "ja":
		return strings.ToLower(base)
	}
	return ""
}

// webErr is an API error: the status, the code of API.md and the text in
// the request's language.
type webErr struct {
	status int
	code   ErrorCode
	msg    l10n.Msg
	state  *State
	err    error
}

func (e *webErr) Error() string {
	if e.err != nil {
		return string(e.code) + ": " + e.err.Error()
	}
	return string(e.code)
}

func (e *webErr) Unwrap() error { return e.err }

func webError(w http.ResponseWriter, status int, code ErrorCode, text string) {
	writeJSONStatus(w, status, ErrorBody{Error: text, Code: code})
}

func writeJSONStatus(w http.ResponseWriter, status int, v any) {
	body, err := json.Marshal(v)
	if err != nil {
		http.Error(w, "encoding the response failed", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

// webReq is an authenticated API request: whose game, in which language.
type webReq struct {
	claims boardtoken.Claims
	game   store.Game
	lang   *l10n.Lang
	// by is the player who made the change the answer shows: the player
	// who asked, or for the live stream the latest change's; "" unknown.
	by string
	// channel is, for the Activity's live stream, its voice channel:
	// the State then tells what its players play together.
	channel string
}

type webHandler func(ctx context.Context, w http.ResponseWriter, r *http.Request, q *webReq) error

// authed checks the request's board token and loads its game: a token
// for another player's game, an expired or forged one and a missing one
// answer 401 and reveal nothing of any game.
func (srv *Server) authed(h webHandler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		lang := webLang(r)
		tok, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		if !ok || srv.keys == nil {
			webError(w, http.StatusUnauthorized, CodeUnauthorized, lang.T("web.error.unauthorized"))
			return
		}
		ctx := r.Context()
		c, err := srv.keys.Verify(ctx, strings.TrimSpace(tok))
		if err != nil {
			srv.rejectWeb(w, r, lang, err)
			return
		}
		if !srv.limit.allow("u:"+c.User, time.Now(), webRate, webBurst) {
			webError(w, http.StatusTooManyRequests, CodeTooMany, lang.T("web.error.too_many"))
			return
		}
		g, err := srv.cfg.Store.Game(ctx, c.Game)
		if err == nil {
			if e := game.CheckBoardAccess(g, c.User); e != nil {
				err = fmt.Errorf("%w: %w", boardtoken.ErrBad, e)
			}
		}
		if err != nil {
			srv.rejectWeb(w, r, lang, err)
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, maxWebBody)
		if err := h(ctx, w, r, &webReq{claims: c, game: g, lang: lang, by: c.User}); err != nil {
			srv.writeWebErr(w, r, lang, err)
		}
	}
}

// rejectWeb answers a refused token (or a token whose game is gone) with
// 401, counting and logging it as the interactions endpoint does.
func (srv *Server) rejectWeb(w http.ResponseWriter, r *http.Request, lang *l10n.Lang, err error) {
	if unavailable(w, r, lang, err) {
		srv.log.Warn("web: the database did not answer", "path", r.URL.Path, "err", err)
		return
	}
	if !errors.Is(err, boardtoken.ErrBad) && !errors.Is(err, store.ErrNotFound) {
		srv.log.Error("web: checking a board token failed", "err", err)
		webError(w, http.StatusInternalServerError, CodeInternal, lang.T("web.error.internal"))
		return
	}
	srv.metrics.Rejected("board_token")
	srv.rejects.LogRejected("board_token", http.StatusUnauthorized, r.RemoteAddr, err)
	webError(w, http.StatusUnauthorized, CodeUnauthorized, lang.T("web.error.unauthorized"))
}

// writeWebErr answers an error of a handler: the core's refusals
// (game.Error, the store's errors explained by game.Explain) become the
// API's codes by their kind; anything else is logged and answered 500
// with no detail.
func (srv *Server) writeWebErr(w http.ResponseWriter, r *http.Request, lang *l10n.Lang, err error) {
	var we *webErr
	var ue *game.Error
	var mbe *http.MaxBytesError
	if unavailable(w, r, lang, err) {
		srv.metrics.Error("web_unavailable")
		what := "web: the database did not answer"
		if errors.Is(err, store.ErrLocked) {
			what = "web: a row stayed locked by another database session"
		}
		srv.log.Warn(what, "path", r.URL.Path, "err", err)
		return
	}
	switch {
	case errors.As(err, &we):
		writeJSONStatus(w, we.status, ErrorBody{Error: we.msg.In(lang), Code: we.code, State: we.state})
	case errors.As(err, &mbe):
		webError(w, http.StatusRequestEntityTooLarge, CodeInvalid, lang.T("web.error.too_big"))
	case errors.As(err, &ue):
		status, code := refusalCode(ue.Kind)
		webError(w, status, code, ue.Text(lang))
	default:
		if ue := game.Explain(err); ue != err {
			srv.writeWebErr(w, r, lang, ue)
			return
		}
		srv.metrics.Error("web")
		srv.log.Error("web API request failed", "path", r.URL.Path, "err", err)
		webError(w, http.StatusInternalServerError, CodeInternal, lang.T("web.error.internal"))
	}
}

// refusalCode is the HTTP status and API code of a kind of refusal.
func refusalCode(k game.Kind) (int, ErrorCode) {
	switch k {
	case game.Finished:
		return http.StatusConflict, CodeFinished
	case game.Given:
		return http.StatusBadRequest, CodeGiven
	case game.Stale:
		// The page reloads the game.
		return http.StatusConflict, CodeStale
	case game.Busy:
		return http.StatusTooManyRequests, CodeTooMany
	}
	return http.StatusBadRequest, CodeInvalid
}

// unavailable answers 503 "unavailable" to a database that did not answer
// (store.ErrUnavailable) or a request past its deadline, and reports
// whether it did: the player is told to try again soon, not that
// something is broken.
func unavailable(w http.ResponseWriter, r *http.Request, lang *l10n.Lang, err error) bool {
	var msg string
	switch {
	case errors.Is(err, store.ErrUnavailable):
		msg = lang.T("web.error.unavailable")
	case errors.Is(err, context.DeadlineExceeded) && r.Context().Err() != nil:
		msg = lang.T("web.error.internal")
	default:
		return false
	}
	w.Header().Set("Retry-After", "5")
	webError(w, http.StatusServiceUnavailable, CodeUnavailable, msg)
	return true
}

// readJSON decodes a request body into v, refusing unknown fields so a
// typo in a client is an error, not a silent no-op.
func readJSON(r *http.Request, v any) error {
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil && dec.More() {
		err = errors.New("more than one JSON value")
	}
	if err != nil && !errors.Is(err, io.EOF) {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return err
		}
		return &webErr{status: http.StatusBadRequest, code: CodeInvalid, msg: l10n.M("web.error.bad_json", "Problem", jsonProblem(err)), err: err}
	}
	return nil
}

// jsonProblem names what is wrong with a body without the decoder's
// English: the field, where one is to blame, else "JSON".
func jsonProblem(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && te.Field != "" {
		return "`" + clip(te.Field, 40) + "`"
	}
	if f, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		return "`" + clip(strings.Trim(f, `"`), 40) + "`"
	}
	return "JSON"
}

// webLevel is the level of g's puzzle as the page sees it: the level's
// stable name, or "" for a pasted puzzle not graded yet.
func webLevel(g store.Game) LevelName {
	if g.Ungraded {
		return ""
	}
	return LevelName(g.Level.String())
}

// state is g as the page sees it. The solution is there only once the
// game is over; the share text and the card only once it is solved.
func (srv *Server) state(ctx context.Context, q *webReq, g store.Game, wrong []int) (*State, error) {
	l := q.lang
	s := &State{
		GameID: g.ID, Version: g.Version, Title: share.Title(l, g), Level: webLevel(g),
		Givens: g.Givens.Digits(), Code: share.Code(g), Entries: g.Entries.Digits(), Marks: make([]string, engine.NumCells),
		Conflicts: []stepjson.Cell{}, Wrong: []stepjson.Cell{}, Solved: g.Solved, GaveUp: g.GaveUp,
		StartedAt: g.StartedAt.UTC().Format(time.RFC3339), Hints: g.HintsTotal(), Mistakes: g.Mistakes,
	}
	board := g.Board()
	for i, m := range g.Pencil {
		if board[i] == 0 {
			for _, d := range m.Slice() {
				s.Marks[i] += string(rune('0' + d))
			}
		}
	}
	seen := map[int]bool{}
	for _, c := range board.Conflicts() {
		for _, cell := range []int{c.A, c.B} {
			if !seen[cell] {
				seen[cell] = true
				s.Conflicts = append(s.Conflicts, stepjson.At(cell))
			}
		}
	}
	for _, c := range wrong {
		s.Wrong = append(s.Wrong, stepjson.At(c))
	}
	if g.Finished() {
		s.ElapsedMS = g.Duration().Milliseconds()
		s.Solution = g.Solution.Digits()
	} else {
		s.ElapsedMS = max(0, srv.now().Sub(g.StartedAt).Milliseconds())
	}
	if g.IsCoop() {
		c, err := srv.coopState(ctx, g, q.claims.User, q.by)
		if err != nil {
			return nil, err
		}
		s.Coop = c
	}
	if id := game.RaceOf(g); id != 0 {
		r, err := srv.raceState(ctx, id, g.UserID)
		if err != nil {
			return nil, err
		}
		s.Race = r
	}
	if g.Solved && !g.IsCoop() {
		streak, err := srv.streakOf(ctx, g)
		if err != nil {
			return nil, err
		}
		s.ShareText = share.Text(l, g, streak)
		s.Card = pathCard
	}
	return s, nil
}

// streakOf is the player's current daily streak where a daily game was
// played, 0 for other games.
func (srv *Server) streakOf(ctx context.Context, g store.Game) (int, error) {
	if g.Day.IsZero() {
		return 0, nil
	}
	st, err := srv.cfg.Store.PlayerStats(ctx, g.GuildID, g.UserID)
	if err != nil {
		return 0, fmt.Errorf("stats for the share text of game %d: %w", g.ID, err)
	}
	return st.CurrentStreak, nil
}

func (srv *Server) writeState(ctx context.Context, w http.ResponseWriter, q *webReq, g store.Game, wrong []int) error {
	s, err := srv.state(ctx, q, g, wrong)
	if err != nil {
		return err
	}
	writeJSONStatus(w, http.StatusOK, s)
	return nil
}

func (srv *Server) apiGame(ctx context.Context, w http.ResponseWriter, _ *http.Request, q *webReq) error {
	return srv.writeState(ctx, w, q, q.game, nil)
}

// apiConfig tells the Activity page its client id; it needs no token.
func (srv *Server) apiConfig(w http.ResponseWriter, _ *http.Request) {
	writeJSONStatus(w, http.StatusOK, ClientConfig{ClientID: srv.cfg.AppID, Activity: srv.cfg.Activity})
}

// apiWords are the page's fixed labels in the request's language: every
// catalogue message whose id starts with WordsPrefix, as its raw template (the
// page fills in fields such as {{.Row}} itself).
func (srv *Server) apiWords(w http.ResponseWriter, r *http.Request) {
	words, err := webLang(r).Raw(WordsPrefix)
	if err != nil {
		srv.log.Error("web: reading the catalogue", "err", err)
		webError(w, http.StatusInternalServerError, CodeInternal, webLang(r).T("web.error.internal"))
		return
	}
	w.Header().Set("Vary", "X-Sudoku-Lang")
	writeJSONStatus(w, http.StatusOK, Words(words))
}

// pages serves the built board under base: index.html (never cached, so
// a new release shows at once) and its hashed assets (cached for good).
// Without a built board both answer 503 with how to build it.
func (srv *Server) pages(base string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("Referrer-Policy", "no-referrer")
		files := srv.cfg.Web
		if files == nil || !hasFile(files, "index.html") {
			w.Header().Set("Content-Security-Policy", notBuiltPolicy)
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Header().Set("Cache-Control", "no-store")
			w.WriteHeader(http.StatusServiceUnavailable)
			_, _ = io.WriteString(w, notBuiltPage)
			return
		}
		name := strings.TrimPrefix(r.URL.Path, base)
		w.Header().Set("Content-Security-Policy", srv.boardPolicy())
		if name == "" || name == "index.html" {
			w.Header().Set("Cache-Control", "no-cache")
			serveFile(w, r, files, "index.html")
			return
		}
		if !strings.HasPrefix(name, "assets/") || !fs.ValidPath(name) || !hasFile(files, name) {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
		serveFile(w, r, files, name)
	})
}

// serveFile serves name, or its gzip twin name+".gz" (which the build
// writes) when the client takes gzip: a third of the bytes on a slow
// phone.
func serveFile(w http.ResponseWriter, r *http.Request, files fs.FS, name string) {
	w.Header().Add("Vary", "Accept-Encoding")
	if acceptsGzip(r.Header.Get("Accept-Encoding")) && hasFile(files, name+".gz") {
		if ct := mime.TypeByExtension(path.Ext(name)); ct != "" {
			w.Header().Set("Content-Type", ct)
		}
		w.Header().Set("Content-Encoding", "gzip")
		http.ServeFileFS(w, r, files, name+".gz")
		return
	}
	http.ServeFileFS(w, r, files, name)
}

// acceptsGzip reads an Accept-Encoding header: gzip (or *) listed without
// q=0.
func acceptsGzip(h string) bool {
	for _, part := range strings.Split(h, ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		coding = strings.ToLower(strings.TrimSpace(coding))
		if coding != "gzip" && coding != "*" {
			continue
		}
		q := strings.ReplaceAll(strings.ToLower(params), " ", "")
		if q == "q=0" || q == "q=0.0" || q == "q=0.00" || q == "q=0.000" {
			return false
		}
		return true
	}
	return false
}

func hasFile(fsys fs.FS, name string) bool {
	st, err := fs.Stat(fsys, name)
	return err == nil && !st.IsDir()
}

// notBuiltPage is the answer of /board/ in a binary built without the
// board (a fresh clone built with Go alone).
const notBuiltPage = `<!doctype html>
<html lang="en"><meta charset="utf-8"><title>Board not built</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;margin:1em;overflow-wrap:anywhere}pre{white-space:pre-wrap}</style>
<h1>The web board is not built into this binary</h1>
<p>Build it, then rebuild the binary:</p>
<pre>npm --prefix web ci && npm --prefix web run build
go build -o sudokubot .</pre>
</html>
`

// clip cuts s to at most n characters, marking the cut with "…".
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n-1]) + "…"
}
