package webapi

// The lesson pages: /learn/ lists the techniques, /learn/{technique} says
// what one is, shows it on a real position (a picture without words, from
// /learn/{technique}/picture.png) and how to spot it, and its Practise
// button starts a training game (POST /learn/{technique}/practise with the
// board token the page was opened with) and opens it on the board. Pages
// are server-rendered HTML in the language of ?lang=, else the browser's.

import (
	"bytes"
	"context"
	"errors"
	"html/template"
	"net/http"
	"net/url"
	"strings"
	"sync"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/explain"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/render"
)

// exampleSeed fixes each lesson's example position: the same picture on
// every page load and every replica.
const exampleSeed = 1

// lessonExamples makes each technique's example once per process.
type lessonExamples struct {
	mu   sync.Mutex
	made map[engine.TechniqueID]*lessonExample
}

type lessonExample struct {
	once sync.Once
	tp   engine.TechniquePuzzle
	err  error
}

// example is the technique's example position, made on first use.
func (e *lessonExamples) example(t engine.TechniqueID) (engine.TechniquePuzzle, error) {
	e.mu.Lock()
	if e.made == nil {
		e.made = map[engine.TechniqueID]*lessonExample{}
	}
	x, ok := e.made[t]
	if !ok {
		x = &lessonExample{}
		e.made[t] = x
	}
	e.mu.Unlock()
	x.once.Do(func() {
		x.tp, x.err = engine.GenerateTechnique(engine.TechniqueOptions{Technique: t, Seed: exampleSeed})
	})
	return x.tp, x.err
}

func (srv *Server) learnRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /learn/{$}", srv.observed("learn", srv.learnIndex))
	mux.HandleFunc("GET /learn/{technique}", srv.observed("learn", srv.learnPage))
	mux.HandleFunc("GET /learn/{technique}/picture.png", srv.observed("learn_picture", srv.learnPicture))
	mux.HandleFunc("POST /learn/{technique}/practise", srv.observed("learn_practise", srv.learnPractise))
}

// pageLang is a page's language: ?lang= (the link's), else the first
// language of Accept-Language the catalogue has.
func pageLang(r *http.Request) (*l10n.Lang, string) {
	if loc := matchLocale(r.URL.Query().Get("lang")); loc != "" {
		return l10n.For(loc), loc
	}
	for _, part := range strings.Split(r.Header.Get("Accept-Language"), ",") {
		tag, _, _ := strings.Cut(strings.TrimSpace(part), ";")
		if loc := matchLocale(tag); loc != "" {
			return l10n.For(loc), loc
		}
	}
	return l10n.For(""), ""
}

// lessonTechnique reads the {technique} segment (a slug or a key).
func lessonTechnique(r *http.Request) (engine.TechniqueID, bool) {
	t, ok := engine.LookupTechnique(r.PathValue("technique"))
	return t, ok && engine.Trainable(t)
}

type lessonLink struct {
	Name, Href, Level string
}

type lessonPage struct {
	Lang, Title, Heading, Expert string
	What, WhatText               string
	Example, PictureAlt, Picture string
	Steps                        []string
	Spot, SpotText               string
	Practise, PractiseButton     string
	PractiseDiscord, Action      string
	All, AllHref                 string
	Intro                        string
	Lessons                      []lessonLink
	NoExample                    string
}

func (srv *Server) learnIndex(w http.ResponseWriter, r *http.Request) {
	lang, loc := pageLang(r)
	p := lessonPage{Lang: lang.Tag(), Title: lang.T("learn.index_title"), Heading: lang.T("learn.index_title"),
		Intro: lang.T("learn.index_intro")}
	for _, t := range engine.TechniqueIDs() {
		if engine.Trainable(t) {
			p.Lessons = append(p.Lessons, lessonLink{Name: techniqueName(lang, t), Href: lessonHref(t, loc),
				Level: lang.T("level." + engine.TechniqueLevel(t, 0).String())})
		}
	}
	writePage(w, http.StatusOK, p)
}

func lessonHref(t engine.TechniqueID, loc string) string {
	h := "/learn/" + t.Slug()
	if loc != "" {
		h += "?lang=" + url.QueryEscape(loc)
	}
	return h
}

func techniqueName(l *l10n.Lang, t engine.TechniqueID) string {
	if a, ok := explain.Technique(l, t); ok && a.Plain != "" {
		return a.Plain
	}
	return t.String()
}

