package webapi

// The lesson pages: /learn/ lists the techniques, /learn/{technique} says
// what one is, shows it on a real position (a picture without words, from
// /learn/{technique}/picture.png) and how to spot it, and its Practise
// button starts a training game (POST /learn/{technique}/practise with the
// board token the page was opened with) and opens it on the board. Pages
// are server-rendered HTML in the language of ?lang=, else the browser's.

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"html/template"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/explain"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/render"
)

// lessonWorked is how many worked examples a lesson shows; one more
// position, when there is one, is the find-it exercise.
const lessonWorked = 3

// maxExampleSeeds bounds the seeds generatedExamples tries, and
// maxExampleMisses the seeds in a row that make nothing before it stops:
// a technique the generator rarely reaches costs seconds a seed.
const (
	maxExampleSeeds  = lessonWorked + 4
	maxExampleMisses = 2
)

// libraryExamples takes a technique's positions from the shipped
// technique library (engine.TechniqueExamples: real puzzles, the same
// every time, illustrations filling up where the library has too few)
// and makes the rest, if they are fewer than n, with the generator
// (generatedExamples), each from a different puzzle.
func libraryExamples(ctx context.Context, t engine.TechniqueID, n int) ([]engine.TechniquePuzzle, error) {
	out := engine.TechniqueExamples(t, n)
	if _, never := engine.NeverFirst(t); len(out) >= n || never {
		// The generator digs for the path's steps: for a technique the
		// path never takes first it could only burn the budget.
		return out, nil
	}
	more, err := generatedExamples(ctx, t, n)
	seen := map[string]bool{}
	for _, tp := range out {
		seen[engine.CanonicalKey(tp.Puzzle)] = true
	}
	for _, tp := range more {
		if k := engine.CanonicalKey(tp.Puzzle); len(out) < n && !seen[k] {
			seen[k] = true
			out = append(out, tp)
		}
	}
	if len(out) > 0 {
		return out, nil
	}
	return nil, err
}

// generatedExamples makes up to n positions of a technique with the
// engine's generator from the seeds 1, 2, ...: the same on every replica
// and every call, each from a different puzzle (up to symmetry).
func generatedExamples(ctx context.Context, t engine.TechniqueID, n int) ([]engine.TechniquePuzzle, error) {
	var out []engine.TechniquePuzzle
	seen := map[string]bool{}
	var firstErr error
	misses := 0
	for seed := uint64(1); seed <= maxExampleSeeds && len(out) < n && misses < maxExampleMisses; seed++ {
		if err := ctx.Err(); err != nil {
			// Out of time: what is made is what the lesson shows.
			if len(out) > 0 {
				return out, nil
			}
			return nil, err
		}
		tp, err := engine.GenerateTechnique(engine.TechniqueOptions{Technique: t, Seed: seed})
		if err != nil {
			firstErr = cmp.Or(firstErr, err)
			misses++
			continue
		}
		misses = 0
		if k := engine.CanonicalKey(tp.Puzzle); !seen[k] {
			seen[k] = true
			out = append(out, tp)
		}
	}
	if len(out) == 0 && firstErr != nil {
		return nil, firstErr
	}
	return out, nil
}

// exampleBudget bounds the making of a lesson's positions: a seed that
// has started runs to its end, no seed starts after it.
const exampleBudget = 10 * time.Second

// lessonExamples keeps each technique's positions, made once per process.
type lessonExamples struct {
	mu   sync.Mutex
	made map[engine.TechniqueID]*lessonExample
	// one lets one technique's positions be made at a time: a crawler
	// opening every lesson queues them rather than taking every core
	// from the players' hints.
	one sync.Mutex
}

type lessonExample struct {
	done chan struct{} // closed once tps and err are set
	tps  []engine.TechniquePuzzle
	err  error
}

// pageWait is how long a lesson page waits for its positions before it
// is shown without them (they go on being made for the next reader).
const pageWait = 3 * time.Second

