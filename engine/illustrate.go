package engine

import (
	_ "embed"
	"errors"
	"fmt"
	"sync"
)

// Illustrations: positions on a puzzle's teaching path where a technique
// finds a step with an effect although the path takes another (easier)
// step there. A teacher shows a technique where it applies, even where
// something simpler applies too (SudokuWiki and HoDoKu do); lessons of the
// techniques the path never or hardly ever takes first (NeverFirst, the
// library's gaps) show these, and training serves them for those
// techniques alone (Offers, TrainingPuzzle), marked Illustration: the
// door says an easier step applies there too, and the hints show the
// practised technique first (Practising). Mined by `sudokubot techlib
// illustrate`, verified by TestShippedIllustrations;
// pooldata/TECHNIQUES.md says how.

// illustrationsText is the illustrations shipped with the engine, lines
// of the library's format (LibraryEntry.String) with STEP the index of
// the path's position where the technique applies.
//
//go:embed pooldata/illustrations.txt
var illustrationsText string

var (
	defaultIllusOnce sync.Once
	defaultIllus     *TechniqueLibrary
)

// LessonPositions is how many positions a lesson shows: three worked
// examples and the find-it exercise (webapi's lessonWorked + 1). A
// technique whose library has as many needs no illustrations.
const LessonPositions = 4

// DefaultIllustrations returns the illustrations shipped with the engine,
// by technique. The data file is checked by the tests
// (TestShippedIllustrations), so a parse error here means a broken build;
// it yields none.
func DefaultIllustrations() *TechniqueLibrary {
	defaultIllusOnce.Do(func() {
		l, err := ParseTechniqueLibrary(illustrationsText)
		if err != nil {
			l = &TechniqueLibrary{by: map[TechniqueID][]LibraryEntry{}}
		}
		defaultIllus = l
	})
	return defaultIllus
}

// costlyIllustration are the techniques whose search costs seconds in a
// late position: IllustrationFinds looks for them only where the path's
// own step is a net (so the picture is not of something a single chain
// does) and at most costlyTries times a puzzle.
var costlyIllustration = map[TechniqueID]bool{
	TechDynamicForcingChainPlus: true,
	TechNestedForcingChain:      true,
}

// costlyTries bounds the positions of one puzzle a costly technique is
// looked for in.
const costlyTries = 3

// IllustrationStep is the step technique t finds in b with an effect (its
// Find, then the smallest of its steps of that rating when it can list
// them, as the teaching path picks within an intersection, subset or
// pattern technique; for a chain, net or template too, where the path
// keeps Find's, so a lesson shows the smallest), false when it finds
// none or names its step otherwise. b is not changed.
func IllustrationStep(b *Board, t TechniqueID) (Step, bool) {
	tech, ok := TechniqueNamed(t)
	if !ok {
		return Step{}, false
	}
	work := *b
	s, ok := tech.Find(&work)
	if !ok || !s.HasEffect() {
		return Step{}, false
	}
	work = *b
	s = smallest(&work, tech, s)
	if s.Technique != t {
		return Step{}, false
	}
	return s, true
}

// IllustrationRank says how well a position illustrates a technique; a
// lesson wants the cheapest step there to be hard (so the picture is not
// of something a simpler technique does on its own), then a small step.
type IllustrationRank struct {
	// PathTier is the teaching tier of the path's own step there and
	// PathScore its rating: the higher, the fewer simpler steps apply.
	PathTier  int
	PathScore float64
	// Plain says a template's eliminations are all made by a
	// single-digit fish, pattern or X-Chain of the position too (no
	// reason to show a template); false for every other technique.
	Plain bool
	// Size is the technique's step's stepSize: cells and links.
	Size int
}

// Better reports whether r illustrates better than o: a later tier, then
// not plain, then fewer cells and links, then a higher rated path step.
func (r IllustrationRank) Better(o IllustrationRank) bool {
	switch {
	case r.PathTier != o.PathTier:
		return r.PathTier > o.PathTier
	case r.Plain != o.Plain:
		return !r.Plain
	case r.Size != o.Size:
		return r.Size < o.Size
	}
	return r.PathScore > o.PathScore
}

// rankAt ranks x, a step of an illustration, at b where the path takes
// s.
func rankAt(b *Board, s, x Step) IllustrationRank {
	return IllustrationRank{PathTier: int(tierOf(techniqueOf(s.Technique))), PathScore: s.Score, Size: stepSize(x),
		Plain: plainTemplate(b, x)}
}

