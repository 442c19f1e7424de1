package webapi

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"slices"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
)

func getPage(t *testing.T, u string, header ...string) (int, string, http.Header) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, u, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b), resp.Header
}

// TestLessonPages: a lesson in every language (from ?lang= or
// Accept-Language) says what the technique is, how to spot it, why it
// works and its variants, shows three worked examples each with its
// picture, and the find-it exercise; a language without the lesson's prose
// says it reads it in English; an unknown technique is a 404 page.
func TestLessonPages(t *testing.T) {
	h := newHarness(t, unbudgetedExamples)
	if _, ready := h.srv.examples(context.Background(), "X-Wing", time.Minute); !ready {
		t.Fatal("the X-Wing's positions are not made in a minute")
	}
	for _, loc := range l10n.DiscordLocales() {
		lang := l10n.For(loc)
		code, body, _ := getPage(t, h.http.URL+"/learn/x-wing?lang="+url.QueryEscape(loc))
		if code != http.StatusOK {
			t.Fatalf("%s: %d", loc, code)
		}
		for _, id := range []string{"learn.what", "learn.spot", "learn.why", "learn.variants", "learn.examples", "learn.exercise", "learn.check", "learn.practise_button"} {
			want := lang.T(id)
			if !strings.Contains(body, want) && !strings.Contains(body, strings.ReplaceAll(want, "’", "&rsquo;")) {
				t.Errorf("%s: page lacks %s %q", loc, id, want)
			}
		}
		for i := range lessonWorked {
			if pic := fmt.Sprintf("/learn/x-wing/picture.png?ex=%d", i); !strings.Contains(body, pic) {
				t.Errorf("%s: no worked example %d (%s)", loc, i+1, pic)
			}
		}
		// Every language has an X-Wing lesson of its own (es-419 reads the
		// Spanish one), so no page says it is in English.
		english := strings.Contains(body, html.EscapeString(lang.T("learn.in_english")))
		if wantEnglish := !strings.HasPrefix(loc, "en") && loc != "de" && loc != "fr" && loc != "es-ES" && loc != "es-419" && loc != "pt-BR" && loc != "ja" && loc != "zh-CN" && loc != "zh-TW"; english != wantEnglish {
			t.Errorf("%s: says the lesson is in English: %v, want %v", loc, english, wantEnglish)
		}
	}
	code, body, _ := getPage(t, h.http.URL+"/learn/", "Accept-Language", "de-AT,en;q=0.5")
	if code != http.StatusOK || !strings.Contains(body, l10n.For("de").T("learn.index_title")) || !strings.Contains(body, `href="/learn/xy-wing?lang=de"`) {
		t.Errorf("index: %d, German title or lesson link missing", code)
	}
	if code, _, _ := getPage(t, h.http.URL+"/learn/no-such-thing"); code != http.StatusNotFound {
		t.Errorf("unknown technique: %d", code)
	}
	if code, _, _ := getPage(t, h.http.URL+"/learn/kraken-fish"); code != http.StatusNotFound {
		t.Errorf("off-path technique: %d", code)
	}
	code, body, hdr := getPage(t, h.http.URL+"/learn/x-wing/picture.png")
	if code != http.StatusOK || hdr.Get("Content-Type") != "image/png" || !strings.HasPrefix(body, "\x89PNG") {
		t.Errorf("picture: %d %s", code, hdr.Get("Content-Type"))
	}
	code, big, _ := getPage(t, h.http.URL+"/learn/x-wing/picture.png?ex=2&size=1400")
	if code != http.StatusOK || len(big) <= len(body) {
		t.Errorf("zoomed picture of example 3: %d, %d bytes (the default one has %d)", code, len(big), len(body))
	}
	if code, _, _ := getPage(t, h.http.URL+"/learn/x-wing/picture.png?ex=9"); code != http.StatusNotFound {
		t.Errorf("picture of a missing example: %d", code)
	}
}

// unbudgetedExamples makes a lesson's positions as the server does (the
// library, then the generator), but without its time budget, so a loaded
// machine gets the same positions.
func unbudgetedExamples(c *Config) {
	c.Examples = func(_ context.Context, t engine.TechniqueID, n int) ([]engine.TechniquePuzzle, error) {
		return libraryExamples(context.Background(), t, n)
	}
}