// examples are the technique's positions (Config.Examples), made once in
// the background on first use: it waits for them at most wait (or until
// ctx ends) and reports whether they are ready.
func (srv *Server) examples(ctx context.Context, t engine.TechniqueID, wait time.Duration) ([]engine.TechniquePuzzle, bool) {
	e := &srv.lessons
	e.mu.Lock()
	if e.made == nil {
		e.made = map[engine.TechniqueID]*lessonExample{}
	}
	x, ok := e.made[t]
	if !ok {
		x = &lessonExample{done: make(chan struct{})}
		e.made[t] = x
		go func() {
			defer close(x.done)
			e.one.Lock()
			defer e.one.Unlock()
			// Made once for every reader, so no one request's deadline
			// cuts it short; the budget stops starting seeds when the
			// generator rarely reaches the technique.
			bctx, cancel := context.WithTimeout(context.Background(), exampleBudget)
			defer cancel()
			x.tps, x.err = srv.cfg.Examples(bctx, t, lessonWorked+1)
			if x.err != nil {
				srv.log.Info("learn: a lesson's positions", "technique", t.String(), "made", len(x.tps), "err", x.err)
			}
		}()
	}
	e.mu.Unlock()
	select {
	case <-x.done:
		return x.tps, true
	default:
	}
	timer := time.NewTimer(wait)
	defer timer.Stop()
	select {
	case <-x.done:
		return x.tps, true
	case <-timer.C:
	case <-ctx.Done():
	}
	return nil, false
}

// example is the technique's position i, false when there is none (or
// it is not made yet).
func (srv *Server) example(ctx context.Context, t engine.TechniqueID, i int) (engine.TechniquePuzzle, bool) {
	tps, _ := srv.examples(ctx, t, 0)
	if i < 0 || i >= len(tps) {
		return engine.TechniquePuzzle{}, false
	}
	return tps[i], true
}

