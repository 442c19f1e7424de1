package webapi

// The find-it exercise of a lesson page: the board just before the step,
// on which the player marks the candidates the technique removes (or the
// digit it places); the server checks the marks against the engine's step
// (POST /learn/{technique}/exercise), gives a hint in two levels, and
// reveals the answer. The answer never rides in the page.

import (
	"encoding/json"
	"html/template"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/explain"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/stepjson"
)

// exercisePage is what the page shows of the exercise; Data is the board
// and the words the script needs, as JSON.
type exercisePage struct {
	Heading, Task string
	Check, Hint   string
	Reveal, Clear string
	// Illustrated says the position is an illustration: an easier step
	// applies there too.
	Illustrated string
	Data        template.JS
}

// exerciseBoard is the exercise's board for the page's script.
type exerciseBoard struct {
	Grid  []int  `json:"grid"`  // 81 digits, 0 for empty
	Given []bool `json:"given"` // the puzzle's givens
	Cands []int  `json:"cands"` // candidates of each empty cell, bit d for digit d
	Place bool   `json:"place"` // the step places digits (else it removes candidates)
	URL   string `json:"url"`   // where the marks are checked
	Words struct {
		NoMarks string `json:"noMarks"`
		Failed  string `json:"failed"`
	} `json:"words"`
}

// exerciseAnswer is what the step does: the candidates it places, else
// those it removes; place tells which.
func exerciseAnswer(s engine.Step) (cands []engine.Candidate, place bool) {
	if len(s.Placements) > 0 {
		return s.Placements, true
	}
	return s.Eliminations, false
}

func newExercisePage(lang *l10n.Lang, loc string, t engine.TechniqueID, ex int, tp engine.TechniquePuzzle) *exercisePage {
	_, place := exerciseAnswer(tp.Step)
	b := exerciseBoard{Grid: make([]int, engine.NumCells), Given: make([]bool, engine.NumCells), Cands: make([]int, engine.NumCells), Place: place,
		URL: fillPath(pathLessonExercise, "technique", t.Slug()) + "?ex=" + strconv.Itoa(ex) + langQuery(loc, "&")}
	marks := positionMarks(tp.Position)
	for c := range engine.NumCells {
		b.Grid[c] = int(tp.Position.Grid[c])
		b.Given[c] = tp.Puzzle[c] != 0
		b.Cands[c] = int(marks[c])
	}
	b.Words.NoMarks = lang.T("learn.no_marks")
	b.Words.Failed = lang.T("learn.practise_failed")
	data, _ := json.Marshal(b)
	task := lang.T("learn.exercise_remove")
	if place {
		task = lang.T("learn.exercise_place")
	}
	return &exercisePage{Heading: lang.T("learn.exercise"), Task: task, Check: lang.T("learn.check"), Hint: lang.T("learn.hint"),
		Reveal: lang.T("learn.reveal"), Clear: lang.T("learn.clear"), Data: template.JS(data)}
}

// ExerciseRequest is what the page sends: an action and the player's marks
// as [cell, digit] pairs (cells 0-80).
type ExerciseRequest struct {
	Action ExerciseAction `json:"action"`
	Level  int            `json:"level"` // of a hint: 1 the area, 2 the pattern
	Marks  [][2]int       `json:"marks"`
}

// ExerciseAction is what the exercise's page asks.
type ExerciseAction string

// The actions of the exercise.
const (
	ExerciseCheck  ExerciseAction = "check"  // are the marks the step's result?
	ExerciseHint   ExerciseAction = "hint"   // where to look (ExerciseRequest.Level)
	ExerciseReveal ExerciseAction = "reveal" // the answer and the step's words
)

// ExerciseActions lists every ExerciseAction, for the board's contract.
func ExerciseActions() []ExerciseAction {
	return []ExerciseAction{ExerciseCheck, ExerciseHint, ExerciseReveal}
}

// ExerciseReply is the server's answer: words for the player, whether the
// marks are right, the marks that are not part of the step, the cells a
// hint points at, and the answer when revealed.
type ExerciseReply struct {
	Text   string   `json:"text"`
	Right  bool     `json:"right"`
	Wrong  [][2]int `json:"wrong,omitempty"`
	Cells  []int    `json:"cells,omitempty"`
	Answer [][2]int `json:"answer,omitempty"`
}

// maxExerciseMarks bounds a request's marks: every candidate of a board.
const maxExerciseMarks = engine.NumCells * 9