// TestEveryLessonHasItsOwnWords: every technique the lessons list has an
// English lesson (how to spot it, why it works, its variants), and no two
// techniques share their "how to spot it": each is about its technique,
// not its tier.
func TestEveryLessonHasItsOwnWords(t *testing.T) {
	spots := map[string]engine.TechniqueID{}
	for _, id := range engine.TechniqueIDs() {
		if !engine.Trainable(id) {
			continue
		}
		l, ok, err := l10n.English().Lesson(id.Slug())
		if err != nil || !ok {
			t.Errorf("%s: no English lesson (%v)", id, err)
			continue
		}
		if len(l.Spot) < 80 || len(l.Why) < 80 || len(l.Variants) < 60 {
			t.Errorf("%s: a lesson too short to teach: %+v", id, l)
		}
		if other, dup := spots[l.Spot]; dup {
			t.Errorf("%s and %s have the same \"how to spot it\": %q", other, id, l.Spot)
		}
		spots[l.Spot] = id
	}
}

// TestLessonExamplesFromAFunction: the lesson takes its positions from
// Config.Examples: the first three are worked examples, the fourth the
// exercise (not worked out on the page); with fewer, the exercise is the
// first position, and without any the page says so.
func TestLessonExamplesFromAFunction(t *testing.T) {
	var made []engine.TechniquePuzzle
	for seed := uint64(1); len(made) < 4; seed++ {
		tp, err := engine.GenerateTechnique(engine.TechniqueOptions{Technique: "Pointing", Seed: seed})
		if err == nil {
			made = append(made, tp)
		}
	}
	for _, tc := range []struct {
		n        int
		worked   int
		exercise int
	}{{4, 3, 3}, {2, 2, 0}, {0, 0, -1}} {
		h := newHarness(t, func(c *Config) {
			c.Examples = func(_ context.Context, tech engine.TechniqueID, n int) ([]engine.TechniquePuzzle, error) {
				if tech != "Pointing" || n < tc.n {
					t.Errorf("Examples(%s, %d)", tech, n)
				}
				return made[:tc.n], nil
			}
		})
		h.srv.examples(context.Background(), "Pointing", time.Minute)
		_, body, _ := getPage(t, h.http.URL+"/learn/pointing")
		if got := strings.Count(body, `src="/learn/pointing/picture.png?ex=`); got != tc.worked {
			t.Errorf("%d positions: %d worked examples, want %d", tc.n, got, tc.worked)
		}
		if tc.exercise < 0 {
			if strings.Contains(body, `id="xboard"`) || !strings.Contains(body, l10n.English().T("learn.no_example")) {
				t.Errorf("no positions: the page shows an exercise or does not say no example is ready")
			}
			continue
		}
		if want := fmt.Sprintf(`/learn/pointing/exercise?ex=%d`, tc.exercise); !strings.Contains(body, want) {
			t.Errorf("%d positions: the exercise is not position %d", tc.n, tc.exercise)
		}
	}
}

// TestLessonPageDoesNotWaitForSlowExamples: a lesson whose positions take
// long is shown without them after pageWait, saying they are being
// prepared; a later visit shows them. On a testing/synctest bubble's
// clock, so that the page's 3 s wait costs no time and is measured
// exactly: the server is made outside the bubble (its listener would keep
// the bubble's clock still) and the pages are asked of its handler in
// memory.
func TestLessonPageDoesNotWaitForSlowExamples(t *testing.T) {
	var made []engine.TechniquePuzzle
	for seed := uint64(1); len(made) < 4; seed++ {
		if tp, err := engine.GenerateTechnique(engine.TechniqueOptions{Technique: "Pointing", Seed: seed}); err == nil {
			made = append(made, tp)
		}
	}
	// Made in the bubble: a goroutine waiting on a channel from outside
	// it would keep its clock still.
	var release chan struct{}
	h := newHarness(t, func(c *Config) {
		c.Examples = func(context.Context, engine.TechniqueID, int) ([]engine.TechniquePuzzle, error) {
			<-release
			return made, nil
		}
	})
	handler := h.srv.Handler()
	page := func(path string) string {
		w := httptest.NewRecorder()
		handler.ServeHTTP(w, httptest.NewRequest(http.MethodGet, path, nil))
		return w.Body.String()
	}
	synctest.Test(t, func(t *testing.T) {
		release = make(chan struct{})
		start := time.Now()
		body := page("/learn/pointing")
		if !strings.Contains(body, html.EscapeString(l10n.English().T("learn.examples_coming"))) || strings.Contains(body, "picture.png?ex=") {
			t.Errorf("a lesson whose positions are not made yet does not say so")
		}
		if d := time.Since(start); d != pageWait {
			t.Errorf("the page waited %v for its positions, want %v", d, pageWait)
		}
		close(release)
		if _, ready := h.srv.examples(context.Background(), "Pointing", time.Minute); !ready {
			t.Fatal("the positions are not made after release")
		}
		if body := page("/learn/pointing"); !strings.Contains(body, "picture.png?ex=2") {
			t.Errorf("the next visit does not show the worked examples")
		}
	})
}