// exerciseIndex is the position of the find-it exercise: the one after
// the worked examples, else the first (then its worked example comes
// after the exercise on the page); -1 without any.
func exerciseIndex(n int) int {
	switch {
	case n > lessonWorked:
		return lessonWorked
	case n > 0:
		return 0
	}
	return -1
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

// workedExample is one worked example of a lesson: its picture (pattern
// and result drawn), a larger one to zoom into, and the step in words.
type workedExample struct {
	Heading, Picture, Zoom, Alt string
	Steps                       []string
	// Note says that this example is an illustration, on a page whose
	// other examples are the path's own steps.
	Note string
}

type lessonPage struct {
	Lang, Title, Heading, Expert string
	What, WhatText               string
	Spot, SpotText               string
	Why, WhyText                 string
	Variants, VariantsText       string
	InEnglish                    string
	Examples                     string
	Worked                       []workedExample
	Zoom                         string
	Exercise                     *exercisePage
	Practise, PractiseButton     string
	PractiseDiscord, Action      string
	All, AllHref                 string
	Intro                        string
	Lessons                      []lessonLink
	NoExample                    string
	// Illustrated says that the worked examples are all illustrations:
	// an easier step applies there too (a page mixing them with the
	// library's says so on each illustration's card instead).
	Illustrated string
	// NoPractise says why a technique cannot be practised (no Action).
	NoPractise string
	// PractiseNote says that the practice boards are illustrations (an
	// easier step applies there too; the hints show the technique).
	PractiseNote string
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
	h := fillPath(pathLesson, "technique", t.Slug())
	if loc != "" {
		h += "?lang=" + url.QueryEscape(loc)
	}
	return h
}

// langQuery is the ?lang= of a page's own links, "" without one.
func langQuery(loc, sep string) string {
	if loc == "" {
		return ""
	}
	return sep + "lang=" + url.QueryEscape(loc)
}

// techniqueName is a technique's plain name in a language.
func techniqueName(l *l10n.Lang, t engine.TechniqueID) string { return explain.TechniqueName(l, t) }

// learnPage is a technique's lesson: what it is, how to spot it, why it
// works and its variants (in English where the reader's language has no
// lesson yet, and the page says so), worked examples from different
// puzzles, each a picture with its pattern and result and the step in
// words, a find-it exercise, and Practise.
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
	expert := explain.ExpertName(lang, t)
	p := lessonPage{
		Lang: lang.Tag(), Title: lang.T("learn.title", "Name", name), Heading: name,
		What: lang.T("learn.what"), WhatText: about.Definition,
		Spot: lang.T("learn.spot"), Why: lang.T("learn.why"), Variants: lang.T("learn.variants"),
		Examples: lang.T("learn.examples"), Zoom: lang.T("learn.zoom"),
		Practise: lang.T("learn.practise"), PractiseButton: lang.T("learn.practise_button"),
		PractiseDiscord: practiseDiscord(lang, t),
		Action:          fillPath(pathLessonPractise, "technique", t.Slug()) + langQuery(loc, "?"),
		All:             lang.T("learn.all"), AllHref: lessonHref("", loc),
	}
	if !explain.SameName(name, expert) {
		p.Expert = lang.T("learn.expert_name", "Name", expert)
	}
	lesson, ok, err := lang.Lesson(t.Slug())
	if err != nil {
		srv.log.Error("learn: a lesson's text is broken", "technique", t.String(), "err", err)
	}
	if ok {
		p.SpotText, p.WhyText, p.VariantsText = lesson.Spot, lesson.Why, lesson.Variants
		if !sameLanguage(lesson.Tag, lang.Tag()) {
			p.InEnglish = lang.T("learn.in_english")
		}
	}
	tps, ready := srv.examples(r.Context(), t, pageWait)
	ex := exerciseIndex(len(tps))
	illustrated := 0
	for i, tp := range tps {
		if i == ex && ex == lessonWorked {
			continue // the exercise's position is not worked out on the page
		}
		w := workedExample{Heading: lang.T("learn.example_n", "N", len(p.Worked)+1),
			Picture: fillPath(pathLessonPicture, "technique", t.Slug()) + "?ex=" + strconv.Itoa(i),
			Alt:     lang.T("learn.picture_alt", "Name", name), Steps: explain.Step(lang, tp.Step)}
		w.Zoom = w.Picture + "&size=1400"
		if tp.Illustration {
			// The path would take another step there: say so rather
			// than let the page pass it off as the next step.
			w.Note = lang.T("learn.illustration_exercise") // the exercise's singular sentence fits one card
			illustrated++
		}
		p.Worked = append(p.Worked, w)
	}
	if illustrated > 0 && illustrated == len(p.Worked) {
		// Every example is one: once, over them all.
		p.Illustrated = lang.T("learn.illustrations")
		for i := range p.Worked {
			p.Worked[i].Note = ""
		}
	}
	switch lib := srv.cfg.Library(r.Context()); {
	case !lib.Offers(t):
		// Nothing to practise: say why instead of offering a button
		// that can only fail.
		p.Action = ""
		p.NoPractise = lang.T("learn.no_practise")
	case !lib.Serves(t):
		// Practised on illustrations: say so, and why for a technique
		// the path never takes first.
		p.PractiseNote = game.IllustrationNote(lang, t, "learn.practise_illustrations")
	}
	switch {
	case !ready:
		p.NoExample = lang.T("learn.examples_coming")
	case len(p.Worked) == 0 && p.NoPractise != "":
		p.NoExample = p.NoPractise
	case len(p.Worked) == 0:
		p.NoExample = lang.T("learn.no_example")
	}
	if ex >= 0 {
		p.Exercise = newExercisePage(lang, loc, t, ex, tps[ex])
		if tps[ex].Illustration {
			p.Exercise.Illustrated = lang.T("learn.illustration_exercise")
		}
	}
	writePage(w, http.StatusOK, p)
}