func (srv *Server) learnPage(w http.ResponseWriter, r *http.Request) {
	lang, loc := pageLang(r)
	t, ok := lessonTechnique(r)
	if !ok {
		writePage(w, http.StatusNotFound, lessonPage{Lang: lang.Tag(), Title: lang.T("learn.unknown_title"),
			Heading: lang.T("learn.unknown_title"), Intro: lang.T("learn.unknown"), All: lang.T("learn.all"), AllHref: lessonHref("", loc)})
		return
	}
	about, _ := explain.Technique(lang, t)
	name := techniqueName(lang, t)
	level := engine.TechniqueLevel(t, 0)
	p := lessonPage{
		Lang: lang.Tag(), Title: lang.T("learn.title", "Name", name), Heading: name,
		What: lang.T("learn.what"), WhatText: about.Definition,
		Example: lang.T("learn.example"), PictureAlt: lang.T("learn.picture_alt", "Name", name),
		Spot: lang.T("learn.spot"), SpotText: lang.T("learn.spot." + level.String()),
		Practise: lang.T("learn.practise"), PractiseButton: lang.T("learn.practise_button"),
		PractiseDiscord: lang.T("learn.practise_discord", "Technique", t.String()),
		Action:          "/learn/" + t.Slug() + "/practise" + strings.TrimPrefix(lessonHref("", loc), "/learn/"),
		All:             lang.T("learn.all"), AllHref: lessonHref("", loc),
	}
	if name != t.String() {
		p.Expert = lang.T("learn.expert_name", "Name", t.String())
	}
	if tp, err := srv.examples.example(t); err == nil {
		p.Picture = "/learn/" + t.Slug() + "/picture.png"
		p.Steps = explain.Step(lang, tp.Step)
	} else {
		p.NoExample = lang.T("learn.no_example")
	}
	writePage(w, http.StatusOK, p)
}