func (srv *Server) learnExercise(w http.ResponseWriter, r *http.Request) {
	lang, _ := pageLang(r)
	t, ok := lessonTechnique(r)
	if !ok {
		http.NotFound(w, r)
		return
	}
	i, err := strconv.Atoi(r.URL.Query().Get("ex"))
	tps, _ := srv.examples(r.Context(), t, 0)
	if err != nil || i != exerciseIndex(len(tps)) {
		http.NotFound(w, r)
		return
	}
	var req ExerciseRequest
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 32<<10)).Decode(&req); err != nil || len(req.Marks) > maxExerciseMarks {
		http.Error(w, "bad request: want {\"action\": \"check\"|\"hint\"|\"reveal\", \"marks\": [[cell, digit], ...]}", http.StatusBadRequest)
		return
	}
	s := tps[i].Step
	var out ExerciseReply
	switch req.Action {
	case ExerciseCheck:
		out = checkExercise(lang, s, req.Marks)
	case ExerciseHint:
		level := min(max(req.Level, 1), 2)
		h := engine.HintResult{Kind: engine.HintStep, Cells: s.Cells, Step: s}
		out = ExerciseReply{Text: strings.Join(explain.Hint(lang, h, level), "\n"), Cells: hintCells(stepjson.AtLevel(s, level))}
	case ExerciseReveal:
		answer, _ := exerciseAnswer(s)
		out = ExerciseReply{Text: lang.T("learn.revealed") + "\n" + strings.Join(explain.Step(lang, s), "\n")}
		for _, c := range answer {
			out.Answer = append(out.Answer, [2]int{c.Cell, int(c.Digit)})
		}
	default:
		http.Error(w, "bad request: action is check, hint or reveal", http.StatusBadRequest)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	json.NewEncoder(w).Encode(out)
}

// checkExercise compares the player's marks with what the step does:
// right when they are exactly its result; otherwise the marks that are
// not part of it are sent back, and the words say whether some are wrong
// or some missing.
func checkExercise(lang *l10n.Lang, s engine.Step, marks [][2]int) ExerciseReply {
	answer, _ := exerciseAnswer(s)
	want := map[[2]int]bool{}
	for _, c := range answer {
		want[[2]int{c.Cell, int(c.Digit)}] = true
	}
	got := map[[2]int]bool{}
	var out ExerciseReply
	for _, m := range marks {
		if m[0] < 0 || m[0] >= engine.NumCells || m[1] < 1 || m[1] > 9 || got[m] {
			continue
		}
		got[m] = true
		if !want[m] {
			out.Wrong = append(out.Wrong, m)
		}
	}
	missing := 0
	for m := range want {
		if !got[m] {
			missing++
		}
	}
	slices.SortFunc(out.Wrong, func(a, b [2]int) int { return (a[0]*10 + a[1]) - (b[0]*10 + b[1]) })
	switch {
	case len(got) == 0:
		out.Text = lang.T("learn.no_marks")
	case len(out.Wrong) > 0:
		out.Text = lang.T("learn.wrong_marks")
	case missing > 0:
		out.Text = lang.T("learn.missing_marks")
	default:
		out.Right, out.Text = true, lang.T("learn.right")
	}
	return out
}

// hintCells are the cells a hint at its level points at: the houses of
// level 1, the pattern, links and cases of level 2.
func hintCells(s engine.Step) []int {
	seen := map[int]bool{}
	add := func(c int) {
		if c >= 0 && c < engine.NumCells {
			seen[c] = true
		}
	}
	if len(s.Pattern)+len(s.Links)+len(s.Branches) == 0 {
		us := slices.Clone(s.Units)
		for _, h := range s.Houses {
			us = append(us, h.Unit)
		}
		for _, u := range us {
			if u >= 0 && u < engine.NumUnits {
				for _, c := range engine.UnitCells[u] {
					add(c)
				}
			}
		}
	}
	for _, p := range s.Pattern {
		add(p.Cell)
	}
	for _, l := range s.Links {
		add(l.From.Cell)
		add(l.To.Cell)
	}
	for _, b := range s.Branches {
		add(b.Assume.Cell)
		for _, im := range b.Steps {
			add(im.Lit.Cell)
		}
	}
	out := make([]int, 0, len(seen))
	for c := range seen {
		out = append(out, c)
	}
	slices.Sort(out)
	return out
}