// sameLanguage reports whether two catalogue tags are one language
// (en-GB reads en-US's lessons without being told they are English).
func sameLanguage(a, b string) bool {
	base := func(s string) string { x, _, _ := strings.Cut(s, "-"); return x }
	return base(a) == base(b)
}

// learnPicture draws a lesson's position ?ex= (0 when absent) just before
// the step, with its candidates and the step drawn in full: pattern,
// roles and result; ?size= up to 1600 pixels for zooming on a phone.
func (srv *Server) learnPicture(w http.ResponseWriter, r *http.Request) {
	t, ok := lessonTechnique(r)
	if !ok {
		http.NotFound(w, r)
		return
	}
	i, err := strconv.Atoi(cmp.Or(r.URL.Query().Get("ex"), "0"))
	tp, found := srv.example(r.Context(), t, i)
	if err != nil || !found {
		http.NotFound(w, r)
		return
	}
	size := 720
	if v, err := strconv.Atoi(r.URL.Query().Get("size")); err == nil {
		size = min(max(v, 360), 1600)
	}
	theme := render.Light
	if r.URL.Query().Get("theme") == "dark" {
		theme = render.Dark
	}
	s := tp.Step
	marks := positionMarks(tp.Position)
	png, err := render.BoardPNG(render.Position{Puzzle: tp.Puzzle, Progress: tp.Position.Grid, Marks: &marks},
		render.Options{Theme: theme, Size: size, Candidates: true, Hint: &s, HintLevel: 3})
	if err != nil {
		srv.log.Error("learn: drawing an example failed", "technique", t.String(), "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "public, max-age=86400")
	w.Write(png)
}

// positionMarks are a position's candidates, none in filled cells.
func positionMarks(b engine.Board) [engine.NumCells]engine.Digits {
	marks := b.Cands
	for c, d := range b.Grid {
		if d != 0 {
			marks[c] = 0
		}
	}
	return marks
}

// practiseDiscord is the Discord command that practises a technique,
// named by its expert name as the page's language spells it: the
// command reads either spelling (engine.LookupTechnique's aliases).
func practiseDiscord(l *l10n.Lang, t engine.TechniqueID) string {
	return l.T("learn.practise_discord", "Technique", explain.ExpertName(l, t))
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
		refuse(http.StatusUnauthorized, practiseDiscord(lang, t))
		return
	}
	c, err := srv.keys.Verify(ctx, tok)
	if err != nil {
		srv.rejects.LogRejected("learn_token", http.StatusUnauthorized, r.RemoteAddr, err)
		refuse(http.StatusUnauthorized, practiseDiscord(lang, t))
		return
	}
	if !srv.limit.allow("u:"+c.User, srv.now(), webRate, webBurst) {
		refuse(http.StatusTooManyRequests, lang.T("web.error.too_many"))
		return
	}
	guild := ""
	if g, err := srv.cfg.Store.Game(ctx, c.Game); err == nil && game.CheckOwner(g, c.User) == nil {
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
	next, err := srv.mintLike(ctx, c, c.User, res.Game.ID)
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
:root{color-scheme:light dark;--fg:#1d1f24;--bg:#f6f6f4;--muted:#5b606b;--accent:#3b6fd8;--card:#fff;--line:#c9ccd3;--box:#30333a;--hl:#fff2b3;--bad:#d33b3b;--ok:#1f8a4c}
@media (prefers-color-scheme:dark){:root{--fg:#e6e7ea;--bg:#1e1f22;--muted:#a4a8b2;--accent:#7aa2ff;--card:#2b2d31;--line:#4a4d55;--box:#c9ccd3;--hl:#5a4f1c;--bad:#ff7b7b;--ok:#5fd18f}}
body{margin:0;background:var(--bg);color:var(--fg);font:17px/1.55 system-ui,-apple-system,"Segoe UI",sans-serif}
main{max-width:1100px;margin:0 auto;padding:20px 16px 48px}
h1{font-size:1.7em;margin:.2em 0 .1em}
.expert{color:var(--muted);margin:0 0 1em}
h2{font-size:1.15em;margin:1.4em 0 .4em}
h3{font-size:1em;margin:.2em 0 .4em}
.cols{display:grid;gap:4px 32px;grid-template-columns:minmax(0,1fr)}
@media (min-width:900px){.cols{grid-template-columns:minmax(0,1fr) minmax(0,1fr)}}
.card{background:var(--card);border-radius:12px;padding:10px 14px;margin-top:16px}
.worked{display:grid;gap:16px;grid-template-columns:minmax(0,1fr)}
@media (min-width:900px){.worked{grid-template-columns:repeat(3,minmax(0,1fr))}}
figure{margin:0}
figure img{width:100%;height:auto;display:block;border-radius:6px}
ul.steps{list-style:none;padding:0;margin:.4em 0 0;font-size:.92em} ul.steps li{margin:.3em 0;white-space:pre-line;overflow-wrap:anywhere}
button{font:inherit;background:var(--accent);color:#fff;border:0;border-radius:8px;padding:.6em 1.2em;cursor:pointer;min-height:44px}
button.quiet{background:transparent;color:var(--accent);border:1px solid var(--accent)}
.note{color:var(--muted);font-size:.92em}
.lang{border-left:4px solid var(--accent);padding:4px 10px;background:var(--card);border-radius:6px}
code{background:rgba(127,127,127,.18);padding:.1em .35em;border-radius:4px}
ul.lessons{columns:2 260px;padding-left:1.2em} .lvl{color:var(--muted);font-size:.85em}
a{color:var(--accent)}
.xboard{display:grid;grid-template-columns:repeat(9,1fr);width:min(100%,480px);aspect-ratio:1;border:2px solid var(--box);box-sizing:border-box;margin:8px 0;user-select:none}
.xc{all:unset;box-sizing:border-box;position:relative;display:grid;grid-template-columns:repeat(3,1fr);grid-template-rows:repeat(3,1fr);border-right:1px solid var(--line);border-bottom:1px solid var(--line);cursor:pointer;background:var(--card)}
.xc.br{border-right:2px solid var(--box)} .xc.bb{border-bottom:2px solid var(--box)}
.xc.hl{background:var(--hl)}
.xc.sel{outline:3px solid var(--accent);outline-offset:-3px;z-index:1}
.xc:focus-visible{outline:3px solid var(--accent);outline-offset:-3px}
.xc .v{grid-column:1/4;grid-row:1/4;display:flex;align-items:center;justify-content:center;font-size:clamp(16px,5.4vw,26px);font-weight:500;color:var(--muted)}
.xc .v.g{font-weight:700;color:var(--fg)}
.xc .k{display:flex;align-items:center;justify-content:center;font-size:clamp(10px,3vw,14px);line-height:1;color:var(--fg);border-radius:50%}
.xc .k.m{background:var(--bad);color:#fff;text-decoration:line-through}
.place .xc .k.m{background:var(--ok);text-decoration:none}
.xc .k.w{outline:2px solid var(--bad);outline-offset:-1px;background:transparent;color:var(--bad)}
.xc .k.a{outline:2px solid var(--accent);outline-offset:-1px}
.xpad{display:grid;grid-template-columns:repeat(9,1fr);gap:4px;width:min(100%,480px)}
.xpad button{padding:0;font-size:1.2em}
.xpad button:disabled{opacity:.35;cursor:default}
.xpad button[aria-pressed=true]{background:var(--bad)} .place .xpad button[aria-pressed=true]{background:var(--ok)}
.xact{display:flex;flex-wrap:wrap;gap:6px;margin:8px 0}
.xmsg{min-height:1.6em;white-space:pre-wrap;overflow-wrap:anywhere}
.xmsg.ok{color:var(--ok);font-weight:650} .xmsg.no{color:var(--bad)}
</style></head><body><main>
<h1>{{.Heading}}</h1>
{{if .Expert}}<p class="expert">{{.Expert}}</p>{{end}}
{{if .Intro}}<p>{{code .Intro}}</p>{{end}}
{{if .Lessons}}<ul class="lessons">{{range .Lessons}}<li><a href="{{.Href}}">{{.Name}}</a> <span class="lvl">{{.Level}}</span></li>{{end}}</ul>{{end}}
{{if .What}}
{{if .InEnglish}}<p class="lang">{{.InEnglish}}</p>{{end}}
<div class="cols"><div>
<section class="what"><h2>{{.What}}</h2><p>{{.WhatText}}</p></section>
{{if .SpotText}}<section class="spot"><h2>{{.Spot}}</h2><p>{{.SpotText}}</p></section>{{end}}
{{if .WhyText}}<section class="why"><h2>{{.Why}}</h2><p>{{.WhyText}}</p></section>{{end}}
{{if .VariantsText}}<section class="variants"><h2>{{.Variants}}</h2><p>{{.VariantsText}}</p></section>{{end}}
</div>
{{with .Exercise}}<section class="exercise card" id="exercise"><h2>{{.Heading}}</h2>
<p>{{.Task}}</p>
{{if .Illustrated}}<p class="note">{{.Illustrated}}</p>{{end}}
<div class="xboard" id="xboard"></div>
<div class="xpad" id="xpad"></div>
<div class="xact"><button type="button" data-act="check">{{.Check}}</button><button type="button" class="quiet" data-act="hint">{{.Hint}}</button><button type="button" class="quiet" data-act="reveal">{{.Reveal}}</button><button type="button" class="quiet" data-act="clear">{{.Clear}}</button></div>
<p class="xmsg" id="xmsg" aria-live="polite"></p>
<script>
(function(){
var D={{.Data}};
var board=document.getElementById("xboard"),pad=document.getElementById("xpad"),msg=document.getElementById("xmsg");
if(D.place)document.getElementById("exercise").classList.add("place");
var marks={},wrong={},answer={},hl={},sel=-1,hint=0,cells=[];
function name(c){return "r"+(Math.floor(c/9)+1)+"c"+(c%9+1)}
function has(c,d){return (D.cands[c]>>d)&1}
function draw(){for(var c=0;c<81;c++){var b=cells[c];b.textContent="";b.classList.toggle("sel",c===sel);b.classList.toggle("hl",!!hl[c]);
 if(D.grid[c]){var v=document.createElement("span");v.className="v"+(D.given[c]?" g":"");v.textContent=D.grid[c];b.appendChild(v);continue}
 for(var d=1;d<=9;d++){var k=document.createElement("span");k.className="k";var key=c+":"+d;if(has(c,d)){k.textContent=d;if(marks[key])k.classList.add("m");if(wrong[key])k.classList.add("w");if(answer[key])k.classList.add("a")}b.appendChild(k)}}
 var bs=pad.querySelectorAll("button");for(var i=0;i<9;i++){bs[i].disabled=!(sel>=0&&!D.grid[sel]&&has(sel,i+1));bs[i].setAttribute("aria-pressed",sel>=0&&marks[sel+":"+(i+1)]?"true":"false")}}
function toggle(d){if(sel<0||D.grid[sel]||!has(sel,d))return;var key=sel+":"+d;if(marks[key])delete marks[key];else marks[key]=true;delete wrong[key];say("");draw()}
function say(t,cls){msg.textContent=t;msg.className="xmsg"+(cls?" "+cls:"")}
for(var c=0;c<81;c++){var b=document.createElement("button");b.type="button";b.className="xc"+(c%9%3===2&&c%9!==8?" br":"")+(Math.floor(c/9)%3===2&&c<72?" bb":"");b.setAttribute("aria-label",name(c));b.dataset.cell=c;
 b.addEventListener("click",function(e){var c=+this.dataset.cell;var k=e.target.closest(".k");if(c===sel&&k&&k.textContent)toggle(+k.textContent);else{sel=c;draw()}});cells.push(b);board.appendChild(b)}
for(var d=1;d<=9;d++){var p=document.createElement("button");p.type="button";p.textContent=d;p.dataset.d=d;p.addEventListener("click",function(){toggle(+this.dataset.d)});pad.appendChild(p)}
document.addEventListener("keydown",function(e){if(sel<0)return;if(e.key>="1"&&e.key<="9"){toggle(+e.key);e.preventDefault()}});
function list(o){return Object.keys(o).map(function(k){var p=k.split(":");return [+p[0],+p[1]]})}
function ask(body,done){fetch(D.url,{method:"POST",headers:{"Content-Type":"application/json"},body:JSON.stringify(body)}).then(function(r){if(!r.ok)throw r;return r.json()}).then(done).catch(function(){say(D.words.failed,"no")})}
document.querySelector(".xact").addEventListener("click",function(e){var a=e.target.closest("button");if(!a)return;var act=a.dataset.act;
 if(act==="clear"){marks={};wrong={};answer={};hl={};hint=0;say("");draw();return}
 if(act==="check"){if(!Object.keys(marks).length){say(D.words.noMarks,"no");return}ask({action:"check",marks:list(marks)},function(r){wrong={};(r.wrong||[]).forEach(function(m){wrong[m[0]+":"+m[1]]=true});say(r.text,r.right?"ok":"no");draw()});return}
 if(act==="hint"){hint=Math.min(hint+1,2);ask({action:"hint",level:hint,marks:[]},function(r){hl={};(r.cells||[]).forEach(function(c){hl[c]=true});say(r.text);draw()});return}
 if(act==="reveal"){ask({action:"reveal",marks:[]},function(r){answer={};marks={};wrong={};(r.answer||[]).forEach(function(m){answer[m[0]+":"+m[1]]=true;marks[m[0]+":"+m[1]]=true});say(r.text);draw()})}});
draw();
})();
</script></section>{{end}}
</div>
<section class="examples"><h2>{{.Examples}}</h2>
{{if .Illustrated}}<p class="note">{{.Illustrated}}</p>{{end}}
{{if .Worked}}<p class="note">{{.Zoom}}</p><div class="worked">{{range .Worked}}<article class="card"><h3>{{.Heading}}</h3>
<figure><a href="{{.Zoom}}"><img src="{{.Picture}}" alt="{{.Alt}}" width="720" height="720" loading="lazy"></a></figure>
<ul class="steps">{{range .Steps}}<li>{{.}}</li>{{end}}</ul>{{if .Note}}<p class="note">{{.Note}}</p>{{end}}</article>{{end}}</div>{{else}}<p class="note">{{.NoExample}}</p>{{end}}
</section>
{{if .Action}}<form class="practise card" method="post" action="{{.Action}}">
<h2>{{.Practise}}</h2>
{{if .PractiseNote}}<p class="note">{{.PractiseNote}}</p>{{end}}
<input type="hidden" name="token" id="token" value="">
<p><button type="submit">{{.PractiseButton}}</button></p>
<p class="note">{{code .PractiseDiscord}}</p>
</form>
<script>
// The board's token rides in the fragment (never sent to a server log);
// the Practise form sends it once, by POST, to start a game as this player.
(function(){var t=location.hash.slice(1);if(t){document.getElementById("token").value=decodeURIComponent(t)}})();
</script>{{else if .Worked}}<section class="practise card"><h2>{{.Practise}}</h2><p class="note">{{.NoPractise}}</p></section>{{end}}
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
