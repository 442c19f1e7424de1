package engine

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
)

// ErrTechniqueNotReached means GenerateTechnique used up its budget
// without a puzzle whose teaching path takes the technique.
var ErrTechniqueNotReached = errors.New("technique not reached")

// ErrTechniqueOffPath means the teaching path never takes the technique
// (it is one of OffPath's), so no puzzle can be made for it.
var ErrTechniqueOffPath = errors.New("technique not on the teaching path")

// TechniqueOptions says what GenerateTechnique should make.
type TechniqueOptions struct {
	// Technique is the technique the teaching path must take, a step's
	// Technique (so "Sashimi X-Wing" as well as "Finned X-Wing").
	Technique TechniqueID
	// Seed makes the result reproducible.
	Seed uint64
	// Symmetry of the givens; pooled puzzles are then only relabelled.
	Symmetry Symmetry
	// Attempts is how many fresh puzzles to dig and walk before the pool
	// is searched: the budget. 0 means the technique's level's default
	// (techniqueAttempts); a negative value digs none.
	Attempts int
	// Pool is searched when digging fails; nil is DefaultPool.
	Pool *Pool
	// DigOnly leaves the pool out.
	DigOnly bool
}

// TechniquePuzzle is a puzzle whose teaching path takes a technique, with
// the position just before its first step of that technique.
type TechniquePuzzle struct {
	Puzzle, Solution Grid
	// Grade is the puzzle's player grade: its level is at most the
	// technique's, so nothing harder than the lesson is needed.
	Grade Grade
	// StepIndex is the index in the teaching path of the first step of the
	// technique, Step that step.
	StepIndex int
	Step      Step
	// Position is the board just before Step: the givens, the digits the
	// path placed and the candidates it left (its eliminations made).
	Position Board
	// StartBefore says whether training suits better from Position than
	// from the empty puzzle: true for every technique but the singles
	// (which a player practises by solving), when steps come before.
	StartBefore bool
	// Pooled is true when the puzzle is a transformed pool entry.
	Pooled bool
	// Library is true when the puzzle is a disguised technique library
	// entry (TrainingPuzzle); Pooled is then true as well.
	Library bool
	// Illustration is true when the position is an illustration
	// (DefaultIllustrations): the technique applies there, but the
	// teaching path takes another, easier step, so Step is not the
	// path's step at StepIndex (StepIndex is the index of Position on
	// the path, not of a step of the technique), Grade makes no level
	// promise (the path may need more than the technique), and training
	// serves it only for a technique the library cannot serve
	// (TrainingPuzzle), whose hints then show it first (Practising).
	Illustration bool
	// Tried is how many puzzles were walked, the last one included.
	Tried int
}

// Default digging budgets by the technique's level: a walk limited to the
// level costs about 0.2 ms for a hard puzzle and up to tens of ms for a
// master one, and extreme walks (forcing chains) up to seconds, so the
// extreme budget is small and the pool does most of that work. Measured
// with `sudokubot generate --technique all --report`.
var techniqueAttempts = map[Level]int{
	LevelEasy: 20, LevelMedium: 300, LevelHard: 600, LevelExpert: 600, LevelMaster: 150, LevelExtreme: 6,
}

// techniquePoolTries bounds the pool entries walked for one request, by
// level: a walk up to expert costs a few ms, so every expert entry may be
// walked; master and extreme walks cost tens to hundreds of ms.
var techniquePoolTries = map[Level]int{LevelHard: 220, LevelExpert: 220, LevelMaster: 60, LevelExtreme: 20}

// Trainable reports whether the teaching path can take a technique: it is
// in the catalogue (ParseTechnique) and not one of OffPath's.
func Trainable(t TechniqueID) bool {
	if _, ok := t.Info(); !ok {
		return false
	}
	for _, o := range OffPath() {
		if o.Name() == t {
			return false
		}
	}
	return true
}

// TechniqueIDs lists every technique a step can name, in the catalogue's
// order (Techniques): easiest level first, then by base rating (the
// Sashimi fish beside their finned forms), then by key: the list training
// and lessons offer.
func TechniqueIDs() []TechniqueID {
	out := make([]TechniqueID, len(techniques))
	for i, t := range techniques {
		out[i] = t.ID
	}
	return out
}