// plainTemplate reports whether x is a Template Delete each elimination
// of which a single-digit technique (fish of every kind, the single-digit
// patterns, the colourings, X-Chain) makes in b too. A Template Set
// places, and no single-digit pattern places, so it is never plain.
func plainTemplate(b *Board, x Step) bool {
	if x.Technique != TechTemplateDelete || len(x.Eliminations) == 0 {
		return false
	}
	left := map[Candidate]bool{}
	for _, e := range x.Eliminations {
		left[e] = true
	}
	for _, tech := range Catalogue() {
		info, _ := tech.Name().Info()
		switch info.Family {
		case FamilyFish, FamilySingleDigit, FamilyEmptyRectangle, FamilyComplexFish, FamilyColouring:
		default:
			if tech.Name() != TechXChain {
				continue
			}
		}
		work := *b
		for _, s := range AllSteps(tech, &work) {
			for _, e := range s.Eliminations {
				delete(left, e)
			}
		}
		if len(left) == 0 {
			return true
		}
	}
	return false
}

// IllustrationFinds walks the teaching path of g's canonical form (every
// level) and returns, for each wanted technique that applies somewhere on
// it, one illustration: its best position by IllustrationRank, the
// earliest of equals. A position where the path takes the technique
// itself is left out: that is the library's (LibraryFinds). Grade is the
// puzzle's, source as for LibraryFinds. The forcing chains of
// costlyIllustration are looked for only where the path's own step is a
// net, costlyTries times a puzzle. Errors are Solve's and ErrUnsound.
func IllustrationFinds(g Grid, want map[TechniqueID]bool, source string) ([]LibraryEntry, error) {
	c := Canonical(g)
	sol, err := Solve(c)
	if err != nil {
		return nil, fmt.Errorf("illustrations: %w", err)
	}
	type best struct {
		e    LibraryEntry
		rank IllustrationRank
	}
	found := map[TechniqueID]*best{}
	tries := map[TechniqueID]int{}
	p := Path{Puzzle: c, Solution: sol, Final: NewBoard(c)}
	b := &p.Final
	for !b.Solved() {
		s, ok := teachingStep(b, true, LevelExtreme)
		if !ok {
			break
		}
		if err := checkStep(s, sol); err != nil {
			return nil, fmt.Errorf("illustrations %s: %w", source, err)
		}
		for _, t := range TechniqueIDs() {
			if !want[t] || s.Technique == t {
				continue
			}
			if costlyIllustration[t] {
				if tierOf(techniqueOf(s.Technique)) != tierNets || tries[t] >= costlyTries {
					continue
				}
				tries[t]++
			}
			x, ok := IllustrationStep(b, t)
			if !ok {
				continue
			}
			if err := checkStep(x, sol); err != nil {
				// A technique that contradicts the solution is a bug
				// of the engine: say so, as LibraryFinds does, rather
				// than mine around it.
				return nil, fmt.Errorf("illustrations %s: %s: %w", source, t, err)
			}
			rank := rankAt(b, s, x)
			if cur := found[t]; cur != nil && !rank.Better(cur.rank) {
				continue
			}
			e := LibraryEntry{Technique: t, Puzzle: c, StepIndex: len(p.Steps), Source: source}
			for cell, d := range b.Grid {
				if d != 0 && c[cell] == 0 {
					e.Progress[cell] = d
				}
				if d == 0 {
					e.Cands[cell] = b.Cands[cell]
				}
			}
			found[t] = &best{e: e, rank: rank}
		}
		p.Steps = append(p.Steps, s)
		b.Apply(s)
	}
	p.Solved = b.Solved()
	grade := GradePath(&p)
	var out []LibraryEntry
	for _, t := range TechniqueIDs() {
		if f := found[t]; f != nil {
			f.e.Grade = grade
			out = append(out, f.e)
		}
	}
	return out, nil
}

// Rank ranks an illustration (IllustrationRank) at its stored position:
// one teaching step search there, up to a second for an extreme
// position. false when the technique finds nothing there.
func (e LibraryEntry) Rank() (IllustrationRank, bool) {
	b := e.Position()
	x, ok := IllustrationStep(&b, e.Technique)
	if !ok {
		return IllustrationRank{}, false
	}
	work := b
	s, ok := teachingStep(&work, true, LevelExtreme)
	if !ok {
		return IllustrationRank{}, false
	}
	return rankAt(&b, s, x), true
}

// ErrNotIllustration is wrapped by VerifyIllustration's errors.
var ErrNotIllustration = errors.New("not an illustration")

// VerifyIllustration checks an illustration the way the data file
// promises it: the puzzle is in canonical form with exactly one solution,
// the teaching path reaches exactly the stored position at StepIndex and
// takes a step of another technique there, and the technique finds a
// step with an effect there (IllustrationStep), true to the solution. With grade it also walks the rest of the path and
// checks the stored grade (seconds for an extreme puzzle).
func (e LibraryEntry) VerifyIllustration(grade bool) error {
	return VerifyIllustrations([]LibraryEntry{e}, grade)[0]
}

