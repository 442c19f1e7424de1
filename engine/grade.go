package engine

import (
	"errors"
	"fmt"
	"sync"
)

// ErrNotLogical means the logical solver found no step in a position
// before the puzzle was solved: the catalogue has a gap.
var ErrNotLogical = errors.New("not solved by logic")

// Grade is a puzzle's difficulty: a level, a score and the technique that
// decided them.
type Grade struct {
	// Level is the band of Score (see LevelForScore).
	Level Level
	// Score is the rating (ratings.go) of the hardest step on the
	// easiest-first logical path (Sudoku Explainer's "ER"), e.g. 3.8.
	Score float64
	// Hardest is the technique of that step, e.g. "Swordfish".
	Hardest TechniqueID
}

// String formats a grade as the rate command prints it:
// "hard 3.8 Swordfish".
func (g Grade) String() string {
	return fmt.Sprintf("%s %.1f %s", g.Level, g.Score, g.Hardest)
}

// Rate grades a puzzle on the player scale: it solves it along the
// teaching path, the path that steps and the hints show (the easiest step
// of the whole catalogue each time, SolvePath), and grades it by the
// hardest step on that path (GradePath), so that the level and technique
// a player is told are the ones the hints will teach. Bad input gets an
// error wrapping ErrInvalid, ErrNoSolution or ErrMultipleSolutions; a path
// that gets stuck gets ErrNotLogical, and a faulty step ErrUnsound, rather
// than a plausible-looking grade. A full grid needs no step and rates 1.0.
func Rate(g Grid) (Grade, error) {
	t, err := rateTeaching(g, LevelExtreme)
	if err != nil {
		return Grade{}, err
	}
	if !t.solved {
		return Grade{}, fmt.Errorf("%w: no known technique applies after %s", ErrNotLogical, t.grade.Hardest)
	}
	return t.grade, nil
}

// RateSE grades a puzzle on the Sudoku Explainer scale, for comparison
// with published SE ratings: it solves it the way Sudoku Explainer does,
// always applying the easiest available step of the techniques SE knows
// (GradingCatalogue), and scores it by the hardest step that path needed.
// Errors are Rate's.
func RateSE(g Grid) (Grade, error) {
	gr, solved, err := rateUpTo(g, 0)
	if err != nil {
		return Grade{}, err
	}
	if !solved {
		return Grade{}, fmt.Errorf("%w: no known technique applies after %s", ErrNotLogical, gr.Hardest)
	}
	return gr, nil
}

// GradePath grades a path on the player scale: the first step with the
// path's score names the technique, and the level is the score's band. A
// path without steps (a full grid) grades easy 1.0 Full House. For a path
// of SolvePath this is Rate's grade, so steps can print it without
// solving twice.
func GradePath(p *Path) Grade {
	gr := Grade{Score: 1.0, Hardest: TechFullHouse}
	if s, ok := p.Hardest(); ok {
		gr.Score, gr.Hardest = roundScore(s.Score), s.Technique
	}
	gr.Level = LevelForScore(gr.Score)
	return gr
}

// rateUpTo runs Sudoku Explainer's easiest-first path, stopping before
// the first step rated above maxScore (0: no limit), and returns the SE
// grade of the steps taken and whether they solved the puzzle.
func rateUpTo(g Grid, maxScore float64) (Grade, bool, error) {
	p, err := SolvePathWith(g, PathOptions{Techniques: GradingCatalogue(), MaxScore: maxScore})
	if err != nil {
		return Grade{}, false, err
	}
	return GradePath(&p), p.Solved, nil
}

// teaching is what rateTeaching learns of a teaching path.
type teaching struct {
	// grade is the player grade of the steps walked.
	grade Grade
	// family is the highest TechniqueLevel among those steps: a master
	// puzzle whose path takes a Nishio forcing chain has family extreme.
	family Level
	// solved reports whether the steps reach the solution; false when
	// the walk stopped at a step above its level.
	solved bool
	// solution is the puzzle's unique solution.
	solution Grid
}

// rateTeaching walks the teaching path (exactly SolvePath's steps) and
// grades it, stopping at the first step above maxLevel, by its score or by
// its family (TechniqueLevel); then solved is false. Generation uses the
// limit to drop a puzzle that is too hard without searching for the
// expensive steps of higher levels: the walk gives up before a teaching
// tier whose techniques are all above maxLevel (teachingStep), since
// whatever that tier or a later one found would stop it.
func rateTeaching(g Grid, maxLevel Level) (teaching, error) {
	sol, err := Solve(g)
	if err != nil {
		return teaching{}, err
	}
	p := Path{Puzzle: g, Solution: sol, Final: NewBoard(g)}
	b := &p.Final
	family := LevelEasy
	for !b.Solved() {
		s, ok := teachingStep(b, true, maxLevel)
		if !ok {
			break
		}
		sf := TechniqueLevel(s.Technique, s.Score)
		if sf > maxLevel || LevelForScore(roundScore(s.Score)) > maxLevel {
			break
		}
		if err := checkStep(s, sol); err != nil {
			return teaching{}, err
		}
		family = max(family, sf)
		p.Steps = append(p.Steps, s)
		b.Apply(s)
	}
	return teaching{grade: GradePath(&p), family: family, solved: b.Solved(), solution: sol}, nil
}

var (
	gradingOnce sync.Once
	grading     []Technique
)

// GradingCatalogue returns the techniques RateSE grades with: the catalogue
// without the techniques Sudoku Explainer 1.2.1 lacks (TechniqueInfo.SE
// false), in catalogue order, so that scores are comparable with published
// SE ratings. The slice is shared; do not modify it.
//
// Those techniques' ratings are placed between SE's neighbours, but a
// puzzle that one of them cracks early is one SE solves only later with
// something harder, so grading with them rates puzzles below SE. Measured
// with go test ./engine -run TestRateCalibration -calibrate: on cbg000_*
// (rated by SE 1.2.1, random minimal puzzles like the generator's) band
// agreement is 95-99% without them and 82-89% with the best-fitting few
// (Turbot Fish, W-Wing, Multi-Colouring); W-Wing alone decides puzzles 1.4
// points below SE, and grouped AICs (7.0) take puzzles SE rates 8+.
// sxbank_* (rated by SukakuExplainer, which knows some of them) would
// prefer them, but less than cbg000_* loses. The player scale (Rate),
// hints and the steps command use them.
func GradingCatalogue() []Technique {
	gradingOnce.Do(func() {
		for _, t := range Catalogue() {
			if info, ok := t.Name().Info(); ok && info.SE {
				grading = append(grading, t)
			}
		}
	})
	return grading
}