// GenerateTechnique makes a puzzle whose teaching path (SolvePath, the
// steps the hints teach) takes the technique, and whose grade is at most
// the technique's level, so the puzzle trains it and nothing harder. It
// digs puzzles from the seed (with hidden singles only for the easy
// techniques, minimal ones for the others) and walks each one's path up
// to the technique's level, up to Attempts puzzles; then it walks pool
// entries of the technique's level through random equivalence
// transformations. The same options give the same puzzle everywhere.
// An off-path technique gets ErrTechniqueOffPath, a used-up budget
// ErrTechniqueNotReached.
func GenerateTechnique(opts TechniqueOptions) (TechniquePuzzle, error) {
	t := opts.Technique
	if _, err := ParseTechnique(string(t)); err != nil {
		return TechniquePuzzle{}, fmt.Errorf("generate: %w", err)
	}
	if !Trainable(t) {
		return TechniquePuzzle{}, fmt.Errorf("generate %s: %w: the solving path never looks for it", t, ErrTechniqueOffPath)
	}
	if opts.Symmetry < 0 || opts.Symmetry >= numSymmetries {
		return TechniquePuzzle{}, fmt.Errorf("generate: %w: %d", ErrUnknownSymmetry, int(opts.Symmetry))
	}
	level := TechniqueLevel(t, 0)
	attempts := opts.Attempts
	if attempts == 0 {
		attempts = techniqueAttempts[level]
	}
	r := rand.New(rand.NewPCG(opts.Seed, hashName(t)))
	tried := 0
	for range max(attempts, 0) {
		var g Grid
		if level == LevelEasy {
			stop := easyMinGivens + r.IntN(easySpread)
			g = dig(r, RandomSolution(r), opts.Symmetry, stop, func(g *Grid) bool { return singlesSolve(g, false) })
		} else {
			g = DigMinimal(r, RandomSolution(r), opts.Symmetry)
		}
		tried++
		if tp, ok := walkForTechnique(g, t, level); ok {
			tp.Tried = tried
			return tp, nil
		}
	}
	if !opts.DigOnly {
		pool := opts.Pool
		if pool == nil {
			pool = DefaultPool()
		}
		var entries []PoolEntry
		for _, e := range pool.All() {
			// A puzzle of a lower level cannot need the technique, and
			// one of a higher level is not served for it.
			if e.Grade.Level == level && (opts.Symmetry == SymNone || e.Symmetry == opts.Symmetry.String()) {
				entries = append(entries, e)
			}
		}
		order := r.Perm(len(entries))
		if n := techniquePoolTries[level]; len(order) > n {
			order = order[:n]
		}
		for _, i := range order {
			g := disguise(r, entries[i].Puzzle, opts.Symmetry)
			tried++
			if tp, ok := walkForTechnique(g, t, level); ok {
				tp.Pooled, tp.Tried = true, tried
				return tp, nil
			}
		}
	}
	return TechniquePuzzle{}, fmt.Errorf("generate %s: %w after %d puzzles", t, ErrTechniqueNotReached, tried)
}

// hashName mixes a technique's key into the seed (FNV-1a), so one seed
// gives unrelated puzzles for different techniques.
func hashName(t TechniqueID) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(t); i++ {
		h ^= uint64(t[i])
		h *= 1099511628211
	}
	return h
}

// walkForTechnique walks g's teaching path up to level and keeps g when
// the path takes t and solves the puzzle within the level.
func walkForTechnique(g Grid, t TechniqueID, level Level) (TechniquePuzzle, bool) {
	sol, err := Solve(g)
	if err != nil {
		return TechniquePuzzle{}, false
	}
	p := Path{Puzzle: g, Solution: sol, Final: NewBoard(g)}
	b := &p.Final
	out := TechniquePuzzle{Puzzle: g, Solution: sol, StepIndex: -1}
	for !b.Solved() {
		s, ok := teachingStep(b, true, level)
		if !ok {
			return TechniquePuzzle{}, false
		}
		if TechniqueLevel(s.Technique, s.Score) > level || LevelForScore(roundScore(s.Score)) > level {
			return TechniquePuzzle{}, false
		}
		if checkStep(s, sol) != nil {
			return TechniquePuzzle{}, false
		}
		if s.Technique == t && out.StepIndex < 0 {
			out.StepIndex, out.Step, out.Position = len(p.Steps), s, *b
		}
		p.Steps = append(p.Steps, s)
		b.Apply(s)
	}
	if out.StepIndex < 0 {
		return TechniquePuzzle{}, false
	}
	out.Grade = GradePath(&p)
	out.StartBefore = out.StepIndex > 0 && tierOf(techniqueOf(t)) != tierSingles
	return out, true
}

// techniqueOf is a catalogue technique standing for a step name, for its
// tier: a name the catalogue does not list (a Sashimi fish) is a pattern.
func techniqueOf(t TechniqueID) Technique {
	if tech, ok := TechniqueNamed(t); ok {
		return tech
	}
	return namedOnly{name: t}
}

// namedOnly is a technique known only by its key.
type namedOnly struct{ name TechniqueID }

func (n namedOnly) Name() TechniqueID        { return n.name }
func (n namedOnly) Score() float64           { return 0 }
func (n namedOnly) Find(*Board) (Step, bool) { return Step{}, false }

// LookupTechnique finds a technique by its key, or one of its aliases
// (TechniqueInfo.Aliases: "simple coloring"), as people type it: case,
// spaces, hyphens and underscores ignored ("x-wing", "XWing",
// "hidden_single"). false when no technique of the catalogue matches.
func LookupTechnique(s string) (TechniqueID, bool) {
	want := looseKey(s)
	if want == "" {
		return "", false
	}
	for _, t := range techniques {
		if looseKey(string(t.ID)) == want {
			return t.ID, true
		}
		for _, a := range t.Aliases {
			if looseKey(a) == want {
				return t.ID, true
			}
		}
	}
	return "", false
}

// looseKey is a technique name in lower case with only its letters,
// digits and '+' kept.
func looseKey(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '+' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Slug is the technique's key as a web address segment
// (TechniqueInfo.Slug): lower case, words joined by hyphens ("x-wing",
// "cell-region-forcing-chain", "bug+1"). LookupTechnique reads it back.
func (t TechniqueID) Slug() string {
	if info, ok := t.Info(); ok {
		return info.Slug
	}
	return slugOf(t)
}