// learnPicture draws the example position just before the step, with its
// candidates and the step drawn in full: pattern, roles and result.
func (srv *Server) learnPicture(w http.ResponseWriter, r *http.Request) {
	t, ok := lessonTechnique(r)
	if !ok {
		http.NotFound(w, r)
		return
	}
	tp, err := srv.examples.example(t)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	marks := tp.Position.Cands
	for c, d := range tp.Position.Grid {
		if d != 0 {
			marks[c] = 0
		}
	}
	theme := render.Light
	if r.URL.Query().Get("theme") == "dark" {
		theme = render.Dark
	}
	s := tp.Step
	png, err := render.BoardPNG(render.Position{Puzzle: tp.Puzzle, Progress: tp.Position.Grid, Marks: &marks},
		render.Options{Theme: theme, Size: 720, Candidates: true, Hint: &s, HintLevel: 3})
	if err != nil {
		srv.log.Error("learn: drawing an example failed", "technique", t.String(), "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "public, max-age=86400")
	w.Write(png)
}

// learnPractise starts a training game for the player of the board token
// the page was opened with and opens it on the board, with a new token
// for the new game. Without a valid token it answers with the page's
// Discord command instead.
func (srv *Server) learnPractise(w http.ResponseWriter, r *http.Request) {
	lang, loc := pageLang(r)
	t, ok := lessonTechnique(r)
	if !ok {
		http.NotFound(w, r)
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, 4<<10)
	tok := strings.TrimSpace(r.FormValue("token"))
	ctx := r.Context()
	refuse := func(status int, msg string) {
		writePage(w, status, lessonPage{Lang: lang.Tag(), Title: lang.T("learn.title", "Name", techniqueName(lang, t)),
			Heading: techniqueName(lang, t), Intro: msg, All: lang.T("learn.all"), AllHref: lessonHref("", loc)})
	}
	if tok == "" || srv.keys == nil {
		refuse(http.StatusUnauthorized, lang.T("learn.practise_discord", "Technique", t.String()))
		return
	}
	c, err := srv.keys.Verify(ctx, tok)
	if err != nil {
		srv.rejects.LogRejected("learn_token", http.StatusUnauthorized, r.RemoteAddr, err)
		refuse(http.StatusUnauthorized, lang.T("learn.practise_discord", "Technique", t.String()))
		return
	}
	if !srv.limit.allow("u:"+c.User, srv.now(), webRate, webBurst) {
		refuse(http.StatusTooManyRequests, lang.T("web.error.too_many"))
		return
	}
	guild := ""
	if g, err := srv.cfg.Store.Game(ctx, c.Game); err == nil && g.UserID == c.User {
		guild = g.GuildID
	}
	res, err := srv.play.StartTraining(ctx, game.TrainInput{User: c.User, Guild: guild, Technique: t,
		Puzzle: func(ctx context.Context) (engine.TechniquePuzzle, error) { return srv.cfg.Train(ctx, c.User, t) }})
	var ge *game.Error
	switch {
	case errors.As(err, &ge):
		refuse(http.StatusServiceUnavailable, ge.Msg.In(lang))
		return
	case err != nil:
		srv.log.Error("learn: starting a training game failed", "user", c.User, "technique", t.String(), "err", err)
		refuse(http.StatusServiceUnavailable, lang.T("learn.practise_failed"))
		return
	}
	next, err := srv.keys.Mint(ctx, c.User, res.Game.ID)
	if err != nil {
		srv.log.Error("learn: minting a board token failed", "user", c.User, "err", err)
		refuse(http.StatusServiceUnavailable, lang.T("learn.practise_failed"))
		return
	}
	q := ""
	if loc != "" {
		q = "?lang=" + url.QueryEscape(loc)
	}
	http.Redirect(w, r, "/board/"+q+"#"+next, http.StatusSeeOther)
}

var lessonTmpl = template.Must(template.New("lesson").Funcs(template.FuncMap{"code": codeSpans}).Parse(`<!doctype html>
<html lang="{{.Lang}}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>{{.Title}}</title>
<style>
:root{color-scheme:light dark;--fg:#1d1f24;--bg:#f6f6f4;--muted:#5b606b;--accent:#3b6fd8;--card:#fff}
@media (prefers-color-scheme:dark){:root{--fg:#e6e7ea;--bg:#1e1f22;--muted:#a4a8b2;--accent:#7aa2ff;--card:#2b2d31}}
body{margin:0;background:var(--bg);color:var(--fg);font:17px/1.55 system-ui,-apple-system,"Segoe UI",sans-serif}
main{max-width:1100px;margin:0 auto;padding:20px 16px 48px}
h1{font-size:1.7em;margin:.2em 0 .1em}
.expert{color:var(--muted);margin:0 0 1em}
h2{font-size:1.15em;margin:1.4em 0 .4em}
.grid{display:grid;gap:4px 32px;grid-template-columns:minmax(0,1fr)}
@media (min-width:900px){.grid{grid-template-columns:minmax(0,1fr) minmax(0,1fr);grid-template-areas:"what fig" "spot fig" "steps fig" "steps prac"}
.what{grid-area:what}.spot{grid-area:spot}section.steps{grid-area:steps}figure{grid-area:fig;align-self:start}.practise{grid-area:prac;align-self:start}}
figure{margin:0;background:var(--card);border-radius:12px;padding:10px}
figure img{width:100%;height:auto;display:block;border-radius:6px}
ul.steps{list-style:none;padding:0} ul.steps li{margin:.3em 0;white-space:pre-wrap}
.practise{background:var(--card);border-radius:12px;padding:4px 16px;margin-top:16px}
button{font:inherit;background:var(--accent);color:#fff;border:0;border-radius:8px;padding:.6em 1.2em;cursor:pointer}
.note{color:var(--muted);font-size:.92em}
code{background:rgba(127,127,127,.18);padding:.1em .35em;border-radius:4px}
ul.lessons{columns:2 260px;padding-left:1.2em} .lvl{color:var(--muted);font-size:.85em}
a{color:var(--accent)}
</style></head><body><main>
<h1>{{.Heading}}</h1>
{{if .Expert}}<p class="expert">{{.Expert}}</p>{{end}}
{{if .Intro}}<p>{{code .Intro}}</p>{{end}}
{{if .Lessons}}<ul class="lessons">{{range .Lessons}}<li><a href="{{.Href}}">{{.Name}}</a> <span class="lvl">{{.Level}}</span></li>{{end}}</ul>{{end}}
{{if .What}}<div class="grid">
<section class="what"><h2>{{.What}}</h2><p>{{.WhatText}}</p></section>
<figure>{{if .Picture}}<img src="{{.Picture}}" alt="{{.PictureAlt}}" width="720" height="720">{{else}}<p class="note">{{.NoExample}}</p>{{end}}</figure>
<section class="spot"><h2>{{.Spot}}</h2><p>{{.SpotText}}</p></section>
{{if .Steps}}<section class="steps"><h2>{{.Example}}</h2><ul class="steps">{{range .Steps}}<li>{{.}}</li>{{end}}</ul></section>{{end}}
<form class="practise" method="post" action="{{.Action}}">
<h2>{{.Practise}}</h2>
<input type="hidden" name="token" id="token" value="">
<p><button type="submit">{{.PractiseButton}}</button></p>
<p class="note">{{code .PractiseDiscord}}</p>
</form></div>
<script>
// The board's token rides in the fragment (never sent to a server log);
// the Practise form sends it once, by POST, to start a game as this player.
(function(){var t=location.hash.slice(1);if(t){document.getElementById("token").value=decodeURIComponent(t)}})();
</script>
{{end}}
{{if .AllHref}}<p><a href="{{.AllHref}}">{{.All}}</a></p>{{end}}
</main></body></html>
`))

func writePage(w http.ResponseWriter, status int, p lessonPage) {
	var b bytes.Buffer
	if err := lessonTmpl.Execute(&b, p); err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Content-Security-Policy", pagePolicy(b.Bytes()))
	w.WriteHeader(status)
	w.Write(b.Bytes())
}

// codeSpans sets the `code` spans of a catalogue text as <code>, the rest
// escaped.
func codeSpans(s string) template.HTML {
	var b strings.Builder
	for i, part := range strings.Split(s, "`") {
		if i%2 == 1 {
			b.WriteString("<code>" + template.HTMLEscapeString(part) + "</code>")
		} else {
			b.WriteString(template.HTMLEscapeString(part))
		}
	}
	return template.HTML(b.String())
}