// postExercise sends an action of the exercise and reads the answer.
func postExercise(t *testing.T, u string, req ExerciseRequest) ExerciseReply {
	t.Helper()
	body, _ := json.Marshal(req)
	resp, err := http.Post(u, "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(resp.Body)
		t.Fatalf("%s: %d %s", req.Action, resp.StatusCode, b)
	}
	var out ExerciseReply
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestLessonExercise: the engine checks the player's marks against the
// step: exactly its result is right; a mark that is not part of it is sent
// back as wrong; part of the result is "not yet"; the hint points at the
// houses, then the pattern, without the result; the reveal gives the
// result. A bad request is refused.
func TestLessonExercise(t *testing.T) {
	h := newHarness(t, unbudgetedExamples)
	for _, tc := range []struct {
		tech  engine.TechniqueID
		place bool
	}{{"X-Wing", false}, {"Hidden Single", true}} {
		t.Run(tc.tech.Slug(), func(t *testing.T) { testExercise(t, h, tc.tech, tc.place) })
	}
}

func testExercise(t *testing.T, h *harness, tech engine.TechniqueID, wantPlace bool) {
	tps, ready := h.srv.examples(context.Background(), tech, time.Minute)
	if !ready || len(tps) == 0 {
		t.Fatalf("%s: no positions", tech)
	}
	ex := exerciseIndex(len(tps))
	step := tps[ex].Step
	answer, place := exerciseAnswer(step)
	if place != wantPlace || len(answer) == 0 {
		t.Fatalf("%s: the exercise places %v, want placing %v", tech, answer, wantPlace)
	}
	_, page, _ := getPage(t, h.http.URL+"/learn/"+tech.Slug()) // made above: ready
	if task := l10n.English().T(map[bool]string{false: "learn.exercise_remove", true: "learn.exercise_place"}[wantPlace]); !strings.Contains(page, html.EscapeString(task)) {
		t.Errorf("%s: the exercise does not ask %q", tech, task)
	}
	u := fmt.Sprintf("%s/learn/%s/exercise?ex=%d&lang=fr", h.http.URL, tech.Slug(), ex)
	fr := l10n.For("fr")
	var right [][2]int
	for _, c := range answer {
		right = append(right, [2]int{c.Cell, int(c.Digit)})
	}
	if r := postExercise(t, u, ExerciseRequest{Action: "check", Marks: right}); !r.Right || r.Text != fr.T("learn.right") {
		t.Errorf("the step's result: %+v", r)
	}
	// A candidate of the board that the step does not remove.
	var other [2]int
	for c := range engine.NumCells {
		for _, d := range tps[ex].Position.Cands[c].Slice() {
			if tps[ex].Position.Grid[c] == 0 && !slices.Contains(right, [2]int{c, int(d)}) {
				other = [2]int{c, int(d)}
			}
		}
	}
	r := postExercise(t, u, ExerciseRequest{Action: "check", Marks: append(slices.Clone(right), other)})
	if r.Right || len(r.Wrong) != 1 || r.Wrong[0] != other || r.Text != fr.T("learn.wrong_marks") {
		t.Errorf("the result and %v: %+v", other, r)
	}
	if len(right) > 1 {
		if r := postExercise(t, u, ExerciseRequest{Action: "check", Marks: right[:1]}); r.Right || len(r.Wrong) != 0 || r.Text != fr.T("learn.missing_marks") {
			t.Errorf("part of the result: %+v", r)
		}
	}
	if r := postExercise(t, u, ExerciseRequest{Action: "check"}); r.Right || r.Text != fr.T("learn.no_marks") {
		t.Errorf("no marks: %+v", r)
	}
	h1 := postExercise(t, u, ExerciseRequest{Action: "hint", Level: 1})
	h2 := postExercise(t, u, ExerciseRequest{Action: "hint", Level: 2})
	if h1.Text == "" || h2.Text == "" || len(h1.Cells) == 0 || len(h2.Cells) == 0 || h1.Text == h2.Text {
		t.Errorf("hints: %+v then %+v", h1, h2)
	}
	for _, hr := range []ExerciseReply{h1, h2} {
		if len(hr.Answer) > 0 || hr.Right {
			t.Errorf("a hint gives the answer: %+v", hr)
		}
	}
	if r := postExercise(t, u, ExerciseRequest{Action: "reveal"}); !slices.Equal(r.Answer, right) || !strings.HasPrefix(r.Text, fr.T("learn.revealed")) {
		t.Errorf("reveal: %+v, want %v", r, right)
	}
	for _, bad := range []string{`{"action":"guess"}`, `not json`} {
		resp, err := http.Post(u, "application/json", strings.NewReader(bad))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusBadRequest {
			t.Errorf("%s: %d", bad, resp.StatusCode)
		}
	}
	resp, err := http.Post(strings.Replace(u, fmt.Sprintf("ex=%d", ex), "ex=0", 1), "application/json", strings.NewReader(`{"action":"reveal"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if ex != 0 && resp.StatusCode != http.StatusNotFound {
		t.Errorf("the answer of a worked example's position by the exercise's door: %d", resp.StatusCode)
	}
}

// TestLessonPractise: Practise with the board token the page was opened
// with starts a training game for that player and opens it on the board
// with a token for the new game; without a token it says how to start one
// in Discord.
func TestLessonPractise(t *testing.T) {
	h := newHarness(t)
	_, tok := h.game(t, "u1")
	noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := noRedirect.PostForm(h.http.URL+"/learn/xy-wing/practise?lang=fr", url.Values{"token": {tok}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	loc := resp.Header.Get("Location")
	if resp.StatusCode != http.StatusSeeOther || !strings.HasPrefix(loc, "/board/?lang=fr#") {
		t.Fatalf("practise: %d %q", resp.StatusCode, loc)
	}
	c, err := h.srv.keys.Verify(context.Background(), strings.SplitN(loc, "#", 2)[1])
	if err != nil || c.User != "u1" {
		t.Fatalf("new token: %v %+v", err, c)
	}
	g, err := h.store.Game(context.Background(), c.Game)
	if err != nil {
		t.Fatal(err)
	}
	if g.Entries == (engine.Grid{}) {
		t.Error("the training game starts from the givens, want the position before the XY-Wing")
	}
	// A technique the path never takes first is practised on one of its
	// illustrations: the game starts at its position, and its puzzle
	// says so (the hints show the technique first there).
	resp, err = noRedirect.PostForm(h.http.URL+"/learn/remote-pair/practise?lang=fr", url.Values{"token": {tok}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	loc = resp.Header.Get("Location")
	if resp.StatusCode != http.StatusSeeOther || !strings.HasPrefix(loc, "/board/?lang=fr#") {
		t.Fatalf("practise remote-pair: %d %q", resp.StatusCode, loc)
	}
	if c, err = h.srv.keys.Verify(context.Background(), strings.SplitN(loc, "#", 2)[1]); err != nil {
		t.Fatal(err)
	}
	if g, err = h.store.Game(context.Background(), c.Game); err != nil {
		t.Fatal(err)
	}
	if p, err := h.store.Puzzle(context.Background(), g.PuzzleID); err != nil || !strings.HasPrefix(p.Origin, "illustration:Remote Pair@") || g.Entries == (engine.Grid{}) {
		t.Errorf("practise remote-pair: origin %q, entries %v, %v; want an illustration's position", p.Origin, g.Entries != (engine.Grid{}), err)
	}
	resp, err = noRedirect.PostForm(h.http.URL+"/learn/xy-wing/practise", url.Values{"token": {"nope"}})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnauthorized || !strings.Contains(string(b), "<code>") {
		t.Errorf("bad token: %d %s", resp.StatusCode, b)
	}
}

// TestLessonWithoutPractise: the lesson of a technique the library
// cannot train offers Practise on its illustrations and says so: for one
// the solving path never takes first (engine.NeverFirst), also every
// technique that comes first (all three for Franken X-Wing); a technique
// with neither a puzzle nor an illustration offers no Practise and says
// the bot is still looking.
func TestLessonWithoutPractise(t *testing.T) {
	h := newHarness(t, func(c *Config) {
		c.Examples = func(context.Context, engine.TechniqueID, int) ([]engine.TechniquePuzzle, error) { return nil, nil }
	})
	empty := newHarness(t, func(c *Config) {
		c.Examples = func(context.Context, engine.TechniqueID, int) ([]engine.TechniquePuzzle, error) { return nil, nil }
		c.Library = func(context.Context) *engine.TechniqueLibrary { return &engine.TechniqueLibrary{} }
	})
	lang := l10n.For("en-US")
	on := lang.T("learn.practise_illustrations")
	for _, tc := range []struct {
		h        *harness
		slug     string
		practise bool
		want     []string
	}{
		{h, "remote-pair", true, []string{lang.T("train.never_first", "Names", lang.OrList([]string{
			lang.T("train.never_first_name", "Name", techniqueName(lang, engine.TechNakedPair)),
			lang.T("train.never_first_name", "Name", techniqueName(lang, engine.TechSimpleColouring)),
		})), on}},
		{h, "franken-x-wing", true, []string{lang.T("train.never_first", "Names", lang.OrList([]string{
			lang.T("train.never_first_name", "Name", techniqueName(lang, engine.TechHiddenSingle)),
			lang.T("train.never_first_name", "Name", techniqueName(lang, engine.TechPointing)),
			lang.T("train.never_first_name", "Name", techniqueName(lang, engine.TechClaiming)),
		})), on}},
		{h, "template-set", true, []string{on}},
		{empty, "xy-wing", false, []string{lang.T("learn.no_practise")}},
	} {
		code, body, _ := getPage(t, tc.h.http.URL+"/learn/"+tc.slug+"?lang=en-US")
		if code != http.StatusOK {
			t.Fatalf("%s: %d", tc.slug, code)
		}
		if offers := strings.Contains(body, lang.T("learn.practise_button")) && strings.Contains(body, "/practise"); offers != tc.practise {
			t.Errorf("%s: the page offers Practise: %v, want %v", tc.slug, offers, tc.practise)
		}
		for _, want := range tc.want {
			if !strings.Contains(html.UnescapeString(body), want) {
				t.Errorf("%s: the page does not say %q", tc.slug, want)
			}
		}
	}
}

// TestLessonPractiseFromServedLibrary: a lesson offers Practise where
// the served library (Config.Library: the shipped one and the background
// jobs' finds) holds a puzzle, so the lesson of a technique no release
// trains offers it once a job finds one.
func TestLessonPractiseFromServedLibrary(t *testing.T) {
	shipped := engine.DefaultTechniqueLibrary()
	find := shipped.Entries(engine.TechXWing)[0]
	find.Technique = engine.TechTemplateSet // a stand-in: no puzzle of it is known
	h := newHarness(t, func(c *Config) {
		c.Examples = func(context.Context, engine.TechniqueID, int) ([]engine.TechniquePuzzle, error) { return nil, nil }
		c.Library = func(context.Context) *engine.TechniqueLibrary { return shipped.With([]engine.LibraryEntry{find}) }
	})
	lang := l10n.For("en-US")
	code, body, _ := getPage(t, h.http.URL+"/learn/template-set?lang=en-US")
	if code != http.StatusOK {
		t.Fatalf("template-set: %d", code)
	}
	if !strings.Contains(body, lang.T("learn.practise_button")) || !strings.Contains(body, "/practise") {
		t.Errorf("with a find of %s the lesson offers no Practise", find.Technique)
	}
	if strings.Contains(html.UnescapeString(body), lang.T("learn.no_practise")) {
		t.Errorf("with a find of %s the lesson still says %q", find.Technique, lang.T("learn.no_practise"))
	}
}

// TestIllustrationLessons: the lesson of a technique no puzzle trains
// (one the path never takes first, one no puzzle is known of) shows three
// worked examples and the exercise from the illustrations, says an easier
// step applies there too, and offers Practise on them, saying so (and
// why, for the first); the exercise checks the technique's own step.
func TestIllustrationLessons(t *testing.T) {
	h := newHarness(t, unbudgetedExamples)
	lang := l10n.For("de")
	for _, tc := range []struct {
		tech engine.TechniqueID
		why  string
	}{
		{engine.TechRemotePair, lang.T("train.never_first", "Names", lang.OrList([]string{
			lang.T("train.never_first_name", "Name", techniqueName(lang, engine.TechNakedPair)),
			lang.T("train.never_first_name", "Name", techniqueName(lang, engine.TechSimpleColouring)),
		}))},
		{engine.TechMutantSwordfish, lang.T("learn.practise_illustrations")},
	} {
		tps, ready := h.srv.examples(context.Background(), tc.tech, time.Minute)
		if !ready || len(tps) != lessonWorked+1 {
			t.Fatalf("%s: %d positions, want %d", tc.tech, len(tps), lessonWorked+1)
		}
		code, body, _ := getPage(t, h.http.URL+"/learn/"+tc.tech.Slug()+"?lang=de")
		body = html.UnescapeString(body)
		if code != http.StatusOK {
			t.Fatalf("%s: %d", tc.tech, code)
		}
		for i := range lessonWorked {
			if pic := fmt.Sprintf("/learn/%s/picture.png?ex=%d", tc.tech.Slug(), i); !strings.Contains(body, pic) {
				t.Errorf("%s: no worked example %d", tc.tech, i+1)
			}
		}
		for _, want := range []string{lang.T("learn.illustrations"), lang.T("learn.illustration_exercise"), tc.why, lang.T("learn.exercise")} {
			if !strings.Contains(body, want) {
				t.Errorf("%s: the page does not say %q", tc.tech, want)
			}
		}
		if !strings.Contains(body, lang.T("learn.practise_button")) || !strings.Contains(body, "/practise") {
			t.Errorf("%s: the page offers no Practise", tc.tech)
		}
		ex := exerciseIndex(len(tps))
		answer, _ := exerciseAnswer(tps[ex].Step)
		var right [][2]int
		for _, c := range answer {
			right = append(right, [2]int{c.Cell, int(c.Digit)})
		}
		u := fmt.Sprintf("%s/learn/%s/exercise?ex=%d&lang=de", h.http.URL, tc.tech.Slug(), ex)
		if r := postExercise(t, u, ExerciseRequest{Action: "check", Marks: right}); !r.Right || len(right) == 0 {
			t.Errorf("%s: the step's result %v: %+v", tc.tech, right, r)
		}
		if code, _, hdr := getPage(t, h.http.URL+"/learn/"+tc.tech.Slug()+"/picture.png?ex=1"); code != http.StatusOK || hdr.Get("Content-Type") != "image/png" {
			t.Errorf("%s: picture: %d", tc.tech, code)
		}
	}
}

// TestMixedLessonNotes: a lesson whose worked examples are partly the
// path's own steps and partly illustrations (as engine.TechniqueExamples
// fills up a technique with fewer than four library puzzles: Dynamic
// Forcing Chain (+) had one, testdata/illustrations-dfc-plus.txt) marks
// each illustration on its own card and says nothing over all of them,
// which would pass the library's example off as one.
func TestMixedLessonNotes(t *testing.T) {
	tech := engine.TechDynamicForcingChainPlus
	text, err := os.ReadFile("testdata/illustrations-dfc-plus.txt")
	if err != nil {
		t.Fatal(err)
	}
	ills, err := engine.ParseTechniqueLibrary(string(text))
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, func(c *Config) {
		c.Examples = func(context.Context, engine.TechniqueID, int) ([]engine.TechniquePuzzle, error) {
			out := engine.TechniqueExamples(tech, 1)
			for _, e := range ills.Entries(tech) {
				tp, ok := e.Illustrate()
				if !ok {
					return nil, fmt.Errorf("%s: not an illustration", e.Source)
				}
				out = append(out, tp)
			}
			return out, nil
		}
	})
	lang := l10n.For("fr")
	tps, ready := h.srv.examples(context.Background(), tech, time.Minute)
	if !ready || len(tps) != lessonWorked+1 {
		t.Fatalf("%d positions, want %d", len(tps), lessonWorked+1)
	}
	ill := 0
	for _, tp := range tps[:lessonWorked] {
		if tp.Illustration {
			ill++
		}
	}
	if tps[0].Illustration || ill == 0 {
		t.Fatalf("want the library's puzzle first, then illustrations: %d of %d worked are illustrations", ill, lessonWorked)
	}
	code, body, _ := getPage(t, h.http.URL+"/learn/"+tech.Slug()+"?lang=fr")
	body = html.UnescapeString(body)
	if code != http.StatusOK {
		t.Fatalf("%d", code)
	}
	if strings.Contains(body, lang.T("learn.illustrations")) {
		t.Error("the page says over all its examples that an easier step applies, the library's too")
	}
	if n := strings.Count(body, lang.T("learn.illustration_exercise")); n < ill {
		t.Errorf("%d illustration notes, want one per illustrated card (%d)", n, ill)
	}
	if !strings.Contains(body, lang.T("learn.practise_button")) {
		t.Error("the page does not offer Practise, which the library's puzzle serves")
	}
}

// TestBritishLessonPages: en-GB's lessons file holds only the lessons
// spelt the British way; such a lesson reads "colour" on an en-GB page and
// "color" on an en-US one, and so does its expert name ("Simple
// Coloring" on en-US's); a lesson en-GB reads from en-US says nothing
// about being in another language (both are English).
func TestBritishLessonPages(t *testing.T) {
	h := newHarness(t, func(c *Config) {
		c.Examples = func(context.Context, engine.TechniqueID, int) ([]engine.TechniquePuzzle, error) { return nil, nil }
	})
	for _, tech := range []engine.TechniqueID{engine.TechSimpleColouring, engine.TechMultiColouring, "X-Wing"} {
		h.srv.examples(context.Background(), tech, time.Minute)
	}
	note := html.EscapeString(l10n.English().T("learn.in_english"))
	for _, tc := range []struct {
		page, want, not string
	}{
		{"/learn/simple-colouring?lang=en-GB", "two colours in turn", "two colors in turn"},
		{"/learn/simple-colouring?lang=en-US", "two colors in turn", "two colours in turn"},
		{"/learn/x-wing?lang=en-GB", "", ""},
		// The expert name as each language spells it, in the page's
		// "also known as" and its Discord command: the key's British
		// "Colouring" nowhere on an en-US page but in its addresses.
		{"/learn/simple-colouring?lang=en-US", "Also known as Simple Coloring", "Colouring"},
		{"/learn/simple-colouring?lang=en-US", "technique:Simple Coloring", "Colouring"},
		{"/learn/multi-colouring?lang=en-US", "Also known as Multi-Coloring", "Colouring"},
		{"/learn/simple-colouring?lang=en-GB", "Also known as Simple Colouring", "Coloring"},
		{"/learn/simple-colouring?lang=en-GB", "technique:Simple Colouring", "Coloring"},
		{"/learn/simple-colouring?lang=de", "Auch bekannt als Simple Colouring", "Coloring"},
	} {
		code, body, _ := getPage(t, h.http.URL+tc.page)
		if code != http.StatusOK {
			t.Fatalf("%s: %d", tc.page, code)
		}
		if !strings.Contains(body, tc.want) || tc.not != "" && strings.Contains(body, tc.not) {
			t.Errorf("%s: want %q and not %q", tc.page, tc.want, tc.not)
		}
		if strings.Contains(body, note) {
			t.Errorf("%s: says the lesson is not in the reader's language", tc.page)
		}
	}
	for _, tc := range []struct {
		a, b string
		same bool
	}{{"en-GB", "en-US", true}, {"en-GB", "en-GB", true}, {"de", "en-US", false}, {"pt-BR", "pt-BR", true}} {
		if got := sameLanguage(tc.a, tc.b); got != tc.same {
			t.Errorf("sameLanguage(%s, %s) = %v, want %v", tc.a, tc.b, got, tc.same)
		}
	}
}