// VerifyIllustrations is VerifyIllustration for many entries, walking
// each puzzle's path once for all its entries (the same hard puzzles
// illustrate many techniques); the errors are the entries', nil for one
// that keeps its promise.
func VerifyIllustrations(es []LibraryEntry, grade bool) []error {
	errs := make([]error, len(es))
	byPuzzle := map[Grid][]int{}
	var order []Grid
	for i, e := range es {
		if byPuzzle[e.Puzzle] == nil {
			order = append(order, e.Puzzle)
		}
		byPuzzle[e.Puzzle] = append(byPuzzle[e.Puzzle], i)
	}
	for _, g := range order {
		verifyIllustrationsOf(g, es, byPuzzle[g], errs, grade)
	}
	return errs
}

// verifyIllustrationsOf checks the entries idx of es, all of puzzle g,
// setting their errors.
func verifyIllustrationsOf(g Grid, es []LibraryEntry, idx []int, errs []error, grade bool) {
	// fail's format may wrap a cause with %w (Solve's, ErrUnsound),
	// beside ErrNotIllustration.
	fail := func(i int, format string, a ...any) {
		if errs[i] == nil {
			errs[i] = fmt.Errorf("%s: %w: "+format, append([]any{es[i].Technique, ErrNotIllustration}, a...)...)
		}
	}
	failAll := func(format string, a ...any) {
		for _, i := range idx {
			fail(i, format, a...)
		}
	}
	if Canonical(g) != g {
		failAll("the puzzle is not in canonical form")
		return
	}
	if CountSolutions(g, 2) != 1 {
		failAll("the puzzle has not exactly one solution")
		return
	}
	sol, err := Solve(g)
	if err != nil {
		failAll("%w", err)
		return
	}
	last := 0
	at := map[int][]int{}
	for _, i := range idx {
		last = max(last, es[i].StepIndex)
		at[es[i].StepIndex] = append(at[es[i].StepIndex], i)
	}
	seen := map[int]bool{}
	p := Path{Puzzle: g, Solution: sol, Final: NewBoard(g)}
	b := &p.Final
	for !b.Solved() {
		n := len(p.Steps)
		s, ok := teachingStep(b, true, LevelExtreme)
		for _, i := range at[n] {
			seen[i] = true
			e := es[i]
			if want := e.Position(); b.Grid != want.Grid || !sameCands(b, &want) {
				fail(i, "the path's position at step %d differs from the stored one", n)
				continue
			}
			if ok && s.Technique == e.Technique {
				fail(i, "the path takes it at step %d: a library position, not an illustration", n)
			}
			x, found := IllustrationStep(b, e.Technique)
			if !found {
				fail(i, "it finds no step with an effect at step %d", n)
			} else if err := checkStep(x, sol); err != nil {
				fail(i, "%w", err)
			}
		}
		if !ok || n >= last && !grade {
			break
		}
		if err := checkStep(s, sol); err != nil {
			failAll("%w", err)
			return
		}
		p.Steps = append(p.Steps, s)
		b.Apply(s)
	}
	for _, i := range idx {
		if !seen[i] {
			fail(i, "the path ends after %d steps, before step %d", len(p.Steps), es[i].StepIndex)
		}
	}
	if grade {
		p.Solved = b.Solved()
		gr := GradePath(&p)
		for _, i := range idx {
			if gr != es[i].Grade {
				fail(i, "the puzzle grades %s, not %s", gr, es[i].Grade)
			}
		}
	}
}

// sameCands reports whether two boards have the same candidates in their
// empty cells.
func sameCands(a, b *Board) bool {
	for c := range a.Cands {
		if a.Grid[c] == 0 && a.Cands[c] != b.Cands[c] {
			return false
		}
	}
	return true
}

// Illustrate is an illustration as a lesson's position: the puzzle, the
// stored position and the technique's own step there (IllustrationStep),
// Illustration set. false when the technique finds nothing there (an
// engine change; the tests catch it).
func (e LibraryEntry) Illustrate() (TechniquePuzzle, bool) {
	sol, err := Solve(e.Puzzle)
	if err != nil {
		return TechniquePuzzle{}, false
	}
	b := e.Position()
	s, ok := IllustrationStep(&b, e.Technique)
	if !ok || checkStep(s, sol) != nil {
		return TechniquePuzzle{}, false
	}
	return TechniquePuzzle{Puzzle: e.Puzzle, Solution: sol, Grade: e.Grade, StepIndex: e.StepIndex, Step: s, Position: b,
		Pooled: true, Illustration: true}, true
}
